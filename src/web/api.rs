//! The JSON API of ARCHITECTURE.md §4: problems, attempts and moves. Handlers parse, call the
//! database and the judge inside `web::block`, and answer; errors use the one error body.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::error::{AppError, ErrorBody};
use super::state::AppState;
use crate::db::{self, NewAttemptMove, ProblemFilter, ProblemRow};
use crate::go::{Board, Color, Game, IllegalMove, Move, Point};
use crate::problem::{JudgeError, Verdict, judge_replayed, play_in_problem, replay_history};

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
    pub black: Vec<String>,
    pub white: Vec<String>,
}

impl Stones {
    pub fn of(board: &Board) -> Stones {
        let pick = |c: Color| {
            board
                .points()
                .filter(|&p| board.get(p) == Some(c))
                .map(|p| p.to_sgf())
                .collect()
        };
        Stones {
            black: pick(Color::Black),
            white: pick(Color::White),
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
    let limit = q.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) || q.offset.is_some_and(|o| o < 0) {
        return Err(AppError::BadRequest(
            "limit must be 1 to 500 and offset at least 0".into(),
        ));
    }
    if let Some(kind) = &q.kind
        && crate::problem::Kind::parse(kind).is_none()
    {
        return Err(AppError::BadRequest(format!("unknown kind '{kind}'")));
    }
    let filter = ProblemFilter {
        kind: q.kind.clone(),
        set: q.set.clone(),
        min_rating: q.min_rating,
        max_rating: q.max_rating,
        limit,
        offset: q.offset.unwrap_or(0),
    };
    let pool = state.pool.clone();
    let rows = web::block(move || -> Result<_, AppError> {
        let conn = &mut pool.get()?;
        Ok(db::list_problems(conn, &filter)?)
    })
    .await??;
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
    id: web::Path<i32>,
    q: web::Query<ViewQuery>,
) -> Result<web::Json<ProblemDetail>, AppError> {
    let id = id.into_inner();
    let view = q.view.unwrap_or(0);
    super::state::split_view(view)?;
    let pool = state.pool.clone();
    let (row, next_id) = web::block(move || -> Result<_, AppError> {
        let conn = &mut pool.get()?;
        let row = db::get_problem(conn, id)?.ok_or(AppError::NotFound("problem"))?;
        let next = db::next_in_set(conn, &row)?;
        Ok((row, next))
    })
    .await??;
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
    id: web::Path<i32>,
    q: web::Query<AttemptQuery>,
    token: super::auth::SessionToken,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let (review, assessment) = (q.review, q.assessment);
    let st = state.clone();
    let (row, attempt) = web::block(move || -> Result<_, AppError> {
        let learner = super::auth::current_user(&st, &token)?
            .filter(|u| u.role == "learner")
            .map(|u| u.id);
        // The connection goes back to the pool before the writer (which needs one) is asked.
        let (row, spec) = {
            let mut conn = st.pool.get()?;
            let row = db::get_problem(&mut conn, id)?.ok_or(AppError::NotFound("problem"))?;
            let spec = attempt_spec(&mut conn, id, learner, review, assessment)?;
            (row, spec)
        };
        let attempt = st
            .writer
            .create_attempt(spec)
            .map_err(|e| AppError::Internal(e.to_string()))?;
        Ok((row, attempt))
    })
    .await??;
    Ok(HttpResponse::Created().json(AttemptCreated {
        attempt_id: attempt.id,
        rated: attempt.rated,
        problem_id: row.id,
        to_play: row.to_play,
        started_at: attempt.started_at,
        view: attempt.view,
    }))
}

/// Checks that a named review or test is the learner's own and still open.
fn attempt_spec(
    conn: &mut db::AnyConnection,
    problem_id: i32,
    learner: Option<i32>,
    review: Option<i32>,
    assessment: Option<i32>,
) -> Result<db::AttemptSpec, AppError> {
    let mut spec = db::AttemptSpec {
        problem_id,
        learner_id: learner,
        ..db::AttemptSpec::default()
    };
    if review.is_none() && assessment.is_none() {
        return Ok(spec);
    }
    let me = learner.ok_or_else(|| AppError::Unauthorized("sign in as a learner first".into()))?;
    if let Some(r) = review {
        let r = db::learning::review_by_id(conn, r)?.ok_or(AppError::NotFound("review"))?;
        if r.learner_id != me {
            return Err(AppError::Forbidden(
                "this is another learner's review".into(),
            ));
        }
        if r.problem_id != problem_id || r.done_at.is_some() {
            return Err(AppError::BadRequest(
                "that review is done or is for another problem".into(),
            ));
        }
        spec.review_id = Some(r.id);
        spec.view = r.view;
    }
    if let Some(a) = assessment {
        let a = db::learning::assessment_by_id(conn, a)?.ok_or(AppError::NotFound("assessment"))?;
        if a.learner_id != me {
            return Err(AppError::Forbidden("this is another learner's test".into()));
        }
        if a.ended_at.is_some() {
            return Err(AppError::BadRequest("that test is over".into()));
        }
        spec.assessment_id = Some(a.id);
    }
    Ok(spec)
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

fn move_text(m: Move) -> String {
    match m {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => String::new(),
    }
}

fn parse_move(s: &str) -> Result<Move, AppError> {
    let s = s.trim();
    if s.is_empty() || s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Point::from_sgf(s)
        .map(Move::Play)
        .ok_or_else(|| AppError::BadRequest(format!("'{s}' is not an SGF point such as \"cd\"")))
}

fn illegal(e: IllegalMove) -> AppError {
    // The API names repetition "ko" whatever the rule that forbids it.
    let code = match e {
        IllegalMove::Superko => "ko",
        other => other.code(),
    };
    AppError::IllegalMove {
        code,
        message: e.to_string(),
    }
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
    attempt_id: web::Path<i32>,
    body: web::Json<MoveRequest>,
    token: super::auth::SessionToken,
) -> Result<web::Json<MoveResponse>, AppError> {
    let attempt_id = attempt_id.into_inner();
    let mv = parse_move(&body.mv)?;
    let st = state.clone();
    let response = web::block(move || play_move(&st, &token, attempt_id, mv)).await??;
    Ok(web::Json(response))
}

/// A learner's attempt takes moves and hints from that learner only (guest attempts from anyone
/// holding their id).
fn check_player(
    state: &AppState,
    token: &super::auth::SessionToken,
    attempt: &db::AttemptRow,
) -> Result<(), AppError> {
    let Some(learner) = attempt.learner_id else {
        return Ok(());
    };
    match super::auth::current_user(state, token)? {
        Some(u) if u.id == learner => Ok(()),
        Some(_) => Err(AppError::Forbidden(
            "this attempt belongs to another learner".into(),
        )),
        None => Err(AppError::Unauthorized(
            "sign in to continue this attempt".into(),
        )),
    }
}

fn play_move(
    state: &AppState,
    token: &super::auth::SessionToken,
    attempt_id: i32,
    mv: Move,
) -> Result<MoveResponse, AppError> {
    let mut pooled = state.pool.get()?;
    let conn = &mut pooled;
    let (attempt, moves) =
        db::get_attempt(conn, attempt_id)?.ok_or(AppError::NotFound("attempt"))?;
    check_player(state, token, &attempt)?;
    if attempt.result != "open" {
        return Err(illegal(IllegalMove::GameOver));
    }
    let row = db::get_problem(conn, attempt.problem_id)?.ok_or(AppError::NotFound("problem"))?;
    let problem = state.problem_view(&row, attempt.view)?;
    if let Move::Play(p) = mv
        && !p.in_board(problem.size)
    {
        return Err(illegal(IllegalMove::OffBoard));
    }
    let history: Vec<Move> = moves
        .iter()
        .map(|m| parse_move(&m.mv))
        .collect::<Result<_, _>>()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    // One replay serves the judge and the positions of the board redraw.
    let mut game: Game =
        replay_history(&problem, &history).map_err(|e| AppError::Internal(e.to_string()))?;
    let verdict = match judge_replayed(&problem, &game, mv, &state.referee) {
        Ok(v) => v,
        Err(JudgeError::Illegal(e)) => return Err(illegal(e)),
        Err(e @ JudgeError::BadHistory { .. }) => return Err(AppError::Internal(e.to_string())),
    };
    // Positions for the board redraw: after the learner's move, then after the reply.
    play_in_problem(&mut game, mv).map_err(illegal)?;
    let after_move = Stones::of(game.board());
    if let Some(r) = verdict.reply() {
        play_in_problem(&mut game, r)
            .map_err(|e| AppError::Internal(format!("reply {r:?}: {e}")))?;
    }
    let (result, reason) = match &verdict {
        Verdict::Continue { .. } => ("continue", None),
        Verdict::Solved { .. } => ("solved", None),
        Verdict::Wrong { reason, .. } => (
            "wrong",
            Some(
                serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from)),
            ),
        ),
    };
    let now = db::now_ms();
    let last = moves.last().map_or(attempt.started_at, |m| m.created_at);
    let seq = moves.len() as i32;
    let mut rows = vec![NewAttemptMove {
        attempt_id,
        seq,
        mv: move_text(mv),
        by_learner: true,
        judged: Some(result.to_string()),
        comment: verdict.comment().map(String::from),
        ms_since_prev: (now - last).max(0),
        created_at: now,
    }];
    if let Some(r) = verdict.reply() {
        rows.push(NewAttemptMove {
            attempt_id,
            seq: seq + 1,
            mv: move_text(r),
            by_learner: false,
            judged: None,
            comment: None,
            ms_since_prev: 0,
            created_at: now,
        });
    }
    let final_result = match result {
        "continue" => "open",
        other => other,
    };
    // The connection goes back to the pool before the writer (which needs one) is asked.
    drop(pooled);
    state
        .writer
        .record_moves(attempt_id, rows, final_result)
        .map_err(|e| match e {
            // Another request stored this move first: the attempt moved on under us.
            db::WriteError::Query(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => AppError::BadRequest("this move was already answered; reload the attempt".into()),
            other => AppError::Internal(other.to_string()),
        })?;
    Ok(MoveResponse {
        result: result.to_string(),
        reply: verdict.reply().map(move_text),
        comment: verdict.comment().map(String::from),
        reason: reason.flatten(),
        after_move,
        position: Stones::of(game.board()),
    })
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
    /// open, solved or wrong.
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
    attempt_id: web::Path<i32>,
    token: super::auth::SessionToken,
) -> Result<web::Json<AttemptView>, AppError> {
    let id = attempt_id.into_inner();
    let st = state.clone();
    let (a, moves) = web::block(move || -> Result<_, AppError> {
        let found = db::get_attempt(&mut *st.conn()?, id)?.ok_or(AppError::NotFound("attempt"))?;
        // A learner's attempt is part of their progress log: the same people may read it.
        if let Some(learner) = found.0.learner_id {
            drop(super::progress::viewable_learner(&st, &token, learner)?);
        }
        Ok(found)
    })
    .await??;
    Ok(web::Json(AttemptView {
        attempt_id: a.id,
        problem_id: a.problem_id,
        result: a.result,
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
    attempt_id: web::Path<i32>,
    token: super::auth::SessionToken,
) -> Result<web::Json<Hint>, AppError> {
    let id = attempt_id.into_inner();
    let st = state.clone();
    let hint = web::block(move || -> Result<Hint, AppError> {
        let conn = &mut st.pool.get()?;
        let (attempt, moves) = db::get_attempt(conn, id)?.ok_or(AppError::NotFound("attempt"))?;
        check_player(&st, &token, &attempt)?;
        if attempt.result != "open" {
            return Err(illegal(IllegalMove::GameOver));
        }
        let row =
            db::get_problem(conn, attempt.problem_id)?.ok_or(AppError::NotFound("problem"))?;
        let problem = st.problem_view(&row, attempt.view)?;
        let history: Vec<Move> = moves
            .iter()
            .filter_map(|m| parse_move(&m.mv).ok())
            .collect();
        // A hint makes the attempt unrated (it is still logged).
        db::accounts::add_hint(conn, id)?;
        let next = crate::problem::next_correct_move(&problem, &history);
        let area = match next {
            Some(Move::Play(p)) => {
                let board = problem.board();
                board
                    .points()
                    .filter(|q| {
                        q.x.abs_diff(p.x) <= 1
                            && q.y.abs_diff(p.y) <= 1
                            && problem.viewport.contains(*q)
                    })
                    .map(|q| q.to_sgf())
                    .collect()
            }
            _ => Vec::new(),
        };
        Ok(Hint {
            area,
            mv: next.map(move_text),
        })
    })
    .await??;
    Ok(web::Json(hint))
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
    /// The attempt whose learner looks at the solution: it is logged, the attempt becomes
    /// unrated, and the solution is shown in the attempt's view.
    pub attempt: Option<i32>,
    /// Otherwise the view to show it in (default 0).
    pub view: Option<i32>,
}

/// The author's main correct line, with the position after every move.
#[utoipa::path(params(("id" = i32, Path, description = "problem id"), SolutionQuery), responses((status = 200, body = Solution), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/problems/{id}/solution")]
pub async fn solution(
    state: web::Data<AppState>,
    id: web::Path<i32>,
    q: web::Query<SolutionQuery>,
    token: super::auth::SessionToken,
) -> Result<web::Json<Solution>, AppError> {
    let id = id.into_inner();
    let (attempt, view) = (q.attempt, q.view.unwrap_or(0));
    super::state::split_view(view)?;
    let st = state.clone();
    let (row, view) = web::block(move || -> Result<_, AppError> {
        let conn = &mut *st.conn()?;
        let row = db::get_problem(conn, id)?.ok_or(AppError::NotFound("problem"))?;
        let Some(attempt_id) = attempt else {
            return Ok((row, view));
        };
        let (a, _) = db::get_attempt(conn, attempt_id)?.ok_or(AppError::NotFound("attempt"))?;
        if a.problem_id != id {
            return Err(AppError::BadRequest(
                "that attempt is at another problem".into(),
            ));
        }
        check_player(&st, &token, &a)?;
        db::accounts::mark_solution_viewed(conn, attempt_id)?;
        Ok((row, a.view))
    })
    .await??;
    let problem = state.problem_view(&row, view)?;
    let mut game = replay_history(&problem, &[]).map_err(|e| AppError::Internal(e.to_string()))?;
    let mut steps = Vec::new();
    for (color, mv, comment) in crate::problem::main_correct_line(&problem) {
        if play_in_problem(&mut game, mv).is_err() {
            break;
        }
        steps.push(SolutionStep {
            color: color.sgf_letter().to_string(),
            mv: move_text(mv),
            comment,
            position: Stones::of(game.board()),
        });
    }
    Ok(web::Json(Solution { steps }))
}
