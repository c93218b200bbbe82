//! The solve page in a real headless Chromium (Debian's chromium + chromium-driver): a child taps
//! the intersections of a correct answer and sees the solved state, then a wrong one and sees the
//! ✗ and the refutation; a child signs in on a remembered tablet by tapping their avatar and
//! three drawn pictures. Screenshots are saved under target/screenshots for a person to look at.

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

pub fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn wait_for_state(c: &Client, state: &str) {
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

pub async fn tokio_sleep(ms: u64) {
    actix_web::rt::time::sleep(Duration::from_millis(ms)).await;
}

pub async fn tap(c: &Client, point: &str) {
    c.find(Locator::Css(&format!("rect.pt[data-p='{point}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

pub async fn stone_at(c: &Client, point: &str) -> Option<String> {
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

/// Clicks an element, waiting for it first: the page a form posted to may still be loading.
pub async fn click(c: &Client, css: &str) {
    wait_for_element(c, css).await;
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap();
}

pub async fn wait_for_path(c: &Client, prefix: &str) -> String {
    let start = Instant::now();
    loop {
        let url = c.current_url().await.unwrap();
        if url.path().starts_with(prefix) {
            return url.to_string();
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {prefix}, at {url}"
        );
        tokio_sleep(50).await;
    }
}

/// Solves the practice problem on the page (the two fixture problems' answers).
async fn solve_shown_problem(c: &Client, app: &TestApp) {
    wait_for_state(c, "playing").await;
    let id: i64 = c
        .find(Locator::Css("#solve"))
        .await
        .unwrap()
        .attr("data-problem")
        .await
        .unwrap()
        .unwrap()
        .parse()
        .unwrap();
    if id == app.problem_id("beginner", 1) {
        tap(c, "dc").await;
    } else {
        tap(c, "aa").await;
        let start = Instant::now();
        while stone_at(c, "ab").await.as_deref() != Some("stone w") {
            assert!(start.elapsed() < Duration::from_secs(10), "no reply at ab");
            tokio_sleep(50).await;
        }
        tap(c, "aa").await;
    }
    wait_for_state(c, "solved").await;
}

/// A child signs in with the family code and three pictures, solves two practice problems; the
/// parent signs in and sees them on the growth page.
async fn growth_story(c: &Client, app: &TestApp) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut parent = agent
        .post(&format!("{}/api/auth/signup", app.base))
        .header("content-type", "application/json")
        .send(r#"{"role":"parent","username":"browser_mama","password":"violet harbor tadpole 19","display_name":"妈妈"}"#)
        .unwrap();
    let cookie = parent
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let me: serde_json::Value =
        serde_json::from_str(&parent.body_mut().read_to_string().unwrap()).unwrap();
    let code = me["family_code"].as_str().unwrap().to_string();
    agent
        .post(&format!("{}/api/children", app.base))
        .header("content-type", "application/json")
        .header("cookie", &cookie)
        .send(r#"{"display_name":"乐乐","pictures":[3,1,7]}"#)
        .unwrap();

    c.delete_all_cookies().await.unwrap();
    c.goto(&format!("{}/kids?lang=zh", app.base)).await.unwrap();
    c.find(Locator::Css("#code"))
        .await
        .unwrap()
        .send_keys(&code)
        .await
        .unwrap();
    click(c, "#code-go").await;
    wait_for_path(c, "/kids").await;
    click(c, "a.kid").await;
    wait_for_element(c, "#pictures-form").await;
    std::fs::write(
        screenshot_dir().join("kids-pictures.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    for i in [3, 1, 7] {
        click(c, &format!("button.picture[data-i='{i}']")).await;
    }
    wait_for_path(c, "/problems/").await;
    solve_shown_problem(c, app).await;
    click(c, "#next").await;
    tokio_sleep(300).await;
    wait_for_path(c, "/problems/").await;
    solve_shown_problem(c, app).await;

    // The parent, in the same browser after the child: the growth page shows both.
    c.delete_all_cookies().await.unwrap();
    c.goto(&format!("{}/signin?lang=zh", app.base))
        .await
        .unwrap();
    c.find(Locator::Css("#signin-form input[name=username]"))
        .await
        .unwrap()
        .send_keys("browser_mama")
        .await
        .unwrap();
    c.find(Locator::Css("#signin-form input[name=password]"))
        .await
        .unwrap()
        .send_keys("violet harbor tadpole 19")
        .await
        .unwrap();
    click(c, "#signin-form button[type=submit]").await;
    wait_for_path(c, "/account").await;
    click(c, "a.growth-link").await;
    wait_for_path(c, "/learners/").await;
    let solved = c
        .find(Locator::Css("#stat-solved"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(solved, "2", "both problems on the growth page");
    let charts = c.find_all(Locator::Css("svg.chart")).await.unwrap();
    assert_eq!(charts.len(), 3, "rating, calendar and concepts");
    std::fs::write(
        screenshot_dir().join("growth.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
}

/// A headless Chromium at 768×1024 (a tablet) driven through chromedriver; None (the test is
/// skipped) when they are not installed outside CI.
pub struct Chromium {
    _driver: Driver,
    port: u16,
    profile: PathBuf,
    caps: serde_json::Value,
}

impl Chromium {
    pub fn start(name: &str) -> Option<Chromium> {
        let Some((chromedriver, chromium)) = tools() else {
            assert!(
                std::env::var_os("CI").is_none(),
                "chromium and chromium-driver are required under CI (.ci/run installs them)"
            );
            eprintln!("browser test skipped: chromium / chromedriver not installed");
            return None;
        };
        let port = free_port();
        let driver = Driver(
            Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let profile =
            std::env::temp_dir().join(format!("sente-chromium-{name}-{}", std::process::id()));
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
        Some(Chromium {
            _driver: driver,
            port,
            profile,
            caps,
        })
    }

    pub async fn connect(&self) -> Client {
        let start = Instant::now();
        loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            let mut builder = ClientBuilder::new(connector);
            builder.capabilities(self.caps.as_object().unwrap().clone());
            match builder
                .connect(&format!("http://127.0.0.1:{}", self.port))
                .await
            {
                Ok(c) => break c,
                Err(e) if start.elapsed() < Duration::from_secs(20) => {
                    let _ = e;
                    tokio_sleep(200).await;
                }
                Err(e) => panic!("chromedriver did not start: {e}"),
            }
        }
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn app_with_fixtures(test: &str) -> TestApp {
    let app = TestApp::spawn(Db::Sqlite, test).unwrap();
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/beginner");
    assert!(app.import(None, &[&fixtures]).status.success());
    app
}

#[test]
fn a_child_solves_in_the_browser_and_sees_right_and_wrong() {
    let Some(chromium) = Chromium::start("solve") else {
        return;
    };
    let app = app_with_fixtures("browser");
    actix_web::rt::System::new().block_on(async {
        let client = chromium.connect().await;
        story(&client, &app).await;
        growth_story(&client, &app).await;
        client.close().await.unwrap();
    });
}

/// Waits until an element matches `css` (the page after a click may still be loading).
pub async fn wait_for_element(c: &Client, css: &str) {
    let start = Instant::now();
    while c.find(Locator::Css(css)).await.is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {css}"
        );
        tokio_sleep(50).await;
    }
}

/// Waits until the element's text contains `needle` (the element may not exist yet, or be
/// replaced while the page loads).
pub async fn wait_for_text(c: &Client, css: &str, needle: &str) {
    let start = Instant::now();
    loop {
        if let Ok(e) = c.find(Locator::Css(css)).await
            && let Ok(t) = e.text().await
            && t.contains(needle)
        {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {needle:?} in {css}"
        );
        tokio_sleep(50).await;
    }
}

pub async fn text_of(c: &Client, css: &str) -> String {
    wait_for_element(c, css).await;
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .unwrap()
}

pub async fn type_into(c: &Client, css: &str, text: &str) {
    wait_for_element(c, css).await;
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .send_keys(text)
        .await
        .unwrap();
}

/// What the page last asked the speech synthesis to say (speak.js keeps it in body[data-spoken]).
async fn spoken(c: &Client) -> Option<String> {
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .attr("data-spoken")
        .await
        .unwrap()
}

async fn wait_until_spoken(c: &Client, text: &str) {
    let start = Instant::now();
    while spoken(c).await.as_deref() != Some(text) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {text:?} to be spoken, last {:?}",
            spoken(c).await
        );
        tokio_sleep(50).await;
    }
}

/// A parent signs in and adds a child (pictures and avatar tapped on the account page); a
/// grown-up types the family code once on the child's tablet, which remembers it; the child taps
/// their avatar and three pictures without typing and lands on practice, which says the task
/// aloud; "not your device?" brings the code screen back.
async fn remembered_device_story(c: &Client, app: &TestApp) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let signup = agent
        .post(&format!("{}/api/auth/signup", app.base))
        .header("content-type", "application/json")
        .send(r#"{"role":"parent","username":"tablet_papa","password":"violet harbor tadpole 19","display_name":"爸爸"}"#)
        .unwrap();
    assert_eq!(signup.status().as_u16(), 201);

    // The parent, in the browser: sign in, add a child by tapping drawings.
    c.delete_all_cookies().await.unwrap();
    c.goto(&format!("{}/signin?lang=zh", app.base))
        .await
        .unwrap();
    type_into(c, "#signin-form input[name=username]", "tablet_papa").await;
    type_into(
        c,
        "#signin-form input[name=password]",
        "violet harbor tadpole 19",
    )
    .await;
    click(c, "#signin-form button[type=submit]").await;
    wait_for_path(c, "/account").await;
    type_into(c, "#add-child input[name=display_name]", "星星").await;
    for (slot, picture) in [("p1", 5), ("p2", 0), ("p3", 8)] {
        click(
            c,
            &format!("#add-child input[name={slot}][value='{picture}']"),
        )
        .await;
    }
    click(c, "#add-child input[name=avatar][value='9']").await;
    std::fs::write(
        screenshot_dir().join("account-add-child.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    click(c, "#add-child button[type=submit]").await;
    // The form posts to /account and the page is /account already: wait for the new page's
    // list, not for the address (reading the old page while it is replaced is a stale element).
    wait_for_text(c, ".children", "星星").await;
    let code = text_of(c, "#family-code").await;

    // The child's tablet (another browser: no cookie of the parent's): the code typed once.
    c.delete_all_cookies().await.unwrap();
    c.goto(&format!("{}/kids?lang=zh", app.base)).await.unwrap();
    type_into(c, "#code", &code).await;
    click(c, "#code-go").await;
    // The code form is on /kids too: wait for the children the code opened.
    wait_for_text(c, "a.kid", "星星").await;
    // Later: the tablet opens straight on the family's children, nothing typed.
    c.goto(&format!("{}/kids", app.base)).await.unwrap();
    let kid = c.find(Locator::Css("a.kid")).await.unwrap();
    assert!(kid.text().await.unwrap().contains("星星"));
    assert!(
        c.find_all(Locator::Css("a.kid svg.avatar use[href='#av-9']"))
            .await
            .unwrap()
            .len()
            == 1,
        "the chosen avatar beside the name"
    );
    assert!(c.find_all(Locator::Css("#code")).await.unwrap().is_empty());
    std::fs::write(
        screenshot_dir().join("kids-remembered-device.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    click(c, "a.kid").await;
    wait_for_element(c, "#pictures-form").await;

    // The nine pictures are the app's drawings: no emoji, each drawn at a tappable size.
    let buttons = c.find_all(Locator::Css("button.picture")).await.unwrap();
    assert_eq!(buttons.len(), 9);
    for b in &buttons {
        let text = b.text().await.unwrap();
        assert!(
            !text.chars().any(|ch| ch as u32 >= 0x2600),
            "no emoji or symbol character in a picture: {text:?}"
        );
        assert!(!b.attr("aria-label").await.unwrap().unwrap().is_empty());
    }
    let sizes = c
        .execute(
            "return [...document.querySelectorAll('button.picture')].map((b) => {
               const svg = b.querySelector('svg'), use = svg.querySelector('use');
               const r = b.getBoundingClientRect(), box = use.getBBox();
               return [r.width, r.height, box.width, box.height, svg.getBoundingClientRect().width];
             });",
            vec![],
        )
        .await
        .unwrap();
    for s in sizes.as_array().unwrap() {
        let v: Vec<f64> = s
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        assert!(
            v[0] >= 100.0 && v[1] >= 100.0,
            "a finger-sized button: {v:?}"
        );
        assert!(v[2] > 40.0 && v[3] > 40.0, "the drawing is there: {v:?}");
        assert!(v[4] >= 80.0, "drawn large: {v:?}");
    }
    std::fs::write(
        screenshot_dir().join("kids-pictures-drawn.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
    for i in [5, 0] {
        click(c, &format!("button.picture[data-i='{i}']")).await;
    }
    assert_eq!(
        c.find_all(Locator::Css("#picked svg")).await.unwrap().len(),
        2,
        "the picked drawings are shown"
    );
    wait_until_spoken(c, "苹果").await;
    click(c, "button.picture[data-i='8']").await;
    wait_for_path(c, "/problems/").await;

    // Practice says the task; the answer's verdict is said too.
    wait_for_state(c, "playing").await;
    let task = c
        .find(Locator::Css("#solve"))
        .await
        .unwrap()
        .attr("data-task")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(task, "黑棋走，吃掉白子");
    assert_eq!(spoken(c).await.as_deref(), Some(task.as_str()));
    solve_shown_problem(c, app).await;
    wait_until_spoken(c, "对了！").await;
    std::fs::write(
        screenshot_dir().join("kids-practice-solved.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();

    // Back on the tablet's kids' page: "not your device?" forgets it.
    c.goto(&format!("{}/kids", app.base)).await.unwrap();
    c.find(Locator::Css("a.kid")).await.unwrap();
    click(c, "#not-my-device").await;
    // The form posts from /kids back to /kids: wait for the code screen, not the address.
    wait_for_element(c, "#code").await;
    assert!(c.find_all(Locator::Css("a.kid")).await.unwrap().is_empty());
    c.goto(&format!("{}/kids", app.base)).await.unwrap();
    c.find(Locator::Css("#code"))
        .await
        .expect("and stays: the device is forgotten");
    std::fs::write(
        screenshot_dir().join("kids-device-forgotten.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
}

#[test]
fn a_child_signs_in_on_a_remembered_tablet_by_tapping_drawings() {
    let Some(chromium) = Chromium::start("tablet") else {
        return;
    };
    let app = app_with_fixtures("browser-tablet");
    actix_web::rt::System::new().block_on(async {
        let client = chromium.connect().await;
        remembered_device_story(&client, &app).await;
        client.close().await.unwrap();
    });
}

/// Waits until the game (read through the API) has more than `moves` moves or a result.
fn wait_for_answer(app: &TestApp, cookie: &str, id: i64, moves: i64) -> serde_json::Value {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let start = Instant::now();
    loop {
        let mut resp = agent
            .get(format!("{}/api/games/{id}", app.base))
            .header("cookie", cookie)
            .call()
            .unwrap();
        let v: serde_json::Value =
            serde_json::from_str(&resp.body_mut().read_to_string().unwrap()).unwrap();
        if v["moves"].as_i64().unwrap() > moves || !v["result"].is_null() {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the move after {moves} never came: {v}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A child starts capture-Go on 7×7 against the computer's level 1 from the games page, taps
/// stones until a white stone is captured and sees the cheerful end screen.
async fn capture_go_story(c: &Client, app: &TestApp, cookie: &str) {
    c.goto(&app.base).await.unwrap();
    // The child's session (signed in with pictures through the API) on this browser.
    c.execute(
        "document.cookie = arguments[0] + '; path=/';",
        vec![serde_json::json!(cookie)],
    )
    .await
    .unwrap();
    c.goto(&format!("{}/games?lang=zh", app.base))
        .await
        .unwrap();
    // The defaults are the child's game: 吃子棋, 7×7, first capture wins, computer level 1, Black.
    for (css, want) in [
        ("#kind", "capture"),
        ("#size", "7"),
        ("#target", "1"),
        ("#mode", "computer"),
        ("#level", "1"),
    ] {
        let v = c
            .find(Locator::Css(css))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap();
        assert_eq!(v.as_deref(), Some(want), "{css}");
    }
    click(c, "#start-game").await;
    let url = wait_for_path(c, "/games/").await;
    let id: i64 = url.rsplit('/').next().unwrap().parse().unwrap();
    let mut v = wait_for_answer(app, cookie, id, -1);
    let mut turns = 0;
    while v["result"].is_null() {
        turns += 1;
        assert!(turns < 40, "no capture after 40 moves: {v}");
        let p = crate::games::capture_plan(&crate::games::board_of(&v));
        // The page shows the position before the child taps.
        let start = Instant::now();
        while c
            .find_all(Locator::Css("circle.stone"))
            .await
            .unwrap()
            .len()
            != v["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap().matches(['X', 'O']).count())
                .sum::<usize>()
        {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the board never showed the position"
            );
            tokio_sleep(50).await;
        }
        tap(c, &p.to_sgf()).await;
        v = wait_for_answer(app, cookie, id, v["moves"].as_i64().unwrap());
    }
    assert_eq!(v["result"]["winner"], "B", "the child won: {v}");
    let start = Instant::now();
    while c
        .find(Locator::Css("#end-screen"))
        .await
        .unwrap()
        .attr("hidden")
        .await
        .unwrap()
        .is_some()
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the end screen never showed"
        );
        tokio_sleep(50).await;
    }
    assert_eq!(text_of(c, "#end-text").await, "你赢了！太棒了！");
    assert!(
        c.find(Locator::Css("#last-move")).await.is_ok(),
        "the last move is marked"
    );
    std::fs::write(
        screenshot_dir().join("capture-go-won.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();

    // The games page lists the won game; a game on one device turns the board for White.
    c.goto(&format!("{}/games?lang=zh", app.base))
        .await
        .unwrap();
    assert!(text_of(c, "#my-games").await.contains("你赢了"));
    c.find(Locator::Css("#mode"))
        .await
        .unwrap()
        .select_by_value("one_device")
        .await
        .unwrap();
    click(c, "#start-game").await;
    wait_for_path(c, &format!("/games/{}", id + 1)).await;
    wait_for_answer(app, cookie, id + 1, -1);
    let start = Instant::now();
    while c.find_all(Locator::Css("rect.pt")).await.unwrap().len() != 49 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the board never showed"
        );
        tokio_sleep(50).await;
    }
    tap(c, "dd").await;
    let start = Instant::now();
    loop {
        let class = c
            .find(Locator::Css("#board-wrap"))
            .await
            .unwrap()
            .attr("class")
            .await
            .unwrap()
            .unwrap_or_default();
        if class.contains("turned") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the board did not turn for White"
        );
        tokio_sleep(50).await;
    }
    tokio_sleep(700).await;
    std::fs::write(
        screenshot_dir().join("capture-go-one-device-white.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
}

#[test]
fn a_child_plays_capture_go_on_7x7_against_level_1_and_wins() {
    let Some(chromium) = Chromium::start("games") else {
        return;
    };
    let app = app_with_fixtures("browser-games");
    let (_, kid, _) = crate::learners::signed_in_family(&app, "games_papa", [2, 4, 6]);
    let cookie = kid.cookie.clone().unwrap();
    actix_web::rt::System::new().block_on(async {
        let client = chromium.connect().await;
        capture_go_story(&client, &app, &cookie).await;
        client.close().await.unwrap();
    });
}
