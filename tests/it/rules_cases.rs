//! The classic cases of the rules, each as a small diagram and a sequence of moves.
//! Positions follow the cases of KataGo's cpp/tests/testrules.cpp, sgfmill's board tests and the
//! goban crate's tests, re-entered in our own diagram format.

use sente::go::{Color, IllegalMove, KoRule, Move, Rules};

use crate::support::{game_from, play_all, pt, rows};

#[test]
fn snapback_recaptures_the_larger_chain() {
    let mut g = game_from(
        ".OX..
         .OX..
         XX...
         .....
         .....",
        Color::Black,
        Rules::chinese(),
    );
    play_all(&mut g, "aa ab"); // throw-in, White takes one stone
    assert_eq!(g.captures(Color::White), 1);
    play_all(&mut g, "aa"); // and Black takes three back
    assert_eq!(g.captures(Color::Black), 3);
    assert_eq!(
        g.board().to_rows(),
        rows(
            "X.X..
             ..X..
             XX...
             .....
             ....."
        )
    );
}

#[test]
fn capture_of_both_sides_removes_the_opponent_first() {
    // Black aa fills the last liberty of its own stone at ab and of White's ba-bb: legal, captures.
    let mut g = game_from(
        ".OX.
         XOX.
         OX..
         ....",
        Color::Black,
        Rules::chinese(),
    );
    play_all(&mut g, "aa");
    assert_eq!(g.captures(Color::Black), 2);
    assert_eq!(g.board().get(pt("ab")), Some(Color::Black));
}

#[test]
fn multi_stone_suicide_is_refused_under_chinese_rules_and_removes_the_chain_when_allowed() {
    let diagram = "O.X.
                   XX..
                   ....
                   ....";
    let mut g = game_from(diagram, Color::White, Rules::chinese());
    assert_eq!(g.play(Move::Play(pt("ba"))), Err(IllegalMove::Suicide));
    assert_eq!(
        g.board().to_rows(),
        rows(diagram),
        "an illegal move changes nothing"
    );
    assert_eq!(g.to_move(), Color::White);

    let mut tt = game_from(diagram, Color::White, Rules::tromp_taylor());
    play_all(&mut tt, "ba");
    assert_eq!(tt.board().get(pt("aa")), None);
    assert_eq!(tt.board().get(pt("ba")), None);
    assert_eq!(
        tt.captures(Color::Black),
        2,
        "the suicided stones are Black's prisoners"
    );
}

#[test]
fn single_stone_suicide_is_superko_even_when_suicide_is_allowed() {
    // It would recreate the current position.
    let mut g = game_from(
        ".X.
         X..
         ...",
        Color::White,
        Rules::tromp_taylor(),
    );
    assert_eq!(g.play(Move::Play(pt("aa"))), Err(IllegalMove::Superko));
}

const KO: &str = ".XO..
                 X.XO.
                 .XO..
                 .....
                 .....";

#[test]
fn simple_ko_forbids_only_the_immediate_recapture() {
    for rules in [Rules::japanese(), Rules::chinese()] {
        let mut g = game_from(KO, Color::White, rules);
        play_all(&mut g, "bb");
        assert_eq!(g.captures(Color::White), 1);
        assert_eq!(
            g.play(Move::Play(pt("cb"))),
            Err(IllegalMove::Ko),
            "{:?}",
            rules.ko
        );
        play_all(&mut g, "ee dd"); // a ko threat and its answer
        play_all(&mut g, "cb");
        assert_eq!(g.captures(Color::Black), 1);
    }
}

#[test]
fn a_pass_lifts_the_simple_ko_ban_only_after_the_opponents_next_move() {
    let mut g = game_from(KO, Color::White, Rules::japanese());
    play_all(&mut g, "bb pass pass");
    assert!(g.is_over());
    let mut g = game_from(KO, Color::White, Rules::japanese());
    play_all(&mut g, "bb pass ee");
    // Black may now take back.
    play_all(&mut g, "cb");
}

/// Three independent kos: the sixth capture of the cycle recreates the start position.
const TRIPLE_KO: &str = "...XO....
                         ..XO.O...
                         ...XO....
                         ...XO....
                         ..X.XO...
                         ...XO....
                         ...XO....
                         ..XO.O...
                         ...XO....";

#[test]
fn superko_forbids_the_move_that_completes_a_triple_ko_cycle() {
    let mut g = game_from(TRIPLE_KO, Color::Black, Rules::chinese());
    play_all(&mut g, "eb de eh db ee");
    assert_eq!(g.play(Move::Play(pt("dh"))), Err(IllegalMove::Superko));
    // Situational superko forbids it too (same player to move as at the start).
    let mut s = game_from(
        TRIPLE_KO,
        Color::Black,
        Rules {
            ko: KoRule::SituationalSuperko,
            ..Rules::chinese()
        },
    );
    play_all(&mut s, "eb de eh db ee");
    assert_eq!(s.play(Move::Play(pt("dh"))), Err(IllegalMove::Superko));
}

#[test]
fn simple_ko_lets_a_triple_ko_cycle_forever() {
    let mut g = game_from(TRIPLE_KO, Color::Black, Rules::japanese());
    let start = g.board().to_rows();
    for _ in 0..3 {
        play_all(&mut g, "eb de eh db ee dh");
        assert_eq!(g.board().to_rows(), start);
    }
}

#[test]
fn superko_allows_the_cycle_move_once_the_position_has_changed() {
    let mut g = game_from(TRIPLE_KO, Color::Black, Rules::chinese());
    play_all(&mut g, "eb de eh db ee");
    play_all(&mut g, "ia"); // White plays elsewhere instead
    play_all(&mut g, "ii dh");
}

#[test]
fn bent_four_in_the_corner_played_out_is_captured() {
    // White's eye space is the bent four aa-ba-ca-ab; Black's outside is alive with three eyes.
    let mut g = game_from(
        "...OX
         .OOOX
         OOXXX
         XXX.X
         .X.XX",
        Color::Black,
        Rules::chinese(),
    );
    // Vital point; White makes an eye shape; Black fills and is taken (2 stones);
    play_all(&mut g, "ba ab ca aa");
    assert_eq!(g.captures(Color::White), 2);
    // Black throws in again, White must take (1 stone), and White is left with one liberty.
    play_all(&mut g, "ba ca");
    assert_eq!(g.captures(Color::White), 3);
    play_all(&mut g, "ba");
    assert_eq!(g.captures(Color::Black), 9, "the whole white group");
    assert_eq!(g.board().stone_count(Color::White), 0);
}

#[test]
fn illegal_moves_have_typed_reasons_and_change_nothing() {
    let mut g = game_from(
        ".X.
         X..
         ...",
        Color::White,
        Rules::chinese(),
    );
    let before = g.board().to_rows();
    assert_eq!(g.play(Move::Play(pt("ba"))), Err(IllegalMove::Occupied));
    assert_eq!(g.play(Move::Play(pt("aa"))), Err(IllegalMove::Suicide));
    assert_eq!(g.play(Move::Play(pt("dd"))), Err(IllegalMove::OffBoard));
    assert_eq!(g.board().to_rows(), before);
    assert_eq!(g.moves().len(), 0);
    g.resign(Color::White).unwrap();
    assert_eq!(g.play(Move::Play(pt("cc"))), Err(IllegalMove::GameOver));
    assert_eq!(IllegalMove::Superko.code(), "superko");
}

#[test]
fn handicap_games_start_with_white_to_move() {
    let g = sente::go::Game::with_handicap(19, 4, Rules::chinese()).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().stone_count(Color::Black), 4);
    for p in ["dd", "pd", "dp", "pp"] {
        assert_eq!(g.board().get(pt(p)), Some(Color::Black), "{p}");
    }
}

// The next three positions are KataGo's cpp/tests/testrules.cpp cases, re-entered in our format
// (x right, y down; their 6×5, 8×5 and 7×6 boards padded to squares with empty rows that touch no
// chain in play; "eternal life" is flipped vertically so that its edge row stays an edge).

/// Sending two returning one, beside a regular ko at fa/fb.
const SENDING_TWO: &str = ".O.XXO
                           OXXXO.
                           O.X.OO
                           XXXOO.
                           OOOO.O
                           ......";

/// Points forbidden by a ko rule (as KataGo's printIllegalMoves lists them: suicides aside).
fn illegal_points(g: &sente::go::Game) -> Vec<String> {
    g.board()
        .points()
        .filter(|&p| {
            matches!(
                g.check(Move::Play(p)),
                Err(IllegalMove::Ko | IllegalMove::Superko)
            )
        })
        .map(|p| p.to_sgf())
        .collect()
}

#[test]
fn sending_two_returning_one_under_positional_superko() {
    let mut g = game_from(SENDING_TWO, Color::Black, Rules::chinese());
    play_all(&mut g, "fb");
    assert_eq!(
        illegal_points(&g),
        ["fa"],
        "White cannot retake the ko at once"
    );
    play_all(&mut g, "pass dc");
    play_all(&mut g, "ca"); // White sends two
    play_all(&mut g, "aa"); // Black takes two
    assert_eq!(g.captures(Color::Black), 3);
    assert_eq!(
        g.play(Move::Play(pt("ba"))),
        Err(IllegalMove::Superko),
        "returning one repeats the board"
    );
    play_all(&mut g, "fa"); // White takes the other ko instead
    assert_eq!(illegal_points(&g), ["fb"]);
    play_all(&mut g, "pass ba"); // now returning one is new
    assert_eq!(illegal_points(&g), ["fb"]);
    play_all(&mut g, "pass ca"); // sends two again
    assert_eq!(illegal_points(&g), ["aa", "fb"]);
}

#[test]
fn sending_two_returning_one_under_situational_superko_and_simple_ko() {
    let situational = Rules {
        ko: KoRule::SituationalSuperko,
        ..Rules::chinese()
    };
    let mut g = game_from(SENDING_TWO, Color::Black, situational);
    play_all(&mut g, "fb pass dc ca aa");
    assert_eq!(
        illegal_points(&g),
        Vec::<String>::new(),
        "the same board with the other player to move"
    );
    play_all(&mut g, "fa pass ba pass ca");
    assert_eq!(illegal_points(&g), ["aa"]);

    let mut s = game_from(SENDING_TWO, Color::Black, Rules::japanese());
    play_all(&mut s, "fb pass dc fa pass");
    for _ in 0..3 {
        play_all(&mut s, "ca aa ba pass");
    }
}

/// 長生 eternal life: a four-move cycle.
const ETERNAL_LIFE: &str = ".O.X.OX.
                           XOOOXXOO
                           XXXXXO..
                           OOOOOO..
                           ........
                           ........
                           ........
                           ........";

#[test]
fn eternal_life_cycles_forever_under_simple_ko() {
    let mut g = game_from(ETERNAL_LIFE, Color::Black, Rules::japanese());
    let start = g.board().to_rows();
    for _ in 0..5 {
        play_all(&mut g, "ca ea da fa");
        assert_eq!(g.board().to_rows(), start);
    }
}

#[test]
fn eternal_life_is_broken_by_positional_superko() {
    let mut g = game_from(ETERNAL_LIFE, Color::Black, Rules::chinese());
    play_all(&mut g, "ca ea da");
    assert_eq!(g.play(Move::Play(pt("fa"))), Err(IllegalMove::Superko));
}

#[test]
fn katago_triple_ko_under_positional_superko() {
    let board = "OOOOOOO
                 OXO.O.O
                 X.XOXOX
                 XXXXXXX
                 OOOOOOO
                 .......
                 .......";
    let mut simple = game_from(board, Color::Black, Rules::japanese());
    for _ in 0..2 {
        play_all(&mut simple, "db bc fb dc bb fc");
    }
    let mut g = game_from(board, Color::Black, Rules::chinese());
    play_all(&mut g, "db bc fb dc bb");
    assert_eq!(illegal_points(&g), ["bc", "fc"]);
}

// The goban crate's tests (tests/general_tests.rs), re-entered: its moves are (row, column)
// from the top-left, ours SGF points (column, row).

#[test]
fn goban_crate_ko_test() {
    let mut g = sente::go::Game::new(19, Rules::chinese()).unwrap();
    play_all(&mut g, "da ca eb cc dc bb cb db");
    assert_eq!(g.captures(Color::White), 1);
    assert_eq!(g.play(Move::Play(pt("cb"))), Err(IllegalMove::Ko));
    assert!(!g.legal_moves().contains(&pt("cb")));
}

#[test]
fn goban_crate_suicide_test() {
    let mut g = sente::go::Game::new(19, Rules::chinese()).unwrap();
    play_all(&mut g, "ca aa bb ab ac");
    assert_eq!(g.play(Move::Play(pt("ba"))), Err(IllegalMove::Suicide));
    assert!(!g.legal_moves().contains(&pt("ba")));
}

#[test]
fn goban_crate_snap_back_test() {
    let mut g = sente::go::Game::new(19, Rules::japanese()).unwrap();
    play_all(&mut g, "dd cc ec dc ce fd db ed bd de bc df cb cd");
    let before = g.captures(Color::Black);
    play_all(&mut g, "dd");
    assert_eq!(
        g.captures(Color::Black) - before,
        3,
        "the recapture takes three stones"
    );
}

#[test]
fn goban_crate_four_in_the_corner_positional_superko() {
    // Sensei's Library "PositionalSuperkoExample", as the goban crate's test uses it.
    let sgf = "(;GM[1]FF[4]SZ[11]PL[W]AB[dc][dd][de][df][cg][eg][dh][di][dj]AW[ef][ff][gf][hf][gg][eh][fh][gh][hh];W[ig];B[fg];W[dg])";
    let file = sente::go::sgf::parse(sgf.as_bytes()).unwrap();
    let mut r = sente::go::replay_main_line(file.root(0).unwrap(), Rules::chinese()).unwrap();
    assert_eq!(r.illegal, None);
    let err = r
        .game
        .play_as(Color::Black, Move::Play(pt("eg")))
        .unwrap_err();
    assert!(
        matches!(err, IllegalMove::Ko | IllegalMove::Superko),
        "{err:?}"
    );
}
