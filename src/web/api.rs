//! The JSON API of ARCHITECTURE.md §4: problems, attempts and moves. Handlers parse, call one
//! use case (`app::answers`, or a read of the bank) in a blocking thread, and render; errors use
//! the one error body.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::run;
use super::error::ErrorBody;
use crate::app::answers::{self, AttemptFor, Step, move_text, parse_move};
use crate::app::{Actor, AppError, AppState, bank};
use crate::db::{ProblemFilter, ProblemRow};
use crate::go::{Board, BoardStones, Point};

/// A problem in a list.
#[derive(Serialize, ToSchema)]
pub struct ProblemSummary {
    pub id: i32,
    pub set_id: i32,
    pub position: i32,
    pub size: i32,
    pub to_play: String,
    pub kind: String,
    pub rating: f64,
    pub name: Option<String>,
}

impl From<&ProblemRow> for ProblemSummary {
    fn from(r: &ProblemRow) -> Self {
        ProblemSummary {
            id: r.id,
            set_id: r.set_id,
            position: r.position,
            size: r.size,
            to_play: r.to_play.clone(),
            kind: r.kind.clone(),
            rating: r.rating,
            name: r.name.clone(),
        }
    }
}

/// Stones as SGF points.
#[derive(Serialize, ToSchema, Clone)]
pub struct Stones {
    #[schema(value_type = Vec<String>)]
    pub black: Vec<SgfPoint>,
    #[schema(value_type = Vec<String>)]
    pub white: Vec<SgfPoint>,
}

/// A point written as its SGF letters (a JSON string, with no string built on the heap: two
/// boards are sent with every answer).
#[derive(Clone, Copy)]
pub struct SgfPoint(pub Point);

impl Serialize for SgfPoint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let letters = self.0.sgf_letters();
        s.serialize_str(std::str::from_utf8(&letters).map_err(serde::ser::Error::custom)?)
    }
}

impl Stones {
    /// The stones of a board.
    pub fn of(board: &Board) -> Stones {
        Stones::from(board.stones())
    }
}

impl From<BoardStones> for Stones {
    fn from(s: BoardStones) -> Stones {
        Stones {
            black: s.black.into_iter().map(SgfPoint).collect(),
            white: s.white.into_iter().map(SgfPoint).collect(),
        }
    }
}

/// The part of the board to show (inclusive columns and rows, 0 = left/top).
#[derive(Serialize, ToSchema)]
pub struct ViewportJson {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

/// One problem, ready to be drawn.
#[derive(Serialize, ToSchema)]
pub struct ProblemDetail {
    pub id: i32,
    pub size: i32,
    pub to_play: String,
    pub setup: Stones,
    pub viewport: ViewportJson,
    pub kind: String,
    pub tags: Vec<String>,
    pub rating: f64,
    pub name: Option<String>,
    pub comment: Option<String>,
    pub next_id: Option<i32>,
}

#[derive(Deserialize, IntoParams)]
pub struct ListQuery {
    pub kind: Option<String>,
    pub set: Option<String>,
    pub min_rating: Option<f64>,
    pub max_rating: Option<f64>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

/// Lists problems, filtered by kind, set (slug) and rating, in set order.
#[utoipa::path(params(ListQuery), responses((status = 200, body = Vec<ProblemSummary>), (status = 400, body = ErrorBody)))]
#[get("/api/problems")]
pub async fn list_problems(
    state: web::Data<AppState>,
    q: web::Query<ListQuery>,
) -> Result<web::Json<Vec<ProblemSummary>>, AppError> {
    let filter = ProblemFilter {
        kind: q.kind.clone(),
        set: q.set.clone(),
        min_rating: q.min_rating,
        max_rating: q.max_rating,
        limit: q.limit.unwrap_or(50),
        offset: q.offset.unwrap_or(0),
    };
    let rows = run(move || bank::problems(&state, filter)).await?;
    Ok(web::Json(rows.iter().map(ProblemSummary::from).collect()))
}

#[derive(Deserialize, IntoParams)]
pub struct ViewQuery {
    /// How to show the problem: a symmetry 0–7, plus 8 to swap the colours (default 0).
    pub view: Option<i32>,
}

/// One problem: setup stones, side to play, viewport, kind, rating.
#[utoipa::path(params(("id" = i32, Path, description = "problem id"), ViewQuery), responses((status = 200, body = ProblemDetail), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/problems/{id}")]
pub async fn get_problem(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    q: web::Query<ViewQuery>,
) -> Result<web::Json<ProblemDetail>, AppError> {
    let id = id.into_inner();
    let view = q.view.unwrap_or(0);
    crate::app::state::split_view(view)?;
    let st = state.clone();
    let (row, next_id) = run(move || bank::problem_for(&st, &actor, id)).await?;
    Ok(web::Json(problem_detail(&state, &row, next_id, view)?))
}

pub(super) fn problem_detail(
    state: &AppState,
    row: &ProblemRow,
    next_id: Option<i32>,
    view: i32,
) -> Result<ProblemDetail, AppError> {
    let problem = state.problem_view(row, view)?;
    let vp = problem.viewport;
    Ok(ProblemDetail {
        id: row.id,
        size: row.size,
        to_play: problem.to_play.sgf_letter().to_string(),
        setup: Stones::of(&problem.board()),
        viewport: ViewportJson {
            x0: i32::from(vp.x0),
            y0: i32::from(vp.y0),
            x1: i32::from(vp.x1),
            y1: i32::from(vp.y1),
        },
        kind: row.kind.clone(),
        tags: problem.tags.clone(),
        rating: row.rating,
        name: row.name.clone(),
        comment: if view == 0 {
            row.comment.clone()
        } else {
            problem.comment.clone()
        },
        next_id,
    })
}

/// A new attempt.
#[derive(Serialize, ToSchema)]
pub struct AttemptCreated {
    pub attempt_id: i32,
    /// Whether the attempt counts for the learner's rating (a signed-in learner's first try).
    pub rated: bool,
    pub problem_id: i32,
    pub to_play: String,
    pub started_at: i64,
    /// How the problem is shown (see `view` of GET /api/problems/{id}).
    pub view: i32,
}

#[derive(Deserialize, IntoParams)]
pub struct AttemptQuery {
    /// The review this attempt answers (the problem is shown in the review's view).
    pub review: Option<i32>,
    /// The placement test this attempt belongs to.
    pub assessment: Option<i32>,
}

/// Starts an attempt at a problem: a signed-in learner's (rated when it is their first), or a
/// guest's; a review's or a placement test's when the query names one of the learner's.
#[utoipa::path(params(("id" = i32, Path, description = "problem id"), AttemptQuery), responses((status = 201, body = AttemptCreated), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/problems/{id}/attempts")]
pub async fn create_attempt(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    q: web::Query<AttemptQuery>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let of = AttemptFor {
        review: q.review,
        assessment: q.assessment,
    };
    let (row, attempt) = run(move || answers::start_attempt(&state, &actor, id, of)).await?;
    Ok(HttpResponse::Created().json(AttemptCreated {
        attempt_id: attempt.id,
        rated: attempt.rated,
        problem_id: row.id,
        to_play: row.to_play,
        started_at: attempt.started_at,
        view: attempt.view,
    }))
}

/// A learner's move: an SGF point such as "cd".
#[derive(Deserialize, ToSchema)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub mv: String,
}

/// What the move meant.
#[derive(Serialize, ToSchema)]
pub struct MoveResponse {
    /// continue, solved or wrong.
    pub result: String,
    /// The opponent's answer as an SGF point, if any.
    pub reply: Option<String>,
    pub comment: Option<String>,
    /// Why a wrong move is wrong: in_tree, refuted, not_in_tree.
    pub reason: Option<String>,
    /// The stones after the learner's move, then after the reply.
    pub after_move: Stones,
    pub position: Stones,
}

/// Judges and stores a move of an attempt: continue (with the reply), solved or wrong.
#[utoipa::path(
    params(("attempt_id" = i32, Path, description = "attempt id")),
    request_body = MoveRequest,
    responses((status = 200, body = MoveResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, description = "illegal move: occupied, suicide, ko, off_board or finished", body = ErrorBody))
)]
#[post("/api/attempts/{attempt_id}/moves")]
pub async fn post_move(
    state: web::Data<AppState>,
    actor: Actor,
    attempt_id: web::Path<i32>,
    body: web::Json<MoveRequest>,
) -> Result<web::Json<MoveResponse>, AppError> {
    let attempt_id = attempt_id.into_inner();
    let mv = parse_move(&body.mv)?;
    let a = answers::record_answer(state.into_inner(), actor, attempt_id, mv).await?;
    Ok(web::Json(MoveResponse {
        result: a.result.to_string(),
        reply: a.verdict.reply().map(move_text),
        comment: a.verdict.comment().map(String::from),
        reason: a.reason,
        after_move: Stones::from(a.after_move),
        position: Stones::from(a.position),
    }))
}

/// One stored move.
#[derive(Serialize, ToSchema)]
pub struct MoveView {
    pub seq: i32,
    #[serde(rename = "move")]
    pub mv: String,
    pub by_learner: bool,
    pub judged: Option<String>,
    pub comment: Option<String>,
    pub ms_since_prev: i64,
}

/// An attempt with its moves and result.
#[derive(Serialize, ToSchema)]
pub struct AttemptView {
    pub attempt_id: i32,
    pub problem_id: i32,
    /// open, solved, wrong or abandoned.
    pub result: String,
    pub rated: bool,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub moves: Vec<MoveView>,
}

/// An attempt with every move, its judged result and timing.
#[utoipa::path(params(("attempt_id" = i32, Path, description = "attempt id")), responses((status = 200, body = AttemptView), (status = 404, body = ErrorBody)))]
#[get("/api/attempts/{attempt_id}")]
pub async fn get_attempt(
    state: web::Data<AppState>,
    actor: Actor,
    attempt_id: web::Path<i32>,
) -> Result<web::Json<AttemptView>, AppError> {
    let id = attempt_id.into_inner();
    let (a, moves) = run(move || answers::read_attempt(&state, &actor, id)).await?;
    Ok(web::Json(AttemptView {
        attempt_id: a.id,
        problem_id: a.problem_id,
        result: a.result.to_string(),
        rated: a.rated,
        started_at: a.started_at,
        ended_at: a.ended_at,
        moves: moves
            .into_iter()
            .map(|m| MoveView {
                seq: m.seq,
                mv: m.mv,
                by_learner: m.by_learner,
                judged: m.judged,
                comment: m.comment,
                ms_since_prev: m.ms_since_prev,
            })
            .collect(),
    }))
}

#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

/// Where to look, and then which move: the hint for the learner's next move.
#[derive(Serialize, ToSchema)]
pub struct Hint {
    /// The points around the next correct move (first hint).
    pub area: Vec<String>,
    /// The next correct move itself (second hint), when the attempt is still in the author's tree.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

/// A hint for the next move of an attempt.
#[utoipa::path(params(("attempt_id" = i32, Path, description = "attempt id")), responses((status = 200, body = Hint), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
#[post("/api/attempts/{attempt_id}/hint")]
pub async fn hint(
    state: web::Data<AppState>,
    actor: Actor,
    attempt_id: web::Path<i32>,
) -> Result<web::Json<Hint>, AppError> {
    let id = attempt_id.into_inner();
    let (area, next) = run(move || answers::hint(&state, &actor, id)).await?;
    Ok(web::Json(Hint {
        area: area.iter().map(|p| p.to_sgf()).collect(),
        mv: next.map(move_text),
    }))
}

/// One step of the author's solution.
#[derive(Serialize, ToSchema)]
pub struct SolutionStep {
    pub color: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub comment: Option<String>,
    /// The stones after this move.
    pub position: Stones,
}

#[derive(Serialize, ToSchema)]
pub struct Solution {
    pub steps: Vec<SolutionStep>,
}

#[derive(Deserialize, IntoParams)]
pub struct SolutionQuery {
    /// The view to show it in (default 0). A learner who looks at the solution during an
    /// attempt uses `POST /api/attempts/{attempt_id}/solution`, which logs it.
    pub view: Option<i32>,
}

fn solution_json(steps: Vec<Step>) -> Solution {
    Solution {
        steps: steps
            .into_iter()
            .map(|s| SolutionStep {
                color: s.color.sgf_letter().to_string(),
                mv: move_text(s.mv),
                comment: s.comment,
                position: Stones::from(s.position),
            })
            .collect(),
    }
}

/// The author's main correct line, with the position after every move (changes nothing).
#[utoipa::path(params(("id" = i32, Path, description = "problem id"), SolutionQuery), responses((status = 200, body = Solution), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/problems/{id}/solution")]
pub async fn solution(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    q: web::Query<SolutionQuery>,
) -> Result<web::Json<Solution>, AppError> {
    let (id, view) = (id.into_inner(), q.view.unwrap_or(0));
    let steps = run(move || answers::solution(&state, &actor, id, view)).await?;
    Ok(web::Json(solution_json(steps)))
}

/// The learner of an attempt looks at the solution: logged (the attempt becomes unrated and the
/// problem comes back for review), shown in the attempt's view.
#[utoipa::path(params(("attempt_id" = i32, Path, description = "attempt id")), responses((status = 200, body = Solution), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/attempts/{attempt_id}/solution")]
pub async fn attempt_solution(
    state: web::Data<AppState>,
    actor: Actor,
    attempt_id: web::Path<i32>,
) -> Result<web::Json<Solution>, AppError> {
    let id = attempt_id.into_inner();
    let steps = run(move || answers::reveal_solution(&state, &actor, id)).await?;
    Ok(web::Json(solution_json(steps)))
}
