//! 棋力测评, the placement test: a Bayesian estimate of a learner's rank from their answers to
//! problems of known rating, the choice of the most informative next problem, and when to stop.
//!
//! The estimate lives on a grid of rank numbers (0 = 30 kyu, 30 = 1 dan; see `rank`), so the
//! posterior mean minimises the expected squared error in ranks, which is what a parent reads.
//! A learner of rating `r` solves a problem of rating `d` and deviation `RD` with the Glicko
//! chance `1 / (1 + exp(-g(RD) (r - d) / 173.7178))` (`glicko2::success_chance`), the same model
//! that rates every attempt.

pub use super::glicko2::success_chance;
pub use super::rank::rating_of_number;
use super::rank::{Rank, rank_of};

/// The grid: rank numbers from -6 (below 30 kyu) to 42 (9 dan and above), every 0.05.
const GRID_LO: f64 = -6.0;
const GRID_HI: f64 = 42.0;
const GRID_STEP: f64 = 0.05;

/// One answered problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item {
    pub rating: f64,
    pub deviation: f64,
    pub solved: bool,
}

/// The test's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The prior over rank numbers: where learners who take the test are, and how spread.
    /// Default 12 ± 9 (about 18 kyu, from 30 kyu to 3 dan within two deviations): the children
    /// who take a placement test are mostly double-digit kyu.
    pub prior_rank: f64,
    pub prior_sd: f64,
    /// Stop when the posterior deviation falls to this many ranks...
    pub stop_sd: f64,
    /// ...but not before this many problems,
    pub min_items: usize,
    /// and always after this many.
    pub max_items: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            prior_rank: 12.0,
            prior_sd: 9.0,
            stop_sd: 1.2,
            min_items: 5,
            max_items: 20,
        }
    }
}

/// The estimate after some answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Posterior mean and deviation, in rank numbers.
    pub rank: f64,
    pub sd: f64,
    /// The same as a rating (the rating of the mean rank).
    pub rating: f64,
}

impl Estimate {
    /// The rank, and the band of one deviation either side.
    pub fn band(&self) -> (Rank, Rank, Rank) {
        (
            rank_of(rating_of_number(self.rank - self.sd)),
            rank_of(rating_of_number(self.rank)),
            rank_of(rating_of_number(self.rank + self.sd)),
        )
    }

    /// The deviation as a rating deviation (for the learner's Glicko rating after the test).
    pub fn rating_deviation(&self) -> f64 {
        // d rating / d rank = rating / 23.15.
        self.sd * self.rating / 23.15
    }
}

/// The posterior over the grid (normalised weights with their rank numbers and ratings).
#[derive(Clone, Debug)]
pub struct Posterior {
    ranks: Vec<f64>,
    ratings: Vec<f64>,
    weights: Vec<f64>,
}

impl Posterior {
    pub fn new(settings: &Settings) -> Posterior {
        let n = ((GRID_HI - GRID_LO) / GRID_STEP).round() as usize + 1;
        let ranks: Vec<f64> = (0..n).map(|i| GRID_LO + i as f64 * GRID_STEP).collect();
        let ratings = ranks.iter().map(|&k| rating_of_number(k)).collect();
        let weights = ranks
            .iter()
            .map(|&k| {
                let z = (k - settings.prior_rank) / settings.prior_sd;
                (-0.5 * z * z).exp()
            })
            .collect();
        let mut p = Posterior {
            ranks,
            ratings,
            weights,
        };
        p.normalise();
        p
    }

    /// The posterior after `items`.
    pub fn after(settings: &Settings, items: &[Item]) -> Posterior {
        let mut p = Posterior::new(settings);
        for item in items {
            p.update(item);
        }
        p
    }

    fn normalise(&mut self) {
        let total: f64 = self.weights.iter().sum();
        if total > 0.0 && total.is_finite() {
            for w in &mut self.weights {
                *w /= total;
            }
        }
    }

    /// Bayes' rule for one answer.
    pub fn update(&mut self, item: &Item) {
        for (w, &r) in self.weights.iter_mut().zip(&self.ratings) {
            let p = success_chance(r, item.rating, item.deviation);
            *w *= if item.solved { p } else { 1.0 - p };
        }
        self.normalise();
    }

    pub fn estimate(&self) -> Estimate {
        let mean: f64 = self
            .weights
            .iter()
            .zip(&self.ranks)
            .map(|(w, k)| w * k)
            .sum();
        let var: f64 = self
            .weights
            .iter()
            .zip(&self.ranks)
            .map(|(w, k)| w * (k - mean) * (k - mean))
            .sum();
        Estimate {
            rank: mean,
            sd: var.max(0.0).sqrt(),
            rating: rating_of_number(mean),
        }
    }

    /// The expected variance of the rank after one more answer to a problem of this rating:
    /// the smaller, the more the problem tells (expected information in the sense of
    /// posterior-variance reduction, exact on the grid).
    pub fn expected_variance_after(&self, problem_rating: f64, problem_rd: f64) -> f64 {
        let (mut p_yes, mut m_yes, mut s_yes) = (0.0, 0.0, 0.0);
        let (mut p_no, mut m_no, mut s_no) = (0.0, 0.0, 0.0);
        for ((w, &k), &r) in self.weights.iter().zip(&self.ranks).zip(&self.ratings) {
            let p = success_chance(r, problem_rating, problem_rd);
            let (a, b) = (w * p, w * (1.0 - p));
            p_yes += a;
            m_yes += a * k;
            s_yes += a * k * k;
            p_no += b;
            m_no += b * k;
            s_no += b * k * k;
        }
        let var = |p: f64, m: f64, s: f64| {
            if p <= 0.0 {
                0.0
            } else {
                (s / p - (m / p) * (m / p)).max(0.0)
            }
        };
        p_yes * var(p_yes, m_yes, s_yes) + p_no * var(p_no, m_no, s_no)
    }

    /// Of the candidates (id, rating, deviation), the one whose answer is expected to tell most.
    pub fn most_informative<T: Copy>(&self, candidates: &[(T, f64, f64)]) -> Option<T> {
        candidates
            .iter()
            .map(|&(id, r, rd)| (id, self.expected_variance_after(r, rd)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(id, _)| id)
    }
}

/// Whether the test is over after `answered` problems with this estimate.
pub fn finished(settings: &Settings, answered: usize, estimate: &Estimate) -> bool {
    answered >= settings.max_items
        || (answered >= settings.min_items && estimate.sd <= settings.stop_sd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(rating: f64, solved: bool) -> Item {
        Item {
            rating,
            deviation: 60.0,
            solved,
        }
    }

    #[test]
    fn the_prior_alone_is_the_settings_prior() {
        let s = Settings {
            prior_rank: 18.0,
            prior_sd: 4.0,
            ..Settings::default()
        };
        let e = Posterior::new(&s).estimate();
        assert!((e.rank - s.prior_rank).abs() < 0.05, "{e:?}");
        assert!((e.sd - s.prior_sd).abs() < 0.1, "{e:?}");
    }

    #[test]
    fn solving_raises_and_failing_lowers_the_estimate_and_both_narrow_it() {
        let s = Settings::default();
        let prior = Posterior::new(&s).estimate();
        let up = Posterior::after(&s, &[item(prior.rating, true)]).estimate();
        let down = Posterior::after(&s, &[item(prior.rating, false)]).estimate();
        assert!(up.rank > prior.rank && down.rank < prior.rank);
        assert!(up.sd < prior.sd && down.sd < prior.sd);
    }

    #[test]
    fn the_most_informative_problem_is_near_the_estimate_not_far_from_it() {
        let s = Settings::default();
        let p = Posterior::after(&s, &[item(900.0, true), item(1300.0, false)]);
        let e = p.estimate();
        let candidates = [(1, 500.0, 60.0), (2, e.rating, 60.0), (3, 2400.0, 60.0)];
        assert_eq!(p.most_informative(&candidates), Some(2));
        // A settled problem tells more than an uncertain one at the same rating.
        let same = [(1, e.rating, 300.0), (2, e.rating, 60.0)];
        assert_eq!(p.most_informative(&same), Some(2));
    }

    #[test]
    fn a_consistent_learner_is_found_and_the_test_stops_by_twenty() {
        // A learner who solves everything below 1200 and nothing above.
        let s = Settings::default();
        let mut items = Vec::new();
        let mut p = Posterior::new(&s);
        while !finished(&s, items.len(), &p.estimate()) {
            let r = p.estimate().rating;
            let it = item(r, r < 1200.0);
            p.update(&it);
            items.push(it);
        }
        assert!(items.len() <= 20);
        let e = p.estimate();
        assert!(
            (crate::rating::rank_number(1200.0) - e.rank).abs() < 1.5,
            "{e:?} after {}",
            items.len()
        );
        let (low, mid, high) = e.band();
        let r = crate::rating::rating_of;
        assert!(r(low) <= r(mid) && r(mid) <= r(high), "{low} {mid} {high}");
    }
}
