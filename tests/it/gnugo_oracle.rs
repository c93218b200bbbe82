//! GNU Go as an independent rules oracle: random games on 5, 9, 13 and 19 lines, comparing
//! after every move the stones, the capture counts and the full legal-move set over GTP.

use sente::go::{Color, Game, Move, Point, Rng, Rules};
use sente::gtp::Gtp;

use crate::support::gtp_ok as cmd;

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
    cmd(gtp, &format!("boardsize {size}"));
    cmd(gtp, "clear_board");
    let mut game = Game::new(size, Rules::chinese()).unwrap();
    let mut moves = 0;
    let limit = 3 * size as usize * size as usize;
    while !game.is_over() && moves < limit {
        let me = game.to_move();
        let legal = game.legal_moves();
        let want = vertices(&cmd(gtp, &format!("all_legal {}", color_name(me))));
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
        cmd(gtp, &format!("play {} {vertex}", color_name(me)));
        moves += 1;
        for c in [Color::Black, Color::White] {
            let stones = game
                .board()
                .points()
                .filter(|&p| game.board().get(p) == Some(c));
            assert_eq!(
                ours(stones, size),
                vertices(&cmd(gtp, &format!("list_stones {}", color_name(c)))),
                "{c:?} stones after {vertex}"
            );
            assert_eq!(
                game.captures(c).to_string(),
                cmd(gtp, &format!("captures {}", color_name(c))),
                "{c:?} captures"
            );
        }
    }
    moves
}

#[test]
fn random_games_agree_with_gnu_go_move_by_move() {
    let Some(mut gtp) = crate::support::gnugo(
        "random_games_agree_with_gnu_go",
        &["--chinese-rules", "--positional-superko"],
    ) else {
        return;
    };
    let mut rng = Rng::new(2002);
    let mut total = 0;
    for (size, games) in [(5, 30), (9, 8), (13, 3), (19, 2)] {
        for _ in 0..games {
            total += random_game_against_gnugo(&mut gtp, size, &mut rng);
        }
    }
    assert!(total > 2000, "only {total} moves compared");
}
