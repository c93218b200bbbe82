//! Legality of a problem: the setup has no stones without liberties, and every line of the
//! author's tree (correct and wrong ones) can be replayed from the setup under the judge's rules.
//! Import refuses a problem that fails, so that no learner meets a line the judge cannot follow.
//! Pure: no I/O; names the first illegal move and its line, and leaves reporting to the caller.

use super::judge::move_text;
use crate::go::{Color, IllegalMove, Move, Point};

use super::judge::{JudgeError, replay_history};
use super::model::Problem;

/// Why a problem cannot be played as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegality {
    /// A chain of the setup position has no liberty (it would have been captured).
    #[error("the setup is illegal: the {} chain at {} has no liberties", .color.sgf_letter(), .point.to_sgf())]
    SetupWithoutLiberties { color: Color, point: Point },
    /// A move of the tree is illegal in the position its line reaches.
    #[error(
        "move {number} ({} {}) of variation {variation} is illegal: {}",
        .color.sgf_letter(), move_text(.mv), .reason.code()
    )]
    Move {
        /// 1-based: the variation's leaf in file order.
        variation: usize,
        /// 1-based position of the move in its line.
        number: usize,
        color: Color,
        mv: Move,
        reason: IllegalMove,
        /// The line from the setup up to and including the illegal move.
        path: Vec<(Color, Move)>,
    },
}

/// Checks the setup and replays every line of the tree (each leaf's path) the way the judge
/// replays a learner's history: colours alternate from the side to play, simple ko with an implied
/// threat before a retake shown in the tree. Returns the first illegal thing found.
pub fn check_legality(problem: &Problem) -> Result<(), Illegality> {
    let board = problem.board();
    for (&point, color) in problem
        .black
        .iter()
        .map(|p| (p, Color::Black))
        .chain(problem.white.iter().map(|p| (p, Color::White)))
    {
        if board.liberty_count(point) == 0 {
            return Err(Illegality::SetupWithoutLiberties { color, point });
        }
    }
    let tree = &problem.tree;
    for (k, (leaf, _)) in tree.leaves().enumerate() {
        let path = tree.path(leaf);
        let moves: Vec<Move> = path.iter().map(|&(_, m)| m).collect();
        match replay_history(problem, &moves) {
            Ok(_) => {}
            Err(JudgeError::BadHistory { index, reason }) => {
                let (color, mv) = path[index];
                return Err(Illegality::Move {
                    variation: k + 1,
                    number: index + 1,
                    color,
                    mv,
                    reason,
                    path: path[..=index].to_vec(),
                });
            }
            // replay_history reports only bad histories; any other error is still a refusal.
            Err(JudgeError::Illegal(reason)) => {
                let (color, mv) = path
                    .first()
                    .copied()
                    .unwrap_or((problem.to_play, Move::Pass));
                return Err(Illegality::Move {
                    variation: k + 1,
                    number: 1,
                    color,
                    mv,
                    reason,
                    path: path.into_iter().take(1).collect(),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::from_sgf_bytes;

    fn problem(src: &str) -> Problem {
        from_sgf_bytes(src.as_bytes()).unwrap().remove(0).unwrap()
    }

    #[test]
    fn a_sound_tree_with_a_ko_retake_is_legal() {
        // Black takes the ko at cb, White retakes at bb and Black again at cb: each retake
        // comes after a threat exchange the book leaves implied.
        let p = problem(
            "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]C[Black to play]
              (;B[cb];W[bb];B[cb]C[Correct])(;B[dd]C[Wrong]))",
        );
        assert_eq!(check_legality(&p), Ok(()));
    }

    #[test]
    fn a_suicide_in_a_wrong_variation_is_named_with_its_line() {
        // Black at aa is suicide: White surrounds it at ab and ba.
        let p = problem(
            "(;SZ[5]AW[ab][ba]AB[cc]C[Black to play]
              (;B[bb]C[Correct])(;B[dd];W[de];B[aa]C[Wrong]))",
        );
        let err = check_legality(&p).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 3 (B aa) of variation 2 is illegal: suicide"
        );
        let Illegality::Move { path, .. } = err else {
            panic!("a move is named")
        };
        assert_eq!(path.len(), 3);
    }

    #[test]
    fn a_move_on_a_setup_stone_is_occupied() {
        let p = problem("(;SZ[5]AB[cc]AW[dd]C[Black to play](;B[dd]C[Correct]))");
        assert_eq!(
            check_legality(&p).unwrap_err().to_string(),
            "move 1 (B dd) of variation 1 is illegal: occupied"
        );
    }

    #[test]
    fn a_setup_chain_without_liberties_is_illegal() {
        let p = problem("(;SZ[5]AB[aa]AW[ab][ba][cc]C[Black to play](;B[dd]C[Correct]))");
        assert_eq!(
            check_legality(&p).unwrap_err().to_string(),
            "the setup is illegal: the B chain at aa has no liberties"
        );
    }
}
