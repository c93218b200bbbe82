//! The computer opponent, levels 1–7 like the children's levels. Levels 1–4 pick moves by
//! rules of thumb (1 plays to be caught, 2 takes what hangs, 3 also runs from atari, 4 reads
//! ladders and counts liberties); levels 5–7 search ([`super::mcts`]) with growing budgets.
//! Deterministic for a seed as long as the playout limit, not the clock, ends each search.

use std::time::Duration;

use super::game::{Kind, Match};
use super::mcts::search;
use super::tactics::{Facts, facts, ladder_atari, ladder_caught};
use crate::go::{Move, Point, Rng};

/// How much a search may spend on one move: whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    pub playouts: u32,
}

impl Limits {
    /// The default budget of a level: a few milliseconds below level 5, then 0.2 s, 0.5 s
    /// and 0.85 s of search (fewer on a fast machine when the playout limit is reached).
    pub fn for_level(level: u8) -> Limits {
        match level {
            ..=4 => Limits {
                time: Duration::from_millis(50),
                playouts: 0,
            },
            5 => Limits {
                time: Duration::from_millis(200),
                playouts: 1_500,
            },
            6 => Limits {
                time: Duration::from_millis(500),
                playouts: 6_000,
            },
            _ => Limits {
                time: Duration::from_millis(850),
                playouts: 1_000_000,
            },
        }
    }
}

/// A computer player of a given level (1–7).
#[derive(Clone, Debug)]
pub struct Bot {
    level: u8,
    limits: Limits,
    rng: Rng,
    playouts: u32,
}

impl Bot {
    /// A bot of `level` (clamped to 1–7) with the level's default budget.
    pub fn new(level: u8, seed: u64) -> Bot {
        let level = level.clamp(1, 7);
        Bot::with_limits(level, seed, Limits::for_level(level))
    }

    /// A bot with its own budget (the time per move, or a playout count for repeatable games).
    pub fn with_limits(level: u8, seed: u64, limits: Limits) -> Bot {
        Bot {
            level: level.clamp(1, 7),
            limits,
            rng: Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15),
            playouts: 0,
        }
    }

    pub fn level(&self) -> u8 {
        self.level
    }

    /// Playouts of the last search (0 when the last move was not searched).
    pub fn last_playouts(&self) -> u32 {
        self.playouts
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The bot's move for the side to move (a pass when the match is over or nothing is left).
    pub fn choose(&mut self, m: &Match) -> Move {
        if m.result().is_some() {
            return Move::Pass;
        }
        if self.level >= 5 {
            let found = search(m, &self.limits, &mut self.rng);
            self.playouts = found.playouts;
            return found.mv;
        }
        let game = m.game();
        let me = game.to_move();
        let board = game.board();
        let options: Vec<(Point, Facts)> = game
            .legal_moves()
            .into_iter()
            .filter(|&p| !board.is_eye(p, me))
            .map(|p| (p, facts(board, p, me)))
            .collect();
        if options.is_empty() {
            return Move::Pass;
        }
        let go = matches!(m.kind(), Kind::Go { .. });
        let opponent_passed = m.moves().last() == Some(&Move::Pass);
        // In Go the lower levels stop when their opponent does and nothing urgent is left.
        if go
            && opponent_passed
            && self.level >= 2
            && !options.iter().any(|(_, f)| f.captures > 0 || f.saves > 0)
        {
            return Move::Pass;
        }
        let pick = match self.level {
            1 => self.playful(&options),
            2 => self.greedy(&options),
            3 => self.careful(&options, m),
            _ => self.reader(&options, m),
        };
        match pick {
            Some(p) => Move::Play(p),
            None if go => Move::Pass,
            None => Move::Play(self.any(&options, |_| true)),
        }
    }

    fn any(&mut self, options: &[(Point, Facts)], keep: impl Fn(&Facts) -> bool) -> Point {
        self.some(options, keep).unwrap_or(options[0].0)
    }

    fn some(&mut self, options: &[(Point, Facts)], keep: impl Fn(&Facts) -> bool) -> Option<Point> {
        let kept: Vec<Point> = options
            .iter()
            .filter(|(_, f)| keep(f))
            .map(|(p, _)| *p)
            .collect();
        (!kept.is_empty()).then(|| kept[self.rng.below(kept.len())])
    }

    /// Level 1: puts its own stones in atari now and then, and seldom takes what hangs.
    fn playful(&mut self, options: &[(Point, Facts)]) -> Option<Point> {
        if self.rng.chance(0.3)
            && let Some(p) = self.some(options, |f| f.self_atari && f.captures == 0)
        {
            return Some(p);
        }
        if self.rng.chance(0.15)
            && let Some(p) = self.some(options, |f| f.captures > 0)
        {
            return Some(p);
        }
        self.some(options, |f| f.captures == 0)
            .or_else(|| self.some(options, |_| true))
    }

    /// Level 2: takes stones in atari most of the time, otherwise plays anywhere not self-atari.
    fn greedy(&mut self, options: &[(Point, Facts)]) -> Option<Point> {
        if self.rng.chance(0.7)
            && let Some(p) = best_by(options, |f| f.captures)
        {
            return Some(p);
        }
        self.some(options, |f| !f.self_atari)
    }

    /// Level 3: the largest capture, else runs from atari, else ataris, near the stones.
    fn careful(&mut self, options: &[(Point, Facts)], m: &Match) -> Option<Point> {
        if let Some(p) = best_by(options, |f| f.captures) {
            return Some(p);
        }
        if let Some(p) = best_by(options, |f| f.saves) {
            return Some(p);
        }
        if self.rng.chance(0.5)
            && let Some(p) = self.some(options, |f| f.ataris > 0 && !f.self_atari)
        {
            return Some(p);
        }
        self.quiet(options, m)
    }

    /// Level 4: like 3, but runs only when the ladder does not catch the chain, ataris that
    /// start a working ladder, and presses chains short of liberties.
    fn reader(&mut self, options: &[(Point, Facts)], m: &Match) -> Option<Point> {
        let game = m.game();
        let board = game.board();
        let me = game.to_move();
        if let Some(p) = best_by(options, |f| f.captures) {
            return Some(p);
        }
        // Escapes that survive: after the move the chain has 3+ liberties, or 2 and no ladder.
        let mut escapes: Vec<(Point, u32)> = Vec::new();
        for &(p, f) in options.iter().filter(|(_, f)| f.saves > 0) {
            let mut g = game.clone();
            if g.play(Move::Play(p)).is_err() {
                continue;
            }
            let libs = g.board().liberty_count(p);
            let caught = libs < 2
                || (libs == 2
                    && g.board().liberties(p).into_iter().any(|a| {
                        let mut h = g.clone();
                        h.play(Move::Play(a)).is_ok()
                            && h.board().liberty_count(a) >= 2
                            && ladder_caught(&h, p, 30)
                    }));
            if !caught {
                escapes.push((p, f.saves));
            }
        }
        if let Some(&(p, _)) = escapes.iter().max_by_key(|(_, s)| *s) {
            return Some(p);
        }
        // Ladders that work against opponent chains with two liberties.
        let mut targets: Vec<Point> = Vec::new();
        for p in board.points() {
            if board.get(p) == Some(me.opponent()) && board.liberty_count(p) == 2 {
                let head = *board.chain(p).iter().min().expect("a chain");
                if !targets.contains(&head) {
                    targets.push(head);
                }
            }
        }
        for t in targets {
            if let Some(a) = ladder_atari(game, t, me) {
                return Some(a);
            }
        }
        if self.rng.chance(0.6)
            && let Some(p) = self.some(options, |f| f.ataris > 0 && !f.self_atari)
        {
            return Some(p);
        }
        self.quiet(options, m)
    }

    /// A calm move: not self-atari, off the first line while the board is open (Go), next to
    /// stones when there are any.
    fn quiet(&mut self, options: &[(Point, Facts)], m: &Match) -> Option<Point> {
        let board = m.game().board();
        let size = board.size();
        let open = m.moves().len() < usize::from(size) * 2;
        let go = matches!(m.kind(), Kind::Go { .. });
        let calm: Vec<Point> = options
            .iter()
            .filter(|(p, f)| {
                let edge = p.x.min(p.y).min(size - 1 - p.x).min(size - 1 - p.y);
                let first_line_early = go && open && edge == 0;
                !(f.self_atari || first_line_early)
            })
            .map(|(p, _)| *p)
            .collect();
        if calm.is_empty() {
            return None;
        }
        let near: Vec<Point> = calm
            .iter()
            .copied()
            .filter(|&p| {
                board.adjacent(p).any(|n| board.get(n).is_some())
                    || diagonals(p, size).any(|d| board.get(d).is_some())
            })
            .collect();
        let list = if !near.is_empty() && self.rng.chance(0.7) {
            near
        } else {
            calm
        };
        Some(list[self.rng.below(list.len())])
    }
}

fn diagonals(p: Point, size: u8) -> impl Iterator<Item = Point> {
    [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)]
        .into_iter()
        .filter_map(move |(dx, dy)| {
            let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
            (x >= 0 && y >= 0 && x < size as i8 && y < size as i8)
                .then(|| Point::new(x as u8, y as u8))
        })
}

fn best_by(options: &[(Point, Facts)], key: impl Fn(&Facts) -> u32) -> Option<Point> {
    options
        .iter()
        .filter(|(_, f)| key(f) > 0)
        .max_by_key(|(p, f)| (key(f), std::cmp::Reverse(*p)))
        .map(|(p, _)| *p)
}
