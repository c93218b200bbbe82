//! Failure counts of secret checks (a password per user name, a child's picture password), one
//! row per key. This module stores and updates them atomically; the rule (how many tries, how
//! long a lock lasts) is `app::secrets`, its only caller.

use diesel::prelude::*;

use super::connection::AnyConnection;
use super::schema::secret_checks::dsl as sc;

/// Whether a try may go ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// Counted as a failure until `succeeded` says otherwise.
    Granted,
    /// Locked until this time (ms).
    Locked { until: i64 },
}

/// Reserves one try of `key`: it is counted before the secret is checked, in one conditional
/// UPDATE, so parallel guesses can never pass `max_failures` between check and count.
pub fn claim_try(
    conn: &mut AnyConnection,
    key: &str,
    max_failures: i32,
    now: i64,
) -> QueryResult<Claim> {
    let row = (sc::key.eq(key), sc::failures.eq(0), sc::lockouts.eq(0));
    match conn {
        AnyConnection::Sqlite(c) => diesel::insert_into(sc::secret_checks)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
        AnyConnection::Postgresql(c) => diesel::insert_into(sc::secret_checks)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c)?,
    };
    let granted = diesel::update(
        sc::secret_checks
            .find(key)
            .filter(sc::failures.lt(max_failures))
            .filter(sc::locked_until.is_null().or(sc::locked_until.le(now))),
    )
    .set(sc::failures.eq(sc::failures + 1))
    .execute(conn)?;
    if granted == 1 {
        return Ok(Claim::Granted);
    }
    let until: Option<i64> = sc::secret_checks
        .find(key)
        .select(sc::locked_until)
        .first(conn)?;
    // Between the last allowed failure and its lock being written, report a short wait.
    Ok(Claim::Locked {
        until: until.filter(|&u| u > now).unwrap_or(now + 60_000),
    })
}

/// After a failed try: when the failures reached `max_failures`, locks the key for
/// `lock_ms(lockouts so far)` and starts counting again; returns the lock's end if it locked.
pub fn failed(
    conn: &mut AnyConnection,
    key: &str,
    max_failures: i32,
    lock_ms: impl Fn(i32) -> i64,
    now: i64,
) -> QueryResult<Option<i64>> {
    let (failures, lockouts): (i32, i32) = sc::secret_checks
        .find(key)
        .select((sc::failures, sc::lockouts))
        .first(conn)?;
    if failures < max_failures {
        return Ok(None);
    }
    let until = now + lock_ms(lockouts);
    let locked = diesel::update(
        sc::secret_checks
            .find(key)
            .filter(sc::failures.ge(max_failures)),
    )
    .set((
        sc::locked_until.eq(Some(until)),
        sc::lockouts.eq(sc::lockouts + 1),
        sc::failures.eq(0),
    ))
    .execute(conn)?;
    Ok((locked == 1).then_some(until))
}

/// Forgets the failures of `key`: after a right answer, or when a grown-up unlocks a child.
pub fn clear(conn: &mut AnyConnection, key: &str) -> QueryResult<()> {
    diesel::delete(sc::secret_checks.find(key))
        .execute(conn)
        .map(|_| ())
}

/// The end of the key's lock, if it is locked at `now`.
pub fn locked_until(conn: &mut AnyConnection, key: &str, now: i64) -> QueryResult<Option<i64>> {
    let until: Option<Option<i64>> = sc::secret_checks
        .find(key)
        .select(sc::locked_until)
        .first(conn)
        .optional()?;
    Ok(until.flatten().filter(|&u| u > now))
}
