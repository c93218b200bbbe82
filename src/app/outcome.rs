//! What an ended attempt does, inside the same transaction that ended it (so it happens exactly
//! once): the rated game for learner and problem (overall and in the problem's concept), the
//! review schedule (1, 3, 7 days), and the placement test's new estimate. The rules are here;
//! `rating` computes, `db` stores.

use crate::db::learning::{self, AssessmentUpdate, RatedGame};
use crate::db::{AnyConnection, AttemptRow, now_ms};
use crate::rating::assessment::{self, Item, Posterior, Settings};
use crate::rating::{self, Config, Game, Outcome, Rating, concept_of};

const DAY_MS: i64 = 24 * 3600 * 1000;
/// A failed problem comes back after 1 day, then 3, then 7 (one stage each, solved each time).
pub const REVIEW_DAYS: [i64; 3] = [1, 3, 7];

/// A view other than the original: one of the 7 other symmetries and/or swapped colours.
pub fn random_view() -> i32 {
    let mut b = [0u8; 4];
    getrandom::getrandom(&mut b).expect("the operating system's random source");
    1 + (u32::from_le_bytes(b) % 15) as i32
}

fn game(opponent: Rating, won: bool) -> [Game; 1] {
    [Game {
        opponent,
        outcome: if won { Outcome::Win } else { Outcome::Loss },
    }]
}

/// Everything an attempt's end sets off (`a` as it was before it ended).
pub fn attempt_ended(
    conn: &mut AnyConnection,
    a: &AttemptRow,
    solved: bool,
) -> diesel::QueryResult<()> {
    let Some(learner) = a.learner_id else {
        return Ok(());
    };
    let helped = a.hints > 0 || a.solution_viewed;
    if a.rated && !helped {
        rate_game(conn, learner, a, solved)?;
    }
    schedule_review(conn, learner, a, solved && !helped)?;
    if let Some(test) = a.assessment_id {
        advance_assessment(conn, test)?;
    }
    Ok(())
}

/// One Glicko-2 game between learner and problem. A provisional learner (deviation above the
/// configured line) moves only their own rating: new children must not drag problems down.
fn rate_game(
    conn: &mut AnyConnection,
    learner: i32,
    a: &AttemptRow,
    solved: bool,
) -> diesel::QueryResult<()> {
    let (l, p, kind) = learning::game_ratings(conn, learner, a.problem_id)?;
    let config = Config::default();
    let l2 = rating::rate(&l, &game(p, solved), &config);
    let provisional = l.deviation > config.provisional_deviation;
    let p2 = (!provisional).then(|| rating::rate(&p, &game(l, !solved), &config));
    // The concept rating starts from the learner's overall rating, fully uncertain.
    let concept = concept_of(&kind);
    let c = learning::concept_rating(conn, learner, concept)?.unwrap_or(Rating {
        rating: l.rating,
        deviation: config.start.deviation,
        volatility: config.start.volatility,
    });
    let c2 = rating::rate(&c, &game(p, solved), &config);
    learning::store_game(
        conn,
        &RatedGame {
            learner,
            problem: a.problem_id,
            attempt: a.id,
            solved,
            learner_before: l,
            learner_after: l2,
            problem_after: p2,
            concept,
            concept_after: c2,
        },
    )
}

/// Failing (or needing help) schedules a review a day later; solving a review moves it on to the
/// next stage (3 days, then 7), failing it starts again at one day. A problem has at most one
/// pending review.
fn schedule_review(
    conn: &mut AnyConnection,
    learner: i32,
    a: &AttemptRow,
    solved_alone: bool,
) -> diesel::QueryResult<()> {
    let now = now_ms();
    let stage = match a.review_id {
        Some(r) => {
            let stage = learning::close_review(conn, r, now)?;
            if !solved_alone {
                Some(1)
            } else {
                (stage < REVIEW_DAYS.len() as i32).then_some(stage + 1)
            }
        }
        None if solved_alone => None,
        None => Some(1),
    };
    if let Some(stage) = stage {
        let days = REVIEW_DAYS[(stage as usize - 1).min(REVIEW_DAYS.len() - 1)];
        learning::replace_review(
            conn,
            learner,
            a.problem_id,
            stage,
            now + days * DAY_MS,
            random_view(),
        )?;
    }
    Ok(())
}

/// The posterior of a test after its answers.
pub fn assessment_posterior(conn: &mut AnyConnection, test: i32) -> diesel::QueryResult<Posterior> {
    let items: Vec<Item> = learning::assessment_answers(conn, test)?
        .into_iter()
        .map(|(solved, rating, deviation)| Item {
            rating,
            deviation,
            solved,
        })
        .collect();
    Ok(Posterior::after(&Settings::default(), &items))
}

/// The prior of a new test: (estimate, deviation).
pub fn assessment_prior() -> (f64, f64) {
    let e = Posterior::new(&Settings::default()).estimate();
    (e.rating, e.sd)
}

/// Re-estimates a test from its answers; when it is over, stores the rank with its band and
/// places the learner's rating there.
fn advance_assessment(conn: &mut AnyConnection, test: i32) -> diesel::QueryResult<()> {
    let Some(row) = learning::assessment_by_id(conn, test)? else {
        return Ok(());
    };
    if row.ended_at.is_some() {
        return Ok(());
    }
    let settings = Settings::default();
    let items = learning::assessment_answers(conn, test)?.len();
    let e = assessment_posterior(conn, test)?.estimate();
    let done = assessment::finished(&settings, items, &e);
    let (low, mid, high) = e.band();
    learning::update_assessment(
        conn,
        test,
        &AssessmentUpdate {
            items: items as i32,
            estimate: e.rating,
            sd: e.sd,
            finished: done.then(|| (low.to_string(), mid.to_string(), high.to_string())),
        },
    )?;
    if done {
        let config = Config::default();
        crate::db::accounts::set_rating(
            conn,
            row.learner_id,
            e.rating,
            e.rating_deviation()
                .clamp(config.deviation_floor, config.start.deviation),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_views_are_never_the_original() {
        for _ in 0..200 {
            assert!((1..16).contains(&random_view()));
        }
    }
}
