//! Teachers' problem sets (ARCHITECTURE.md "Teachers' sets"): a teacher creates, renames,
//! describes, reorders, publishes and deletes their own sets, copies a public set or problem
//! (attribution kept), writes problems (each save checked by the solver, `problem::check`),
//! imports files and exports the set as one SGF collection. Who may read a set is decided by
//! `readable`, who may change it by `own_set`: a set of someone else is a 404.

use serde::Serialize;

use super::actor::{Actor, Teacher};
use super::error::AppError;
use super::state::AppState;
use super::{bank, text};
use crate::db::sets::{self as store, NewSet, VersionRow};
use crate::db::{self, AnyConnection, ImportItem, ProblemRow, ProblemSetRow, Role};
use crate::go::{Color, Point};
use crate::problem::solver::Budget;
use crate::problem::{self, CheckReport, Finding, Problem, Rejected, Uploaded};

/// Who sees a set besides its owner and the admins.
pub const VISIBILITIES: [&str; 3] = ["private", "class", "public"];
/// Problems in one set at most.
pub const MAX_PROBLEMS: usize = 1000;
/// Longest description.
pub const MAX_DESCRIPTION: usize = 2000;
/// The solver's time for the check on save.
pub const CHECK_MS: u64 = 2000;

/// What a teacher writes about a set.
#[derive(Debug, Clone, Default)]
pub struct SetFields {
    pub name: String,
    pub description: Option<String>,
    pub visibility: Option<String>,
}

/// A set with its current problems.
pub struct SetView {
    pub set: ProblemSetRow,
    pub problems: Vec<(ProblemRow, VersionRow)>,
}

/// A saved problem: its (new) id, version and the check.
#[derive(Serialize)]
pub struct Saved {
    pub id: i32,
    pub version: i32,
    pub check: CheckReport,
}

/// The report of an import.
#[derive(Serialize, Default)]
pub struct ImportReport {
    pub imported: usize,
    pub warnings: Vec<String>,
    pub rejected: Vec<Rejected>,
}

fn visibility(v: Option<&str>, default: &'static str) -> Result<&'static str, AppError> {
    match v {
        None => Ok(default),
        Some(v) => VISIBILITIES
            .into_iter()
            .find(|&k| k == v)
            .ok_or_else(|| AppError::bad("visibility is private, class or public")),
    }
}

fn description(d: Option<&str>) -> Result<Option<String>, AppError> {
    let Some(d) = d.map(str::trim).filter(|d| !d.is_empty()) else {
        return Ok(None);
    };
    if d.chars().any(|c| c.is_control() && c != '\n') || d.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::bad(format!(
            "a description has at most {MAX_DESCRIPTION} characters and no control characters"
        )));
    }
    Ok(Some(d.to_string()))
}

/// A teacher creates a set (private unless told otherwise); returns its id.
pub fn create(state: &AppState, me: &Teacher, f: &SetFields) -> Result<i32, AppError> {
    let name = text::name(&f.name, "a set name")?;
    let description = description(f.description.as_deref())?;
    let vis = visibility(f.visibility.as_deref(), "private")?;
    let id = store::create_set(
        &mut *state.conn()?,
        &NewSet {
            owner: me.id,
            name: &name,
            description: description.as_deref(),
            visibility: vis,
            copied_from: None,
        },
    )?;
    bank::invalidate(state);
    Ok(id)
}

/// The teacher's own live set (404 for anyone else's).
pub fn own_set(conn: &mut AnyConnection, me: &Teacher, id: i32) -> Result<ProblemSetRow, AppError> {
    store::set_by_id(conn, id)?
        .filter(|s| s.owner_id == Some(me.id) && !s.retired)
        .ok_or(AppError::NotFound("set"))
}

/// Whether the actor may read the set: public sets everyone; a teacher's own; an admin all; a
/// child the class-only sets of their teachers and the sets assigned to their classes; a parent
/// what their children may.
pub fn readable(
    conn: &mut AnyConnection,
    actor: &Actor,
    set: &ProblemSetRow,
) -> Result<bool, AppError> {
    if set.retired {
        return Ok(false);
    }
    if set.visibility == db::PUBLIC {
        return Ok(true);
    }
    let Some(me) = actor.user() else {
        return Ok(false);
    };
    let learners = match me.role {
        Role::Admin => return Ok(true),
        Role::Teacher => return Ok(set.owner_id == Some(me.id)),
        Role::Learner => vec![me.id],
        Role::Parent => db::accounts::children_of(conn, me.id)?
            .into_iter()
            .map(|c| c.id)
            .collect(),
    };
    for learner in learners {
        for class in db::learning::learner_classes(conn, learner)? {
            let mine = set.visibility == "class" && set.owner_id == Some(class.teacher_id);
            if mine || store::is_assigned(conn, set.id, class.id)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// A set the actor may read (404 otherwise).
pub fn readable_set(
    conn: &mut AnyConnection,
    actor: &Actor,
    id: i32,
) -> Result<ProblemSetRow, AppError> {
    let set = store::set_by_id(conn, id)?.ok_or(AppError::NotFound("set"))?;
    if readable(conn, actor, &set)? {
        Ok(set)
    } else {
        Err(AppError::NotFound("set"))
    }
}

/// Whether the actor may open a problem of the set `set_id` (solve it, read it, see its
/// solution): when they may read its set; 404 otherwise, so a private set's problems stay hidden.
pub fn may_open(conn: &mut AnyConnection, actor: &Actor, set_id: i32) -> Result<(), AppError> {
    let set = store::set_by_id(conn, set_id)?.ok_or(AppError::NotFound("problem"))?;
    if readable(conn, actor, &set)? {
        Ok(())
    } else {
        Err(AppError::NotFound("problem"))
    }
}

/// A set with its problems, for whoever may read it.
pub fn get(state: &AppState, actor: &Actor, id: i32) -> Result<SetView, AppError> {
    let conn = &mut *state.conn()?;
    let set = readable_set(conn, actor, id)?;
    let problems = store::set_problems(conn, set.id)?;
    Ok(SetView { set, problems })
}

/// The teacher's sets (an admin: every teacher's).
pub fn list(state: &AppState, actor: &Actor) -> Result<Vec<ProblemSetRow>, AppError> {
    let conn = &mut *state.conn()?;
    if let Ok(admin) = super::Admin::of(actor) {
        let _ = admin;
        return Ok(store::sets_of(conn, None)?);
    }
    let me = Teacher::of(actor)?;
    Ok(store::sets_of(conn, Some(me.id))?)
}

/// Renames, describes, publishes and reorders (when `order` is given: exactly the set's
/// problem ids, in the new order).
pub fn update(
    state: &AppState,
    me: &Teacher,
    id: i32,
    f: &SetFields,
    order: Option<&[i32]>,
) -> Result<SetView, AppError> {
    let conn = &mut *state.conn()?;
    let set = own_set(conn, me, id)?;
    let name = text::name(&f.name, "a set name")?;
    let description = description(f.description.as_deref())?;
    let vis = match f.visibility.as_deref() {
        None => VISIBILITIES
            .into_iter()
            .find(|&v| v == set.visibility)
            .unwrap_or("private"),
        v => visibility(v, "private")?,
    };
    if let Some(order) = order {
        let mut now: Vec<i32> = store::set_problems(conn, set.id)?
            .iter()
            .map(|(r, _)| r.id)
            .collect();
        let mut asked = order.to_vec();
        now.sort_unstable();
        asked.sort_unstable();
        if now != asked {
            return Err(AppError::bad(
                "order must list each problem of the set exactly once",
            ));
        }
        store::reorder(conn, set.id, order)?;
    }
    store::update_set(conn, set.id, &name, description.as_deref(), vis)?;
    bank::invalidate(state);
    let set = own_set(conn, me, id)?;
    let problems = store::set_problems(conn, set.id)?;
    Ok(SetView { set, problems })
}

/// Deletes a set (problems that learners tried are kept for their attempts, hidden).
pub fn delete(state: &AppState, me: &Teacher, id: i32) -> Result<(), AppError> {
    let conn = &mut *state.conn()?;
    let set = own_set(conn, me, id)?;
    store::delete_set(conn, set.id)?;
    bank::invalidate(state);
    Ok(())
}

/// Copies a set the teacher may read into a new private set of theirs, with attribution.
pub fn copy_set(state: &AppState, me: &Teacher, from: i32) -> Result<i32, AppError> {
    let conn = &mut *state.conn()?;
    let actor = Actor(Some((**me).clone()));
    let src = readable_set(conn, &actor, from)?;
    let attribution = attribution_of(conn, &src)?;
    let items: Vec<(ImportItem, Option<String>)> = store::set_problems(conn, src.id)?
        .into_iter()
        .map(|(row, v)| {
            let item = item_of_row(&row)?;
            Ok((item, v.copied_from.or_else(|| Some(attribution.clone()))))
        })
        .collect::<Result<_, AppError>>()?;
    let id = store::create_set_with(
        conn,
        &NewSet {
            owner: me.id,
            name: &src.name,
            description: src.description.as_deref(),
            visibility: "private",
            copied_from: Some(&attribution),
        },
        &items,
    )?;
    bank::invalidate(state);
    Ok(id)
}

/// "name (by owner, set #id)": where a copy came from.
fn attribution_of(conn: &mut AnyConnection, set: &ProblemSetRow) -> Result<String, AppError> {
    let by = match set.owner_id {
        Some(o) => db::accounts::user_by_id(conn, o)?
            .map(|u| u.display_name)
            .unwrap_or_default(),
        None => set.source.clone().unwrap_or_else(|| "sente".into()),
    };
    Ok(format!("{} (by {by}, set #{})", set.name, set.id))
}

fn item_of_row(row: &ProblemRow) -> Result<ImportItem, AppError> {
    let problem = db::stored_problem(&row.sgf, &row.file).map_err(AppError::Internal)?;
    Ok(ImportItem {
        file: row.file.clone(),
        sgf: row.sgf.clone(),
        problem,
    })
}

/// One problem of a set (any version of it, so that old attempts can be shown on theirs).
pub fn problem(
    state: &AppState,
    actor: &Actor,
    set: i32,
    id: i32,
) -> Result<(ProblemRow, VersionRow), AppError> {
    let conn = &mut *state.conn()?;
    let set = readable_set(conn, actor, set)?;
    store::problem_version(conn, id)?
        .filter(|(r, _)| r.set_id == set.id)
        .ok_or(AppError::NotFound("problem"))
}

/// What a teacher saves: the problem as SGF text (one game tree), or a problem to copy.
pub enum Source {
    Sgf(String),
    CopyOf(i32),
}

/// The problem of a saved text: exactly one legal game tree.
fn read_one(text: &str) -> Result<Uploaded, AppError> {
    let (mut kept, rejected) = problem::read_upload("problem.sgf", text.as_bytes());
    if let Some(r) = rejected.first() {
        return Err(AppError::bad(format!(
            "the problem cannot be used: {}",
            r.reason
        )));
    }
    if kept.len() != 1 {
        return Err(AppError::bad("send exactly one problem (one game tree)"));
    }
    Ok(kept.remove(0))
}

/// A teacher adds a problem to their set: written in the editor (checked), or copied from a
/// problem they may read (attribution kept).
pub fn add_problem(
    state: &AppState,
    me: &Teacher,
    set: i32,
    src: Source,
) -> Result<Saved, AppError> {
    let (item, copied_from) = match src {
        Source::Sgf(text) => {
            let up = read_one(&text)?;
            (
                ImportItem {
                    file: "editor.sgf".into(),
                    sgf: up.sgf,
                    problem: up.problem,
                },
                None,
            )
        }
        Source::CopyOf(pid) => {
            let conn = &mut *state.conn()?;
            let (row, v) =
                store::problem_version(conn, pid)?.ok_or(AppError::NotFound("problem"))?;
            let actor = Actor(Some((**me).clone()));
            let src = readable_set(conn, &actor, row.set_id)
                .map_err(|_| AppError::NotFound("problem"))?;
            let attribution = match v.copied_from {
                Some(a) => a,
                None => format!("problem #{} of {}", row.id, attribution_of(conn, &src)?),
            };
            (item_of_row(&row)?, Some(attribution))
        }
    };
    let check = check(state, me, &item.problem, None)?;
    let conn = &mut *state.conn()?;
    let set = own_set(conn, me, set)?;
    if store::set_problems(conn, set.id)?.len() >= MAX_PROBLEMS {
        return Err(AppError::bad(format!(
            "a set holds at most {MAX_PROBLEMS} problems"
        )));
    }
    let id = store::append_problems(conn, set.id, &[(item, copied_from)])?[0];
    bank::invalidate(state);
    Ok(Saved {
        id,
        version: 1,
        check,
    })
}

/// A teacher saves an edited problem: a new version at the same place (ARCHITECTURE.md
/// "Teachers' sets"); attempts at the old one keep it.
pub fn edit_problem(
    state: &AppState,
    me: &Teacher,
    set: i32,
    id: i32,
    text: &str,
) -> Result<Saved, AppError> {
    let up = read_one(text)?;
    let old = {
        let conn = &mut *state.conn()?;
        let set = own_set(conn, me, set)?;
        let (_, v) = store::problem_version(conn, id)?
            .filter(|(r, v)| r.set_id == set.id && !v.retired)
            .ok_or(AppError::NotFound("problem"))?;
        v
    };
    let check = check(state, me, &up.problem, Some(id))?;
    let item = ImportItem {
        file: "editor.sgf".into(),
        sgf: up.sgf,
        problem: up.problem,
    };
    let new_id = store::replace_problem(&mut *state.conn()?, &old, &item)?;
    bank::invalidate(state);
    Ok(Saved {
        id: new_id,
        version: old.version + 1,
        check,
    })
}

/// A teacher removes a problem from their set.
pub fn delete_problem(state: &AppState, me: &Teacher, set: i32, id: i32) -> Result<(), AppError> {
    let conn = &mut *state.conn()?;
    let set = own_set(conn, me, set)?;
    store::problem_version(conn, id)?
        .filter(|(r, v)| r.set_id == set.id && !v.retired)
        .ok_or(AppError::NotFound("problem"))?;
    store::remove_problem(conn, id)?;
    bank::invalidate(state);
    Ok(())
}

/// The check on save: the solver's findings and a duplicate warning (the same position up to
/// symmetry and colour swap in the bank or the teacher's sets; `except` is the problem edited).
pub fn check(
    state: &AppState,
    me: &Teacher,
    p: &Problem,
    except: Option<i32>,
) -> Result<CheckReport, AppError> {
    let budget = Budget {
        time: std::time::Duration::from_millis(CHECK_MS),
        ..Budget::default()
    };
    let mut report = problem::check_problem(p, budget);
    report.findings.extend(duplicates(state, me, p, except)?);
    Ok(report)
}

fn duplicates(
    state: &AppState,
    me: &Teacher,
    p: &Problem,
    except: Option<i32>,
) -> Result<Vec<Finding>, AppError> {
    let key = problem::position_key(p.size, p.to_play, &p.black, &p.white);
    let stones = p.black.len() + p.white.len();
    let rows = store::positions_for_duplicates(&mut *state.conn()?, me.id, i32::from(p.size))?;
    let mut out = Vec::new();
    for (id, set, size, to_play, black, white) in rows {
        if Some(id) == except || (black.len() + white.len()) / 2 != stones {
            continue;
        }
        let pts = |s: &str| -> Vec<Point> {
            s.as_bytes()
                .chunks(2)
                .filter_map(|c| std::str::from_utf8(c).ok().and_then(Point::from_sgf))
                .collect()
        };
        let side = if to_play == "W" {
            Color::White
        } else {
            Color::Black
        };
        if problem::position_key(size as u8, side, &pts(&black), &pts(&white)) == key {
            out.push(Finding {
                code: "duplicate",
                mv: None,
                message: format!("the same position is problem #{id} of set #{set}"),
            });
        }
    }
    Ok(out)
}

/// Imports uploaded files into the teacher's set: every readable problem, or none when the set
/// would overflow; unreadable ones are named with the reason.
pub fn import(
    state: &AppState,
    me: &Teacher,
    set: i32,
    files: &[(String, Vec<u8>)],
) -> Result<ImportReport, AppError> {
    let mut report = ImportReport::default();
    let mut items = Vec::new();
    for (name, bytes) in files {
        let (kept, rejected) = problem::read_upload(name, bytes);
        report.rejected.extend(rejected);
        for up in kept {
            report.warnings.extend(
                up.problem
                    .warnings
                    .iter()
                    .map(|w| format!("{}: {w}", up.file)),
            );
            items.push((
                ImportItem {
                    file: up.file,
                    sgf: up.sgf,
                    problem: up.problem,
                },
                None,
            ));
        }
    }
    let conn = &mut *state.conn()?;
    let set = own_set(conn, me, set)?;
    if store::set_problems(conn, set.id)?.len() + items.len() > MAX_PROBLEMS {
        return Err(AppError::bad(format!(
            "a set holds at most {MAX_PROBLEMS} problems"
        )));
    }
    report.imported = store::append_problems(conn, set.id, &items)?.len();
    bank::invalidate(state);
    Ok(report)
}

/// The set as one SGF collection (each problem's own tree, in order), and a file name.
pub fn export(state: &AppState, actor: &Actor, id: i32) -> Result<(String, String), AppError> {
    let view = get(state, actor, id)?;
    let mut out = String::new();
    for (row, _) in &view.problems {
        out.push_str(row.sgf.trim_end());
        out.push('\n');
    }
    Ok((format!("set-{}.sgf", view.set.id), out))
}

/// Diagrams on one printed worksheet page (ARCHITECTURE.md §6a "Worksheets"): 6 or 12.
pub const WORKSHEET_PER_PAGE: [usize; 2] = [6, 12];

/// One numbered diagram of a worksheet: the problem as printed and its correct first moves
/// (for the answer key).
pub struct WorksheetItem {
    pub number: usize,
    pub problem: std::sync::Arc<Problem>,
    pub answers: Vec<Point>,
}

/// A set laid out for printing: the problem pages, then as many answer-key pages with the
/// same diagrams (same numbers, same count per page).
pub struct Worksheet {
    pub set: ProblemSetRow,
    pub per_page: usize,
    pub pages: Vec<Vec<WorksheetItem>>,
}

/// The printable worksheet of a set, for whoever may read the set (404 otherwise); `per_page`
/// is 6 or 12.
pub fn worksheet(
    state: &AppState,
    actor: &Actor,
    id: i32,
    per_page: usize,
) -> Result<Worksheet, AppError> {
    if !WORKSHEET_PER_PAGE.contains(&per_page) {
        return Err(AppError::bad("per_page is 6 or 12"));
    }
    // The connection goes back to the pool before the problems are parsed.
    let (set, problems) = {
        let conn = &mut *state.conn()?;
        let set = readable_set(conn, actor, id)?;
        let problems = store::set_problems(conn, set.id)?;
        (set, problems)
    };
    let mut items = Vec::with_capacity(problems.len());
    for (i, (row, _)) in problems.iter().enumerate() {
        let problem = state.problem_view(row, 0)?;
        let answers = problem
            .tree
            .correct_first_moves()
            .into_iter()
            .filter_map(|m| match m {
                crate::go::Move::Play(p) => Some(p),
                crate::go::Move::Pass => None,
            })
            .collect();
        items.push(WorksheetItem {
            number: i + 1,
            problem,
            answers,
        });
    }
    let mut pages = Vec::new();
    let mut items = items.into_iter().peekable();
    while items.peek().is_some() {
        pages.push(items.by_ref().take(per_page).collect());
    }
    Ok(Worksheet {
        set,
        per_page,
        pages,
    })
}
