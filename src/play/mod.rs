//! Games against the computer or a parent (issue #13): capture-Go (吃子棋) on 5×5–9×9 and Go on
//! 9×9 and 13×13 under the Chinese rules, and a computer opponent with levels 1–7.
//!
//! Pure engine: every rule comes from [`crate::go::Game`]; no I/O, no storage, no HTTP. The only
//! outside input is the monotonic clock the bot reads to keep within its time budget.
//!
//! ```
//! use sente::play::{Bot, Kind, Match};
//!
//! let mut m = Match::new(Kind::Capture { target: 1 }, 5).unwrap();
//! let mut bot = Bot::new(3, 42);
//! while m.result().is_none() {
//!     let mv = bot.choose(&m);
//!     m.play(mv).unwrap();
//! }
//! assert!(m.to_sgf().starts_with("(;GM[1]"));
//! ```

mod bot;
mod fast;
mod game;
mod mcts;
mod patterns;
mod priors;
mod rollout;
mod sgf;
mod tactics;

pub use bot::{Bot, Limits};
pub use game::{Kind, Match, Outcome, PlayError, Reason, SetupError, dead_stones};

#[cfg(test)]
mod tests;
