//! The writer's statements for a batch of answers, written so that diesel prepares each once per
//! connection and keeps it (ARCHITECTURE.md "An answer", step 4). diesel never caches an UPDATE
//! or an `sql_query`, nor a multi-row INSERT whose row count varies, so the DSL would parse and
//! plan them again for every batch: on SQLite that was half the answer path's instructions.
//! Each statement here has fixed SQL and a static query id:
//! - SQLite (in-process, no round trips): one UPDATE and one INSERT per move, run from the cache;
//! - PostgreSQL: one UPDATE and one INSERT per batch whatever its size, the rows passed as arrays
//!   and spread with `unnest`, so a batch costs one round trip per statement and no parsing.

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text};
use diesel::sqlite::Sqlite;
use diesel::{PgConnection, QueryResult, RunQueryDsl, SqliteConnection};

use super::enums::AttemptResult;
use super::models::NewAttemptMove;
use super::queries::Advance;

/// Moves one attempt on when it is open at the expected sequence number (SQLite).
struct AdvanceOne<'a> {
    a: &'a Advance,
    ended: Option<i64>,
}

impl QueryId for AdvanceOne<'_> {
    type QueryId = AdvanceOne<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Sqlite> for AdvanceOne<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        out.push_sql("UPDATE attempts SET move_count = move_count + ");
        out.push_bind_param::<Integer, _>(&self.a.added)?;
        out.push_sql(", result = ");
        out.push_bind_param::<Text, _>(self.a.result.as_str())?;
        out.push_sql(", ended_at = ");
        out.push_bind_param::<Nullable<BigInt>, _>(&self.ended)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<Integer, _>(&self.a.attempt_id)?;
        out.push_sql(" AND result = 'open' AND move_count = ");
        out.push_bind_param::<Integer, _>(&self.a.seq)?;
        Ok(())
    }
}

impl RunQueryDsl<SqliteConnection> for AdvanceOne<'_> {}

/// One stored move (SQLite).
struct InsertOne<'a>(&'a NewAttemptMove);

impl QueryId for InsertOne<'_> {
    type QueryId = InsertOne<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Sqlite> for InsertOne<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        let m = self.0;
        out.push_sql(
            "INSERT INTO attempt_moves (attempt_id, seq, mv, by_learner, judged, comment, \
             ms_since_prev, created_at) VALUES (",
        );
        out.push_bind_param::<Integer, _>(&m.attempt_id)?;
        out.push_sql(", ");
        out.push_bind_param::<Integer, _>(&m.seq)?;
        out.push_sql(", ");
        out.push_bind_param::<Text, _>(&m.mv)?;
        out.push_sql(", ");
        out.push_bind_param::<Bool, _>(&m.by_learner)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&m.judged)?;
        out.push_sql(", ");
        out.push_bind_param::<Nullable<Text>, _>(&m.comment)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&m.ms_since_prev)?;
        out.push_sql(", ");
        out.push_bind_param::<BigInt, _>(&m.created_at)?;
        out.push_sql(")");
        Ok(())
    }
}

impl RunQueryDsl<SqliteConnection> for InsertOne<'_> {}

/// SQLite: the ids of the attempts moved on, one cached UPDATE each.
pub fn advance_sqlite(
    c: &mut SqliteConnection,
    all: &[Advance],
    now: i64,
) -> QueryResult<Vec<i32>> {
    let mut won = Vec::with_capacity(all.len());
    for a in all {
        let ended = (a.result != AttemptResult::Open).then_some(now);
        if (AdvanceOne { a, ended }).execute(c)? == 1 {
            won.push(a.attempt_id);
        }
    }
    Ok(won)
}

/// SQLite: the moves, one cached INSERT each.
pub fn insert_sqlite(c: &mut SqliteConnection, moves: &[NewAttemptMove]) -> QueryResult<()> {
    for m in moves {
        InsertOne(m).execute(c)?;
    }
    Ok(())
}

/// Moves on every attempt of a batch that is open at its expected sequence number, and returns
/// their ids (PostgreSQL: one prepared statement, the batch as arrays).
struct AdvanceMany {
    ids: Vec<i32>,
    seqs: Vec<i32>,
    added: Vec<i32>,
    results: Vec<&'static str>,
    ended: Vec<Option<i64>>,
}

impl QueryId for AdvanceMany {
    type QueryId = AdvanceMany;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for AdvanceMany {
    type SqlType = Integer;
}

impl QueryFragment<Pg> for AdvanceMany {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "UPDATE attempts SET move_count = attempts.move_count + v.added, result = v.result, \
             ended_at = v.ended FROM unnest(",
        );
        out.push_bind_param::<Array<Integer>, _>(&self.ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.seqs)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.added)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.results)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<BigInt>>, _>(&self.ended)?;
        out.push_sql(
            ") AS v(id, seq, added, result, ended) WHERE attempts.id = v.id \
             AND attempts.result = 'open' AND attempts.move_count = v.seq RETURNING attempts.id",
        );
        Ok(())
    }
}

impl RunQueryDsl<PgConnection> for AdvanceMany {}

/// PostgreSQL: the ids of the attempts moved on, one round trip for the batch.
pub fn advance_pg(c: &mut PgConnection, all: &[Advance], now: i64) -> QueryResult<Vec<i32>> {
    let q = AdvanceMany {
        ids: all.iter().map(|a| a.attempt_id).collect(),
        seqs: all.iter().map(|a| a.seq).collect(),
        added: all.iter().map(|a| a.added).collect(),
        results: all.iter().map(|a| a.result.as_str()).collect(),
        ended: all
            .iter()
            .map(|a| (a.result != AttemptResult::Open).then_some(now))
            .collect(),
    };
    q.load::<i32>(c)
}

/// Every move of a batch (PostgreSQL: one prepared INSERT, the rows as arrays).
struct InsertMany<'a> {
    attempt_ids: Vec<i32>,
    seqs: Vec<i32>,
    mvs: Vec<&'a str>,
    by_learner: Vec<bool>,
    judged: Vec<Option<&'a str>>,
    comments: Vec<Option<&'a str>>,
    ms: Vec<i64>,
    created: Vec<i64>,
}

impl QueryId for InsertMany<'_> {
    type QueryId = InsertMany<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Pg> for InsertMany<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql(
            "INSERT INTO attempt_moves (attempt_id, seq, mv, by_learner, judged, comment, \
             ms_since_prev, created_at) SELECT * FROM unnest(",
        );
        out.push_bind_param::<Array<Integer>, _>(&self.attempt_ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.seqs)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Text>, _>(&self.mvs)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Bool>, _>(&self.by_learner)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<Text>>, _>(&self.judged)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Nullable<Text>>, _>(&self.comments)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<BigInt>, _>(&self.ms)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<BigInt>, _>(&self.created)?;
        out.push_sql(")");
        Ok(())
    }
}

impl RunQueryDsl<PgConnection> for InsertMany<'_> {}

/// PostgreSQL: the moves of a batch in one round trip.
pub fn insert_pg(c: &mut PgConnection, moves: &[NewAttemptMove]) -> QueryResult<()> {
    let q = InsertMany {
        attempt_ids: moves.iter().map(|m| m.attempt_id).collect(),
        seqs: moves.iter().map(|m| m.seq).collect(),
        mvs: moves.iter().map(|m| m.mv.as_str()).collect(),
        by_learner: moves.iter().map(|m| m.by_learner).collect(),
        judged: moves.iter().map(|m| m.judged.as_deref()).collect(),
        comments: moves.iter().map(|m| m.comment.as_deref()).collect(),
        ms: moves.iter().map(|m| m.ms_since_prev).collect(),
        created: moves.iter().map(|m| m.created_at).collect(),
    };
    q.execute(c).map(drop)
}

/// The statement that takes the write lock at the start of a batch (`queries::take_write_lock`),
/// kept prepared: SQLite's write that changes nothing, PostgreSQL's transaction-scoped advisory
/// lock.
pub struct WriteLock;

impl QueryId for WriteLock {
    type QueryId = WriteLock;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryFragment<Sqlite> for WriteLock {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        out.push_sql("DELETE FROM secret_checks WHERE key = ''");
        Ok(())
    }
}

impl QueryFragment<Pg> for WriteLock {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("SELECT pg_advisory_xact_lock(5366)");
        Ok(())
    }
}

impl RunQueryDsl<SqliteConnection> for WriteLock {}
impl RunQueryDsl<PgConnection> for WriteLock {}
