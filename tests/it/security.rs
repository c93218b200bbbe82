//! Secrets that hold, on SQLite and PostgreSQL, tried as an attacker would: every route that
//! checks a child's pictures locks after five misses (also under parallel guesses) until the
//! parent or teacher unlocks; per-address limits answer 429 with Retry-After; parallel answers to
//! one attempt store one final verdict, one rating and one review; the solver does not starve
//! the pool; bad text, weak passwords and user-name probing get clear 4xx; security headers;
//! a child's data exported and deleted.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::{Session, signed_in_family};
use crate::learning::Browser;
use sente::app::secrets::Limits;

both_backends!(
    every_picture_route_locks_after_five_misses_until_a_grownup_unlocks,
    parallel_guesses_get_five_checks_at_most,
    limits_answer_429_with_retry_after,
    parallel_answers_to_one_attempt_store_one_verdict_one_rating_one_review,
    a_busy_solver_does_not_starve_the_pool,
    bad_text_weak_passwords_and_name_probes_get_clear_errors,
    a_parent_exports_and_deletes_a_child,
);

const PASSWORD: &str = "violet harbor tadpole 19";

fn app(kind: Db, test: &str) -> Option<TestApp> {
    crate::learners::app(kind, test)
}

fn grownup<'a>(app: &'a TestApp, role: &str, name: &str) -> (Session<'a>, Value) {
    let mut s = Session::new(app);
    let (status, me) = s.call(
        "POST",
        "/api/auth/signup",
        Some(json!({"role": role, "username": name, "password": PASSWORD, "display_name": name})),
    );
    assert_eq!(status, 201, "{me}");
    (s, me)
}

/// A parent with a child: (parent session, family code, child id).
fn family<'a>(app: &'a TestApp, name: &str, pictures: [u8; 3]) -> (Session<'a>, String, i64) {
    let (mut parent, me) = grownup(app, "parent", name);
    let (status, child) = parent.call(
        "POST",
        "/api/children",
        Some(json!({"display_name": "小明", "pictures": pictures})),
    );
    assert_eq!(status, 201, "{child}");
    (
        parent,
        me["family_code"].as_str().unwrap().to_string(),
        child["id"].as_i64().unwrap(),
    )
}

/// A teacher with a class holding one new child: (teacher session, class id, class code, child).
fn class<'a>(app: &'a TestApp, name: &str, pictures: [u8; 3]) -> (Session<'a>, i64, String, i64) {
    let (mut teacher, _) = grownup(app, "teacher", name);
    let (_, class) = teacher.call("POST", "/api/classes", Some(json!({"name": "一班"})));
    let cid = class["id"].as_i64().unwrap();
    let (status, child) = teacher.call(
        "POST",
        &format!("/api/classes/{cid}/children"),
        Some(json!({"display_name": "小红", "pictures": pictures})),
    );
    assert_eq!(status, 201, "{child}");
    (
        teacher,
        cid,
        class["code"].as_str().unwrap().to_string(),
        child["id"].as_i64().unwrap(),
    )
}

/// One try through a picture-checking route; its status.
type Try<'a> = Box<dyn FnMut([u8; 3]) -> u16 + 'a>;

/// Five misses answer 401, then even the right pictures get 429 with Retry-After until the
/// grown-up unlocks; then they work.
fn locks_and_unlocks(mut attempt: Try<'_>, right: [u8; 3], unlock: impl FnOnce() -> u16) {
    let wrong = [right[2], right[1], right[0]];
    for k in 0..5 {
        assert_eq!(attempt(wrong), 401, "miss {k}");
    }
    assert_eq!(attempt(right), 429, "locked, even for the right pictures");
    assert_eq!(unlock(), 204, "the grown-up unlocks at once");
    assert!(
        matches!(attempt(right), 200 | 303),
        "then the child gets in"
    );
}

fn every_picture_route_locks_after_five_misses_until_a_grownup_unlocks(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };

    // The child's own sign-in (JSON).
    let (mut parent, code, child) = family(&app, "lock_json", [1, 2, 3]);
    let mut kid = Session::new(&app);
    let (status, body, headers) = {
        for _ in 0..5 {
            kid.call(
                "POST",
                "/api/auth/pictures",
                Some(json!({"code": code, "child_id": child, "pictures": [3, 2, 1]})),
            );
        }
        kid.call_with_headers(
            "POST",
            "/api/auth/pictures",
            Some(json!({"code": code, "child_id": child, "pictures": [1, 2, 3]})),
        )
    };
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"]["code"], "too_many_requests");
    let wait: u64 = headers["retry-after"].parse().unwrap();
    assert!(
        (1..=60).contains(&wait),
        "the first lock lasts a minute: {wait}"
    );
    let unlock = parent.call("POST", &format!("/api/children/{child}/unlock"), None);
    assert_eq!(unlock.0, 204);
    let ok = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"code": code, "child_id": child, "pictures": [1, 2, 3]})),
    );
    assert_eq!(ok.0, 200);

    // The kids' page (form with its CSRF token).
    let (mut parent, code, child) = family(&app, "lock_form", [4, 5, 6]);
    let mut browser = Browser::new(&app);
    browser.get(&format!("/kids?code={code}&child={child}"));
    let token = browser.csrf();
    let (code_f, child_f) = (code.clone(), child.to_string());
    locks_and_unlocks(
        Box::new(|p: [u8; 3]| {
            let pics = format!("{}-{}-{}", p[0], p[1], p[2]);
            let form = [
                ("csrf", token.as_str()),
                ("code", code_f.as_str()),
                ("child", child_f.as_str()),
                ("pictures", pics.as_str()),
            ];
            browser.post("/kids", &form).0
        }),
        [4, 5, 6],
        || {
            parent
                .call("POST", &format!("/api/children/{child}/unlock"), None)
                .0
        },
    );

    // A teacher adding a family's child to a class (the hole that let a child be taken over).
    let (mut parent, code, child) = family(&app, "lock_member", [7, 8, 0]);
    let (mut teacher, cid, _, _) = class(&app, "lock_teacher", [0, 1, 2]);
    locks_and_unlocks(
        Box::new(|p: [u8; 3]| {
            teacher
                .call(
                    "POST",
                    &format!("/api/classes/{cid}/members"),
                    Some(json!({"code": code, "child_id": child, "pictures": p})),
                )
                .0
        }),
        [7, 8, 0],
        || {
            parent
                .call("POST", &format!("/api/children/{child}/unlock"), None)
                .0
        },
    );

    // A parent linking a class child (unlocked by the class's teacher).
    let (mut teacher, _, class_code, pupil) = class(&app, "lock_link_teacher", [2, 4, 6]);
    let (mut stranger, _) = grownup(&app, "parent", "lock_link_parent");
    locks_and_unlocks(
        Box::new(|p: [u8; 3]| {
            stranger
                .call(
                    "POST",
                    "/api/children/link",
                    Some(json!({"code": class_code, "child_id": pupil, "pictures": p})),
                )
                .0
        }),
        [2, 4, 6],
        || {
            teacher
                .call("POST", &format!("/api/children/{pupil}/unlock"), None)
                .0
        },
    );

    // Nobody else unlocks: another parent or teacher gets 404 (the child is not theirs).
    let (mut other, _) = grownup(&app, "parent", "lock_other");
    assert_eq!(
        other
            .call("POST", &format!("/api/children/{child}/unlock"), None)
            .0,
        404
    );
}

fn parallel_guesses_get_five_checks_at_most(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (_, code, child) = family(&app, "parallel_guess", [1, 5, 7]);
    let app = Arc::new(app);
    let guesses: Vec<_> = (0..24u8)
        .map(|k| {
            let (app, code) = (app.clone(), code.clone());
            std::thread::spawn(move || {
                let body =
                    json!({"code": code, "child_id": child, "pictures": [k % 9, (k + 1) % 9, 8]});
                app.post("/api/auth/pictures", Some(&body.to_string()))
                    .status
            })
        })
        .collect();
    let statuses: Vec<u16> = guesses.into_iter().map(|h| h.join().unwrap()).collect();
    let checked = statuses.iter().filter(|&&s| s == 401).count();
    let locked = statuses.iter().filter(|&&s| s == 429).count();
    assert!(
        checked <= 5,
        "at most five checks before the lock: {statuses:?}"
    );
    assert_eq!(checked + locked, 24, "{statuses:?}");
}

fn limits_answer_429_with_retry_after(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn_with_limits(kind, test, Limits::per_minute(3, 2, 3, 3)) else {
        return;
    };
    let mut s = Session::new(&app);
    // Code look-ups: the fourth within a minute is refused, with the wait.
    for _ in 0..3 {
        assert_eq!(
            s.call("GET", "/api/families/ABCDEFGH/children", None).0,
            404
        );
    }
    let (status, body, headers) =
        s.call_with_headers("GET", "/api/families/ABCDEFGH/children", None);
    assert_eq!(status, 429, "{body}");
    assert!(headers["retry-after"].parse::<u64>().unwrap() >= 1);
    // Sign-ups and password sign-ins have their own budgets.
    for k in 0..2 {
        let name = format!("limit_{k}");
        let r = s.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": name, "password": PASSWORD, "display_name": "x"})));
        assert_eq!(r.0, 201, "{}", r.1);
    }
    let r = s.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": "limit_x", "password": PASSWORD, "display_name": "x"})));
    assert_eq!(r.0, 429);
    for _ in 0..3 {
        let r = s.call(
            "POST",
            "/api/auth/signin",
            Some(json!({"username": "limit_0", "password": "not the password 1"})),
        );
        assert_eq!(r.0, 401);
    }
    let (status, _, headers) = s.call_with_headers(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "limit_0", "password": PASSWORD})),
    );
    assert_eq!(status, 429);
    assert!(headers.contains_key("retry-after"));
    // The page form of a limited route says so as a page.
    let mut browser = Browser::new(&app);
    let (status, _, page) = browser.get("/kids?code=ABCDEFGH");
    assert_eq!(status, 429);
    assert!(page.contains("<html"), "an HTML page, not JSON");
}

fn parallel_answers_to_one_attempt_store_one_verdict_one_rating_one_review(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, kid, child) = signed_in_family(&app, "race_parent", [2, 3, 4]);
    let cookie = kid.cookie.clone().unwrap();
    let problem = app.problem_id("beginner", 1);
    let mut k = Session::new(&app);
    k.cookie = Some(cookie.clone());
    let (_, a) = k.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    assert_eq!(a["rated"], true);
    let attempt = a["attempt_id"].as_i64().unwrap();
    // Twenty answers at once, wrong ones and the right one, from the same child.
    let moves = ["aa", "ab", "ba", "dc", "ee", "ea", "ae", "bb", "cc", "dd"];
    let replies: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..20)
            .map(|i| {
                let (app, cookie) = (&app, cookie.clone());
                let mv = moves[i % moves.len()];
                scope.spawn(move || {
                    let mut s = Session::new(app);
                    s.cookie = Some(cookie);
                    s.call(
                        "POST",
                        &format!("/api/attempts/{attempt}/moves"),
                        Some(json!({"move": mv})),
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let finals = replies
        .iter()
        .filter(|(s, b)| *s == 200 && (b["result"] == "solved" || b["result"] == "wrong"))
        .count();
    assert!(
        replies.iter().all(|(s, _)| [200, 409, 422].contains(s)),
        "{replies:?}"
    );
    let (_, stored) = k.call("GET", &format!("/api/attempts/{attempt}"), None);
    let learner_moves = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["by_learner"] == true)
        .count();
    assert_eq!(finals, 1, "one final verdict: {replies:?}");
    assert!(stored["result"] == "solved" || stored["result"] == "wrong");
    let last = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["by_learner"] == true)
        .unwrap();
    assert!(
        last["judged"] == "solved" || last["judged"] == "wrong",
        "nothing after the end: {stored}"
    );
    assert!(learner_moves >= 1);
    let g = parent
        .call("GET", &format!("/api/learners/{child}/growth"), None)
        .1;
    assert_eq!(g["ratings"].as_array().unwrap().len(), 1, "rated once");
    let expect_review = i64::from(stored["result"] == "wrong");
    assert_eq!(g["reviews_pending"], expect_review, "one review at most");
}

fn a_busy_solver_does_not_starve_the_pool(kind: Db, test: &str) {
    // A pool of 2 connections and 12 answers that go off the author's tree (the solver runs for
    // each) at the same time as reads: nothing fails, nothing waits for a connection held by
    // the solver.
    let Some(app) = TestApp::spawn_with(
        kind,
        test,
        2,
        Limits::per_minute(100_000, 100_000, 100_000, 100_000),
    ) else {
        return;
    };
    let fixtures =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/beginner");
    assert!(app.import(None, &[&fixtures]).status.success());
    let app = Arc::new(app);
    let problem = app.problem_id("beginner", 1);
    let answers: Vec<_> = (0..12)
        .map(|i| {
            let app = app.clone();
            std::thread::spawn(move || {
                let attempt = app.start_attempt(problem);
                let off_tree = ["ee", "ea", "ae", "bb", "cc", "dd"][i % 6];
                app.post_move(attempt, off_tree).status
            })
        })
        .collect();
    let reads: Vec<_> = (0..12)
        .map(|_| {
            let app = app.clone();
            std::thread::spawn(move || app.get("/api/problems?limit=5").status)
        })
        .collect();
    for h in answers {
        let s = h.join().unwrap();
        assert!([200, 422].contains(&s), "an answer failed: {s}");
    }
    for h in reads {
        assert_eq!(h.join().unwrap(), 200);
    }
}

fn bad_text_weak_passwords_and_name_probes_get_clear_errors(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let mut s = Session::new(&app);
    let signup = |s: &mut Session, name: &str, password: &str, display: &str| {
        s.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": name, "password": password, "display_name": display})))
    };
    for (name, password, display, why) in [
        ("nul_parent", PASSWORD, "Ma\u{0}ma", "NUL in a name"),
        (
            "long_parent",
            PASSWORD,
            &"长".repeat(41) as &str,
            "a 41-character name",
        ),
        ("weak_parent", "password", "x", "a common password"),
        (
            "weak_parent",
            "password123",
            "x",
            "a common password with digits",
        ),
        ("weak_parent", "short", "x", "a short password"),
        (
            "samesame_parent",
            "samesame_parent",
            "x",
            "the user name as password",
        ),
        ("bad\u{0}name", PASSWORD, "x", "NUL in a user name"),
    ] {
        let (status, body) = signup(&mut s, name, password, display);
        assert_eq!(status, 400, "{why}: {body}");
        assert_eq!(body["error"]["code"], "bad_request", "{why}");
    }
    // A 1.5 MB name is refused by the body limit, not stored.
    let huge = "x".repeat(1_500_000);
    assert_eq!(signup(&mut s, "huge_parent", PASSWORD, &huge).0, 413);
    // NUL in the address or a query.
    assert_eq!(s.call("GET", "/api/problems?set=a%00b", None).0, 400);
    assert_eq!(s.call("GET", "/api/families/AB%00CD/children", None).0, 400);
    // A child's name with NUL or too long.
    let (mut parent, _) = grownup(&app, "parent", "text_parent");
    for name in ["小\u{0}明", &"x".repeat(41) as &str, "  "] {
        let (status, _) = parent.call(
            "POST",
            "/api/children",
            Some(json!({"display_name": name, "pictures": [0, 1, 2]})),
        );
        assert_eq!(status, 400, "{name:?}");
    }
    // A wrong name and a wrong password look the same.
    let unknown = s.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "nobody_here", "password": PASSWORD})),
    );
    let wrong = s.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "text_parent", "password": "not it at all 77"})),
    );
    assert_eq!((unknown.0, &unknown.1), (wrong.0, &wrong.1));
    // Five wrong passwords lock the name, also for the right password.
    for _ in 0..4 {
        s.call(
            "POST",
            "/api/auth/signin",
            Some(json!({"username": "text_parent", "password": "not it at all 77"})),
        );
    }
    let locked = s.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "text_parent", "password": PASSWORD})),
    );
    assert_eq!(locked.0, 429);
    // Security headers on pages and the API.
    let (_, _, headers) = s.call_with_headers("GET", "/api/me", None);
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let page = app.agent_get_headers("/");
    assert!(page["content-security-policy"].contains("frame-ancestors 'none'"));
    assert!(!page["content-security-policy"].contains("script-src 'self' 'unsafe-inline'"));
    assert_eq!(page["referrer-policy"], "same-origin");
    // State changes only on POST: the GET of a solution marks nothing.
    assert_eq!(s.call("GET", "/api/attempts/1/solution", None).0, 404);
}

fn a_parent_exports_and_deletes_a_child(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "data_parent", [6, 7, 8]);
    let problem = app.problem_id("beginner", 1);
    let (_, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    let attempt = a["attempt_id"].as_i64().unwrap();
    kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "aa"})),
    );
    let rating_before = app.get(&format!("/api/problems/{problem}")).json["rating"].clone();

    // Only the parent reads the child's data.
    let (mut stranger, _) = grownup(&app, "parent", "data_stranger");
    assert_eq!(
        stranger
            .call("GET", &format!("/api/children/{child}/data"), None)
            .0,
        404
    );
    assert_eq!(
        kid.call("GET", &format!("/api/children/{child}/data"), None)
            .0,
        403
    );
    let (status, data, headers) =
        parent.call_with_headers("GET", &format!("/api/children/{child}/data"), None);
    assert_eq!(status, 200, "{data}");
    assert!(headers["content-disposition"].contains("attachment"));
    assert_eq!(data["account"]["id"], child);
    assert!(
        data["account"].get("picture_hash").is_none(),
        "no hash in the export"
    );
    assert_eq!(data["attempts"][0]["moves"][0]["mv"], "aa");
    assert_eq!(data["reviews"].as_array().unwrap().len(), 1);
    assert_eq!(data["rated_games"].as_array().unwrap().len(), 1);

    // Deleting: the child is gone everywhere, the attempt stays anonymous, ratings stay.
    assert_eq!(
        stranger
            .call("DELETE", &format!("/api/children/{child}"), None)
            .0,
        404
    );
    assert_eq!(
        parent
            .call("DELETE", &format!("/api/children/{child}"), None)
            .0,
        204
    );
    assert_eq!(
        kid.call("GET", "/api/me", None).0,
        401,
        "the session went with the child"
    );
    assert_eq!(
        parent
            .call("GET", &format!("/api/learners/{child}/attempts"), None)
            .0,
        404
    );
    assert_eq!(
        parent
            .call("GET", &format!("/api/children/{child}/data"), None)
            .0,
        404
    );
    let anon = app.get(&format!("/api/attempts/{attempt}"));
    assert_eq!(anon.status, 200, "kept as a guest attempt");
    assert_eq!(
        app.get(&format!("/api/problems/{problem}")).json["rating"],
        rating_before
    );
}
