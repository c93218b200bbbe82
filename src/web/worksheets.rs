//! Printable worksheets of a teacher's set (ARCHITECTURE.md §6a "Worksheets"): an A4 print view
//! with 6 or 12 numbered diagrams a page, who plays under each, a name and date line, then the
//! answer-key pages with the correct first move marked. The handler parses, calls
//! `app::sets::worksheet`, and renders; a set the visitor may not read is the same 404 page.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::Deserialize;

use super::auth::run;
use super::board_svg;
use super::i18n::{Lang, SheetWords, Text};
use super::pages::render_page;
use crate::app::sets::{self, WorksheetItem};
use crate::app::{Actor, AppError, AppState};
use crate::go::Color;

/// One numbered diagram as printed.
struct Cell {
    number: usize,
    board: String,
    to_play: &'static str,
}

/// One A4 page: problems, or their answers.
struct Sheet {
    key: bool,
    cells: Vec<Cell>,
}

#[derive(Template)]
#[template(path = "worksheet.html")]
struct WorksheetPage {
    t: &'static Text,
    w: &'static SheetWords,
    lang_code: &'static str,
    name: String,
    per_page: usize,
    sheets: Vec<Sheet>,
}

#[derive(Deserialize)]
pub struct WorksheetQuery {
    /// 6 (default) or 12; anything else is a 400 page.
    per_page: Option<String>,
}

fn cell(t: &'static Text, item: &WorksheetItem, key: bool) -> Cell {
    let p = &item.problem;
    let marks: Vec<_> = if key {
        item.answers.iter().map(|&a| (a, 1)).collect()
    } else {
        Vec::new()
    };
    let board = board_svg::render_marked(p.size, p.viewport, &p.black, &p.white, &marks)
        // Many boards on one page: the solve page's element id would repeat.
        .replacen(r#" id="board""#, "", 1);
    Cell {
        number: item.number,
        board,
        to_play: if p.to_play == Color::Black {
            t.black_to_play
        } else {
            t.white_to_play
        },
    }
}

#[get("/sets/{id}/worksheet")]
pub async fn worksheet_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
    q: web::Query<WorksheetQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("set"))?;
    // Not a number is not 6 or 12: the use case refuses it with the same message.
    let per_page = q
        .per_page
        .as_deref()
        .map_or(Some(6), |s| s.parse().ok())
        .unwrap_or(0);
    let sheet = run(move || sets::worksheet(&state, &actor, id, per_page)).await?;
    let t = lang.text();
    let mut sheets: Vec<Sheet> = Vec::with_capacity(sheet.pages.len() * 2);
    for key in [false, true] {
        sheets.extend(sheet.pages.iter().map(|items| Sheet {
            key,
            cells: items.iter().map(|i| cell(t, i, key)).collect(),
        }));
    }
    let page = WorksheetPage {
        t,
        w: lang.sheet_words(),
        lang_code: lang.code(),
        name: sheet.set.name,
        per_page: sheet.per_page,
        sheets,
    };
    render_page(&req, lang, page.render())
}
