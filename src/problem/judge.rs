//! The judge: given a problem and the moves played so far (the learner's and the replies), what
//! the learner's next move means — illegal, continue (with a reply), solved, or wrong (with the
//! refutation and the author's comment).
//!
//! In the tree, the author's verdicts decide. Off the tree, the goal decides: a [`Referee`]
//! (the solver) may prove the move correct, refute it, or not know — only then is the answer
//! "wrong: not in the tree".

use serde::Serialize;

use crate::go::{Game, IllegalMove, KoRule, Move, Rules};

use super::model::{Problem, TreeNodeId};

/// What a move means.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Verdict {
    /// Good so far; the opponent answers with `reply`.
    Continue {
        #[serde(serialize_with = "ser_move")]
        reply: Move,
        comment: Option<String>,
    },
    /// The problem is solved (the opponent's last answer, if the line has one, comes with it).
    Solved {
        #[serde(serialize_with = "ser_opt_move")]
        reply: Option<Move>,
        comment: Option<String>,
    },
    /// The move fails; `reply` is the refutation when one is known.
    Wrong {
        #[serde(serialize_with = "ser_opt_move")]
        reply: Option<Move>,
        comment: Option<String>,
        reason: WrongReason,
    },
}

impl Verdict {
    /// The opponent's answer that comes with the verdict.
    pub fn reply(&self) -> Option<Move> {
        match self {
            Verdict::Continue { reply, .. } => Some(*reply),
            Verdict::Solved { reply, .. } | Verdict::Wrong { reply, .. } => *reply,
        }
    }

    pub fn comment(&self) -> Option<&str> {
        match self {
            Verdict::Continue { comment, .. }
            | Verdict::Solved { comment, .. }
            | Verdict::Wrong { comment, .. } => comment.as_deref(),
        }
    }
}

/// Why a move is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WrongReason {
    /// The author's tree marks this line wrong.
    InTree,
    /// Off the tree, the solver found a refutation.
    Refuted,
    /// Off the tree and the solver could not decide.
    NotInTree,
}

fn ser_move<S: serde::Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Move::Play(p) => s.serialize_str(&p.to_sgf()),
        Move::Pass => s.serialize_str(""),
    }
}

fn ser_opt_move<S: serde::Serializer>(m: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => ser_move(m, s),
        None => s.serialize_none(),
    }
}

/// The judge could not judge: the move is illegal, or the history does not fit the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("illegal move: {0}")]
    Illegal(IllegalMove),
    #[error("move {index} of the history is illegal: {reason}")]
    BadHistory { index: usize, reason: IllegalMove },
}

/// Judges moves that leave the author's tree.
pub trait Referee {
    /// Off-tree verdict for the learner's move `mv` in `game` (learner to move).
    fn judge_off_tree(&self, problem: &Problem, game: &Game, mv: Move) -> Verdict;
}

/// A referee that knows nothing beyond the tree.
pub struct TreeOnly;

impl Referee for TreeOnly {
    fn judge_off_tree(&self, _: &Problem, _: &Game, _: Move) -> Verdict {
        Verdict::Wrong {
            reply: None,
            comment: None,
            reason: WrongReason::NotInTree,
        }
    }
}

/// Problems are local fights: simple ko, and a ko retake that the tree shows is played after an
/// implied exchange of a ko threat and its answer (as problem books print them).
fn problem_rules() -> Rules {
    Rules {
        ko: KoRule::Simple,
        ..Rules::chinese()
    }
}

/// Replays the history (learner moves and replies, alternating from the side to play).
pub fn replay_history(problem: &Problem, history: &[Move]) -> Result<Game, JudgeError> {
    let mut game = Game::from_position(problem.board(), problem.to_play, problem_rules());
    for (index, &mv) in history.iter().enumerate() {
        play_in_problem(&mut game, mv)
            .map_err(|reason| JudgeError::BadHistory { index, reason })?;
    }
    Ok(game)
}

/// Plays a move that the judge has accepted (a ko retake after an implied threat exchange).
pub fn play_in_problem(game: &mut Game, mv: Move) -> Result<(), IllegalMove> {
    match game.play(mv) {
        Err(IllegalMove::Ko) => {
            game.implied_ko_threat();
            game.play(mv)
        }
        other => other,
    }
}

/// The tree node the history leads to, if it stays in the tree.
pub(crate) fn locate(problem: &Problem, history: &[Move]) -> Option<TreeNodeId> {
    let mut node = 0;
    for &mv in history {
        node = problem.tree.child_by_move(node, mv)?;
    }
    Some(node)
}

/// Judges the learner's move `mv` after `history`.
pub fn judge(
    problem: &Problem,
    history: &[Move],
    mv: Move,
    referee: &dyn Referee,
) -> Result<Verdict, JudgeError> {
    judge_replayed(problem, &replay_history(problem, history)?, mv, referee)
}

/// Judges the learner's move in `game`, the problem after its history as [`replay_history`]
/// gives it (callers that also need the positions replay once and pass the game here).
pub fn judge_replayed(
    problem: &Problem,
    game: &Game,
    mv: Move,
    referee: &dyn Referee,
) -> Result<Verdict, JudgeError> {
    judge_at(problem, game, mv, referee, None)
}

fn judge_with(
    problem: &Problem,
    history: &[Move],
    mv: Move,
    referee: &dyn Referee,
    preferred_reply: Option<Move>,
) -> Result<Verdict, JudgeError> {
    judge_at(
        problem,
        &replay_history(problem, history)?,
        mv,
        referee,
        preferred_reply,
    )
}

fn judge_at(
    problem: &Problem,
    game: &Game,
    mv: Move,
    referee: &dyn Referee,
    preferred_reply: Option<Move>,
) -> Result<Verdict, JudgeError> {
    let history = game.moves();
    if history.len() % 2 == 1 {
        // The learner moves on even plies only; an odd history means the reply is missing.
        return Err(JudgeError::Illegal(IllegalMove::GameOver));
    }
    let tree = &problem.tree;
    let here = locate(problem, history);
    let played = here.and_then(|n| tree.child_by_move(n, mv));
    match game.check(mv) {
        Err(IllegalMove::Ko) if played.is_some() => {}
        other => other.map_err(JudgeError::Illegal)?,
    }
    let Some(played) = played else {
        return Ok(referee.judge_off_tree(problem, game, mv));
    };
    let node = &tree.nodes[played];
    if !node.leads_to_success {
        let refutation = node.children.first().map(|&r| &tree.nodes[r]);
        let comment = node
            .comment
            .clone()
            .or_else(|| refutation.and_then(|r| r.comment.clone()));
        return Ok(Verdict::Wrong {
            reply: refutation.and_then(|r| r.mv.map(|m| m.1)),
            comment,
            reason: WrongReason::InTree,
        });
    }
    if node.children.is_empty() {
        return Ok(Verdict::Solved {
            reply: None,
            comment: node.comment.clone(),
        });
    }
    // The opponent answers along a line that still leads to success (the author's main line first).
    let reply_id = preferred_reply
        .and_then(|r| tree.child_by_move(played, r))
        .or_else(|| {
            node.children
                .iter()
                .copied()
                .find(|&c| tree.nodes[c].leads_to_success)
        })
        .unwrap_or(node.children[0]);
    let reply = &tree.nodes[reply_id];
    let reply_move = reply.mv.map(|m| m.1).unwrap_or(Move::Pass);
    let comment = reply.comment.clone().or_else(|| node.comment.clone());
    if reply.children.is_empty() {
        return Ok(if reply.leads_to_success {
            Verdict::Solved {
                reply: Some(reply_move),
                comment,
            }
        } else {
            Verdict::Wrong {
                reply: Some(reply_move),
                comment,
                reason: WrongReason::InTree,
            }
        });
    }
    Ok(Verdict::Continue {
        reply: reply_move,
        comment,
    })
}

/// The author's next correct move after `history`, when the history is still in the tree.
pub fn next_correct_move(problem: &Problem, history: &[Move]) -> Option<Move> {
    let node = locate(problem, history)?;
    let tree = &problem.tree;
    tree.nodes[node]
        .children
        .iter()
        .find(|&&c| tree.nodes[c].leads_to_success)
        .and_then(|&c| tree.nodes[c].mv.map(|m| m.1))
}

/// The author's main correct line: the first correct variation at the learner's moves, the first
/// answer at the opponent's; with each move's comment.
pub fn main_correct_line(problem: &Problem) -> Vec<(crate::go::Color, Move, Option<String>)> {
    let tree = &problem.tree;
    main_correct_path(problem)
        .into_iter()
        .filter_map(|n| {
            let (color, mv) = tree.nodes[n].mv?;
            Some((color, mv, tree.nodes[n].comment.clone()))
        })
        .collect()
}

/// The tree nodes of [`main_correct_line`], root excluded.
pub fn main_correct_path(problem: &Problem) -> Vec<TreeNodeId> {
    let tree = &problem.tree;
    let mut out = Vec::new();
    let mut node = 0;
    while let Some(&next) = tree.nodes[node]
        .children
        .iter()
        .find(|&&c| tree.nodes[c].leads_to_success)
        .or(tree.nodes[node].children.first())
    {
        out.push(next);
        node = next;
    }
    out
}

/// Plays every line of the author's tree through the judge: each correct line must end solved
/// and each wrong line must be judged wrong somewhere along it. Returns the lines that are not.
pub fn verify_tree(problem: &Problem) -> Vec<String> {
    let mut failures = Vec::new();
    for (leaf, correct) in problem.tree.leaves() {
        let path: Vec<Move> = problem
            .tree
            .path(leaf)
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        let outcome = play_line(problem, &path);
        let ok = matches!(
            (&outcome, correct),
            (Ok(Verdict::Solved { .. }), true) | (Ok(Verdict::Wrong { .. }), false)
        );
        if !ok {
            let line: Vec<String> = path.iter().map(move_text).collect();
            let expected = if correct { "solved" } else { "wrong" };
            failures.push(format!(
                "line {} should be {expected}, judged {outcome:?}",
                line.join(" ")
            ));
        }
    }
    failures
}

/// Judges the learner's moves of a line, answering with the line's own replies; returns the first
/// verdict that ends the attempt (solved or wrong), or the last one.
fn play_line(problem: &Problem, path: &[Move]) -> Result<Verdict, JudgeError> {
    let mut last = None;
    for k in (0..path.len()).step_by(2) {
        let verdict = judge_with(
            problem,
            &path[..k],
            path[k],
            &TreeOnly,
            path.get(k + 1).copied(),
        )?;
        match verdict {
            Verdict::Continue { .. } => last = Some(verdict),
            done => return Ok(done),
        }
    }
    Ok(last.expect("a line has at least one move"))
}

/// A move as tree paths and messages name it: an SGF point, or "pass".
pub(crate) fn move_text(m: &Move) -> String {
    match m {
        Move::Play(p) => p.to_sgf(),
        Move::Pass => "pass".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;
    use crate::problem::from_sgf_bytes;

    fn problem(src: &str) -> Problem {
        from_sgf_bytes(src.as_bytes()).unwrap().remove(0).unwrap()
    }

    fn mv(s: &str) -> Move {
        Move::Play(Point::from_sgf(s).unwrap())
    }

    const TREE: &str = "(;SZ[9]AB[cc][ca]AW[dc]C[Black to play.]
        (;B[ec];W[dd];B[ed]C[Correct])
        (;B[dd]C[The throw-in fails.];W[ec]))";

    #[test]
    fn a_correct_line_continues_then_is_solved() {
        let p = problem(TREE);
        let v = judge(&p, &[], mv("ec"), &TreeOnly).unwrap();
        assert_eq!(
            v,
            Verdict::Continue {
                reply: mv("dd"),
                comment: None
            }
        );
        let v = judge(&p, &[mv("ec"), mv("dd")], mv("ed"), &TreeOnly).unwrap();
        assert_eq!(
            v,
            Verdict::Solved {
                reply: None,
                comment: Some("Correct".into())
            }
        );
        assert!(verify_tree(&p).is_empty(), "{:?}", verify_tree(&p));
    }

    #[test]
    fn a_wrong_move_gets_the_refutation_and_the_authors_comment() {
        let p = problem(TREE);
        let v = judge(&p, &[], mv("dd"), &TreeOnly).unwrap();
        assert_eq!(
            v,
            Verdict::Wrong {
                reply: Some(mv("ec")),
                comment: Some("The throw-in fails.".into()),
                reason: WrongReason::InTree
            }
        );
    }

    #[test]
    fn illegal_moves_are_refused_with_their_reason() {
        let p = problem(TREE);
        assert_eq!(
            judge(&p, &[], mv("cc"), &TreeOnly),
            Err(JudgeError::Illegal(IllegalMove::Occupied))
        );
        assert_eq!(
            judge(&p, &[], Move::Play(Point::new(9, 9)), &TreeOnly),
            Err(JudgeError::Illegal(IllegalMove::OffBoard))
        );
    }

    #[test]
    fn off_tree_moves_go_to_the_referee() {
        let p = problem(TREE);
        let v = judge(&p, &[], mv("ee"), &TreeOnly).unwrap();
        assert!(matches!(
            v,
            Verdict::Wrong {
                reason: WrongReason::NotInTree,
                ..
            }
        ));
    }
}
