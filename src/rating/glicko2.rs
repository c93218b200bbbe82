//! Glicko-2, as specified in Mark Glickman, "Example of the Glicko-2 system" (2013),
//! http://www.glicko.net/glicko/glicko2.pdf — steps 1 to 8, with the Illinois algorithm for the
//! volatility (step 5). Each first attempt of a learner on a problem is one game between them.

/// The Glicko-2 scale factor between the Glicko scale (1500 ± RD) and the internal one.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration (Glickman's ε).
const EPSILON: f64 = 0.000001;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// Parameters. The defaults are sente's, chosen for young learners (see each field).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// System constant: how fast volatility may change. 0.75, as lichess: children's strength
    /// moves fast, so the system must be allowed to follow it.
    pub tau: f64,
    /// The start of a problem without an author's estimate: 1500 ± 350, volatility 0.06
    /// (Glickman's values); also the ceiling of any deviation.
    pub start: Rating,
    /// The start of a child: 800 ± 350 (20 kyu). Children who come to a problem trainer are
    /// beginners; starting them at 1500 (5 kyu) made the first problems far too hard and the
    /// first predictions wrong (see benches/learners.rs, calibration). The placement test moves
    /// a stronger child up within a few problems.
    pub learner_start: Rating,
    /// RD never falls below this, so a rating keeps moving with a child who improves weekly
    /// (lichess uses 45; children change faster than adult players, so sente keeps 60).
    pub deviation_floor: f64,
    /// Volatility cap, against runaway swings after streaks (lichess: 0.1).
    pub volatility_cap: f64,
    /// A learner whose deviation is above this is provisional: their games move their own rating
    /// but not the problem's. A new child's first answers (rated 800 ± 350) would otherwise drag
    /// every easy problem down before the child's own rating has found its level (see
    /// benches/learners.rs). Lichess treats provisional players' puzzle games the same way.
    pub provisional_deviation: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tau: 0.75,
            start: Rating {
                rating: 1500.0,
                deviation: 350.0,
                volatility: 0.06,
            },
            learner_start: Rating {
                rating: 800.0,
                deviation: 350.0,
                volatility: 0.06,
            },
            deviation_floor: 60.0,
            volatility_cap: 0.1,
            provisional_deviation: 150.0,
        }
    }
}

/// The result of one game for the player being rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl Outcome {
    fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// One game of a rating period: the opponent's rating before the period, and the result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub outcome: Outcome,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The probability that `player` beats `opponent` (a learner solving a problem).
pub fn expected_score(player: &Rating, opponent: &Rating) -> f64 {
    let (mu, mu_j, phi_j) = (
        (player.rating - 1500.0) / SCALE,
        (opponent.rating - 1500.0) / SCALE,
        opponent.deviation / SCALE,
    );
    e(mu, mu_j, phi_j)
}

/// The chance that a learner rated `rating` solves a problem of this rating and deviation (the
/// learner's own deviation plays no part, as in `expected_score`).
pub fn success_chance(rating: f64, problem_rating: f64, problem_rd: f64) -> f64 {
    e(rating / SCALE, problem_rating / SCALE, problem_rd / SCALE)
}

/// The rating of a problem (of deviation `problem_rd`) that a learner rated `rating` solves with
/// chance `p`: the inverse of `success_chance`.
pub fn rating_for_chance(rating: f64, p: f64, problem_rd: f64) -> f64 {
    rating - SCALE * (p / (1.0 - p)).ln() / g(problem_rd / SCALE)
}

/// A period without games: only the deviation grows (step 6 alone).
pub fn rate_idle(player: &Rating, config: &Config) -> Rating {
    let phi = player.deviation / SCALE;
    let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
    Rating {
        deviation: (phi_star * SCALE).min(config.start.deviation),
        ..*player
    }
}

/// The rating after one period of games (steps 2 to 8), then the floor and cap of `config`.
pub fn rate(player: &Rating, games: &[Game], config: &Config) -> Rating {
    if games.is_empty() {
        return rate_idle(player, config);
    }
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    // Steps 3 and 4: the estimated variance and improvement.
    let mut v_inv = 0.0;
    let mut delta_sum = 0.0;
    for game in games {
        let mu_j = (game.opponent.rating - 1500.0) / SCALE;
        let phi_j = game.opponent.deviation / SCALE;
        let e_j = e(mu, mu_j, phi_j);
        let g_j = g(phi_j);
        v_inv += g_j * g_j * e_j * (1.0 - e_j);
        delta_sum += g_j * (game.outcome.score() - e_j);
    }
    let v = 1.0 / v_inv;
    let delta = v * delta_sum;
    // Step 5: the new volatility (Illinois algorithm).
    let a = (sigma * sigma).ln();
    let tau = config.tau;
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6 and 7: new deviation and rating.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * delta_sum;
    // Step 8: back to the Glicko scale; then sente's floor and cap.
    Rating {
        rating: SCALE * mu_new + 1500.0,
        deviation: (SCALE * phi_new).max(config.deviation_floor),
        volatility: sigma_new.min(config.volatility_cap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's paper, without sente's floor and cap.
    fn paper() -> Config {
        Config {
            tau: 0.5,
            deviation_floor: 0.0,
            volatility_cap: f64::INFINITY,
            ..Config::default()
        }
    }

    #[test]
    fn the_rating_for_a_chance_inverts_the_success_chance() {
        for p in [0.5, 0.75, 0.9] {
            for rd in [0.0, 60.0, 300.0] {
                let d = rating_for_chance(1200.0, p, rd);
                assert!((success_chance(1200.0, d, rd) - p).abs() < 1e-9, "{p} {rd}");
                let me = r(1200.0, 80.0);
                assert!((expected_score(&me, &r(d, rd)) - p).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn glickmans_worked_example_at_full_precision() {
        let player = r(1500.0, 200.0);
        let games = [
            Game {
                opponent: r(1400.0, 30.0),
                outcome: Outcome::Win,
            },
            Game {
                opponent: r(1550.0, 100.0),
                outcome: Outcome::Loss,
            },
            Game {
                opponent: r(1700.0, 300.0),
                outcome: Outcome::Loss,
            },
        ];
        let new = rate(&player, &games, &paper());
        assert_eq!(new.rating, 1464.0506705393013);
        assert_eq!(new.deviation, 151.51652412385727);
        assert_eq!(new.volatility, 0.059995984286488495);
    }

    #[test]
    fn the_opponents_of_the_worked_example_move_as_published() {
        let player = r(1500.0, 200.0);
        let cases = [
            (r(1400.0, 30.0), Outcome::Loss, 1398.143558, 31.670215),
            (r(1550.0, 100.0), Outcome::Win, 1570.394740, 97.709169),
            (r(1700.0, 300.0), Outcome::Win, 1784.421790, 251.565565),
        ];
        for (opponent, outcome, rating, deviation) in cases {
            let new = rate(
                &opponent,
                &[Game {
                    opponent: player,
                    outcome,
                }],
                &paper(),
            );
            assert!(
                (new.rating - rating).abs() < 5e-7,
                "{} vs {rating}",
                new.rating
            );
            assert!(
                (new.deviation - deviation).abs() < 5e-7,
                "{} vs {deviation}",
                new.deviation
            );
        }
    }

    #[test]
    fn an_idle_period_only_widens_the_deviation_up_to_the_start() {
        let c = Config::default();
        let p = Rating {
            rating: 1200.0,
            deviation: 100.0,
            volatility: 0.06,
        };
        let idle = rate_idle(&p, &c);
        assert_eq!(idle.rating, 1200.0);
        assert!(idle.deviation > 100.0 && idle.deviation < 101.0);
        let wide = rate_idle(
            &Rating {
                deviation: 349.9,
                ..p
            },
            &c,
        );
        assert_eq!(wide.deviation, 350.0);
    }

    #[test]
    fn floor_and_cap_hold_after_many_games() {
        let c = Config::default();
        let mut p = c.start;
        for k in 0..500 {
            let outcome = if k % 3 == 0 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            p = rate(
                &p,
                &[Game {
                    opponent: r(1500.0, 60.0),
                    outcome,
                }],
                &c,
            );
        }
        assert!(p.deviation >= 60.0 && p.volatility <= 0.1);
        assert!(p.rating > 1500.0, "two wins in three against 1500");
    }

    #[test]
    fn expected_score_is_a_half_between_equals_and_rises_with_the_gap() {
        assert!((expected_score(&r(1500.0, 50.0), &r(1500.0, 50.0)) - 0.5).abs() < 1e-12);
        assert!(expected_score(&r(1700.0, 50.0), &r(1500.0, 50.0)) > 0.7);
    }
}
