//! The `sente` command: serve the trainer, import/export/verify problems, replay records.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use sente::cli::{collect_sgf_files, replay, verify};
use sente::problem::solver::{self, Budget};

#[derive(Parser)]
#[command(name = "sente", version, about = "先手 sente — Go problem trainer")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay each record's main line under the Chinese rules and report the final position.
    Replay {
        /// One JSON object per file and line (the contract of ARCHITECTURE.md §4).
        #[arg(long)]
        json: bool,
        /// SGF files or folders (searched recursively for *.sgf).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Import each problem, check every line of its tree with the judge, run the solver.
    Verify {
        /// One JSON object per problem and line (the contract of ARCHITECTURE.md §4).
        #[arg(long)]
        json: bool,
        /// Solver node budget per problem.
        #[arg(long, default_value_t = 200_000)]
        nodes: u64,
        /// SGF files or folders (searched recursively for *.sgf).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Run the solver on one problem file and print its proof (first moves and refutations).
    Solve {
        #[arg(long)]
        json: bool,
        #[arg(long, default_value_t = 1_000_000)]
        nodes: u64,
        file: PathBuf,
    },
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { json, paths } => run_replay(json, &paths),
        Command::Verify { json, nodes, paths } => run_verify(
            json,
            Budget {
                nodes,
                ..Budget::default()
            },
            &paths,
        ),
        Command::Solve { json, nodes, file } => run_solve(
            json,
            Budget {
                nodes,
                ..Budget::default()
            },
            &file,
        ),
    }
}

fn run_verify(json: bool, budget: Budget, paths: &[PathBuf]) -> anyhow::Result<()> {
    let files = collect_sgf_files(paths)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut problems, mut bad) = (0, 0);
    for (k, path) in files.iter().enumerate() {
        for r in verify::verify_file(path, budget) {
            problems += 1;
            bad += usize::from(!r.judge_ok || r.error.is_some());
            if json {
                writeln!(out, "{}", serde_json::to_string(&r)?)?;
            } else {
                let status = match (&r.error, r.judge_ok) {
                    (Some(e), _) => format!("ERROR {e}"),
                    (None, true) => "ok".into(),
                    (None, false) => format!("JUDGE {}", r.judge_failures.join("; ")),
                };
                writeln!(
                    out,
                    "{}#{}: {} lines ({} correct), solver {:?} {:?} in {} ms: {status}",
                    path.display(),
                    r.index,
                    r.lines.correct + r.lines.wrong,
                    r.lines.correct,
                    r.solver.status,
                    r.solver.correct_first_moves,
                    r.solver.ms
                )?;
            }
        }
        if !json && files.len() > 20 {
            // Progress on stderr so that stdout stays a clean report.
            eprint!("\r[{}/{}] files", k + 1, files.len());
        }
    }
    out.flush()?;
    if !json {
        eprintln!("\n{problems} problems, {bad} with errors or judge failures");
    }
    Ok(())
}

fn run_solve(json: bool, budget: Budget, file: &std::path::Path) -> anyhow::Result<()> {
    let bytes = std::fs::read(file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let problems = sente::problem::from_sgf_bytes(&bytes)
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let problem = problems
        .into_iter()
        .next()
        .ok_or_else(|| anyhow::anyhow!("{}: no problem", file.display()))?;
    let problem = problem.map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let start = std::time::Instant::now();
    let solution = solver::solve(&problem, budget);
    let ms = start.elapsed().as_millis();
    if json {
        let mut v = serde_json::to_value(&solution)?;
        v["file"] = file
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default()
            .into();
        v["ms"] = (ms as u64).into();
        println!("{v}");
    } else {
        println!(
            "{}: {:?} after {} nodes in {ms} ms",
            file.display(),
            solution.status,
            solution.nodes
        );
        for m in &solution.correct_first_moves {
            println!("  correct: {m:?}");
        }
        for (m, r) in &solution.refutations {
            println!("  wrong: {m:?}, refuted by {r:?}");
        }
    }
    Ok(())
}

fn run_replay(json: bool, paths: &[PathBuf]) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = 0;
    for path in collect_sgf_files(paths)? {
        let report = replay::replay_file(&path);
        failed += usize::from(report.error.is_some());
        if json {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            let status = report.error.as_deref().unwrap_or("ok");
            writeln!(
                out,
                "{}: {} moves, prisoners B {} W {}: {status}",
                path.display(),
                report.moves,
                report.prisoners.black,
                report.prisoners.white
            )?;
        }
    }
    out.flush()?;
    if failed > 0 && !json {
        eprintln!("{failed} file(s) stopped at an illegal move or could not be read");
    }
    Ok(())
}
