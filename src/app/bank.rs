//! Reading the problem bank: lists with filters, one problem with the next in its set, the sets.
//! Everyone may read the bank; the filters are checked here (kinds, lengths, limits) so that the
//! pages and the API accept the same queries. Reads are served from `app::reads` for a moment;
//! whatever edits the bank calls `invalidate`.

use super::error::AppError;
use super::reads::Reads;
use super::state::AppState;
use super::text;
use crate::db::{self, ProblemFilter, ProblemRow, ProblemSetRow};
use std::sync::Arc;

/// The bank's reads kept in memory (see `app::reads`).
#[derive(Default)]
pub struct BankReads {
    lists: Reads<String, Vec<ProblemRow>>,
    problems: Reads<i32, (ProblemRow, Option<i32>)>,
    sets: Reads<(), (SetSizes, Option<i32>)>,
}

/// A problem's copy is dropped (its rating moved with a rated game); lists follow within
/// `READ_TTL`.
pub fn rating_moved(state: &AppState, problem: i32) {
    state.bank.problems.forget(&problem);
}

/// Every copy of the bank's reads is dropped: call after any edit of problems or sets.
pub fn invalidate(state: &AppState) {
    state.bank.lists.invalidate();
    state.bank.problems.invalidate();
    state.bank.sets.invalidate();
}

/// Problems matching a filter, in set order (limit 1 to 500).
pub fn problems(state: &AppState, filter: ProblemFilter) -> Result<Vec<ProblemRow>, AppError> {
    if !(1..=500).contains(&filter.limit) || filter.offset < 0 {
        return Err(AppError::bad(
            "limit must be 1 to 500 and offset at least 0",
        ));
    }
    if let Some(kind) = &filter.kind {
        text::short(kind, "kind", 40)?;
        if crate::problem::Kind::parse(kind).is_none() {
            return Err(AppError::bad(format!("unknown kind '{kind}'")));
        }
    }
    if let Some(set) = &filter.set {
        text::short(set, "set", 100)?;
    }
    let key = format!("{filter:?}");
    let rows = state
        .bank
        .lists
        .get_or_load(&key, || -> Result<_, AppError> {
            Ok(db::list_problems(&mut *state.conn()?, &filter)?)
        })?;
    Ok(Vec::clone(&rows))
}

/// A problem and the next one in its set.
pub fn problem(state: &AppState, id: i32) -> Result<(ProblemRow, Option<i32>), AppError> {
    let found = state
        .bank
        .problems
        .get_or_load(&id, || -> Result<_, AppError> {
            let conn = &mut *state.conn()?;
            let row = db::get_problem(conn, id)?.ok_or(AppError::NotFound("problem"))?;
            let next = db::next_in_set(conn, &row)?;
            Ok((row, next))
        })?;
    Ok((*found).clone())
}

/// A problem and the next one in its set, when the actor may open it (`app::sets::may_open`).
pub fn problem_for(
    state: &AppState,
    actor: &super::Actor,
    id: i32,
) -> Result<(ProblemRow, Option<i32>), AppError> {
    let found = problem(state, id)?;
    super::sets::may_open(&mut *state.conn()?, actor, found.0.set_id)?;
    Ok(found)
}

/// Each set with its number of problems.
pub type SetSizes = Vec<(ProblemSetRow, i64)>;

/// The sets with their sizes, and the first problem of the bank (the home page's start).
pub fn sets(state: &AppState) -> Result<Arc<(SetSizes, Option<i32>)>, AppError> {
    state.bank.sets.get_or_load(&(), || load_sets(state))
}

fn load_sets(state: &AppState) -> Result<(SetSizes, Option<i32>), AppError> {
    let conn = &mut *state.conn()?;
    let sets = db::list_sets(conn)?;
    let first = db::list_problems(
        conn,
        &ProblemFilter {
            limit: 1,
            ..Default::default()
        },
    )?
    .first()
    .map(|p| p.id);
    Ok((sets, first))
}

/// One set by its slug, with its problems matching the filter.
pub fn set(
    state: &AppState,
    slug: &str,
    filter: ProblemFilter,
) -> Result<(ProblemSetRow, Vec<ProblemRow>), AppError> {
    text::short(slug, "set", 100)?;
    let set = db::get_set(&mut *state.conn()?, slug)?.ok_or(AppError::NotFound("set"))?;
    Ok((set, problems(state, filter)?))
}
