//! Playouts for the search: random moves (no own-eye filling, few self-ataris) with local
//! tactics first: capture the stone just played when it is in atari, rescue own stones it put in
//! atari, and in capture-Go press a chain left with two liberties. A capture-Go playout stops
//! at the first side to reach the target.

use super::game::eye_owner;
use super::tactics::{facts, last_liberty};
use crate::go::{Board, Color, Point, Rng};

/// What a playout needs to know about the match.
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    /// Capture-Go target; `None` for Go.
    pub target: Option<u32>,
    /// Komi plus handicap compensation, in points (Go).
    pub komi: f64,
}

/// Plays from `board` until two passes, the target or `max_moves`; returns Black's result
/// (1 win, 0 loss, ½ draw). `firsts[k]` records which colour played point `k` first
/// (0 none, 1 Black, 2 White) for RAVE.
#[expect(
    clippy::too_many_arguments,
    reason = "a hot loop's whole state, passed once"
)]
pub fn playout(
    board: &mut Board,
    mut to_move: Color,
    mut last: Option<Point>,
    mut caps: [u32; 2],
    goal: Goal,
    rng: &mut Rng,
    firsts: &mut [u8],
    max_moves: u32,
) -> f64 {
    let size = board.size() as usize;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match choose(board, to_move, last, goal, rng) {
            Some(p) => {
                let i = board.index(p);
                let taken = board.play_at(i, to_move).opponent;
                caps[to_move.index()] += taken;
                let k = p.y as usize * size + p.x as usize;
                if firsts[k] == 0 {
                    firsts[k] = 1 + to_move.index() as u8;
                }
                if let Some(t) = goal.target
                    && caps[to_move.index()] >= t
                {
                    return if to_move == Color::Black { 1.0 } else { 0.0 };
                }
                last = Some(p);
                passes = 0;
                moves += 1;
            }
            None => {
                board.clear_ko();
                last = None;
                passes += 1;
            }
        }
        to_move = to_move.opponent();
    }
    evaluate(board, caps, goal)
}

/// Black's result of a position at the end of a playout.
pub fn evaluate(board: &Board, caps: [u32; 2], goal: Goal) -> f64 {
    if goal.target.is_some() {
        return match caps[0].cmp(&caps[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
    }
    let mut margin = -goal.komi;
    for p in board.points() {
        match board.get(p).or_else(|| eye_owner(board, p)) {
            Some(Color::Black) => margin += 1.0,
            Some(Color::White) => margin -= 1.0,
            None => {}
        }
    }
    if margin > 0.0 { 1.0 } else { 0.0 }
}

fn playable(board: &Board, p: Point, color: Color) -> bool {
    let i = board.index(p);
    board.get(p).is_none() && board.ko_index() != Some(i) && !board.probe(i, color, false).0
}

fn choose(
    board: &mut Board,
    me: Color,
    last: Option<Point>,
    goal: Goal,
    rng: &mut Rng,
) -> Option<Point> {
    let capture_go = goal.target.is_some();
    if let Some(q) = last
        && board.get(q).is_some()
    {
        // Take the stone just played when it hangs.
        if let Some(l) = last_liberty(board, q)
            && playable(board, l, me)
            && (capture_go || rng.chance(0.9))
        {
            return Some(l);
        }
        // Rescue own chains it put in atari.
        let mut rescue = None;
        for n in board.adjacent(q) {
            if board.get(n) == Some(me)
                && let Some(l) = last_liberty(board, n)
                && playable(board, l, me)
                && !facts(board, l, me).self_atari
            {
                rescue = Some(l);
                break;
            }
        }
        if rescue.is_some() && rng.chance(0.9) {
            return rescue;
        }
        // Capture-Go: press the stone just played when it has two liberties.
        if capture_go && rng.chance(0.5) && board.liberty_count(q) == 2 {
            let libs = board.liberties(q);
            let l = libs[rng.below(2)];
            if playable(board, l, me) && !facts(board, l, me).self_atari {
                return Some(l);
            }
        }
    }
    let mut candidates = board.empty_count();
    while candidates > 0 {
        let r = rng.below(candidates);
        let i = board.empty_at(r);
        let ok = !board.is_eye_at(i, me)
            && board.ko_index() != Some(i)
            && !board.probe(i, me, false).0
            && {
                let p = board.point(i);
                let f = facts(board, p, me);
                !f.self_atari || rng.chance(if capture_go { 0.05 } else { 0.2 })
            };
        if ok {
            return Some(board.point(i));
        }
        candidates -= 1;
        board.swap_empties(r, candidates);
    }
    None
}
