//! The solve page in a real headless Chromium (Debian's chromium + chromium-driver): a child taps
//! the intersections of a correct answer and sees the solved state, then a wrong one and sees the
//! ✗ and the refutation. Screenshots are saved under target/screenshots for a person to look at.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};

use crate::app::{Db, TestApp};

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn tools() -> Option<(PathBuf, PathBuf)> {
    let find = |names: &[&str]| {
        let path = std::env::var("PATH").unwrap_or_default();
        names
            .iter()
            .flat_map(|n| path.split(':').map(move |d| PathBuf::from(d).join(n)))
            .find(|p| p.is_file())
    };
    Some((
        find(&["chromedriver"])?,
        find(&["chromium", "chromium-browser"])?,
    ))
}

fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn wait_for_state(c: &Client, state: &str) {
    let start = Instant::now();
    loop {
        let now = c
            .find(Locator::Css("#solve"))
            .await
            .unwrap()
            .attr("data-state")
            .await
            .unwrap();
        if now.as_deref() == Some(state) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for state {state}, page is {now:?}"
        );
        tokio_sleep(50).await;
    }
}

async fn tokio_sleep(ms: u64) {
    actix_web::rt::time::sleep(Duration::from_millis(ms)).await;
}

async fn tap(c: &Client, point: &str) {
    c.find(Locator::Css(&format!("rect.pt[data-p='{point}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn stone_at(c: &Client, point: &str) -> Option<String> {
    let found = c
        .find_all(Locator::Css(&format!("#stones circle[data-p='{point}']")))
        .await
        .unwrap();
    match found.first() {
        Some(e) => e.attr("class").await.unwrap(),
        None => None,
    }
}

async fn story(c: &Client, app: &TestApp) {
    let snapback = app.problem_id("beginner", 2);
    c.goto(&format!("{}/problems/{snapback}", app.base))
        .await
        .unwrap();
    wait_for_state(c, "playing").await;
    // Throw-in, White takes, take three back.
    tap(c, "aa").await;
    let start = Instant::now();
    while stone_at(c, "ab").await.as_deref() != Some("stone w") {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "White's answer at ab never appeared"
        );
        tokio_sleep(50).await;
    }
    tap(c, "aa").await;
    wait_for_state(c, "solved").await;
    let mark = c
        .find(Locator::Css("#feedback-mark"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(mark, "✓");
    assert_eq!(
        stone_at(c, "ba").await,
        None,
        "the white stones were captured"
    );
    std::fs::write(
        screenshot_dir().join("solve-solved.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    let attempt = c
        .find(Locator::Css("#solve"))
        .await
        .unwrap()
        .attr("data-attempt")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        app.get(&format!("/api/attempts/{attempt}")).json["result"],
        "solved"
    );

    // A wrong answer: the ✗, and White's refutation on the board.
    let capture = app.problem_id("beginner", 1);
    c.goto(&format!("{}/problems/{capture}", app.base))
        .await
        .unwrap();
    wait_for_state(c, "playing").await;
    tap(c, "ee").await;
    wait_for_state(c, "wrong").await;
    assert_eq!(
        c.find(Locator::Css("#feedback-mark"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "✗"
    );
    assert_eq!(
        stone_at(c, "dc").await.as_deref(),
        Some("stone w"),
        "the refutation is shown"
    );
    std::fs::write(
        screenshot_dir().join("solve-wrong.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
}

#[test]
fn a_child_solves_in_the_browser_and_sees_right_and_wrong() {
    let Some((chromedriver, chromium)) = tools() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium and chromium-driver are required under CI (.ci/run installs them)"
        );
        eprintln!("browser test skipped: chromium / chromedriver not installed");
        return;
    };
    let app = TestApp::spawn(Db::Sqlite, "browser").unwrap();
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/beginner");
    assert!(app.import(None, &[&fixtures]).status.success());
    let port = free_port();
    let _driver = Driver(
        Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let profile = std::env::temp_dir().join(format!("sente-chromium-{}", std::process::id()));
    let caps = serde_json::json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=768,1024", "--lang=zh-CN", format!("--user-data-dir={}", profile.display())
            ]
        }
    });
    actix_web::rt::System::new().block_on(async {
        let start = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            let mut builder = ClientBuilder::new(connector);
            builder.capabilities(caps.as_object().unwrap().clone());
            match builder.connect(&format!("http://127.0.0.1:{port}")).await {
                Ok(c) => break c,
                Err(e) if start.elapsed() < Duration::from_secs(20) => {
                    let _ = e;
                    tokio_sleep(200).await;
                }
                Err(e) => panic!("chromedriver did not start: {e}"),
            }
        };
        story(&client, &app).await;
        client.close().await.unwrap();
    });
    let _ = std::fs::remove_dir_all(profile);
}
