//! Ratings (pure): Glicko-2 for learners and problems, and the mapping from a rating to a Go rank.
//! No I/O; the service stores what these functions compute.

pub mod assessment;
pub mod calibration;
mod glicko2;
mod rank;

pub use glicko2::{
    Config, Game, Outcome, Rating, expected_score, rate, rate_idle, rating_for_chance,
    success_chance,
};
pub use rank::{
    LEVEL_START_RANKS, Rank, Stars, level_middle, level_start, rank_number, rank_of, rating_of,
    stars_of,
};

/// The concept a problem trains (a learner has a rating per concept), from its kind: life and
/// death is one concept whether the problem says live, kill or neither.
pub fn concept_of(kind: &str) -> &str {
    match kind {
        "live" | "kill" | "life_and_death" => "life_and_death",
        other => other,
    }
}

#[cfg(test)]
mod concept_tests {
    use super::concept_of;

    #[test]
    fn live_kill_and_unstated_life_and_death_are_one_concept() {
        assert_eq!(concept_of("live"), "life_and_death");
        assert_eq!(concept_of("kill"), "life_and_death");
        assert_eq!(concept_of("ladder"), "ladder");
    }
}
