//! The problem bank this project ships in problems/: enough problems for beginners, every one
//! with refuted wrong answers, every line judged as marked, and the solver independently proving
//! the author's answer; and `sente serve` imports it into a fresh database on first start.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use sente::problem::solver::{Budget, Status, solve};
use sente::problem::{Kind, from_sgf_bytes, verify_tree};

use crate::support::files_with_ext;

fn bank() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems")
}

#[test]
fn the_shipped_bank_has_sixty_verified_beginner_problems_with_refutations() {
    let files = files_with_ext(&bank(), "sgf");
    assert!(files.len() >= 60, "only {} problems shipped", files.len());
    let mut kinds = std::collections::BTreeSet::new();
    for f in &files {
        let name = f.display();
        let problems =
            from_sgf_bytes(&std::fs::read(f).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(problems.len(), 1, "{name}");
        let p = problems
            .into_iter()
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        kinds.insert(p.kind.as_str());
        assert!(p.warnings.is_empty(), "{name}: {:?}", p.warnings);
        assert!(verify_tree(&p).is_empty(), "{name}: {:?}", verify_tree(&p));
        // Every wrong first move comes with the opponent's refutation.
        let tree = &p.tree;
        let wrong: Vec<_> = tree
            .root()
            .children
            .iter()
            .filter(|&&c| !tree.nodes[c].leads_to_success)
            .collect();
        assert!(!wrong.is_empty(), "{name}: no wrong answer to learn from");
        assert!(
            wrong.iter().all(|&&c| !tree.nodes[c].children.is_empty()),
            "{name}: a wrong answer without refutation"
        );
        assert!(
            p.comment
                .as_deref()
                .is_some_and(|c| c.chars().any(|ch| ('\u{4e00}'..='\u{9fff}').contains(&ch))),
            "{name}: the question is in Chinese first"
        );
        // The solver proves the author's answer on its own, and never a move the author marks wrong.
        let s = solve(&p, Budget::default());
        assert_eq!(s.status, Status::Proven, "{name}");
        let authors = tree.correct_first_moves();
        assert!(
            s.correct_first_moves.iter().any(|m| authors.contains(m)),
            "{name}: solver {:?}, author {authors:?}",
            s.correct_first_moves
        );
        for &&c in &wrong {
            let m = tree.nodes[c].mv.unwrap().1;
            assert!(
                !s.correct_first_moves.contains(&m),
                "{name}: the solver proves {m:?}, marked wrong"
            );
        }
    }
    for k in [
        Kind::Capture,
        Kind::Escape,
        Kind::Ladder,
        Kind::Snapback,
        Kind::Live,
        Kind::Kill,
    ] {
        assert!(
            kinds.contains(k.as_str()),
            "no {} problem shipped",
            k.as_str()
        );
    }
}

#[test]
fn verify_cli_reports_every_shipped_problem_judge_ok() {
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["verify", "--json"])
        .arg(bank())
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 60);
    for l in &lines {
        assert_eq!(l["judge_ok"], true, "{l}");
        assert_eq!(l["error"], serde_json::Value::Null, "{l}");
        assert_eq!(l["solver"]["status"], "proven", "{l}");
    }
}

#[test]
fn serve_creates_migrates_and_fills_a_fresh_database_on_first_start() {
    let dir = std::env::temp_dir().join(format!("sente-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database"])
        .arg(format!("sqlite:{}", dir.join("sente.db").display()))
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut base = None;
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if let Some(url) = line.split("open ").nth(1) {
            base = Some(
                url.split_whitespace()
                    .next()
                    .unwrap()
                    .trim_end_matches('/')
                    .to_string(),
            );
            break;
        }
    }
    let base = base.expect("serve logs the URL to open");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let list: serde_json::Value = serde_json::from_str(
        &agent
            .get(format!("{base}/api/problems?limit=500"))
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap(),
    )
    .unwrap();
    let shipped = files_with_ext(&bank(), "sgf").len();
    assert_eq!(list.as_array().unwrap().len(), shipped);
    let home = agent
        .get(format!("{base}/"))
        .header("accept-language", "zh-CN")
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(
        home.contains("吃子"),
        "the shipped sets are on the home page"
    );
    let _ = child.kill();
    let _ = child.wait();
    assert!(dir.join("sente.db").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
