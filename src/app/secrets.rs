//! Every check of a secret goes through this module: passwords, children's picture passwords,
//! and the per-address limits of the routes that check them or look up codes. A try is counted
//! before the secret is compared (one atomic statement, `db::secrets`), five misses lock the key
//! for a growing time, a right answer or a grown-up's unlock clears it (ARCHITECTURE.md
//! "Secrets").

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::OnceLock;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::AppError;
use crate::db::accounts::{self, UserRow};
use crate::db::secrets::{self as store, Claim};
use crate::db::{AnyConnection, now_ms};

/// Misses in a row before a key locks.
pub const MAX_FAILURES: i32 = 5;

/// How long the n-th lock (counting from 0) lasts: 1 minute, 5 minutes, 1 hour, then a day.
pub fn lock_ms(lockouts: i32) -> i64 {
    const MINUTE: i64 = 60_000;
    match lockouts {
        0 => MINUTE,
        1 => 5 * MINUTE,
        2 => 60 * MINUTE,
        _ => 24 * 60 * MINUTE,
    }
}

fn password_key(username: &str) -> String {
    format!("pw:{}", username.trim().to_lowercase())
}

fn pictures_key(child: i32) -> String {
    format!("pic:{child}")
}

fn locked(until: i64, now: i64) -> AppError {
    let secs = ((until - now).max(1000) + 999) / 1000;
    let minutes = (secs + 59) / 60;
    AppError::TooMany {
        message: format!(
            "too many wrong tries: wait {minutes} minute(s), or ask a parent or teacher to unlock"
        ),
        retry_after: secs as u64,
    }
}

/// Checks a secret behind the lock-out of `key`: Ok(true) when right, Ok(false) when wrong,
/// 429 while locked.
fn check(
    conn: &mut AnyConnection,
    key: &str,
    right: impl FnOnce() -> bool,
) -> Result<bool, AppError> {
    let now = now_ms();
    if let Claim::Locked { until } = store::claim_try(conn, key, MAX_FAILURES, now)? {
        return Err(locked(until, now));
    }
    if right() {
        store::clear(conn, key)?;
        return Ok(true);
    }
    store::failed(conn, key, MAX_FAILURES, lock_ms, now)?;
    Ok(false)
}

/// A hash to compare against when the user name does not exist, so that a wrong name costs the
/// same time as a wrong password (no user-name enumeration by timing).
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| accounts::hash_secret("sente decoy password"))
}

/// The grown-up with this user name and password. Every failure is the same 401, whether the
/// name exists or not; the name's tries are counted and locked like a child's pictures.
pub fn check_password(
    conn: &mut AnyConnection,
    username: &str,
    password: &str,
) -> Result<UserRow, AppError> {
    let user = accounts::user_by_name(conn, username.trim())?;
    let hash = user
        .as_ref()
        .and_then(|u| u.password_hash.clone())
        .unwrap_or_else(|| decoy_hash().to_string());
    let right = check(conn, &password_key(username), || {
        accounts::verify_secret(password, &hash)
    })?;
    match user {
        Some(u) if right && u.password_hash.is_some() => Ok(u),
        _ => Err(AppError::Unauthorized("wrong user name or password".into())),
    }
}

/// A picture password: three of the nine pictures, in order, as the text that is hashed.
pub fn picture_secret(pictures: &[u8]) -> Result<String, AppError> {
    if pictures.len() == 3 && pictures.iter().all(|&p| p < 9) {
        Ok(format!("{}-{}-{}", pictures[0], pictures[1], pictures[2]))
    } else {
        Err(AppError::bad(
            "pick three of the nine pictures (0 to 8), in order",
        ))
    }
}

/// Whether these are the child's pictures, behind the child's lock-out: the one picture check
/// of the service (sign-in, a teacher adding a family's child, a parent linking a class child).
pub fn check_pictures(
    conn: &mut AnyConnection,
    child: &UserRow,
    pictures: &[u8],
) -> Result<bool, AppError> {
    let secret = picture_secret(pictures).ok();
    let hash = child.picture_hash.clone();
    check(conn, &pictures_key(child.id), || {
        secret
            .zip(hash)
            .is_some_and(|(s, h)| accounts::verify_secret(&s, &h))
    })
}

/// Clears a child's lock at once (their parent or teacher asked; authorization is the caller's).
pub fn unlock_pictures(conn: &mut AnyConnection, child: i32) -> Result<(), AppError> {
    Ok(store::clear(conn, &pictures_key(child))?)
}

/// Whether a child's pictures are locked now.
pub fn pictures_locked(conn: &mut AnyConnection, child: i32) -> Result<bool, AppError> {
    Ok(store::locked_until(conn, &pictures_key(child), now_ms())?.is_some())
}

/// A new password: at least 10 characters, not the user name, and not guessable (zxcvbn score
/// 3 or more: no common password, dictionary word or keyboard walk, with the user's own name
/// and display name counted as known words).
pub fn password_rule(username: &str, display_name: &str, password: &str) -> Result<(), AppError> {
    let n = password.chars().count();
    if !(10..=200).contains(&n) {
        return Err(AppError::bad("a password has 10 to 200 characters"));
    }
    if password.trim().eq_ignore_ascii_case(username.trim()) {
        return Err(AppError::bad("the password must not be the user name"));
    }
    let weak = zxcvbn::zxcvbn(password, &[username, display_name]).score() < zxcvbn::Score::Three;
    if weak {
        return Err(AppError::bad(
            "this password is too easy to guess: use a few unusual words or a longer phrase",
        ));
    }
    Ok(())
}

/// The kinds of request limited per address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Password sign-in.
    SignIn,
    SignUp,
    /// Looking up a family or class code.
    Code,
    /// Any picture check.
    Pictures,
}

/// Per-address request limits (governor's GCRA, in memory: each server process limits on its
/// own; see ARCHITECTURE.md "Secrets" for several servers).
pub struct Limits {
    sign_in: DefaultKeyedRateLimiter<IpAddr>,
    sign_up: DefaultKeyedRateLimiter<IpAddr>,
    code: DefaultKeyedRateLimiter<IpAddr>,
    pictures: DefaultKeyedRateLimiter<IpAddr>,
}

fn per_minute(n: u32) -> DefaultKeyedRateLimiter<IpAddr> {
    let n = NonZeroU32::new(n.max(1)).expect("at least one");
    RateLimiter::keyed(Quota::per_minute(n))
}

impl Default for Limits {
    /// Sign-in 10 a minute, sign-up 5, code look-ups 30, picture checks 60 (a class signing in
    /// together shares one school address; each child's own lock-out stops guessing).
    fn default() -> Self {
        Limits::per_minute(10, 5, 30, 60)
    }
}

impl Limits {
    /// Limits per address and minute for each gate (the burst is the same number).
    pub fn per_minute(sign_in: u32, sign_up: u32, code: u32, pictures: u32) -> Limits {
        Limits {
            sign_in: per_minute(sign_in),
            sign_up: per_minute(sign_up),
            code: per_minute(code),
            pictures: per_minute(pictures),
        }
    }

    /// Lets one more request of `gate` from `ip` through, or 429 with the wait.
    pub fn check(&self, gate: Gate, ip: IpAddr) -> Result<(), AppError> {
        let limiter = match gate {
            Gate::SignIn => &self.sign_in,
            Gate::SignUp => &self.sign_up,
            Gate::Code => &self.code,
            Gate::Pictures => &self.pictures,
        };
        limiter.check_key(&ip).map_err(|not_until| {
            let wait = not_until.wait_time_from(governor::clock::Clock::now(
                &governor::clock::DefaultClock::default(),
            ));
            AppError::TooMany {
                message: "too many requests from this address: wait a moment".into(),
                retry_after: wait.as_secs().max(1),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weak_passwords_are_refused_and_strong_ones_pass() {
        for weak in [
            "password",
            "password123",
            "qwertyuiop",
            "1234567890",
            "momo_the_cat",
        ] {
            assert!(
                password_rule("momo_the_cat", "Momo", weak).is_err(),
                "{weak}"
            );
        }
        assert!(password_rule("anna", "Anna", "short").is_err());
        assert!(password_rule("anna", "Anna", "violet harbor tadpole 19").is_ok());
    }

    #[test]
    fn locks_grow_from_a_minute_to_a_day() {
        assert_eq!(lock_ms(0), 60_000);
        assert_eq!(lock_ms(1), 300_000);
        assert_eq!(lock_ms(2), 3_600_000);
        assert_eq!(lock_ms(9), 86_400_000);
    }

    #[test]
    fn a_limit_answers_429_with_a_wait() {
        let limits = Limits::per_minute(2, 2, 2, 2);
        let ip: IpAddr = "10.1.2.3".parse().unwrap();
        assert!(limits.check(Gate::SignIn, ip).is_ok());
        assert!(limits.check(Gate::SignIn, ip).is_ok());
        match limits.check(Gate::SignIn, ip) {
            Err(AppError::TooMany { retry_after, .. }) => assert!(retry_after >= 1),
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(limits.check(Gate::Code, ip).is_ok(), "gates are separate");
    }
}
