//! The `sente` command: serve the trainer, import/export/verify problems, replay records.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use sente::cli::{collect_sgf_files, replay};

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
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { json, paths } => run_replay(json, &paths),
    }
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
