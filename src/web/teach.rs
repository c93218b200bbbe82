//! The teacher's desk (ARCHITECTURE.md "The pages of homework"): `/teach` lists the teacher's
//! sets and classes with their assignments, and carries the forms that create a set and assign a
//! set to a class (CSRF-checked). Handlers parse, call one use case (`app::teaching::desk`,
//! `app::sets::create`, `app::assignments::assign`) and render; they decide no permission.

use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;

use super::auth::run;
use super::csrf::{self, Checked, csrf_forms};
use super::growth::date_of_ms;
use super::i18n::{Lang, TeachWords, Text};
use super::learner_pages::form_page;
use crate::app::sets::{SetFields, VISIBILITIES};
use crate::app::teaching::{self, Desk};
use crate::app::{Actor, AppError, AppState, Teacher, assignments, sets};

type Page = Result<HttpResponse, AppError>;

csrf_forms!(NewSetForm, AssignForm);

/// The time zone the dates of homework are read and shown in (China, as the growth log).
pub(super) const TZ_MINUTES: i64 = 480;
const DAY_MS: i64 = 24 * 3600 * 1000;
/// The default time to do homework: a week.
const DEFAULT_DAYS: i64 = 7;

pub(super) fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to.to_string()))
        .finish()
}

/// The day number (days since 1970-01-01) of a date typed as YYYY-MM-DD (an HTML date input).
fn day_of_date(s: &str) -> Result<i64, AppError> {
    let bad = || AppError::bad("a date is written YYYY-MM-DD");
    let mut it = s.trim().splitn(3, '-');
    let mut part = |max: i64| -> Result<i64, AppError> {
        let v: i64 = it.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        if (1..=max).contains(&v) {
            Ok(v)
        } else {
            Err(bad())
        }
    };
    let (year, m, d) = (part(9999)?, part(12)?, part(31)?);
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let day = era * 146_097 + doe - 719_468;
    // 31 February and the like: the date must read back the same.
    if super::growth::date_of_day(day) != format!("{year:04}-{m:02}-{d:02}") {
        return Err(bad());
    }
    Ok(day)
}

/// The first millisecond of a day in the homework time zone.
fn day_start_ms(day: i64) -> i64 {
    day * DAY_MS - TZ_MINUTES * 60_000
}

/// The homework dates as typed: from the start of the first day to the end of the due day.
fn homework_span(starts: &str, due: &str) -> Result<(i64, i64), AppError> {
    let (s, d) = (day_of_date(starts)?, day_of_date(due)?);
    Ok((day_start_ms(s), day_start_ms(d + 1) - 1))
}

struct SetLine {
    id: i32,
    name: String,
    count: i64,
    visibility: &'static str,
}

struct SetChoice {
    id: i32,
    name: String,
    count: i64,
}

struct AssignmentLine {
    id: i32,
    set_name: String,
    starts: String,
    due: String,
}

struct ClassLine {
    id: i32,
    name: String,
    children: usize,
    assignments: Vec<AssignmentLine>,
}

#[derive(Template)]
#[template(path = "teach.html")]
struct DeskPage {
    t: &'static Text,
    tw: &'static TeachWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    csrf: String,
    sets: Vec<SetLine>,
    public: Vec<SetChoice>,
    classes: Vec<ClassLine>,
    /// (value, label) of the visibility choices.
    visibilities: Vec<(&'static str, &'static str)>,
    today: String,
    in_a_week: String,
}

fn visibility_label(tw: &'static TeachWords, v: &str) -> &'static str {
    match v {
        "public" => tw.vis_public,
        "class" => tw.vis_class,
        _ => tw.vis_private,
    }
}

fn desk_view(req: &HttpRequest, lang: Lang, desk: Desk) -> DeskPage {
    let tw = lang.teach_words();
    let now = crate::db::now_ms();
    DeskPage {
        t: lang.text(),
        tw,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        csrf: csrf::token(req).0,
        sets: desk
            .sets
            .into_iter()
            .map(|(s, count)| SetLine {
                id: s.id,
                visibility: visibility_label(tw, &s.visibility),
                name: s.name,
                count,
            })
            .collect(),
        public: desk
            .public
            .into_iter()
            .map(|(s, count)| SetChoice {
                id: s.id,
                name: s.name,
                count,
            })
            .collect(),
        classes: desk
            .classes
            .into_iter()
            .map(|c| ClassLine {
                id: c.class.id,
                name: c.class.name,
                children: c.children,
                assignments: c
                    .assignments
                    .into_iter()
                    .map(|a| AssignmentLine {
                        id: a.assignment.id,
                        set_name: a.set_name,
                        starts: date_of_ms(a.assignment.starts_at, TZ_MINUTES),
                        due: date_of_ms(a.assignment.due_at, TZ_MINUTES),
                    })
                    .collect(),
            })
            .collect(),
        visibilities: VISIBILITIES
            .iter()
            .map(|&v| (v, visibility_label(tw, v)))
            .collect(),
        today: date_of_ms(now, TZ_MINUTES),
        in_a_week: date_of_ms(now + DEFAULT_DAYS * DAY_MS, TZ_MINUTES),
    }
}

/// The teacher's desk: nobody signed in goes to sign in, another role gets the 403 page.
#[get("/teach")]
pub async fn desk_page(req: HttpRequest, state: web::Data<AppState>, actor: Actor) -> Page {
    if actor.0.is_none() {
        return Ok(see_other("/signin"));
    }
    let me = Teacher::of(&actor)?;
    let lang = Lang::of(&req);
    let desk = run(move || teaching::desk(&state, &me)).await?;
    let page = desk_view(&req, lang, desk);
    form_page(&req, lang, StatusCode::OK, page.render())
}

#[derive(Deserialize)]
pub struct NewSetForm {
    csrf: String,
    name: String,
    #[serde(default)]
    description: String,
    visibility: Option<String>,
}

/// A teacher creates a set and goes on to its editor.
#[post("/teach/sets")]
pub async fn new_set_post(
    state: web::Data<AppState>,
    me: Teacher,
    Checked(f): Checked<NewSetForm>,
) -> Page {
    let fields = SetFields {
        name: f.name,
        description: Some(f.description),
        visibility: f.visibility,
    };
    let id = run(move || sets::create(&state, &me, &fields)).await?;
    Ok(see_other(&format!("/teach/sets/{id}")))
}

#[derive(Deserialize)]
pub struct AssignForm {
    csrf: String,
    class: i32,
    set: i32,
    /// YYYY-MM-DD: homework opens at the start of this day.
    starts: String,
    /// YYYY-MM-DD: homework is due at the end of this day.
    due: String,
}

/// A teacher gives a set to one of their classes, from one day to another.
#[post("/teach/assignments")]
pub async fn assign_post(
    state: web::Data<AppState>,
    me: Teacher,
    Checked(f): Checked<AssignForm>,
) -> Page {
    let (starts_at, due_at) = homework_span(&f.starts, &f.due)?;
    let (class, set) = (f.class, f.set);
    run(move || assignments::assign(&state, &me, class, set, starts_at, due_at)).await?;
    Ok(see_other(&format!("/teach#class-{class}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_dates_become_days_and_bad_ones_are_refused() {
        assert_eq!(day_of_date("1970-01-01").ok(), Some(0));
        assert_eq!(day_of_date("2026-12-01").ok(), Some(20_788));
        assert_eq!(
            super::super::growth::date_of_day(day_of_date("2024-02-29").unwrap()),
            "2024-02-29"
        );
        for bad in ["2026-02-30", "2026-13-01", "yesterday", "2026-1", ""] {
            assert!(day_of_date(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn homework_runs_from_the_first_morning_to_the_last_night_in_china() {
        let (s, d) = homework_span("2026-12-01", "2026-12-01").unwrap();
        assert_eq!(date_of_ms(s, TZ_MINUTES), "2026-12-01");
        assert_eq!(date_of_ms(s - 1, TZ_MINUTES), "2026-11-30");
        assert_eq!(date_of_ms(d, TZ_MINUTES), "2026-12-01");
        assert_eq!(date_of_ms(d + 1, TZ_MINUTES), "2026-12-02");
    }
}
