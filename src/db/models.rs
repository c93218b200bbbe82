//! Rows as diesel reads and writes them.

use diesel::prelude::*;

use super::schema::{attempt_moves, attempts, problem_sets, problems};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = problem_sets)]
pub struct ProblemSetRow {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub description: Option<String>,
    pub source: Option<String>,
    pub created_at: i64,
    /// The teacher who owns the set; None for the bank's own sets.
    pub owner_id: Option<i32>,
    /// private | class | public (ARCHITECTURE.md "Teachers' sets").
    pub visibility: String,
    /// Attribution of the set it was copied from.
    pub copied_from: Option<String>,
    /// Deleted by its owner but kept for the attempts at its problems.
    pub retired: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = problem_sets)]
pub struct NewProblemSet<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub source: Option<&'a str>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = problems)]
pub struct ProblemRow {
    pub id: i32,
    pub set_id: i32,
    pub position: i32,
    pub file: String,
    pub sgf: String,
    pub size: i32,
    pub to_play: String,
    pub kind: String,
    pub black: String,
    pub white: String,
    pub vp_x0: i32,
    pub vp_y0: i32,
    pub vp_x1: i32,
    pub vp_y1: i32,
    pub name: Option<String>,
    pub comment: Option<String>,
    pub source: Option<String>,
    pub rating: f64,
    pub rating_rd: f64,
    pub rating_vol: f64,
    pub created_at: i64,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = problems)]
pub struct NewProblem {
    pub set_id: i32,
    pub position: i32,
    pub file: String,
    pub sgf: String,
    pub size: i32,
    pub to_play: String,
    pub kind: String,
    pub black: String,
    pub white: String,
    pub vp_x0: i32,
    pub vp_y0: i32,
    pub vp_x1: i32,
    pub vp_y1: i32,
    pub name: Option<String>,
    pub comment: Option<String>,
    pub source: Option<String>,
    pub rating: f64,
    pub rating_rd: f64,
    pub rating_vol: f64,
    pub created_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = attempts)]
pub struct AttemptRow {
    pub id: i32,
    pub problem_id: i32,
    pub learner_id: Option<i32>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub result: super::AttemptResult,
    pub rated: bool,
    pub hints: i32,
    /// How the problem is shown: symmetry 0–7, plus 8 with colours swapped (reviews).
    pub view: i32,
    pub review_id: Option<i32>,
    pub assessment_id: Option<i32>,
    pub solution_viewed: bool,
    /// Moves stored so far (the learner's and the replies): the next move's sequence number.
    pub move_count: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = attempts)]
pub struct NewAttempt {
    pub problem_id: i32,
    pub learner_id: Option<i32>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub result: super::AttemptResult,
    pub rated: bool,
    pub view: i32,
    pub review_id: Option<i32>,
    pub assessment_id: Option<i32>,
}

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = attempt_moves)]
pub struct AttemptMoveRow {
    pub id: i32,
    pub attempt_id: i32,
    pub seq: i32,
    pub mv: String,
    pub by_learner: bool,
    pub judged: Option<String>,
    pub comment: Option<String>,
    pub ms_since_prev: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = attempt_moves)]
pub struct NewAttemptMove {
    pub attempt_id: i32,
    pub seq: i32,
    pub mv: String,
    pub by_learner: bool,
    pub judged: Option<String>,
    pub comment: Option<String>,
    pub ms_since_prev: i64,
    pub created_at: i64,
}
