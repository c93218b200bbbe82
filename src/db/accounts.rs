//! Accounts and sessions as stored: users of every role, children under a parent with a picture
//! password (hashed by `app::secrets`), session tokens (only their SHA-256 is stored). Who may do
//! what, and how secrets are checked, is the use-case layer's (`app`).

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use super::connection::AnyConnection;
use super::enums::{AttemptResult, Role};
use super::queries::now_ms;
use super::schema::{attempts, sessions, users};
use crate::rating::Config;

/// Sessions last 30 days.
const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = users)]
pub struct UserRow {
    pub id: i32,
    pub role: Role,
    pub username: Option<String>,
    #[serde(skip)]
    pub password_hash: Option<String>,
    pub display_name: String,
    #[serde(skip)]
    pub picture_hash: Option<String>,
    pub parent_id: Option<i32>,
    pub family_code: Option<String>,
    pub rating: f64,
    pub rating_rd: f64,
    pub rating_vol: f64,
    pub created_at: i64,
    /// The success chance "next problem" aims at.
    pub target_success: f64,
    /// The child's animal avatar (a number of `web::i18n::AVATARS`).
    pub avatar: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = users)]
struct NewUser<'a> {
    role: Role,
    username: Option<&'a str>,
    password_hash: Option<String>,
    display_name: &'a str,
    picture_hash: Option<String>,
    parent_id: Option<i32>,
    family_code: Option<String>,
    rating: f64,
    rating_rd: f64,
    rating_vol: f64,
    created_at: i64,
    avatar: i32,
}

/// An argon2id hash (PHC string) of a secret: how passwords and picture passwords are stored.
pub fn hash_secret(secret: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .expect("argon2 hashing with a fresh salt")
        .to_string()
}

/// Whether `secret` matches a stored hash (only `app::secrets` calls it, behind the lock-out).
pub fn verify_secret(secret: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(secret.as_bytes(), &h)
            .is_ok()
    })
}

pub(super) fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).expect("the operating system's random source");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A family or class code: 8 characters of 32 without look-alikes (2^40 codes, so that guessing
/// one at the rate limits of ARCHITECTURE.md "Secrets" is hopeless). A grown-up types it once per
/// device; children tap.
pub fn new_code() -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut buf = [0u8; 8];
    getrandom::getrandom(&mut buf).expect("the operating system's random source");
    buf.iter()
        .map(|b| LETTERS[*b as usize % LETTERS.len()] as char)
        .collect()
}

fn insert_user(conn: &mut AnyConnection, new: &NewUser<'_>) -> QueryResult<UserRow> {
    let id: i32 = match conn {
        AnyConnection::Sqlite(c) => diesel::insert_into(users::table)
            .values(new)
            .returning(users::id)
            .get_result(c)?,
        AnyConnection::Postgresql(c) => diesel::insert_into(users::table)
            .values(new)
            .returning(users::id)
            .get_result(c)?,
    };
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
}

/// A parent, teacher or admin account (the password already hashed); None when the user name is
/// taken.
pub fn create_account(
    conn: &mut AnyConnection,
    role: Role,
    username: &str,
    password_hash: String,
    display_name: &str,
) -> QueryResult<Option<UserRow>> {
    let taken = users::table
        .filter(users::username.eq(username))
        .count()
        .get_result::<i64>(conn)?
        > 0;
    if taken {
        return Ok(None);
    }
    let start = Config::default().start;
    let code = (role == Role::Parent).then(new_code);
    insert_user(
        conn,
        &NewUser {
            role,
            username: Some(username),
            password_hash: Some(password_hash),
            display_name,
            picture_hash: None,
            parent_id: None,
            family_code: code,
            rating: start.rating,
            rating_rd: start.deviation,
            rating_vol: start.volatility,
            created_at: now_ms(),
            avatar: 0,
        },
    )
    .map(Some)
}

/// A child signing in with pictures (`picture_hash`), in a family (`parent`) or only in a class;
/// no e-mail, no real name needed.
pub fn create_child(
    conn: &mut AnyConnection,
    parent: Option<i32>,
    display_name: &str,
    picture_hash: String,
    avatar: i32,
) -> QueryResult<UserRow> {
    let start = Config::default().learner_start;
    insert_user(
        conn,
        &NewUser {
            role: Role::Learner,
            username: None,
            password_hash: None,
            display_name,
            picture_hash: Some(picture_hash),
            parent_id: parent,
            family_code: None,
            rating: start.rating,
            rating_rd: start.deviation,
            rating_vol: start.volatility,
            created_at: now_ms(),
            avatar,
        },
    )
}

pub fn user_by_name(conn: &mut AnyConnection, username: &str) -> QueryResult<Option<UserRow>> {
    users::table
        .filter(users::username.eq(username))
        .select(UserRow::as_select())
        .first(conn)
        .optional()
}

pub fn user_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<UserRow>> {
    users::table
        .find(id)
        .select(UserRow::as_select())
        .first(conn)
        .optional()
}

/// The children of the family with this code.
pub fn family_children(conn: &mut AnyConnection, code: &str) -> QueryResult<Option<Vec<UserRow>>> {
    let Some(parent) = users::table
        .filter(users::family_code.eq(code))
        .select(users::id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    users::table
        .filter(users::parent_id.eq(parent))
        .order(users::id)
        .select(UserRow::as_select())
        .load(conn)
        .map(Some)
}

/// A parent's children.
pub fn children_of(conn: &mut AnyConnection, parent: i32) -> QueryResult<Vec<UserRow>> {
    users::table
        .filter(users::parent_id.eq(parent))
        .order(users::id)
        .select(UserRow::as_select())
        .load(conn)
}

/// Opens a session; returns the token for the cookie (only its hash is stored).
pub fn open_session(conn: &mut AnyConnection, user: i32) -> QueryResult<String> {
    let token = random_hex(32);
    let now = now_ms();
    diesel::insert_into(sessions::table)
        .values((
            sessions::token_hash.eq(token_hash(&token)),
            sessions::user_id.eq(user),
            sessions::created_at.eq(now),
            sessions::expires_at.eq(now + SESSION_MS),
        ))
        .execute(conn)?;
    Ok(token)
}

pub(super) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The user of a live session.
pub fn session_user(conn: &mut AnyConnection, token: &str) -> QueryResult<Option<UserRow>> {
    let Some(user) = sessions::table
        .filter(sessions::token_hash.eq(token_hash(token)))
        .filter(sessions::expires_at.gt(now_ms()))
        .select(sessions::user_id)
        .first::<i32>(conn)
        .optional()?
    else {
        return Ok(None);
    };
    user_by_id(conn, user)
}

pub fn close_session(conn: &mut AnyConnection, token: &str) -> QueryResult<()> {
    diesel::delete(sessions::table.filter(sessions::token_hash.eq(token_hash(token))))
        .execute(conn)
        .map(|_| ())
}

/// Whether the learner has tried this problem before (only the first attempt is rated).
pub fn has_tried(conn: &mut AnyConnection, learner: i32, problem: i32) -> QueryResult<bool> {
    Ok(attempts::table
        .filter(attempts::learner_id.eq(learner))
        .filter(attempts::problem_id.eq(problem))
        .count()
        .get_result::<i64>(conn)?
        > 0)
}

/// Notes that the learner of an open attempt looked at the solution (which makes it unrated).
pub fn mark_solution_viewed(conn: &mut AnyConnection, attempt_id: i32) -> QueryResult<()> {
    diesel::update(
        attempts::table
            .find(attempt_id)
            .filter(attempts::result.eq(AttemptResult::Open)),
    )
    .set(attempts::solution_viewed.eq(true))
    .execute(conn)
    .map(|_| ())
}

/// Counts a hint on an open attempt (which makes it unrated); false when it has ended.
pub fn add_hint(conn: &mut AnyConnection, attempt_id: i32) -> QueryResult<bool> {
    diesel::update(
        attempts::table
            .find(attempt_id)
            .filter(attempts::result.eq(AttemptResult::Open)),
    )
    .set(attempts::hints.eq(attempts::hints + 1))
    .execute(conn)
    .map(|n| n == 1)
}

/// A learner's attempts, newest first, optionally for one problem.
pub fn learner_attempts(
    conn: &mut AnyConnection,
    learner: i32,
    problem: Option<i32>,
    limit: i64,
) -> QueryResult<Vec<super::models::AttemptRow>> {
    let mut q = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .into_boxed();
    if let Some(p) = problem {
        q = q.filter(attempts::problem_id.eq(p));
    }
    q.order(attempts::id.desc())
        .limit(limit)
        .select(super::models::AttemptRow::as_select())
        .load(conn)
}

/// A parent takes a child who has no parent yet (a class child) into the family.
pub fn adopt_child(conn: &mut AnyConnection, parent: i32, child: i32) -> QueryResult<bool> {
    diesel::update(
        users::table
            .find(child)
            .filter(users::role.eq(Role::Learner))
            .filter(users::parent_id.is_null()),
    )
    .set(users::parent_id.eq(Some(parent)))
    .execute(conn)
    .map(|n| n == 1)
}

/// Sets a child's avatar.
pub fn set_avatar(conn: &mut AnyConnection, child: i32, avatar: i32) -> QueryResult<()> {
    diesel::update(users::table.find(child))
        .set(users::avatar.eq(avatar))
        .execute(conn)
        .map(|_| ())
}

/// Sets a child's picture password (hashed) again.
pub fn set_picture_hash(conn: &mut AnyConnection, child: i32, hash: String) -> QueryResult<()> {
    diesel::update(users::table.find(child))
        .set(users::picture_hash.eq(Some(hash)))
        .execute(conn)
        .map(|_| ())
}

/// Deletes a user; their sessions, history, reviews, concept ratings, tests and class places go
/// with them (ON DELETE CASCADE). Attempts have no such key: `anonymise_attempts` first.
pub fn delete_user(conn: &mut AnyConnection, id: i32) -> QueryResult<bool> {
    diesel::delete(users::table.find(id))
        .execute(conn)
        .map(|n| n == 1)
}

/// Turns a learner's attempts into guest attempts (no learner, review or test): the moves stay
/// for the problems' statistics, nothing points to the child any more.
pub fn anonymise_attempts(conn: &mut AnyConnection, learner: i32) -> QueryResult<usize> {
    diesel::update(attempts::table.filter(attempts::learner_id.eq(learner)))
        .set((
            attempts::learner_id.eq(None::<i32>),
            attempts::review_id.eq(None::<i32>),
            attempts::assessment_id.eq(None::<i32>),
        ))
        .execute(conn)
}

/// Sets the success chance a learner's next problems aim at.
pub fn set_target_success(conn: &mut AnyConnection, learner: i32, p: f64) -> QueryResult<()> {
    diesel::update(users::table.find(learner))
        .set(users::target_success.eq(p))
        .execute(conn)
        .map(|_| ())
}

/// Places a learner's rating (after a placement test).
pub fn set_rating(
    conn: &mut AnyConnection,
    learner: i32,
    rating: f64,
    deviation: f64,
) -> QueryResult<()> {
    diesel::update(users::table.find(learner))
        .set((users::rating.eq(rating), users::rating_rd.eq(deviation)))
        .execute(conn)
        .map(|_| ())
}
