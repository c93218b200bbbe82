//! The problem bank this project ships in problems/ through the command line: `sente verify`
//! on a set of it, and `sente serve` importing all of it into a fresh database on first start.
//! (Every problem of the bank is checked in bank_verify.)

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::support::files_with_ext;

fn bank() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems")
}

#[test]
fn verify_cli_reports_every_problem_of_a_shipped_set_judge_ok() {
    // The first-level capture set: the CLI over the whole bank is bank_verify's check, serially.
    let set = std::fs::read_dir(bank())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("L1 01 ")
        })
        .min()
        .expect("a first-level capture set");
    let out = Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["verify", "--json"])
        .arg(&set)
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        lines.len() >= 20,
        "{} problems in {}",
        lines.len(),
        set.display()
    );
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
    // Every shipped problem is there, read page by page (500 a page).
    let mut listed = 0;
    loop {
        let page: serde_json::Value = serde_json::from_str(
            &agent
                .get(format!("{base}/api/problems?limit=500&offset={listed}"))
                .call()
                .unwrap()
                .body_mut()
                .read_to_string()
                .unwrap(),
        )
        .unwrap();
        let n = page.as_array().expect("a page of problems").len();
        listed += n;
        if n < 500 {
            break;
        }
    }
    let shipped = files_with_ext(&bank(), "sgf").len();
    assert_eq!(listed, shipped);
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

/// Issue 11's calibration: simulated children of every level answer every graded problem of the
/// bank through the judge (10 s); grades predict their solving rates (negative correlation), the
/// starting ranks in use are the ones the simulation fits, and they predict better than any
/// single offset above the levels' own ranks.
#[test]
fn the_starting_ratings_of_the_grades_predict_what_simulated_children_solve() {
    use sente::rating::LEVEL_START_RANKS;
    use sente::rating::calibration::{Simulation, offset_starts};
    let bank = sente::cli::compose::read_bank(&[bank()]).unwrap();
    let sim = Simulation::run(bank.iter().map(|e| &e.problem), 11);
    assert!(sim.problems() >= 2000, "{} graded problems", sim.problems());
    let r = sim.correlation().unwrap();
    let fitted = sim.fitted();
    eprintln!("correlation {r:.3}, fitted starts {fitted:?}");
    assert!(
        r < -0.5,
        "grades do not predict solving: correlation {r:.3}"
    );
    for (g, (fit, used)) in fitted.iter().zip(LEVEL_START_RANKS).enumerate() {
        assert!(
            (fit - used).abs() <= 0.5,
            "grade {}: the bank fits rank {fit}, LEVEL_START_RANKS has {used} \
             (rerun SENTE_LEARNERS_ONLY=bank cargo bench --bench learners)",
            g + 1
        );
    }
    let in_use = sim.error(&LEVEL_START_RANKS);
    for k in -20..=60 {
        let offset = f64::from(k) * 0.25;
        assert!(
            in_use < sim.error(&offset_starts(offset)),
            "offset {offset}"
        );
    }
}
