//! Calibration of graded problems' starting ratings (ARCHITECTURE.md "Ratings"): simulated
//! children of levels 1–7 answer graded problems through the judge, and each grade's starting
//! rank (`rank::LEVEL_START_RANKS`) is the one whose Glicko expectation best predicts how often
//! children rated at the middle of their levels solve it. Pure: the caller reads the problems;
//! `cargo bench --bench learners` prints the fit on the whole bank and a test requires it.

use super::rank::{level_middle, rank_number, rating_of_number};
use super::success_chance;
use crate::go::Rng;
use crate::problem::{Problem, level_of};

/// The deviation of a settled problem (the rating system's floor): the expectation is that of a
/// problem whose difficulty is known.
pub const SETTLED_RD: f64 = 60.0;

/// Simulated children of each level per problem.
pub const CHILDREN_PER_LEVEL: usize = 2;

/// What the simulation saw: per (grade, child level) solved and tried, and per problem its grade
/// and solving rate over all the children.
#[derive(Clone, Debug)]
pub struct Simulation {
    cells: [[(u32, u32); 8]; 8],
    rows: Vec<(u8, f64)>,
}

impl Simulation {
    /// Simulated children of every level answer every graded problem (ungraded ones are skipped).
    pub fn run<'a>(problems: impl IntoIterator<Item = &'a Problem>, seed: u64) -> Simulation {
        let mut rng = Rng::new(seed);
        let mut sim = Simulation {
            cells: [[(0, 0); 8]; 8],
            rows: Vec::new(),
        };
        for p in problems {
            let Some(grade) = level_of(p).filter(|g| (1..=7).contains(g)) else {
                continue;
            };
            let mut solved = 0u32;
            for level in 1..=7u8 {
                for _ in 0..CHILDREN_PER_LEVEL {
                    let ok = child::solves(p, level, &mut rng);
                    solved += u32::from(ok);
                    let c = &mut sim.cells[usize::from(grade)][usize::from(level)];
                    c.0 += u32::from(ok);
                    c.1 += 1;
                }
            }
            let tries = (7 * CHILDREN_PER_LEVEL) as f64;
            sim.rows.push((grade, f64::from(solved) / tries));
        }
        sim
    }

    /// The solving rate of children of `child_level` on problems graded `grade` (None when no
    /// such problem was simulated).
    pub fn rate(&self, grade: u8, child_level: u8) -> Option<f64> {
        let (solved, tried) = *self
            .cells
            .get(usize::from(grade))?
            .get(usize::from(child_level))?;
        (tried > 0).then(|| f64::from(solved) / f64::from(tried))
    }

    /// Graded problems simulated.
    pub fn problems(&self) -> usize {
        self.rows.len()
    }

    /// Pearson correlation between grade and solving rate over the problems (None below two
    /// problems or without spread).
    pub fn correlation(&self) -> Option<f64> {
        let n = self.rows.len() as f64;
        if self.rows.len() < 2 {
            return None;
        }
        let mx = self.rows.iter().map(|r| f64::from(r.0)).sum::<f64>() / n;
        let my = self.rows.iter().map(|r| r.1).sum::<f64>() / n;
        let (mut cov, mut vx, mut vy) = (0.0, 0.0, 0.0);
        for &(g, rate) in &self.rows {
            let (dx, dy) = (f64::from(g) - mx, rate - my);
            cov += dx * dy;
            vx += dx * dx;
            vy += dy * dy;
        }
        (vx > 0.0 && vy > 0.0).then(|| cov / (vx * vy).sqrt())
    }

    /// Per grade 1–7 that has problems: (grade, problems, simulated solving rate, the rate
    /// predicted when grades 1–7 start at the rank numbers `starts`).
    pub fn by_grade(&self, starts: &[f64; 7]) -> Vec<(u8, usize, f64, f64)> {
        (1..=7u8)
            .filter_map(|g| {
                let n = self.rows.iter().filter(|r| r.0 == g).count();
                let (mut s, mut t, mut p) = (0.0, 0.0, 0.0);
                for c in 1..=7u8 {
                    let (solved, tried) = self.cells[usize::from(g)][usize::from(c)];
                    s += f64::from(solved);
                    t += f64::from(tried);
                    p += f64::from(tried) * predicted(starts[usize::from(g) - 1], c);
                }
                (n > 0).then(|| (g, n, s / t, p / t))
            })
            .collect()
    }

    /// The mean squared error, over every simulated answer, of the solving chance predicted
    /// when the grades start at `starts` (rank numbers of grades 1–7).
    pub fn error(&self, starts: &[f64; 7]) -> f64 {
        let (err, total) = (1..=7u8)
            .map(|g| self.block_error(&[g], starts[usize::from(g) - 1]))
            .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        if total > 0.0 { err / total } else { 0.0 }
    }

    /// The starts that fit best: each grade's own least-squares rank, pooled with its
    /// neighbours where a harder grade would otherwise start below an easier one (isotonic
    /// regression by pooling adjacent violators). A grade without problems keeps five ranks a
    /// level from its neighbour.
    pub fn fitted(&self) -> [f64; 7] {
        // Blocks of consecutive graded grades with their pooled fit.
        let mut blocks: Vec<(Vec<u8>, f64)> = Vec::new();
        for g in 1..=7u8 {
            if self.block_error(&[g], 0.0).1 == 0.0 {
                continue;
            }
            blocks.push((vec![g], self.fit(&[g])));
            while blocks.len() >= 2 && blocks[blocks.len() - 1].1 < blocks[blocks.len() - 2].1 {
                let (last, _) = blocks.pop().unwrap_or_default();
                let prev = blocks.last_mut().expect("two blocks");
                prev.0.extend(last);
                prev.1 = self.fit(&prev.0);
            }
        }
        let mut starts = [f64::NAN; 7];
        for (grades, x) in &blocks {
            for g in grades {
                starts[usize::from(*g) - 1] = *x;
            }
        }
        let default = |g: usize| rank_number(level_middle(g as u8 + 1));
        for g in 0..7 {
            if starts[g].is_nan() {
                starts[g] = match (0..g).rev().find(|&h| !starts[h].is_nan()) {
                    Some(h) => starts[h] + 5.0 * (g - h) as f64,
                    None => default(g),
                };
            }
        }
        starts
    }

    /// The single offset above the middle of each level (five ranks a level, `offset_starts`)
    /// that predicts best: the alternative the per-grade starts are measured against.
    pub fn best_offset(&self) -> f64 {
        best_rank(-10.0, 20.0, |x| self.error(&offset_starts(x)))
    }

    /// The rank (in quarter ranks, −10 … 50) that fits the pooled answers to problems of these
    /// grades best.
    fn fit(&self, grades: &[u8]) -> f64 {
        best_rank(-10.0, 50.0, |x| self.block_error(grades, x).0)
    }

    /// (Weighted squared error, answers) of problems of these grades all starting at rank `x`.
    fn block_error(&self, grades: &[u8], x: f64) -> (f64, f64) {
        let (mut err, mut total) = (0.0, 0.0);
        for &g in grades {
            for c in 1..=7u8 {
                let (solved, tried) = self.cells[usize::from(g)][usize::from(c)];
                if tried == 0 {
                    continue;
                }
                let rate = f64::from(solved) / f64::from(tried);
                err += f64::from(tried) * (predicted(x, c) - rate).powi(2);
                total += f64::from(tried);
            }
        }
        (err, total)
    }
}

/// The chance that a child shown at `child_level` (rated at the middle of that level's ranks, as
/// `stars_of` shows them) solves a problem starting at rank number `start`.
pub fn predicted(start: f64, child_level: u8) -> f64 {
    success_chance(
        level_middle(child_level),
        rating_of_number(start),
        SETTLED_RD,
    )
}

/// The quarter rank from `lo` to `hi` where `error` is smallest.
fn best_rank(lo: f64, hi: f64, error: impl Fn(f64) -> f64) -> f64 {
    let quarters = (4.0 * lo) as i32..=(4.0 * hi) as i32;
    quarters
        .map(|k| f64::from(k) * 0.25)
        .map(|x| (x, error(x)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(lo, |(x, _)| x)
}

/// Grades starting `offset` ranks above the middle of their level, five ranks a level.
pub fn offset_starts(offset: f64) -> [f64; 7] {
    std::array::from_fn(|g| rank_number(level_middle(g as u8 + 1)) + offset)
}

mod child {
    //! A simulated child answering a problem on the board: a tactical player that takes,
    //! ataris and extends and avoids self-atari, with look-ahead from level 4 and less noise at
    //! higher levels.
    use crate::go::{Game, Move, Point, Rng};
    use crate::problem::{Problem, TreeOnly, Verdict, judge, replay_history};

    /// How good a move looks to a child: stones taken, ataris given, own stones left in atari,
    /// own liberties.
    fn looks(before: &Game, mv: Point) -> Option<f64> {
        let me = before.to_move();
        let mut g = before.clone();
        g.play(Move::Play(mv)).ok()?;
        let b = g.board();
        let taken = f64::from(g.captures(me) - before.captures(me));
        let ataris = b
            .adjacent(mv)
            .filter(|&q| b.get(q) == Some(me.opponent()) && b.liberty_count(q) == 1)
            .count() as f64;
        let own = b.liberty_count(mv) as f64;
        let in_atari = if own <= 1.0 { 1.0 } else { 0.0 };
        Some(10.0 * taken + 3.0 * ataris - 5.0 * in_atari + own.min(4.0) * 0.5)
    }

    /// The child's candidates: empty points of the shown area within two lines of a stone.
    fn candidates(p: &Problem, g: &Game) -> Vec<Point> {
        let b = g.board();
        let stones: Vec<Point> = b.points().filter(|&s| b.get(s).is_some()).collect();
        b.points()
            .filter(|&q| p.viewport.contains(q) && b.get(q).is_none())
            .filter(|&q| {
                stones
                    .iter()
                    .any(|s| s.x.abs_diff(q.x) + s.y.abs_diff(q.y) <= 2)
            })
            .collect()
    }

    /// The child's move: the best-looking one (after the opponent's best-looking answer from
    /// level 4), or with some chance one of the three best-looking.
    fn choose(p: &Problem, g: &Game, level: u8, rng: &mut Rng) -> Option<Point> {
        let mut scored: Vec<(f64, Point)> = Vec::new();
        for q in candidates(p, g) {
            let Some(mut v) = looks(g, q) else { continue };
            if level >= 4 {
                let mut after = g.clone();
                after.play(Move::Play(q)).ok()?;
                let reply = candidates(p, &after)
                    .into_iter()
                    .filter_map(|r| looks(&after, r))
                    .fold(0.0f64, f64::max);
                v -= reply * 0.6;
            }
            scored.push((v + rng.uniform() * 0.5, q));
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        let careful = 0.35 + 0.09 * f64::from(level);
        let k = if rng.chance(careful) {
            0
        } else {
            rng.below(scored.len().min(3))
        };
        scored.get(k).map(|s| s.1)
    }

    /// Whether a child of `level` solves the problem (answers judged by the tree).
    pub fn solves(p: &Problem, level: u8, rng: &mut Rng) -> bool {
        let mut history: Vec<Move> = Vec::new();
        for _ in 0..30 {
            let Ok(g) = replay_history(p, &history) else {
                return false;
            };
            let Some(q) = choose(p, &g, level, rng) else {
                return false;
            };
            match judge(p, &history, Move::Play(q), &TreeOnly) {
                Ok(Verdict::Solved { .. }) => return true,
                Ok(Verdict::Continue { reply, .. }) => {
                    history.push(Move::Play(q));
                    history.push(reply);
                }
                _ => return false,
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_of_a_higher_level_is_predicted_to_solve_more() {
        for start in [0.0, 12.5, 31.0] {
            for c in 2..=7u8 {
                assert!(predicted(start, c) > predicted(start, c - 1));
            }
        }
        assert!((predicted(rank_number(level_middle(3)), 3) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn offset_starts_are_five_ranks_a_level() {
        let s = offset_starts(1.0);
        assert!((s[0] - 3.5).abs() < 1e-9 && (s[6] - 33.5).abs() < 1e-9);
    }
}
