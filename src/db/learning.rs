//! What happens around a learner's attempts: rated games (overall and per concept), reviews of
//! failed problems after 1, 3 and 7 days, the placement test, classes, and the growth log.

use diesel::prelude::*;

use super::accounts::UserRow;
use super::connection::AnyConnection;
use super::enums::AttemptResult;
use super::queries::now_ms;
use super::schema::{
    assessments, attempt_moves, attempts, class_members, classes, concept_ratings, problems,
    ratings_history, reviews, users,
};
use crate::rating::Rating;

const DAY_MS: i64 = 24 * 3600 * 1000;
fn glicko((rating, deviation, volatility): (f64, f64, f64)) -> Rating {
    Rating {
        rating,
        deviation,
        volatility,
    }
}

/// The ratings a game is played between: the learner's, the problem's, and the problem's kind.
pub fn game_ratings(
    conn: &mut AnyConnection,
    learner: i32,
    problem: i32,
) -> QueryResult<(Rating, Rating, String)> {
    let l = users::table
        .find(learner)
        .select((users::rating, users::rating_rd, users::rating_vol))
        .first(conn)?;
    let (pr, prd, pv, kind) = problems::table
        .find(problem)
        .select((
            problems::rating,
            problems::rating_rd,
            problems::rating_vol,
            problems::kind,
        ))
        .first(conn)?;
    Ok((glicko(l), glicko((pr, prd, pv)), kind))
}

/// The learner's rating in a concept, if they have played one.
pub fn concept_rating(
    conn: &mut AnyConnection,
    learner: i32,
    concept: &str,
) -> QueryResult<Option<Rating>> {
    Ok(concept_ratings::table
        .find((learner, concept))
        .select((
            concept_ratings::rating,
            concept_ratings::rating_rd,
            concept_ratings::rating_vol,
        ))
        .first(conn)
        .optional()?
        .map(glicko))
}

/// A rated game as computed by the use-case layer, to store.
pub struct RatedGame<'a> {
    pub learner: i32,
    pub problem: i32,
    pub attempt: i32,
    pub solved: bool,
    pub learner_before: Rating,
    pub learner_after: Rating,
    /// None: the problem's rating stays (a provisional learner).
    pub problem_after: Option<Rating>,
    pub concept: &'a str,
    pub concept_after: Rating,
}

/// Stores a rated game: both ratings, the history line, the concept rating.
pub fn store_game(conn: &mut AnyConnection, g: &RatedGame<'_>) -> QueryResult<()> {
    let l2 = g.learner_after;
    diesel::update(users::table.find(g.learner))
        .set((
            users::rating.eq(l2.rating),
            users::rating_rd.eq(l2.deviation),
            users::rating_vol.eq(l2.volatility),
        ))
        .execute(conn)?;
    if let Some(p2) = g.problem_after {
        diesel::update(problems::table.find(g.problem))
            .set((
                problems::rating.eq(p2.rating),
                problems::rating_rd.eq(p2.deviation),
                problems::rating_vol.eq(p2.volatility),
            ))
            .execute(conn)?;
    }
    let problem_rating_after = match g.problem_after {
        Some(p) => p.rating,
        None => problems::table
            .find(g.problem)
            .select(problems::rating)
            .first(conn)?,
    };
    diesel::insert_into(ratings_history::table)
        .values((
            ratings_history::user_id.eq(g.learner),
            ratings_history::attempt_id.eq(g.attempt),
            ratings_history::problem_id.eq(g.problem),
            ratings_history::solved.eq(g.solved),
            ratings_history::rating_before.eq(g.learner_before.rating),
            ratings_history::rating_after.eq(l2.rating),
            ratings_history::rd_after.eq(l2.deviation),
            ratings_history::problem_rating_after.eq(problem_rating_after),
            ratings_history::created_at.eq(now_ms()),
        ))
        .execute(conn)?;
    store_concept(conn, g)
}

fn store_concept(conn: &mut AnyConnection, g: &RatedGame<'_>) -> QueryResult<()> {
    let c2 = g.concept_after;
    let won = i32::from(g.solved);
    let updated = diesel::update(concept_ratings::table.find((g.learner, g.concept)))
        .set((
            concept_ratings::rating.eq(c2.rating),
            concept_ratings::rating_rd.eq(c2.deviation),
            concept_ratings::rating_vol.eq(c2.volatility),
            concept_ratings::attempts.eq(concept_ratings::attempts + 1),
            concept_ratings::solved.eq(concept_ratings::solved + won),
        ))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(concept_ratings::table)
            .values((
                concept_ratings::learner_id.eq(g.learner),
                concept_ratings::concept.eq(g.concept),
                concept_ratings::rating.eq(c2.rating),
                concept_ratings::rating_rd.eq(c2.deviation),
                concept_ratings::rating_vol.eq(c2.volatility),
                concept_ratings::attempts.eq(1),
                concept_ratings::solved.eq(won),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A review of a failed problem.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = reviews)]
pub struct ReviewRow {
    pub id: i32,
    pub learner_id: i32,
    pub problem_id: i32,
    pub stage: i32,
    pub due_at: i64,
    pub view: i32,
    pub done_at: Option<i64>,
    pub created_at: i64,
}

/// Closes a review (answered); returns its stage.
pub fn close_review(conn: &mut AnyConnection, id: i32, now: i64) -> QueryResult<i32> {
    diesel::update(reviews::table.find(id))
        .set(reviews::done_at.eq(Some(now)))
        .execute(conn)?;
    reviews::table.find(id).select(reviews::stage).first(conn)
}

/// Replaces the learner's pending reviews of a problem with one at `stage`, due at `due_at`,
/// shown in `view`.
pub fn replace_review(
    conn: &mut AnyConnection,
    learner: i32,
    problem: i32,
    stage: i32,
    due_at: i64,
    view: i32,
) -> QueryResult<()> {
    let now = now_ms();
    diesel::update(
        reviews::table
            .filter(reviews::learner_id.eq(learner))
            .filter(reviews::problem_id.eq(problem))
            .filter(reviews::done_at.is_null()),
    )
    .set(reviews::done_at.eq(Some(now)))
    .execute(conn)?;
    diesel::insert_into(reviews::table)
        .values((
            reviews::learner_id.eq(learner),
            reviews::problem_id.eq(problem),
            reviews::stage.eq(stage),
            reviews::due_at.eq(due_at),
            reviews::view.eq(view),
            reviews::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The learner's review that is due now (the oldest first), if any.
pub fn due_review(conn: &mut AnyConnection, learner: i32) -> QueryResult<Option<ReviewRow>> {
    reviews::table
        .filter(reviews::learner_id.eq(learner))
        .filter(reviews::done_at.is_null())
        .filter(reviews::due_at.le(now_ms()))
        .order(reviews::due_at)
        .select(ReviewRow::as_select())
        .first(conn)
        .optional()
}

/// How many reviews wait for the learner (due or not).
pub fn pending_review_count(conn: &mut AnyConnection, learner: i32) -> QueryResult<i64> {
    reviews::table
        .filter(reviews::learner_id.eq(learner))
        .filter(reviews::done_at.is_null())
        .count()
        .get_result(conn)
}

pub fn review_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<ReviewRow>> {
    reviews::table
        .find(id)
        .select(ReviewRow::as_select())
        .first(conn)
        .optional()
}

/// Moves a learner's reviews earlier by `ms` (tests and the simulation use it to pass time).
pub fn shift_reviews(conn: &mut AnyConnection, learner: i32, ms: i64) -> QueryResult<usize> {
    diesel::update(reviews::table.filter(reviews::learner_id.eq(learner)))
        .set(reviews::due_at.eq(reviews::due_at - ms))
        .execute(conn)
}

/// A learner's rating in one concept.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = concept_ratings)]
pub struct ConceptRow {
    pub learner_id: i32,
    pub concept: String,
    pub rating: f64,
    pub rating_rd: f64,
    pub rating_vol: f64,
    pub attempts: i32,
    pub solved: i32,
}

pub fn learner_concepts(conn: &mut AnyConnection, learner: i32) -> QueryResult<Vec<ConceptRow>> {
    concept_ratings::table
        .filter(concept_ratings::learner_id.eq(learner))
        .order(concept_ratings::concept)
        .select(ConceptRow::as_select())
        .load(conn)
}

/// A placement test.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = assessments)]
pub struct AssessmentRow {
    pub id: i32,
    pub learner_id: i32,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub items: i32,
    pub estimate: f64,
    pub sd: f64,
    pub rank: Option<String>,
    pub rank_low: Option<String>,
    pub rank_high: Option<String>,
}

pub fn assessment_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<AssessmentRow>> {
    assessments::table
        .find(id)
        .select(AssessmentRow::as_select())
        .first(conn)
        .optional()
}

pub fn learner_assessments(
    conn: &mut AnyConnection,
    learner: i32,
) -> QueryResult<Vec<AssessmentRow>> {
    assessments::table
        .filter(assessments::learner_id.eq(learner))
        .order(assessments::started_at.desc())
        .select(AssessmentRow::as_select())
        .load(conn)
}

/// The learner's open test, or a new one starting from the prior `(estimate, sd)`.
pub fn open_assessment(
    conn: &mut AnyConnection,
    learner: i32,
    prior: (f64, f64),
) -> QueryResult<AssessmentRow> {
    if let Some(open) = assessments::table
        .filter(assessments::learner_id.eq(learner))
        .filter(assessments::ended_at.is_null())
        .select(AssessmentRow::as_select())
        .first(conn)
        .optional()?
    {
        return Ok(open);
    }
    let now = now_ms();
    diesel::insert_into(assessments::table)
        .values((
            assessments::learner_id.eq(learner),
            assessments::started_at.eq(now),
            assessments::items.eq(0),
            assessments::estimate.eq(prior.0),
            assessments::sd.eq(prior.1),
        ))
        .execute(conn)?;
    assessments::table
        .filter(assessments::learner_id.eq(learner))
        .filter(assessments::ended_at.is_null())
        .select(AssessmentRow::as_select())
        .first(conn)
}

/// The answered problems of a test, in order: (solved alone, problem rating, deviation).
pub fn assessment_answers(
    conn: &mut AnyConnection,
    test: i32,
) -> QueryResult<Vec<(bool, f64, f64)>> {
    let rows: Vec<(AttemptResult, i32, bool, f64, f64)> = attempts::table
        .inner_join(problems::table)
        .filter(attempts::assessment_id.eq(test))
        .filter(attempts::result.ne(AttemptResult::Open))
        .order(attempts::id)
        .select((
            attempts::result,
            attempts::hints,
            attempts::solution_viewed,
            problems::rating,
            problems::rating_rd,
        ))
        .load(conn)?;
    // A problem solved with help counts as not solved alone.
    Ok(rows
        .into_iter()
        .map(|(result, hints, seen, rating, deviation)| {
            (
                result == AttemptResult::Solved && hints == 0 && !seen,
                rating,
                deviation,
            )
        })
        .collect())
}

/// A test's estimate after its answers; the rank band when it is over.
pub struct AssessmentUpdate {
    pub items: i32,
    pub estimate: f64,
    pub sd: f64,
    /// (low, rank, high) when the test is over.
    pub finished: Option<(String, String, String)>,
}

/// Stores a test's new estimate, and its end when finished.
pub fn update_assessment(
    conn: &mut AnyConnection,
    test: i32,
    u: &AssessmentUpdate,
) -> QueryResult<()> {
    let f = u.finished.as_ref();
    diesel::update(assessments::table.find(test))
        .set((
            assessments::items.eq(u.items),
            assessments::estimate.eq(u.estimate),
            assessments::sd.eq(u.sd),
            assessments::rank.eq(f.map(|b| b.1.clone())),
            assessments::rank_low.eq(f.map(|b| b.0.clone())),
            assessments::rank_high.eq(f.map(|b| b.2.clone())),
            assessments::ended_at.eq(f.map(|_| now_ms())),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Unseen problems around `target` (id, rating, deviation): up to `limit`, from the narrowest
/// rating window that has any (the rating index serves each window).
pub fn unseen_near(
    conn: &mut AnyConnection,
    learner: i32,
    target: f64,
    limit: i64,
) -> QueryResult<Vec<(i32, f64, f64)>> {
    for width in [50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, f64::MAX] {
        let seen = attempts::table
            .filter(attempts::learner_id.eq(learner))
            .select(attempts::problem_id);
        let found: Vec<(i32, f64, f64)> = problems::table
            .filter(problems::rating.ge(target - width))
            .filter(problems::rating.le(target + width))
            .filter(problems::id.ne_all(seen))
            .filter(problems::retired.eq(false))
            .filter(problems::set_id.eq_any(super::public_sets()))
            .select((problems::id, problems::rating, problems::rating_rd))
            .limit(limit)
            .load(conn)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// A class of a teacher.
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = classes)]
pub struct ClassRow {
    pub id: i32,
    pub teacher_id: i32,
    pub name: String,
    pub code: String,
    pub created_at: i64,
}

pub fn create_class(conn: &mut AnyConnection, teacher: i32, name: &str) -> QueryResult<ClassRow> {
    let code = super::accounts::new_code();
    diesel::insert_into(classes::table)
        .values((
            classes::teacher_id.eq(teacher),
            classes::name.eq(name),
            classes::code.eq(&code),
            classes::created_at.eq(now_ms()),
        ))
        .execute(conn)?;
    classes::table
        .filter(classes::code.eq(&code))
        .select(ClassRow::as_select())
        .first(conn)
}

pub fn teacher_classes(conn: &mut AnyConnection, teacher: i32) -> QueryResult<Vec<ClassRow>> {
    classes::table
        .filter(classes::teacher_id.eq(teacher))
        .order(classes::id)
        .select(ClassRow::as_select())
        .load(conn)
}

pub fn class_by_id(conn: &mut AnyConnection, id: i32) -> QueryResult<Option<ClassRow>> {
    classes::table
        .find(id)
        .select(ClassRow::as_select())
        .first(conn)
        .optional()
}

pub fn class_by_code(conn: &mut AnyConnection, code: &str) -> QueryResult<Option<ClassRow>> {
    classes::table
        .filter(classes::code.eq(code))
        .select(ClassRow::as_select())
        .first(conn)
        .optional()
}

pub fn class_children(conn: &mut AnyConnection, class: i32) -> QueryResult<Vec<UserRow>> {
    users::table
        .inner_join(class_members::table.on(class_members::learner_id.eq(users::id)))
        .filter(class_members::class_id.eq(class))
        .order(users::id)
        .select(UserRow::as_select())
        .load(conn)
}

/// The children behind a code: a family's, else a class's; None when no family or class has it.
pub fn children_of_code(conn: &mut AnyConnection, code: &str) -> QueryResult<Option<Vec<UserRow>>> {
    if let Some(kids) = super::accounts::family_children(conn, code)? {
        return Ok(Some(kids));
    }
    match class_by_code(conn, code)? {
        Some(class) => Ok(Some(class_children(conn, class.id)?)),
        None => Ok(None),
    }
}

pub fn add_member(conn: &mut AnyConnection, class: i32, learner: i32) -> QueryResult<()> {
    let already = class_members::table
        .find((class, learner))
        .count()
        .get_result::<i64>(conn)?
        > 0;
    if !already {
        diesel::insert_into(class_members::table)
            .values((
                class_members::class_id.eq(class),
                class_members::learner_id.eq(learner),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Whether `teacher` teaches `learner` in one of their classes.
pub fn teaches(conn: &mut AnyConnection, teacher: i32, learner: i32) -> QueryResult<bool> {
    Ok(class_members::table
        .inner_join(classes::table)
        .filter(class_members::learner_id.eq(learner))
        .filter(classes::teacher_id.eq(teacher))
        .count()
        .get_result::<i64>(conn)?
        > 0)
}

/// A learner's attempts, solved problems, and problems solved since `since` (ms).
pub fn work_counts(
    conn: &mut AnyConnection,
    learner: i32,
    since: i64,
) -> QueryResult<(i64, i64, i64)> {
    let all: i64 = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .count()
        .get_result(conn)?;
    let solved: i64 = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .filter(attempts::result.eq(AttemptResult::Solved))
        .count()
        .get_result(conn)?;
    let recent: i64 = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .filter(attempts::started_at.ge(since))
        .filter(attempts::result.eq(AttemptResult::Solved))
        .count()
        .get_result(conn)?;
    Ok((all, solved, recent))
}

/// One rated game of a learner as stored (for the learner's data export).
#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = ratings_history)]
pub struct HistoryRow {
    pub attempt_id: i32,
    pub problem_id: i32,
    pub solved: bool,
    pub rating_before: f64,
    pub rating_after: f64,
    pub rd_after: f64,
    pub created_at: i64,
}

/// Every rated game of a learner, oldest first.
pub fn rating_history(conn: &mut AnyConnection, learner: i32) -> QueryResult<Vec<HistoryRow>> {
    ratings_history::table
        .filter(ratings_history::user_id.eq(learner))
        .order(ratings_history::id)
        .select(HistoryRow::as_select())
        .load(conn)
}

/// Every review of a learner (done or pending).
pub fn learner_reviews(conn: &mut AnyConnection, learner: i32) -> QueryResult<Vec<ReviewRow>> {
    reviews::table
        .filter(reviews::learner_id.eq(learner))
        .order(reviews::id)
        .select(ReviewRow::as_select())
        .load(conn)
}

/// The classes a learner is in.
pub fn learner_classes(conn: &mut AnyConnection, learner: i32) -> QueryResult<Vec<ClassRow>> {
    classes::table
        .inner_join(class_members::table)
        .filter(class_members::learner_id.eq(learner))
        .order(classes::id)
        .select(ClassRow::as_select())
        .load(conn)
}

/// One day of the calendar.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Day {
    /// Days since 1970-01-01 in the learner's time zone.
    pub day: i64,
    pub attempts: i32,
    pub solved: i32,
}

/// A mistake to look at again.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Mistake {
    pub attempt_id: i32,
    pub problem_id: i32,
    pub view: i32,
    pub at: i64,
    /// The learner's wrong move (SGF point, in the attempt's view), if one was played.
    pub wrong_move: Option<String>,
}

/// Everything the growth log shows, read with a handful of indexed queries.
#[derive(Debug, Clone)]
pub struct Growth {
    /// (time, rating, deviation) after each rated game, oldest first.
    pub ratings: Vec<(i64, f64, f64)>,
    pub days: Vec<Day>,
    pub concepts: Vec<ConceptRow>,
    pub mistakes: Vec<Mistake>,
    pub assessments: Vec<AssessmentRow>,
    pub reviews_pending: usize,
    pub total_attempts: i64,
    pub total_solved: i64,
}

/// The growth log of a learner: the calendar covers `days` days up to `now`, with days starting
/// at midnight in a zone `tz_minutes` east of UTC.
pub fn growth(
    conn: &mut AnyConnection,
    learner: i32,
    now: i64,
    days: i64,
    tz_minutes: i64,
) -> QueryResult<Growth> {
    let ratings = ratings_history::table
        .filter(ratings_history::user_id.eq(learner))
        .order(ratings_history::created_at)
        .select((
            ratings_history::created_at,
            ratings_history::rating_after,
            ratings_history::rd_after,
        ))
        .load(conn)?;
    let offset = tz_minutes * 60_000;
    let today = (now + offset).div_euclid(DAY_MS);
    let since = (today - days + 1) * DAY_MS - offset;
    let recent: Vec<(i64, AttemptResult)> = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .filter(attempts::started_at.ge(since))
        .select((attempts::started_at, attempts::result))
        .load(conn)?;
    let mut calendar: Vec<Day> = (today - days + 1..=today)
        .map(|day| Day {
            day,
            attempts: 0,
            solved: 0,
        })
        .collect();
    for (t, result) in &recent {
        let d = (t + offset).div_euclid(DAY_MS) - (today - days + 1);
        if let Some(day) = usize::try_from(d).ok().and_then(|i| calendar.get_mut(i)) {
            day.attempts += 1;
            day.solved += i32::from(*result == AttemptResult::Solved);
        }
    }
    let wrong: Vec<(i32, i32, i32, i64)> = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .filter(attempts::result.eq(AttemptResult::Wrong))
        .order(attempts::started_at.desc())
        .limit(6)
        .select((
            attempts::id,
            attempts::problem_id,
            attempts::view,
            attempts::started_at,
        ))
        .load(conn)?;
    let ids: Vec<i32> = wrong.iter().map(|w| w.0).collect();
    let moves: Vec<(i32, String)> = attempt_moves::table
        .filter(attempt_moves::attempt_id.eq_any(&ids))
        .filter(attempt_moves::judged.eq("wrong"))
        .select((attempt_moves::attempt_id, attempt_moves::mv))
        .load(conn)?;
    let mistakes = wrong
        .into_iter()
        .map(|(attempt_id, problem_id, view, at)| Mistake {
            attempt_id,
            problem_id,
            view,
            at,
            wrong_move: moves
                .iter()
                .find(|m| m.0 == attempt_id && !m.1.is_empty())
                .map(|m| m.1.clone()),
        })
        .collect();
    let counts: Vec<(AttemptResult, i64)> = attempts::table
        .filter(attempts::learner_id.eq(learner))
        .group_by(attempts::result)
        .select((attempts::result, diesel::dsl::count_star()))
        .load(conn)?;
    let total_attempts = counts.iter().map(|c| c.1).sum();
    let total_solved = counts
        .iter()
        .filter(|c| c.0 == AttemptResult::Solved)
        .map(|c| c.1)
        .sum();
    Ok(Growth {
        ratings,
        days: calendar,
        concepts: learner_concepts(conn, learner)?,
        mistakes,
        assessments: learner_assessments(conn, learner)?,
        reviews_pending: pending_review_count(conn, learner)? as usize,
        total_attempts,
        total_solved,
    })
}

/// The current streak (consecutive days up to today, or up to yesterday when today has none yet,
/// with a solved problem) and the best one, from a calendar.
pub fn streaks(days: &[Day]) -> (usize, usize) {
    let mut best = 0;
    let mut run = 0;
    for d in days {
        run = if d.solved > 0 { run + 1 } else { 0 };
        best = best.max(run);
    }
    let mut current = 0;
    let skip_today = days.last().is_some_and(|d| d.solved == 0);
    for d in days.iter().rev().skip(usize::from(skip_today)) {
        if d.solved == 0 {
            break;
        }
        current += 1;
    }
    (current, best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(solved: i32) -> Day {
        Day {
            day: 0,
            attempts: solved,
            solved,
        }
    }

    #[test]
    fn a_streak_counts_back_from_today_or_yesterday() {
        assert_eq!(streaks(&[day(1), day(0), day(2), day(1)]), (2, 2));
        assert_eq!(streaks(&[day(1), day(1), day(1), day(0)]), (3, 3));
        assert_eq!(streaks(&[day(1), day(1), day(0), day(0)]), (0, 2));
        assert_eq!(streaks(&[]), (0, 0));
    }
}
