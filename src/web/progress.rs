//! A learner's progress log and the adaptive "next problem", with authorization: a learner sees
//! their own log, a parent their children's, an admin everyone's; others get 403.

use actix_web::{HttpResponse, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{SessionToken, current_user};
use super::error::{AppError, ErrorBody};
use super::state::AppState;
use crate::db::accounts::UserRow;
use crate::db::{accounts, learning};
use crate::rating::assessment::Settings;
use crate::rating::{Rating, expected_score, rating_for_chance};

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
    token: SessionToken,
    id: web::Path<i32>,
    q: web::Query<LogQuery>,
) -> Result<web::Json<Vec<LogEntry>>, AppError> {
    let id = id.into_inner();
    let limit = q.limit.unwrap_or(100).clamp(1, 1000);
    let problem = q.problem;
    let st = state.clone();
    let rows = web::block(move || -> Result<_, AppError> {
        let (mut pooled, _, _) = viewable_learner(&st, &token, id)?;
        let conn = &mut *pooled;
        let rows = accounts::learner_attempts(conn, id, problem, limit)?;
        let ids: Vec<i32> = rows.iter().map(|a| a.id).collect();
        let moves = crate::db::attempts_moves(conn, &ids)?;
        Ok((rows, moves))
    })
    .await??;
    let (rows, mut moves) = rows;
    Ok(web::Json(
        rows.into_iter()
            .map(|a| LogEntry {
                attempt_id: a.id,
                problem_id: a.problem_id,
                duration_ms: a.ended_at.map(|e| e - a.started_at),
                result: a.result,
                rated: a.rated,
                hints: a.hints,
                solution_viewed: a.solution_viewed,
                view: a.view,
                review_id: a.review_id,
                assessment_id: a.assessment_id,
                started_at: a.started_at,
                ended_at: a.ended_at,
                moves: moves
                    .remove(&a.id)
                    .unwrap_or_default()
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

fn check_success(p: f64) -> Result<(), AppError> {
    if (0.5..=0.95).contains(&p) {
        Ok(())
    } else {
        Err(AppError::BadRequest(
            "success is a chance from 0.5 to 0.95".into(),
        ))
    }
}

fn signed_in_learner(st: &AppState, token: &SessionToken) -> Result<UserRow, AppError> {
    let me =
        current_user(st, token)?.ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
    if me.role != "learner" {
        return Err(AppError::Forbidden(
            "only a learner solves problems for a rating".into(),
        ));
    }
    Ok(me)
}

/// The learner's next problem: a review that is due (shown turned or recoloured), else the unseen
/// problem nearest the chosen success chance, widening the search when nothing fits; 404 when
/// every problem is done.
pub(super) fn pick_next(
    st: &AppState,
    me: &UserRow,
    success: f64,
    reviews: bool,
) -> Result<NextProblem, AppError> {
    let conn = &mut *st.conn()?;
    let learner = Rating {
        rating: me.rating,
        deviation: me.rating_rd,
        volatility: me.rating_vol,
    };
    let chance = |rating: f64, rd: f64| {
        expected_score(
            &learner,
            &Rating {
                rating,
                deviation: rd,
                volatility: 0.06,
            },
        )
    };
    let due = if reviews {
        learning::due_review(conn, me.id)?
    } else {
        None
    };
    if let Some(r) = due {
        let row =
            crate::db::get_problem(conn, r.problem_id)?.ok_or(AppError::NotFound("problem"))?;
        return Ok(NextProblem {
            problem_id: r.problem_id,
            expected_success: chance(row.rating, row.rating_rd),
            reason: "review".into(),
            review_id: Some(r.id),
            view: r.view,
        });
    }
    // A settled problem (deviation 60) that the learner solves with the chosen chance.
    let target = rating_for_chance(learner.rating, success, 60.0);
    let found = learning::unseen_near(conn, me.id, target, 200)?;
    let best = found
        .into_iter()
        .min_by(|a, b| {
            (a.1 - target)
                .abs()
                .total_cmp(&(b.1 - target).abs())
                .then(a.0.cmp(&b.0))
        })
        .ok_or(AppError::NotFound("unseen problem"))?;
    Ok(NextProblem {
        problem_id: best.0,
        expected_success: chance(best.1, best.2),
        reason: "new".into(),
        review_id: None,
        view: 0,
    })
}

/// The next problem for the signed-in learner.
#[utoipa::path(params(NextQuery), responses((status = 200, body = NextProblem), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/next")]
pub async fn next_problem(
    state: web::Data<AppState>,
    token: SessionToken,
    q: web::Query<NextQuery>,
) -> Result<web::Json<NextProblem>, AppError> {
    if let Some(p) = q.success {
        check_success(p)?;
    }
    let (success, reviews) = (q.success, q.reviews.unwrap_or(true));
    let st = state.clone();
    let next = web::block(move || -> Result<_, AppError> {
        let me = signed_in_learner(&st, &token)?;
        let p = success.unwrap_or(me.target_success);
        pick_next(&st, &me, p, reviews)
    })
    .await??;
    Ok(web::Json(next))
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
    token: SessionToken,
    id: web::Path<i32>,
    body: web::Json<LearnerSettings>,
) -> Result<web::Json<LearnerSettings>, AppError> {
    let (id, p) = (id.into_inner(), body.target_success);
    check_success(p)?;
    let st = state.clone();
    web::block(move || -> Result<_, AppError> {
        let (conn, _, learner) = &mut viewable_learner(&st, &token, id)?;
        accounts::set_target_success(conn, learner.id, p)?;
        Ok(())
    })
    .await??;
    Ok(web::Json(LearnerSettings { target_success: p }))
}

/// A connection, the viewer, and the learner they may read (401, 404, 403 otherwise).
pub(super) fn viewable_learner(
    st: &AppState,
    token: &SessionToken,
    id: i32,
) -> Result<(crate::db::PooledConn, UserRow, UserRow), AppError> {
    let viewer =
        current_user(st, token)?.ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
    let mut conn = st.conn()?;
    let learner = accounts::user_by_id(&mut conn, id)?
        .filter(|u| u.role == "learner")
        .ok_or(AppError::NotFound("learner"))?;
    if !learning::can_view(&mut conn, &viewer, &learner)? {
        return Err(AppError::Forbidden(
            "this learner is not in your family or classes".into(),
        ));
    }
    Ok((conn, viewer, learner))
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

pub(super) fn assessment_view(
    st: &AppState,
    a: &learning::AssessmentRow,
) -> Result<AssessmentView, AppError> {
    let conn = &mut *st.conn()?;
    let posterior = learning::assessment_posterior(conn, a.id)?;
    let e = posterior.estimate();
    let (low, mid, high) = e.band();
    let next = if a.ended_at.is_none() {
        let candidates = learning::unseen_near(conn, a.learner_id, e.rating, 200)?;
        posterior.most_informative(&candidates)
    } else {
        None
    };
    Ok(AssessmentView {
        assessment_id: a.id,
        learner_id: a.learner_id,
        items: a.items,
        max_items: Settings::default().max_items as i32,
        finished: a.ended_at.is_some(),
        rating: e.rating,
        rank: a.rank.clone().unwrap_or_else(|| mid.to_string()),
        rank_low: a.rank_low.clone().unwrap_or_else(|| low.to_string()),
        rank_high: a.rank_high.clone().unwrap_or_else(|| high.to_string()),
        next_problem_id: next,
        started_at: a.started_at,
        ended_at: a.ended_at,
    })
}

/// Starts the signed-in learner's placement test (or returns the one already running).
#[utoipa::path(responses((status = 201, body = AssessmentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[post("/api/assessments")]
pub async fn start_assessment(
    state: web::Data<AppState>,
    token: SessionToken,
) -> Result<HttpResponse, AppError> {
    let st = state.clone();
    let view = web::block(move || -> Result<_, AppError> {
        let me = signed_in_learner(&st, &token)?;
        let a = learning::open_assessment(&mut *st.conn()?, me.id)?;
        assessment_view(&st, &a)
    })
    .await??;
    Ok(HttpResponse::Created().json(view))
}

/// A placement test: progress, the estimate so far, the next problem; the rank when finished.
#[utoipa::path(params(("id" = i32, Path, description = "assessment id")), responses((status = 200, body = AssessmentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/assessments/{id}")]
pub async fn get_assessment(
    state: web::Data<AppState>,
    token: SessionToken,
    id: web::Path<i32>,
) -> Result<web::Json<AssessmentView>, AppError> {
    let id = id.into_inner();
    let st = state.clone();
    let view = web::block(move || -> Result<_, AppError> {
        let a = learning::assessment_by_id(&mut *st.conn()?, id)?
            .ok_or(AppError::NotFound("assessment"))?;
        drop(viewable_learner(&st, &token, a.learner_id)?);
        assessment_view(&st, &a)
    })
    .await??;
    Ok(web::Json(view))
}
