//! Solver benchmark, side by side with GNU Go 3.8 on the same problems (issue #10).
//!
//! For each shared set (Go Game Guru easy and intermediate, Gokyo Shumyo, Xuanxuan Qijing) it
//! prints the share of problems where the solver's proven first moves include a correct first
//! move of the author's tree, with median / p95 / max time; for GNU Go the same share for
//! `restricted_genmove` limited to the problem's viewport and for `reg_genmove` on the whole
//! board, after `loadsgf` of the setup position, with its times. It lists every first move the
//! solver proves that the tree marks wrong (the soundness check: there must be none).
//!
//! `cargo bench --bench solver`; `SENTE_SOLVER_MS` (default 2000) sets the solver's time per
//! problem, `SENTE_SOLVER_NODES` a node budget per problem (with a generous clock, for
//! comparisons that do not depend on a busy machine's timing), `SENTE_BENCH_LIMIT` samples that
//! many problems per set, evenly spread, `SENTE_BENCH_SETS` picks sets by number (`0,2`),
//! `SENTE_BENCH_GNUGO=0` leaves GNU Go out, `SENTE_BENCH_KIND=capturing_race,ko` keeps the
//! problems of those kinds (as the importer reads it from the question), `SENTE_BENCH_ONLY=ggg-easy-37,504`
//! keeps the problems of those files (named without `.sgf`) and `SENTE_BENCH_VERBOSE=1` prints
//! every problem.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{env_usize, spread};
use sente::go::{Color, Move, Point};
use sente::gtp::{Gtp, find_gnugo};
use sente::problem::solver::{Budget, Status, solve};
use sente::problem::{Problem, from_sgf_bytes};

#[derive(Default)]
struct Row {
    name: &'static str,
    problems: usize,
    ours_hits: usize,
    ours_decided: usize,
    ours_ms: Vec<f64>,
    ours_nodes: u64,
    gnugo_region_hits: usize,
    gnugo_region_ms: Vec<f64>,
    gnugo_hits: usize,
    gnugo_ms: Vec<f64>,
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn gtp_vertex(mv: &str, size: u8) -> Option<Move> {
    if mv.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    Point::from_gtp(mv, size).map(Move::Play)
}

fn setup_sgf(p: &Problem) -> String {
    let list = |v: &[Point]| {
        v.iter()
            .map(|q| format!("[{}]", q.to_sgf()))
            .collect::<String>()
    };
    let mut s = format!("(;GM[1]FF[4]SZ[{}]PL[{}]", p.size, p.to_play.sgf_letter());
    if !p.black.is_empty() {
        s += &format!("AB{}", list(&p.black));
    }
    if !p.white.is_empty() {
        s += &format!("AW{}", list(&p.white));
    }
    s + ")"
}

/// Every problem of a set, or `limit` of them spread evenly over it.
fn sample(dir: &Path, limit: Option<usize>) -> Vec<(String, Problem)> {
    let mut all = Vec::new();
    for file in files(dir) {
        let Ok(problems) = from_sgf_bytes(&std::fs::read(&file).unwrap()) else {
            continue;
        };
        for (index, p) in problems.into_iter().flatten().enumerate() {
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            all.push((format!("{name}#{index}"), p));
        }
    }
    match limit {
        Some(n) if n < all.len() => {
            let step = all.len() as f64 / n as f64;
            (0..n)
                .map(|k| all[(k as f64 * step) as usize].clone())
                .collect()
        }
        _ => all,
    }
}

/// GNU Go's move for the problem, with its time: restricted to the viewport, then whole-board.
fn ask_gnugo(g: &mut Gtp, tmp: &Path, p: &Problem) -> [(Option<Move>, f64); 2] {
    std::fs::write(tmp, setup_sgf(p)).unwrap();
    let color = if p.to_play == Color::Black {
        "black"
    } else {
        "white"
    };
    let board = p.board();
    let region: Vec<String> = board
        .points()
        .filter(|&q| p.viewport.contains(q) && board.get(q).is_none())
        .map(|q| q.to_gtp(p.size))
        .collect();
    let mut ask = |cmd: String| {
        let start = Instant::now();
        let _ = g.command(&format!("loadsgf {}", tmp.display())).unwrap();
        let mv = match g.command(&cmd) {
            Ok(Ok(v)) => gtp_vertex(&v, p.size),
            _ => None,
        };
        (mv, start.elapsed().as_secs_f64() * 1000.0)
    };
    [
        ask(format!("restricted_genmove {color} {}", region.join(" "))),
        ask(format!("reg_genmove {color}")),
    ]
}

fn main() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/problems");
    if !data.is_dir() {
        println!("solver benchmark: skipped, ../shared/data is not beside this clone");
        return;
    }
    let nodes = env_usize("SENTE_SOLVER_NODES");
    let ms = env_usize("SENTE_SOLVER_MS").unwrap_or(if nodes.is_some() { 600_000 } else { 2000 });
    let limit = env_usize("SENTE_BENCH_LIMIT");
    let verbose = env_usize("SENTE_BENCH_VERBOSE").unwrap_or(0) > 0;
    let kinds: Option<Vec<sente::problem::Kind>> =
        std::env::var("SENTE_BENCH_KIND").ok().map(|v| {
            v.split(',')
                .map(|k| {
                    sente::problem::Kind::parse(k.trim())
                        .unwrap_or_else(|| panic!("SENTE_BENCH_KIND: no kind {k}"))
                })
                .collect()
        });
    let only: Option<Vec<String>> = std::env::var("SENTE_BENCH_ONLY")
        .ok()
        .map(|v| v.split(',').map(|l| l.trim().to_string()).collect());
    let chosen: Option<Vec<usize>> = std::env::var("SENTE_BENCH_SETS")
        .ok()
        .map(|v| v.split(',').filter_map(|k| k.trim().parse().ok()).collect());
    let mut budget = Budget {
        time: Duration::from_millis(ms as u64),
        ..Budget::default()
    };
    if let Some(n) = nodes {
        budget.nodes = n as u64;
    }
    // Every core, as `sente solve` reads (SENTE_SOLVER_THREADS=1 for one).
    budget = budget.on_every_core();
    if let Some(t) = env_usize("SENTE_SOLVER_THREADS") {
        budget.threads = t.max(1);
    }
    let mut gnugo = find_gnugo()
        .filter(|_| env_usize("SENTE_BENCH_GNUGO") != Some(0))
        .map(|g| Gtp::start(&g, &["--mode", "gtp", "--chinese-rules"]).expect("start gnugo"));
    let tmp = std::env::temp_dir().join(format!("sente-solver-bench-{}.sgf", std::process::id()));
    let sets = [
        ("GGG easy", "ggg/easy"),
        ("GGG intermediate", "ggg/intermediate"),
        ("Gokyo Shumyo", "classical/gokyo-shumyo"),
        ("Xuanxuan Qijing", "classical/xuanxuan-qijing"),
    ];
    let mut rows = Vec::new();
    let mut flagged = Vec::new();
    for (k, (name, dir)) in sets.into_iter().enumerate() {
        if chosen.as_ref().is_some_and(|c| !c.contains(&k)) {
            continue;
        }
        let mut row = Row {
            name,
            ..Row::default()
        };
        for (label, p) in sample(&data.join(dir), limit) {
            if kinds.as_ref().is_some_and(|k| !k.contains(&p.kind))
                || only
                    .as_ref()
                    .is_some_and(|o| !o.iter().any(|l| label.split('.').next() == Some(l)))
            {
                continue;
            }
            row.problems += 1;
            let correct = p.tree.correct_first_moves();
            let s = solve(&p, budget);
            row.ours_ms.push(s.ms as f64);
            row.ours_nodes += s.nodes;
            let hit = s.correct_first_moves.iter().any(|m| correct.contains(m));
            row.ours_hits += usize::from(hit);
            row.ours_decided += usize::from(s.status != Status::Unknown);
            if verbose {
                println!(
                    "{dir}/{label}: {} {:?} {:?} nodes {} ms {} moves {:?}",
                    if hit { "HIT " } else { "miss" },
                    s.status,
                    s.goal,
                    s.nodes,
                    s.ms,
                    s.correct_first_moves
                        .iter()
                        .map(|m| match m {
                            Move::Play(p) => p.to_sgf(),
                            Move::Pass => "pass".into(),
                        })
                        .collect::<Vec<_>>()
                );
            }
            for m in &s.correct_first_moves {
                let marked_wrong = p.tree.root().children.iter().any(|&c| {
                    let n = &p.tree.nodes[c];
                    n.mv.map(|x| x.1) == Some(*m) && !n.leads_to_success
                });
                if marked_wrong {
                    flagged.push(format!(
                        "{dir}/{label}: proven {m:?} ({:?}), the tree marks it wrong",
                        s.goal
                    ));
                }
            }
            if let Some(g) = gnugo.as_mut() {
                let [(region_mv, region_ms), (whole_mv, whole_ms)] = ask_gnugo(g, &tmp, &p);
                row.gnugo_region_ms.push(region_ms);
                row.gnugo_ms.push(whole_ms);
                row.gnugo_region_hits +=
                    usize::from(region_mv.is_some_and(|m| correct.contains(&m)));
                row.gnugo_hits += usize::from(whole_mv.is_some_and(|m| correct.contains(&m)));
            }
        }
        rows.push(row);
    }
    let _ = std::fs::remove_file(&tmp);
    print_table(rows, &budget, nodes, gnugo.is_some());
    println!(
        "\nfirst moves proven by the solver that the tree marks wrong: {}",
        flagged.len()
    );
    for f in &flagged {
        println!("  {f}");
    }
}

fn print_table(rows: Vec<Row>, budget: &Budget, nodes: Option<usize>, have_gnugo: bool) {
    println!("\n== correct first move found (share of problems), time per problem in ms ==");
    let (ms, cores) = (budget.time.as_millis(), budget.threads);
    match nodes {
        Some(n) => println!("sente: {n} nodes and at most {ms} ms per problem, {cores} core(s)"),
        None => println!(
            "sente: {ms} ms budget per problem, {cores} core(s); GNU Go 3.8 (one core) at its default level"
        ),
    }
    println!(
        "{:<17} {:>5} | {:>6} {:>6} {:>7} {:>6} {:>6} {:>6} | {:>13} {:>6} {:>6} | {:>11} {:>6} {:>6}",
        "set",
        "n",
        "sente",
        "solved",
        "knodes/s",
        "med",
        "p95",
        "max",
        "gnugo region",
        "med",
        "max",
        "gnugo whole",
        "med",
        "max"
    );
    let pct = |h: usize, n: usize| {
        if n == 0 {
            0.0
        } else {
            100.0 * h as f64 / n as f64
        }
    };
    for r in rows {
        let (med, p95, max) = spread(&r.ours_ms);
        let (rmed, _, rmax) = spread(&r.gnugo_region_ms);
        let (gmed, _, gmax) = spread(&r.gnugo_ms);
        let g = |h: usize| {
            if have_gnugo {
                format!("{:.1}%", pct(h, r.problems))
            } else {
                "-".into()
            }
        };
        println!(
            "{:<17} {:>5} | {:>5.1}% {:>5.1}% {:>7.1} {:>6.0} {:>6.0} {:>6.0} | {:>13} {:>6.0} {:>6.0} | {:>11} {:>6.0} {:>6.0}",
            r.name,
            r.problems,
            pct(r.ours_hits, r.problems),
            pct(r.ours_decided, r.problems),
            r.ours_nodes as f64 / r.ours_ms.iter().sum::<f64>().max(1.0),
            med,
            p95,
            max,
            g(r.gnugo_region_hits),
            rmed,
            rmax,
            g(r.gnugo_hits),
            gmed,
            gmax
        );
    }
    println!(
        "goals (issue #10): GGG easy >= 95%, intermediate >= 85%, Gokyo Shumyo >= 60%, Xuanxuan >= 50%, within 2 s each"
    );
}
