//! The queries, written once for both backends. Multi-row writes run in one transaction:
//! an import or an acknowledged move is all or nothing.

use diesel::prelude::*;

use super::connection::AnyConnection;
use super::enums::AttemptResult;
use super::models::*;
use super::schema::{attempt_moves, attempts, problem_sets, problems};
use crate::go::Point;
use crate::go::sgf;
use crate::problem::{Problem, from_sgf};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A problem to store: where it came from and its own SGF text.
pub struct ImportItem {
    /// File name, with `#k` for the k-th tree (from 0) of a collection: provenance only.
    pub file: String,
    /// This problem's game tree alone, as SGF (UTF-8): [`stored_problem`] reads it back.
    pub sgf: String,
    pub problem: Problem,
}

/// The problem of a stored row, from its `sgf` and `file` columns. A row holds its own game tree;
/// rows stored before that hold the whole collection file, and the `#k` suffix of `file` picks
/// the tree (`#0` when absent). Err says why the text does not read back.
pub fn stored_problem(sgf: &str, file: &str) -> Result<Problem, String> {
    let parsed = sgf::parse(sgf.as_bytes()).map_err(|e| format!("not SGF: {e}"))?;
    stored_in(&parsed, file)
}

/// [`stored_problem`] on text already parsed.
fn stored_in(parsed: &sgf::Sgf, file: &str) -> Result<Problem, String> {
    let index = match parsed.tree_count() {
        1 => 0,
        _ => file
            .rsplit_once('#')
            .and_then(|(_, k)| k.parse::<usize>().ok())
            .unwrap_or(0),
    };
    let root = parsed
        .root(index)
        .ok_or_else(|| format!("no game tree #{index} in the stored text"))?;
    let mut problem = from_sgf(root).map_err(|e| e.to_string())?;
    problem
        .warnings
        .splice(0..0, parsed.warnings.iter().cloned());
    Ok(problem)
}

/// Whether two readings are the same problem: position, side to play and tree (not the reader's
/// warnings, which depend on the text around the tree).
fn same_problem(a: &Problem, b: &Problem) -> bool {
    a.size == b.size
        && a.black == b.black
        && a.white == b.white
        && a.to_play == b.to_play
        && a.tree == b.tree
}

/// Starting rating of a problem before anyone has tried it (Glicko-2 scale): from its graded
/// level when it has one (generated problems), else from its kind.
fn initial_rating(p: &Problem) -> f64 {
    use crate::problem::Kind::*;
    if let Some(level) = crate::problem::level_of(p) {
        return crate::rating::level_start(level);
    }
    match p.kind {
        Capture | Escape => 900.0,
        Ladder | Net | Snapback | Connect | Cut => 1100.0,
        Live | Kill | Ko | CapturingRace | LifeAndDeath => 1500.0,
    }
}

fn points(v: &[Point]) -> String {
    v.iter().map(|p| p.to_sgf()).collect()
}

/// The id of the set with this slug, created when missing.
pub fn ensure_set(
    conn: &mut AnyConnection,
    slug: &str,
    name: &str,
    source: Option<&str>,
) -> QueryResult<i32> {
    if let Some(id) = problem_sets::table
        .filter(problem_sets::slug.eq(slug))
        .select(problem_sets::id)
        .first::<i32>(conn)
        .optional()?
    {
        return Ok(id);
    }
    diesel::insert_into(problem_sets::table)
        .values(&NewProblemSet {
            slug,
            name,
            description: None,
            source,
            created_at: now_ms(),
        })
        .execute(conn)?;
    problem_sets::table
        .filter(problem_sets::slug.eq(slug))
        .select(problem_sets::id)
        .first(conn)
}

/// Adds problems to a set after its existing ones, in one transaction. Problems already in the
/// set (same file and source text) are skipped. Returns (added, skipped).
pub fn import_into_set(
    conn: &mut AnyConnection,
    set_id: i32,
    items: &[ImportItem],
) -> QueryResult<(usize, usize)> {
    conn.transaction(|conn| {
        let mut next: i32 = problems::table
            .filter(problems::set_id.eq(set_id))
            .select(diesel::dsl::max(problems::position))
            .first::<Option<i32>>(conn)?
            .map_or(1, |m| m + 1);
        let (mut added, mut skipped) = (0, 0);
        let mut legacy = LegacyTexts::default();
        for item in items {
            if already_stored(conn, set_id, item, &mut legacy)? {
                skipped += 1;
                continue;
            }
            diesel::insert_into(problems::table)
                .values(&new_problem(set_id, next, item))
                .execute(conn)?;
            next += 1;
            added += 1;
        }
        Ok((added, skipped))
    })
}

/// The row of a problem to store at `position` of a set (version 1).
pub(crate) fn new_problem(set_id: i32, position: i32, item: &ImportItem) -> NewProblem {
    let p = &item.problem;
    let vp = p.viewport;
    NewProblem {
        set_id,
        position,
        file: item.file.clone(),
        sgf: item.sgf.clone(),
        size: i32::from(p.size),
        to_play: p.to_play.sgf_letter().to_string(),
        kind: p.kind.as_str().to_string(),
        black: points(&p.black),
        white: points(&p.white),
        vp_x0: i32::from(vp.x0),
        vp_y0: i32::from(vp.y0),
        vp_x1: i32::from(vp.x1),
        vp_y1: i32::from(vp.y1),
        name: p.name.clone(),
        comment: p.comment.clone(),
        source: p.source.clone(),
        rating: initial_rating(p),
        rating_rd: 350.0,
        rating_vol: 0.06,
        created_at: now_ms(),
    }
}

/// Whether the set holds this problem already: a row of the same file with the same text, or a
/// legacy row of the same file (the whole collection text) whose tree reads as the same problem.
fn already_stored(
    conn: &mut AnyConnection,
    set_id: i32,
    item: &ImportItem,
    legacy: &mut LegacyTexts,
) -> QueryResult<bool> {
    let stored: Vec<String> = problems::table
        .filter(problems::set_id.eq(set_id))
        .filter(problems::file.eq(&item.file))
        .select(problems::sgf)
        .load(conn)?;
    Ok(stored.iter().any(|text| {
        *text == item.sgf
            || legacy
                .problem(text, &item.file)
                .is_some_and(|p| same_problem(&p, &item.problem))
    }))
}

/// Legacy rows of one collection all hold the same text: it is parsed once per import, not once
/// per row (a 4,000-tree file would otherwise be read 4,000 times).
#[derive(Default)]
struct LegacyTexts {
    last: Option<(String, sgf::Sgf)>,
}

impl LegacyTexts {
    /// The problem a legacy row holds, None when the text holds one tree (not legacy) or does not
    /// read back.
    fn problem(&mut self, text: &str, file: &str) -> Option<Problem> {
        if self.last.as_ref().is_none_or(|(t, _)| t != text) {
            let parsed = sgf::parse(text.as_bytes()).ok()?;
            self.last = Some((text.to_string(), parsed));
        }
        let (_, parsed) = self.last.as_ref()?;
        (parsed.tree_count() > 1)
            .then(|| stored_in(parsed, file).ok())
            .flatten()
    }
}

/// The sets the bank shows everyone: public and not deleted (ARCHITECTURE.md "Teachers' sets").
/// Problems of other sets are reached through their set or an assignment only.
pub fn public_sets() -> PublicSets {
    problem_sets::table
        .filter(problem_sets::visibility.eq(PUBLIC))
        .filter(problem_sets::retired.eq(false))
        .select(problem_sets::id)
}

/// The visibility of a set everyone sees.
pub const PUBLIC: &str = "public";

type PublicSets = diesel::dsl::Select<
    diesel::dsl::Filter<
        diesel::dsl::Filter<
            problem_sets::table,
            diesel::dsl::Eq<problem_sets::visibility, &'static str>,
        >,
        diesel::dsl::Eq<problem_sets::retired, bool>,
    >,
    problem_sets::id,
>;

/// Filters of the problem list.
#[derive(Debug, Default, Clone)]
pub struct ProblemFilter {
    pub kind: Option<String>,
    pub set: Option<String>,
    pub min_rating: Option<f64>,
    pub max_rating: Option<f64>,
    pub limit: i64,
    pub offset: i64,
}

/// Problems matching the filter, in set order.
pub fn list_problems(conn: &mut AnyConnection, f: &ProblemFilter) -> QueryResult<Vec<ProblemRow>> {
    let mut q = problems::table
        .filter(problems::retired.eq(false))
        .filter(problems::set_id.eq_any(public_sets()))
        .into_boxed();
    if let Some(kind) = &f.kind {
        q = q.filter(problems::kind.eq(kind.clone()));
    }
    if let Some(set) = &f.set {
        let ids = problem_sets::table
            .filter(problem_sets::slug.eq(set.clone()))
            .select(problem_sets::id);
        q = q.filter(problems::set_id.eq_any(ids));
    }
    if let Some(min) = f.min_rating {
        q = q.filter(problems::rating.ge(min));
    }
    if let Some(max) = f.max_rating {
        q = q.filter(problems::rating.le(max));
    }
    q.order((problems::set_id, problems::position))
        .limit(f.limit)
        .offset(f.offset)
        .select(ProblemRow::as_select())
        .load(conn)
}

pub fn get_problem(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<ProblemRow>> {
    problems::table
        .find(id)
        .select(ProblemRow::as_select())
        .first(conn)
        .optional()
}

/// The problem after `id` in the same set, if any.
pub fn next_in_set(conn: &mut AnyConnection, row: &ProblemRow) -> QueryResult<Option<i32>> {
    problems::table
        .filter(problems::set_id.eq(row.set_id))
        .filter(problems::position.gt(row.position))
        .filter(problems::retired.eq(false))
        .order(problems::position)
        .select(problems::id)
        .first(conn)
        .optional()
}

/// Every set with its number of problems.
pub fn list_sets(conn: &mut AnyConnection) -> QueryResult<Vec<(ProblemSetRow, i64)>> {
    let sets: Vec<ProblemSetRow> = problem_sets::table
        .filter(problem_sets::visibility.eq(PUBLIC))
        .filter(problem_sets::retired.eq(false))
        .order(problem_sets::id)
        .select(ProblemSetRow::as_select())
        .load(conn)?;
    let mut out = Vec::with_capacity(sets.len());
    for s in sets {
        let n = problems::table
            .filter(problems::set_id.eq(s.id))
            .filter(problems::retired.eq(false))
            .count()
            .get_result(conn)?;
        out.push((s, n));
    }
    Ok(out)
}

pub fn get_set(conn: &mut AnyConnection, slug: &str) -> QueryResult<Option<ProblemSetRow>> {
    problem_sets::table
        .filter(problem_sets::slug.eq(slug))
        .filter(problem_sets::visibility.eq(PUBLIC))
        .filter(problem_sets::retired.eq(false))
        .select(ProblemSetRow::as_select())
        .first(conn)
        .optional()
}

pub fn count_problems(conn: &mut AnyConnection) -> QueryResult<i64> {
    problems::table.count().get_result(conn)
}

/// What an attempt is: which problem, whose (None = a guest), whether it is rated, how the
/// problem is shown, and the review or assessment it belongs to.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttemptSpec {
    pub problem_id: i32,
    pub learner_id: Option<i32>,
    pub rated: bool,
    /// Symmetry 0–7, plus 8 when the colours are swapped.
    pub view: i32,
    pub review_id: Option<i32>,
    pub assessment_id: Option<i32>,
}

/// Starts an attempt (guest when `learner_id` is None).
pub fn insert_attempt(conn: &mut AnyConnection, spec: &AttemptSpec) -> QueryResult<AttemptRow> {
    let new = NewAttempt {
        problem_id: spec.problem_id,
        learner_id: spec.learner_id,
        started_at: now_ms(),
        ended_at: None,
        result: AttemptResult::Open,
        rated: spec.rated,
        view: spec.view,
        review_id: spec.review_id,
        assessment_id: spec.assessment_id,
    };
    let id: i32 = match conn {
        AnyConnection::Sqlite(c) => diesel::insert_into(attempts::table)
            .values(&new)
            .returning(attempts::id)
            .get_result(c)?,
        AnyConnection::Postgresql(c) => diesel::insert_into(attempts::table)
            .values(&new)
            .returning(attempts::id)
            .get_result(c)?,
    };
    attempts::table
        .find(id)
        .select(AttemptRow::as_select())
        .first(conn)
}

/// An attempt with its moves in order.
pub fn get_attempt(
    conn: &mut AnyConnection,
    id: i32,
) -> QueryResult<Option<(AttemptRow, Vec<AttemptMoveRow>)>> {
    let Some(a) = attempts::table
        .find(id)
        .select(AttemptRow::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    let moves = attempt_moves::table
        .filter(attempt_moves::attempt_id.eq(id))
        .order(attempt_moves::seq)
        .select(AttemptMoveRow::as_select())
        .load(conn)?;
    Ok(Some((a, moves)))
}

/// The moves of several attempts, by attempt, in order.
pub fn attempts_moves(
    conn: &mut AnyConnection,
    ids: &[i32],
) -> QueryResult<std::collections::HashMap<i32, Vec<AttemptMoveRow>>> {
    let rows = attempt_moves::table
        .filter(attempt_moves::attempt_id.eq_any(ids))
        .order((attempt_moves::attempt_id, attempt_moves::seq))
        .select(AttemptMoveRow::as_select())
        .load(conn)?;
    let mut by = std::collections::HashMap::<i32, Vec<AttemptMoveRow>>::new();
    for m in rows {
        by.entry(m.attempt_id).or_default().push(m);
    }
    Ok(by)
}

/// One attempt to move on: by `added` moves from exactly `seq`, ended when `result` is final.
#[derive(Debug, Clone, Copy)]
pub struct Advance {
    pub attempt_id: i32,
    pub seq: i32,
    pub added: i32,
    pub result: AttemptResult,
}

/// One answer of the writer's batch: the attempt to move on and the rows to store if it does.
pub struct MoveBatchItem<'a> {
    pub advance: Advance,
    pub rows: &'a [NewAttemptMove],
}

/// Stores the answers of the writer's batch: each attempt is moved on with a conditional UPDATE
/// (open, at exactly `seq`), so of two writers that saw the same state only one wins, and only
/// the winners' rows are inserted. Returns, per item, whether it won (of two items for one
/// attempt at most one wins). Statements prepared once per connection (`db::batch`):
/// SQLite runs them per answer, PostgreSQL once for the whole batch.
pub fn store_moves(conn: &mut AnyConnection, items: &[MoveBatchItem]) -> QueryResult<Vec<bool>> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    match conn {
        AnyConnection::Sqlite(c) => super::batch::store_sqlite(c, items, now_ms()),
        AnyConnection::Postgresql(c) => super::batch::store_pg(c, items, now_ms()),
    }
}

/// The number of the PostgreSQL advisory lock every writer batch holds until it commits (see
/// [`write_transaction`]), as a literal so that the statements spell it at compile time.
macro_rules! write_lock {
    () => {
        5366
    };
}
pub(super) use write_lock;

/// The PostgreSQL advisory lock every writer batch holds until it commits.
pub const WRITE_LOCK: i64 = write_lock!();

/// Whether a batch of moves alone, with nothing run after them, is stored atomically without a
/// transaction around it: on PostgreSQL [`store_moves`] is one statement (its own transaction,
/// taking the write lock first), so such a batch is one round trip; SQLite's store is several
/// statements and needs [`write_transaction`].
pub fn moves_store_alone(conn: &AnyConnection) -> bool {
    matches!(conn, AnyConnection::Postgresql(_))
}

/// Runs the writer's batch in one transaction opened holding the write lock, in one statement,
/// committed when `f` succeeds and rolled back when it fails; jobs inside use savepoints
/// (`Connection::transaction` nests). SQLite: BEGIN IMMEDIATE, since a deferred transaction
/// cannot upgrade a read snapshot that another connection's commit made stale
/// (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out). PostgreSQL: batches of several
/// servers would lock the same attempts, learners and problems in different orders and deadlock,
/// so a transaction-scoped advisory lock, taken in the BEGIN's round trip, makes them commit one
/// after another.
pub fn write_transaction(
    conn: &mut AnyConnection,
    f: impl FnOnce(&mut AnyConnection) -> QueryResult<()>,
) -> QueryResult<()> {
    use diesel::connection::{AnsiTransactionManager as Tm, SimpleConnection, TransactionManager};
    match conn {
        AnyConnection::Sqlite(c) => Tm::begin_transaction_sql(c, "BEGIN IMMEDIATE")?,
        AnyConnection::Postgresql(c) => {
            let begin = concat!("BEGIN; SELECT pg_advisory_xact_lock(", write_lock!(), ")");
            let begun = Tm::begin_transaction_sql(c, begin);
            if begun.is_err() {
                // The BEGIN may have run without the lock: leave no transaction open.
                let _ = c.batch_execute("ROLLBACK");
            }
            begun?
        }
    }
    type Any = <AnyConnection as Connection>::TransactionManager;
    match f(conn) {
        Ok(()) => Any::commit_transaction(conn),
        Err(e) => {
            let _ = Any::rollback_transaction(conn);
            Err(e)
        }
    }
}
