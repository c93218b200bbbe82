//! The teacher's set page and problem editor (ARCHITECTURE.md "The problem editor"): askama
//! pages and their scripts (`/static/editor/*.js`, no build step). The pages only show; their
//! scripts change the set through the sets API (`web::sets`), whose use cases check again.
//! Handlers parse, call one use case of `app::editor`, and render.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::Serialize;

use super::auth::run;
use super::board_svg;
use super::i18n::{EditorWords, KINDS, Lang, Text, kind_name};
use super::pages::render_page;
use crate::app::{Actor, AppError, AppState, editor};
use crate::go::{Color, Move, Point};
use crate::problem::{Mark, Problem};

/// Board sizes the editor offers.
const SIZES: std::ops::RangeInclusive<u8> = 4..=19;

/// One problem in the set page's list.
struct Item {
    id: i32,
    version: i32,
    kind: &'static str,
    to_play: &'static str,
    name: Option<String>,
    copied_from: Option<String>,
    board: String,
}

#[derive(Template)]
#[template(path = "teach_set.html")]
struct SetPage {
    t: &'static Text,
    e: &'static EditorWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    id: i32,
    name: String,
    description: String,
    visibility: String,
    visibilities: Vec<(&'static str, &'static str, bool)>,
    problems: Vec<Item>,
    may_change: bool,
}

#[derive(Template)]
#[template(path = "editor.html")]
struct EditorPage {
    t: &'static Text,
    e: &'static EditorWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    heading: &'static str,
    set_id: i32,
    set_name: String,
    /// Empty for a new problem.
    problem_id: String,
    version: Option<i32>,
    may_change: bool,
    sizes: Vec<u8>,
    kinds: Vec<(&'static str, &'static str)>,
    state_json: String,
    words_json: String,
    /// The word of each kind that the editor writes first in the title, where the importer
    /// reads the kind (`problem::import_sgf`); none for life and death, whose 死活 reads as "live".
    kind_words_json: String,
}

fn set_id(raw: &str) -> Result<i32, AppError> {
    raw.parse().map_err(|_| AppError::NotFound("set"))
}

fn thumbnail(p: &Problem) -> String {
    board_svg::render(p.size, p.viewport, &p.black, &p.white)
        // Many boards on one page: the solve page's element id would repeat.
        .replacen(r#" id="board""#, r#" class="thumb""#, 1)
}

/// The set page: details, problems in order with their actions, upload, export, worksheets.
#[get("/teach/sets/{id}")]
pub async fn teach_set_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let id = set_id(&id)?;
    let view = run(move || editor::set_page(&state, &actor, id)).await?;
    let (t, e) = (lang.text(), lang.editor_words());
    let problems = view
        .problems
        .iter()
        .map(|(r, v, p)| Item {
            id: r.id,
            version: v.version,
            kind: kind_name(lang, &r.kind),
            to_play: if p.to_play == Color::Black {
                t.black_to_play
            } else {
                t.white_to_play
            },
            name: r.name.clone(),
            copied_from: v.copied_from.clone(),
            board: thumbnail(p),
        })
        .collect();
    let vis = view.set.visibility.clone();
    let page = SetPage {
        t,
        e,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        id: view.set.id,
        name: view.set.name,
        description: view.set.description.unwrap_or_default(),
        visibilities: [
            ("private", e.vis_private),
            ("class", e.vis_class),
            ("public", e.vis_public),
        ]
        .into_iter()
        .map(|(k, label)| (k, label, k == vis))
        .collect(),
        visibility: vis,
        problems,
        may_change: view.may_change,
    };
    render_page(&req, lang, page.render())
}

/// The editor's starting state (read by templates/editor_io.js).
#[derive(Serialize)]
struct EditorState {
    size: u8,
    black: Vec<String>,
    white: Vec<String>,
    to_play: &'static str,
    kind: &'static str,
    crop: [u8; 4],
    name: Option<String>,
    comment: Option<String>,
    /// Node 0 is the start; each other node names its parent (earlier in the list).
    nodes: Vec<NodeState>,
}

#[derive(Serialize)]
struct NodeState {
    parent: Option<usize>,
    color: &'static str,
    /// An SGF point; empty for a pass.
    mv: String,
    mark: Option<&'static str>,
    comment: Option<String>,
}

fn points(v: &[Point]) -> Vec<String> {
    v.iter().map(|p| p.to_sgf()).collect()
}

fn color_letter(c: Color) -> &'static str {
    if c == Color::Black { "B" } else { "W" }
}

/// The problem as the editor's state; the title without the kind word the editor writes first.
fn state_of(p: &Problem) -> EditorState {
    let kind = p.kind.as_str();
    let word = kind_name(Lang::Zh, kind);
    let name = p.name.as_deref().map(|n| {
        n.strip_prefix(word)
            .map(|rest| rest.trim_start_matches(" · ").trim())
            .unwrap_or(n)
            .to_string()
    });
    EditorState {
        size: p.size,
        black: points(&p.black),
        white: points(&p.white),
        to_play: color_letter(p.to_play),
        kind,
        crop: [p.viewport.x0, p.viewport.y0, p.viewport.x1, p.viewport.y1],
        name: name.filter(|n| !n.is_empty()),
        comment: p.comment.clone(),
        nodes: p
            .tree
            .nodes
            .iter()
            .map(|n| NodeState {
                parent: n.parent,
                color: n.mv.map_or("", |(c, _)| color_letter(c)),
                mv: match n.mv {
                    Some((_, Move::Play(pt))) => pt.to_sgf(),
                    _ => String::new(),
                },
                mark: match n.mark {
                    Mark::Correct => Some("correct"),
                    Mark::Wrong => Some("wrong"),
                    Mark::None => None,
                },
                comment: n.comment.clone(),
            })
            .collect(),
    }
}

fn words_json(e: &EditorWords) -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        e.js.iter()
            .map(|(k, v)| ((*k).to_string(), serde_json::Value::from(*v)))
            .collect();
    serde_json::Value::Object(map).to_string()
}

fn kind_words_json() -> String {
    let map: serde_json::Map<String, serde_json::Value> = KINDS
        .iter()
        .map(|&k| {
            let word = if k == "life_and_death" {
                ""
            } else {
                kind_name(Lang::Zh, k)
            };
            (k.to_string(), serde_json::Value::from(word))
        })
        .collect();
    serde_json::Value::Object(map).to_string()
}

struct EditorArgs {
    set_id: i32,
    set_name: String,
    problem: Option<(i32, i32)>,
    may_change: bool,
    state: Option<EditorState>,
}

fn editor_page(req: &HttpRequest, a: EditorArgs) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(req);
    let e = lang.editor_words();
    let state_json = match &a.state {
        Some(s) => serde_json::to_string(s).map_err(|e| AppError::Internal(e.to_string()))?,
        None => String::new(),
    };
    let page = EditorPage {
        t: lang.text(),
        e,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        heading: if a.problem.is_some() {
            e.edit_heading
        } else {
            e.new_heading
        },
        set_id: a.set_id,
        set_name: a.set_name,
        problem_id: a.problem.map(|(id, _)| id.to_string()).unwrap_or_default(),
        version: a.problem.map(|(_, v)| v),
        may_change: a.may_change,
        sizes: SIZES.collect(),
        kinds: KINDS.iter().map(|&k| (k, kind_name(lang, k))).collect(),
        state_json,
        words_json: words_json(e),
        kind_words_json: kind_words_json(),
    };
    render_page(req, lang, page.render())
}

/// The editor for a new problem of the set.
#[get("/teach/sets/{id}/problems/new")]
pub async fn new_problem_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = set_id(&id)?;
    let (set, may_change) = run(move || editor::new_problem(&state, &actor, id)).await?;
    editor_page(
        &req,
        EditorArgs {
            set_id: set.id,
            set_name: set.name,
            problem: None,
            may_change,
            state: None,
        },
    )
}

/// The editor on a problem of the set (its current version).
#[get("/teach/sets/{id}/problems/{pid}/edit")]
pub async fn edit_problem_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (set, pid) = path.into_inner();
    let set = set_id(&set)?;
    let pid: i32 = pid.parse().map_err(|_| AppError::NotFound("problem"))?;
    let found = run(move || editor::problem(&state, &actor, set, pid)).await?;
    editor_page(
        &req,
        EditorArgs {
            set_id: found.set.id,
            set_name: found.set.name,
            problem: Some((found.row.id, found.version.version)),
            may_change: found.may_change,
            state: Some(state_of(&found.problem)),
        },
    )
}

/// The editor's and the set page's scripts (ES modules, split by concern).
#[get("/static/editor/{name}")]
pub async fn editor_script(name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let body = match name.as_str() {
        "editor.js" => include_str!("../../templates/editor.js"),
        "board.js" => include_str!("../../templates/editor_board.js"),
        "tree.js" => include_str!("../../templates/editor_tree.js"),
        "io.js" => include_str!("../../templates/editor_io.js"),
        "set.js" => include_str!("../../templates/teach_set.js"),
        _ => return Err(AppError::NotFound("script")),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("cache-control", "public, max-age=3600"))
        .body(body))
}
