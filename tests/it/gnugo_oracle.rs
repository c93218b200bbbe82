//! GNU Go as an independent rules oracle: random games on 5, 9, 13 and 19 lines, comparing
//! after every move the stones, the capture counts and the full legal-move set over GTP.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use sente::go::{Color, Game, Move, Point, Rng, Rules};

struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(path: &str) -> Gtp {
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--chinese-rules", "--positional-superko"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            stdin,
            stdout,
        }
    }

    fn cmd(&mut self, c: &str) -> String {
        writeln!(self.stdin, "{c}").unwrap();
        self.stdin.flush().unwrap();
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "gnugo closed on {c}"
            );
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            reply.push_str(&line);
        }
        assert!(reply.starts_with('='), "gnugo refused `{c}`: {reply}");
        reply[1..].trim().to_string()
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn find_gnugo() -> Option<String> {
    for dir in std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .chain(["/usr/games"])
    {
        let p = std::path::Path::new(dir).join("gnugo");
        if p.is_file() {
            return Some(p.to_string_lossy().into_owned());
        }
    }
    None
}

fn vertices(reply: &str) -> Vec<String> {
    let mut v: Vec<String> = reply.split_whitespace().map(str::to_uppercase).collect();
    v.sort();
    v
}

fn ours(points: impl Iterator<Item = Point>, size: u8) -> Vec<String> {
    let mut v: Vec<String> = points.map(|p| p.to_gtp(size)).collect();
    v.sort();
    v
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn random_game_against_gnugo(gtp: &mut Gtp, size: u8, rng: &mut Rng) -> usize {
    gtp.cmd(&format!("boardsize {size}"));
    gtp.cmd("clear_board");
    let mut game = Game::new(size, Rules::chinese()).unwrap();
    let mut moves = 0;
    let limit = 3 * size as usize * size as usize;
    while !game.is_over() && moves < limit {
        let me = game.to_move();
        let legal = game.legal_moves();
        let want = vertices(&gtp.cmd(&format!("all_legal {}", color_name(me))));
        assert_eq!(
            ours(legal.iter().copied(), size),
            want,
            "legal moves of {me:?} after {moves} moves"
        );
        // Random legal moves that do not fill one's own eyes, so the game fights to the end.
        let candidates: Vec<Point> = legal
            .into_iter()
            .filter(|&p| !game.board().is_eye(p, me))
            .collect();
        let mv = if candidates.is_empty() {
            Move::Pass
        } else {
            Move::Play(candidates[rng.below(candidates.len())])
        };
        game.play(mv).unwrap();
        let vertex = match mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => p.to_gtp(size),
        };
        gtp.cmd(&format!("play {} {vertex}", color_name(me)));
        moves += 1;
        for c in [Color::Black, Color::White] {
            let stones = game
                .board()
                .points()
                .filter(|&p| game.board().get(p) == Some(c));
            assert_eq!(
                ours(stones, size),
                vertices(&gtp.cmd(&format!("list_stones {}", color_name(c)))),
                "{c:?} stones after {vertex}"
            );
            assert_eq!(
                game.captures(c).to_string(),
                gtp.cmd(&format!("captures {}", color_name(c))),
                "{c:?} captures"
            );
        }
    }
    moves
}

#[test]
fn random_games_agree_with_gnu_go_move_by_move() {
    let Some(gnugo) = find_gnugo() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnugo is required under CI (.ci/run installs it)"
        );
        eprintln!("random_games_agree_with_gnu_go: skipped, gnugo is not installed");
        return;
    };
    let mut gtp = Gtp::start(&gnugo);
    let mut rng = Rng::new(2002);
    let mut total = 0;
    for (size, games) in [(5, 30), (9, 8), (13, 3), (19, 2)] {
        for _ in 0..games {
            total += random_game_against_gnugo(&mut gtp, size, &mut rng);
        }
    }
    assert!(total > 2000, "only {total} moves compared");
}
