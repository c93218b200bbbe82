//! The shared real-world files: every SGF parses and round-trips through the writer, and the
//! replay CLI reproduces an independent implementation's output for the Shusaku records.

use std::collections::HashMap;
use std::process::Command;

use sente::go::sgf;

use crate::support::{files_with_ext, shared_data};

#[test]
fn every_shared_sgf_file_parses_and_round_trips_through_the_writer() {
    let Some(data) = shared_data("every_shared_sgf_file_parses") else {
        return;
    };
    let files = files_with_ext(&data, "sgf");
    assert!(
        files.len() > 1500,
        "expected the shared corpus, found {} files",
        files.len()
    );
    let mut non_utf8 = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let tree = sgf::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(
            tree.tree_count() >= 1 && tree.node_count() >= 1,
            "{}",
            f.display()
        );
        non_utf8 += usize::from(tree.encoding != "UTF-8");
        let text = sgf::write(&tree);
        let again = sgf::parse(text.as_bytes())
            .unwrap_or_else(|e| panic!("{} rewritten: {e}", f.display()));
        assert_eq!(
            again,
            tree,
            "{} changed in a write/read round trip",
            f.display()
        );
        assert_eq!(sgf::write(&again), text);
    }
    assert!(non_utf8 > 0, "the classical sets hold GBK files without CA");
}

#[test]
fn replay_json_reproduces_the_independent_shusaku_output() {
    let Some(data) = shared_data("replay_json_reproduces_shusaku") else {
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["replay", "--json"])
        .arg(data.join("games/shusaku"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let parse_lines = |text: &str| -> HashMap<String, serde_json::Value> {
        text.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (v["file"].as_str().unwrap().to_string(), v)
            })
            .collect()
    };
    let ours = parse_lines(&String::from_utf8(out.stdout).unwrap());
    let expected =
        parse_lines(&std::fs::read_to_string(data.join("games/shusaku.expected.jsonl")).unwrap());
    assert_eq!(expected.len(), 470);
    assert_eq!(ours.len(), expected.len());
    for (file, want) in &expected {
        assert_eq!(ours.get(file), Some(want), "{file}");
    }
}

#[test]
fn replay_reports_the_first_illegal_move_and_the_position_before_it() {
    let dir = std::env::temp_dir().join(format!("sente-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Move 5 (White at aa) is suicide; move 3 captures nothing.
    std::fs::write(
        dir.join("bad.sgf"),
        "(;SZ[5];B[ba];W[dd];B[ab];W[ee];W[aa])",
    )
    .unwrap();
    std::fs::write(dir.join("broken.sgf"), "(;SZ[5];B[ba]").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["replay", "--json"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["file"], "bad.sgf");
    assert_eq!(lines[0]["error"], "move 5: suicide");
    assert_eq!(lines[0]["moves"], 4);
    let final_rows = [".X...", "X....", ".....", "...O.", "....O"].concat();
    assert_eq!(lines[0]["final"], final_rows.as_str());
    assert!(
        lines[1]["error"].as_str().unwrap().contains("line 1"),
        "{}",
        lines[1]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
