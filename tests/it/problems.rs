//! Problem import and the judge on the shared real-world collections, and the `verify` CLI.

use std::process::Command;

use sente::go::Color;
use sente::problem::{Mark, SolutionTree, from_sgf_bytes, verify_tree};

fn subtree_marked_wrong(tree: &SolutionTree, id: usize) -> bool {
    tree.nodes[id].mark == Mark::Wrong
        || tree.nodes[id]
            .children
            .iter()
            .any(|&c| subtree_marked_wrong(tree, c))
}

use crate::support::{files_with_ext, shared_data};

#[test]
fn every_go_game_guru_problem_imports_and_the_judge_agrees_with_every_line() {
    let Some(data) = shared_data("go_game_guru_judge") else {
        return;
    };
    let files = files_with_ext(&data.join("problems/ggg"), "sgf");
    assert_eq!(files.len(), 280);
    let (mut correct, mut wrong) = (0, 0);
    for f in &files {
        let problems = from_sgf_bytes(&std::fs::read(f).unwrap()).unwrap();
        assert_eq!(problems.len(), 1, "{}", f.display());
        let p = problems
            .into_iter()
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(
            p.to_play,
            Color::Black,
            "{}: GGG problems are Black to play",
            f.display()
        );
        let failures = verify_tree(&p);
        assert!(failures.is_empty(), "{}: {failures:?}", f.display());
        let (c, w) = p.line_counts();
        assert!(c > 0, "{}", f.display());
        correct += c;
        wrong += w;
    }
    assert!(
        correct >= 280 && wrong > correct,
        "{correct} correct and {wrong} wrong lines"
    );
}

#[test]
fn every_classical_problem_imports_and_its_main_line_is_judged_solved() {
    let Some(data) = shared_data("classical_import") else {
        return;
    };
    let files = files_with_ext(&data.join("problems/classical"), "sgf");
    assert_eq!(files.len(), 867);
    let mut problems = 0;
    for f in &files {
        let trees = from_sgf_bytes(&std::fs::read(f).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for p in trees {
            let p = p.unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            problems += 1;
            // The main line (the first variation not marked 失败, all the way down) is correct
            // unless the file marks a correct line elsewhere...
            let mut node = 0;
            while !p.tree.nodes[node].children.is_empty() {
                let kids = &p.tree.nodes[node].children;
                node = kids
                    .iter()
                    .copied()
                    .find(|&k| !subtree_marked_wrong(&p.tree, k))
                    .unwrap_or(kids[0]);
            }
            let marks_correct = p.tree.nodes.iter().any(|n| n.mark == Mark::Correct);
            assert!(
                p.tree.nodes[node].leads_to_success || marks_correct,
                "{}: main line not correct",
                f.display()
            );
            // ...and the judge solves it, as every other line of the tree is judged as marked.
            let failures = verify_tree(&p);
            assert!(failures.is_empty(), "{}: {failures:?}", f.display());
        }
    }
    assert!(problems >= 867, "{problems} problems");
}

#[test]
fn verify_cli_prints_one_json_object_per_problem_of_a_collection() {
    let dir = std::env::temp_dir().join(format!("sente-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let collection = "(;SZ[9]AB[cc][ca]AW[dc]C[Black to play.](;B[ec];W[dd];B[ed]C[Correct])(;B[dd];W[ec]))\n\
                      (;SZ[9]AB[aa];W[bb])\n\
                      (;SZ[9]AB[zz];B[aa])";
    std::fs::write(dir.join("set.sgf"), collection).unwrap();
    std::fs::write(dir.join("junk.sgf"), "not sgf").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["verify", "--json", "--nodes", "2000"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["file"], "junk.sgf");
    assert!(
        lines[0]["error"].as_str().unwrap().contains("line 1"),
        "{}",
        lines[0]
    );
    let first = &lines[1];
    assert_eq!(
        (first["file"].as_str(), first["index"].as_u64()),
        (Some("set.sgf"), Some(0))
    );
    assert_eq!(first["to_play"], "B");
    assert_eq!(
        first["lines"],
        serde_json::json!({"correct": 1, "wrong": 1})
    );
    assert_eq!(first["judge_ok"], true);
    assert!(
        ["proven", "refuted", "unknown"].contains(&first["solver"]["status"].as_str().unwrap())
    );
    assert!(first["solver"]["correct_first_moves"].is_array() && first["solver"]["ms"].is_u64());
    assert_eq!(first["error"], serde_json::Value::Null);
    assert_eq!(lines[2]["index"], 1);
    assert_eq!(lines[2]["to_play"], "W");
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("off the 9×9 board"),
        "{}",
        lines[3]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
