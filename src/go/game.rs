//! A game under a rule set: whose turn it is, which positions were seen (superko), passes,
//! resignation, captures, undo and the legal-move map.
//!
//! `play` does no allocation beyond the growth of the move list and the position set; undo
//! replays from the start, which keeps the hot path free of snapshots.

use super::board::Board;
use super::position_set::PositionSet;
use super::rules::{IllegalMove, KoRule, Rules};
use super::scoring::{Score, ScoreError, score};
use super::types::{Color, Move, Point};
use super::zobrist::WHITE_TO_MOVE;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Two passes in a row: count the board.
    TwoPasses,
    /// The given colour resigned.
    Resignation(Color),
}

/// A game in progress (or finished) under a rule set.
#[derive(Debug)]
pub struct Game {
    rules: Rules,
    initial: Board,
    initial_to_move: Color,
    board: Board,
    to_move: Color,
    seen: PositionSet,
    moves: Vec<Move>,
    passes: u8,
    end: Option<GameEnd>,
    /// Stones captured by Black and by White.
    captures: [u32; 2],
    handicap: u8,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            initial: self.initial.clone(),
            initial_to_move: self.initial_to_move,
            board: self.board.clone(),
            to_move: self.to_move,
            seen: self.seen.clone(),
            moves: self.moves.clone(),
            passes: self.passes,
            end: self.end,
            captures: self.captures,
            handicap: self.handicap,
        }
    }

    /// Reuses this game's buffers (search snapshots allocate nothing once warm).
    fn clone_from(&mut self, src: &Game) {
        self.rules = src.rules;
        self.initial.clone_from(&src.initial);
        self.initial_to_move = src.initial_to_move;
        self.board.clone_from(&src.board);
        self.to_move = src.to_move;
        self.seen.clone_from(&src.seen);
        self.moves.clone_from(&src.moves);
        self.passes = src.passes;
        self.end = src.end;
        self.captures = src.captures;
        self.handicap = src.handicap;
    }
}

impl Game {
    /// A new game on an empty board, Black to move. `None` for an unsupported size.
    pub fn new(size: u8, rules: Rules) -> Option<Game> {
        Some(Game::from_position(Board::new(size)?, Color::Black, rules))
    }

    /// A game that starts from a set-up position (a problem, or a record with `AB`/`AW`).
    pub fn from_position(board: Board, to_move: Color, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            initial: board.clone(),
            initial_to_move: to_move,
            board,
            to_move,
            seen: PositionSet::default(),
            moves: Vec::new(),
            passes: 0,
            end: None,
            captures: [0; 2],
            handicap: 0,
        };
        game.seen
            .insert(game.situation_hash(game.board.hash(), to_move));
        game
    }

    /// A handicap game: `stones` black stones on the fixed star points (2–9 on 9, 13 and 19
    /// lines), White to move; White receives compensation when the rules say so.
    pub fn with_handicap(size: u8, stones: u8, rules: Rules) -> Result<Game, super::HandicapError> {
        let points = super::fixed_handicap(size, stones)?;
        let mut board = Board::new(size).ok_or(super::HandicapError::UnsupportedSize(size))?;
        for p in points {
            board.set(p, Some(Color::Black));
        }
        let mut game = Game::from_position(board, Color::White, rules);
        game.handicap = stones;
        Ok(game)
    }

    /// Marks a game as having `stones` handicap stones placed freely (already on the board).
    pub fn set_handicap(&mut self, stones: u8) {
        self.handicap = stones;
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played since the start position.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// Stones captured by the given colour.
    pub fn captures(&self, by: Color) -> u32 {
        self.captures[by.index()]
    }

    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    #[inline]
    fn situation_hash(&self, board_hash: u64, to_move: Color) -> u64 {
        match (self.rules.ko, to_move) {
            (KoRule::SituationalSuperko, Color::White) => board_hash ^ WHITE_TO_MOVE,
            _ => board_hash,
        }
    }

    /// Whether the side to move may play this move, and if not, why.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_play(mv).map(|_| ())
    }

    /// Checks a move; for a stone returns its cell index and the position hash after it.
    #[inline]
    fn check_play(&self, mv: Move) -> Result<Option<(usize, u64)>, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(p) = mv else { return Ok(None) };
        if !p.in_board(self.board.size()) {
            return Err(IllegalMove::OffBoard);
        }
        let i = self.board.index(p);
        if self.board.get(p).is_some() {
            return Err(IllegalMove::Occupied);
        }
        if self.board.ko_point() == Some(p) && self.rules.ko == KoRule::Simple {
            return Err(IllegalMove::Ko);
        }
        let (suicide, hash) = self
            .board
            .probe(i, self.to_move, self.rules.suicide_allowed);
        if suicide && !self.rules.suicide_allowed {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko != KoRule::Simple
            && self
                .seen
                .contains(self.situation_hash(hash, self.to_move.opponent()))
        {
            // An immediate single-stone recapture is the familiar ko; longer cycles are superko.
            return Err(if self.board.ko_point() == Some(p) {
                IllegalMove::Ko
            } else {
                IllegalMove::Superko
            });
        }
        Ok(Some((i, hash)))
    }

    /// Plays a move for the side to move. On an illegal move nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        match self.check_play(mv)? {
            None => {
                self.passes += 1;
                self.board.clear_ko();
                if self.passes >= 2 {
                    self.end = Some(GameEnd::TwoPasses);
                }
                // A pass hands the same board to the other player: a new situation.
                if self.rules.ko == KoRule::SituationalSuperko {
                    self.seen
                        .insert(self.situation_hash(self.board.hash(), self.to_move.opponent()));
                }
            }
            Some((i, hash)) => {
                let color = self.to_move;
                let caps = self.board.play_at(i, color);
                debug_assert_eq!(self.board.hash(), hash);
                self.captures[color.index()] += caps.opponent;
                self.captures[color.opponent().index()] += caps.own;
                self.passes = 0;
                if self.rules.ko != KoRule::Simple {
                    self.seen
                        .insert(self.situation_hash(hash, color.opponent()));
                }
            }
        }
        self.moves.push(mv);
        self.to_move = self.to_move.opponent();
        Ok(())
    }

    /// Plays a move for the given colour, whoever's turn it was (records sometimes have two moves
    /// of one colour in a row).
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let before = self.to_move;
        self.to_move = color;
        let result = self.play(mv);
        if result.is_err() {
            self.to_move = before;
        }
        result
    }

    /// Sets whose turn it is (SGF `PL`).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// Adds or removes a stone outside the rules (SGF `AB`/`AW`/`AE` in the middle of a record).
    /// The edited position becomes the start point of [`Game::undo`].
    pub fn set_stone(&mut self, p: Point, stone: Option<Color>) {
        if !p.in_board(self.board.size()) {
            return;
        }
        self.board.set(p, stone);
        self.seen
            .insert(self.situation_hash(self.board.hash(), self.to_move));
        self.initial = self.board.clone();
        self.initial_to_move = self.to_move;
        self.moves.clear();
    }

    /// A ko threat and its answer played elsewhere, as problem books imply between two captures
    /// of one ko: lifts the simple-ko ban without touching the position.
    pub fn implied_ko_threat(&mut self) {
        self.board.clear_ko();
    }

    /// The given colour resigns; the game is over.
    pub fn resign(&mut self, who: Color) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.end = Some(GameEnd::Resignation(who));
        Ok(())
    }

    /// Takes back the last move (or a resignation). Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if let Some(GameEnd::Resignation(_)) = self.end {
            self.end = None;
            return true;
        }
        let Some(_) = self.moves.pop() else {
            return false;
        };
        let moves = std::mem::take(&mut self.moves);
        let mut replay =
            Game::from_position(self.initial.clone(), self.initial_to_move, self.rules);
        replay.handicap = self.handicap;
        for mv in moves {
            replay
                .play(mv)
                .expect("a move that was legal is legal again on replay");
        }
        *self = replay;
        true
    }

    /// The points where the side to move may play, row by row.
    pub fn legal_moves(&self) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.check(Move::Play(p)).is_ok())
            .collect()
    }

    /// The legal-move map of the side to move: `size × size` booleans, row-major from the top-left.
    pub fn legal_map(&self) -> Vec<bool> {
        self.board
            .points()
            .map(|p| self.check(Move::Play(p)).is_ok())
            .collect()
    }

    /// Counts the board with the given dead stones removed, under this game's rules.
    pub fn score(&self, dead: &[Point]) -> Result<Score, ScoreError> {
        score(&self.board, dead, &self.rules, self.handicap, self.captures)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        Point::from_sgf(s).unwrap()
    }

    fn play_all(game: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = if m == "pass" {
                Move::Pass
            } else {
                Move::Play(pt(m))
            };
            game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn two_passes_end_the_game_and_further_moves_are_refused() {
        let mut g = Game::new(9, Rules::chinese()).unwrap();
        play_all(&mut g, "cc pass");
        assert!(!g.is_over());
        g.play(Move::Pass).unwrap();
        assert_eq!(g.end(), Some(GameEnd::TwoPasses));
        assert_eq!(g.play(Move::Play(pt("dd"))), Err(IllegalMove::GameOver));
    }

    #[test]
    fn a_pass_between_two_moves_resets_the_pass_count() {
        let mut g = Game::new(9, Rules::chinese()).unwrap();
        play_all(&mut g, "pass cc pass");
        assert!(!g.is_over());
    }

    #[test]
    fn resignation_ends_the_game_and_can_be_undone() {
        let mut g = Game::new(9, Rules::chinese()).unwrap();
        play_all(&mut g, "cc");
        g.resign(Color::White).unwrap();
        assert_eq!(g.end(), Some(GameEnd::Resignation(Color::White)));
        assert!(g.undo());
        assert!(!g.is_over());
        assert_eq!(g.to_move(), Color::White);
    }

    #[test]
    fn undo_restores_captured_stones_and_superko_memory() {
        let mut g = Game::new(5, Rules::chinese()).unwrap();
        // Black captures the white stone at ba.
        play_all(&mut g, "aa ba ca bb cb cc bc");
        let before = g.board().to_rows();
        play_all(&mut g, "dd");
        assert!(g.undo());
        assert_eq!(g.board().to_rows(), before);
        assert!(g.undo()); // undo the capture at bc
        assert_eq!(g.board().get(pt("bb")), Some(Color::White));
        assert_eq!(g.captures(Color::Black), 0);
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn legal_map_marks_occupied_and_suicide_points() {
        let g = Game::from_position(
            Board::from_rows(
                ".X.
                 X..
                 ...",
            )
            .unwrap(),
            Color::White,
            Rules::chinese(),
        );
        let map = g.legal_map();
        assert!(!map[0], "aa is suicide for White");
        assert!(!map[1], "ba is occupied");
        assert_eq!(map.iter().filter(|&&b| b).count(), 6);
    }
}
