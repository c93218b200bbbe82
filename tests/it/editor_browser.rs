//! The problem editor in a real headless Chromium (ARCHITECTURE.md "The problem editor"): a
//! teacher signs in, opens their set, builds a small capture problem by tapping — the setup
//! stones, then one correct line and one wrong line with White's refuting reply — saves it and
//! sees the check prove it; test-solves it in the real solve page; then builds a problem whose
//! tree leaves out a second correct first move, sees the solver's move drawn on the board, adds
//! it with one tap and saves again; on the set page uploads a file with a good and a broken
//! problem and sees both reported, and moves a problem down; gives the set to a class; a child
//! signs in with pictures and answers wrongly then rightly; the teacher's class results show both,
//! the wrong move on the board. Screenshots under target/screenshots.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::app::{Db, TestApp};
use crate::browser::{
    Chromium, click, screenshot_dir, tap, text_of, tokio_sleep, type_into, wait_for_element,
    wait_for_path, wait_for_state, wait_for_text,
};
use crate::learners::Session;

const PASSWORD: &str = "violet harbor tadpole 19";

async fn shot(c: &Client, name: &str) {
    // The board in view when the page has one.
    c.execute(
        "const b = document.getElementById('ed-board'); if (b) b.scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    std::fs::write(screenshot_dir().join(name), c.screenshot().await.unwrap()).unwrap();
}

/// How many nodes the tree view shows.
async fn tree_nodes(c: &Client) -> usize {
    c.find_all(Locator::Css("#tree .ed-node"))
        .await
        .unwrap()
        .len()
}

async fn wait_for_nodes(c: &Client, n: usize) {
    let start = Instant::now();
    while tree_nodes(c).await != n {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited for {n} nodes, the tree has {}",
            tree_nodes(c).await
        );
        tokio_sleep(50).await;
    }
}

async fn sign_in(c: &Client, app: &TestApp, name: &str) {
    c.goto(&format!("{}/signin", app.base)).await.unwrap();
    type_into(c, "#signin-form input[name=username]", name).await;
    type_into(c, "#signin-form input[name=password]", PASSWORD).await;
    click(c, "#signin-form button[type=submit]").await;
    wait_for_element(c, "#nav-account").await;
    tokio_sleep(300).await;
}

/// Sets up the capture of White's corner stone: Black at ba, White at aa, Black to play.
async fn place_corner(c: &Client) {
    tap(c, "ba").await;
    click(c, ".ed-tool[data-tool=white]").await;
    tap(c, "aa").await;
    wait_for_element(c, "#ed-board circle.stone.w[data-p=aa]").await;
    wait_for_element(c, "#ed-board circle.stone.b[data-p=ba]").await;
}

async fn editor_story(c: &Client, app: &TestApp, set: i64) -> i64 {
    sign_in(c, app, "editor_teacher").await;
    // Chinese, the page's first language, whatever the browser asks for.
    c.goto(&format!("{}/teach/sets/{set}?lang=zh", app.base))
        .await
        .unwrap();
    wait_for_text(c, "#set-title", "第一课").await;
    shot(c, "editor-set-empty.png").await;
    click(c, "#new-problem").await;
    wait_for_path(c, &format!("/teach/sets/{set}/problems/new")).await;
    wait_for_element(c, "#ed-board rect.pt[data-p=aa]").await;
    place_corner(c).await;

    // The correct line: Black takes at ab.
    click(c, "#mode-record").await;
    tap(c, "ab").await;
    wait_for_nodes(c, 2).await;
    assert!(
        c.find(Locator::Css("#ed-board circle.stone[data-p=aa]"))
            .await
            .is_err(),
        "the white stone is taken off the board"
    );
    click(c, "#mark-correct").await;
    type_into(c, "#comment-zh", "吃掉了！").await;
    type_into(c, "#comment-en", "Captured!").await;
    // The wrong line: Black elsewhere, White escapes at ab.
    click(c, "#to-start").await;
    tap(c, "cc").await;
    tap(c, "ab").await;
    wait_for_nodes(c, 4).await;
    wait_for_element(c, "#ed-board circle.stone.w[data-p=ab]").await;
    click(c, "#mark-wrong").await;
    wait_for_element(c, "#tree .ed-node.wrong").await;
    assert_eq!(
        c.find_all(Locator::Css("#tree .ed-node.correct"))
            .await
            .unwrap()
            .len(),
        1
    );
    // Undo takes back the last change (the mark), and it is put back.
    click(c, "#undo").await;
    assert!(c.find(Locator::Css("#tree .ed-node.wrong")).await.is_err());
    click(c, "#mark-wrong").await;
    shot(c, "editor-recorded.png").await;

    click(c, "#save").await;
    wait_for_element(c, "#check[data-status=proven]").await;
    wait_for_text(c, "#check-status", "已证明").await;
    assert!(text_of(c, "#saved-note").await.contains('1'));
    wait_for_text(c, "#check-goal", "capture").await;
    shot(c, "editor-proven.png").await;
    let url = wait_for_path(c, &format!("/teach/sets/{set}/problems/")).await;
    assert!(url.ends_with("/edit"), "{url}");

    // The saved problem, read through the API: the lines, marks and both comments.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let set_json: serde_json::Value = serde_json::from_str(
        &agent
            .get(format!("{}/api/sets/{set}", app.base))
            .header("cookie", &teacher_cookie(app))
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap(),
    )
    .unwrap();
    let problems = set_json["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{set_json}");
    assert_eq!(problems[0]["kind"], "capture");
    let pid = problems[0]["id"].as_i64().unwrap();

    // Test-solve: the real solve page, as a child would.
    click(c, "#test-solve").await;
    wait_for_path(c, &format!("/problems/{pid}")).await;
    wait_for_state(c, "playing").await;
    tap(c, "ab").await;
    wait_for_state(c, "solved").await;
    wait_for_text(c, "#comment", "吃掉了").await;
    shot(c, "editor-test-solve.png").await;

    missed_move_story(c, app, set).await;
    set_page_story(c, app, set).await;
    pid
}

/// The teacher gives the set to the class on the desk (/teach); the child signs in with pictures
/// on the kids page, answers the built problem wrongly at cc, tries again and takes at ab; the
/// teacher's class results show "solved later" and the wrong move cc drawn on the board.
async fn homework_story(c: &Client, app: &TestApp, set: i64, pid: i64, class: &serde_json::Value) {
    let class_id = class["id"].as_i64().unwrap();
    c.goto(&format!("{}/teach", app.base)).await.unwrap();
    let form = format!("#class-{class_id} form.assign");
    wait_for_element(c, &form).await;
    c.find(Locator::Css(&format!(
        "{form} select[name=set] option[value='{set}']"
    )))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    click(c, &format!("{form} button[type=submit]")).await;
    wait_for_element(c, &format!("#class-{class_id} tr[data-assignment]")).await;
    let a = c
        .find(Locator::Css(&format!(
            "#class-{class_id} tr[data-assignment]"
        )))
        .await
        .unwrap()
        .attr("data-assignment")
        .await
        .unwrap()
        .unwrap();

    // The child, on the class's kids page, with their three pictures.
    c.delete_all_cookies().await.unwrap();
    c.goto(&format!(
        "{}/kids?code={}",
        app.base,
        class["code"].as_str().unwrap()
    ))
    .await
    .unwrap();
    click(c, "a.kid").await;
    wait_for_element(c, "#pictures-form").await;
    for i in [4, 5, 6] {
        click(c, &format!("button.picture[data-i='{i}']")).await;
    }
    let start = Instant::now();
    while c.current_url().await.unwrap().path().starts_with("/kids") {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the child never got in"
        );
        tokio_sleep(50).await;
    }
    c.goto(&format!("{}/problems/{pid}", app.base))
        .await
        .unwrap();
    wait_for_state(c, "playing").await;
    tap(c, "cc").await;
    wait_for_state(c, "wrong").await;
    shot(c, "editor-child-wrong.png").await;
    click(c, "#retry").await;
    wait_for_state(c, "playing").await;
    tap(c, "ab").await;
    wait_for_state(c, "solved").await;
    shot(c, "editor-child-solved.png").await;

    // The teacher's class results.
    c.delete_all_cookies().await.unwrap();
    c.goto(&app.base).await.unwrap();
    c.execute(
        "document.cookie = arguments[0] + '; path=/';",
        vec![json!(teacher_cookie(app))],
    )
    .await
    .unwrap();
    c.goto(&format!("{}/teach/assignments/{a}", app.base))
        .await
        .unwrap();
    wait_for_element(c, "#grid td.cell[data-status=later]").await;
    wait_for_element(c, "g.mark.wrong[data-p=cc]").await;
    c.execute(
        "document.querySelector('g.mark.wrong').scrollIntoView();",
        vec![],
    )
    .await
    .unwrap();
    std::fs::write(
        screenshot_dir().join("editor-class-results.png"),
        c.screenshot().await.unwrap(),
    )
    .unwrap();
}

/// The set page: an upload with one good and one broken problem reports both and lists the
/// good one; a problem moves down.
async fn set_page_story(c: &Client, app: &TestApp, set: i64) {
    let file = std::env::temp_dir().join(format!("sente-editor-upload-{}.sgf", std::process::id()));
    std::fs::write(
        &file,
        "(;SZ[9]AB[hb]AW[ia]PL[B];B[ib]C[Correct])\n(;SZ[9]AB[zz];B[aa])\n",
    )
    .unwrap();
    c.goto(&format!("{}/teach/sets/{set}", app.base))
        .await
        .unwrap();
    wait_for_element(c, "#upload-files").await;
    c.find(Locator::Css("#upload-files"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    click(c, "#upload-send").await;
    wait_for_element(c, "#upload-report .ed-rejected").await;
    wait_for_text(c, "#upload-report .ed-imported", "1").await;
    let _ = std::fs::remove_file(&file);
    let rows = c
        .find_all(Locator::Css("#problems .ed-problem"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 3);
    let first = rows[0].attr("data-id").await.unwrap().unwrap();
    click(c, "#problems .ed-problem:first-child .ed-down").await;
    let start = Instant::now();
    loop {
        let now = c
            .find(Locator::Css("#problems .ed-problem:nth-child(2)"))
            .await
            .unwrap()
            .attr("data-id")
            .await
            .unwrap();
        if now.as_deref() == Some(first.as_str()) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the problem never moved down"
        );
        tokio_sleep(50).await;
    }
    shot(c, "editor-set-page.png").await;
    // The new order is the set's.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let v: serde_json::Value = serde_json::from_str(
        &agent
            .get(format!("{}/api/sets/{set}", app.base))
            .header("cookie", &teacher_cookie(app))
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(v["problems"][1]["id"].to_string(), first);
}

/// Either atari takes White's corner stone at aa (Black at bb); the tree has only ab.
async fn missed_move_story(c: &Client, app: &TestApp, set: i64) {
    c.goto(&format!("{}/teach/sets/{set}/problems/new", app.base))
        .await
        .unwrap();
    wait_for_element(c, "#ed-board rect.pt[data-p=bb]").await;
    tap(c, "bb").await;
    click(c, ".ed-tool[data-tool=white]").await;
    tap(c, "aa").await;
    click(c, "#mode-record").await;
    for p in ["ab", "ba", "ca"] {
        tap(c, p).await;
    }
    wait_for_nodes(c, 4).await;
    click(c, "#mark-correct").await;
    click(c, "#save").await;
    wait_for_element(c, "#findings li[data-code=missed_correct]").await;
    assert!(text_of(c, "#findings").await.contains("(ba)"));
    // Drawn on the board at the start, and added to the tree with one tap.
    click(c, "#to-start").await;
    wait_for_element(c, "#ed-board .ed-mark.suggest[data-p=ba]").await;
    shot(c, "editor-missed-move.png").await;
    click(c, ".ed-suggest[data-move=ba]").await;
    wait_for_nodes(c, 5).await;
    click(c, "#save").await;
    wait_for_text(c, "#saved-note", "2").await;
    wait_for_element(c, "#check[data-status=proven]").await;
    assert!(
        c.find(Locator::Css("#findings li[data-code=missed_correct]"))
            .await
            .is_err()
    );
    shot(c, "editor-missed-move-added.png").await;
}

fn teacher_cookie(app: &TestApp) -> String {
    let mut t = Session::new(app);
    let (status, v) = t.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "editor_teacher", "password": PASSWORD})),
    );
    assert_eq!(status, 200, "{v}");
    t.cookie.unwrap()
}

#[test]
fn a_teacher_builds_a_problem_in_the_editor_and_the_check_proves_it() {
    let Some(chromium) = Chromium::start("editor") else {
        return;
    };
    let app = TestApp::spawn(Db::Sqlite, "browser-editor").unwrap();
    let mut t = crate::sets::teacher(&app, "editor_teacher");
    let set = crate::sets::new_set(&mut t, "第一课", "private");
    let (status, class) = t.call("POST", "/api/classes", Some(json!({"name": "一班"})));
    assert_eq!(status, 201, "{class}");
    let (status, kid) = t.call(
        "POST",
        &format!("/api/classes/{}/children", class["id"]),
        Some(json!({"display_name": "小明", "pictures": [4, 5, 6]})),
    );
    assert_eq!(status, 201, "{kid}");
    actix_web::rt::System::new().block_on(async {
        let client = chromium.connect().await;
        let pid = editor_story(&client, &app, set).await;
        homework_story(&client, &app, set, pid, &class).await;
        client.close().await.unwrap();
    });
}
