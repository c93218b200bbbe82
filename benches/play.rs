//! Computer opponent benchmark (issue #13): each level against the one below on 7×7 capture-Go
//! (first to capture 3), colours alternated, then the top level against GNU Go 3.8 on 9×9 Go
//! (Chinese rules, komi 7.5), GNU Go's `final_score` as the referee.
//!
//! `cargo bench --bench play -- --games N` (default 50 per pair); `--gnugo-games M` (default N)
//! sets the games against GNU Go, `--from L` skips pairs below level L, `--playouts P` gives the
//! top level a fixed playout budget against GNU Go instead of its time limit (A/B tests),
//! `--jobs J` (default 1) plays J games at once, one per core: each game keeps its own seed, so
//! the results are those of a run with one job whenever the searches end by playouts.
//! First it prints the search's playouts per second.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use sente::go::{Color, Move, Point};
use sente::gtp::{Gtp, find_gnugo};
use sente::play::{Bot, Kind, Limits, Match};

fn arg(name: &str) -> Option<u32> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
}

/// Runs `play(g)` for every game `g` in `0..games` on `jobs` threads; the results in game order.
fn run_games<T: Send>(games: u32, jobs: u32, play: impl Fn(u32) -> T + Sync) -> Vec<T> {
    let next = AtomicU32::new(0);
    let done = Mutex::new(Vec::with_capacity(games as usize));
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, games.max(1)) {
            s.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let r = play(g);
                    done.lock().expect("no job panicked").push((g, r));
                }
            });
        }
    });
    let mut done = done.into_inner().expect("no job panicked");
    done.sort_by_key(|(g, _)| *g);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Plays one match to its end; returns the winner.
fn play_out(m: &mut Match, black: &mut Bot, white: &mut Bot) -> Option<Color> {
    let mut plies = 0;
    while m.result().is_none() && plies < 400 {
        let bot = if m.to_move() == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let mv = bot.choose(m);
        m.play(mv).expect("bots play legal moves");
        plies += 1;
    }
    m.result().and_then(|o| o.winner)
}

/// Playouts per second of the top level's search on an empty 9×9 Go board and a 7×7
/// capture-Go board, for a fixed one-second budget each (fewer when other work shares the CPU).
fn speed() {
    for (kind, size) in [
        (Kind::Go { handicap: 0 }, 9),
        (Kind::Capture { target: 3 }, 7),
    ] {
        let m = Match::new(kind, size).expect("a board");
        let mut bot = Bot::with_limits(
            7,
            1,
            Limits {
                time: Duration::from_secs(1),
                playouts: u32::MAX,
            },
        );
        let t = Instant::now();
        bot.choose(&m);
        println!(
            "search speed ({size}x{size} {kind:?}): {:.0} playouts/s",
            f64::from(bot.last_playouts()) / t.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    speed();
    let games = arg("--games").unwrap_or(50);
    let gnugo_games = arg("--gnugo-games").unwrap_or(games);
    let jobs = arg("--jobs").unwrap_or(1).max(1);
    let from = arg("--from").unwrap_or(1).clamp(1, 6) as u8;
    for low in (from..7).filter(|_| games > 0) {
        let high = low + 1;
        let start = Instant::now();
        let winners = run_games(games, jobs, |g| {
            let mut m = Match::new(Kind::Capture { target: 3 }, 7).expect("7x7 capture-Go");
            let seed = u64::from(g) * 7919 + u64::from(low);
            let mut strong = Bot::new(high, seed);
            let mut weak = Bot::new(low, seed + 1);
            let strong_colour = if g.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            };
            let winner = if strong_colour == Color::Black {
                play_out(&mut m, &mut strong, &mut weak)
            } else {
                play_out(&mut m, &mut weak, &mut strong)
            };
            (winner, strong_colour)
        });
        let won = winners.iter().filter(|(w, s)| *w == Some(*s)).count();
        let draws = winners.iter().filter(|(w, _)| w.is_none()).count();
        println!(
            "level {high} vs level {low} (7x7 capture-3): {won}/{games} won ({:.0}%), {draws} drawn, {:.1} s",
            100.0 * won as f64 / f64::from(games.max(1)),
            start.elapsed().as_secs_f64()
        );
    }
    vs_gnugo(gnugo_games, jobs);
}

/// One game of the top level against GNU Go: the bot's colour, the winner, the plies played,
/// and the bot's time and playouts for each of its moves.
struct GnuGoGame {
    ours: Color,
    winner: Color,
    plies: u32,
    times: Vec<Duration>,
    playouts: u64,
}

fn vs_gnugo(games: u32, jobs: u32) {
    let Some(path) = find_gnugo() else {
        println!("top level vs GNU Go 3.8: skipped, gnugo is not installed");
        return;
    };
    let won_so_far = AtomicU32::new(0);
    let played = AtomicU32::new(0);
    let results = run_games(games, jobs, |g| {
        let r = gnugo_game(&path, g);
        let win = u32::from(r.winner == r.ours);
        let won = won_so_far.fetch_add(win, Ordering::Relaxed) + win;
        let n = played.fetch_add(1, Ordering::Relaxed) + 1;
        println!(
            "  game {}: ours {:?}, {} plies, winner {:?} ({won}/{n} won so far)",
            g + 1,
            r.ours,
            r.plies,
            r.winner
        );
        r
    });
    let won = results.iter().filter(|r| r.winner == r.ours).count();
    let times: Vec<Duration> = results
        .iter()
        .flat_map(|r| r.times.iter().copied())
        .collect();
    let playouts: u64 = results.iter().map(|r| r.playouts).sum();
    let total = times.iter().sum::<Duration>().as_secs_f64();
    let mean = total / times.len().max(1) as f64;
    let max = times
        .iter()
        .max()
        .copied()
        .unwrap_or_default()
        .as_secs_f64();
    println!(
        "our time per move: mean {mean:.2} s, max {max:.2} s over {} moves; {:.0} playouts/move, {:.0} playouts/s",
        times.len(),
        playouts as f64 / times.len().max(1) as f64,
        playouts as f64 / total.max(1e-9)
    );
    println!("top level vs GNU Go 3.8 (9x9, level 10): {won}/{games} won");
}

/// Plays game `g` (the bot is Black in even games) against a fresh GNU Go to its end; GNU Go's
/// `final_score` decides a game nobody resigned.
fn gnugo_game(path: &std::path::Path, g: u32) -> GnuGoGame {
    let mut gnugo = Gtp::start(
        path,
        &[
            "--mode",
            "gtp",
            "--level",
            "10",
            "--chinese-rules",
            "--komi",
            "7.5",
        ],
    )
    .expect("start gnugo");
    let send = |gtp: &mut Gtp, c: &str| gtp.command(c).expect("gnugo answers");
    send(&mut gnugo, "boardsize 9").expect("boardsize");
    send(&mut gnugo, "clear_board").expect("clear_board");
    send(&mut gnugo, "komi 7.5").expect("komi");
    let mut m = Match::new(Kind::Go { handicap: 0 }, 9).expect("9x9 Go");
    let mut bot = match arg("--playouts") {
        // A fixed playout budget instead of the clock: repeatable A/B comparisons.
        Some(n) => Bot::with_limits(
            7,
            u64::from(g),
            Limits {
                time: Duration::from_secs(60),
                playouts: n,
            },
        ),
        None => Bot::new(7, u64::from(g)),
    };
    let ours = if g.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    };
    let letter = |c: Color| if c == Color::Black { "b" } else { "w" };
    let mut resigned = None;
    let mut plies = 0;
    let mut times = Vec::new();
    let mut playouts = 0u64;
    while m.result().is_none() && plies < 300 {
        plies += 1;
        let c = m.to_move();
        if c == ours {
            let t = Instant::now();
            let mv = bot.choose(&m);
            times.push(t.elapsed());
            playouts += u64::from(bot.last_playouts());
            m.play(mv).expect("our move is legal");
            let v = match mv {
                Move::Play(p) => p.to_gtp(9),
                Move::Pass => "pass".into(),
            };
            send(&mut gnugo, &format!("play {} {v}", letter(c))).expect("gnugo accepts");
        } else {
            let reply = send(&mut gnugo, &format!("genmove {}", letter(c))).expect("genmove");
            if reply.eq_ignore_ascii_case("resign") {
                resigned = Some(c);
                break;
            }
            let mv = if reply.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                Move::Play(Point::from_gtp(&reply, 9).expect("a vertex"))
            };
            if m.play(mv).is_err() {
                // A repetition our superko forbids but GNU Go allows: count the board now.
                break;
            }
        }
    }
    let winner = match resigned {
        Some(c) => c.opponent(),
        None => {
            let score = send(&mut gnugo, "final_score").unwrap_or_default();
            if score.starts_with('B') {
                Color::Black
            } else {
                Color::White
            }
        }
    };
    GnuGoGame {
        ours,
        winner,
        plies,
        times,
        playouts,
    }
}
