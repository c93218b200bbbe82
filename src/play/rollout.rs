//! Playouts for the search, on the fast board ([`super::fast::Fast`]), in the way of MoGo and
//! Pachi: answer the last move locally first (capture it when it hangs, rescue own chains it put in
//! atari, play a 3×3 shape next to it), else a random move that fills no own eye and puts no
//! chain of two or more stones in atari. Go playouts are counted by area; a capture-Go playout
//! stops at the first side to reach the target.

use super::fast::{BLACK, EMPTY, Fast, other};
use super::patterns;
use crate::go::Rng;

/// What a playout needs to know about the match.
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    /// Capture-Go target; `None` for Go.
    pub target: Option<u32>,
    /// Komi plus handicap compensation, in points (Go).
    pub komi: f64,
}

/// The moves of one simulation, for AMAF: cell and stone value, in order.
pub type Trace = Vec<(u16, u8)>;

/// Plays from `board` (`to_move` a stone value) until two passes, the target or `max_moves`;
/// returns Black's result (1 win, 0 loss, ½ drawn capture-Go). Appends its moves to `trace`.
pub fn playout(
    board: &mut Fast,
    mut to_move: u8,
    goal: Goal,
    rng: &mut Rng,
    trace: &mut Trace,
    max_moves: usize,
) -> f32 {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match choose(board, to_move, goal, rng) {
            Some(i) => {
                board.play(i, to_move);
                trace.push((i as u16, to_move));
                if let Some(t) = goal.target
                    && board.caps[usize::from(to_move - 1)] >= t
                {
                    return if to_move == BLACK { 1.0 } else { 0.0 };
                }
                passes = 0;
                moves += 1;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        to_move = other(to_move);
    }
    evaluate(board, goal, false)
}

/// Black's result of a position: more captures in capture-Go; in Go the area count against
/// komi (`exact` floods empty regions; at a playout's end every region is one point).
pub fn evaluate(board: &Fast, goal: Goal, exact: bool) -> f32 {
    if goal.target.is_some() {
        return match board.caps[0].cmp(&board.caps[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
    }
    let area = if exact {
        board.area()
    } else {
        board.quick_area()
    };
    if f64::from(area) > goal.komi {
        1.0
    } else {
        0.0
    }
}

/// The playout's move for `me`, `None` to pass.
fn choose(board: &mut Fast, me: u8, goal: Goal, rng: &mut Rng) -> Option<usize> {
    if board.last != 0
        && let Some(i) = local(board, me, goal, rng)
    {
        return Some(i);
    }
    random(board, me, goal.target.is_some(), rng)
}

/// Answers to the last move: capture, rescue, press (capture-Go), shape.
fn local(board: &Fast, me: u8, goal: Goal, rng: &mut Rng) -> Option<usize> {
    let last = board.last;
    let mut picks = [0usize; 16];
    let mut n = 0;
    let push = |i: usize, picks: &mut [usize; 16], n: &mut usize| {
        if *n < 16 && !picks[..*n].contains(&i) {
            picks[*n] = i;
            *n += 1;
        }
    };
    if board.at(last) == other(me) && board.in_atari(last) {
        let l = board.atari_liberty(last);
        if board.legal(l, me) {
            push(l, &mut picks, &mut n);
        }
    }
    for nb in board.neighbours(last) {
        if board.at(nb) == me && board.in_atari(nb) {
            rescue(board, nb, me, &mut |i| push(i, &mut picks, &mut n));
        }
    }
    if n > 0 {
        return Some(picks[rng.below(n)]);
    }
    if goal.target.is_some() && board.at(last) == other(me) && rng.chance(0.5) {
        let mut libs = [0usize; 3];
        if board.liberties(last, &mut libs) == 2 {
            let l = libs[rng.below(2)];
            if board.legal(l, me) && board.self_atari(l, me) == 0 {
                return Some(l);
            }
        }
    }
    let s = board.stride();
    for i in [
        last - s - 1,
        last - s,
        last - s + 1,
        last - 1,
        last + 1,
        last + s - 1,
        last + s,
        last + s + 1,
    ] {
        if board.at(i) == EMPTY
            && patterns::matches(board.env8(i))
            && board.legal(i, me)
            && board.self_atari(i, me) == 0
        {
            push(i, &mut picks, &mut n);
        }
    }
    (n > 0).then(|| picks[rng.below(n)])
}

/// The moves that save `me`'s chain through `chain` (in atari): capture an attacker in atari
/// next to it, or extend when that gives two liberties or more.
pub fn rescue(board: &Fast, chain: usize, me: u8, found: &mut impl FnMut(usize)) {
    for s in board.chain(chain) {
        for n in board.neighbours(s) {
            if board.at(n) == other(me) && board.in_atari(n) {
                let l = board.atari_liberty(n);
                if board.legal(l, me) {
                    found(l);
                }
            }
        }
    }
    let l = board.atari_liberty(chain);
    if board.legal(l, me) && board.self_atari(l, me) == 0 {
        found(l);
    }
}

/// A random legal move that fills no own eye and is no self-atari of two or more stones
/// (of one stone, now and then: throw-ins and nakade need them).
fn random(board: &mut Fast, me: u8, capture_go: bool, rng: &mut Rng) -> Option<usize> {
    let mut candidates = board.empty_count();
    while candidates > 0 {
        let r = rng.below(candidates);
        let i = board.empty_at(r);
        let ok = board.legal(i, me) && !board.is_eye(i, me) && {
            match board.self_atari(i, me) {
                0 => true,
                1 => !capture_go && rng.chance(0.3),
                _ => false,
            }
        };
        if ok {
            return Some(i);
        }
        candidates -= 1;
        board.swap_empties(r, candidates);
    }
    None
}
