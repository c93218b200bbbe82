//! Homework (ARCHITECTURE.md "Teachers' sets"): a teacher assigns a set to their class with a
//! start and a due date; a child (and their parent, and teacher) reads the child's homework with
//! a star per problem solved; the teacher reads the class results — children × problems, each
//! cell solved first try / solved later / solved with a hint / failed / not tried with the time
//! spent and whether it was late, the most common wrong first moves per problem, and who is stuck.
//! Late work counts, marked late.

use std::collections::HashMap;

use serde::Serialize;

use super::actor::{Actor, Teacher};
use super::error::AppError;
use super::state::AppState;
use super::{classes, learners, sets};
use crate::db::accounts::UserRow;
use crate::db::sets::{self as store, AssignmentRow};
use crate::db::{self, AnyConnection, AttemptResult, AttemptRow, ProblemRow, ProblemSetRow, Role};

/// Failures in a row that make a child "stuck".
pub const STUCK_FAILURES: usize = 3;
const WEEK_MS: i64 = 7 * 24 * 3600 * 1000;

/// A teacher gives a set (their own, or one they may read) to their class.
pub fn assign(
    state: &AppState,
    me: &Teacher,
    class: i32,
    set: i32,
    starts_at: i64,
    due_at: i64,
) -> Result<AssignmentRow, AppError> {
    let class = classes::own_class(state, me, class)?;
    if due_at <= starts_at || starts_at < 0 {
        return Err(AppError::bad("the due date comes after the start"));
    }
    let conn = &mut *state.conn()?;
    let set = sets::readable_set(conn, &Actor(Some((**me).clone())), set)?;
    Ok(store::create_assignment(
        conn, set.id, class.id, starts_at, due_at,
    )?)
}

/// How a child did on one problem.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Cell {
    /// first_try | later | hint | failed | not_tried
    pub status: &'static str,
    pub attempts: usize,
    /// Time spent over all attempts (ms).
    pub ms: i64,
    /// Solved only after the due date.
    pub late: bool,
}

impl Cell {
    pub fn solved(&self) -> bool {
        matches!(self.status, "first_try" | "later" | "hint")
    }
}

/// The cell of one child and problem from the child's attempts there, oldest first.
fn cell(attempts: &[&AttemptRow], due_at: i64) -> Cell {
    let solved = |a: &&&AttemptRow| a.result == AttemptResult::Solved;
    let clean = |a: &&&AttemptRow| solved(a) && a.hints == 0 && !a.solution_viewed;
    let status = match attempts.first() {
        None => "not_tried",
        Some(first) if clean(&first) => "first_try",
        Some(_) if attempts.iter().any(|a| clean(&a)) => "later",
        Some(_) if attempts.iter().any(|a| solved(&a)) => "hint",
        Some(_) => "failed",
    };
    let first_solved = attempts.iter().find(|a| solved(a)).and_then(|a| a.ended_at);
    Cell {
        status,
        attempts: attempts.len(),
        ms: attempts
            .iter()
            .filter_map(|a| a.ended_at.map(|e| e - a.started_at))
            .sum(),
        late: first_solved.is_some_and(|t| t > due_at),
    }
}

/// The set's current problems, and for every row of the set (any version) its current id.
fn problems_of(
    conn: &mut AnyConnection,
    set: i32,
) -> Result<(Vec<ProblemRow>, HashMap<i32, i32>), AppError> {
    let current: Vec<ProblemRow> = store::set_problems(conn, set)?
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    let next: HashMap<i32, Option<i32>> = store::set_versions(conn, set)?.into_iter().collect();
    let mut to_current = HashMap::new();
    for &id in next.keys() {
        let mut at = id;
        for _ in 0..next.len() {
            match next.get(&at).copied().flatten() {
                Some(n) => at = n,
                None => break,
            }
        }
        if current.iter().any(|r| r.id == at) {
            to_current.insert(id, at);
        }
    }
    Ok((current, to_current))
}

/// The set's current problems, each learner's cells (one per problem), and the attempts read.
type Grid = (Vec<ProblemRow>, Vec<Vec<Cell>>, Vec<AttemptRow>);

/// Each learner's cells, one per current problem.
fn grid(conn: &mut AnyConnection, a: &AssignmentRow, learners: &[i32]) -> Result<Grid, AppError> {
    let (problems, to_current) = problems_of(conn, a.set_id)?;
    let ids: Vec<i32> = to_current.keys().copied().collect();
    let attempts: Vec<AttemptRow> = store::attempts_at(conn, learners, &ids)?
        .into_iter()
        .filter(|t| t.started_at >= a.starts_at && t.review_id.is_none())
        .collect();
    let rows = learners
        .iter()
        .map(|&l| {
            problems
                .iter()
                .map(|p| {
                    let mine: Vec<&AttemptRow> = attempts
                        .iter()
                        .filter(|t| {
                            t.learner_id == Some(l) && to_current.get(&t.problem_id) == Some(&p.id)
                        })
                        .collect();
                    cell(&mine, a.due_at)
                })
                .collect()
        })
        .collect();
    Ok((problems, rows, attempts))
}

/// One assignment as a child's homework.
#[derive(Serialize)]
pub struct Homework {
    pub assignment: AssignmentRow,
    pub set_name: String,
    /// (problem id, how the child did)
    pub problems: Vec<(i32, Cell)>,
    /// Problems solved (a star each).
    pub stars: usize,
    pub due_passed: bool,
}

/// A learner's homework (started assignments of their classes, due first); for whoever may read
/// the learner's progress (`learners::viewable`).
pub fn homework(state: &AppState, actor: &Actor, learner: i32) -> Result<Vec<Homework>, AppError> {
    let child = learners::viewable(state, actor, learner)?;
    let conn = &mut *state.conn()?;
    let classes: Vec<i32> = db::learning::learner_classes(conn, child.id)?
        .iter()
        .map(|c| c.id)
        .collect();
    let now = db::now_ms();
    let mut out = Vec::new();
    for a in store::class_assignments(conn, &classes)? {
        if a.starts_at > now {
            continue;
        }
        let Some(set) = live_set(conn, a.set_id)? else {
            continue;
        };
        let (problems, rows, _) = grid(conn, &a, &[child.id])?;
        let cells: Vec<(i32, Cell)> = problems.iter().map(|p| p.id).zip(rows[0].clone()).collect();
        out.push(Homework {
            stars: cells.iter().filter(|(_, c)| c.solved()).count(),
            due_passed: a.due_at < now,
            set_name: set.name,
            problems: cells,
            assignment: a,
        });
    }
    Ok(out)
}

fn live_set(conn: &mut AnyConnection, id: i32) -> Result<Option<ProblemSetRow>, AppError> {
    Ok(store::set_by_id(conn, id)?.filter(|s| !s.retired))
}

/// A wrong first move and how many children played it.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct WrongMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub count: usize,
}

/// The class results of an assignment.
pub struct Results {
    pub assignment: AssignmentRow,
    pub set: ProblemSetRow,
    pub problems: Vec<ProblemRow>,
    pub children: Vec<(UserRow, Vec<Cell>)>,
    /// Per problem, the wrong first moves, most common first.
    pub wrong_moves: Vec<Vec<WrongMove>>,
    /// Children with several failures in a row, or unsolved work and nothing tried this week.
    pub stuck: Vec<i32>,
}

/// The results of an assignment: for the class's teacher and admins.
pub fn results(state: &AppState, actor: &Actor, id: i32) -> Result<Results, AppError> {
    let me = actor.signed_in()?;
    let conn = &mut *state.conn()?;
    let a = store::assignment_by_id(conn, id)?.ok_or(AppError::NotFound("assignment"))?;
    let class =
        db::learning::class_by_id(conn, a.class_id)?.ok_or(AppError::NotFound("assignment"))?;
    match me.role {
        Role::Admin => {}
        Role::Teacher if class.teacher_id == me.id => {}
        Role::Teacher => return Err(AppError::NotFound("assignment")),
        _ => {
            return Err(AppError::Forbidden(
                "only the class's teacher reads its results".into(),
            ));
        }
    }
    let set = live_set(conn, a.set_id)?.ok_or(AppError::NotFound("assignment"))?;
    let kids = db::learning::class_children(conn, class.id)?;
    let ids: Vec<i32> = kids.iter().map(|k| k.id).collect();
    let (problems, rows, attempts) = grid(conn, &a, &ids)?;
    let wrong_moves = wrong_first_moves(conn, &problems, &attempts, &a)?;
    let week_ago = db::now_ms() - WEEK_MS;
    let stuck = ids
        .iter()
        .zip(&rows)
        .filter(|&(&kid, cells)| {
            let mine: Vec<&AttemptRow> = attempts
                .iter()
                .filter(|t| t.learner_id == Some(kid))
                .collect();
            let fails = mine
                .iter()
                .rev()
                .take_while(|t| t.result == AttemptResult::Wrong)
                .count();
            let unsolved = cells.iter().any(|c| !c.solved());
            let idle = !mine.iter().any(|t| t.started_at >= week_ago);
            fails >= STUCK_FAILURES || (unsolved && idle)
        })
        .map(|(&kid, _)| kid)
        .collect();
    Ok(Results {
        assignment: a,
        set,
        problems,
        children: kids.into_iter().zip(rows).collect(),
        wrong_moves,
        stuck,
    })
}

/// Per problem: the first moves judged wrong (attempts shown as written, view 0), counted.
fn wrong_first_moves(
    conn: &mut AnyConnection,
    problems: &[ProblemRow],
    attempts: &[AttemptRow],
    a: &AssignmentRow,
) -> Result<Vec<Vec<WrongMove>>, AppError> {
    let (_, to_current) = problems_of(conn, a.set_id)?;
    let plain: Vec<&AttemptRow> = attempts.iter().filter(|t| t.view == 0).collect();
    let ids: Vec<i32> = plain.iter().map(|t| t.id).collect();
    let moves = db::attempts_moves(conn, &ids)?;
    let mut out = Vec::new();
    for p in problems {
        let mut counts: HashMap<String, usize> = HashMap::new();
        for t in plain
            .iter()
            .filter(|t| to_current.get(&t.problem_id) == Some(&p.id))
        {
            if let Some(first) = moves.get(&t.id).and_then(|m| m.first())
                && first.by_learner
                && first.judged.as_deref() == Some("wrong")
            {
                *counts.entry(first.mv.clone()).or_default() += 1;
            }
        }
        let mut list: Vec<WrongMove> = counts
            .into_iter()
            .map(|(mv, count)| WrongMove { mv, count })
            .collect();
        list.sort_by(|x, y| y.count.cmp(&x.count).then(x.mv.cmp(&y.mv)));
        out.push(list);
    }
    Ok(out)
}

/// The results as CSV: one line per child, per problem its status, attempts, seconds and late.
pub fn results_csv(r: &Results) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = String::from("child");
    for (k, _) in r.problems.iter().enumerate() {
        let n = k + 1;
        out.push_str(&format!(
            ",p{n} status,p{n} attempts,p{n} seconds,p{n} late"
        ));
    }
    out.push_str(",solved,stuck\n");
    for (kid, cells) in &r.children {
        out.push_str(&field(&kid.display_name));
        for c in cells {
            out.push_str(&format!(
                ",{},{},{},{}",
                c.status,
                c.attempts,
                c.ms / 1000,
                c.late
            ));
        }
        out.push_str(&format!(
            ",{},{}\n",
            cells.iter().filter(|c| c.solved()).count(),
            r.stuck.contains(&kid.id)
        ));
    }
    out
}
