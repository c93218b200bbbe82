//! Games (issue #13): the JSON API of `app::games`, the live stream of a game's changes
//! (server-sent events) and the two pages (start or join a game; the board). Thin: each handler
//! parses, runs one use case on a blocking thread (the computer's answer included) and renders.

use std::time::Duration;

use actix_web::http::header::{CONTENT_DISPOSITION, LOCATION};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use askama::Template;
use serde::Deserialize;
use utoipa::ToSchema;

use super::auth::run;
use super::error::ErrorBody;
use super::i18n::{GameWords, Lang, Text};
use super::session::ClientIp;
use crate::app::games::{self, GameView, Mode, NewGameSpec};
use crate::app::{Actor, AppError, AppState};

/// A new game.
#[derive(Deserialize, ToSchema)]
pub struct StartGame {
    /// capture | go
    pub kind: String,
    /// 5, 7, 9 (capture) or 9, 13 (go).
    pub size: u8,
    /// Capture-Go: stones to capture to win (1, 3, 5). Go: handicap stones (0, 2–9).
    #[serde(default)]
    pub target: u8,
    /// computer | one_device | two_devices
    pub mode: String,
    /// The computer's level, 1–7.
    pub level: Option<u8>,
    /// black | white (default black).
    pub color: Option<String>,
    /// One device: the child who takes the other colour (the game goes to their growth log).
    pub partner: Option<i32>,
}

#[derive(Deserialize, ToSchema)]
pub struct JoinGame {
    pub code: String,
}

#[derive(Deserialize, ToSchema)]
pub struct GameMove {
    /// An SGF point such as "cd", or "pass".
    #[serde(rename = "move")]
    pub mv: String,
}

/// Starts a game; against the computer, its first move is in the answer when it plays first.
#[utoipa::path(request_body = StartGame, responses((status = 201, body = GameView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[post("/api/games")]
pub async fn start_game(
    state: web::Data<AppState>,
    actor: Actor,
    body: web::Json<StartGame>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let spec = NewGameSpec {
        kind: b.kind,
        size: b.size,
        target: b.target,
        mode: Mode::parse(&b.mode)?,
        level: b.level,
        color: b.color,
        partner: b.partner,
    };
    let view = run(move || games::start(&state, &actor, &spec)).await?;
    Ok(HttpResponse::Created().json(view))
}

/// The second device joins with the game's code.
#[utoipa::path(request_body = JoinGame, responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/api/games/join")]
pub async fn join_game(
    state: web::Data<AppState>,
    actor: Actor,
    ip: ClientIp,
    body: web::Json<JoinGame>,
) -> Result<web::Json<GameView>, AppError> {
    let code = body.into_inner().code;
    Ok(web::Json(
        run(move || games::join(&state, &actor, ip.0, &code)).await?,
    ))
}

fn game_id(id: &str) -> Result<i32, AppError> {
    id.parse().map_err(|_| AppError::NotFound("game"))
}

/// A game as the asker sees it.
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/games/{id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<web::Json<GameView>, AppError> {
    let id = game_id(&id)?;
    Ok(web::Json(
        run(move || games::view(&state, &actor, id)).await?,
    ))
}

/// A move of the asker (against the computer, its answer follows in the same reply).
#[utoipa::path(params(("id" = i32, Path, description = "game id")), request_body = GameMove, responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
#[post("/api/games/{id}/moves")]
pub async fn post_game_move(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
    body: web::Json<GameMove>,
) -> Result<web::Json<GameView>, AppError> {
    let id = game_id(&id)?;
    let mv = body.into_inner().mv;
    Ok(web::Json(
        run(move || games::play(&state, &actor, id, &mv)).await?,
    ))
}

/// The asker resigns.
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
#[post("/api/games/{id}/resign")]
pub async fn resign_game(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<web::Json<GameView>, AppError> {
    let id = game_id(&id)?;
    Ok(web::Json(
        run(move || games::resign(&state, &actor, id)).await?,
    ))
}

/// Against the computer: take back the last move and its answer (counted).
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/api/games/{id}/undo")]
pub async fn undo_game(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<web::Json<GameView>, AppError> {
    let id = game_id(&id)?;
    Ok(web::Json(
        run(move || games::undo(&state, &actor, id)).await?,
    ))
}

/// Ends an unfinished game without a result.
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
#[post("/api/games/{id}/end")]
pub async fn end_game(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<web::Json<GameView>, AppError> {
    let id = game_id(&id)?;
    Ok(web::Json(
        run(move || games::end(&state, &actor, id)).await?,
    ))
}

/// The game record (SGF, FF[4]) as a download.
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, content_type = "application/x-go-sgf", body = String), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/games/{id}/sgf")]
pub async fn game_sgf(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = game_id(&id)?;
    let (name, sgf) = run(move || games::sgf(&state, &actor, id)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-go-sgf; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .body(sgf))
}

/// How often a quiet stream re-reads the game (a change made through another server process)
/// and keeps the connection open.
const STREAM_CHECK: Duration = Duration::from_secs(5);

struct Watch {
    state: web::Data<AppState>,
    actor: Actor,
    id: i32,
    rx: tokio::sync::broadcast::Receiver<i32>,
    /// The view to send next, and the version last sent.
    pending: Option<GameView>,
    sent: i32,
    done: bool,
}

fn event(view: &GameView) -> web::Bytes {
    let json = serde_json::to_string(view).unwrap_or_default();
    web::Bytes::from(format!(
        "id: {}\nevent: game\ndata: {json}\n\n",
        view.version
    ))
}

/// The next piece of the stream: the game when it changed, else a comment that keeps the
/// connection open; the stream ends after a finished game is sent or when the game cannot be read.
async fn next_event(mut w: Watch) -> Option<(Result<web::Bytes, actix_web::Error>, Watch)> {
    if w.done {
        return None;
    }
    if let Some(v) = w.pending.take() {
        w.sent = v.version;
        w.done = v.result.is_some();
        return Some((Ok(event(&v)), w));
    }
    let _ = actix_web::rt::time::timeout(STREAM_CHECK, w.rx.recv()).await;
    let (state, actor, id) = (w.state.clone(), w.actor.clone(), w.id);
    let Ok(v) = run(move || games::view(&state, &actor, id)).await else {
        return None;
    };
    if v.version != w.sent {
        w.sent = v.version;
        w.done = v.result.is_some();
        return Some((Ok(event(&v)), w));
    }
    Some((Ok(web::Bytes::from_static(b": still here\n\n")), w))
}

/// The game's changes as server-sent events (`event: game`, `data:` a GameView): the current
/// state first (so a reconnecting device resumes from the stored game), then each change; the
/// stream ends after the result.
#[utoipa::path(params(("id" = i32, Path, description = "game id")), responses((status = 200, content_type = "text/event-stream", body = String), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/api/games/{id}/events")]
pub async fn game_events(
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = game_id(&id)?;
    let (st, who) = (state.clone(), actor.clone());
    let first = run(move || games::view(&st, &who, id)).await?;
    // A change between this read and the subscription is caught by the next re-read.
    let rx = state.games.subscribe(id);
    let watch = Watch {
        state,
        actor,
        id,
        rx,
        sent: first.version,
        pending: Some(first),
        done: false,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("cache-control", "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(futures_util::stream::unfold(watch, next_event)))
}

struct GameLine {
    id: i32,
    what: String,
    state: String,
}

#[derive(Template)]
#[template(path = "games.html")]
struct GamesPage {
    t: &'static Text,
    g: &'static GameWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    lines: Vec<GameLine>,
    /// A parent's children, who may take the other colour on one device.
    partners: Vec<Partner>,
}

struct Partner {
    id: i32,
    name: String,
}

fn describe(g: &GameWords, v: &GameView) -> String {
    let kind = if v.kind == "capture" {
        format!(
            "{} {}×{} · {} {}",
            g.capture_go, v.size, v.size, g.captured, v.target
        )
    } else {
        format!("{} {}×{}", g.go, v.size, v.size)
    };
    let who = match (v.mode.as_str(), v.level) {
        ("computer", Some(l)) => format!("{} {l} {}", g.computer, g.level),
        ("one_device", _) => g.one_device.to_string(),
        _ => g.two_devices.to_string(),
    };
    format!("{kind} · {who}")
}

fn state_text(g: &GameWords, v: &GameView) -> String {
    match (&v.result, v.state.as_str()) {
        (Some(r), _) if r.reason == "ended" => g.ended.to_string(),
        (Some(r), _) => match r.winner.as_deref() {
            Some(w) if v.you.len() == 1 && v.you[0] == w => g.you_won.to_string(),
            Some(_) if v.you.len() == 1 => g.you_lost.to_string(),
            Some("B") => g.black_won.to_string(),
            Some(_) => g.white_won.to_string(),
            None => g.draw.to_string(),
        },
        (None, "waiting") => format!("{} {}", g.waiting, v.code.clone().unwrap_or_default()),
        (None, _) if v.your_turn => g.your_turn.to_string(),
        (None, _) => g.their_turn.to_string(),
    }
}

/// Start a game, join one with a code, or go back to one of mine.
#[get("/games")]
pub async fn games_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
) -> Result<HttpResponse, AppError> {
    if actor.user().is_none() {
        return Ok(HttpResponse::SeeOther()
            .insert_header((LOCATION, "/kids"))
            .finish());
    }
    let lang = Lang::of(&req);
    let g = lang.game_words();
    let (list, partners) = run(move || games::lobby(&state, &actor)).await?;
    let page = GamesPage {
        t: lang.text(),
        g,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        lines: list
            .iter()
            .map(|v| GameLine {
                id: v.id,
                what: describe(g, v),
                state: state_text(g, v),
            })
            .collect(),
        partners: partners
            .into_iter()
            .map(|u| Partner {
                id: u.id,
                name: u.display_name,
            })
            .collect(),
    };
    super::pages::render_page(&req, lang, page.render())
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    t: &'static Text,
    g: &'static GameWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    id: i32,
    what: String,
}

/// The board of a game (drawn and kept live by /static/games.js).
#[get("/games/{id}")]
pub async fn game_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let g = lang.game_words();
    let id = game_id(&id)?;
    let v = run(move || games::view(&state, &actor, id)).await?;
    let page = GamePage {
        t: lang.text(),
        g,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        id,
        what: describe(g, &v),
    };
    super::pages::render_page(&req, lang, page.render())
}

#[get("/static/games.js")]
pub async fn games_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(include_str!("../../templates/games.js"))
}
