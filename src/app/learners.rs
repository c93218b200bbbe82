//! A learner's progress: who may read it (`viewable`, the one rule), the log of attempts, the
//! growth log, practice settings, the adaptive next problem and the placement test.

use super::actor::{Actor, Learner};
use super::error::AppError;
use super::games::GameTally;
use super::outcome;
use super::state::AppState;
use crate::db::accounts::{self, UserRow};
use crate::db::learning::{self, AssessmentRow, Growth};
use crate::db::{self, AttemptMoveRow, AttemptRow, Role};
use crate::rating::assessment::Settings;
use crate::rating::{Rating, expected_score, rating_for_chance};

/// The learner `id` when the actor may read their progress: the learner, their parent, the
/// teacher of one of their classes, or an admin (401, 404, 403 otherwise).
pub fn viewable(state: &AppState, actor: &Actor, id: i32) -> Result<UserRow, AppError> {
    let viewer = actor.signed_in()?;
    let conn = &mut *state.conn()?;
    let learner = accounts::user_by_id(conn, id)?
        .filter(|u| u.role == Role::Learner)
        .ok_or(AppError::NotFound("learner"))?;
    let may = viewer.id == learner.id
        || learner.parent_id == Some(viewer.id)
        || viewer.role == Role::Admin
        || (viewer.role == Role::Teacher && learning::teaches(conn, viewer.id, learner.id)?);
    if may {
        Ok(learner)
    } else {
        Err(AppError::Forbidden(
            "this learner is not in your family or classes".into(),
        ))
    }
}

/// A learner's attempts, newest first, with their moves.
pub fn attempt_log(
    state: &AppState,
    actor: &Actor,
    id: i32,
    problem: Option<i32>,
    limit: i64,
) -> Result<Vec<(AttemptRow, Vec<AttemptMoveRow>)>, AppError> {
    viewable(state, actor, id)?;
    let conn = &mut *state.conn()?;
    let rows = accounts::learner_attempts(conn, id, problem, limit.clamp(1, 1000))?;
    let ids: Vec<i32> = rows.iter().map(|a| a.id).collect();
    let mut moves = db::attempts_moves(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|a| {
            let m = moves.remove(&a.id).unwrap_or_default();
            (a, m)
        })
        .collect())
}

/// The growth log of a learner the actor may read, with their finished games; true when it is
/// the learner's own.
pub fn growth(
    state: &AppState,
    actor: &Actor,
    id: i32,
    days: i64,
    tz: i64,
) -> Result<(UserRow, Growth, GameTally, bool), AppError> {
    if !(7..=366).contains(&days) || !(-720..=840).contains(&tz) {
        return Err(AppError::bad(
            "days is 7 to 366 and tz is -720 to 840 minutes",
        ));
    }
    let learner = viewable(state, actor, id)?;
    let conn = &mut *state.conn()?;
    let g = learning::growth(conn, id, db::now_ms(), days, tz)?;
    let games = super::games::tally(conn, &learner)?;
    let own = actor.user().is_some_and(|u| u.id == id);
    Ok((learner, g, games, own))
}

fn check_success(p: f64) -> Result<(), AppError> {
    if (0.5..=0.95).contains(&p) {
        Ok(())
    } else {
        Err(AppError::bad("success is a chance from 0.5 to 0.95"))
    }
}

/// The learner, their parent or teacher (or an admin) sets the success chance to aim at.
pub fn set_target(state: &AppState, actor: &Actor, id: i32, p: f64) -> Result<(), AppError> {
    check_success(p)?;
    let learner = viewable(state, actor, id)?;
    Ok(accounts::set_target_success(
        &mut *state.conn()?,
        learner.id,
        p,
    )?)
}

/// The problem picked for a learner.
pub struct Next {
    pub problem_id: i32,
    pub expected_success: f64,
    /// review or new.
    pub reason: &'static str,
    pub review_id: Option<i32>,
    pub view: i32,
}

/// The learner's next problem: a review that is due (shown turned or recoloured), else the unseen
/// problem nearest the chosen success chance (the learner's setting unless given), widening the
/// search when nothing fits; 404 when every problem is done.
pub fn next_problem(
    state: &AppState,
    me: &Learner,
    success: Option<f64>,
    reviews: bool,
) -> Result<Next, AppError> {
    let success = success.unwrap_or(me.target_success);
    check_success(success)?;
    let conn = &mut *state.conn()?;
    let learner = Rating {
        rating: me.rating,
        deviation: me.rating_rd,
        volatility: me.rating_vol,
    };
    let chance = |rating: f64, deviation: f64| {
        expected_score(
            &learner,
            &Rating {
                rating,
                deviation,
                volatility: 0.06,
            },
        )
    };
    if reviews && let Some(r) = learning::due_review(conn, me.id)? {
        let row = db::get_problem(conn, r.problem_id)?.ok_or(AppError::NotFound("problem"))?;
        return Ok(Next {
            problem_id: r.problem_id,
            expected_success: chance(row.rating, row.rating_rd),
            reason: "review",
            review_id: Some(r.id),
            view: r.view,
        });
    }
    // A settled problem (deviation 60) that the learner solves with the chosen chance.
    let target = rating_for_chance(learner.rating, success, 60.0);
    let best = learning::unseen_near(conn, me.id, target, 200)?
        .into_iter()
        .min_by(|a, b| {
            (a.1 - target)
                .abs()
                .total_cmp(&(b.1 - target).abs())
                .then(a.0.cmp(&b.0))
        })
        .ok_or(AppError::NotFound("unseen problem"))?;
    Ok(Next {
        problem_id: best.0,
        expected_success: chance(best.1, best.2),
        reason: "new",
        review_id: None,
        view: 0,
    })
}

/// A placement test with its estimate and the next problem to answer while it runs.
pub struct Test {
    pub row: AssessmentRow,
    pub rating: f64,
    pub band: (String, String, String),
    pub next_problem: Option<i32>,
    pub max_items: i32,
}

fn test_view(state: &AppState, a: AssessmentRow) -> Result<Test, AppError> {
    let conn = &mut *state.conn()?;
    let posterior = outcome::assessment_posterior(conn, a.id)?;
    let e = posterior.estimate();
    let (low, mid, high) = e.band();
    let next_problem = if a.ended_at.is_none() {
        let candidates = learning::unseen_near(conn, a.learner_id, e.rating, 200)?;
        posterior.most_informative(&candidates)
    } else {
        None
    };
    let band = (
        a.rank_low.clone().unwrap_or_else(|| low.to_string()),
        a.rank.clone().unwrap_or_else(|| mid.to_string()),
        a.rank_high.clone().unwrap_or_else(|| high.to_string()),
    );
    Ok(Test {
        row: a,
        rating: e.rating,
        band,
        next_problem,
        max_items: Settings::default().max_items as i32,
    })
}

/// Starts the learner's placement test, or returns the one already running.
pub fn start_test(state: &AppState, me: &Learner) -> Result<Test, AppError> {
    let a = learning::open_assessment(&mut *state.conn()?, me.id, outcome::assessment_prior())?;
    test_view(state, a)
}

/// A placement test, for whoever may read its learner's progress.
pub fn read_test(state: &AppState, actor: &Actor, id: i32) -> Result<Test, AppError> {
    let a = learning::assessment_by_id(&mut *state.conn()?, id)?
        .ok_or(AppError::NotFound("assessment"))?;
    viewable(state, actor, a.learner_id)?;
    test_view(state, a)
}
