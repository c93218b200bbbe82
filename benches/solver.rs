//! Solver benchmark, side by side with GNU Go on the same problems (issue: "a tsumego solver that
//! accepts every correct answer").
//!
//! For each shared set (Go Game Guru easy and intermediate, Gokyo Shumyo, Xuanxuan Qijing) it
//! prints the share of problems where the solver's proven first moves include a correct first
//! move of the author's tree, with median and maximum time; for GNU Go the same share for
//! `reg_genmove` after `loadsgf` of the setup position (the whole board), and for
//! `restricted_genmove` limited to the problem's viewport. It also lists every first move the
//! solver proves that the tree marks wrong.
//!
//! `cargo bench --bench solver`; `SENTE_SOLVER_NODES` (default 20000) sets the solver's node
//! budget, `SENTE_BENCH_LIMIT` the number of problems per set.

use std::path::{Path, PathBuf};
use std::time::Instant;

use sente::go::{Color, Move, Point};
use sente::gtp::{Gtp, find_gnugo};
use sente::problem::solver::{Budget, solve};
use sente::problem::{Problem, from_sgf_bytes};

struct Row {
    name: &'static str,
    problems: usize,
    ours_hits: usize,
    ours_ms: Vec<f64>,
    gnugo_hits: usize,
    gnugo_restricted_hits: usize,
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

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/problems");
    if !data.is_dir() {
        println!("solver benchmark: skipped, ../shared/data is not beside this clone");
        return;
    }
    let nodes: u64 = std::env::var("SENTE_SOLVER_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let limit: usize = std::env::var("SENTE_BENCH_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let budget = Budget {
        nodes,
        ..Budget::default()
    };
    let mut gnugo = find_gnugo()
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
    for (name, dir) in sets {
        let mut row = Row {
            name,
            problems: 0,
            ours_hits: 0,
            ours_ms: Vec::new(),
            gnugo_hits: 0,
            gnugo_restricted_hits: 0,
            gnugo_ms: Vec::new(),
        };
        'files: for file in files(&data.join(dir)) {
            let Ok(problems) = from_sgf_bytes(&std::fs::read(&file).unwrap()) else {
                continue;
            };
            for (index, p) in problems.into_iter().flatten().enumerate() {
                if row.problems >= limit {
                    break 'files;
                }
                row.problems += 1;
                let correct = p.tree.correct_first_moves();
                let start = Instant::now();
                let s = solve(&p, budget);
                row.ours_ms.push(start.elapsed().as_secs_f64() * 1000.0);
                if s.correct_first_moves.iter().any(|m| correct.contains(m)) {
                    row.ours_hits += 1;
                }
                for m in &s.correct_first_moves {
                    let marked_wrong = p.tree.root().children.iter().any(|&c| {
                        let n = &p.tree.nodes[c];
                        n.mv.map(|x| x.1) == Some(*m) && !n.leads_to_success
                    });
                    if marked_wrong {
                        flagged.push(format!(
                            "{}#{index}: proven {m:?}, the tree marks it wrong",
                            file.display()
                        ));
                    }
                }
                if let Some(g) = gnugo.as_mut() {
                    std::fs::write(&tmp, setup_sgf(&p)).unwrap();
                    let color = if p.to_play == Color::Black {
                        "black"
                    } else {
                        "white"
                    };
                    let start = Instant::now();
                    let _ = g.command(&format!("loadsgf {}", tmp.display())).unwrap();
                    if let Ok(Ok(v)) = g.command(&format!("reg_genmove {color}")) {
                        row.gnugo_ms.push(start.elapsed().as_secs_f64() * 1000.0);
                        if gtp_vertex(&v, p.size).is_some_and(|m| correct.contains(&m)) {
                            row.gnugo_hits += 1;
                        }
                    }
                    let board = p.board();
                    let region: Vec<String> = board
                        .points()
                        .filter(|&q| p.viewport.contains(q) && board.get(q).is_none())
                        .map(|q| q.to_gtp(p.size))
                        .collect();
                    let restricted =
                        g.command(&format!("restricted_genmove {color} {}", region.join(" ")));
                    if let Ok(Ok(v)) = restricted
                        && gtp_vertex(&v, p.size).is_some_and(|m| correct.contains(&m))
                    {
                        row.gnugo_restricted_hits += 1;
                    }
                }
            }
        }
        rows.push(row);
    }
    let _ = std::fs::remove_file(&tmp);
    println!("\n== solver: share of problems where a correct first move of the tree is found ==");
    println!("sente budget: {nodes} nodes per problem, one core; GNU Go 3.8 at its default level");
    println!(
        "{:<18} {:>8} {:>8} {:>10} {:>10} {:>12} {:>14} {:>10}",
        "set",
        "problems",
        "sente",
        "median ms",
        "max ms",
        "gnugo genmv",
        "gnugo region",
        "gnugo ms"
    );
    let pct = |h: usize, n: usize| {
        if n == 0 {
            0.0
        } else {
            100.0 * h as f64 / n as f64
        }
    };
    for mut r in rows {
        let max = r.ours_ms.iter().copied().fold(0.0, f64::max);
        let gnugo = if gnugo.is_some() {
            (
                format!("{:.1}%", pct(r.gnugo_hits, r.problems)),
                format!("{:.1}%", pct(r.gnugo_restricted_hits, r.problems)),
                format!("{:.0}", median(&mut r.gnugo_ms)),
            )
        } else {
            ("-".into(), "-".into(), "-".into())
        };
        println!(
            "{:<18} {:>8} {:>7.1}% {:>10.1} {:>10.0} {:>12} {:>14} {:>10}",
            r.name,
            r.problems,
            pct(r.ours_hits, r.problems),
            median(&mut r.ours_ms),
            max,
            gnugo.0,
            gnugo.1,
            gnugo.2
        );
    }
    println!(
        "goals: >= 95% GGG easy, >= 85% GGG intermediate, >= 60% classical, each within 2 s per problem"
    );
    println!(
        "\nfirst moves proven by the solver that the tree marks wrong: {}",
        flagged.len()
    );
    for f in &flagged {
        println!("  {f}");
    }
}
