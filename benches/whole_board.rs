//! Whole-board questions beside GNU Go 3.8 (issue #10, item 5): positions of Honinbo Shusaku's
//! games from ../shared/data, every chain of three liberties or fewer asked about as the CLI
//! contract asks (`sente solve --goal capture|save|kill|live --target V --move N`, through the
//! same `cli::solve::solve_file`), and GNU Go asked the same of the same position: its tactical
//! `attack` / `defend` for captures and saves, its owl `owl_attack` / `owl_defend` for kills and
//! lives.
//!
//! It prints, by question, how sente's answers split (proven / refuted / ko / unknown), how many
//! are the answer GNU Go gives, and the contradictions: a proof where GNU Go finds no way, or a
//! refutation where GNU Go finds one that works without a ko. GNU Go's readings are not proofs
//! (its tactical reader and owl stop at depth and node limits), so each contradiction is played
//! out: sente's winning move and GNU Go's best answer, or GNU Go's try and sente's refutation,
//! a few moves a side, both programs reading afresh after each pair. Where GNU Go's own reading
//! turns to sente's answer down the line, its first reading was the mistake, counted apart
//! ("played out"); the rest are listed, and must be none.
//!
//! `cargo bench --bench whole_board`; `SENTE_BENCH_LIMIT` (default 12) positions, spread evenly
//! over the games, or `SENTE_BENCH_POSITIONS=Shusaku_236.sgf:198,…` those; `SENTE_SOLVER_MS`
//! (default 2000) sente's time per question, on every core as `sente solve` reads;
//! `SENTE_BENCH_VERBOSE=1` prints every question.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{env_usize, spread};
use sente::cli::solve::{Ask, solve_file};
use sente::go::{Color, Move};
use sente::gtp::{Gtp, find_gnugo};
use sente::problem::solver::{Budget, Question, Solution, Status};

/// The four questions with GNU Go's reading of each, and the one for the other side.
const QUESTIONS: [(&str, Question, &str, &str); 4] = [
    ("capture", Question::Capture, "attack", "defend"),
    ("save", Question::Save, "defend", "attack"),
    ("kill", Question::Kill, "owl_attack", "owl_defend"),
    ("live", Question::Live, "owl_defend", "owl_attack"),
];

/// One question's tallies.
#[derive(Default)]
struct Row {
    asked: usize,
    by_status: [usize; 4],
    same: usize,
    borne_out: usize,
    contradictions: Vec<String>,
    ours_ms: Vec<f64>,
    gnugo_ms: Vec<f64>,
}

/// One position: the game file and the move before which it is read.
struct Position {
    file: PathBuf,
    name: String,
    n: usize,
    /// The board's size, read from GNU Go when the position is first loaded.
    size: u8,
}

/// `limit` games spread evenly over the collection, each read before a move between 40 and 200
/// (varied from game to game, within the game's length).
fn positions(dir: &Path, limit: usize) -> Vec<Position> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let step = (files.len() / limit.max(1)).max(1);
    files
        .into_iter()
        .step_by(step)
        .take(limit)
        .enumerate()
        .filter_map(|(k, file)| {
            let text = String::from_utf8_lossy(&std::fs::read(&file).ok()?).into_owned();
            let moves = text.matches(";B[").count() + text.matches(";W[").count();
            let n = (40 + (k * 53) % 160).min(moves);
            let name = file.file_name()?.to_string_lossy().into_owned();
            (n > 20).then_some(Position {
                file,
                name,
                n,
                size: 0,
            })
        })
        .collect()
}

/// The positions `list` names (`Shusaku_236.sgf:198,…`: a game and the move before which it
/// is read).
fn named_positions(dir: &Path, list: &str) -> Vec<Position> {
    list.split(',')
        .map(|item| {
            let (name, n) = item
                .trim()
                .split_once(':')
                .unwrap_or_else(|| panic!("SENTE_BENCH_POSITIONS: `{item}` is not GAME.sgf:MOVE"));
            let n = n
                .parse()
                .unwrap_or_else(|_| panic!("SENTE_BENCH_POSITIONS: `{n}` is not a move number"));
            let file = dir.join(name);
            assert!(
                file.is_file(),
                "SENTE_BENCH_POSITIONS: no game {}",
                file.display()
            );
            Position {
                file,
                name: name.to_string(),
                n,
                size: 0,
            }
        })
        .collect()
}

/// GNU Go's reply to a reading command: its code (0 none, 1 it works, 2 and 3 a ko) and move.
fn reading(g: &mut Gtp, command: &str) -> (u8, Option<String>) {
    let reply = match g.command(command) {
        Ok(Ok(r)) => r,
        other => panic!("gnugo: `{command}`: {other:?}"),
    };
    let mut words = reply.split_whitespace();
    let code = words.next().and_then(|c| c.parse().ok()).unwrap_or(0);
    (code, words.next().map(str::to_string))
}

fn gtp(g: &mut Gtp, command: &str) -> String {
    match g.command(command) {
        Ok(Ok(r)) => r,
        other => panic!("gnugo: `{command}`: {other:?}"),
    }
}

/// A colour as GTP names it.
fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// How many moves of each side a contradiction is played out ([`played_out`]).
const PLAY_OUT: usize = 4;

/// A move of sente's in GTP form.
fn vertex_of(m: &Move, size: u8) -> String {
    match m {
        Move::Play(p) => p.to_gtp(size),
        Move::Pass => "pass".to_string(),
    }
}

/// One question, its position's board size and who plays first and second in it.
struct Asked<'a> {
    vertex: &'a str,
    question: Question,
    /// GNU Go's reading for the side that moves first, and for the other.
    theirs: &'a str,
    other: &'a str,
    size: u8,
    sides: (&'a str, &'a str),
}

/// Plays `mv` for `side` in GNU Go; whether the target still stands.
fn play_standing(g: &mut Gtp, a: &Asked, side: &str, mv: &str) -> bool {
    gtp(g, &format!("play {side} {mv}"));
    gtp(g, &format!("color {}", a.vertex)) != "empty"
}

/// Plays a contradiction out in GNU Go, up to [`PLAY_OUT`] moves a side: where sente proved,
/// its winning move and GNU Go's best answer for the other side; where sente refuted, GNU Go's
/// try and sente's refuting answer; then sente reads the same question afresh (on GNU Go's
/// `printsgf` of the position, which leaves out a ko's ban) and GNU Go its reading. Whether
/// GNU Go's own reading, somewhere down the line, turns to sente's answer (the other side has
/// no way left, or the target is taken as sente said): GNU Go's first reading was then the
/// mistake. A line that leaves sente's reading (`unknown`, or a try sente did not refute) is
/// not borne out.
fn played_out(
    g: &mut Gtp,
    pos: &Position,
    a: &Asked,
    ours: &Solution,
    theirs: Option<String>,
    budget: Budget,
) -> bool {
    let tmp = std::env::temp_dir().join(format!("sente-whole-board-{}.sgf", std::process::id()));
    let turned = play_out(g, pos, a, (ours, theirs), (budget, &tmp));
    let _ = std::fs::remove_file(&tmp);
    turned
}

/// [`played_out`]'s moves, with `tmp` the file sente reads each new position from.
fn play_out(
    g: &mut Gtp,
    pos: &Position,
    a: &Asked,
    (ours, theirs): (&Solution, Option<String>),
    (budget, tmp): (Budget, &Path),
) -> bool {
    let takes = a.question.attacker_moves();
    let (first, second) = a.sides;
    gtp(g, &format!("loadsgf {} {}", pos.file.display(), pos.n));
    let (mut ours, mut theirs) = (ours.clone(), theirs);
    for _ in 0..PLAY_OUT {
        match ours.status {
            Status::Proven => {
                let Some(m) = ours.correct_first_moves.first() else {
                    return false;
                };
                if !play_standing(g, a, first, &vertex_of(m, a.size)) {
                    return takes;
                }
                let (code, answer) = reading(g, &format!("{} {}", a.other, a.vertex));
                if code == 0 {
                    return true;
                }
                let Some(answer) = answer else { return false };
                if !play_standing(g, a, second, &answer) {
                    return false;
                }
            }
            Status::Refuted => {
                let Some(x) = theirs.take() else { return false };
                let reply = ours
                    .refutations
                    .iter()
                    .find(|(t, _)| vertex_of(t, a.size).eq_ignore_ascii_case(&x));
                let Some((_, r)) = reply else { return false };
                if !play_standing(g, a, first, &x) {
                    return !takes;
                }
                if !play_standing(g, a, second, &vertex_of(r, a.size)) {
                    return !takes;
                }
                let (code, next) = reading(g, &format!("{} {}", a.theirs, a.vertex));
                if code == 0 {
                    return true;
                }
                theirs = next;
            }
            Status::Ko | Status::Unknown => return false,
        }
        gtp(g, &format!("printsgf {}", tmp.display()));
        let asked = Ask {
            question: Some((a.question, a.vertex)),
            move_number: None,
        };
        ours = solve_file(tmp, &asked, budget).unwrap_or_else(|e| panic!("sente: {e}"));
    }
    false
}

/// Asks one question of sente and of GNU Go, and tallies it in `row`: the verbose line.
fn ask(
    g: &mut Gtp,
    pos: &Position,
    (vertex, libs): (&str, usize),
    (label, question, theirs, other): (&str, Question, &str, &str),
    (budget, row): (Budget, &mut Row),
) -> String {
    gtp(g, &format!("loadsgf {} {}", pos.file.display(), pos.n));
    let owner = match gtp(g, &format!("color {vertex}")).as_str() {
        "black" => Color::Black,
        _ => Color::White,
    };
    let first = question.first_mover(owner);
    let size = pos.size;
    let clock = Instant::now();
    let (code, their_move) = reading(g, &format!("{theirs} {vertex}"));
    row.gnugo_ms.push(clock.elapsed().as_secs_f64() * 1000.0);
    let clock = Instant::now();
    let asked = Ask {
        question: Some((question, vertex)),
        move_number: Some(pos.n),
    };
    let ours = solve_file(&pos.file, &asked, budget).unwrap_or_else(|e| panic!("sente: {e}"));
    row.ours_ms.push(clock.elapsed().as_secs_f64() * 1000.0);
    row.asked += 1;
    let k = match ours.status {
        Status::Proven => 0,
        Status::Refuted => 1,
        Status::Ko => 2,
        Status::Unknown => 3,
    };
    row.by_status[k] += 1;
    let same = matches!(
        (ours.status, code),
        (Status::Proven, 1..) | (Status::Refuted, 0) | (Status::Ko, 2..)
    );
    row.same += usize::from(same);
    let contradicts = matches!(
        (ours.status, code),
        (Status::Proven, 0) | (Status::Refuted, 1)
    );
    let what = format!(
        "{} before move {}: {label} {vertex} ({libs} liberties)",
        pos.name, pos.n
    );
    let ours_mv = ours.correct_first_moves.first().map(|m| vertex_of(m, size));
    let a = Asked {
        vertex,
        question,
        theirs,
        other,
        size,
        sides: (colour_name(first), colour_name(first.opponent())),
    };
    let verdict = if !contradicts {
        if same { "as GNU Go" } else { "differs" }
    } else if played_out(g, pos, &a, &ours, their_move.clone(), budget) {
        row.borne_out += 1;
        "played out, GNU Go's reading turns to sente's"
    } else {
        row.contradictions.push(format!(
            "{what}: sente {:?} ({ours_mv:?}), GNU Go {theirs} {code} ({their_move:?})",
            ours.status
        ));
        "CONTRADICTION"
    };
    format!(
        "{what}: sente {:?} {:?} in {} ms, GNU Go {theirs} {code} {their_move:?}: {verdict}",
        ours.status, ours_mv, ours.ms
    )
}

fn print_table(rows: &[Row], positions: usize, budget: Budget) {
    println!(
        "\n== whole-board questions beside GNU Go 3.8: {positions} positions of Shusaku's games, every \
         chain of 3 liberties or fewer (captures and saves: 2 or fewer) =="
    );
    println!(
        "sente: {} ms per question, {} core(s), through `sente solve`'s own reading; GNU Go at level 10",
        budget.time.as_millis(),
        budget.threads
    );
    println!(
        "{:<8} {:>5} | {:>6} {:>7} {:>4} {:>7} | {:>9} {:>9} {:>6} | {:>6} {:>6} {:>6} | {:>6} {:>6}",
        "question",
        "asked",
        "proven",
        "refuted",
        "ko",
        "unknown",
        "as GNU Go",
        "borne out",
        "contra",
        "med",
        "p95",
        "max",
        "gnugo",
        "max"
    );
    for ((label, ..), r) in QUESTIONS.iter().zip(rows) {
        let (med, p95, max) = spread(&r.ours_ms);
        let (gmed, _, gmax) = spread(&r.gnugo_ms);
        let [p, f, k, u] = r.by_status;
        println!(
            "{label:<8} {:>5} | {p:>6} {f:>7} {k:>4} {u:>7} | {:>9} {:>9} {:>6} | {med:>6.0} {p95:>6.0} {max:>6.0} | {gmed:>6.0} {gmax:>6.0}",
            r.asked,
            r.same,
            r.borne_out,
            r.contradictions.len()
        );
    }
    let all: Vec<&String> = rows.iter().flat_map(|r| &r.contradictions).collect();
    println!(
        "\ncontradictions GNU Go's reading after the move does not resolve: {}",
        all.len()
    );
    for c in all {
        println!("  {c}");
    }
}

fn main() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/games/shusaku");
    if !data.is_dir() {
        println!("whole-board benchmark: skipped, ../shared/data is not beside this clone");
        return;
    }
    let Some(gnugo) = find_gnugo() else {
        println!("whole-board benchmark: skipped, gnugo is not installed");
        return;
    };
    let args = ["--mode", "gtp", "--chinese-rules", "--level", "10"];
    let mut g = Gtp::start(&gnugo, &args).expect("start gnugo");
    let ms = env_usize("SENTE_SOLVER_MS").unwrap_or(2000);
    let verbose = env_usize("SENTE_BENCH_VERBOSE").unwrap_or(0) > 0;
    let budget = Budget {
        time: Duration::from_millis(ms as u64),
        ..Budget::default()
    }
    .on_every_core();
    let mut rows: Vec<Row> = QUESTIONS.iter().map(|_| Row::default()).collect();
    let mut positions = match std::env::var("SENTE_BENCH_POSITIONS") {
        Ok(list) => named_positions(&data, &list),
        Err(_) => positions(&data, env_usize("SENTE_BENCH_LIMIT").unwrap_or(12)),
    };
    for pos in &mut positions {
        gtp(&mut g, &format!("loadsgf {} {}", pos.file.display(), pos.n));
        pos.size = gtp(&mut g, "query_boardsize")
            .parse()
            .expect("a board size");
        let chains = g.chains().expect("gnugo runs").expect("gnugo lists chains");
        for (vertex, libs) in chains {
            for (k, q) in QUESTIONS.iter().enumerate() {
                if libs > 3 || (libs > 2 && k < 2) {
                    continue;
                }
                let line = ask(&mut g, pos, (&vertex, libs), *q, (budget, &mut rows[k]));
                if verbose {
                    println!("{line}");
                }
            }
        }
    }
    print_table(&rows, positions.len(), budget);
}
