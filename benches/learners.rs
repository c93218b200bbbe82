//! Simulation benchmark of the learner model (`cargo bench --bench learners`): simulated learners
//! of known strength answer problems of known difficulty with the Glicko/logistic model.
//!
//! (a) 棋力测评: rank error of sente's placement test after 5, 10, 15 and 20 problems, against a
//!     fixed 10-problem level exam passed with 8 of 10 (as 101weiqi and Tsumego Hero use), on the
//!     same learners, for two populations: children (ranks around 18 kyu) and uniform 30k–1d.
//! (b) Calibration: the Brier score of the predicted success chance during adaptive practice
//!     (75% target, learners who improve), with sente's Glicko-2 parameters and with lichess's.
//!
//! (c) The shipped bank's grades: simulated children of levels 1–7 (a tactical player that takes,
//!     ataris and extends, with more look-ahead and less noise at higher levels) answer every
//!     problem of problems/ through the judge; the correlation between the grade and the
//!     simulated solving rate, and the rank offset that makes the levels' starting ratings
//!     (`rating::level_start`) predict those rates best. `SENTE_LEARNERS_ONLY=bank`: (c) only.
//!
//! Prints tables; the seed is fixed so runs are comparable.

use sente::go::Rng;
use sente::rating::assessment::{
    self, Item, Posterior, Settings, rating_of_number, success_chance,
};
use sente::rating::{
    Config, Game, Outcome, Rating, expected_score, rank_number, rate, rating_for_chance,
};

/// Problem deviation of a settled bank (known difficulty).
const BANK_RD: f64 = 60.0;
const WITHIN: f64 = 1.5;

/// A bank of problems, sorted by rating: ranks from 33 kyu to 5 dan, evenly.
fn bank(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| rating_of_number(-3.0 + 37.0 * i as f64 / (n - 1) as f64))
        .collect()
}

/// Indices of the `k` unused problems nearest `target` in the sorted bank.
fn nearest_unused(bank: &[f64], used: &[bool], target: f64, k: usize) -> Vec<usize> {
    let mid = bank.partition_point(|&r| r < target);
    let (mut lo, mut hi) = (mid, mid);
    let mut out = Vec::with_capacity(k);
    while out.len() < k && (lo > 0 || hi < bank.len()) {
        let take_lo = lo > 0 && (hi >= bank.len() || target - bank[lo - 1] <= bank[hi] - target);
        let i = if take_lo {
            lo -= 1;
            lo
        } else {
            hi += 1;
            hi - 1
        };
        if !used[i] {
            out.push(i);
        }
    }
    out
}

/// sente's test: the most informative unused problem each time; the estimate after each answer.
fn our_test(rng: &mut Rng, truth: f64, bank: &[f64], n: usize) -> (Vec<f64>, usize, f64) {
    let settings = Settings::default();
    let mut post = Posterior::new(&settings);
    let mut used = vec![false; bank.len()];
    let mut estimates = Vec::with_capacity(n);
    let mut stop: Option<(usize, f64)> = None;
    for k in 0..n {
        let e = post.estimate();
        let candidates: Vec<(usize, f64, f64)> = nearest_unused(bank, &used, e.rating, 24)
            .into_iter()
            .map(|i| (i, bank[i], BANK_RD))
            .collect();
        let i = post
            .most_informative(&candidates)
            .expect("a bank bigger than the test");
        used[i] = true;
        let solved = rng.chance(success_chance(rating_of_number(truth), bank[i], BANK_RD));
        post.update(&Item {
            rating: bank[i],
            deviation: BANK_RD,
            solved,
        });
        let e = post.estimate();
        estimates.push(e.rank);
        if stop.is_none() && assessment::finished(&settings, k + 1, &e) {
            stop = Some((k + 1, e.rank));
        }
    }
    let (len, at_stop) = stop.unwrap_or((n, *estimates.last().unwrap()));
    (estimates, len, at_stop)
}

/// The rank difference at which a learner solves 80% of a level's problems: a learner "is" level
/// L when they are this much stronger than L's problems.
fn pass_offset() -> f64 {
    let at = |d: f64| success_chance(rating_of_number(12.0 + d), rating_of_number(12.0), BANK_RD);
    let (mut lo, mut hi) = (0.0, 20.0);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if at(mid) < 0.8 { lo = mid } else { hi = mid }
    }
    (lo + hi) / 2.0
}

/// The fixed exam: 10 problems of one level, pass with 8. The first exam is at the population's
/// usual level; a pass moves up, a failure down, by 4 then 2 then 1 levels. The estimate is the
/// middle of the bracket the results leave (shifted by the pass offset, so it is a rank).
fn level_exams(rng: &mut Rng, truth: f64, exams: usize, start: f64, offset: f64) -> Vec<f64> {
    let mut level = start.round();
    let (mut passed, mut failed): (Option<f64>, Option<f64>) = (None, None);
    let mut step = 4.0;
    let mut out = Vec::new();
    for _ in 0..exams {
        let difficulty = rating_of_number(level);
        let solved = (0..10)
            .filter(|_| rng.chance(success_chance(rating_of_number(truth), difficulty, BANK_RD)))
            .count();
        if solved >= 8 {
            passed = Some(passed.map_or(level, |p: f64| p.max(level)));
            level += step;
        } else {
            failed = Some(failed.map_or(level, |f: f64| f.min(level)));
            level -= step;
        }
        step = (step / 2.0_f64).max(1.0);
        let est_level = match (passed, failed) {
            (Some(p), Some(f)) if f > p => (p + f) / 2.0,
            (Some(p), Some(_)) => p,
            (Some(p), None) => p + step,
            (None, Some(f)) => f - step,
            (None, None) => start,
        };
        out.push(est_level + offset);
    }
    out
}

struct Errors(Vec<f64>);

impl Errors {
    fn within(&self) -> f64 {
        100.0 * self.0.iter().filter(|e| e.abs() <= WITHIN).count() as f64 / self.0.len() as f64
    }
    fn mean_abs(&self) -> f64 {
        self.0.iter().map(|e| e.abs()).sum::<f64>() / self.0.len() as f64
    }
}

fn assessment_table(name: &str, truths: &[f64], seed: u64) {
    let bank = bank(5000);
    let offset = pass_offset();
    let mut rng = Rng::new(seed);
    let marks = [5usize, 10, 15, 20];
    let mut ours: Vec<Vec<f64>> = vec![Vec::new(); marks.len()];
    let mut exam10 = Vec::new();
    let mut exam20 = Vec::new();
    let mut stop_len = Vec::new();
    let mut stop_err = Vec::new();
    for &truth in truths {
        let (est, len, at_stop) = our_test(&mut rng, truth, &bank, 20);
        for (j, &m) in marks.iter().enumerate() {
            ours[j].push(est[m - 1] - truth);
        }
        stop_len.push(len as f64);
        stop_err.push(at_stop - truth);
        let exams = level_exams(&mut rng, truth, 2, Settings::default().prior_rank, offset);
        exam10.push(exams[0] - truth);
        exam20.push(exams[1] - truth);
    }
    println!(
        "\n(a) placement, {name}: {} learners; error in ranks (1 rank = 1 kyu)",
        truths.len()
    );
    println!(
        "| problems | sente within ±1.5 | sente mean |err| | level exam within ±1.5 | level exam mean |err| |"
    );
    println!("|---|---|---|---|---|");
    for (j, &m) in marks.iter().enumerate() {
        let o = Errors(ours[j].clone());
        let exam = match m {
            10 => Some(Errors(exam10.clone())),
            20 => Some(Errors(exam20.clone())),
            _ => None,
        };
        match exam {
            Some(x) => println!(
                "| {m} | {:.1}% | {:.2} | {:.1}% | {:.2} |",
                o.within(),
                o.mean_abs(),
                x.within(),
                x.mean_abs()
            ),
            None => println!("| {m} | {:.1}% | {:.2} | – | – |", o.within(), o.mean_abs()),
        }
    }
    let s = Errors(stop_err);
    println!(
        "| with the stopping rule (sd ≤ {} ranks, 5–20 problems): mean length {:.1} | {:.1}% | {:.2} | | |",
        Settings::default().stop_sd,
        stop_len.iter().sum::<f64>() / stop_len.len() as f64,
        s.within(),
        s.mean_abs()
    );
}

fn lichess() -> Config {
    Config {
        tau: 0.75,
        start: Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        },
        learner_start: Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        },
        deviation_floor: 45.0,
        volatility_cap: 0.1,
        provisional_deviation: f64::INFINITY,
    }
}

/// Adaptive practice with a rating system: returns the Brier score of its predictions, and the
/// Brier score of a predictor that always says the overall success rate (for scale).
fn practice_brier(config: &Config, seed: u64) -> (f64, f64, f64, f64, f64) {
    let mut rng = Rng::new(seed);
    let n_learners = 1000;
    let per_learner = 150;
    let problems = bank(20_000);
    // The system's problem ratings start near the truth (authors' estimates, within about two
    // ranks) and are rated too.
    let mut system: Vec<Rating> = problems
        .iter()
        .map(|&r| Rating {
            rating: rating_of_number(rank_number(r) + 2.0 * rng.normal()),
            deviation: 200.0,
            volatility: 0.06,
        })
        .collect();
    let mut used = vec![vec![false; problems.len()]; n_learners];
    // Children of 25k–10k who improve by 0 to 4 ranks over the practice.
    let learners: Vec<(f64, f64)> = (0..n_learners)
        .map(|_| {
            (
                5.0 + 15.0 * rng.uniform(),
                4.0 * rng.uniform() / per_learner as f64,
            )
        })
        .collect();
    let mut ratings: Vec<Rating> = vec![config.learner_start; n_learners];
    let (mut brier, mut n, mut wins) = (0.0, 0usize, 0usize);
    let (mut late, mut late_n) = (0.0, 0usize);
    let mut outcomes = Vec::new();
    for step in 0..per_learner {
        for l in 0..n_learners {
            let truth = rating_of_number(learners[l].0 + learners[l].1 * step as f64);
            let me = ratings[l];
            // Aim at 75%: the problem rating a 75% chance means.
            let target = rating_for_chance(me.rating, 0.75, 0.0);
            let sorted_guess = nearest_unused(&problems, &used[l], target, 8);
            let i = *sorted_guess
                .iter()
                .min_by(|&&a, &&b| {
                    (system[a].rating - target)
                        .abs()
                        .total_cmp(&(system[b].rating - target).abs())
                })
                .unwrap();
            used[l][i] = true;
            let p = expected_score(&me, &system[i]);
            let solved = rng.chance(success_chance(truth, problems[i], BANK_RD));
            let o = if solved { 1.0 } else { 0.0 };
            brier += (p - o) * (p - o);
            n += 1;
            if step >= 50 {
                late += (p - o) * (p - o);
                late_n += 1;
            }
            wins += usize::from(solved);
            outcomes.push(o);
            let (lo, po) = if solved {
                (Outcome::Win, Outcome::Loss)
            } else {
                (Outcome::Loss, Outcome::Win)
            };
            ratings[l] = rate(
                &me,
                &[Game {
                    opponent: system[i],
                    outcome: lo,
                }],
                config,
            );
            // Provisional learners move their own rating only.
            if me.deviation <= config.provisional_deviation {
                system[i] = rate(
                    &system[i],
                    &[Game {
                        opponent: me,
                        outcome: po,
                    }],
                    config,
                );
            }
        }
    }
    let base = wins as f64 / n as f64;
    let base_brier = outcomes
        .iter()
        .map(|o| (base - o) * (base - o))
        .sum::<f64>()
        / n as f64;
    // Final rank error of the learners' ratings against their true end strength.
    let err = learners
        .iter()
        .zip(&ratings)
        .map(|(l, r)| (rank_number(r.rating) - (l.0 + l.1 * per_learner as f64)).abs())
        .sum::<f64>()
        / n_learners as f64;
    let bias = learners
        .iter()
        .zip(&ratings)
        .map(|(l, r)| rank_number(r.rating) - (l.0 + l.1 * per_learner as f64))
        .sum::<f64>()
        / n_learners as f64;
    (
        brier / n as f64,
        late / late_n as f64,
        base_brier,
        err,
        bias,
    )
}

fn main() {
    // `cargo bench` passes --bench; any other argument is ignored.
    bank_calibration();
    if std::env::var("SENTE_LEARNERS_ONLY").is_ok_and(|v| v == "bank") {
        return;
    }
    let mut rng = Rng::new(7);
    let children: Vec<f64> = (0..1000)
        .map(|_| (12.0 + 7.0 * rng.normal()).clamp(0.0, 32.0))
        .collect();
    let uniform: Vec<f64> = (0..1000).map(|_| 32.0 * rng.uniform()).collect();
    println!(
        "sente learner simulation: problems of known difficulty (bank of 5,000, RD {BANK_RD}),"
    );
    println!(
        "answers drawn with the Glicko/logistic model. Goal: ±{WITHIN} kyu for 90% by 15 problems."
    );
    assessment_table("children (true rank 18 kyu ± 7)", &children, 11);
    assessment_table("uniform 30 kyu – 3 dan", &uniform, 12);

    println!(
        "\n(b) calibration during adaptive practice (1,000 learners × 150 problems, 75% target,"
    );
    println!(
        "    learners improving 0–4 ranks; problem ratings start within ~2 ranks of the truth and are rated too)"
    );
    println!(
        "| parameters | Brier, all | Brier, problems 51–150 | Brier of always saying the mean | final mean |rank error| | final mean rank bias |"
    );
    println!("|---|---|---|---|---|---|");
    for (name, config) in [
        (
            "sente (start 800±350, τ 0.75, RD floor 60, vol cap 0.1, provisional above RD 150)",
            Config::default(),
        ),
        (
            "lichess (start 1500±350, τ 0.75, RD floor 45, vol cap 0.1)",
            lichess(),
        ),
        (
            "sente, but provisional learners move problems too",
            Config {
                provisional_deviation: f64::INFINITY,
                ..Config::default()
            },
        ),
        (
            "lichess, with sente's provisional rule",
            Config {
                provisional_deviation: Config::default().provisional_deviation,
                ..lichess()
            },
        ),
    ] {
        let (b, late, base, err, bias) = practice_brier(&config, 99);
        println!("| {name} | {b:.4} | {late:.4} | {base:.4} | {err:.2} | {bias:+.2} |");
    }
}

/// Section (c): grades of the shipped bank against simulated children
/// (`rating::calibration`).
fn bank_calibration() {
    use sente::rating::calibration::{CHILDREN_PER_LEVEL, Simulation, offset_starts};
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems");
    let bank = match sente::cli::compose::read_bank(&[dir]) {
        Ok(bank) => bank,
        Err(e) => {
            println!("(c) the bank does not read: {e}");
            return;
        }
    };
    let problems = bank.iter().map(|e| &e.problem);
    let started = std::time::Instant::now();
    let sim = Simulation::run(problems, 11);
    let Some(r) = sim.correlation() else {
        println!("(c) no graded problems under problems/");
        return;
    };
    let in_use = sente::rating::LEVEL_START_RANKS;
    let fitted = sim.fitted();
    let offset = sim.best_offset();
    let one_offset = offset_starts(offset);
    println!(
        "(c) shipped bank: {} graded problems, {} simulated children each ({CHILDREN_PER_LEVEL} per level 1-7), {:.0} s",
        sim.problems(),
        7 * CHILDREN_PER_LEVEL,
        started.elapsed().as_secs_f64()
    );
    println!("Pearson correlation between grade and simulated solving rate: {r:.3}");
    println!();
    println!(
        "Children rated at the middle of their level; solving rate by grade, simulated and predicted"
    );
    println!(
        "by three starts: in use (rating::LEVEL_START_RANKS), fitted per grade, one offset (five ranks a level)."
    );
    println!();
    println!(
        "| grade | problems | simulated | in use: start rank, predicted | fitted: start rank, predicted | offset {offset:+.2}: start rank, predicted |"
    );
    println!("|---|---|---|---|---|---|");
    let rows = [&in_use, &fitted, &one_offset].map(|s| sim.by_grade(s));
    for (i, &(g, n, rate, _)) in rows[0].iter().enumerate() {
        let cell = |k: usize, starts: &[f64; 7]| {
            format!(
                "{:.2}, {:.1}%",
                starts[usize::from(g) - 1],
                100.0 * rows[k][i].3
            )
        };
        println!(
            "| {g} | {n} | {:.1}% | {} | {} | {} |",
            100.0 * rate,
            cell(0, &in_use),
            cell(1, &fitted),
            cell(2, &one_offset)
        );
    }
    println!();
    println!(
        "rms error of the predicted chance per answer: in use {:.4}, fitted per grade {:.4}, one offset {:.4}",
        sim.error(&in_use).sqrt(),
        sim.error(&fitted).sqrt(),
        sim.error(&one_offset).sqrt()
    );
    println!("fitted LEVEL_START_RANKS: {fitted:?}");
    println!();
    println!("Simulated solving rate by grade (rows) and child level (columns):");
    println!("| grade | 1 | 2 | 3 | 4 | 5 | 6 | 7 |");
    println!("|---|---|---|---|---|---|---|---|");
    for g in 1..=7u8 {
        let cells: Vec<String> = (1..=7u8)
            .map(|c| {
                sim.rate(g, c)
                    .map_or("-".into(), |r| format!("{:.0}%", 100.0 * r))
            })
            .collect();
        println!("| {g} | {} |", cells.join(" | "));
    }
    println!();
}
