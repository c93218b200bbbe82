//! Life and death by search (ARCHITECTURE.md "Problem generator"): an eye space is grown at
//! random on an edge or in a corner (or one of the basic shapes is laid there), walled by the
//! defender and surrounded by the attacker, then changed at random (an attacker stone inside, a
//! defender stone inside, a gap in the wall). A position is kept when whoever moves first
//! decides: the solver proves that the learner lives (or kills) and that the opponent, moving
//! first, would kill (or live).

use crate::go::{Board, Color, Point, Rng};
use crate::problem::Symmetry;
use crate::problem::solver::Status;

use super::kinds::{Task, Topic};
use super::search::{Candidate, finish, query_budget};
use super::tree::Fight;

/// A named eye space: Chinese and English names, its points (x, y) on the top edge.
pub type Shape = (&'static str, &'static str, &'static [(u8, u8)]);

/// The basic shapes children learn (直三, 弯三, 丁四, 方四, 刀把五, 梅花五, 板六), on the top edge.
pub const SHAPES: [Shape; 7] = [
    ("直三", "straight three", &[(0, 0), (1, 0), (2, 0)]),
    ("弯三", "bent three", &[(0, 0), (1, 0), (1, 1)]),
    ("丁四", "pyramid four", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
    ("方四", "square four", &[(0, 0), (1, 0), (0, 1), (1, 1)]),
    (
        "刀把五",
        "bulky five",
        &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)],
    ),
    (
        "梅花五",
        "flower five",
        &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    ),
    (
        "板六",
        "rectangular six",
        &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    ),
];

/// A random eye space of `n` points grown from the top edge.
fn random_space(rng: &mut Rng, n: usize) -> Vec<(u8, u8)> {
    let mut cells = vec![(0u8, 0u8)];
    while cells.len() < n {
        let (x, y) = cells[rng.below(cells.len())];
        let next = [(x + 1, y), (x, y + 1), (x.wrapping_sub(1), y)];
        let (nx, ny) = next[rng.below(3)];
        if nx < 6 && ny < 3 && !cells.contains(&(nx, ny)) {
            cells.push((nx, ny));
        }
    }
    cells
}

/// The board for an eye space at `(ox, 0)` of the top edge (`ox = 0`: in the corner), turned by
/// a symmetry; the defender's wall around it, the attacker's stones around the wall.
/// With `solid`, the rings take the diagonal points too, so that the wall is one chain (a named
/// shape's wall must not fall apart into stones the attacker can take).
fn walled(
    size: u8,
    cells: &[(u8, u8)],
    ox: u8,
    sym: Symmetry,
    defender: Color,
    solid: bool,
) -> Option<Board> {
    let mut b = Board::new(size)?;
    let space: Vec<Point> = cells.iter().map(|&(x, y)| Point::new(x + ox, y)).collect();
    if space.iter().any(|p| !p.in_board(size)) {
        return None;
    }
    let ring = |inner: &[Point], b: &Board| -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        for &p in inner {
            for q in b.points() {
                let (dx, dy) = (q.x.abs_diff(p.x), q.y.abs_diff(p.y));
                let near = dx + dy == 1 || (solid && dx == 1 && dy == 1);
                if near && !inner.contains(&q) && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
        out
    };
    let wall = ring(&space, &b);
    let mut inner = space.clone();
    inner.extend(&wall);
    let outer = ring(&inner, &b);
    for p in wall {
        b.set(sym.apply(p, size), Some(defender));
    }
    for p in outer {
        b.set(sym.apply(p, size), Some(defender.opponent()));
    }
    Some(b)
}

/// A life-and-death fight: the learner lives or kills.
pub fn life(rng: &mut Rng, full: &[Topic]) -> Option<Candidate> {
    let size = [7u8, 9, 9, 13, 19][rng.below(5)];
    let shape = if full.contains(&Topic::VitalPoint) {
        SHAPES.len() + rng.below(4)
    } else {
        rng.below(SHAPES.len() + 4)
    };
    let (cells, named) = if shape < SHAPES.len() {
        (SHAPES[shape].2.to_vec(), true)
    } else {
        {
            let n = 3 + rng.below(5);
            (random_space(rng, n), false)
        }
    };
    let defender = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let ox = if rng.chance(0.5) {
        0
    } else {
        1 + rng.below(3) as u8
    };
    let sym = Symmetry::ALL[rng.below(8)];
    let mut b = walled(size, &cells, ox, sym, defender, named)?;
    let space: Vec<Point> = cells
        .iter()
        .map(|&(x, y)| sym.apply(Point::new(x + ox, y), size))
        .collect();
    // Changes by chance: a stone inside, a gap in the wall; a named shape keeps its space and
    // has its surroundings changed instead (gaps in the attacker's ring, so the wall's outside
    // liberties vary).
    let changed = !named || rng.chance(0.2);
    if named && !changed && rng.chance(0.7) {
        open_the_ring(&mut b, rng, defender.opponent());
    }
    if changed {
        for _ in 0..1 + rng.below(2) {
            let p = space[rng.below(space.len())];
            let c = if rng.chance(0.6) {
                defender.opponent()
            } else {
                defender
            };
            b.set(p, Some(c));
        }
    }
    let wall: Vec<Point> = b.points().filter(|&p| b.get(p) == Some(defender)).collect();
    if wall.is_empty() {
        return None;
    }
    let target = *wall
        .iter()
        .max_by_key(|&&p| (b.chain(p).len(), std::cmp::Reverse(p)))?;
    let breathing = b
        .points()
        .all(|p| b.get(p).is_none() || b.liberty_count(p) >= 1);
    if !breathing || b.liberty_count(target) < 2 {
        super::trace("life: not sane");
        return None;
    }
    let kill = rng.chance(0.5);
    let learner = if kill { defender.opponent() } else { defender };
    let fight = Fight {
        board: b,
        learner,
        target,
        task: if kill { Task::Kill } else { Task::Live },
    };
    // Decisive: the other side, moving first, would win.
    let other = fight.ask(&fight.board, learner.opponent(), query_budget());
    if other.status != Status::Proven {
        super::trace(&format!(
            "{:?}: the other side first {:?}",
            fight.task, other.status
        ));
        return None;
    }
    let vital = vital_points(&space);
    let mut c = finish(fight, move |f, lines| {
        let mut kinds = Vec::new();
        let on_vital = matches!(lines[0][0], crate::go::Move::Play(p) if vital.contains(&p));
        if named && !changed && on_vital && lines.len() == 1 {
            kinds.push((Topic::VitalPoint, f.task));
        }
        kinds.push(match f.task {
            Task::Kill => (Topic::DestroyEye, Task::Kill),
            t => (Topic::TwoEyes, t),
        });
        super::search::first_wanted(kinds, full)
    })?;
    if c.topic == Topic::VitalPoint {
        c.shape = Some((SHAPES[shape].0, SHAPES[shape].1));
    }
    Some(c)
}

/// The points of an eye space touching the most others of it: the vital points (直三's middle,
/// 弯三's bend, 丁四's and 梅花五's centre, 刀把五's point beside the square).
pub fn vital_points(space: &[Point]) -> Vec<Point> {
    let inside = |p: &Point| {
        space
            .iter()
            .filter(|q| q.x.abs_diff(p.x) + q.y.abs_diff(p.y) == 1)
            .count()
    };
    let most = space.iter().map(inside).max().unwrap_or(0);
    space
        .iter()
        .copied()
        .filter(|p| inside(p) == most)
        .collect()
}

/// Lifts one or two of the attacker's stones that ring the wall (never all of them).
fn open_the_ring(b: &mut Board, rng: &mut Rng, attacker: Color) {
    let ring: Vec<Point> = b.points().filter(|&p| b.get(p) == Some(attacker)).collect();
    if ring.len() < 4 {
        return;
    }
    for _ in 0..1 + rng.below(2) {
        b.set(ring[rng.below(ring.len())], None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vital(shape: &str) -> Vec<(u8, u8)> {
        let (_, _, cells) = SHAPES.iter().find(|s| s.0 == shape).unwrap();
        let space: Vec<Point> = cells.iter().map(|&(x, y)| Point::new(x, y)).collect();
        vital_points(&space).iter().map(|p| (p.x, p.y)).collect()
    }

    #[test]
    fn the_vital_point_is_the_middle_of_straight_three_and_the_centre_of_the_flower() {
        assert_eq!(vital("直三"), vec![(1, 0)]);
        assert_eq!(vital("弯三"), vec![(1, 0)]);
        assert_eq!(vital("丁四"), vec![(1, 0)]);
        assert_eq!(vital("刀把五"), vec![(1, 0)]);
        assert_eq!(vital("梅花五"), vec![(1, 1)]);
        // A square has no single vital point: every point of it is alike.
        assert_eq!(vital("方四").len(), 4);
    }
}
