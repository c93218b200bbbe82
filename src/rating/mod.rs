//! Ratings (pure): Glicko-2 for learners and problems, and the mapping from a rating to a Go rank.
//! No I/O; the service stores what these functions compute.

pub mod assessment;
mod glicko2;
mod rank;

pub use glicko2::{
    Config, Game, Outcome, Rating, expected_score, rate, rate_idle, rating_for_chance,
    success_chance,
};
pub use rank::{Rank, Stars, rank_number, rank_of, rating_of, stars_of};
