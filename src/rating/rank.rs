//! Ratings as Go ranks, 30 kyu to 9 dan, on OGS's published scale (2021): a rank grows with the
//! logarithm of the rating, `rank = 23.15 · ln(rating / 525)`, where rank 0 is 30 kyu and 30 is
//! 1 dan. Children see stars or levels made from the rank, not the number.

use std::fmt;

/// A Go rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// 30 down to 1.
    Kyu(u8),
    /// 1 up to 9.
    Dan(u8),
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(k) => write!(f, "{k} kyu"),
            Rank::Dan(d) => write!(f, "{d} dan"),
        }
    }
}

impl Rank {
    /// The rank in Chinese: 15级, 2段.
    pub fn zh(&self) -> String {
        match self {
            Rank::Kyu(k) => format!("{k}级"),
            Rank::Dan(d) => format!("{d}段"),
        }
    }
}

/// The continuous rank number of a rating (0 = 30 kyu, 30 = 1 dan).
pub fn rank_number(rating: f64) -> f64 {
    23.15 * (rating.max(1.0) / 525.0).ln()
}

/// The rating of a (fractional) rank number: the inverse of `rank_number`.
pub fn rating_of_number(n: f64) -> f64 {
    525.0 * (n / 23.15).exp()
}

/// The rank of a rating, rounded down, clamped to 30 kyu … 9 dan.
pub fn rank_of(rating: f64) -> Rank {
    let n = rank_number(rating).floor() as i64;
    if n < 30 {
        Rank::Kyu((30 - n.max(0)) as u8)
    } else {
        Rank::Dan(((n - 29).min(9)) as u8)
    }
}

/// What a child sees instead of a number: a level (1 from 30 kyu, one level every five ranks;
/// level 7 is 1 dan and up) and 1 to 5 stars within it, one star per rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Stars {
    pub level: u8,
    pub stars: u8,
}

pub fn stars_of(rating: f64) -> Stars {
    let n = rank_number(rating).floor().clamp(0.0, 30.0) as u8;
    if n >= 30 {
        Stars { level: 7, stars: 5 }
    } else {
        Stars {
            level: n / 5 + 1,
            stars: n % 5 + 1,
        }
    }
}

/// The rating at the bottom of a rank.
pub fn rating_of(rank: Rank) -> f64 {
    let n = match rank {
        Rank::Kyu(k) => 30 - i64::from(k),
        Rank::Dan(d) => 29 + i64::from(d),
    };
    rating_of_number(n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_see_levels_and_stars_that_grow_with_the_rank() {
        assert_eq!(stars_of(525.0), Stars { level: 1, stars: 1 });
        assert_eq!(
            stars_of(rating_of(Rank::Kyu(26)) + 1e-6),
            Stars { level: 1, stars: 5 }
        );
        assert_eq!(
            stars_of(rating_of(Rank::Kyu(25)) + 1e-6),
            Stars { level: 2, stars: 1 }
        );
        assert_eq!(
            stars_of(rating_of(Rank::Dan(3))),
            Stars { level: 7, stars: 5 }
        );
        let mut last = stars_of(400.0);
        for r in (400..2500).step_by(10) {
            let s = stars_of(f64::from(r));
            assert!((s.level, s.stars) >= (last.level, last.stars));
            last = s;
        }
    }

    #[test]
    fn ranks_follow_the_logarithmic_scale_and_round_trip() {
        assert_eq!(rank_of(525.0), Rank::Kyu(30));
        assert_eq!(rank_of(100.0), Rank::Kyu(30), "clamped at the bottom");
        assert_eq!(rank_of(1500.0), Rank::Kyu(6));
        assert_eq!(rank_of(rating_of(Rank::Dan(1)) + 1e-6), Rank::Dan(1));
        for k in 1..=30 {
            assert_eq!(rank_of(rating_of(Rank::Kyu(k)) + 1e-6), Rank::Kyu(k));
        }
        assert_eq!(rank_of(1e9), Rank::Dan(9));
        assert_eq!(Rank::Kyu(15).zh(), "15级");
        assert_eq!(Rank::Dan(2).to_string(), "2 dan");
    }
}

/// The rating at the middle of a children's level's ranks as `stars_of` shows them (level 1 is
/// 30–26 kyu … level 7 is 1 dan): where a child shown at that level stands.
pub fn level_middle(level: u8) -> f64 {
    rating_of_number(f64::from(level.clamp(1, 7) - 1) * 5.0 + 2.5)
}

/// The starting rating of a graded problem of children's level 1–7 (the generator's grade):
/// the rank `LEVEL_START_RANKS` gives its grade.
pub fn level_start(level: u8) -> f64 {
    rating_of_number(LEVEL_START_RANKS[usize::from(level.clamp(1, 7) - 1)])
}

/// The starting rank numbers (0 = 30 kyu) of problems graded 1–7: those whose Glicko
/// expectation best predicts how often simulated children, rated at the middle of their own
/// levels, solve the shipped bank's problems of each grade (`rating::calibration`, section (c) of
/// `cargo bench --bench learners`; a test requires the bank to still fit them).
pub const LEVEL_START_RANKS: [f64; 7] = [3.5, 12.25, 23.0, 25.75, 34.25, 35.5, 35.5];

#[cfg(test)]
mod level_tests {
    use super::*;

    #[test]
    fn harder_grades_never_start_below_easier_ones() {
        for l in 1..=7u8 {
            assert_eq!(stars_of(level_middle(l)).level, l);
            if l < 7 {
                assert!(level_start(l + 1) >= level_start(l));
            }
        }
        assert_eq!(level_start(0), level_start(1));
        assert_eq!(level_start(9), level_start(7));
    }
}
