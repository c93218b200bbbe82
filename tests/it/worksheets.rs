//! Printable worksheets of a teacher's set (ARCHITECTURE.md §6a "Worksheets"), on SQLite and
//! PostgreSQL: 8 imported problems printed 6 and 12 to a page, numbered 1..8 with who plays, a
//! name and date line on each problem page, answer-key pages with each correct first move
//! marked; only readers of the set see it (the same 404 page otherwise); and the page printed to
//! PDF by headless Chromium has exactly the expected number of A4 pages.

use std::path::PathBuf;
use std::process::Command;

use serde_json::json;

use crate::app::{Db, TestApp};
use crate::learners::Session;
use crate::sets::{new_set, teacher, upload};

both_backends!(a_set_prints_as_numbered_worksheets_with_an_answer_key);

/// Problem `c` (0..8): a stone on the top edge with one liberty left, taken at `answer(c)`; odd
/// problems are White to play.
fn collection() -> String {
    let col = |c: usize| (b'a' + c as u8) as char;
    let mut out = String::new();
    for c in 0..8 {
        let (mine, theirs, pl) = if c % 2 == 0 {
            ("AB", "AW", 'B')
        } else {
            ("AW", "AB", 'W')
        };
        // The corner stone is taken at ab, the others between two stones.
        let around = if c == 0 {
            "[ba]".to_string()
        } else {
            format!("[{}a][{}a]", col(c - 1), col(c + 1))
        };
        out.push_str(&format!(
            "(;SZ[9]{mine}{around}{theirs}[{}a]PL[{pl}];{pl}[{}]C[Correct])\n",
            col(c),
            answer(c)
        ));
    }
    out
}

fn answer(c: usize) -> String {
    format!("{}b", (b'a' + c as u8) as char)
}

/// The page's text as the signed-in session (or anonymous) gets it.
fn page(app: &TestApp, s: Option<&Session>, path: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut req = agent.get(format!("{}{path}", app.base));
    if let Some(c) = s.and_then(|s| s.cookie.as_deref()) {
        req = req.header("cookie", c);
    }
    let mut resp = req.call().unwrap();
    let status = resp.status().as_u16();
    (status, resp.body_mut().read_to_string().unwrap_or_default())
}

/// The sections of one kind ("problems" or "key") in page order.
fn sheets<'a>(html: &'a str, kind: &str) -> Vec<&'a str> {
    html.split("<section class=\"sheet")
        .skip(1)
        .filter(|s| s.starts_with(&format!(" {kind}\"")))
        .collect()
}

/// The diagram numbers of a sheet, in order.
fn numbers(sheet: &str) -> Vec<usize> {
    sheet
        .split("data-n=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().parse().unwrap())
        .collect()
}

fn check_layout(html: &str, per_page: usize) {
    let problems = sheets(html, "problems");
    let key = sheets(html, "key");
    let pages = 8usize.div_ceil(per_page);
    assert_eq!(problems.len(), pages, "problem pages at {per_page}");
    assert_eq!(key.len(), pages, "answer-key pages at {per_page}");
    let all = |s: &[&str]| s.iter().flat_map(|p| numbers(p)).collect::<Vec<_>>();
    assert_eq!(all(&problems), (1..=8).collect::<Vec<_>>());
    assert_eq!(all(&key), (1..=8).collect::<Vec<_>>());
    assert_eq!(numbers(problems[0]).len(), per_page.min(8));
    for p in &problems {
        assert!(p.contains("姓名") && p.contains("日期"), "name line");
        assert!(!p.contains("class=\"mark"), "no answers on problem pages");
    }
    assert_eq!(html.matches("1. 黑先").count(), 2, "{html}");
    assert_eq!(html.matches("2. 白先").count(), 2);
    for k in &key {
        assert!(k.contains("答案"));
    }
    // Each diagram of the key marks its own correct first move, and only that.
    for cell in all_cells(&key) {
        let (n, body) = cell;
        let marks: Vec<&str> = body
            .split("class=\"mark wrong\" data-p=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap())
            .collect();
        assert_eq!(marks, vec![answer(n - 1).as_str()], "answer of {n}");
    }
}

fn all_cells<'a>(sheets: &[&'a str]) -> Vec<(usize, &'a str)> {
    sheets
        .iter()
        .flat_map(|s| s.split("data-n=\"").skip(1))
        .map(|c| (c.split('"').next().unwrap().parse().unwrap(), c))
        .collect()
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    ["chromium", "chromium-browser"]
        .iter()
        .flat_map(|n| path.split(':').map(move |d| PathBuf::from(d).join(n)))
        .find(|p| p.is_file())
}

/// The pages of a PDF: its page objects (`/Type /Page`, not `/Pages`).
fn pdf_pages(pdf: &[u8]) -> usize {
    let mut n = 0;
    for (i, _) in pdf.windows(5).enumerate().filter(|(_, w)| w == b"/Type") {
        let rest = &pdf[i + 5..];
        let rest = &rest[rest.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
        if rest.starts_with(b"/Page") && rest.get(5) != Some(&b's') {
            n += 1;
        }
    }
    n
}

/// Prints the worksheet with headless Chromium; None (skipped) when it is not installed
/// outside CI.
fn print_pdf(app: &TestApp, set: i64, per_page: usize, test: &str) -> Option<usize> {
    let Some(chromium) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is required under CI"
        );
        eprintln!("worksheet PDF skipped: chromium not installed");
        return None;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "worksheet-{}-{per_page}.pdf",
        test.replace("::", "-")
    ));
    let _ = std::fs::remove_file(&file);
    let profile = std::env::temp_dir().join(format!(
        "sente-chromium-sheet-{}-{per_page}-{}",
        test.replace("::", "-"),
        std::process::id()
    ));
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", file.display()))
        .arg(format!(
            "{}/sets/{set}/worksheet?per_page={per_page}&lang=zh",
            app.base
        ))
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    let pdf = std::fs::read(&file)
        .unwrap_or_else(|e| panic!("no PDF ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    Some(pdf_pages(&pdf))
}

fn a_set_prints_as_numbered_worksheets_with_an_answer_key(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "sheet_teacher");
    let set = new_set(&mut t, "练习纸", "private");
    let (status, r) = upload(
        &app,
        &t,
        set,
        collection().into_bytes(),
        "application/x-go-sgf",
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["imported"], 8, "{r}");

    for per_page in [6, 12] {
        let (status, html) = page(
            &app,
            Some(&t),
            &format!("/sets/{set}/worksheet?per_page={per_page}&lang=zh"),
        );
        assert_eq!(status, 200, "{html}");
        check_layout(&html, per_page);
    }
    let (status, en) = page(&app, Some(&t), &format!("/sets/{set}/worksheet?lang=en"));
    assert_eq!(status, 200);
    assert!(en.contains("1. Black to play") && en.contains("2. White to play"));
    assert!(en.contains("Answer key") && en.contains("Name"));
    assert_eq!(sheets(&en, "problems").len(), 2, "6 a page by default");

    // Not 6 or 12: a clear 400 page.
    let (status, bad) = page(&app, Some(&t), &format!("/sets/{set}/worksheet?per_page=7"));
    assert_eq!(status, 400, "{bad}");
    assert!(bad.contains("6 or 12"), "{bad}");
    // A private set is the same 404 page to anyone else as the set API gives.
    let (status, hidden) = page(&app, None, &format!("/sets/{set}/worksheet"));
    assert_eq!(status, 404);
    assert!(hidden.contains("<html"), "an HTML page");
    assert!(!hidden.contains("练习纸"));
    let mut other = teacher(&app, "sheet_other");
    assert_eq!(other.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    let (status, _) = page(&app, Some(&other), &format!("/sets/{set}/worksheet"));
    assert_eq!(status, 404);
    assert_eq!(page(&app, None, "/sets/99999/worksheet").0, 404);

    // Published, so the browser (not signed in) may print it: 2 + 2 pages at 6, 1 + 1 at 12.
    let (status, v) = t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "练习纸", "visibility": "public"})),
    );
    assert_eq!(status, 200, "{v}");
    for (per_page, expected) in [(6, 4), (12, 2)] {
        if let Some(pages) = print_pdf(&app, set, per_page, test) {
            assert_eq!(pages, expected, "PDF pages at {per_page} a page");
        }
    }
}
