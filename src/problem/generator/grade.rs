//! Difficulty from the proof (ARCHITECTURE.md "Problem generator"): the kind's first level,
//! then the length of the main line, the opponent's alternatives in the tree (branching), the
//! tempting wrong tries (moves next to the target or that atari, all refuted), the solver's
//! effort and the board size. Levels 1–7 are the children's levels of `rating::stars_of`.

use super::kinds::Topic;

/// What the grade is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features {
    /// Plies of the main (shortest correct) line.
    pub depth: usize,
    /// Opponent replies in the tree beyond one per learner move.
    pub branching: usize,
    /// Wrong first moves in the tree.
    pub tempting: usize,
    /// Correct first moves (two answers make a problem easier to hit).
    pub answers: usize,
    /// Solver nodes of the problem's proof.
    pub nodes: u64,
    pub size: u8,
}

/// The difficulty score behind the level (a real number: higher is harder).
pub fn score(topic: Topic, f: &Features) -> f64 {
    let base = f64::from(topic.base_level());
    let depth = (f.depth.saturating_sub(1) as f64 / 2.0).sqrt() * 1.3;
    let branching = (f.branching as f64).min(4.0) * 0.25;
    let tempting = (f.tempting as f64).min(6.0) * 0.15;
    let answers = if f.answers > 1 { -0.5 } else { 0.0 };
    let effort = ((f.nodes.max(1) as f64).log10() - 2.0).max(0.0) * 0.35;
    let size = match f.size {
        0..=5 => -0.3,
        6..=9 => 0.0,
        _ => 0.4,
    };
    base - 1.0 + depth + branching + tempting + answers + effort + size
}

/// The level 1–7 of a score.
pub fn level(score: f64) -> u8 {
    (score.round() as i64).clamp(1, 7) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longer_and_wider_proofs_grade_harder_and_levels_rise_with_ratings() {
        let easy = Features {
            depth: 1,
            tempting: 2,
            answers: 1,
            nodes: 20,
            size: 7,
            ..Default::default()
        };
        let hard = Features {
            depth: 9,
            branching: 3,
            tempting: 5,
            nodes: 20_000,
            size: 19,
            ..easy
        };
        assert!(score(Topic::Ladder, &hard) > score(Topic::Ladder, &easy) + 1.0);
        assert_eq!(level(score(Topic::CaptureInAtari, &easy)), 1);
        assert_eq!(level(-3.0), 1);
        assert_eq!(level(42.0), 7);
    }
}
