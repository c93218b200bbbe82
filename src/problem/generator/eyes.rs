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

/// The basic shapes with a vital point (直三, 弯三, 丁四, 刀把五, 梅花五, 板六), on the top edge.
pub const SHAPES: [Shape; 6] = [
    ("直三", "straight three", &[(0, 0), (1, 0), (2, 0)]),
    ("弯三", "bent three", &[(0, 0), (1, 0), (1, 1)]),
    ("丁四", "pyramid four", &[(0, 0), (1, 0), (2, 0), (1, 1)]),
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
fn walled(size: u8, cells: &[(u8, u8)], ox: u8, sym: Symmetry, defender: Color) -> Option<Board> {
    let mut b = Board::new(size)?;
    let space: Vec<Point> = cells.iter().map(|&(x, y)| Point::new(x + ox, y)).collect();
    if space.iter().any(|p| !p.in_board(size)) {
        return None;
    }
    let ring = |inner: &[Point], b: &Board| -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        for &p in inner {
            for q in b.adjacent(p) {
                if !inner.contains(&q) && !out.contains(&q) {
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
    let mut b = walled(size, &cells, ox, sym, defender)?;
    let space: Vec<Point> = cells
        .iter()
        .map(|&(x, y)| sym.apply(Point::new(x + ox, y), size))
        .collect();
    // Changes by chance: a stone inside, a gap in the wall.
    let changed = !named || rng.chance(0.3);
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
    finish(fight, move |f, _| {
        let mut kinds = Vec::new();
        if named && !changed {
            kinds.push((Topic::VitalPoint, f.task));
        }
        kinds.push(match f.task {
            Task::Kill => (Topic::DestroyEye, Task::Kill),
            t => (Topic::TwoEyes, t),
        });
        super::search::first_wanted(kinds, full)
    })
}
