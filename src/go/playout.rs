//! Random playouts: uniformly random legal moves that do not fill the mover's own one-point eyes,
//! until two passes. The benchmark workload of the rules core, and a building block for search.

use super::board::Board;
use super::position_set::PositionSet;
use super::rules::KoRule;
use super::types::Color;
use super::zobrist::WHITE_TO_MOVE;

/// A small, fast, seedable generator (wyrand); not for anything secret.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        ((t >> 64) ^ t) as u64
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A standard normal number (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.uniform().max(1e-12), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.uniform() < p
    }
}

/// What happened in one playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Stones placed (passes excluded).
    pub moves: u32,
    /// Stones captured by Black and by White.
    pub captures: [u32; 2],
    /// Whether it ended by two passes (rather than the move cap).
    pub finished: bool,
}

/// Plays random moves from `board` with `to_move` first until two passes or `max_moves` stones.
/// `seen` is scratch memory for the superko check (cleared here; reuse it across playouts).
/// Suicide is never played.
pub fn random_playout(
    board: &mut Board,
    mut to_move: Color,
    ko: KoRule,
    seen: &mut PositionSet,
    rng: &mut Rng,
    max_moves: u32,
) -> PlayoutStats {
    let situation = |hash: u64, next: Color| match (ko, next) {
        (KoRule::SituationalSuperko, Color::White) => hash ^ WHITE_TO_MOVE,
        _ => hash,
    };
    let superko = ko != KoRule::Simple;
    seen.clear();
    if superko {
        seen.insert(situation(board.hash(), to_move));
    }
    let mut stats = PlayoutStats::default();
    let mut passes = 0;
    while passes < 2 {
        if stats.moves >= max_moves {
            return stats;
        }
        let mut candidates = board.empty_count();
        let mut chosen = None;
        while candidates > 0 {
            let r = rng.below(candidates);
            let i = board.empty_at(r);
            let ok = !board.is_eye_at(i, to_move)
                && (superko || board.ko_index() != Some(i))
                && match board.probe(i, to_move, false) {
                    (true, _) => false,
                    (false, hash) => {
                        !superko || !seen.contains(situation(hash, to_move.opponent()))
                    }
                };
            if ok {
                chosen = Some(i);
                break;
            }
            candidates -= 1;
            board.swap_empties(r, candidates);
        }
        match chosen {
            Some(i) => {
                let caps = board.play_at(i, to_move);
                stats.captures[to_move.index()] += caps.opponent;
                stats.moves += 1;
                passes = 0;
                if superko {
                    seen.insert(situation(board.hash(), to_move.opponent()));
                }
            }
            None => {
                passes += 1;
                board.clear_ko();
                if ko == KoRule::SituationalSuperko {
                    seen.insert(situation(board.hash(), to_move.opponent()));
                }
            }
        }
        to_move = to_move.opponent();
    }
    stats.finished = true;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_with_two_passes_and_keep_the_board_consistent() {
        let mut seen = PositionSet::default();
        let mut rng = Rng::new(7);
        for size in [2, 3, 5, 9, 19] {
            for ko in [
                KoRule::Simple,
                KoRule::PositionalSuperko,
                KoRule::SituationalSuperko,
            ] {
                let mut board = Board::new(size).unwrap();
                let stats =
                    random_playout(&mut board, Color::Black, ko, &mut seen, &mut rng, 10_000);
                assert!(stats.finished, "size {size} {ko}");
                board.check_invariants().unwrap();
            }
        }
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(1);
        assert!((0..1000).all(|_| rng.below(7) < 7));
    }
}
