//! The HTML pages (askama, one base layout): home, a set with filters, the solve page, and errors
//! rendered inside the same layout. Every string comes from `i18n`.

use actix_web::cookie::Cookie;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use askama::Template;

use super::board_svg;
use super::error::AppError;
use super::i18n::{KINDS, Lang, Text, Words, kind_name};
use crate::app::AppState;
use crate::app::bank;
use crate::db::ProblemFilter;
use crate::go::Color;

/// What every page template knows.
struct Base {
    t: &'static Text,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
}

impl Base {
    fn of(lang: Lang) -> Base {
        Base {
            t: lang.text(),
            lang_code: lang.code(),
            lang_short: lang.short(),
            other_lang: lang.other().short(),
        }
    }
}

struct SetTile {
    slug: String,
    name: String,
    count: i64,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    t: &'static Text,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    sets: Vec<SetTile>,
    first_problem: Option<i32>,
}

struct ProblemTile {
    id: i32,
    position: i32,
    kind: &'static str,
    stars: &'static str,
}

#[derive(Template)]
#[template(path = "set.html")]
struct SetPage {
    t: &'static Text,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    name: String,
    kinds: Vec<(&'static str, &'static str, bool)>,
    levels: Vec<(&'static str, &'static str, bool)>,
    problems: Vec<ProblemTile>,
}

#[derive(Template)]
#[template(path = "solve.html")]
struct SolvePage {
    t: &'static Text,
    w: &'static Words,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    id: i32,
    position: i32,
    board: String,
    to_play_class: &'static str,
    to_play_text: &'static str,
    kind: &'static str,
    /// What the page says aloud when it opens: who plays and what to do.
    task: String,
    comment: Option<String>,
    next_href: String,
    /// Added to the attempt's creation: the review or test it belongs to.
    attempt_query: String,
    badge: Option<&'static str>,
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    t: &'static Text,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    heading: &'static str,
    detail: String,
}

pub fn error_page(lang: Lang, err: &AppError) -> HttpResponse {
    let b = Base::of(lang);
    let (heading, detail) = match err {
        AppError::NotFound(_) => (b.t.not_found, b.t.not_found_detail.to_string()),
        AppError::Internal(d) => {
            tracing::error!("page error: {d}");
            (b.t.error_title, String::new())
        }
        other => (b.t.error_title, other.to_string()),
    };
    let page = ErrorPage {
        t: b.t,
        lang_code: b.lang_code,
        lang_short: b.lang_short,
        other_lang: b.other_lang,
        heading,
        detail,
    };
    let body = page
        .render()
        .unwrap_or_else(|e| format!("<h1>{heading}</h1><!-- {e} -->"));
    HttpResponse::build(err.status_code())
        .content_type("text/html; charset=utf-8")
        .body(body)
}

/// A rendered page as the response (with the language cookie when `?lang=` chose it).
pub fn render_page(
    req: &HttpRequest,
    lang: Lang,
    body: Result<String, askama::Error>,
) -> Result<HttpResponse, AppError> {
    html(req, lang, body)
}

fn html(
    req: &HttpRequest,
    lang: Lang,
    body: Result<String, askama::Error>,
) -> Result<HttpResponse, AppError> {
    let body = body.map_err(|e| AppError::Internal(e.to_string()))?;
    let mut resp = HttpResponse::Ok();
    resp.content_type("text/html; charset=utf-8");
    if let Some(c) = lang_cookie(req, lang) {
        resp.cookie(c);
    }
    Ok(resp.body(body))
}

/// A language chosen with `?lang=` sticks for the next pages.
pub fn lang_cookie(req: &HttpRequest, lang: Lang) -> Option<Cookie<'static>> {
    if !req.query_string().contains("lang=") {
        return None;
    }
    let mut c = Cookie::new("lang", lang.short());
    c.set_path("/");
    c.set_http_only(true);
    c.set_same_site(actix_web::cookie::SameSite::Lax);
    Some(c)
}

/// The problem sets page: the home page's list of sets, with the start button.
#[get("/sets")]
pub async fn sets_page(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    home_page(req, state).await
}

/// The home page: the bank's sets; a signed-in child's home shows their homework first.
#[get("/")]
pub async fn home(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: crate::app::Actor,
) -> Result<HttpResponse, AppError> {
    if let Ok(me) = crate::app::Learner::of(&actor) {
        return super::homework::child_home(&req, state, me).await;
    }
    home_page(req, state).await
}

async fn home_page(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let found = super::auth::run(move || bank::sets(&state)).await?;
    let (sets, first) = &*found;
    let b = Base::of(lang);
    let page = HomePage {
        t: b.t,
        lang_code: b.lang_code,
        lang_short: b.lang_short,
        other_lang: b.other_lang,
        sets: sets
            .iter()
            .map(|(s, count)| SetTile {
                slug: s.slug.clone(),
                name: s.name.clone(),
                count: *count,
            })
            .collect(),
        first_problem: *first,
    };
    html(&req, lang, page.render())
}

/// Difficulty bands of the set page's filter (problem rating, Glicko-2 scale).
fn level_range(level: &str) -> Option<(f64, f64)> {
    match level {
        "easy" => Some((0.0, 1000.0)),
        "medium" => Some((1000.0, 1400.0)),
        "hard" => Some((1400.0, 10_000.0)),
        _ => None,
    }
}

fn stars(rating: f64) -> &'static str {
    if rating < 1000.0 {
        "★"
    } else if rating < 1400.0 {
        "★★"
    } else {
        "★★★"
    }
}

#[derive(serde::Deserialize)]
pub struct SetQuery {
    kind: Option<String>,
    level: Option<String>,
}

#[get("/sets/{slug}")]
pub async fn set_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    q: web::Query<SetQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let kind = q.kind.clone().filter(|k| KINDS.contains(&k.as_str()));
    let level = q.level.clone().unwrap_or_default();
    let range = level_range(&level);
    let slug = slug.into_inner();
    let filter = ProblemFilter {
        kind: kind.clone(),
        set: Some(slug.clone()),
        min_rating: range.map(|r| r.0),
        max_rating: range.map(|r| r.1 - 1e-9),
        limit: 500,
        offset: 0,
    };
    let st = state.clone();
    let (set, rows) = super::auth::run(move || bank::set(&st, &slug, filter)).await?;
    let b = Base::of(lang);
    let page = SetPage {
        t: b.t,
        lang_code: b.lang_code,
        lang_short: b.lang_short,
        other_lang: b.other_lang,
        name: set.name,
        kinds: KINDS
            .iter()
            .map(|&k| (k, kind_name(lang, k), kind.as_deref() == Some(k)))
            .collect(),
        levels: [
            ("easy", b.t.easy),
            ("medium", b.t.medium),
            ("hard", b.t.hard),
        ]
        .into_iter()
        .map(|(k, name)| (k, name, level == k))
        .collect(),
        problems: rows
            .iter()
            .map(|r| ProblemTile {
                id: r.id,
                position: r.position,
                kind: kind_name(lang, &r.kind),
                stars: stars(r.rating),
            })
            .collect(),
    };
    html(&req, lang, page.render())
}

#[derive(serde::Deserialize)]
pub struct SolveQuery {
    /// A review of the signed-in learner: the problem is shown in the review's view.
    review: Option<i32>,
    /// A placement test of the signed-in learner.
    assessment: Option<i32>,
    /// Practice mode: "next" asks for the learner's next problem.
    practice: Option<u8>,
}

#[get("/problems/{id}")]
pub async fn solve_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    q: web::Query<SolveQuery>,
    actor: crate::app::Actor,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("problem"))?;
    let (review, assessment, practice) = (q.review, q.assessment, q.practice.is_some());
    let st = state.clone();
    let (row, next, view) = super::auth::run(move || {
        let (row, next) = bank::problem_for(&st, &actor, id)?;
        // A review is shown turned or recoloured, the same way the judge will see it.
        let view = match review {
            Some(r) => crate::app::answers::review_view(&st, &actor, r)?,
            None => 0,
        };
        Ok((row, next, view))
    })
    .await?;
    let problem = state.problem_view(&row, view)?;
    let b = Base::of(lang);
    let board = board_svg::render(
        problem.size,
        problem.viewport,
        &problem.black,
        &problem.white,
    );
    let black = problem.to_play == Color::Black;
    let next_href = if assessment.is_some() {
        "/assessment".to_string()
    } else if review.is_some() || practice {
        "/practice".to_string()
    } else {
        next.map_or_else(|| "/".to_string(), |n| format!("/problems/{n}"))
    };
    let comment = if view == 0 {
        row.comment.clone()
    } else {
        problem.comment.clone()
    };
    let page = SolvePage {
        t: b.t,
        w: lang.words(),
        lang_code: b.lang_code,
        lang_short: b.lang_short,
        other_lang: b.other_lang,
        id: row.id,
        position: row.position,
        board,
        to_play_class: if black { "b" } else { "w" },
        to_play_text: if black {
            b.t.black_to_play
        } else {
            b.t.white_to_play
        },
        kind: kind_name(lang, &row.kind),
        task: super::i18n::task(lang, black, &row.kind),
        // The author's question text is shown only when it is in the page's language.
        comment: comment
            .as_deref()
            .map(without_links)
            .filter(|c| !c.is_empty() && c.chars().count() < 120 && is_in(lang, c)),
        next_href,
        attempt_query: match (review, assessment) {
            (Some(r), _) => format!("?review={r}"),
            (None, Some(a)) => format!("?assessment={a}"),
            _ => String::new(),
        },
        badge: if review.is_some() {
            Some(lang.words().review_badge)
        } else if assessment.is_some() {
            Some(lang.words().assessment)
        } else {
            None
        },
    };
    html(&req, lang, page.render())
}

/// The text without web addresses (collections credit their site in the question).
fn without_links(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| !w.starts_with("http://") && !w.starts_with("https://"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a text reads as the given language (Chinese when it has CJK characters).
fn is_in(lang: Lang, text: &str) -> bool {
    let cjk = text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    match lang {
        Lang::Zh => cjk,
        Lang::En => !cjk,
    }
}

#[get("/static/style.css")]
pub async fn style() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(include_str!("../../templates/style.css"))
}

#[get("/static/solve.js")]
pub async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(include_str!("../../templates/solve.js"))
}

#[get("/static/kids.js")]
pub async fn kids_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(include_str!("../../templates/kids.js"))
}

#[get("/static/speak.js")]
pub async fn speak_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(include_str!("../../templates/speak.js"))
}

/// Unknown routes: the JSON error under /api, the page in the layout elsewhere.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    let err = AppError::NotFound("page");
    if req.path().starts_with("/api/") {
        HttpResponse::NotFound().json(err.body())
    } else {
        error_page(Lang::of(&req), &err)
    }
}
