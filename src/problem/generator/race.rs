//! Capturing races by search (ARCHITECTURE.md "Problem generator"): an opponent chain and a
//! learner chain that touch are grown at random, and the liberties of each are closed at random
//! by the other colour until each has two to four. A placement is kept when the race is decided
//! by who moves first: the solver proves that the learner, moving first, captures the opponent's
//! chain and that the opponent, moving first, would capture the learner's. Equal liberties and
//! none shared is counting liberties (数气: fill the outside liberty, never your own); other
//! races (shared liberties, a chain that gains a liberty by an atari) are capturing races (对杀).

use crate::go::{Board, Color, Point, Rng};
use crate::problem::solver::Status;

use super::kinds::{Task, Topic};
use super::search::{Candidate, Spot, finish, first_budget, first_wanted, grow_chain, sane};
use super::tree::Fight;

/// Placements tried per attempt before the solver is asked.
const PLACEMENTS: usize = 40;

/// Closes liberties of the chain at `at` with stones of the other colour until it has `libs`
/// (never on `keep`, the liberties the race shares).
fn close_to(b: &mut Board, rng: &mut Rng, at: Point, libs: usize, keep: &[Point]) {
    let other = b.get(at).expect("a chain").opponent();
    let mut open: Vec<Point> = b
        .liberties(at)
        .into_iter()
        .filter(|p| !keep.contains(p))
        .collect();
    while b.liberty_count(at) > libs && !open.is_empty() {
        let p = open.remove(rng.below(open.len()));
        b.set(p, Some(other));
    }
}

/// Two touching chains, each closed to 2–4 liberties; None when the placement breaks a rule.
fn place(rng: &mut Rng, spot: &Spot, learner: Color) -> Option<(Board, Point, Point)> {
    let enemy = learner.opponent();
    let mut b = Board::new(spot.size)?;
    let at = spot.random_point(rng);
    let n = 1 + rng.below(3);
    grow_chain(&mut b, rng, spot, at, enemy, n);
    let next: Vec<Point> = b
        .chain(at)
        .iter()
        .flat_map(|&q| b.adjacent(q).collect::<Vec<_>>())
        .filter(|&q| b.get(q).is_none() && spot.contains(q))
        .collect();
    let mine = *next.get(rng.below(next.len().max(1)))?;
    let n = 1 + rng.below(3);
    grow_chain(&mut b, rng, spot, mine, learner, n);
    let shared: Vec<Point> = if rng.chance(0.6) {
        Vec::new()
    } else {
        let l = b.liberties(at);
        l.into_iter()
            .filter(|p| b.liberties(mine).contains(p))
            .take(1)
            .collect()
    };
    let libs = 2 + rng.below(3);
    let my_libs = if rng.chance(0.7) {
        libs
    } else {
        2 + rng.below(3)
    };
    close_to(&mut b, rng, at, libs, &shared);
    close_to(&mut b, rng, mine, my_libs, &shared);
    let ok = b.get(at) == Some(enemy)
        && b.get(mine) == Some(learner)
        && b.liberty_count(at) == libs
        && b.liberty_count(mine) == my_libs
        && sane(&b, enemy, at)
        && sane(&b, learner, mine);
    ok.then_some((b, at, mine))
}

/// A capturing race decided by the first move: the learner wins it moving first and loses it
/// moving second.
pub fn race(rng: &mut Rng, spot: &Spot, full: &[Topic]) -> Option<Candidate> {
    let learner = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let (board, target, mine) = (0..PLACEMENTS).find_map(|_| place(rng, spot, learner))?;
    // The other side, moving first, wins the race.
    let rival = Fight {
        board: board.clone(),
        learner: learner.opponent(),
        target: mine,
        task: Task::Capture,
    };
    if rival.ask(&board, learner.opponent(), first_budget()).status != Status::Proven {
        super::trace("race: not decided by the first move");
        return None;
    }
    let fight = Fight {
        board,
        learner,
        target,
        task: Task::Race,
    };
    finish(fight, move |f, _| {
        let b = &f.board;
        let (theirs, ours) = (b.liberties(f.target), b.liberties(mine));
        let counting = theirs.len() == ours.len() && theirs.iter().all(|p| !ours.contains(p));
        let mut kinds = Vec::new();
        if counting {
            kinds.push((Topic::CountLiberties, Task::Race));
        }
        kinds.push((Topic::CapturingRace, Task::Race));
        first_wanted(kinds, full)
    })
}
