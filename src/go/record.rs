//! Replaying the main line of a game record (SGF) under a rule set: setup stones, side to play,
//! moves, and the first illegal move if there is one.

use super::sgf::{Node, ValueError, board_size, parse_move, parse_point_list};
use super::{Board, Color, Game, IllegalMove, Move, Rules};

/// The outcome of replaying a record.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game after the last legal move.
    pub game: Game,
    /// Moves played (passes included) before the end or the first illegal move.
    pub moves: usize,
    /// The first illegal move: its 1-based number and why.
    pub illegal: Option<(usize, IllegalMove)>,
}

/// Replays the main line from `root`. Values that do not fit the board are errors; an illegal
/// move stops the replay and is reported in [`Replay::illegal`].
pub fn replay_main_line(root: Node<'_>, rules: Rules) -> Result<Replay, ValueError> {
    let size = board_size(root)?;
    let board = Board::new(size).ok_or_else(|| ValueError::BadSize(size.to_string()))?;
    let mut game = Game::from_position(board, Color::Black, rules);
    let mut moves = 0;
    for node in root.main_line() {
        for (id, stone) in [
            ("AE", None),
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
        ] {
            for p in parse_point_list(node.values(id), size)? {
                game.set_stone(p, stone);
            }
        }
        if let Some(pl) = node.get("PL") {
            match pl.trim() {
                "B" | "b" | "1" => game.set_to_move(Color::Black),
                "W" | "w" | "2" => game.set_to_move(Color::White),
                _ => {}
            }
        }
        for color in [Color::Black, Color::White] {
            let Some(v) = node.get(color.sgf_letter()) else {
                continue;
            };
            let mv: Move = parse_move(v, size)?;
            if let Err(reason) = game.play_as(color, mv) {
                return Ok(Replay {
                    game,
                    moves,
                    illegal: Some((moves + 1, reason)),
                });
            }
            moves += 1;
        }
    }
    Ok(Replay {
        game,
        moves,
        illegal: None,
    })
}
