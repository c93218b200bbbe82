//! A learner's progress log, the adaptive "next problem", practice settings and the placement
//! test over the JSON API. Who may read what is `app::learners::viewable`; handlers only render.

use actix_web::{HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::run;
use super::error::ErrorBody;
use crate::app::learners::{self, Test};
use crate::app::{Actor, AppError, AppState, Learner};

/// One attempt in a progress log.
#[derive(Serialize, ToSchema)]
pub struct LogEntry {
    pub attempt_id: i32,
    pub problem_id: i32,
    pub result: String,
    pub rated: bool,
    pub hints: i32,
    pub solution_viewed: bool,
    /// How the problem was shown (reviews turn and recolour it).
    pub view: i32,
    pub review_id: Option<i32>,
    pub assessment_id: Option<i32>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub duration_ms: Option<i64>,
    pub moves: Vec<LoggedMove>,
}

/// One move of a logged attempt: the learner's (with the judge's verdict) or the reply.
#[derive(Serialize, ToSchema)]
pub struct LoggedMove {
    pub seq: i32,
    #[serde(rename = "move")]
    pub mv: String,
    pub by_learner: bool,
    pub judged: Option<String>,
    pub ms_since_prev: i64,
}

#[derive(Deserialize, IntoParams)]
pub struct LogQuery {
    pub problem: Option<i32>,
    pub limit: Option<i64>,
}

/// A learner's attempts, newest first (per problem with `?problem=`).
#[utoipa::path(params(("id" = i32, Path, description = "learner id"), LogQuery), responses((status = 200, body = Vec<LogEntry>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/learners/{id}/attempts")]
pub async fn learner_log(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    q: web::Query<LogQuery>,
) -> Result<web::Json<Vec<LogEntry>>, AppError> {
    let id = id.into_inner();
    let (problem, limit) = (q.problem, q.limit.unwrap_or(100));
    let rows = run(move || learners::attempt_log(&state, &actor, id, problem, limit)).await?;
    Ok(web::Json(
        rows.into_iter()
            .map(|(a, moves)| LogEntry {
                attempt_id: a.id,
                problem_id: a.problem_id,
                duration_ms: a.ended_at.map(|e| e - a.started_at),
                result: a.result.to_string(),
                rated: a.rated,
                hints: a.hints,
                solution_viewed: a.solution_viewed,
                view: a.view,
                review_id: a.review_id,
                assessment_id: a.assessment_id,
                started_at: a.started_at,
                ended_at: a.ended_at,
                moves: moves
                    .into_iter()
                    .map(|m| LoggedMove {
                        seq: m.seq,
                        mv: m.mv,
                        by_learner: m.by_learner,
                        judged: m.judged,
                        ms_since_prev: m.ms_since_prev,
                    })
                    .collect(),
            })
            .collect(),
    ))
}

#[derive(Deserialize, IntoParams)]
pub struct NextQuery {
    /// The success chance to aim at, 0.5 to 0.95 (default: the learner's setting, 0.75 unless
    /// changed: small children need to win often).
    pub success: Option<f64>,
    /// false: new problems only, even when a review is due (default true).
    pub reviews: Option<bool>,
}

/// The problem picked for the learner.
#[derive(Serialize, ToSchema)]
pub struct NextProblem {
    pub problem_id: i32,
    /// The predicted chance that the learner solves it.
    pub expected_success: f64,
    /// review (a failed problem come back) or new.
    pub reason: String,
    /// For a review: its id (pass it as `?review=` when starting the attempt) and the view.
    pub review_id: Option<i32>,
    pub view: i32,
}

/// The next problem for the signed-in learner.
#[utoipa::path(params(NextQuery), responses((status = 200, body = NextProblem), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/next")]
pub async fn next_problem(
    state: web::Data<AppState>,
    me: Learner,
    q: web::Query<NextQuery>,
) -> Result<web::Json<NextProblem>, AppError> {
    let (success, reviews) = (q.success, q.reviews.unwrap_or(true));
    let n = run(move || learners::next_problem(&state, &me, success, reviews)).await?;
    Ok(web::Json(NextProblem {
        problem_id: n.problem_id,
        expected_success: n.expected_success,
        reason: n.reason.to_string(),
        review_id: n.review_id,
        view: n.view,
    }))
}

/// A learner's practice settings.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct LearnerSettings {
    /// The success chance next problems aim at, 0.5 to 0.95.
    pub target_success: f64,
}

/// The learner, a parent or a teacher of theirs sets the success chance to aim at.
#[utoipa::path(params(("id" = i32, Path, description = "learner id")), request_body = LearnerSettings, responses((status = 200, body = LearnerSettings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/api/learners/{id}/settings")]
pub async fn put_settings(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    body: web::Json<LearnerSettings>,
) -> Result<web::Json<LearnerSettings>, AppError> {
    let (id, p) = (id.into_inner(), body.target_success);
    run(move || learners::set_target(&state, &actor, id, p)).await?;
    Ok(web::Json(LearnerSettings { target_success: p }))
}

/// A placement test as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct AssessmentView {
    pub assessment_id: i32,
    pub learner_id: i32,
    /// Problems answered so far.
    pub items: i32,
    pub max_items: i32,
    pub finished: bool,
    /// The estimate: a rating with its deviation, and the rank with a band of one deviation.
    pub rating: f64,
    pub rank: String,
    pub rank_low: String,
    pub rank_high: String,
    /// The next problem to answer (start it with `?assessment=`), while the test runs.
    pub next_problem_id: Option<i32>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

pub(super) fn assessment_view(t: &Test) -> AssessmentView {
    AssessmentView {
        assessment_id: t.row.id,
        learner_id: t.row.learner_id,
        items: t.row.items,
        max_items: t.max_items,
        finished: t.row.ended_at.is_some(),
        rating: t.rating,
        rank: t.band.1.clone(),
        rank_low: t.band.0.clone(),
        rank_high: t.band.2.clone(),
        next_problem_id: t.next_problem,
        started_at: t.row.started_at,
        ended_at: t.row.ended_at,
    }
}

/// Starts the signed-in learner's placement test (or returns the one already running).
#[utoipa::path(responses((status = 201, body = AssessmentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/assessments")]
pub async fn start_assessment(
    state: web::Data<AppState>,
    me: Learner,
) -> Result<HttpResponse, AppError> {
    let t = run(move || learners::start_test(&state, &me)).await?;
    Ok(HttpResponse::Created().json(assessment_view(&t)))
}

/// A placement test: progress, the estimate so far, the next problem; the rank when finished.
#[utoipa::path(params(("id" = i32, Path, description = "assessment id")), responses((status = 200, body = AssessmentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/assessments/{id}")]
pub async fn get_assessment(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
) -> Result<web::Json<AssessmentView>, AppError> {
    let id = id.into_inner();
    let t = run(move || learners::read_test(&state, &actor, id)).await?;
    Ok(web::Json(assessment_view(&t)))
}
