//! Remembered devices as stored: one row per device a grown-up set up with a family's or class's
//! code, keeping only the SHA-256 of the device's token. Who may list or forget a device, and
//! how long one lasts, is the use-case layer's (`app::devices`).

use diesel::prelude::*;

use super::accounts::{random_hex, token_hash};
use super::connection::AnyConnection;
use super::schema::{classes, devices};

/// A remembered device.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = devices)]
pub struct DeviceRow {
    pub id: i32,
    #[diesel(column_name = family_id)]
    pub family: Option<i32>,
    #[diesel(column_name = class_id)]
    pub class: Option<i32>,
    pub created_by: Option<i32>,
    pub created_at: i64,
    pub last_used_at: i64,
    pub expires_at: i64,
    pub revoked: bool,
}

/// What a device remembers: a family (the parent's id) or a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remembered {
    Family(i32),
    Class(i32),
}

impl DeviceRow {
    pub fn remembered(&self) -> Option<Remembered> {
        match (self.family, self.class) {
            (Some(f), None) => Some(Remembered::Family(f)),
            (None, Some(c)) => Some(Remembered::Class(c)),
            _ => None,
        }
    }
}

/// Stores a new device; returns its row and the token for the cookie (only the hash is kept).
pub fn insert(
    conn: &mut AnyConnection,
    what: Remembered,
    created_by: Option<i32>,
    now: i64,
    expires_at: i64,
) -> QueryResult<(DeviceRow, String)> {
    let token = random_hex(32);
    let hash = token_hash(&token);
    let (family, class) = match what {
        Remembered::Family(f) => (Some(f), None),
        Remembered::Class(c) => (None, Some(c)),
    };
    diesel::insert_into(devices::table)
        .values((
            devices::token_hash.eq(&hash),
            devices::family_id.eq(family),
            devices::class_id.eq(class),
            devices::created_by.eq(created_by),
            devices::created_at.eq(now),
            devices::last_used_at.eq(now),
            devices::expires_at.eq(expires_at),
            devices::revoked.eq(false),
        ))
        .execute(conn)?;
    let row = devices::table
        .filter(devices::token_hash.eq(&hash))
        .select(DeviceRow::as_select())
        .first(conn)?;
    Ok((row, token))
}

/// The live device of a token (not revoked, not expired at `now`), its last use set to `now`.
pub fn live_by_token(
    conn: &mut AnyConnection,
    token: &str,
    now: i64,
) -> QueryResult<Option<DeviceRow>> {
    let hash = token_hash(token);
    let found = devices::table
        .filter(devices::token_hash.eq(&hash))
        .filter(devices::revoked.eq(false))
        .filter(devices::expires_at.gt(now))
        .select(DeviceRow::as_select())
        .first(conn)
        .optional()?;
    if let Some(d) = &found {
        diesel::update(devices::table.find(d.id))
            .set(devices::last_used_at.eq(now))
            .execute(conn)?;
    }
    Ok(found)
}

/// The devices remembering the family of `parent` or a class of `teacher`, live ones only,
/// newest first.
pub fn of_grownup(conn: &mut AnyConnection, grownup: i32, now: i64) -> QueryResult<Vec<DeviceRow>> {
    let own_classes: Vec<Option<i32>> = classes::table
        .filter(classes::teacher_id.eq(grownup))
        .select(classes::id)
        .load::<i32>(conn)?
        .into_iter()
        .map(Some)
        .collect();
    devices::table
        .filter(
            devices::family_id
                .eq(grownup)
                .or(devices::class_id.eq_any(own_classes)),
        )
        .filter(devices::revoked.eq(false))
        .filter(devices::expires_at.gt(now))
        .order(devices::id.desc())
        .select(DeviceRow::as_select())
        .load(conn)
}

/// Revokes a device for good.
pub fn revoke(conn: &mut AnyConnection, id: i32) -> QueryResult<()> {
    diesel::update(devices::table.find(id))
        .set(devices::revoked.eq(true))
        .execute(conn)
        .map(|_| ())
}

/// Revokes the device of a token (the device itself asked: "not your device?").
pub fn revoke_token(conn: &mut AnyConnection, token: &str) -> QueryResult<()> {
    diesel::update(devices::table.filter(devices::token_hash.eq(token_hash(token))))
        .set(devices::revoked.eq(true))
        .execute(conn)
        .map(|_| ())
}

/// Whose children a code opens: a family's (the parent), else a class's; None for no one.
pub fn owner_of_code(conn: &mut AnyConnection, code: &str) -> QueryResult<Option<Remembered>> {
    use super::schema::users;
    let parent = users::table
        .filter(users::family_code.eq(code))
        .select(users::id)
        .first::<i32>(conn)
        .optional()?;
    if let Some(p) = parent {
        return Ok(Some(Remembered::Family(p)));
    }
    Ok(super::learning::class_by_code(conn, code)?.map(|c| Remembered::Class(c.id)))
}

/// The children a device remembers.
pub fn children(
    conn: &mut AnyConnection,
    what: Remembered,
) -> QueryResult<Vec<super::accounts::UserRow>> {
    match what {
        Remembered::Family(p) => super::accounts::children_of(conn, p),
        Remembered::Class(c) => super::learning::class_children(conn, c),
    }
}
