//! The rules of Go and the SGF file format: boards, games, scoring, handicap placement.
//!
//! Pure code: no I/O, no clock, no global state. Everything above (problems, ratings, the web
//! service) builds on these types; nothing here may know about them.

mod board;
mod game;
mod handicap;
mod playout;
mod position_set;
mod record;
mod rules;
mod scoring;
pub mod sgf;
mod types;
pub(crate) mod zobrist;

pub use board::{Board, BoardStones, Captures};
pub use game::{Game, GameEnd};
pub use handicap::{HandicapError, fixed_handicap};
pub use playout::{PlayoutStats, Rng, random_playout};
pub use position_set::PositionSet;
pub use record::{Replay, replay_main_line};
pub use rules::{IllegalMove, KoRule, Rules, Scoring};
pub use scoring::{Score, ScoreError, format_stones, score};
pub use types::{Color, MAX_SIZE, MIN_SIZE, Move, Point};
