//! Cheap tactical facts about one move on a board: does it capture, does it save a chain in
//! atari, does it put its own chain in atari, how many liberties it leaves; and a ladder reader.
//! Used by the low levels (the search has its own on the fast board: [`super::priors`]).

use crate::go::{Board, Color, Game, Move, Point};

/// What a stone of `color` at empty `p` would do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Opponent stones it captures.
    pub captures: u32,
    /// Own stones in atari next to it that it connects to (and rescues unless `self_atari`).
    pub saves: u32,
    /// The new chain would have exactly one liberty (and captures nothing).
    pub self_atari: bool,
    /// Opponent chains next to it left with one liberty (ataris).
    pub ataris: u32,
}

/// The facts of a move, counted on the board as it stands (no copy).
pub fn facts(board: &Board, p: Point, color: Color) -> Facts {
    let mut f = Facts::default();
    let mut empties = 0;
    let mut seen: [Option<Point>; 4] = [None; 4];
    let mut friends: [Option<Point>; 4] = [None; 4];
    for (k, n) in board.adjacent(p).enumerate() {
        match board.get(n) {
            None => empties += 1,
            Some(c) if c == color => {
                if board.in_atari(n) {
                    let head = *board.chain(n).iter().min().expect("a chain");
                    if !seen.contains(&Some(head)) {
                        seen[k] = Some(head);
                        f.saves += board.chain(n).len() as u32;
                    }
                }
                friends[k] = Some(n);
            }
            Some(_) => {
                if board.in_atari(n) {
                    let stones = board.chain(n);
                    let head = *stones.iter().min().expect("a chain");
                    if !seen.contains(&Some(head)) {
                        seen[k] = Some(head);
                        f.captures += stones.len() as u32;
                    }
                } else if board.liberty_count(n) == 2 {
                    f.ataris += 1;
                }
            }
        }
    }
    if f.captures == 0 && empties < 2 {
        let mut libs: Vec<Point> = board
            .adjacent(p)
            .filter(|&n| board.get(n).is_none())
            .collect();
        for n in friends.iter().flatten() {
            for l in board.liberties(*n) {
                if l != p && !libs.contains(&l) {
                    libs.push(l);
                }
            }
            if libs.len() >= 2 {
                break;
            }
        }
        f.self_atari = libs.len() <= 1;
    }
    if f.self_atari {
        f.saves = 0;
    }
    f
}

/// Whether the chain through `p` (in atari, its owner to move) is caught by a ladder: the owner
/// extends (or captures an attacker next to it), the attacker answers with ataris.
/// `depth` bounds the reading in moves.
pub fn ladder_caught(game: &Game, p: Point, depth: u32) -> bool {
    let board = game.board();
    let Some(owner) = board.get(p) else {
        return false;
    };
    if !board.in_atari(p) || depth == 0 {
        return board.in_atari(p);
    }
    // A capture of an attacker chain in atari touching ours escapes (good enough for children).
    for s in board.chain(p) {
        for n in board.adjacent(s) {
            if board.get(n) == Some(owner.opponent()) && board.in_atari(n) {
                return false;
            }
        }
    }
    let lib = board.liberties(p)[0];
    let mut g = game.clone();
    if g.play_as(owner, Move::Play(lib)).is_err() {
        return true;
    }
    match g.board().liberty_count(p) {
        0 | 1 => true,
        2 => g.board().liberties(p).into_iter().any(|a| {
            let mut h = g.clone();
            h.play_as(owner.opponent(), Move::Play(a)).is_ok()
                && h.board().liberty_count(a) >= 2
                && ladder_caught(&h, p, depth - 1)
        }),
        _ => false,
    }
}

/// Whether the opponent chain at `target` (two liberties) can be caught by an atari that
/// starts a working ladder; returns the atari point.
pub fn ladder_atari(game: &Game, target: Point, attacker: Color) -> Option<Point> {
    let board = game.board();
    if board.liberty_count(target) != 2 {
        return None;
    }
    board.liberties(target).into_iter().find(|&a| {
        let mut g = game.clone();
        g.play_as(attacker, Move::Play(a)).is_ok()
            && g.board().liberty_count(a) >= 2
            && ladder_caught(&g, target, 30)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Rules;

    fn game(rows: &str, to_move: Color) -> Game {
        Game::from_position(Board::from_rows(rows).unwrap(), to_move, Rules::chinese())
    }

    #[test]
    fn a_ladder_without_breaker_catches_the_stone() {
        let g = game(
            ".......
             ..X....
             .XOX...
             ...X...
             .......
             .......
             .......",
            Color::White,
        );
        assert!(g.board().in_atari(Point::from_sgf("cc").unwrap()));
        assert!(ladder_caught(&g, Point::from_sgf("cc").unwrap(), 40));
    }

    #[test]
    fn a_stone_in_atari_next_to_a_friend_with_room_escapes() {
        let g = game(
            ".......
             ..X....
             .XOX...
             .......
             .......
             .......
             .......",
            Color::White,
        );
        assert!(!ladder_caught(&g, Point::from_sgf("cc").unwrap(), 40));
    }

    #[test]
    fn facts_see_captures_and_self_atari() {
        let g = game(
            ".XO..
             XO...
             .....
             .....
             .....",
            Color::Black,
        );
        let b = g.board();
        let aa = Point::from_sgf("aa").unwrap();
        assert_eq!(facts(b, aa, Color::White).captures, 1);
        let black = facts(b, aa, Color::Black);
        assert!(black.self_atari);
        assert_eq!(black.saves, 0);
        assert_eq!(
            facts(b, Point::from_sgf("cb").unwrap(), Color::Black).ataris,
            2
        );
    }
}
