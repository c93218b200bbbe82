//! The HTML pages (askama, one base layout): home, a set with filters, the solve page, and errors
//! rendered inside the same layout. Every string comes from `i18n`.

use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use askama::Template;

use super::board_svg;
use super::error::AppError;
use super::i18n::{KINDS, Lang, Text, kind_name};
use super::state::AppState;
use crate::db::{self, ProblemFilter};
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
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    id: i32,
    position: i32,
    board: String,
    to_play_class: &'static str,
    to_play_text: &'static str,
    kind: &'static str,
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

/// An error on a page: the same cases as the API, shown inside the layout.
#[derive(Debug)]
pub struct PageError {
    err: AppError,
    lang: Lang,
}

impl PageError {
    pub fn new(err: AppError, lang: Lang) -> PageError {
        PageError { err, lang }
    }
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.err.fmt(f)
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.err.status_code()
    }

    fn error_response(&self) -> HttpResponse {
        error_page(self.lang, &self.err)
    }
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
) -> Result<HttpResponse, PageError> {
    html(req, lang, body)
}

fn html(
    req: &HttpRequest,
    lang: Lang,
    body: Result<String, askama::Error>,
) -> Result<HttpResponse, PageError> {
    let body = body.map_err(|e| PageError {
        err: AppError::Internal(e.to_string()),
        lang,
    })?;
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

/// Runs blocking work, turning its errors into pages.
pub(super) async fn blocking<T: Send + 'static>(
    lang: Lang,
    f: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, PageError> {
    match web::block(f).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(err)) => Err(PageError { err, lang }),
        Err(e) => Err(PageError {
            err: e.into(),
            lang,
        }),
    }
}

/// The problem sets page: the home page's list of sets, with the start button.
#[get("/sets")]
pub async fn sets_page(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    home_page(req, state).await
}

#[get("/")]
pub async fn home(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, PageError> {
    home_page(req, state).await
}

async fn home_page(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    let lang = Lang::of(&req);
    let pool = state.pool.clone();
    let (sets, first) = blocking(lang, move || {
        let conn = &mut pool.get()?;
        let sets = db::list_sets(conn)?;
        let first = db::list_problems(
            conn,
            &ProblemFilter {
                limit: 1,
                ..Default::default()
            },
        )?
        .first()
        .map(|p| p.id);
        Ok((sets, first))
    })
    .await?;
    let b = Base::of(lang);
    let page = HomePage {
        t: b.t,
        lang_code: b.lang_code,
        lang_short: b.lang_short,
        other_lang: b.other_lang,
        sets: sets
            .into_iter()
            .map(|(s, count)| SetTile {
                slug: s.slug,
                name: s.name,
                count,
            })
            .collect(),
        first_problem: first,
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
) -> Result<HttpResponse, PageError> {
    let lang = Lang::of(&req);
    let kind = q.kind.clone().filter(|k| KINDS.contains(&k.as_str()));
    let level = q.level.clone().unwrap_or_default();
    let range = level_range(&level);
    let pool = state.pool.clone();
    let slug = slug.into_inner();
    let filter_kind = kind.clone();
    let (set, rows) = blocking(lang, move || {
        let conn = &mut pool.get()?;
        let set = db::get_set(conn, &slug)?.ok_or(AppError::NotFound("set"))?;
        let filter = ProblemFilter {
            kind: filter_kind,
            set: Some(slug),
            min_rating: range.map(|r| r.0),
            max_rating: range.map(|r| r.1 - 1e-9),
            limit: 500,
            offset: 0,
        };
        Ok((set, db::list_problems(conn, &filter)?))
    })
    .await?;
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
    token: super::auth::SessionToken,
) -> Result<HttpResponse, PageError> {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| PageError {
        err: AppError::NotFound("problem"),
        lang,
    })?;
    let (review, assessment, practice) = (q.review, q.assessment, q.practice.is_some());
    let st = state.clone();
    let (row, next, view) = blocking(lang, move || {
        let conn = &mut *st.conn()?;
        let row = db::get_problem(conn, id)?.ok_or(AppError::NotFound("problem"))?;
        let next = db::next_in_set(conn, &row)?;
        // A review is shown turned or recoloured, the same way the judge will see it.
        let mut view = 0;
        if let Some(r) = review {
            let me = super::auth::current_user(&st, &token)?;
            let r = db::learning::review_by_id(conn, r)?.ok_or(AppError::NotFound("review"))?;
            if me.is_none_or(|m| m.id != r.learner_id) {
                return Err(AppError::Forbidden(
                    "this is another learner's review".into(),
                ));
            }
            view = r.view;
        }
        Ok((row, next, view))
    })
    .await?;
    let problem = state
        .problem_view(&row, view)
        .map_err(|err| PageError { err, lang })?;
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

/// Unknown routes: the JSON error under /api, the page in the layout elsewhere.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    let err = AppError::NotFound("page");
    if req.path().starts_with("/api/") {
        HttpResponse::NotFound().json(err.body())
    } else {
        error_page(Lang::of(&req), &err)
    }
}
