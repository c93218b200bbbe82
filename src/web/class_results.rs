//! The class results page (ARCHITECTURE.md "The pages of homework"): children × problems, each
//! cell a big symbol and colour by status with the time spent and a late marker, sortable by
//! child, solved count or time with `?sort=` links (no script needed); per problem the most
//! common wrong first moves drawn on its board; who is stuck; the CSV link. The handler calls
//! `app::assignments::results` (which decides who may read them) and only arranges the answer.

use actix_web::{HttpRequest, HttpResponse, get, web};
use askama::Template;
use serde::Deserialize;

use super::assignments::wrong_moves_board;
use super::auth::run;
use super::growth::date_of_ms;
use super::i18n::{Lang, TeachWords, Text};
use super::pages::render_page;
use super::teach::{TZ_MINUTES, see_other};
use crate::app::assignments::{self, Cell, Results};
use crate::app::{Actor, AppError, AppState};
use crate::go::Point;

/// How a cell looks: (status, symbol).
const SYMBOLS: [(&str, &str); 5] = [
    ("first_try", "★"),
    ("later", "✓"),
    ("hint", "◐"),
    ("failed", "✗"),
    ("not_tried", "·"),
];

fn symbol(status: &str) -> &'static str {
    SYMBOLS
        .iter()
        .find(|(s, _)| *s == status)
        .map_or("?", |(_, sym)| sym)
}

fn status_label(tw: &'static TeachWords, status: &str) -> &'static str {
    match status {
        "first_try" => tw.first_try,
        "later" => tw.later,
        "hint" => tw.hint,
        "failed" => tw.failed,
        _ => tw.not_tried,
    }
}

/// Time spent as minutes and seconds ("3:07").
fn minutes(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The columns the grid sorts by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sort {
    /// The class's order (as the children joined).
    Class,
    Name,
    /// Most solved first.
    Solved,
    /// Most time first.
    Time,
}

impl Sort {
    fn parse(s: Option<&str>) -> Sort {
        match s {
            Some("name") => Sort::Name,
            Some("solved") => Sort::Solved,
            Some("time") => Sort::Time,
            _ => Sort::Class,
        }
    }
}

struct CellView {
    status: &'static str,
    symbol: &'static str,
    label: &'static str,
    late: bool,
    attempts: usize,
    time: String,
}

struct ChildRow {
    name: String,
    cells: Vec<CellView>,
    solved: usize,
    ms: i64,
    time: String,
    stuck: bool,
}

struct ProblemView {
    number: usize,
    id: i32,
    board: String,
    /// (vertex as written on the board's edge, e.g. "C7", how many children played it)
    wrong: Vec<(String, usize)>,
}

#[derive(Template)]
#[template(path = "results.html")]
struct ResultsPage {
    t: &'static Text,
    tw: &'static TeachWords,
    lang_code: &'static str,
    lang_short: &'static str,
    other_lang: &'static str,
    id: i32,
    set_name: String,
    starts: String,
    due: String,
    sort: &'static str,
    problems: Vec<ProblemView>,
    rows: Vec<ChildRow>,
    stuck: Vec<String>,
    /// (status, symbol, label) for the legend.
    legend: Vec<(&'static str, &'static str, &'static str)>,
}

fn cell_view(tw: &'static TeachWords, c: &Cell) -> CellView {
    CellView {
        status: c.status,
        symbol: symbol(c.status),
        label: status_label(tw, c.status),
        late: c.late,
        attempts: c.attempts,
        time: minutes(c.ms),
    }
}

/// The grid's rows in the order asked for (ties keep the class's order).
fn rows(tw: &'static TeachWords, r: &Results, sort: Sort) -> Vec<ChildRow> {
    let mut rows: Vec<ChildRow> = r
        .children
        .iter()
        .map(|(kid, cells)| {
            let ms = cells.iter().map(|c| c.ms).sum();
            ChildRow {
                name: kid.display_name.clone(),
                cells: cells.iter().map(|c| cell_view(tw, c)).collect(),
                solved: cells.iter().filter(|c| c.solved()).count(),
                ms,
                time: minutes(ms),
                stuck: r.stuck.contains(&kid.id),
            }
        })
        .collect();
    match sort {
        Sort::Class => {}
        Sort::Name => rows.sort_by(|a, b| a.name.cmp(&b.name)),
        Sort::Solved => rows.sort_by(|a, b| b.solved.cmp(&a.solved)),
        Sort::Time => rows.sort_by(|a, b| b.ms.cmp(&a.ms)),
    }
    rows
}

fn problem_views(r: &Results) -> Vec<ProblemView> {
    r.problems
        .iter()
        .zip(&r.wrong_moves)
        .enumerate()
        .map(|(i, (p, wrong))| ProblemView {
            number: i + 1,
            id: p.id,
            // Many boards on one page: the solve page's element id would repeat.
            board: wrong_moves_board(p, wrong).replacen(r#" id="board""#, "", 1),
            wrong: wrong
                .iter()
                .map(|m| {
                    let at = Point::from_sgf(&m.mv)
                        .map_or_else(|| m.mv.clone(), |pt| pt.to_gtp(p.size as u8));
                    (at, m.count)
                })
                .collect(),
        })
        .collect()
}

#[derive(Deserialize)]
pub struct ResultsQuery {
    /// name | solved | time; anything else keeps the class's order.
    sort: Option<String>,
}

/// The class results of an assignment, for the class's teacher and admins.
#[get("/teach/assignments/{id}")]
pub async fn results_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    actor: Actor,
    id: web::Path<String>,
    q: web::Query<ResultsQuery>,
) -> Result<HttpResponse, AppError> {
    if actor.0.is_none() {
        return Ok(see_other("/signin"));
    }
    let lang = Lang::of(&req);
    let id: i32 = id.parse().map_err(|_| AppError::NotFound("assignment"))?;
    let sort = Sort::parse(q.sort.as_deref());
    let r = run(move || assignments::results(&state, &actor, id)).await?;
    let tw = lang.teach_words();
    let page = ResultsPage {
        t: lang.text(),
        tw,
        lang_code: lang.code(),
        lang_short: lang.short(),
        other_lang: lang.other().short(),
        id,
        set_name: r.set.name.clone(),
        starts: date_of_ms(r.assignment.starts_at, TZ_MINUTES),
        due: date_of_ms(r.assignment.due_at, TZ_MINUTES),
        sort: match sort {
            Sort::Class => "",
            Sort::Name => "name",
            Sort::Solved => "solved",
            Sort::Time => "time",
        },
        problems: problem_views(&r),
        stuck: r
            .children
            .iter()
            .filter(|(k, _)| r.stuck.contains(&k.id))
            .map(|(k, _)| k.display_name.clone())
            .collect(),
        rows: rows(tw, &r, sort),
        legend: SYMBOLS
            .iter()
            .map(|&(s, sym)| (s, sym, status_label(tw, s)))
            .collect(),
    };
    render_page(&req, lang, page.render())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_its_own_symbol_and_times_read_as_minutes() {
        let mut seen: Vec<&str> = SYMBOLS.iter().map(|(_, s)| *s).collect();
        seen.dedup();
        assert_eq!(seen.len(), 5);
        assert_eq!(symbol("failed"), "✗");
        assert_eq!(minutes(187_400), "3:07");
        assert_eq!(minutes(0), "0:00");
        assert_eq!(Sort::parse(Some("time")), Sort::Time);
        assert_eq!(Sort::parse(Some("evil")), Sort::Class);
    }
}
