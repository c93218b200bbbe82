//! Double ataris by search (ARCHITECTURE.md "Problem generator"): two opponent chains placed
//! at random with two liberties each, one of them shared; the shared point ataris both and the
//! opponent can save only one. The lines answer each defence by taking the other chain; the
//! whole problem is then proven by the solver like every other.

use crate::go::{Board, Color, Game, Move, Point, Rng};

use super::kinds::{Task, Topic};
use super::search::{Candidate, Spot, sane, with_lines};
use super::tree::{Fight, Line, problem_rules};

fn other_liberty(b: &Board, chain_at: Point, not: Point) -> Option<Point> {
    let libs = b.liberties(chain_at);
    (libs.len() == 2)
        .then(|| libs.into_iter().find(|&l| l != not))
        .flatten()
}

/// Two opponent stones next to `d`, their other liberties filled until each has two.
fn place(rng: &mut Rng, spot: &Spot, learner: Color) -> Option<(Board, Point, Point, Point)> {
    let mut b = Board::new(spot.size)?;
    let d = {
        let mut p = Point::new(0, 0);
        for _ in 0..4 {
            p = Point::new(
                spot.lo.x + rng.below(usize::from(spot.hi.x - spot.lo.x + 1)) as u8,
                spot.lo.y + rng.below(usize::from(spot.hi.y - spot.lo.y + 1)) as u8,
            );
        }
        p
    };
    let around: Vec<Point> = b.adjacent(d).collect();
    if around.len() < 2 {
        return None;
    }
    let i = rng.below(around.len());
    let j = (i + 1 + rng.below(around.len() - 1)) % around.len();
    let (a, c) = (around[i], around[j]);
    let enemy = learner.opponent();
    b.set(a, Some(enemy));
    b.set(c, Some(enemy));
    for s in [a, c] {
        let mut libs: Vec<Point> = b.liberties(s).into_iter().filter(|&l| l != d).collect();
        while libs.len() > 1 {
            let p = libs.remove(rng.below(libs.len()));
            b.set(p, Some(learner));
        }
    }
    for _ in 0..rng.below(4) {
        let p = Point::new(
            (d.x as i32 + rng.below(5) as i32 - 2).clamp(0, spot.size as i32 - 1) as u8,
            (d.y as i32 + rng.below(5) as i32 - 2).clamp(0, spot.size as i32 - 1) as u8,
        );
        if b.get(p).is_none()
            && p != d
            && !b.liberties(a).contains(&p)
            && !b.liberties(c).contains(&p)
        {
            b.set(p, Some(if rng.chance(0.5) { learner } else { enemy }));
        }
    }
    Some((b, d, a, c))
}

/// A double atari: the shared liberty ataris both chains; each defence loses the other chain.
pub fn double_atari(rng: &mut Rng, spot: &Spot, _full: &[Topic]) -> Option<Candidate> {
    let learner = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let (board, d, a, c) = place(rng, spot, learner)?;
    if b_chain_shared(&board, a, c)
        || !sane(&board, learner, d)
        || !sane(&board, learner.opponent(), d)
    {
        return None;
    }
    let (la, lc) = (other_liberty(&board, a, d)?, other_liberty(&board, c, d)?);
    if la == lc {
        return None;
    }
    let mut game = Game::from_position(board.clone(), learner, problem_rules());
    game.play(Move::Play(d)).ok()?;
    if game.board().liberty_count(d) < 2 || !game.board().in_atari(a) || !game.board().in_atari(c) {
        return None;
    }
    let mut correct: Vec<Line> = Vec::new();
    for (save, take) in [(la, lc), (lc, la)] {
        let mut g = game.clone();
        g.play(Move::Play(save)).ok()?;
        // The saved chain must not capture anything, and the other is still in atari.
        let victim = if take == lc { c } else { a };
        if g.board().get(victim).is_none() || !g.board().in_atari(victim) {
            return None;
        }
        g.play(Move::Play(take)).ok()?;
        if g.board().get(victim).is_some() {
            return None;
        }
        correct.push(vec![Move::Play(d), Move::Play(save), Move::Play(take)]);
    }
    let fight = Fight {
        board,
        learner,
        target: a,
        task: Task::Capture,
    };
    with_lines(fight, Topic::DoubleAtari, correct)
}

fn b_chain_shared(b: &Board, a: Point, c: Point) -> bool {
    b.chain(a).contains(&c)
}
