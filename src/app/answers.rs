//! Attempts and answers: starting an attempt, recording an answer (judge → store → rate →
//! schedule a review), a hint, the solution. An attempt is a state machine (open → solved, wrong
//! or abandoned): a move is stored only while the attempt is open and only as the next in
//! sequence, in the same transaction that ends and rates it, so parallel answers cannot store a
//! move after the end or rate twice. The judge runs holding no database connection
//! (ARCHITECTURE.md "An answer").

use std::sync::Arc;

use super::actor::Actor;
use super::error::AppError;
use super::live::Live;
use super::outcome;
use super::state::AppState;
use crate::db::{self, AttemptMoveRow, AttemptResult, AttemptRow, NewAttemptMove, ProblemRow};
use crate::go::{BoardStones, Game, IllegalMove, Move, Point};
use crate::problem::{
    JudgeError, Problem, Verdict, judge_replayed, main_correct_line, next_correct_move,
    play_in_problem, replay_history,
};

/// Most moves (the learner's and the replies) one attempt may hold: tsumego lines are short, and
/// a client that keeps playing is stopped with a clear 422.
pub const MAX_MOVES: i32 = 200;

/// An illegal move as the API names it (repetition is "ko" whatever rule forbids it).
pub fn illegal(e: IllegalMove) -> AppError {
    let code = match e {
        IllegalMove::Superko => "ko",
        other => other.code(),
    };
    AppError::IllegalMove {
        code,
        message: e.to_string(),
    }
}

/// A move as an API string: an SGF point, or "" for a pass.
pub fn move_text(m: Move) -> String {
    match m {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => String::new(),
    }
}

/// An API move string: an SGF point such as "cd", or "" / "pass".
pub fn parse_move(s: &str) -> Result<Move, AppError> {
    let s = s.trim();
    if s.is_empty() || s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Point::from_sgf(s)
        .map(Move::Play)
        .ok_or_else(|| AppError::bad(format!("'{s}' is not an SGF point such as \"cd\"")))
}

/// What starting an attempt may name.
#[derive(Default, Clone, Copy)]
pub struct AttemptFor {
    /// The review it answers (shown in the review's view).
    pub review: Option<i32>,
    /// The placement test it belongs to.
    pub assessment: Option<i32>,
}

/// Starts an attempt: a signed-in learner's (rated when it is their first at the problem), or a
/// guest's; a review's or a placement test's when it names one of the learner's own.
pub fn start_attempt(
    state: &AppState,
    actor: &Actor,
    problem_id: i32,
    of: AttemptFor,
) -> Result<(ProblemRow, AttemptRow), AppError> {
    let learner = actor
        .user()
        .filter(|u| u.role == db::Role::Learner)
        .map(|u| u.id);
    // The connection goes back to the pool before the writer (which needs one) is asked.
    let (row, mut spec) = {
        let conn = &mut *state.conn()?;
        let row = db::get_problem(conn, problem_id)?.ok_or(AppError::NotFound("problem"))?;
        super::sets::may_open(conn, actor, row.set_id)?;
        let spec = attempt_spec(conn, problem_id, learner, of)?;
        (row, spec)
    };
    let attempt = state.writer.write(move |conn| {
        // A learner's first attempt at a problem is a rated game; retries and guests are not.
        spec.rated = match spec.learner_id {
            Some(l) => !db::accounts::has_tried(conn, l, spec.problem_id)?,
            None => false,
        };
        db::insert_attempt(conn, &spec)
    })?;
    state.live.hold(Live {
        last_at: attempt.started_at,
        history: Vec::new(),
        problem: state.problem_view(&row, attempt.view)?,
        attempt: attempt.clone(),
    });
    Ok((row, attempt))
}

/// Checks that a named review or test is the learner's own and still open.
fn attempt_spec(
    conn: &mut db::AnyConnection,
    problem_id: i32,
    learner: Option<i32>,
    of: AttemptFor,
) -> Result<db::AttemptSpec, AppError> {
    let mut spec = db::AttemptSpec {
        problem_id,
        learner_id: learner,
        ..db::AttemptSpec::default()
    };
    if of.review.is_none() && of.assessment.is_none() {
        return Ok(spec);
    }
    let me = learner.ok_or_else(|| AppError::Unauthorized("sign in as a learner first".into()))?;
    if let Some(r) = of.review {
        let r = db::learning::review_by_id(conn, r)?.ok_or(AppError::NotFound("review"))?;
        if r.learner_id != me {
            return Err(AppError::Forbidden(
                "this is another learner's review".into(),
            ));
        }
        if r.problem_id != problem_id || r.done_at.is_some() {
            return Err(AppError::bad(
                "that review is done or is for another problem",
            ));
        }
        spec.review_id = Some(r.id);
        spec.view = r.view;
    }
    if let Some(a) = of.assessment {
        let a = db::learning::assessment_by_id(conn, a)?.ok_or(AppError::NotFound("assessment"))?;
        if a.learner_id != me {
            return Err(AppError::Forbidden("this is another learner's test".into()));
        }
        if a.ended_at.is_some() {
            return Err(AppError::bad("that test is over"));
        }
        spec.assessment_id = Some(a.id);
    }
    Ok(spec)
}

/// The view a learner's own review is shown in (a page draws what the judge will see).
pub fn review_view(state: &AppState, actor: &Actor, review: i32) -> Result<i32, AppError> {
    let me = actor.signed_in()?;
    let r = db::learning::review_by_id(&mut *state.conn()?, review)?
        .ok_or(AppError::NotFound("review"))?;
    if r.learner_id != me.id {
        return Err(AppError::Forbidden(
            "this is another learner's review".into(),
        ));
    }
    Ok(r.view)
}

/// The attempt for whoever plays it (moves, hints, the solution): a learner's attempt is that
/// learner's only, a guest's anyone's holding its id.
fn load_playing(state: &AppState, actor: &Actor, attempt_id: i32) -> Result<Live, AppError> {
    let live = read_live(state, attempt_id)?;
    check_player(actor, &live.attempt)?;
    Ok(live)
}

/// What an answer meant, with the positions for the board redraw.
pub struct Answer {
    pub verdict: Verdict,
    /// continue, solved or wrong.
    pub result: &'static str,
    /// Why a wrong move is wrong: in_tree, refuted, not_in_tree.
    pub reason: Option<String>,
    /// The stones after the learner's move, then after the reply.
    pub after_move: BoardStones,
    pub position: BoardStones,
}

/// Judges a learner's move and stores it (and the reply); ends, rates and schedules the attempt
/// when the verdict is final. The attempt comes from memory (`live`), loaded on first use; the
/// judge runs inline for moves in the author's tree and on a blocking thread when the solver must
/// look at a move off it; the one write is queued to the writer and awaited (no thread waits).
/// Answers to one attempt wait for each other; 409 when another server's answer got there first.
pub async fn record_answer(
    state: Arc<AppState>,
    actor: Actor,
    attempt_id: i32,
    mv: Move,
) -> Result<Answer, AppError> {
    let slot = state.live.slot(attempt_id);
    let mut held = slot.lock().await;
    for _ in 0..2 {
        let fresh = held.is_none();
        let live = match held.as_mut() {
            Some(live) => live,
            None => held.insert(load_live(&state, attempt_id).await?),
        };
        check_player(&actor, &live.attempt)?;
        if live.attempt.result != AttemptResult::Open {
            return Err(illegal(IllegalMove::GameOver));
        }
        if live.attempt.move_count + 2 > MAX_MOVES {
            return Err(AppError::IllegalMove {
                code: "finished",
                message: format!("an attempt holds at most {MAX_MOVES} moves: start again"),
            });
        }
        if let Move::Play(pt) = mv
            && !pt.in_board(live.problem.size)
        {
            return Err(illegal(IllegalMove::OffBoard));
        }
        let answer = match judge_live(&state, live, mv).await {
            Ok(a) => a,
            // Illegal on the memory copy, which another server may have moved on: judge again
            // on the stored attempt before refusing.
            Err(AppError::IllegalMove { .. }) if !fresh => {
                *held = None;
                continue;
            }
            Err(e) => return Err(e),
        };
        let rows = move_rows(live, &answer, mv);
        let result = match answer.result {
            "solved" => AttemptResult::Solved,
            "wrong" => AttemptResult::Wrong,
            _ => AttemptResult::Open,
        };
        let (seq, added, learner) = (
            live.attempt.move_count,
            rows.len() as i32,
            live.attempt.learner_id,
        );
        let now = rows[0].created_at;
        // What an ended learner's attempt sets off runs in the same transaction, once.
        let then_rates = result != AttemptResult::Open && learner.is_some();
        let then: Option<db::AfterMove> = then_rates.then(|| -> db::AfterMove {
            Box::new(move |conn| {
                // Read again inside the transaction: a hint may have come in since.
                let (a, _) =
                    db::get_attempt(conn, attempt_id)?.ok_or(diesel::result::Error::NotFound)?;
                outcome::attempt_ended(conn, &a, result == AttemptResult::Solved)
            })
        });
        let stored = state
            .writer
            .submit_move(db::MoveWrite {
                attempt_id,
                seq,
                rows,
                result,
                then,
            })?
            .await
            .map_err(|e| AppError::Internal(e.to_string()))??;
        if stored {
            if then_rates {
                super::bank::rating_moved(&state, live.attempt.problem_id);
            }
            live.history.push(mv);
            live.history.extend(answer.verdict.reply());
            live.attempt.move_count += added;
            live.attempt.result = result;
            live.last_at = now;
            return Ok(answer);
        }
        // Another server moved this attempt on: read it again and judge against that.
        *held = None;
    }
    Err(AppError::Conflict(
        "another answer to this attempt came first; reload the attempt".into(),
    ))
}

/// A learner's attempt takes moves from that learner only (a guest's from anyone with its id).
fn check_player(actor: &Actor, attempt: &AttemptRow) -> Result<(), AppError> {
    let Some(learner) = attempt.learner_id else {
        return Ok(());
    };
    match actor.user() {
        Some(u) if u.id == learner => Ok(()),
        Some(_) => Err(AppError::Forbidden(
            "this attempt belongs to another learner".into(),
        )),
        None => Err(AppError::Unauthorized(
            "sign in to continue this attempt".into(),
        )),
    }
}

/// An attempt as the answer path holds it, read from the database (on a blocking thread).
async fn load_live(state: &Arc<AppState>, attempt_id: i32) -> Result<Live, AppError> {
    let st = state.clone();
    tokio::task::spawn_blocking(move || read_live(&st, attempt_id))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

/// An attempt with its moves and the problem as it shows it, read from the database (one pooled
/// connection, given back before the problem is parsed).
fn read_live(state: &AppState, attempt_id: i32) -> Result<Live, AppError> {
    let (attempt, moves, row) = {
        let conn = &mut *state.conn()?;
        let (attempt, moves) =
            db::get_attempt(conn, attempt_id)?.ok_or(AppError::NotFound("attempt"))?;
        let row =
            db::get_problem(conn, attempt.problem_id)?.ok_or(AppError::NotFound("problem"))?;
        (attempt, moves, row)
    };
    let problem = state.problem_view(&row, attempt.view)?;
    let history = moves
        .iter()
        .map(|m| parse_move(&m.mv))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let last_at = moves.last().map_or(attempt.started_at, |m| m.created_at);
    Ok(Live {
        attempt,
        history,
        last_at,
        problem,
    })
}

/// A referee that only notes that the judge asked for one: the move left the author's tree.
struct OffTree(std::cell::Cell<bool>);

impl crate::problem::Referee for OffTree {
    fn judge_off_tree(&self, _: &Problem, _: &Game, _: Move) -> Verdict {
        self.0.set(true);
        Verdict::Wrong {
            reply: None,
            comment: None,
            reason: crate::problem::WrongReason::NotInTree,
        }
    }
}

/// The verdict on a move: in the author's tree at once; off it, the solver on a blocking thread.
async fn judge_live(state: &Arc<AppState>, live: &Live, mv: Move) -> Result<Answer, AppError> {
    let probe = OffTree(std::cell::Cell::new(false));
    let answer = judge(&probe, &live.problem, &live.history, mv)?;
    if !probe.0.get() {
        return Ok(answer);
    }
    // The solver is CPU work: at most one search per core at a time, so that a crowd of moves
    // off the tree waits its turn instead of slowing every other answer down.
    let _turn = state
        .solver_turns
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let (st, problem, history) = (state.clone(), live.problem.clone(), live.history.clone());
    tokio::task::spawn_blocking(move || judge(&st.referee, &problem, &history, mv))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

/// The judge's verdict and the positions after the move and after the reply (pure work).
fn judge(
    referee: &dyn crate::problem::Referee,
    problem: &Problem,
    history: &[Move],
    mv: Move,
) -> Result<Answer, AppError> {
    let mut game: Game =
        replay_history(problem, history).map_err(|e| AppError::Internal(e.to_string()))?;
    let verdict = match judge_replayed(problem, &game, mv, referee) {
        Ok(v) => v,
        Err(JudgeError::Illegal(e)) => return Err(illegal(e)),
        Err(e @ JudgeError::BadHistory { .. }) => return Err(AppError::Internal(e.to_string())),
    };
    play_in_problem(&mut game, mv).map_err(illegal)?;
    let after_move = game.board().stones();
    if let Some(r) = verdict.reply() {
        play_in_problem(&mut game, r)
            .map_err(|e| AppError::Internal(format!("reply {r:?}: {e}")))?;
    }
    let (result, reason) = match &verdict {
        Verdict::Continue { .. } => ("continue", None),
        Verdict::Solved { .. } => ("solved", None),
        Verdict::Wrong { reason, .. } => (
            "wrong",
            serde_json::to_value(reason)
                .ok()
                .and_then(|v| v.as_str().map(String::from)),
        ),
    };
    Ok(Answer {
        verdict,
        result,
        reason,
        after_move,
        position: game.board().stones(),
    })
}

/// The stored rows of an answer: the learner's move (with the verdict), then the reply.
fn move_rows(p: &Live, answer: &Answer, mv: Move) -> Vec<NewAttemptMove> {
    let now = db::now_ms();
    let last = p.last_at;
    let seq = p.attempt.move_count;
    let mut rows = vec![NewAttemptMove {
        attempt_id: p.attempt.id,
        seq,
        mv: move_text(mv),
        by_learner: true,
        judged: Some(answer.result.to_string()),
        comment: answer.verdict.comment().map(String::from),
        ms_since_prev: (now - last).max(0),
        created_at: now,
    }];
    if let Some(r) = answer.verdict.reply() {
        rows.push(NewAttemptMove {
            attempt_id: p.attempt.id,
            seq: seq + 1,
            mv: move_text(r),
            by_learner: false,
            judged: None,
            comment: None,
            ms_since_prev: 0,
            created_at: now,
        });
    }
    rows
}

/// A hint for the next move: the area around it, and the move itself (when the attempt is still
/// in the author's tree). The hint is counted, which makes the attempt unrated.
pub fn hint(
    state: &AppState,
    actor: &Actor,
    attempt_id: i32,
) -> Result<(Vec<Point>, Option<Move>), AppError> {
    let p = load_playing(state, actor, attempt_id)?;
    if !db::accounts::add_hint(&mut *state.conn()?, attempt_id)? {
        return Err(illegal(IllegalMove::GameOver));
    }
    let next = next_correct_move(&p.problem, &p.history);
    let area = match next {
        Some(Move::Play(at)) => p
            .problem
            .board()
            .points()
            .filter(|q| {
                q.x.abs_diff(at.x) <= 1
                    && q.y.abs_diff(at.y) <= 1
                    && p.problem.viewport.contains(*q)
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok((area, next))
}

/// One step of the author's solution with the board after it.
pub struct Step {
    pub color: crate::go::Color,
    pub mv: Move,
    pub comment: Option<String>,
    pub position: BoardStones,
}

/// The author's main correct line in a problem as shown.
pub fn solution_steps(problem: &Problem) -> Result<Vec<Step>, AppError> {
    let mut game = replay_history(problem, &[]).map_err(|e| AppError::Internal(e.to_string()))?;
    let mut steps = Vec::new();
    for (color, mv, comment) in main_correct_line(problem) {
        if play_in_problem(&mut game, mv).is_err() {
            break;
        }
        steps.push(Step {
            color,
            mv,
            comment,
            position: game.board().stones(),
        });
    }
    Ok(steps)
}

/// The solution of a problem, in a view (reading it changes nothing).
pub fn solution(
    state: &AppState,
    actor: &Actor,
    problem_id: i32,
    view: i32,
) -> Result<Vec<Step>, AppError> {
    super::state::split_view(view)?;
    let conn = &mut *state.conn()?;
    let row = db::get_problem(conn, problem_id)?.ok_or(AppError::NotFound("problem"))?;
    super::sets::may_open(conn, actor, row.set_id)?;
    solution_steps(&*state.problem_view(&row, view)?)
}

/// The learner of an attempt looks at the solution: it is logged (the attempt becomes unrated
/// and its problem comes back for review) and shown in the attempt's view.
pub fn reveal_solution(
    state: &AppState,
    actor: &Actor,
    attempt_id: i32,
) -> Result<Vec<Step>, AppError> {
    let p = load_playing(state, actor, attempt_id)?;
    db::accounts::mark_solution_viewed(&mut *state.conn()?, attempt_id)?;
    solution_steps(&p.problem)
}

/// An attempt with its moves, for whoever may read its learner's log (anyone for a guest's).
pub fn read_attempt(
    state: &AppState,
    actor: &Actor,
    attempt_id: i32,
) -> Result<(AttemptRow, Vec<AttemptMoveRow>), AppError> {
    let found =
        db::get_attempt(&mut *state.conn()?, attempt_id)?.ok_or(AppError::NotFound("attempt"))?;
    if let Some(learner) = found.0.learner_id {
        super::learners::viewable(state, actor, learner)?;
    }
    Ok(found)
}
