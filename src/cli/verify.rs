//! `sente verify`: imports each problem of each file, plays every line of its tree through the
//! judge, and runs the solver on the start position (ARCHITECTURE.md §4).

use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use crate::go::{Color, Move};
use crate::problem::solver::{self, Budget, Status};
use crate::problem::{self, Problem};

/// One line of `verify --json` output.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    pub file: String,
    pub index: usize,
    pub to_play: Option<Color>,
    pub kind: Option<&'static str>,
    pub lines: Lines,
    pub judge_ok: bool,
    pub solver: SolverReport,
    pub warnings: Vec<String>,
    pub error: Option<String>,
    /// The lines the judge got wrong (only when `judge_ok` is false).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub judge_failures: Vec<String>,
}

#[derive(Debug, Default, Serialize)]
pub struct Lines {
    pub correct: usize,
    pub wrong: usize,
}

#[derive(Debug, Serialize)]
pub struct SolverReport {
    pub status: Status,
    pub correct_first_moves: Vec<String>,
    pub ms: u64,
}

/// Verifies every problem of one file.
pub fn verify_file(path: &Path, budget: Budget) -> Vec<VerifyReport> {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let failed = |index: usize, error: String, warnings: Vec<String>| VerifyReport {
        file: file.clone(),
        index,
        to_play: None,
        kind: None,
        lines: Lines::default(),
        judge_ok: false,
        solver: SolverReport {
            status: Status::Unknown,
            correct_first_moves: Vec::new(),
            ms: 0,
        },
        warnings,
        error: Some(error),
        judge_failures: Vec::new(),
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return vec![failed(0, format!("read: {e}"), Vec::new())],
    };
    let problems = match problem::from_sgf_bytes(&bytes) {
        Ok(p) => p,
        Err(e) => return vec![failed(0, format!("sgf: {e}"), Vec::new())],
    };
    problems
        .into_iter()
        .enumerate()
        .map(|(index, p)| match p {
            Err(e) => failed(index, e.to_string(), Vec::new()),
            Ok(p) => verify_problem(&file, index, &p, budget),
        })
        .collect()
}

/// Verifies one imported problem.
pub fn verify_problem(file: &str, index: usize, p: &Problem, budget: Budget) -> VerifyReport {
    let (correct, wrong) = p.line_counts();
    let judge_failures = problem::verify_tree(p);
    let start = Instant::now();
    let solved = solver::solve(p, budget);
    let ms = start.elapsed().as_millis() as u64;
    VerifyReport {
        file: file.to_string(),
        index,
        to_play: Some(p.to_play),
        kind: Some(p.kind.as_str()),
        lines: Lines { correct, wrong },
        judge_ok: judge_failures.is_empty(),
        solver: SolverReport {
            // The verify schema has no ko: a ko is not a proof.
            status: match solved.status {
                Status::Ko => Status::Unknown,
                s => s,
            },
            correct_first_moves: solved
                .correct_first_moves
                .iter()
                .map(|m| match m {
                    Move::Play(p) => p.to_sgf(),
                    Move::Pass => String::new(),
                })
                .collect(),
            ms,
        },
        warnings: p.warnings.clone(),
        error: None,
        judge_failures,
    }
}
