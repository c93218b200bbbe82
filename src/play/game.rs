//! A match between two players (child, parent or computer): capture-Go or Go, whose turn it is,
//! the moves, undo and the result. The rules are the rules core's; this file only decides when a
//! game ends and who won.

use crate::go::{Color, Game, GameEnd, IllegalMove, Move, Point, Rng, Rules, Score};

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 吃子棋: the first to capture `target` stones (1, 3 or 5) wins. Boards 5, 7 and 9.
    Capture { target: u8 },
    /// Go under the Chinese rules (area scoring, komi 3¾ stones, positional superko) on 9 or 13
    /// lines; `handicap` stones (0 or 2–9) on the star points, White compensated.
    Go { handicap: u8 },
}

/// Why a match cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("capture-Go is played on 5, 7 or 9 lines, not {0}")]
    CaptureSize(u8),
    #[error("capture-Go is won by capturing 1, 3 or 5 stones, not {0}")]
    CaptureTarget(u8),
    #[error("Go is played here on 9 or 13 lines, not {0}")]
    GoSize(u8),
    #[error("handicap is 0 or 2 to 9 stones, not {0}")]
    Handicap(u8),
}

/// Why a move or an undo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("the game is over")]
    Finished,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reason {
    /// Capture-Go: the winner captured `stones` (at least the target; one move may take several).
    Captured { stones: u32 },
    /// Capture-Go ended by two passes before anyone reached the target: more captures wins.
    Passes { black: u32, white: u32 },
    /// Go counted by area after two passes; `margin` is the winner's lead in points (B+x.5).
    Score { margin: f64 },
    /// The loser resigned.
    Resignation,
}

/// The result of a finished match. `winner` is `None` only for a drawn capture-Go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// The SGF `RE` value: `B+C3` style is not standard, so capture wins are `B+` + reason text
    /// Sabaki shows as is: `B+R` (resignation), `B+3.5` (score), `B+` (captures), `0` (draw).
    pub fn sgf_result(&self) -> String {
        let Some(w) = self.winner else {
            return "0".to_string();
        };
        match self.reason {
            Reason::Resignation => format!("{}+R", w.sgf_letter()),
            Reason::Score { margin } => format!("{}+{}", w.sgf_letter(), margin),
            Reason::Captured { .. } | Reason::Passes { .. } => format!("{}+", w.sgf_letter()),
        }
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Match {
    kind: Kind,
    game: Game,
    result: Option<Outcome>,
    undos: [u32; 2],
    score: Option<Score>,
}

impl Match {
    /// A new match, Black to move (White after handicap stones).
    pub fn new(kind: Kind, size: u8) -> Result<Match, SetupError> {
        let game = match kind {
            Kind::Capture { target } => {
                if !matches!(size, 5 | 7 | 9) {
                    return Err(SetupError::CaptureSize(size));
                }
                if !matches!(target, 1 | 3 | 5) {
                    return Err(SetupError::CaptureTarget(target));
                }
                Game::new(size, Rules::chinese()).expect("a supported size")
            }
            Kind::Go { handicap } => {
                if !matches!(size, 9 | 13) {
                    return Err(SetupError::GoSize(size));
                }
                match handicap {
                    0 => Game::new(size, Rules::chinese()).expect("a supported size"),
                    2..=9 => Game::with_handicap(size, handicap, Rules::chinese())
                        .map_err(|_| SetupError::Handicap(handicap))?,
                    _ => return Err(SetupError::Handicap(handicap)),
                }
            }
        };
        Ok(Match {
            kind,
            game,
            result: None,
            undos: [0; 2],
            score: None,
        })
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn size(&self) -> u8 {
        self.game.board().size()
    }

    /// The rules core's game: board, captures, legal moves.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// The count of a Go match finished by two passes.
    pub fn score(&self) -> Option<&Score> {
        self.score.as_ref()
    }

    /// How many times `color` took back a move (the child's undo count).
    pub fn undos(&self, color: Color) -> u32 {
        self.undos[color.index()]
    }

    /// The points where the side to move may play.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.game.legal_moves()
    }

    /// Plays a move for the side to move; ends the match when it decides it.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.result.is_some() {
            return Err(PlayError::Finished);
        }
        let color = self.game.to_move();
        self.game.play(mv)?;
        self.settle(color);
        Ok(())
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        if self.result.is_some() {
            return Err(PlayError::Finished);
        }
        self.game.resign(color)?;
        self.result = Some(Outcome {
            winner: Some(color.opponent()),
            reason: Reason::Resignation,
        });
        Ok(())
    }

    /// Takes back the last move (or the resignation, or the count) on behalf of `by`, who is
    /// counted. Against the computer the web layer calls it twice to give the child their turn.
    /// Returns false when there is nothing to take back.
    pub fn undo(&mut self, by: Color) -> bool {
        if !self.game.undo() {
            return false;
        }
        self.result = None;
        self.score = None;
        self.undos[by.index()] += 1;
        true
    }

    fn settle(&mut self, mover: Color) {
        match self.kind {
            Kind::Capture { target } => {
                let taken = self.game.captures(mover);
                if taken >= u32::from(target) {
                    self.result = Some(Outcome {
                        winner: Some(mover),
                        reason: Reason::Captured { stones: taken },
                    });
                } else if self.game.end() == Some(GameEnd::TwoPasses) {
                    let (black, white) = (
                        self.game.captures(Color::Black),
                        self.game.captures(Color::White),
                    );
                    self.result = Some(Outcome {
                        winner: match black.cmp(&white) {
                            std::cmp::Ordering::Greater => Some(Color::Black),
                            std::cmp::Ordering::Less => Some(Color::White),
                            std::cmp::Ordering::Equal => None,
                        },
                        reason: Reason::Passes { black, white },
                    });
                }
            }
            Kind::Go { .. } => {
                if self.game.end() == Some(GameEnd::TwoPasses) {
                    let dead = dead_stones(&self.game, 0x5e47e);
                    let score = self.game.score(&dead).expect("dead stones are stones");
                    self.result = Some(Outcome {
                        winner: score.winner(),
                        reason: Reason::Score {
                            margin: score.margin.abs(),
                        },
                    });
                    self.score = Some(score);
                }
            }
        }
    }
}

/// Stones that random playouts from the final position almost always lose (Monte Carlo ownership):
/// at the end of a children's game these are the stones left dead inside the other's area.
pub fn dead_stones(game: &Game, seed: u64) -> Vec<Point> {
    const PLAYOUTS: u32 = 200;
    let board = game.board();
    let size = board.size();
    let mut own = vec![0i32; size as usize * size as usize];
    let mut rng = Rng::new(seed);
    let mut seen = crate::go::PositionSet::default();
    let mut scratch = board.clone();
    for _ in 0..PLAYOUTS {
        scratch.clone_from(board);
        crate::go::random_playout(
            &mut scratch,
            game.to_move(),
            game.rules().ko,
            &mut seen,
            &mut rng,
            3 * u32::from(size) * u32::from(size),
        );
        for (k, p) in scratch.points().enumerate() {
            let owner = scratch.get(p).or_else(|| eye_owner(&scratch, p));
            match owner {
                Some(Color::Black) => own[k] += 1,
                Some(Color::White) => own[k] -= 1,
                None => {}
            }
        }
    }
    let limit = (PLAYOUTS as i32 * 7) / 10;
    board
        .points()
        .enumerate()
        .filter(|&(k, p)| match board.get(p) {
            Some(Color::Black) => own[k] < -limit,
            Some(Color::White) => own[k] > limit,
            None => false,
        })
        .map(|(_, p)| p)
        .collect()
}

/// The colour around an empty point at the end of a playout (all neighbours one colour).
pub(crate) fn eye_owner(board: &crate::go::Board, p: Point) -> Option<Color> {
    let mut owner = None;
    for n in board.adjacent(p) {
        match (board.get(n), owner) {
            (None, _) => return None,
            (Some(c), None) => owner = Some(c),
            (Some(c), Some(o)) if c != o => return None,
            _ => {}
        }
    }
    owner
}
