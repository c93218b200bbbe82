//! Classes: a teacher creates them (each with a code children use to sign in), adds new children
//! or a family's child (proved by the child's pictures), and reads the class's progress. A
//! teacher sees only their own classes: anyone else's is a 404.

use std::net::IpAddr;

use super::actor::Teacher;
use super::error::AppError;
use super::state::AppState;
use super::{accounts, secrets, text};
use crate::db::accounts::{self as store, UserRow};
use crate::db::learning::{self, ClassRow};

/// A teacher creates a class.
pub fn create_class(state: &AppState, me: &Teacher, name: &str) -> Result<ClassRow, AppError> {
    let name = text::name(name, "a class name")?;
    Ok(learning::create_class(&mut *state.conn()?, me.id, &name)?)
}

/// The teacher's classes.
pub fn classes(state: &AppState, me: &Teacher) -> Result<Vec<ClassRow>, AppError> {
    Ok(learning::teacher_classes(&mut *state.conn()?, me.id)?)
}

/// The teacher's own class.
pub fn own_class(state: &AppState, me: &Teacher, id: i32) -> Result<ClassRow, AppError> {
    learning::class_by_id(&mut *state.conn()?, id)?
        .filter(|c| c.teacher_id == me.id)
        .ok_or(AppError::NotFound("class"))
}

/// One child's work in a class.
pub struct PupilWork {
    pub child: UserRow,
    pub attempts: i64,
    pub solved: i64,
    pub solved_this_week: i64,
}

/// A class with each child's rank and work.
pub fn progress(
    state: &AppState,
    me: &Teacher,
    id: i32,
) -> Result<(ClassRow, Vec<PupilWork>), AppError> {
    let class = own_class(state, me, id)?;
    let conn = &mut *state.conn()?;
    let week_ago = crate::db::now_ms() - 7 * 24 * 3600 * 1000;
    let mut pupils = Vec::new();
    for child in learning::class_children(conn, class.id)? {
        let (attempts, solved, solved_this_week) = learning::work_counts(conn, child.id, week_ago)?;
        pupils.push(PupilWork {
            child,
            attempts,
            solved,
            solved_this_week,
        });
    }
    Ok((class, pupils))
}

/// The teachers's classes with their children (the account page).
pub fn classes_with_children(
    state: &AppState,
    me: &Teacher,
) -> Result<Vec<(ClassRow, Vec<UserRow>)>, AppError> {
    let conn = &mut *state.conn()?;
    let mut out = Vec::new();
    for c in learning::teacher_classes(conn, me.id)? {
        let kids = learning::class_children(conn, c.id)?;
        out.push((c, kids));
    }
    Ok(out)
}

/// A teacher adds a new child (no family) to a class.
pub fn add_pupil(
    state: &AppState,
    me: &Teacher,
    class: i32,
    display_name: &str,
    pictures: &[u8],
    avatar: Option<i32>,
) -> Result<UserRow, AppError> {
    let class = own_class(state, me, class)?;
    let name = text::name(display_name, "a child's name")?;
    let secret = secrets::picture_secret(pictures)?;
    let conn = &mut *state.conn()?;
    let avatar = accounts::avatar_for(avatar, &learning::class_children(conn, class.id)?)?;
    let hash = store::hash_secret(&secret);
    let child = store::create_child(conn, None, &name, hash, avatar)?;
    learning::add_member(conn, class.id, child.id)?;
    Ok(child)
}

/// A teacher adds a family's child to a class, proving the child with their pictures (behind
/// the child's lock-out: the hole of ARCHITECTURE.md "Secrets" closed).
pub fn add_member(
    state: &AppState,
    ip: IpAddr,
    me: &Teacher,
    class: i32,
    code: &str,
    child_id: i32,
    pictures: &[u8],
) -> Result<UserRow, AppError> {
    let class = own_class(state, me, class)?;
    let child = accounts::prove_child(state, ip, accounts::Door::Code(code), child_id, pictures)?;
    learning::add_member(&mut *state.conn()?, class.id, child.id)?;
    Ok(child)
}
