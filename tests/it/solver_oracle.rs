//! The solver's whole-board questions on positions of real games (Honinbo Shusaku's, from
//! ../shared/data), through the real `sente solve --json` binary, against GNU Go 3.8 as an
//! independent reader: its tactical `attack` for `--goal capture`, its owl `owl_attack` for
//! `--goal kill`. An `unknown` of ours is allowed; a contradiction is not: a capture or kill we
//! prove where GNU Go finds no attack, or one we refute where GNU Go finds one that works
//! without a ko.
//!
//! The positions are ones where the kill question, read in a frame around the group, "killed"
//! lone stones in the open centre in a few nodes (twenty such kills in five games, owl: alive),
//! and where a capture was "refuted" because the attacker's tries left out taking or pressing a
//! stone beside its own short chain (game 440, N4: GNU Go takes it by L5).

use std::path::Path;

use crate::support::{gtp_ok, shared_data, solve_json};

/// Game records, the move before which each position is read (GTP `loadsgf FILE N`), and the
/// stones in the open whose kill the frame once "proved" (owl: no attack), asked about as well.
const POSITIONS: [(&str, u32, &[&str]); 3] = [
    ("Shusaku_233.sgf", 171, &["K11", "R11", "N6", "H5", "K9"]),
    ("Shusaku_440.sgf", 64, &["C13", "C10", "K7"]),
    ("Shusaku_262.sgf", 76, &["Q12", "Q10", "O9", "K5"]),
];

/// Our answer's status to a question, through the CLI contract.
fn ours(file: &Path, n: u32, goal: &str, vertex: &str) -> String {
    let n = n.to_string();
    let args = [
        "--time-ms",
        "2000",
        "--goal",
        goal,
        "--target",
        vertex,
        "--move",
        &n,
    ];
    solve_json(file, &args)["status"]
        .as_str()
        .unwrap()
        .to_string()
}

/// GNU Go's code for an attack: 0 none, 1 it works, 2 and 3 a ko.
fn code(reply: &str) -> u8 {
    reply.split_whitespace().next().unwrap().parse().unwrap()
}

/// The shared data and GNU Go under the Chinese rules at level 10, or `None` where either is
/// missing (the test skipped, as `shared_data` and `gnugo` say).
fn data_and_gnugo(test: &str) -> Option<(std::path::PathBuf, sente::gtp::Gtp)> {
    let data = shared_data(test)?;
    let g = crate::support::gnugo(test, &["--chinese-rules", "--level", "10"])?;
    Some((data, g))
}

/// Shusaku's game `game` (its number, as in `Shusaku_431.sgf`) before move `n`, loaded in GNU
/// Go: the game's file and the engine; `None` where the data or GNU Go is missing.
fn before_move(test: &str, game: u32, n: u32) -> Option<(std::path::PathBuf, sente::gtp::Gtp)> {
    let (data, mut g) = data_and_gnugo(test)?;
    let file = data.join(format!("games/shusaku/Shusaku_{game:03}.sgf"));
    gtp_ok(&mut g, &format!("loadsgf {} {n}", file.display()));
    Some((file, g))
}

#[test]
fn whole_board_questions_on_game_positions_never_contradict_gnu_go() {
    let Some((data, mut g)) = data_and_gnugo("whole_board_questions_on_game_positions") else {
        return;
    };
    let (mut asked, mut decidable, mut agreed) = (0, 0, 0);
    let mut contradictions = Vec::new();
    for (name, n, in_the_open) in POSITIONS {
        let file = data.join("games/shusaku").join(name);
        gtp_ok(&mut g, &format!("loadsgf {} {n}", file.display()));
        for (vertex, libs) in g.chains().unwrap().unwrap() {
            // Chains short of liberties (GNU Go's tactical reader is sure there), as captures
            // and as kills; the stones in the open as kills.
            let mut questions = Vec::new();
            if libs <= 2 {
                questions.push(("capture", "attack"));
            }
            if libs <= 2 || in_the_open.contains(&vertex.as_str()) {
                questions.push(("kill", "owl_attack"));
            }
            for (goal, command) in questions {
                let theirs = code(&gtp_ok(&mut g, &format!("{command} {vertex}")));
                let status = ours(&file, n, goal, &vertex);
                asked += 1;
                // The stones in the open are there for the contradiction only: owl finds no
                // attack, and ours is `unknown` (the frame's kill does not count).
                let open = goal == "kill" && in_the_open.contains(&vertex.as_str());
                decidable += usize::from(!open);
                let wrong = match status.as_str() {
                    "proven" => theirs == 0,
                    "refuted" => theirs == 1,
                    _ => false,
                };
                agreed += usize::from(
                    !open
                        && matches!(
                            (status.as_str(), theirs),
                            ("proven", 1..) | ("refuted", 0) | ("ko", 2..)
                        ),
                );
                if wrong {
                    contradictions.push(format!(
                        "{name} before move {n}: {goal} {vertex} ({libs} liberties): ours \
                         {status}, GNU Go's {command} {theirs}"
                    ));
                }
            }
        }
    }
    eprintln!(
        "whole-board questions: {asked} asked, {agreed} of {decidable} on chains short of \
         liberties decided as GNU Go decides them"
    );
    assert!(contradictions.is_empty(), "{contradictions:#?}");
    // Not a vacuous pass: most questions on chains short of liberties are decided, the same way
    // as GNU Go (26 of 39 at 1 s on an idle machine).
    assert!(decidable >= 30, "only {decidable} questions asked");
    assert!(
        agreed * 2 >= decidable,
        "only {agreed} of {decidable} questions decided the way GNU Go decides them"
    );
}

#[test]
fn a_stone_whose_liberty_joins_it_to_a_living_group_is_not_refuted_its_life() {
    // Shusaku's game 431 before move 143: Black's S18 has its two liberties (S19, T18) in
    // White's corner, but S19 joins it to R19 and a group that GNU Go's owl has alive. The
    // question once read the corner as walled in by White, framed it, and "refuted" the life of
    // S18 in a millisecond.
    let Some((file, mut g)) = before_move("a_stone_whose_liberty_joins_it", 431, 143) else {
        return;
    };
    assert_eq!(gtp_ok(&mut g, "color S18"), "black");
    assert_eq!(code(&gtp_ok(&mut g, "owl_defend S18")), 1);
    assert_eq!(code(&gtp_ok(&mut g, "defend S18")), 1);
    let live = ours(&file, 143, "live", "S18");
    assert_ne!(live, "refuted", "the life of S18 refuted");
    // The chain itself is saved by S19, as GNU Go's `defend` says.
    assert_eq!(ours(&file, 143, "save", "S18"), "proven");
}

#[test]
fn a_stone_in_atari_that_runs_out_between_stones_of_the_attacker_is_not_refuted_its_life() {
    // Shusaku's game 150 before move 80: Black's N15 in atari runs out by N16, whose ways on
    // (M16, O16) each touch a White stone. Read as walled in by White, the frame took the
    // centre, and the life of N15 was refuted; GNU Go finds no attack after N16, tactical or
    // owl.
    let Some((file, mut g)) = before_move("a_stone_in_atari_that_runs_out", 150, 80) else {
        return;
    };
    assert_eq!(gtp_ok(&mut g, "countlib N15"), "1");
    gtp_ok(&mut g, "play black N16");
    assert_eq!(code(&gtp_ok(&mut g, "attack N15")), 0);
    assert_eq!(code(&gtp_ok(&mut g, "owl_attack N15")), 0);
    assert_ne!(ours(&file, 80, "live", "N15"), "refuted");
}

#[test]
fn a_capture_is_not_proven_where_the_chain_it_would_join_takes_the_attacking_stone() {
    // Shusaku's game 12 before move 129: Black's corner A19-C18 has two liberties, A18 and B18,
    // each joining it to A16-B17. White's A15 shortens that chain, but is itself in atari, and
    // Black's A14 takes it. The capture was "proven" by A15 in 64 nodes, as the defender's tries
    // did not take stones beside the chain it would join; GNU Go: no attack, and Black saves
    // the corner after A15.
    let Some((file, mut g)) = before_move("a_capture_is_not_proven_where_the_chain", 12, 129)
    else {
        return;
    };
    assert_eq!(gtp_ok(&mut g, "countlib A19"), "2");
    assert_eq!(code(&gtp_ok(&mut g, "attack A19")), 0);
    gtp_ok(&mut g, "play white A15");
    assert_eq!(gtp_ok(&mut g, "countlib A15"), "1");
    assert_ne!(code(&gtp_ok(&mut g, "defend A19")), 0);
    assert_eq!(ours(&file, 129, "capture", "A19"), "refuted");
    assert_ne!(ours(&file, 129, "kill", "A19"), "proven");
}
