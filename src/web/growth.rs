//! 成长日志, the growth log of a learner: rating and rank over time, a calendar of problems
//! solved per day, accuracy and strength per concept, streaks, recent mistakes with their
//! boards, and placement tests. One JSON endpoint and one page over the same data; the parent
//! sees their own children, the teacher their classes' children.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::run;
use super::error::ErrorBody;
use super::i18n::{Lang, Text, Words, concept_name};
use super::{board_svg, charts};
use crate::app::games::GameTally;
use crate::app::{Actor, AppError, AppState, learners};
use crate::db::accounts::UserRow;
use crate::db::learning::{self, Growth};
use crate::go::{Color, Point};
use crate::rating::{rank_of, stars_of};

const DAY_MS: i64 = 24 * 3600 * 1000;

#[derive(Deserialize, IntoParams)]
pub struct GrowthQuery {
    /// Days of calendar, 7 to 366 (default 84: twelve weeks).
    pub days: Option<i64>,
    /// The learner's time zone, minutes east of UTC (default 480, China).
    pub tz: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct RatingPoint {
    pub at: i64,
    pub rating: f64,
    pub deviation: f64,
    pub rank: String,
}

#[derive(Serialize, ToSchema)]
pub struct CalendarDay {
    /// YYYY-MM-DD in the learner's time zone.
    pub date: String,
    pub attempts: i32,
    pub solved: i32,
}

#[derive(Serialize, ToSchema)]
pub struct ConceptStrength {
    pub concept: String,
    pub rating: f64,
    pub rank: String,
    pub attempts: i32,
    pub solved: i32,
    pub accuracy: f64,
}

#[derive(Serialize, ToSchema)]
pub struct MistakeView {
    pub attempt_id: i32,
    pub problem_id: i32,
    pub view: i32,
    pub at: i64,
    pub wrong_move: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AssessmentSummary {
    pub assessment_id: i32,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub items: i32,
    pub rank: Option<String>,
    pub rank_low: Option<String>,
    pub rank_high: Option<String>,
}

/// The growth log.
#[derive(Serialize, ToSchema)]
pub struct GrowthView {
    pub learner_id: i32,
    pub display_name: String,
    pub rating: f64,
    pub deviation: f64,
    pub rank: String,
    /// What a child sees: level and stars.
    pub level: u8,
    pub stars: u8,
    pub ratings: Vec<RatingPoint>,
    pub calendar: Vec<CalendarDay>,
    pub concepts: Vec<ConceptStrength>,
    pub streak: usize,
    pub best_streak: usize,
    pub total_attempts: i64,
    pub total_solved: i64,
    pub accuracy: f64,
    pub reviews_pending: usize,
    pub recent_mistakes: Vec<MistakeView>,
    pub assessments: Vec<AssessmentSummary>,
    /// Finished games (capture-Go and Go): played and won, per computer level.
    pub games: GameTally,
}

/// A day number as YYYY-MM-DD (the proleptic Gregorian calendar; days since 1970-01-01).
pub fn date_of_day(day: i64) -> String {
    // Howard Hinnant's civil_from_days.
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

pub(super) fn date_of_ms(ms: i64, tz_minutes: i64) -> String {
    date_of_day((ms + tz_minutes * 60_000).div_euclid(DAY_MS))
}

fn view_of(learner: &UserRow, g: &Growth, games: GameTally) -> GrowthView {
    let (streak, best_streak) = learning::streaks(&g.days);
    let s = stars_of(learner.rating);
    GrowthView {
        learner_id: learner.id,
        display_name: learner.display_name.clone(),
        rating: learner.rating,
        deviation: learner.rating_rd,
        rank: rank_of(learner.rating).to_string(),
        level: s.level,
        stars: s.stars,
        ratings: g
            .ratings
            .iter()
            .map(|&(at, rating, deviation)| RatingPoint {
                at,
                rating,
                deviation,
                rank: rank_of(rating).to_string(),
            })
            .collect(),
        calendar: g
            .days
            .iter()
            .map(|d| CalendarDay {
                date: date_of_day(d.day),
                attempts: d.attempts,
                solved: d.solved,
            })
            .collect(),
        concepts: g
            .concepts
            .iter()
            .map(|c| ConceptStrength {
                concept: c.concept.clone(),
                rating: c.rating,
                rank: rank_of(c.rating).to_string(),
                attempts: c.attempts,
                solved: c.solved,
                accuracy: f64::from(c.solved) / f64::from(c.attempts.max(1)),
            })
            .collect(),
        streak,
        best_streak,
        total_attempts: g.total_attempts,
        total_solved: g.total_solved,
        accuracy: g.total_solved as f64 / g.total_attempts.max(1) as f64,
        reviews_pending: g.reviews_pending,
        recent_mistakes: g
            .mistakes
            .iter()
            .map(|m| MistakeView {
                attempt_id: m.attempt_id,
                problem_id: m.problem_id,
                view: m.view,
                at: m.at,
                wrong_move: m.wrong_move.clone(),
            })
            .collect(),
        assessments: g
            .assessments
            .iter()
            .map(|a| AssessmentSummary {
                assessment_id: a.id,
                started_at: a.started_at,
                ended_at: a.ended_at,
                items: a.items,
                rank: a.rank.clone(),
                rank_low: a.rank_low.clone(),
                rank_high: a.rank_high.clone(),
            })
            .collect(),
        games,
    }
}

/// A learner's growth log as data.
#[utoipa::path(params(("id" = i32, Path, description = "learner id"), GrowthQuery), responses((status = 200, body = GrowthView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/learners/{id}/growth")]
pub async fn growth_json(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<i32>,
    q: web::Query<GrowthQuery>,
) -> Result<web::Json<GrowthView>, AppError> {
    let (days, tz) = (q.days.unwrap_or(84), q.tz.unwrap_or(480));
    let id = id.into_inner();
    let (learner, g, games, _) =
        run(move || learners::growth(&state, &actor, id, days, tz)).await?;
    Ok(web::Json(view_of(&learner, &g, games)))
}

struct ConceptLine {
    name: &'static str,
    rank: String,
    attempts: i32,
    accuracy: String,
}

struct MistakeCard {
    problem_id: i32,
    date: String,
    board: String,
}

struct GameLine {
    who: String,
    played: u32,
    won: u32,
}

struct TestLine {
    date: String,
    items: i32,
    result: String,
}

#[derive(Template)]
#[template(path = "growth.html")]
struct GrowthPage {
    t: &'static Text,
    w: &'static Words,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    name: String,
    avatar: super::i18n::Shown,
    rank: String,
    level: u8,
    stars: String,
    tried: i64,
    solved: i64,
    accuracy: String,
    streak: usize,
    best_streak: usize,
    reviews: usize,
    rating_chart: String,
    calendar_chart: String,
    concept_chart: String,
    concepts: Vec<ConceptLine>,
    mistakes: Vec<MistakeCard>,
    tests: Vec<TestLine>,
    /// The learner is looking at their own log: show where to go next.
    own: bool,
    gw: &'static super::i18n::GameWords,
    games_played: u32,
    games_won: u32,
    game_lines: Vec<GameLine>,
}

fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// The board of a mistake as the learner saw it, with their wrong move ringed.
fn mistake_board(st: &AppState, m: &learning::Mistake) -> String {
    let Ok((row, _)) = crate::app::bank::problem(st, m.problem_id) else {
        return String::new();
    };
    let Ok(problem) = st.problem_view(&row, m.view) else {
        return String::new();
    };
    let mut svg = board_svg::render(
        problem.size,
        problem.viewport,
        &problem.black,
        &problem.white,
    )
    .replacen("id=\"board\" ", "class=\"thumb\" ", 1);
    if let Some(p) = m.wrong_move.as_deref().and_then(Point::from_sgf) {
        let color = problem.to_play;
        let mut stone = String::new();
        board_svg::stone_svg(&mut stone, p, color == Color::Black);
        stone.push_str(&format!(
            r##"<circle cx="{}" cy="{}" r="0.3" fill="none" stroke="#e74c3c" stroke-width="0.12"/>"##,
            p.x, p.y
        ));
        if let Some(end) = svg.rfind("</svg>") {
            svg.insert_str(end, &stone);
        }
    }
    svg
}

/// The growth log page.
#[get("/learners/{id}/growth")]
pub async fn growth_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("learner"))?;
    let tz = 480;
    let st = state.clone();
    let (learner, g, games, boards, own) = run(move || {
        let (learner, g, games, own) = learners::growth(&st, &actor, id, 84, tz)?;
        let boards: Vec<String> = g.mistakes.iter().map(|m| mistake_board(&st, m)).collect();
        Ok((learner, g, games, boards, own))
    })
    .await?;
    let gw = lang.game_words();
    let game_lines = games
        .by_level
        .iter()
        .map(|l| GameLine {
            who: match l.level {
                Some(n) => format!("{} {n} {}", gw.computer, gw.level),
                None => gw.vs_people.to_string(),
            },
            played: l.played,
            won: l.won,
        })
        .collect();
    let v = view_of(&learner, &g, games);
    let (t, w) = (lang.text(), lang.words());
    let zh = lang == Lang::Zh;
    let rank = |r: f64| {
        let r = rank_of(r);
        if zh { r.zh() } else { r.to_string() }
    };
    let translate_rank = |s: &str| -> String {
        if zh {
            s.replace(" kyu", "级").replace(" dan", "段")
        } else {
            s.to_string()
        }
    };
    let points: Vec<(f64, f64)> = g.ratings.iter().map(|r| (r.1, r.2)).collect();
    let concept_bars: Vec<(String, f64)> = g
        .concepts
        .iter()
        .map(|c| (concept_name(lang, &c.concept).to_string(), c.rating))
        .collect();
    let page = GrowthPage {
        t,
        w,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        name: learner.display_name.clone(),
        avatar: super::i18n::avatar(lang, learner.avatar),
        rank: rank(learner.rating),
        level: v.level,
        stars: "★".repeat(usize::from(v.stars)),
        tried: v.total_attempts,
        solved: v.total_solved,
        accuracy: percent(v.accuracy),
        streak: v.streak,
        best_streak: v.best_streak,
        reviews: v.reviews_pending,
        rating_chart: charts::rating_chart(&points, w.rating_over_time, zh),
        calendar_chart: charts::calendar_chart(&g.days, w.calendar),
        concept_chart: charts::concept_chart(&concept_bars, w.by_concept, zh),
        concepts: g
            .concepts
            .iter()
            .map(|c| ConceptLine {
                name: concept_name(lang, &c.concept),
                rank: rank(c.rating),
                attempts: c.attempts,
                accuracy: percent(f64::from(c.solved) / f64::from(c.attempts.max(1))),
            })
            .collect(),
        mistakes: g
            .mistakes
            .iter()
            .zip(boards)
            .map(|(m, board)| MistakeCard {
                problem_id: m.problem_id,
                date: date_of_ms(m.at, tz),
                board,
            })
            .collect(),
        own,
        gw,
        games_played: v.games.played,
        games_won: v.games.won,
        game_lines,
        tests: g
            .assessments
            .iter()
            .map(|a| TestLine {
                date: date_of_ms(a.started_at, tz),
                items: a.items,
                result: match (&a.rank, &a.rank_low, &a.rank_high) {
                    (Some(r), Some(lo), Some(hi)) => format!(
                        "{} ({} – {})",
                        translate_rank(r),
                        translate_rank(lo),
                        translate_rank(hi)
                    ),
                    _ => "…".into(),
                },
            })
            .collect(),
    };
    super::pages::render_page(&req, lang, page.render())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_numbers_become_calendar_dates() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(20_422), "2025-11-30");
        assert_eq!(date_of_day(-1), "1969-12-31");
        assert_eq!(date_of_day(11_016), "2000-02-29");
        // 2026-11-30 00:30 in China is still 2026-11-29 in UTC.
        let ms = 20_786 * DAY_MS + 16 * 3600 * 1000 + 30 * 60_000;
        assert_eq!(date_of_ms(ms, 480), "2026-11-30");
        assert_eq!(date_of_ms(ms, 0), "2026-11-29");
    }
}
