//! Rules-core benchmark, side by side with its peers in one run (issue: "the fastest board").
//!
//! - Random playouts (uniform random legal moves, no filling of one's own one-point eyes, until
//!   two passes) on 9×9 and 19×19: sente vs the `goban` crate doing the same playout.
//! - Moves per second on 19×19 with positional superko checking (from the same playouts).
//! - SGF parsing of the Shusaku records (../shared/data): sente vs the `sgf-parse` crate.
//!
//! `cargo bench --bench rules` runs criterion on each workload, then prints a summary table of
//! rates and ratios measured on one core for a fixed time each.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use goban::pieces::stones::Stone;
use goban::rules::game::Game as GobanGame;
use goban::rules::{CHINESE, GobanSizes, JAPANESE, Move as GobanMove, Rule};
use sente::go::{Board, Color, KoRule, PositionSet, Rng, random_playout, sgf};

/// Runs `n` sente playouts from an empty board; returns the stones placed.
fn sente_playouts(size: u8, ko: KoRule, n: usize, rng: &mut Rng, seen: &mut PositionSet) -> u64 {
    let empty = Board::new(size).unwrap();
    let cap = 3 * u32::from(size) * u32::from(size);
    let mut moves = 0;
    let mut board = empty.clone();
    for _ in 0..n {
        board.clone_from(&empty);
        let stats = random_playout(&mut board, Color::Black, ko, seen, rng, cap);
        moves += u64::from(stats.moves);
        black_box(&board);
    }
    moves
}

/// The same playout with the goban crate: legal moves from its rules, minus own eyes, uniformly.
fn goban_playouts(size: usize, rule: Rule, n: usize, rng: &mut Rng) -> u64 {
    let cap = 3 * size * size;
    let mut moves = 0;
    for _ in 0..n {
        let mut game = GobanGame::new(GobanSizes::from(size), rule);
        let mut placed = 0;
        while !game.is_over() && placed < cap {
            let turn = game.turn();
            let candidates: Vec<_> = game
                .legals()
                .filter(|&coord| !game.check_eye(Stone { coord, color: turn }))
                .collect();
            if candidates.is_empty() {
                game.play(GobanMove::Pass);
            } else {
                let (x, y) = candidates[rng.below(candidates.len())];
                game.play(GobanMove::Play(x, y));
                placed += 1;
            }
        }
        moves += placed as u64;
        black_box(&game);
    }
    moves
}

fn shusaku_files() -> Option<Vec<Vec<u8>>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games/shusaku");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .ok()?
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    Some(
        files
            .into_iter()
            .map(|p| std::fs::read(p).unwrap())
            .collect(),
    )
}

fn parse_sente(files: &[Vec<u8>]) -> usize {
    files
        .iter()
        .map(|f| sgf::parse(f).unwrap().node_count())
        .sum()
}

fn parse_sgf_parse(files: &[Vec<u8>]) -> usize {
    // sgf-parse takes text: the UTF-8 check is part of its work, as sente's charset detection is of ours.
    files
        .iter()
        .map(|f| {
            sgf_parse::parse(std::str::from_utf8(f).unwrap())
                .unwrap()
                .len()
        })
        .sum()
}

fn criterion_benches(c: &mut Criterion) {
    let mut seen = PositionSet::default();
    let mut rng = Rng::new(1);
    let mut g = c.benchmark_group("playout");
    g.bench_function("9x9/simple_ko/sente", |b| {
        b.iter(|| sente_playouts(9, KoRule::Simple, 1, &mut rng, &mut seen))
    });
    g.bench_function("9x9/superko/sente", |b| {
        b.iter(|| sente_playouts(9, KoRule::PositionalSuperko, 1, &mut rng, &mut seen))
    });
    g.bench_function("9x9/superko/goban", |b| {
        b.iter(|| goban_playouts(9, CHINESE, 1, &mut rng))
    });
    g.bench_function("19x19/superko/sente", |b| {
        b.iter(|| sente_playouts(19, KoRule::PositionalSuperko, 1, &mut rng, &mut seen))
    });
    g.sample_size(10);
    g.bench_function("19x19/superko/goban", |b| {
        b.iter(|| goban_playouts(19, CHINESE, 1, &mut rng))
    });
    g.finish();
    if let Some(files) = shusaku_files() {
        let mut g = c.benchmark_group("sgf/shusaku");
        g.throughput(criterion::Throughput::Bytes(
            files.iter().map(|f| f.len() as u64).sum(),
        ));
        g.bench_function("sente", |b| b.iter(|| parse_sente(&files)));
        g.bench_function("sgf-parse", |b| b.iter(|| parse_sgf_parse(&files)));
        g.finish();
    }
}

/// Repeats `work` (which returns a count of items) for about `budget`; returns (runs/s, items/s).
fn rate(budget: Duration, mut work: impl FnMut() -> u64) -> (f64, f64) {
    let start = Instant::now();
    let (mut runs, mut items) = (0u64, 0u64);
    while start.elapsed() < budget || runs < 3 {
        items += work();
        runs += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    (runs as f64 / secs, items as f64 / secs)
}

fn summary() {
    let budget = Duration::from_secs(3);
    let mut seen = PositionSet::default();
    let mut rng = Rng::new(7);
    println!(
        "\n== rules core: summary (one core, {}s per row) ==",
        budget.as_secs()
    );
    println!(
        "{:<34} {:>14} {:>14} {:>10}",
        "workload", "playouts/s", "moves/s", "vs goban"
    );
    let batch = 100;
    let (p9s, m9s) = rate(budget, || {
        sente_playouts(9, KoRule::Simple, batch, &mut rng, &mut seen)
    });
    let (p9, m9) = rate(budget, || {
        sente_playouts(9, KoRule::PositionalSuperko, batch, &mut rng, &mut seen)
    });
    let (g9, gm9) = rate(budget, || goban_playouts(9, CHINESE, 1, &mut rng));
    let (g9s, gm9s) = rate(budget, || goban_playouts(9, JAPANESE, 1, &mut rng));
    let (p19, m19) = rate(budget, || {
        sente_playouts(19, KoRule::PositionalSuperko, 10, &mut rng, &mut seen)
    });
    let (g19, gm19) = rate(budget, || goban_playouts(19, CHINESE, 1, &mut rng));
    let row = |name: &str, p: f64, m: f64, peer: Option<f64>| {
        let ratio = peer.map_or(String::from("-"), |g| format!("{:.0}x", p / g));
        let moves = if m > 0.0 {
            format!("{m:.0}")
        } else {
            "-".into()
        };
        println!("{name:<34} {p:>14.0} {moves:>14} {ratio:>10}");
    };
    row("9x9 simple ko, sente", p9s * batch as f64, m9s, Some(g9s));
    row("9x9 simple ko, goban", g9s, gm9s, None);
    row(
        "9x9 positional superko, sente",
        p9 * batch as f64,
        m9,
        Some(g9),
    );
    row("9x9 positional superko, goban", g9, gm9, None);
    row(
        "19x19 positional superko, sente",
        p19 * 10.0,
        m19,
        Some(g19),
    );
    row("19x19 positional superko, goban", g19, gm19, None);
    println!(
        "goals: 9x9 simple ko >= 100,000 playouts/s; superko >= 50,000/s and >= 50x goban; 19x19 >= 5,000,000 moves/s"
    );
    if let Some(files) = shusaku_files() {
        let bytes: u64 = files.iter().map(|f| f.len() as u64).sum();
        let (ours, _) = rate(budget, || parse_sente(&files) as u64);
        let (peer, _) = rate(budget, || parse_sgf_parse(&files) as u64);
        let mb = |r: f64| r * bytes as f64 / 1e6;
        println!(
            "\n{:<34} {:>14}",
            "SGF parsing (470 Shusaku records)", "MB/s"
        );
        println!("{:<34} {:>14.1}", "sente", mb(ours));
        println!("{:<34} {:>14.1}", "sgf-parse", mb(peer));
        println!("ratio sente / sgf-parse: {:.2}x (goal >= 2x)", ours / peer);
    } else {
        println!("SGF parsing: skipped, ../shared/data is not beside this clone");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = criterion_benches
}

fn main() {
    // `cargo bench -- --summary-only` skips criterion and prints the table alone.
    if !std::env::args().any(|a| a == "--summary-only") {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
    summary();
}
