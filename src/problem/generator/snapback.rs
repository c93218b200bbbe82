//! Snapbacks by search (ARCHITECTURE.md "Problem generator"): an opponent chain with two
//! liberties is placed at random with stones of both colours around it; a placement is kept when
//! playing shows a snapback (the learner's stone on a liberty stands in atari, the opponent's
//! capture leaves the capturing chain with that one point as its only liberty, and retaking
//! there takes two stones or more) and the solver proves the problem with that move alone.

use crate::go::{Board, Color, Game, Move, Point, Rng};

use super::kinds::{Task, Topic};
use super::search::{Candidate, Spot, narrow_a_liberty, sane, tactical_board, with_lines};
use super::tree::{Fight, Line, problem_rules};

/// Placements tried per attempt: most random positions show no snapback, and trying one costs
/// no solver call.
const PLACEMENTS: usize = 80;

/// A snapback problem: the learner gives one stone and takes back the chain that captured it.
pub fn snapback(rng: &mut Rng, spot: &Spot, _full: &[Topic]) -> Option<Candidate> {
    let learner = if rng.chance(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let enemy = learner.opponent();
    for _ in 0..PLACEMENTS {
        let Some((mut board, target)) = tactical_board(rng, spot, enemy, 2) else {
            continue;
        };
        narrow_a_liberty(&mut board, rng, target);
        if board.liberty_count(target) != 2
            || !sane(&board, enemy, target)
            || !sane(&board, learner, target)
        {
            continue;
        }
        let Some(line) = snapback_line(&board, learner, target) else {
            continue;
        };
        let fight = Fight {
            board,
            learner,
            target,
            task: Task::Snapback,
        };
        return with_lines(fight, Topic::Snapback, vec![line]);
    }
    None
}

/// The snapback on the board, when one of the target's liberties gives it: the throw-in, the
/// opponent's capture, the retake.
pub(super) fn snapback_line(b: &Board, learner: Color, target: Point) -> Option<Line> {
    b.liberties(target).into_iter().find_map(|a| {
        let mut g = Game::from_position(b.clone(), learner, problem_rules());
        g.play(Move::Play(a)).ok()?;
        let libs = g.board().liberties(a);
        if libs.len() != 1 || g.board().get(target).is_none() {
            return None;
        }
        let capture = libs[0];
        g.play(Move::Play(capture)).ok()?;
        let after = g.board();
        let taker = after.chain(capture);
        if after.get(a).is_some()
            || !taker.contains(&target)
            || taker.len() < 2
            || after.liberties(capture) != vec![a]
        {
            return None;
        }
        let before = g.captures(learner);
        g.play(Move::Play(a)).ok()?;
        let taken = g.captures(learner) - before;
        (taken >= 2 && g.board().get(target).is_none())
            .then(|| vec![Move::Play(a), Move::Play(capture), Move::Play(a)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len() as u8).unwrap();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                b.set(Point::new(x as u8, y as u8), c);
            }
        }
        b
    }

    #[test]
    fn a_stone_given_and_the_capturing_chain_retaken_is_a_snapback_and_a_plain_atari_is_not() {
        let snap = board(&["..OX.", "OOOX.", "XXX..", ".....", "....."]);
        let line = snapback_line(&snap, Color::Black, Point::new(2, 0)).expect("a snapback");
        assert_eq!(line.len(), 3);
        assert_eq!(line[0], line[2], "the retake is on the throw-in's point");
        // Two open liberties: an atari, nothing to snap back.
        let open = board(&[".....", ".OO..", ".XXX.", ".....", "....."]);
        assert_eq!(snapback_line(&open, Color::Black, Point::new(1, 1)), None);
    }
}
