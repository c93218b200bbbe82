//! The teachers' and children's homework pages, on SQLite and PostgreSQL: the teacher's desk
//! lists sets and classes and its forms create a set and assign it (CSRF-checked); the class
//! results page shows each child's statuses, the wrong first moves drawn with their counts at
//! their points, sorts by its column headers and is closed to everyone but the class's teacher
//! (and admins); a child's home page shows the homework first with a star per problem solved.

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::assignments::{pupil, try_once};
use crate::learners::{Session, signed_in_family};
use crate::learning::Browser;
use crate::sets::{CAPTURE, add, new_set, teacher};

both_backends!(
    the_desk_lists_sets_and_classes_and_its_forms_create_and_assign,
    class_results_show_statuses_wrong_moves_on_the_board_and_sort,
    a_child_sees_homework_first_with_a_star_per_problem_solved,
);

/// Black captures at ic; cc is wrong.
const SECOND: &str =
    "(;SZ[9]AB[ia]AW[ib]PL[B]C[Black to capture](;B[ic]C[Correct])(;B[cc];W[ic]C[Wrong]))";
const DAY_MS: i64 = 24 * 3600 * 1000;

/// A browser holding a JSON session's sign-in.
fn browser_of<'a>(app: &'a TestApp, s: &Session) -> Browser<'a> {
    let mut b = Browser::new(app);
    let (name, value) = s.cookie.as_deref().unwrap().split_once('=').unwrap();
    b.set_cookie(name, value);
    b
}

/// A teacher's class (JSON API).
fn class(t: &mut Session, name: &str) -> Value {
    let (status, c) = t.call("POST", "/api/classes", Some(json!({ "name": name })));
    assert_eq!(status, 201, "{c}");
    c
}

fn assign(t: &mut Session, class: &Value, set: i64, starts_at: i64, due_at: i64) -> i64 {
    let (status, a) = t.call(
        "POST",
        &format!("/api/classes/{}/assignments", class["id"]),
        Some(json!({"set_id": set, "starts_at": starts_at, "due_at": due_at})),
    );
    assert_eq!(status, 201, "{a}");
    a["id"].as_i64().unwrap()
}

/// The part of a page from `start` up to the next `end` after it.
fn between<'p>(page: &'p str, start: &str, end: &str) -> &'p str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {page}"));
    let rest = &page[from..];
    &rest[..rest[start.len()..]
        .find(end)
        .map_or(rest.len(), |i| i + start.len())]
}

fn the_desk_lists_sets_and_classes_and_its_forms_create_and_assign(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "desk_teacher");
    let mut other = teacher(&app, "desk_other");
    let c = class(&mut t, "一班");
    let other_class = class(&mut other, "二班");
    let mut desk = browser_of(&app, &t);
    let (status, _, page) = desk.get("/teach");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("id=\"no-sets\""), "no sets yet");
    assert!(
        page.contains(&format!("id=\"class-{}\"", c["id"])),
        "{page}"
    );
    assert!(page.contains("class=\"no-assignments\""));

    // The form creates a set and goes on to its editor.
    let csrf = desk.csrf();
    let form = [
        ("csrf", csrf.as_str()),
        ("name", "第一周"),
        ("description", "吃子"),
        ("visibility", "class"),
    ];
    let (status, to, _) = desk.post("/teach/sets", &form);
    assert_eq!(status, 303);
    let set: i64 = to
        .strip_prefix("/teach/sets/")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("to the editor: {to}"));
    let (_, v) = t.call("GET", &format!("/api/sets/{set}"), None);
    assert_eq!(
        (v["name"].as_str(), v["visibility"].as_str()),
        (Some("第一周"), Some("class"))
    );
    add(&mut t, set, CAPTURE);
    add(&mut t, set, SECOND);
    let (_, _, page) = desk.get("/teach");
    let row = between(&page, &format!("<tr data-set=\"{set}\">"), "</tr>");
    assert!(row.contains("第一周") && row.contains("2 题"), "{row}");
    assert!(row.contains(&format!("/teach/sets/{set}\"")), "{row}");
    assert!(row.contains(&format!("/sets/{set}/worksheet")), "{row}");
    assert!(row.contains(&format!("/api/sets/{set}/export")), "{row}");
    // A form without its token is refused; so is a set without a name.
    let forged = [("csrf", "0123456789abcdef0123456789abcdef"), ("name", "x")];
    assert_eq!(desk.post("/teach/sets", &forged).0, 403);
    assert_eq!(
        desk.post("/teach/sets", &[("csrf", csrf.as_str()), ("name", " ")])
            .0,
        400
    );

    // The assign form: the set to the class, with dates typed as an HTML date input sends them.
    let class_id = c["id"].to_string();
    let set_id = set.to_string();
    let assign_form = |starts: &'static str, due: &'static str, class: String| {
        vec![
            ("csrf".to_string(), csrf.clone()),
            ("class".to_string(), class),
            ("set".to_string(), set_id.clone()),
            ("starts".to_string(), starts.to_string()),
            ("due".to_string(), due.to_string()),
        ]
    };
    let post = |b: &mut Browser, f: Vec<(String, String)>| {
        let pairs: Vec<(&str, &str)> = f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        b.post("/teach/assignments", &pairs)
    };
    let (status, to, _) = post(
        &mut desk,
        assign_form("2026-01-05", "2026-01-12", class_id.clone()),
    );
    assert_eq!((status, to), (303, format!("/teach#class-{class_id}")));
    let (_, _, page) = desk.get("/teach");
    let block = between(&page, &format!("id=\"class-{class_id}\""), "</section>");
    assert!(block.contains("第一周"), "{block}");
    assert!(
        block.contains("2026-01-05") && block.contains("2026-01-12"),
        "{block}"
    );
    assert!(
        block.contains("href=\"/teach/assignments/"),
        "a results link: {block}"
    );
    // The dates are refused when they are not dates or the due day comes first.
    assert_eq!(
        post(
            &mut desk,
            assign_form("2026-02-30", "2026-03-01", class_id.clone())
        )
        .0,
        400
    );
    assert_eq!(
        post(
            &mut desk,
            assign_form("2026-03-08", "2026-03-01", class_id.clone())
        )
        .0,
        400
    );
    // Another teacher's class is not theirs to give homework to.
    assert_eq!(
        post(
            &mut desk,
            assign_form("2026-01-05", "2026-01-12", other_class["id"].to_string())
        )
        .0,
        404
    );
    // The other teacher's desk shows none of it; a parent and nobody have no desk.
    let (_, _, page) = browser_of(&app, &other).get("/teach");
    assert!(!page.contains("第一周"), "{page}");
    let (parent, _, _) = signed_in_family(&app, "desk_parent", [1, 2, 3]);
    assert_eq!(browser_of(&app, &parent).get("/teach").0, 403);
    let (status, to, _) = Browser::new(&app).get("/teach");
    assert_eq!((status, to.as_str()), (303, "/signin"));
    // The account page leads a teacher to the desk.
    let (_, _, page) = desk.get("/account");
    assert!(page.contains("href=\"/teach\""), "{page}");
}

/// The statuses of a child's row in the results grid, in problem order.
fn row_statuses(page: &str, name: &str) -> Vec<String> {
    let row = between(page, &format!("data-name=\"{name}\""), "</tr>");
    row.split("data-status=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

/// The children's names in the grid's order.
fn row_names(page: &str) -> Vec<String> {
    page.split("data-name=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

fn class_results_show_statuses_wrong_moves_on_the_board_and_sort(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "grid_teacher");
    let other = teacher(&app, "grid_other");
    let c = class(&mut t, "一班");
    let set = new_set(&mut t, "第二周", "private");
    let p1 = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();
    let p2 = add(&mut t, set, SECOND)["id"].as_i64().unwrap();
    // Joined in this order: the class's order is Cy, Ann, Bo.
    let (mut cy, _) = pupil(&app, &mut t, &c, "Cy");
    let (mut ann, _) = pupil(&app, &mut t, &c, "Ann");
    let (_bo, _) = pupil(&app, &mut t, &c, "Bo");
    let now = sente::db::now_ms();
    let a = assign(&mut t, &c, set, now - 1000, now + DAY_MS);

    // Ann: both right first time. Cy: p1 wrong at cc then right, p2 wrong at cc three times.
    assert_eq!(try_once(&mut ann, p1, "ab"), "solved");
    assert_eq!(try_once(&mut ann, p2, "ic"), "solved");
    assert_eq!(try_once(&mut cy, p1, "cc"), "wrong");
    assert_eq!(try_once(&mut cy, p1, "ab"), "solved");
    for _ in 0..3 {
        assert_eq!(try_once(&mut cy, p2, "cc"), "wrong");
    }

    let mut desk = browser_of(&app, &t);
    let (status, _, page) = desk.get(&format!("/teach/assignments/{a}"));
    assert_eq!(status, 200, "{page}");
    assert_eq!(row_names(&page), ["Cy", "Ann", "Bo"], "the class's order");
    assert_eq!(row_statuses(&page, "Ann"), ["first_try", "first_try"]);
    assert_eq!(row_statuses(&page, "Cy"), ["later", "failed"]);
    assert_eq!(row_statuses(&page, "Bo"), ["not_tried", "not_tried"]);
    let cy_row = between(&page, "data-name=\"Cy\"", "</tr>");
    assert!(cy_row.contains(">✓<") && cy_row.contains(">✗<"), "{cy_row}");
    assert!(page.contains("id=\"legend\""));
    assert!(page.contains(&format!("href=\"/api/assignments/{a}/results.csv\"")));

    // The wrong first moves, drawn at their point with their counts: cc once on 1, thrice on 2.
    let board1 = between(&page, "id=\"problem-1\"", "</li>");
    let board2 = between(&page, "id=\"problem-2\"", "</li>");
    for (board, n) in [(board1, 1), (board2, 3)] {
        let mark = between(board, "<g class=\"mark wrong\" data-p=\"cc\"", "</g>");
        assert!(mark.contains(&format!(">{n}</text>")), "{mark}");
        assert_eq!(board.matches("class=\"mark wrong\"").count(), 1, "{board}");
        assert!(board.contains(&format!("C7 ×{n}")), "{board}");
    }

    // Who is stuck: Cy (three failures in a row) and Bo (nothing tried this week), not Ann.
    let stuck = between(&page, "id=\"stuck\"", "</ul>");
    assert!(
        stuck.contains("Cy") && stuck.contains("Bo") && !stuck.contains("Ann"),
        "{stuck}"
    );

    // Sorting by the column headers: links, so it works without a script.
    assert!(page.contains("href=\"?sort=name\"") && page.contains("href=\"?sort=solved\""));
    let (_, _, by_name) = desk.get(&format!("/teach/assignments/{a}?sort=name"));
    assert_eq!(row_names(&by_name), ["Ann", "Bo", "Cy"]);
    let (_, _, by_solved) = desk.get(&format!("/teach/assignments/{a}?sort=solved"));
    assert_eq!(row_names(&by_solved), ["Ann", "Cy", "Bo"]);
    let (_, _, by_time) = desk.get(&format!("/teach/assignments/{a}?sort=time"));
    let times: Vec<i64> = by_time
        .split("data-ms=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().parse().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");
    assert_eq!(row_names(&by_time).last().map(String::as_str), Some("Bo"));

    // Nobody else reads them: another teacher 404, a child and a parent 403, nobody: sign in.
    assert_eq!(
        browser_of(&app, &other)
            .get(&format!("/teach/assignments/{a}"))
            .0,
        404
    );
    assert_eq!(
        browser_of(&app, &ann)
            .get(&format!("/teach/assignments/{a}"))
            .0,
        403
    );
    let (parent, _, _) = signed_in_family(&app, "grid_parent", [1, 2, 3]);
    assert_eq!(
        browser_of(&app, &parent)
            .get(&format!("/teach/assignments/{a}"))
            .0,
        403
    );
    let (status, to, _) = Browser::new(&app).get(&format!("/teach/assignments/{a}"));
    assert_eq!((status, to.as_str()), (303, "/signin"));
    assert_eq!(desk.get("/teach/assignments/999999").0, 404);
    assert_eq!(desk.get("/teach/assignments/nope").0, 404);
}

/// The homework block of a set on a page.
fn homework_section<'p>(page: &'p str, set_name: &str) -> &'p str {
    page.match_indices("<section class=\"homework")
        .map(|(i, _)| between(&page[i..], "<section", "</section>"))
        .find(|s| s.contains(set_name))
        .unwrap_or_else(|| panic!("{set_name} in {page}"))
}

fn a_child_sees_homework_first_with_a_star_per_problem_solved(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "home_teacher");
    let c = class(&mut t, "一班");
    let (mut parent, mut kid, child) = signed_in_family(&app, "home_parent", [1, 2, 3]);
    // Before any homework the child's home is practice.
    let (status, to, _) = browser_of(&app, &kid).get("/");
    assert_eq!((status, to.as_str()), (303, "/practice"));
    let (_, me) = parent.call("GET", "/api/me", None);
    let (status, v) = t.call(
        "POST",
        &format!("/api/classes/{}/members", c["id"]),
        Some(json!({"code": me["family_code"], "child_id": child, "pictures": [1, 2, 3]})),
    );
    assert_eq!(status, 200, "{v}");

    let week = new_set(&mut t, "本周作业", "private");
    let w1 = add(&mut t, week, CAPTURE)["id"].as_i64().unwrap();
    let w2 = add(&mut t, week, SECOND)["id"].as_i64().unwrap();
    let old = new_set(&mut t, "上周作业", "private");
    let o1 = add(&mut t, old, CAPTURE)["id"].as_i64().unwrap();
    let o2 = add(&mut t, old, SECOND)["id"].as_i64().unwrap();
    let now = sente::db::now_ms();
    assign(&mut t, &c, week, now - 1000, now + 3 * DAY_MS);
    assign(&mut t, &c, old, now - 8 * DAY_MS, now - DAY_MS);
    // Not started yet: not shown.
    let later = new_set(&mut t, "下周作业", "private");
    add(&mut t, later, CAPTURE);
    assign(&mut t, &c, later, now + DAY_MS, now + 8 * DAY_MS);

    assert_eq!(try_once(&mut kid, w1, "ab"), "solved");
    assert_eq!(try_once(&mut kid, w2, "cc"), "wrong");
    assert_eq!(try_once(&mut kid, o1, "ab"), "solved");

    let mut home = browser_of(&app, &kid);
    let (status, _, page) = home.get("/");
    assert_eq!(status, 200, "{page}");
    assert!(!page.contains("下周作业"), "not started yet");
    // The homework first, due first: last week's (late) above this week's, then practice.
    let (old_at, week_at, practice_at) = (
        page.find("上周作业").unwrap(),
        page.find("本周作业").unwrap(),
        page.find("id=\"go-practice\"").unwrap(),
    );
    assert!(old_at < week_at && week_at < practice_at, "{page}");
    let this_week = homework_section(&page, "本周作业");
    assert!(
        this_week.contains("data-solved=\"1\" data-total=\"2\""),
        "{this_week}"
    );
    assert!(this_week.contains("★☆"), "one star of two: {this_week}");
    assert_eq!(this_week.matches("homework-tile done").count(), 1);
    assert_eq!(this_week.matches("<a class=\"homework-tile").count(), 2);
    assert!(this_week.contains(&format!("href=\"/problems/{w2}\"")));
    assert!(!this_week.contains("late-mark"), "{this_week}");
    let last_week = homework_section(&page, "上周作业");
    assert!(
        last_week.starts_with("<section class=\"homework past-due\""),
        "{last_week}"
    );
    assert!(
        last_week.contains("late-mark"),
        "solved after the due date: {last_week}"
    );
    assert_eq!(
        last_week.matches("homework-tile done").count(),
        1,
        "late work counts"
    );

    // The parent sees the child's homework, finished or not; the account page links to it.
    let mut grownup = browser_of(&app, &parent);
    let (_, _, account) = grownup.get("/account");
    assert!(
        account.contains(&format!("href=\"/learners/{child}/homework\"")),
        "{account}"
    );
    let (status, _, page) = grownup.get(&format!("/learners/{child}/homework"));
    assert_eq!(status, 200);
    assert!(
        page.contains("本周作业") && page.contains("上周作业"),
        "{page}"
    );
    let (other, _, _) = signed_in_family(&app, "home_other", [4, 5, 6]);
    assert_eq!(
        browser_of(&app, &other)
            .get(&format!("/learners/{child}/homework"))
            .0,
        403
    );

    // Finished work past its due date leaves the home page (it stays on the homework page).
    assert_eq!(try_once(&mut kid, o2, "ic"), "solved");
    let (_, _, page) = home.get("/");
    assert!(
        !page.contains("上周作业") && page.contains("本周作业"),
        "{page}"
    );
}
