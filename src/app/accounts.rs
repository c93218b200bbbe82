//! Accounts: signing up and in (password or pictures), sessions, children in a family, finding
//! a family or class by its code, linking and unlocking a child. Each function is one thing a
//! user does; the JSON API and the pages both call these and only render.

use std::net::IpAddr;

use super::actor::{Actor, Grownup, Parent};
use super::error::AppError;
use super::secrets::{self, Gate};
use super::state::AppState;
use super::text;
use crate::db::Role;
use crate::db::accounts::{self, UserRow};
use crate::db::learning;

/// A signed-in user and the session token for their cookie.
pub struct SignedIn {
    pub user: UserRow,
    pub token: String,
}

/// The user of a session token (an expired or unknown token is nobody).
pub fn actor(state: &AppState, token: Option<&str>) -> Result<Actor, AppError> {
    let Some(t) = token else {
        return Ok(Actor(None));
    };
    Ok(Actor(accounts::session_user(&mut *state.conn()?, t)?))
}

/// What a grown-up types to sign up.
pub struct SignUp<'a> {
    pub role: &'a str,
    pub username: &'a str,
    pub password: &'a str,
    pub display_name: &'a str,
}

/// A parent's or teacher's account, signed in at once.
pub fn sign_up(state: &AppState, ip: IpAddr, form: SignUp<'_>) -> Result<SignedIn, AppError> {
    state.limits.check(Gate::SignUp, ip)?;
    let role = match Role::parse(form.role) {
        Some(r @ (Role::Parent | Role::Teacher)) => r,
        _ => {
            return Err(AppError::bad(
                "role is parent or teacher (children are added by a grown-up)",
            ));
        }
    };
    let username = text::username(form.username)?;
    let display = text::name(form.display_name, "a display name")?;
    secrets::password_rule(&username, &display, form.password)?;
    let hash = accounts::hash_secret(form.password);
    let conn = &mut *state.conn()?;
    let user = accounts::create_account(conn, role, &username, hash, &display)?
        .ok_or_else(|| AppError::Conflict("that user name is taken; choose another".into()))?;
    let token = accounts::open_session(conn, user.id)?;
    Ok(SignedIn { user, token })
}

/// An administrator (made on the command line only: nobody signs up as one). The password has
/// at least 12 characters and passes the same strength rule.
pub fn create_admin(
    conn: &mut crate::db::AnyConnection,
    username: &str,
    password: &str,
    display_name: &str,
) -> Result<UserRow, AppError> {
    let username = text::username(username)?;
    let display = text::name(display_name, "a display name")?;
    if password.chars().count() < 12 {
        return Err(AppError::bad(
            "an administrator's password has at least 12 characters",
        ));
    }
    secrets::password_rule(&username, &display, password)?;
    let hash = accounts::hash_secret(password);
    accounts::create_account(conn, Role::Admin, &username, hash, &display)?
        .ok_or_else(|| AppError::Conflict(format!("the user name '{username}' is taken")))
}

/// A grown-up signs in with user name and password (same 401 for a wrong name or password).
pub fn sign_in(
    state: &AppState,
    ip: IpAddr,
    username: &str,
    password: &str,
) -> Result<SignedIn, AppError> {
    state.limits.check(Gate::SignIn, ip)?;
    text::short(username, "a user name", 64)?;
    let conn = &mut *state.conn()?;
    let user = secrets::check_password(conn, username, password)?;
    let token = accounts::open_session(conn, user.id)?;
    Ok(SignedIn { user, token })
}

pub fn sign_out(state: &AppState, token: Option<&str>) -> Result<(), AppError> {
    if let Some(t) = token {
        accounts::close_session(&mut *state.conn()?, t)?;
    }
    Ok(())
}

/// The children of the family or class with this code (what the sign-in screen shows).
pub fn children_of_code(
    state: &AppState,
    ip: IpAddr,
    code: &str,
) -> Result<Vec<UserRow>, AppError> {
    state.limits.check(Gate::Code, ip)?;
    let code = text::code(code).ok_or(AppError::NotFound("family or class"))?;
    learning::children_of_code(&mut *state.conn()?, &code)?
        .ok_or(AppError::NotFound("family or class"))
}

/// Where a child's sign-in screen found them: the code a grown-up typed, or the token of a
/// remembered device.
#[derive(Clone, Copy, Debug)]
pub enum Door<'a> {
    Code(&'a str),
    Device(&'a str),
}

/// The child `child_id` of the family or class behind `door`, when these are their pictures: the
/// one way to prove a child, behind the child's lock-out and the address's limit.
pub(super) fn prove_child(
    state: &AppState,
    ip: IpAddr,
    door: Door<'_>,
    child_id: i32,
    pictures: &[u8],
) -> Result<UserRow, AppError> {
    state.limits.check(Gate::Pictures, ip)?;
    let wrong = || AppError::Unauthorized("that child and those pictures do not match".into());
    let conn = &mut *state.conn()?;
    let kids = match door {
        Door::Code(code) => {
            let code = text::code(code).ok_or_else(wrong)?;
            learning::children_of_code(conn, &code)?
        }
        Door::Device(token) => Some(super::devices::children_of_device(conn, token)?),
    };
    let child = kids
        .and_then(|kids| kids.into_iter().find(|k| k.id == child_id))
        .ok_or_else(wrong)?;
    if secrets::check_pictures(conn, &child, pictures)? {
        Ok(child)
    } else {
        Err(wrong())
    }
}

/// A child signs in: the code, their name, their three pictures.
pub fn sign_in_pictures(
    state: &AppState,
    ip: IpAddr,
    code: &str,
    child_id: i32,
    pictures: &[u8],
) -> Result<SignedIn, AppError> {
    sign_in_at(state, ip, Door::Code(code), child_id, pictures)
}

/// A child signs in on a remembered device: their avatar and name, their three pictures (the
/// same check and lock-out as with the code; 401 when the device is not remembered any more).
pub fn sign_in_device(
    state: &AppState,
    ip: IpAddr,
    token: &str,
    child_id: i32,
    pictures: &[u8],
) -> Result<SignedIn, AppError> {
    sign_in_at(state, ip, Door::Device(token), child_id, pictures)
}

fn sign_in_at(
    state: &AppState,
    ip: IpAddr,
    door: Door<'_>,
    child_id: i32,
    pictures: &[u8],
) -> Result<SignedIn, AppError> {
    let child = prove_child(state, ip, door, child_id, pictures)?;
    let token = accounts::open_session(&mut *state.conn()?, child.id)?;
    Ok(SignedIn { user: child, token })
}

/// How many animal avatars there are (numbered from 0; their drawings and names are the web
/// layer's).
pub const AVATAR_COUNT: i32 = 12;

/// A chosen avatar, or the first one no other child of `siblings` has (so that children of one
/// family or class look different without anyone choosing).
pub(super) fn avatar_for(chosen: Option<i32>, siblings: &[UserRow]) -> Result<i32, AppError> {
    match chosen {
        Some(a) if (0..AVATAR_COUNT).contains(&a) => Ok(a),
        Some(_) => Err(AppError::bad(format!(
            "an avatar is a number from 0 to {}",
            AVATAR_COUNT - 1
        ))),
        None => {
            let free = (0..AVATAR_COUNT).find(|a| siblings.iter().all(|s| s.avatar != *a));
            Ok(free.unwrap_or(siblings.len() as i32 % AVATAR_COUNT))
        }
    }
}

/// A parent or teacher gives a child another avatar.
pub fn set_avatar(
    state: &AppState,
    me: &Grownup,
    child_id: i32,
    avatar: i32,
) -> Result<(), AppError> {
    let child = cared_child(state, me, child_id)?;
    let avatar = avatar_for(Some(avatar), &[])?;
    Ok(accounts::set_avatar(&mut *state.conn()?, child.id, avatar)?)
}

/// A parent adds a child to the family.
/// A grown-up adds a child: a parent to the family (no class), a teacher to one of their
/// classes (the account page's one form for both).
pub fn add_child_as(
    state: &AppState,
    me: &Grownup,
    class: Option<i32>,
    display_name: &str,
    pictures: &[u8],
    avatar: Option<i32>,
) -> Result<UserRow, AppError> {
    let who = Actor(Some((**me).clone()));
    match (Parent::of(&who), super::actor::Teacher::of(&who), class) {
        (Ok(p), _, None) => add_child(state, &p, display_name, pictures, avatar),
        (_, Ok(t), Some(class)) => {
            super::classes::add_pupil(state, &t, class, display_name, pictures, avatar)
        }
        _ => Err(AppError::Forbidden(
            "parents add children to their family, teachers to their classes".into(),
        )),
    }
}

pub fn add_child(
    state: &AppState,
    me: &Parent,
    display_name: &str,
    pictures: &[u8],
    avatar: Option<i32>,
) -> Result<UserRow, AppError> {
    let name = text::name(display_name, "a child's name")?;
    let secret = secrets::picture_secret(pictures)?;
    let conn = &mut *state.conn()?;
    let avatar = avatar_for(avatar, &accounts::children_of(conn, me.id)?)?;
    let hash = accounts::hash_secret(&secret);
    Ok(accounts::create_child(
        conn,
        Some(me.id),
        &name,
        hash,
        avatar,
    )?)
}

/// A parent takes a class child (who has no family yet) into the family by proving the child's
/// pictures; 409 when the child has a family already.
pub fn link_child(
    state: &AppState,
    ip: IpAddr,
    me: &Parent,
    code: &str,
    child_id: i32,
    pictures: &[u8],
) -> Result<UserRow, AppError> {
    let child = prove_child(state, ip, Door::Code(code), child_id, pictures)?;
    if child.parent_id == Some(me.id) {
        return Ok(child);
    }
    let conn = &mut *state.conn()?;
    if !accounts::adopt_child(conn, me.id, child.id)? {
        return Err(AppError::Conflict(
            "this child already belongs to a family".into(),
        ));
    }
    accounts::user_by_id(conn, child.id)?.ok_or(AppError::NotFound("child"))
}

/// Whether a grown-up looks after this child: their parent, or the teacher of one of their
/// classes. The rule of who may unlock, export or (as parent) delete a child.
pub fn looks_after(state: &AppState, me: &UserRow, child: &UserRow) -> Result<bool, AppError> {
    if child.role != Role::Learner {
        return Ok(false);
    }
    Ok(match me.role {
        Role::Parent => child.parent_id == Some(me.id),
        Role::Teacher => learning::teaches(&mut *state.conn()?, me.id, child.id)?,
        _ => false,
    })
}

/// A child the grown-up looks after (404 when the id is nobody's they look after, so ids reveal
/// nothing).
pub fn cared_child(state: &AppState, me: &UserRow, child_id: i32) -> Result<UserRow, AppError> {
    let child = accounts::user_by_id(&mut *state.conn()?, child_id)?;
    match child {
        Some(c) if looks_after(state, me, &c)? => Ok(c),
        _ => Err(AppError::NotFound("child")),
    }
}

/// A parent or teacher unlocks a child locked out by wrong pictures, at once.
pub fn unlock_child(state: &AppState, me: &Grownup, child_id: i32) -> Result<(), AppError> {
    let child = cared_child(state, me, child_id)?;
    secrets::unlock_pictures(&mut *state.conn()?, child.id)
}

/// A parent or teacher gives a child new pictures (and so unlocks them).
pub fn reset_pictures(
    state: &AppState,
    me: &Grownup,
    child_id: i32,
    pictures: &[u8],
) -> Result<(), AppError> {
    let child = cared_child(state, me, child_id)?;
    let hash = accounts::hash_secret(&secrets::picture_secret(pictures)?);
    let conn = &mut *state.conn()?;
    accounts::set_picture_hash(conn, child.id, hash)?;
    secrets::unlock_pictures(conn, child.id)
}

/// What a grown-up's account page shows: a parent's children, a teacher's classes with theirs,
/// each child with whether their pictures are locked now.
#[derive(Default)]
pub struct Overview {
    pub children: Vec<(UserRow, bool)>,
    pub classes: Vec<(crate::db::learning::ClassRow, Vec<(UserRow, bool)>)>,
    /// The devices that remember the family or one of the classes.
    pub devices: Vec<crate::db::devices::DeviceRow>,
}

pub fn overview(state: &AppState, me: &Grownup) -> Result<Overview, AppError> {
    let conn = &mut *state.conn()?;
    let mut out = Overview::default();
    if me.role == Role::Parent {
        let kids = accounts::children_of(conn, me.id)?;
        out.children = with_locks(conn, kids)?;
    } else {
        for c in learning::teacher_classes(conn, me.id)? {
            let kids = learning::class_children(conn, c.id)?;
            out.classes.push((c, with_locks(conn, kids)?));
        }
    }
    out.devices = super::devices::owned(conn, me)?;
    Ok(out)
}

fn with_locks(
    conn: &mut crate::db::AnyConnection,
    kids: Vec<UserRow>,
) -> Result<Vec<(UserRow, bool)>, AppError> {
    kids.into_iter()
        .map(|k| {
            let locked = secrets::pictures_locked(conn, k.id)?;
            Ok((k, locked))
        })
        .collect()
}
