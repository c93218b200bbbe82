//! The teacher's editing pages (ARCHITECTURE.md "The problem editor"): the set page and the
//! problem editor are for the set's owner; an admin may look (read only: the API lets only the
//! owner change a set); a learner or parent is refused (403), another teacher finds nothing
//! (404, as with `sets::own_set`). The pages change nothing themselves: their scripts call the
//! sets API, whose use cases (`app::sets`) check again.

use std::sync::Arc;

use super::actor::{Actor, Admin, Teacher};
use super::error::AppError;
use super::sets::own_set;
use super::state::AppState;
use crate::db::sets::{self as store, VersionRow};
use crate::db::{ProblemRow, ProblemSetRow};
use crate::problem::Problem;

/// A set as its editor sees it: every current problem, parsed.
pub struct EditedSet {
    pub set: ProblemSetRow,
    pub problems: Vec<(ProblemRow, VersionRow, Arc<Problem>)>,
    /// The owner (false: an admin looking).
    pub may_change: bool,
}

/// One problem opened in the editor.
pub struct EditedProblem {
    pub set: ProblemSetRow,
    pub row: ProblemRow,
    pub version: VersionRow,
    pub problem: Arc<Problem>,
    pub may_change: bool,
}

/// The set the actor may open in the editor: the owning teacher's live set, or any live
/// teacher's set for an admin.
fn editable(state: &AppState, actor: &Actor, id: i32) -> Result<(ProblemSetRow, bool), AppError> {
    let conn = &mut *state.conn()?;
    if Admin::of(actor).is_ok() {
        let set = store::set_by_id(conn, id)?
            .filter(|s| s.owner_id.is_some() && !s.retired)
            .ok_or(AppError::NotFound("set"))?;
        return Ok((set, false));
    }
    let me = Teacher::of(actor)?;
    Ok((own_set(conn, &me, id)?, true))
}

/// The set page: the set and its problems in order.
pub fn set_page(state: &AppState, actor: &Actor, id: i32) -> Result<EditedSet, AppError> {
    let (set, may_change) = editable(state, actor, id)?;
    let rows = store::set_problems(&mut *state.conn()?, set.id)?;
    // The connection is back in the pool before the problems are parsed.
    let problems = rows
        .into_iter()
        .map(|(r, v)| {
            let p = state.problem_view(&r, 0)?;
            Ok((r, v, p))
        })
        .collect::<Result<_, AppError>>()?;
    Ok(EditedSet {
        set,
        problems,
        may_change,
    })
}

/// The editor for a new problem of the set: the set, if the actor may open it.
pub fn new_problem(
    state: &AppState,
    actor: &Actor,
    id: i32,
) -> Result<(ProblemSetRow, bool), AppError> {
    editable(state, actor, id)
}

/// A current problem of the set, opened in the editor (an old version or another set's: 404).
pub fn problem(
    state: &AppState,
    actor: &Actor,
    set: i32,
    pid: i32,
) -> Result<EditedProblem, AppError> {
    let (set, may_change) = editable(state, actor, set)?;
    let (row, version) = store::problem_version(&mut *state.conn()?, pid)?
        .filter(|(r, v)| r.set_id == set.id && !v.retired)
        .ok_or(AppError::NotFound("problem"))?;
    let problem = state.problem_view(&row, 0)?;
    Ok(EditedProblem {
        set,
        row,
        version,
        problem,
        may_change,
    })
}
