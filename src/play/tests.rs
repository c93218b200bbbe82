//! The engine's behaviour as the web layer relies on it.

use std::time::{Duration, Instant};

use super::*;
use crate::go::{Color, Move, Point, Rules, replay_main_line, sgf};

fn mv(s: &str) -> Move {
    if s == "pass" {
        Move::Pass
    } else {
        Move::Play(Point::from_sgf(s).unwrap())
    }
}

fn play_all(m: &mut Match, moves: &str) {
    for s in moves.split_whitespace() {
        m.play(mv(s)).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

/// Black takes the two White stones ba and ca with its move at da.
const TWO_STONE_CAPTURE: &str = "bb ba cb ca aa ee da";

#[test]
fn capture_go_is_won_by_the_first_to_reach_the_target_and_a_multi_stone_capture_counts_all() {
    let mut m = Match::new(Kind::Capture { target: 1 }, 5).unwrap();
    play_all(&mut m, TWO_STONE_CAPTURE);
    let o = m.result().expect("Black captured");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, Reason::Captured { stones: 2 });
    assert_eq!(m.play(mv("dd")), Err(PlayError::Finished));

    let mut m = Match::new(Kind::Capture { target: 3 }, 5).unwrap();
    play_all(&mut m, TWO_STONE_CAPTURE);
    assert_eq!(m.result(), None, "two of three");
    assert_eq!(m.game().captures(Color::Black), 2);
}

#[test]
fn capture_go_refuses_other_sizes_and_targets() {
    assert_eq!(
        Match::new(Kind::Capture { target: 1 }, 6).unwrap_err(),
        SetupError::CaptureSize(6)
    );
    assert_eq!(
        Match::new(Kind::Capture { target: 2 }, 7).unwrap_err(),
        SetupError::CaptureTarget(2)
    );
    assert_eq!(
        Match::new(Kind::Go { handicap: 0 }, 7).unwrap_err(),
        SetupError::GoSize(7)
    );
}

#[test]
fn a_nine_by_nine_game_is_counted_by_area_with_komi_three_and_three_quarter_stones() {
    let mut m = Match::new(Kind::Go { handicap: 0 }, 9).unwrap();
    // Black walls off the five left columns (e-column), White the four right ones (f-column).
    for y in 0..9u8 {
        let row = (b'a' + y) as char;
        play_all(&mut m, &format!("e{row} f{row}"));
    }
    play_all(&mut m, "pass pass");
    let o = m.result().expect("two passes end the game");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, Reason::Score { margin: 1.5 });
    let score = m.score().unwrap();
    assert_eq!((score.black, score.white), (45.0, 36.0));
    assert_eq!(score.result_zh(), "黑胜¾子");
    assert_eq!(o.sgf_result(), "B+1.5");
}

#[test]
fn a_handicap_game_starts_with_white_and_compensates_white() {
    let m = Match::new(Kind::Go { handicap: 2 }, 9).unwrap();
    assert_eq!(m.to_move(), Color::White);
    assert_eq!(m.game().board().stone_count(Color::Black), 2);
    assert!(m.to_sgf().contains("HA[2]"));
}

#[test]
fn undo_takes_back_moves_and_results_and_counts_who_asked() {
    let mut m = Match::new(Kind::Capture { target: 1 }, 5).unwrap();
    play_all(&mut m, TWO_STONE_CAPTURE);
    assert!(m.result().is_some());
    assert!(m.undo(Color::White));
    assert_eq!(m.result(), None);
    assert_eq!(m.to_move(), Color::Black);
    assert_eq!(
        m.game().board().get(Point::from_sgf("ba").unwrap()),
        Some(Color::White)
    );
    assert!(m.undo(Color::White));
    assert_eq!(m.moves().len(), 5);
    assert_eq!(m.undos(Color::White), 2);
    assert_eq!(m.undos(Color::Black), 0);
    let mut fresh = Match::new(Kind::Capture { target: 1 }, 5).unwrap();
    assert!(!fresh.undo(Color::Black));
}

#[test]
fn resignation_ends_the_match_for_the_other_side() {
    let mut m = Match::new(Kind::Go { handicap: 0 }, 13).unwrap();
    play_all(&mut m, "dd");
    m.resign(Color::White).unwrap();
    let o = m.result().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::Resignation)
    );
    assert_eq!(o.sgf_result(), "B+R");
}

fn bot_game(kind: Kind, size: u8, black: u8, white: u8, seed: u64) -> Match {
    let mut m = Match::new(kind, size).unwrap();
    let mut bots = [
        Bot::with_limits(black, seed, quick()),
        Bot::with_limits(white, seed + 1, quick()),
    ];
    let mut plies = 0;
    while m.result().is_none() && plies < 300 {
        let mv = bots[m.to_move().index()].choose(&m);
        m.play(mv)
            .unwrap_or_else(|e| panic!("level move {mv:?} refused: {e}"));
        plies += 1;
    }
    m
}

/// A playout-bound budget: repeatable, and quick in a debug build.
fn quick() -> Limits {
    Limits {
        time: Duration::from_secs(60),
        playouts: 200,
    }
}

#[test]
fn the_sgf_export_reads_back_move_for_move() {
    for (kind, size) in [
        (Kind::Capture { target: 3 }, 7),
        (Kind::Go { handicap: 0 }, 9),
        (Kind::Go { handicap: 3 }, 9),
    ] {
        let m = bot_game(kind, size, 3, 4, 11);
        let text = m.to_sgf();
        let file = sgf::parse(text.as_bytes()).unwrap();
        let root = file.root(0).unwrap();
        assert_eq!(root.get("SZ"), Some(size.to_string().as_str()));
        let replay = replay_main_line(root, Rules::chinese()).unwrap();
        assert_eq!(replay.illegal, None, "{text}");
        assert_eq!(replay.moves, m.moves().len());
        assert_eq!(replay.game.board(), m.game().board(), "{text}");
        if let Some(o) = m.result() {
            assert_eq!(root.get("RE"), Some(o.sgf_result().as_str()));
        }
    }
}

#[test]
fn level_one_plays_only_legal_moves_to_the_end() {
    for seed in 0..6 {
        let m = bot_game(Kind::Capture { target: 5 }, 7, 1, 1, seed);
        assert!(m.result().is_some());
        let m = bot_game(Kind::Go { handicap: 0 }, 9, 1, 1, seed);
        assert!(m.result().is_some(), "level 1 games end");
    }
}

#[test]
fn level_one_sometimes_puts_its_own_stones_in_atari() {
    let mut self_ataris = 0;
    for seed in 0..10 {
        let mut m = Match::new(Kind::Capture { target: 5 }, 7).unwrap();
        let mut bot = Bot::new(1, seed);
        while m.result().is_none() && m.moves().len() < 40 {
            let mv = bot.choose(&m);
            if let Move::Play(p) = mv {
                let f = super::tactics::facts(m.game().board(), p, m.to_move());
                self_ataris += u32::from(f.self_atari && f.captures == 0);
            }
            m.play(mv).unwrap();
        }
    }
    assert!(self_ataris > 0);
}

#[test]
fn every_level_answers_within_its_time_budget() {
    let mut m = Match::new(Kind::Go { handicap: 0 }, 9).unwrap();
    play_all(&mut m, "ee cc gc cg gg dc fd");
    for level in 1..=7u8 {
        let mut bot = Bot::new(level, 5);
        let budget = bot.limits().time;
        let t = Instant::now();
        let mv = bot.choose(&m);
        let took = t.elapsed();
        assert!(m.game().check(mv).is_ok());
        assert!(
            took <= budget + Duration::from_millis(150),
            "level {level} took {took:?} for {budget:?}"
        );
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for (kind, size, a, b) in [
        (Kind::Capture { target: 3 }, 7, 2, 6),
        (Kind::Go { handicap: 0 }, 9, 4, 5),
    ] {
        let first = bot_game(kind, size, a, b, 99);
        let second = bot_game(kind, size, a, b, 99);
        assert_eq!(first.moves(), second.moves());
        let other = bot_game(kind, size, a, b, 100);
        assert_ne!(first.moves(), other.moves(), "another seed, another game");
    }
}

#[test]
fn the_search_takes_a_winning_capture_in_capture_go() {
    let mut m = Match::new(Kind::Capture { target: 1 }, 5).unwrap();
    // White's stone at ba is in atari after Black's cb... Black to take it at ca.
    play_all(&mut m, "aa ba bb ee");
    assert!(m.game().board().in_atari(Point::from_sgf("ba").unwrap()));
    let mut bot = Bot::with_limits(6, 1, quick());
    assert_eq!(bot.choose(&m), mv("ca"));
}

/// Random games (simple ko, so legality must agree exactly) on the fast board and the rules
/// core side by side: same legal moves, captures, stones, ataris, liberties and self-ataris.
#[test]
fn the_fast_board_agrees_with_the_rules_core_move_by_move_in_random_games() {
    use super::fast::{BLACK, EMPTY, Fast, WHITE, stone};
    use crate::go::{Game, KoRule, Rng};
    let rules = Rules {
        ko: KoRule::Simple,
        ..Rules::chinese()
    };
    let mut checked = 0;
    for seed in 0..24u64 {
        let size = [5u8, 7, 9, 13][seed as usize % 4];
        let mut game = Game::new(size, rules).unwrap();
        let mut fast = Fast::from_board(game.board()).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..400 {
            if game.is_over() {
                break;
            }
            let color = game.to_move();
            let me = stone(color);
            let legal = game.legal_moves();
            let fast_legal: Vec<Point> = game
                .board()
                .points()
                .filter(|&p| fast.legal(fast.index(p), me))
                .collect();
            assert_eq!(legal, fast_legal, "legal moves, seed {seed}");
            for &p in &legal {
                let i = fast.index(p);
                let mut after = fast.clone();
                let taken = after.play(i, me);
                let expected = if taken == 0 && after.in_atari(i) {
                    after.chain_stones(i)
                } else {
                    0
                };
                assert_eq!(fast.self_atari(i, me), expected, "self-atari at {p:?}");
            }
            if legal.is_empty() || rng.chance(0.03) {
                game.play(Move::Pass).unwrap();
                fast.pass();
                continue;
            }
            let p = legal[rng.below(legal.len())];
            let before = game.captures(color);
            game.play(Move::Play(p)).unwrap();
            let taken = fast.play(fast.index(p), me);
            assert_eq!(taken, game.captures(color) - before, "captures at {p:?}");
            fast.check().unwrap();
            let board = game.board();
            assert_eq!(
                board.ko_point().map(|k| fast.index(k)).unwrap_or(0),
                fast.ko()
            );
            for q in board.points() {
                let i = fast.index(q);
                let want = match board.get(q) {
                    None => EMPTY,
                    Some(Color::Black) => BLACK,
                    Some(Color::White) => WHITE,
                };
                assert_eq!(fast.at(i), want, "stone at {q:?}");
                if want != EMPTY {
                    assert_eq!(fast.in_atari(i), board.in_atari(q));
                    let mut libs = [0usize; 5];
                    assert_eq!(fast.liberties(i, &mut libs), board.liberty_count(q).min(5));
                    if fast.in_atari(i) {
                        assert_eq!(fast.point(fast.atari_liberty(i)), board.liberties(q)[0]);
                    }
                }
            }
            checked += 1;
        }
        let score = game.score(&[]).unwrap();
        assert_eq!(
            f64::from(fast.area()),
            score.black - score.white,
            "area count"
        );
    }
    assert!(checked > 2_000, "{checked} positions compared");
}

#[test]
fn the_fast_board_sees_one_point_eyes_and_false_eyes() {
    use super::fast::{BLACK, Fast, WHITE};
    let board = crate::go::Board::from_rows(
        ".X.X.
         XXXXX
         .....
         XO...
         .X...",
    )
    .unwrap();
    let fast = Fast::from_board(&board).unwrap();
    let at = |s: &str| fast.index(Point::from_sgf(s).unwrap());
    assert!(fast.is_eye(at("aa"), BLACK), "corner eye");
    assert!(fast.is_eye(at("ca"), BLACK), "edge eye");
    assert!(!fast.is_eye(at("ca"), WHITE));
    assert!(
        !fast.is_eye(at("ae"), BLACK),
        "an edge point with a White diagonal is false"
    );
    assert!(!fast.is_eye(at("cc"), BLACK), "open point");
}

#[test]
fn mogo_shapes_match_a_hane_in_every_orientation_and_colour_but_not_an_empty_board() {
    use super::fast::Fast;
    use super::patterns::matches;
    for rows in [
        // Hane at the centre point cc: X O X above it.
        ".....
         .XOX.
         .....
         .....
         .....",
        ".....
         .OXO.
         .....
         .....
         .....",
        ".....
         .....
         .....
         .XOX.
         .....",
        ".....
         .X...
         .O...
         .X...
         .....",
    ] {
        let board = crate::go::Board::from_rows(rows).unwrap();
        let fast = Fast::from_board(&board).unwrap();
        let centre = fast.index(Point::from_sgf("cc").unwrap());
        assert!(matches(fast.env8(centre)), "{rows}");
    }
    let empty = Fast::from_board(&crate::go::Board::new(5).unwrap()).unwrap();
    let centre = empty.index(Point::from_sgf("cc").unwrap());
    assert!(!matches(empty.env8(centre)));
}

#[test]
fn the_top_level_saves_a_big_group_in_atari_and_takes_a_big_group_that_hangs() {
    // White surrounds Black's cc-dc-ec on three sides: its last liberty is fc.
    let surround = "cc cb dc db ec eb pass bc pass cd pass dd pass ed";
    let mut m = Match::new(Kind::Go { handicap: 0 }, 9).unwrap();
    play_all(&mut m, surround);
    assert!(m.game().board().in_atari(Point::from_sgf("cc").unwrap()));
    let mut black = Bot::with_limits(7, 3, quick());
    assert_eq!(black.choose(&m), mv("fc"), "Black runs out of atari");
    m.play(Move::Pass).unwrap();
    let mut white = Bot::with_limits(7, 3, quick());
    assert_eq!(white.choose(&m), mv("fc"), "White takes three stones");
}
