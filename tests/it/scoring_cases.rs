//! Counting finished positions: area (数子法) with komi and handicap compensation, territory
//! with prisoners and seki.

use sente::go::{Color, Game, Rules, Scoring};

use crate::support::{game_from, play_all, pt};

/// A 5×5 ending: Black owns the left two columns, White the right two, the middle is split.
const ENDING: &str = "XXO..
                      XXO..
                      XXXO.
                      .XO..
                      XXO..";

#[test]
fn area_counting_counts_stones_and_surrounded_points() {
    let g = game_from(
        ENDING,
        Color::Black,
        Rules {
            komi: 0.0,
            ..Rules::chinese()
        },
    );
    let s = g.score(&[]).unwrap();
    // Black: 10 stones + 1 eye; White: 5 stones + 9 points.
    assert_eq!((s.black, s.white), (11.0, 14.0));
    assert_eq!(s.result(), "W+3");
    assert_eq!(s.balance_point(), 12.5);
}

#[test]
fn chinese_result_in_stones_uses_quarters_with_komi_three_and_three_quarters() {
    // 19×19: Black has 185 points, White 176: 185 - 180½ - 3¾ = ¾ stone.
    let mut g = Game::new(19, Rules::chinese()).unwrap();
    // Black fills the first 185 points row by row, White the rest except where the rows meet.
    let points: Vec<_> = g.board().points().collect();
    for (k, p) in points.iter().enumerate() {
        let c = if k < 185 { Color::Black } else { Color::White };
        g.set_stone(*p, Some(c));
    }
    let s = g.score(&[]).unwrap();
    assert_eq!((s.black, s.white), (185.0, 176.0));
    assert_eq!(s.result(), "B+1.5");
    assert_eq!(s.result_zh(), "黑胜¾子");
    assert_eq!(s.balance_point(), 180.5);
}

#[test]
fn dead_stones_are_removed_before_counting_and_become_prisoners_in_territory_counting() {
    let diagram = "XXO..
                   XXO.X
                   XXXO.
                   .XO..
                   XXO..";
    let area = game_from(
        diagram,
        Color::Black,
        Rules {
            komi: 0.0,
            ..Rules::chinese()
        },
    );
    let s = area.score(&[pt("eb")]).unwrap();
    assert_eq!((s.black, s.white), (11.0, 14.0));
    let terr = game_from(
        diagram,
        Color::Black,
        Rules {
            komi: 0.0,
            ..Rules::japanese()
        },
    );
    let s = terr.score(&[pt("eb")]).unwrap();
    // Black: 1 point of territory; White: 9 points + 1 prisoner.
    assert_eq!((s.black, s.white), (1.0, 10.0));
    assert_eq!(s.scoring, Scoring::Territory);
    assert!(
        terr.score(&[pt("dd")]).is_err(),
        "an empty point cannot be dead"
    );
}

#[test]
fn territory_counting_adds_prisoners_taken_during_play() {
    let mut g = game_from(
        ".XO..
         X.XO.
         .XO..
         .....
         .....",
        Color::White,
        Rules::japanese(),
    );
    play_all(&mut g, "bb");
    assert_eq!(g.captures(Color::White), 1);
    let s = g.score(&[]).unwrap();
    // Every empty region touches both colours (neutral), so only the prisoner counts.
    assert_eq!((s.black, s.white), (0.0, 1.0));
    assert_eq!(s.komi, 6.5);
    assert_eq!(s.result(), "W+7.5");
}

#[test]
fn seki_eyes_are_not_territory_but_count_as_area() {
    // Black (left) and White (right) share the liberty at ca; each has an eye (aa, ea) in seki.
    let diagram = ".X.O.
                   XX.OO
                   XXXOO
                   XXXOO
                   XXXOO";
    // The middle column: ca and cb are shared; Black owns the rest of the left, White the right.
    let terr = game_from(
        diagram,
        Color::Black,
        Rules {
            komi: 0.0,
            ..Rules::japanese()
        },
    );
    let s = terr.score(&[]).unwrap();
    assert_eq!((s.black, s.white), (0.0, 0.0), "no territory inside seki");
    let area = game_from(
        diagram,
        Color::Black,
        Rules {
            komi: 0.0,
            ..Rules::chinese()
        },
    );
    let s = area.score(&[]).unwrap();
    // Area: Black 12 stones + eye aa, White 9 stones + eye ea; shared points count for no one.
    assert_eq!((s.black, s.white), (13.0, 10.0));
}

#[test]
fn handicap_compensation_gives_white_one_point_per_stone() {
    let g = Game::with_handicap(9, 4, Rules::chinese()).unwrap();
    let s = g.score(&[]).unwrap();
    assert_eq!(s.compensation, 4.0);
    // Only black stones on the board: Black owns all 81 points.
    assert_eq!(s.black, 81.0);
    assert_eq!(s.margin, 81.0 - 7.5 - 4.0);
    let jp = Game::with_handicap(9, 4, Rules::japanese())
        .unwrap()
        .score(&[])
        .unwrap();
    assert_eq!(jp.compensation, 0.0);
}
