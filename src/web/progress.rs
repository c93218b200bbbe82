//! A learner's progress log and the adaptive "next problem", with authorization: a learner sees
//! their own log, a parent their children's, an admin everyone's; others get 403.

use actix_web::{get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{SessionToken, current_user};
use super::error::{AppError, ErrorBody};
use super::state::AppState;
use crate::db::accounts;
use crate::rating::{Rating, expected_score};

/// One attempt in a progress log.
#[derive(Serialize, ToSchema)]
pub struct LogEntry {
    pub attempt_id: i32,
    pub problem_id: i32,
    pub result: String,
    pub rated: bool,
    pub hints: i32,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub duration_ms: Option<i64>,
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
        let viewer = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        let conn = &mut *st.conn()?;
        let learner = accounts::user_by_id(conn, id)?
            .filter(|u| u.role == "learner")
            .ok_or(AppError::NotFound("learner"))?;
        if !accounts::can_view(&viewer, &learner) {
            return Err(AppError::Forbidden("this is another family's child".into()));
        }
        Ok(accounts::learner_attempts(conn, id, problem, limit)?)
    })
    .await??;
    Ok(web::Json(
        rows.into_iter()
            .map(|a| LogEntry {
                attempt_id: a.id,
                problem_id: a.problem_id,
                duration_ms: a.ended_at.map(|e| e - a.started_at),
                result: a.result,
                rated: a.rated,
                hints: a.hints,
                started_at: a.started_at,
                ended_at: a.ended_at,
            })
            .collect(),
    ))
}

#[derive(Deserialize, IntoParams)]
pub struct NextQuery {
    /// The success chance to aim at, 0.5 to 0.95 (default 0.75: small children need to win often).
    pub success: Option<f64>,
}

/// The problem picked for the learner.
#[derive(Serialize, ToSchema)]
pub struct NextProblem {
    pub problem_id: i32,
    /// The predicted chance that the learner solves it.
    pub expected_success: f64,
}

/// The Glicko rating of a problem such that a learner of `rating` solves it with chance `p`
/// (the problem's own uncertainty is taken at a settled 60).
fn target_rating(learner: &Rating, p: f64) -> f64 {
    let phi = 60.0 / 173.7178;
    let g = 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
    learner.rating - 173.7178 * (p / (1.0 - p)).ln() / g
}

/// The next unseen problem, nearest to the chosen success chance; 404 when all are done.
#[utoipa::path(params(NextQuery), responses((status = 200, body = NextProblem), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/next")]
pub async fn next_problem(
    state: web::Data<AppState>,
    token: SessionToken,
    q: web::Query<NextQuery>,
) -> Result<web::Json<NextProblem>, AppError> {
    let p = q.success.unwrap_or(0.75);
    if !(0.5..=0.95).contains(&p) {
        return Err(AppError::BadRequest(
            "success is a chance from 0.5 to 0.95".into(),
        ));
    }
    let st = state.clone();
    let next = web::block(move || -> Result<_, AppError> {
        let me = current_user(&st, &token)?
            .ok_or_else(|| AppError::Unauthorized("not signed in".into()))?;
        let learner = Rating {
            rating: me.rating,
            deviation: me.rating_rd,
            volatility: me.rating_vol,
        };
        let found =
            accounts::nearest_unseen_problem(&mut *st.conn()?, me.id, target_rating(&learner, p))?
                .ok_or(AppError::NotFound("unseen problem"))?;
        let problem = Rating {
            rating: found.1,
            deviation: found.2,
            volatility: 0.06,
        };
        Ok(NextProblem {
            problem_id: found.0,
            expected_success: expected_score(&learner, &problem),
        })
    })
    .await??;
    Ok(web::Json(next))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_rating_gives_the_chosen_success_chance() {
        let me = Rating {
            rating: 1200.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        for p in [0.5, 0.75, 0.9] {
            let problem = Rating {
                rating: target_rating(&me, p),
                deviation: 60.0,
                volatility: 0.06,
            };
            assert!((expected_score(&me, &problem) - p).abs() < 1e-9, "{p}");
        }
    }
}
