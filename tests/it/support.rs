//! Helpers shared by the integration tests: where the shared data lives, GNU Go, small parsers.

use std::path::PathBuf;

use sente::go::{Board, Color, Game, Move, Point, Rules};
use sente::problem::{Problem, from_sgf_bytes};

/// `../shared/data`, or `None` (with a printed skip message) when it is absent in a user's clone.
/// Under `SENTE_REQUIRE_SHARED=1` (set by `.ci/run`) an absent folder fails the test.
pub fn shared_data(test: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("SENTE_REQUIRE_SHARED").is_ok_and(|v| v == "1") {
        panic!("{test}: ../shared/data is required (SENTE_REQUIRE_SHARED=1) but missing");
    }
    eprintln!("{test}: skipped, ../shared/data is not beside this clone");
    None
}

/// GNU Go in GTP mode with `args` after `--mode gtp`; `None` (the test skipped, said on standard
/// error) when it is not installed, which CI does not allow (`.ci/run` installs it).
pub fn gnugo(test: &str, args: &[&str]) -> Option<sente::gtp::Gtp> {
    let Some(path) = sente::gtp::find_gnugo() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: gnugo is required under CI (.ci/run installs it)"
        );
        eprintln!("{test}: skipped, gnugo is not installed");
        return None;
    };
    let all: Vec<&str> = ["--mode", "gtp"].iter().chain(args).copied().collect();
    Some(sente::gtp::Gtp::start(&path, &all).unwrap())
}

/// Sends a GTP command that must succeed and returns its reply.
pub fn gtp_ok(gtp: &mut sente::gtp::Gtp, c: &str) -> String {
    match gtp.command(c).expect("gnugo is running") {
        Ok(reply) => reply,
        Err(e) => panic!("gnugo refused `{c}`: {e}"),
    }
}

/// Runs the real `sente solve --json ARGS FILE` and returns its JSON object (a failed run fails
/// the test, with its standard error).
pub fn solve_json(file: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["solve", "--json"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// All files under `dir` with the given extension, sorted.
pub fn files_with_ext(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The one problem of an SGF file (a file of several, or one that does not import, fails).
pub fn read_one(path: &std::path::Path) -> Problem {
    let name = path.display();
    let mut problems =
        from_sgf_bytes(&std::fs::read(path).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(problems.len(), 1, "{name}: one problem per file");
    problems.remove(0).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn pt(s: &str) -> Point {
    Point::from_sgf(s).unwrap_or_else(|| panic!("bad point {s}"))
}

/// A game from a diagram (rows of `.XO`) with the given side to move.
pub fn game_from(rows: &str, to_move: Color, rules: Rules) -> Game {
    Game::from_position(
        Board::from_rows(rows).expect("a square diagram"),
        to_move,
        rules,
    )
}

/// Plays space-separated SGF points (or `pass`), panicking with the move on an illegal one.
pub fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = if m == "pass" {
            Move::Pass
        } else {
            Move::Play(pt(m))
        };
        game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// The diagram of a board with whitespace removed, for comparisons.
pub fn rows(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}
