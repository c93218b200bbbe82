//! Remembered devices: a grown-up types the family's or class's code once on a tablet, and the
//! tablet keeps a revocable token (never the code) in a long-lived cookie; the kids' page then
//! opens on those children. The parent or the class's teacher lists their devices and forgets
//! one; the device itself can forget (“not your device?”). A child on a remembered device still
//! proves themselves with their pictures (`accounts::sign_in_device`, same lock-out and limits).

use std::net::IpAddr;

use super::actor::{Actor, Grownup};
use super::error::AppError;
use super::secrets::Gate;
use super::state::AppState;
use super::text;
use crate::db::accounts::UserRow;
use crate::db::devices::{self as store, DeviceRow, Remembered};
use crate::db::{AnyConnection, now_ms};

/// How long a device stays remembered: 180 days.
pub const DEVICE_MS: i64 = 180 * 24 * 3600 * 1000;

/// A device just remembered, with the token for its cookie.
pub struct NewDevice {
    pub device: DeviceRow,
    pub token: String,
}

/// What the device of a live token remembers (401 for an unknown, forgotten or expired one).
/// The one check of a device token: the kids' page and the picture sign-in both go through it.
pub(super) fn live(conn: &mut AnyConnection, token: &str) -> Result<Remembered, AppError> {
    let refused =
        || AppError::Unauthorized("this device is not remembered any more: type the code".into());
    if token.len() != 64 {
        return Err(refused());
    }
    store::live_by_token(conn, token, now_ms())?
        .and_then(|d| d.remembered())
        .ok_or_else(refused)
}

/// The children a live device remembers (what the kids' page shows).
pub(super) fn children_of_device(
    conn: &mut AnyConnection,
    token: &str,
) -> Result<Vec<UserRow>, AppError> {
    let what = live(conn, token)?;
    Ok(store::children(conn, what)?)
}

/// A grown-up typed a code on this device: the device remembers that family or class. Counts as
/// a code look-up for the per-address limit; 404 for a code that is nobody's.
pub fn remember(
    state: &AppState,
    ip: IpAddr,
    actor: &Actor,
    code: &str,
) -> Result<NewDevice, AppError> {
    state.limits.check(Gate::Code, ip)?;
    let code = text::code(code).ok_or(AppError::NotFound("family or class"))?;
    let conn = &mut *state.conn()?;
    let what = store::owner_of_code(conn, &code)?.ok_or(AppError::NotFound("family or class"))?;
    let now = now_ms();
    // Who typed it, when a grown-up is signed in on the device.
    let by = Grownup::of(actor).ok().map(|g| g.id);
    let (device, token) = store::insert(conn, what, by, now, now + DEVICE_MS)?;
    Ok(NewDevice { device, token })
}

/// The children of the device holding `token` (401 when it is not remembered any more).
pub fn children(state: &AppState, token: &str) -> Result<Vec<UserRow>, AppError> {
    children_of_device(&mut *state.conn()?, token)
}

/// The device itself forgets what it remembered (“not your device?”): the token is revoked, so
/// a copy of the cookie is worth nothing either.
pub fn forget_here(state: &AppState, token: &str) -> Result<(), AppError> {
    Ok(store::revoke_token(&mut *state.conn()?, token)?)
}

/// The devices that remember the grown-up's family (a parent) or one of their classes (a
/// teacher), newest first.
pub fn list(state: &AppState, me: &Grownup) -> Result<Vec<DeviceRow>, AppError> {
    owned(&mut *state.conn()?, me)
}

/// The rule of whose devices these are: a parent's family's, a teacher's own classes'.
pub(super) fn owned(conn: &mut AnyConnection, me: &Grownup) -> Result<Vec<DeviceRow>, AppError> {
    Ok(store::of_grownup(conn, me.id, now_ms())?)
}

/// A parent or teacher forgets one of their devices (404 for anyone else's, so ids reveal
/// nothing).
pub fn forget(state: &AppState, me: &Grownup, id: i32) -> Result<(), AppError> {
    let conn = &mut *state.conn()?;
    let mine = owned(conn, me)?.into_iter().any(|d| d.id == id);
    if !mine {
        return Err(AppError::NotFound("device"));
    }
    Ok(store::revoke(conn, id)?)
}
