//! Prior knowledge for new search nodes: a move starts with `PRIOR_VISITS` virtual visits won at
//! a rate that says how promising it looks: captures and rescues high, MoGo shapes and ataris
//! above even, self-ataris low, the first line low while the board is open.

use super::fast::{EMPTY, Fast, other};
use super::patterns;

/// Virtual visits every new child starts with.
pub const PRIOR_VISITS: f32 = 12.0;

/// The prior win rate of `me` playing empty, legal cell `i`.
pub fn prior_rate(board: &Fast, i: usize, me: u8, capture_go: bool) -> f32 {
    let mut captures = false;
    let mut saves = false;
    let mut ataris = false;
    for n in board.neighbours(i) {
        let c = board.at(n);
        if c == other(me) {
            if board.in_atari(n) {
                captures = true;
            } else {
                let mut libs = [0usize; 3];
                ataris |= board.liberties(n, &mut libs) == 2;
            }
        } else if c == me && board.in_atari(n) {
            saves = true;
        }
    }
    let self_atari = if captures { 0 } else { board.self_atari(i, me) };
    let mut rate: f32 = 0.5;
    if captures {
        rate = if capture_go { 0.95 } else { 0.85 };
    } else if self_atari >= 2 || (capture_go && self_atari == 1) {
        return if capture_go { 0.03 } else { 0.1 };
    } else if self_atari == 1 {
        rate = 0.3;
    } else if saves {
        rate = if capture_go { 0.9 } else { 0.8 };
    } else if ataris || patterns::matches(board.env8(i)) {
        rate = 0.65;
    }
    let size = board.size();
    let (x, y) = (i % board.stride() - 1, i / board.stride() - 1);
    let line = x.min(y).min(size - 1 - x).min(size - 1 - y);
    let open = board.empty_count() * 4 > size * size * 3;
    if !capture_go && open && line == 0 && board.at(i) == EMPTY {
        rate -= 0.2;
    }
    if board.last != 0 && near(board, i, board.last) {
        rate += 0.05;
    }
    rate.clamp(0.02, 0.98)
}

/// Whether `a` is in the 3×3 square around `b`.
fn near(board: &Fast, a: usize, b: usize) -> bool {
    let s = board.stride() as isize;
    let d = a as isize - b as isize;
    [-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1].contains(&d)
}
