//! The writer's statements for a batch of answers, written so that diesel prepares each once per
//! connection and keeps it (ARCHITECTURE.md "An answer", step 4). diesel never caches an UPDATE
//! or an `sql_query`, nor a multi-row INSERT whose row count varies, so the DSL would parse and
//! plan them again for every batch: on SQLite that was half the answer path's instructions.
//! Each statement here has fixed SQL and a static query id:
//! - SQLite (in-process, no round trips): one UPDATE and one INSERT per move, run from the cache;
//! - PostgreSQL: one statement per batch whatever its size (a data-modifying CTE: UPDATE the
//!   attempts, INSERT the winners' rows), the batch passed as arrays and spread with `unnest`, so
//!   storing a batch is one round trip and no parsing.

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text};
use diesel::sqlite::Sqlite;
use diesel::{PgConnection, QueryResult, RunQueryDsl, SqliteConnection};

use super::enums::AttemptResult;
use super::models::NewAttemptMove;
use super::queries::{Advance, MoveBatchItem};

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

/// SQLite (in-process, no round trips): per answer one cached UPDATE and, when it won, one
/// cached INSERT per row.
pub fn store_sqlite(
    c: &mut SqliteConnection,
    items: &[MoveBatchItem],
    now: i64,
) -> QueryResult<Vec<bool>> {
    let mut won = Vec::with_capacity(items.len());
    for item in items {
        let a = &item.advance;
        let ended = (a.result != AttemptResult::Open).then_some(now);
        // A second answer to an attempt in one batch expects the same state: it loses here.
        let wins = (AdvanceOne { a, ended }).execute(c)? == 1;
        if wins {
            for m in item.rows {
                InsertOne(m).execute(c)?;
            }
        }
        won.push(wins);
    }
    Ok(won)
}

/// The whole batch in one statement (PostgreSQL): the answers as arrays, `unnest`ed; a
/// data-modifying CTE moves on the attempts that are open at their expected sequence number, the
/// rows of the answers that won are inserted, and the winners' positions in the batch come back.
/// Where two answers of the batch name one attempt, the UPDATE uses one of them (the other is
/// not returned, and its rows are not inserted).
struct StoreMany<'a> {
    idx: Vec<i32>,
    ids: Vec<i32>,
    seqs: Vec<i32>,
    added: Vec<i32>,
    results: Vec<&'static str>,
    ended: Vec<Option<i64>>,
    row_item: Vec<i32>,
    attempt_ids: Vec<i32>,
    row_seqs: Vec<i32>,
    mvs: Vec<&'a str>,
    by_learner: Vec<bool>,
    judged: Vec<Option<&'a str>>,
    comments: Vec<Option<&'a str>>,
    ms: Vec<i64>,
    created: Vec<i64>,
}

impl QueryId for StoreMany<'_> {
    type QueryId = StoreMany<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for StoreMany<'_> {
    type SqlType = Integer;
}

impl QueryFragment<Pg> for StoreMany<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // The write lock first (`queries::WRITE_LOCK`; the batch may be its own transaction):
        // every row of v, so every row the statement locks, waits for it. Inside a batch's
        // transaction, which holds the lock already, taking it again costs nothing.
        out.push_sql(concat!(
            "WITH lk AS MATERIALIZED (SELECT pg_advisory_xact_lock(",
            super::queries::write_lock!(),
            ")), v AS (SELECT v.* FROM lk, unnest("
        ));
        out.push_bind_param::<Array<Integer>, _>(&self.idx)?;
        out.push_sql(", ");
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
            ") AS v(idx, id, seq, added, result, ended)), \
             won AS (UPDATE attempts SET move_count = attempts.move_count + v.added, \
             result = v.result, ended_at = v.ended FROM v WHERE attempts.id = v.id \
             AND attempts.result = 'open' AND attempts.move_count = v.seq RETURNING v.idx), \
             stored AS (INSERT INTO attempt_moves (attempt_id, seq, mv, by_learner, judged, \
             comment, ms_since_prev, created_at) SELECT m.attempt_id, m.seq, m.mv, \
             m.by_learner, m.judged, m.comment, m.ms, m.created FROM unnest(",
        );
        out.push_bind_param::<Array<Integer>, _>(&self.row_item)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.attempt_ids)?;
        out.push_sql(", ");
        out.push_bind_param::<Array<Integer>, _>(&self.row_seqs)?;
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
        out.push_sql(
            ") AS m(item, attempt_id, seq, mv, by_learner, judged, comment, ms, created) \
             WHERE m.item IN (SELECT idx FROM won)) SELECT idx FROM won",
        );
        Ok(())
    }
}

impl RunQueryDsl<PgConnection> for StoreMany<'_> {}

/// PostgreSQL: the batch in one round trip.
pub fn store_pg(c: &mut PgConnection, items: &[MoveBatchItem], now: i64) -> QueryResult<Vec<bool>> {
    let mut q = StoreMany {
        idx: (0..items.len() as i32).collect(),
        ids: items.iter().map(|i| i.advance.attempt_id).collect(),
        seqs: items.iter().map(|i| i.advance.seq).collect(),
        added: items.iter().map(|i| i.advance.added).collect(),
        results: items.iter().map(|i| i.advance.result.as_str()).collect(),
        ended: items
            .iter()
            .map(|i| (i.advance.result != AttemptResult::Open).then_some(now))
            .collect(),
        row_item: Vec::new(),
        attempt_ids: Vec::new(),
        row_seqs: Vec::new(),
        mvs: Vec::new(),
        by_learner: Vec::new(),
        judged: Vec::new(),
        comments: Vec::new(),
        ms: Vec::new(),
        created: Vec::new(),
    };
    for (n, item) in items.iter().enumerate() {
        for m in item.rows {
            q.row_item.push(n as i32);
            q.attempt_ids.push(m.attempt_id);
            q.row_seqs.push(m.seq);
            q.mvs.push(&m.mv);
            q.by_learner.push(m.by_learner);
            q.judged.push(m.judged.as_deref());
            q.comments.push(m.comment.as_deref());
            q.ms.push(m.ms_since_prev);
            q.created.push(m.created_at);
        }
    }
    let won = q.load::<i32>(c)?;
    let mut wins = vec![false; items.len()];
    for i in won {
        if let Some(w) = wins.get_mut(i as usize) {
            *w = true;
        }
    }
    Ok(wins)
}
