//! Learning around the attempts, on SQLite and PostgreSQL: classes and teachers, reviews of failed
//! problems (turned or recoloured), per-concept ratings, the placement test ending with a rank,
//! the growth log's data and page with its authorization, practice settings, and the HTML forms
//! with their CSRF tokens.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::{Session, app, signed_in_family};

both_backends!(
    a_teacher_runs_a_class_and_children_sign_in_with_its_code,
    a_failed_problem_comes_back_turned_after_one_then_three_then_seven_days,
    the_placement_test_ends_with_a_rank_and_places_the_rating,
    the_growth_log_shows_work_ratings_concepts_and_mistakes_to_family_only,
    help_is_logged_and_makes_an_attempt_unrated,
    forms_need_their_csrf_token_and_children_sign_in_with_pictures,
    the_generator_fills_a_database_the_growth_log_and_next_read,
);

const DAY_MS: i64 = 24 * 3600 * 1000;

fn signup<'a>(app: &'a TestApp, role: &str, name: &str) -> (Session<'a>, Value) {
    let mut s = Session::new(app);
    let (status, me) = s.call(
        "POST",
        "/api/auth/signup",
        Some(json!({"role": role, "username": name, "password": "violet harbor tadpole 19", "display_name": name})),
    );
    assert_eq!(status, 201, "{me}");
    (s, me)
}

fn a_teacher_runs_a_class_and_children_sign_in_with_its_code(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut teacher, _) = signup(&app, "teacher", "wang_laoshi");
    let (status, class) = teacher.call("POST", "/api/classes", Some(json!({"name": "围棋一班"})));
    assert_eq!(status, 201, "{class}");
    let (cid, code) = (
        class["id"].as_i64().unwrap(),
        class["code"].as_str().unwrap().to_string(),
    );
    let (status, pupil) = teacher.call(
        "POST",
        &format!("/api/classes/{cid}/children"),
        Some(json!({"display_name": "小红", "pictures": [8, 0, 4]})),
    );
    assert_eq!(status, 201, "{pupil}");
    let pupil = pupil["id"].as_i64().unwrap();
    assert_eq!(
        teacher.call("GET", "/api/classes", None).1[0]["code"],
        code.as_str()
    );

    // The child finds the class by its code and signs in with the pictures.
    let mut kid = Session::new(&app);
    let (status, cards) = kid.call("GET", &format!("/api/families/{code}/children"), None);
    assert_eq!(
        (status, cards),
        (
            200,
            json!([{"id": pupil, "display_name": "小红", "avatar": 0}])
        )
    );
    let (status, _) = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"code": code, "child_id": pupil, "pictures": [8, 0, 4]})),
    );
    assert_eq!(status, 200);
    let problem = app.problem_id("beginner", 1);
    let (_, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    let attempt = a["attempt_id"].as_i64().unwrap();
    kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "dc"})),
    );

    // The teacher reads the class's progress and the child's log; other teachers and parents
    // cannot.
    let (status, progress) = teacher.call("GET", &format!("/api/classes/{cid}"), None);
    assert_eq!(status, 200, "{progress}");
    assert_eq!(progress["pupils"][0]["solved"], 1);
    assert_eq!(progress["pupils"][0]["solved_this_week"], 1);
    let log = format!("/api/learners/{pupil}/attempts");
    assert_eq!(teacher.call("GET", &log, None).0, 200);
    let (mut other_teacher, _) = signup(&app, "teacher", "zhang_laoshi");
    assert_eq!(other_teacher.call("GET", &log, None).0, 403);
    assert_eq!(
        other_teacher
            .call("GET", &format!("/api/classes/{cid}"), None)
            .0,
        404
    );
    let (mut parent, _) = signup(&app, "parent", "ba_ba");
    assert_eq!(parent.call("GET", &log, None).0, 403);
    assert_eq!(
        parent
            .call("POST", "/api/classes", Some(json!({"name": "x"})))
            .0,
        403
    );

    // A parent who knows the pictures takes the class child into the family; a guess fails.
    let wrong = parent.call(
        "POST",
        "/api/children/link",
        Some(json!({"code": code, "child_id": pupil, "pictures": [0, 8, 4]})),
    );
    assert_eq!(wrong.0, 401);
    let (status, linked) = parent.call(
        "POST",
        "/api/children/link",
        Some(json!({"code": code, "child_id": pupil, "pictures": [8, 0, 4]})),
    );
    assert_eq!(status, 200, "{linked}");
    assert_eq!(
        parent.call("GET", &log, None).0,
        200,
        "now the parent's child"
    );
    let (mut other_parent, _) = signup(&app, "parent", "ma_ma");
    let again = other_parent.call(
        "POST",
        "/api/children/link",
        Some(json!({"code": code, "child_id": pupil, "pictures": [8, 0, 4]})),
    );
    assert_eq!(again.0, 409, "a child has one family");

    // A family child joins a class when the teacher knows the family code and pictures.
    let (_, _, family_kid_id) = signed_in_family(&app, "parent_c", [1, 2, 3]);
    let mut p = Session::new(&app);
    let (_, me) = p.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "parent_c", "password": "violet harbor tadpole 19"})),
    );
    let fcode = me["family_code"].as_str().unwrap().to_string();
    let (status, _) = teacher.call(
        "POST",
        &format!("/api/classes/{cid}/members"),
        Some(json!({"code": fcode, "child_id": family_kid_id, "pictures": [1, 2, 3]})),
    );
    assert_eq!(status, 200);
    assert_eq!(
        teacher
            .call(
                "GET",
                &format!("/api/learners/{family_kid_id}/growth"),
                None
            )
            .0,
        200
    );
    assert_eq!(
        teacher.call("GET", &format!("/api/classes/{cid}"), None).1["pupils"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

/// The symmetry of a view applied to an SGF point of a `size` board.
fn turned(view: i64, point: &str, size: u8) -> String {
    let p = sente::go::Point::from_sgf(point).unwrap();
    sente::problem::Symmetry::ALL[(view % 8) as usize]
        .apply(p, size)
        .to_sgf()
}

fn shift_reviews(app: &TestApp, learner: i64, ms: i64) {
    let pool = sente::db::connect_pool(&app.db.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    sente::db::learning::shift_reviews(&mut conn, learner as i32, ms).unwrap();
}

fn a_failed_problem_comes_back_turned_after_one_then_three_then_seven_days(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (_, mut kid, child) = signed_in_family(&app, "parent_r", [3, 4, 5]);
    let problem = app.problem_id("beginner", 1);
    let (_, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    let attempt = a["attempt_id"].as_i64().unwrap();
    let (_, m) = kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "ee"})),
    );
    assert_eq!(m["result"], "wrong");

    // Not due yet: the next problem is a new one.
    shift_reviews(&app, child, DAY_MS);
    assert_eq!(kid.call("GET", "/api/next", None).1["reason"], "review");
    assert_eq!(
        kid.call("GET", "/api/next?reviews=false", None).1["reason"],
        "new",
        "new problems only"
    );
    shift_reviews(&app, child, -DAY_MS);
    let (_, next) = kid.call("GET", "/api/next", None);
    assert_eq!(next["reason"], "new", "{next}");
    for (stage, days) in [(1, 1), (2, 3), (3, 7)] {
        shift_reviews(&app, child, days * DAY_MS - 1000 * 60);
        assert_eq!(
            kid.call("GET", "/api/next", None).1["reason"],
            "new",
            "stage {stage} not due a minute early"
        );
        shift_reviews(&app, child, 1000 * 60);
        let (_, next) = kid.call("GET", "/api/next", None);
        assert_eq!(next["reason"], "review", "stage {stage}: {next}");
        assert_eq!(next["problem_id"], problem);
        let (review, view) = (
            next["review_id"].as_i64().unwrap(),
            next["view"].as_i64().unwrap(),
        );
        assert!((1..16).contains(&view), "never the original view");
        // The page and the API show the problem in that view, and the judge uses it.
        let shown = app
            .get(&format!("/api/problems/{problem}?view={view}"))
            .json;
        let original = app.get(&format!("/api/problems/{problem}")).json;
        assert_ne!(shown["setup"], original["setup"], "view {view}");
        assert_eq!(shown["to_play"], if view >= 8 { "W" } else { "B" });
        let page = text(&mut kid, &format!("/problems/{problem}?review={review}"));
        assert_eq!(page.0, 200);
        assert!(
            page.1
                .contains(&format!("data-attempt-query=\"?review={review}\""))
        );
        let not_theirs = app.get(&format!("/problems/{problem}?review={review}"));
        assert_eq!(
            not_theirs.status, 401,
            "only the child's own review: sign in"
        );
        let (mut stranger_parent, _, _) =
            signed_in_family(&app, &format!("stranger_{stage}"), [0, 1, 2]);
        assert_eq!(
            stranger_parent
                .call(
                    "POST",
                    &format!("/api/problems/{problem}/attempts?review={review}"),
                    None
                )
                .0,
            401,
            "a parent is not a learner"
        );
        let (status, a) = kid.call(
            "POST",
            &format!("/api/problems/{problem}/attempts?review={review}"),
            None,
        );
        assert_eq!((status, a["view"].as_i64()), (201, Some(view)), "{a}");
        let attempt = a["attempt_id"].as_i64().unwrap();
        let answer = turned(view, "dc", 7);
        let (status, m) = kid.call(
            "POST",
            &format!("/api/attempts/{attempt}/moves"),
            Some(json!({"move": answer})),
        );
        assert_eq!(
            (status, m["result"].as_str()),
            (200, Some("solved")),
            "{answer} in view {view}: {m}"
        );
        assert_eq!(
            kid.call(
                "POST",
                &format!("/api/problems/{problem}/attempts?review={review}"),
                None
            )
            .0,
            400,
            "a review is answered once"
        );
    }
    // Solved at 1, 3 and 7 days: no more reviews.
    shift_reviews(&app, child, 30 * DAY_MS);
    assert_eq!(kid.call("GET", "/api/next", None).1["reason"], "new");

    // Failing a review starts again at one day.
    let other = app.problem_id("beginner", 2);
    let (_, a) = kid.call("POST", &format!("/api/problems/{other}/attempts"), None);
    let attempt = a["attempt_id"].as_i64().unwrap();
    let (_, h) = kid.call("POST", &format!("/api/attempts/{attempt}/hint"), None);
    let mv = h["move"].as_str().unwrap().to_string();
    let mut result = kid
        .call(
            "POST",
            &format!("/api/attempts/{attempt}/moves"),
            Some(json!({"move": mv})),
        )
        .1;
    while result["result"] == "continue" {
        let (_, h) = kid.call("POST", &format!("/api/attempts/{attempt}/hint"), None);
        let mv = h["move"].as_str().unwrap().to_string();
        result = kid
            .call(
                "POST",
                &format!("/api/attempts/{attempt}/moves"),
                Some(json!({"move": mv})),
            )
            .1;
    }
    assert_eq!(result["result"], "solved");
    shift_reviews(&app, child, DAY_MS);
    let (_, next) = kid.call("GET", "/api/next", None);
    assert_eq!(
        (next["reason"].as_str(), next["problem_id"].as_i64()),
        (Some("review"), Some(other)),
        "solved with hints comes back: {next}"
    );
    let review = next["review_id"].as_i64().unwrap();
    let (_, a) = kid.call(
        "POST",
        &format!("/api/problems/{other}/attempts?review={review}"),
        None,
    );
    let attempt = a["attempt_id"].as_i64().unwrap();
    kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "pass"})),
    );
    let growth = kid
        .call("GET", &format!("/api/learners/{child}/growth"), None)
        .1;
    assert_eq!(
        growth["reviews_pending"], 1,
        "failed again: one review waits"
    );
    shift_reviews(&app, child, DAY_MS);
    assert_eq!(kid.call("GET", "/api/next", None).1["reason"], "review");
}

/// Plays an attempt to its end: along the author's solution when `solve`, else with a wrong move.
fn answer(kid: &mut Session<'_>, problem: i64, attempt: i64, solve: bool) -> String {
    let steps = kid
        .app
        .get(&format!("/api/problems/{problem}/solution"))
        .json["steps"]
        .clone();
    let detail = kid.app.get(&format!("/api/problems/{problem}")).json;
    let steps = steps.as_array().unwrap().clone();
    if solve {
        for step in steps.iter().step_by(2) {
            let (_, m) = kid.call(
                "POST",
                &format!("/api/attempts/{attempt}/moves"),
                Some(json!({"move": step["move"]})),
            );
            if m["result"] != "continue" {
                return m["result"].as_str().unwrap().to_string();
            }
        }
        panic!("the solution did not end problem {problem}");
    }
    // A wrong answer: an empty point in view that is not the author's move.
    let vp = &detail["viewport"];
    let taken: Vec<String> = ["black", "white"]
        .iter()
        .flat_map(|c| {
            detail["setup"][c]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
        })
        .collect();
    let first = steps[0]["move"].as_str().unwrap().to_string();
    for y in vp["y0"].as_i64().unwrap()..=vp["y1"].as_i64().unwrap() {
        for x in vp["x0"].as_i64().unwrap()..=vp["x1"].as_i64().unwrap() {
            let p = format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
            if taken.contains(&p) || p == first {
                continue;
            }
            let (status, m) = kid.call(
                "POST",
                &format!("/api/attempts/{attempt}/moves"),
                Some(json!({"move": p})),
            );
            if status == 200 && m["result"] == "wrong" {
                return "wrong".into();
            }
            if status == 200 && m["result"] != "continue" {
                return m["result"].as_str().unwrap().to_string();
            }
        }
    }
    panic!("no wrong move found in problem {problem}");
}

fn the_placement_test_ends_with_a_rank_and_places_the_rating(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let bank = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems");
    assert!(app.import(Some("bank"), &[&bank]).status.success());
    let (mut parent, mut kid, child) = signed_in_family(&app, "parent_t", [6, 7, 8]);
    assert_eq!(
        parent.call("POST", "/api/assessments", None).0,
        403,
        "a parent takes no test"
    );
    let (status, test_view) = kid.call("POST", "/api/assessments", None);
    assert_eq!(status, 201, "{test_view}");
    let id = test_view["assessment_id"].as_i64().unwrap();
    assert_eq!(
        kid.call("POST", "/api/assessments", None).1["assessment_id"],
        id,
        "one test at a time"
    );
    // A child who solves what is rated below 1000 and fails the rest.
    let mut answered = 0;
    let mut view = test_view;
    let mut ratings = Vec::new();
    while !view["finished"].as_bool().unwrap() {
        let problem = view["next_problem_id"]
            .as_i64()
            .expect("a running test has a next problem");
        let rating = app.get(&format!("/api/problems/{problem}")).json["rating"]
            .as_f64()
            .unwrap();
        ratings.push(rating);
        let (status, a) = kid.call(
            "POST",
            &format!("/api/problems/{problem}/attempts?assessment={id}"),
            None,
        );
        assert_eq!(status, 201, "{a}");
        let attempt = a["attempt_id"].as_i64().unwrap();
        let prior = view["rating"].as_f64().unwrap();
        if answered == 0 {
            // Solved with a hint: counts as not solved alone, so the estimate goes down.
            let hint = kid
                .call("POST", &format!("/api/attempts/{attempt}/hint"), None)
                .1;
            assert!(hint["move"].is_string(), "{hint}");
        }
        answer(&mut kid, problem, attempt, answered == 0 || rating < 1000.0);
        answered += 1;
        assert!(answered <= 20, "the test stops by 20 problems");
        view = kid.call("GET", &format!("/api/assessments/{id}"), None).1;
        assert_eq!(view["items"], answered);
        if answered == 1 {
            assert!(
                view["rating"].as_f64().unwrap() < prior,
                "a helped solve is no success: {view}"
            );
        }
    }
    assert!(answered >= 5, "{answered}");
    let estimate = view["rating"].as_f64().unwrap();
    assert!(
        (850.0..=1250.0).contains(&estimate),
        "{estimate} after {ratings:?}"
    );
    for k in ["rank", "rank_low", "rank_high"] {
        assert!(view[k].as_str().unwrap().ends_with("kyu"), "{view}");
    }
    assert_eq!(
        kid.call(
            "POST",
            &format!(
                "/api/problems/{}/attempts?assessment={id}",
                app.problem_id("beginner", 1)
            ),
            None
        )
        .0,
        400,
        "a finished test takes no more problems"
    );
    // The rating is placed at the estimate; the parent sees the test in the growth log.
    let me = kid.call("GET", "/api/me", None).1;
    assert!(
        (me["rating"].as_f64().unwrap() - estimate).abs() < 1e-6,
        "{me}"
    );
    let growth = parent
        .call("GET", &format!("/api/learners/{child}/growth"), None)
        .1;
    assert_eq!(growth["assessments"][0]["rank"], view["rank"]);
    assert_eq!(growth["assessments"][0]["items"], answered);
    let (_, mut other_kid, _) = signed_in_family(&app, "parent_u", [0, 1, 2]);
    assert_eq!(
        other_kid
            .call("GET", &format!("/api/assessments/{id}"), None)
            .0,
        403
    );
    let page = parent.call("GET", &format!("/assessments/{id}"), None);
    assert_eq!(page.0, 200);
}

fn the_growth_log_shows_work_ratings_concepts_and_mistakes_to_family_only(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "parent_g", [2, 4, 6]);
    let capture = app.problem_id("beginner", 1);
    let snapback = app.problem_id("beginner", 2);
    // Solve one, fail one.
    let (_, a) = kid.call("POST", &format!("/api/problems/{capture}/attempts"), None);
    kid.call(
        "POST",
        &format!("/api/attempts/{}/moves", a["attempt_id"]),
        Some(json!({"move": "dc"})),
    );
    let (_, b) = kid.call("POST", &format!("/api/problems/{snapback}/attempts"), None);
    let failed = b["attempt_id"].as_i64().unwrap();
    let wrong_move = answer(&mut kid, snapback, failed, false);
    assert_eq!(wrong_move, "wrong");

    let path = format!("/api/learners/{child}/growth");
    let (status, g) = parent.call("GET", &path, None);
    assert_eq!(status, 200, "{g}");
    assert_eq!(
        (g["total_attempts"].as_i64(), g["total_solved"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(g["ratings"].as_array().unwrap().len(), 2, "two rated games");
    let today = g["calendar"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (today["attempts"].as_i64(), today["solved"].as_i64()),
        (Some(2), Some(1))
    );
    assert_eq!(g["calendar"].as_array().unwrap().len(), 84);
    assert_eq!(g["streak"], 1);
    assert_eq!(g["recent_mistakes"][0]["attempt_id"], failed);
    assert!(g["recent_mistakes"][0]["wrong_move"].is_string());
    assert_eq!(g["reviews_pending"], 1);
    let concepts: BTreeMap<String, Value> = g["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["concept"].as_str().unwrap().to_string(), c.clone()))
        .collect();
    // Both fixture problems train capturing: one concept, tried twice, solved once.
    assert_eq!(concepts.len(), 1, "{concepts:?}");
    assert_eq!(
        (
            concepts["capture"]["attempts"].as_i64(),
            concepts["capture"]["solved"].as_i64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(concepts["capture"]["accuracy"], 0.5);
    assert_eq!(parent.call("GET", &format!("{path}?days=400"), None).0, 400);
    assert_eq!(g["level"].as_u64().map(|l| l >= 1), Some(true));

    // The same for the child; nobody else.
    assert_eq!(kid.call("GET", &path, None).0, 200);
    let (mut other_parent, mut other_kid, _) = signed_in_family(&app, "parent_h", [1, 3, 5]);
    assert_eq!(other_parent.call("GET", &path, None).0, 403);
    assert_eq!(other_kid.call("GET", &path, None).0, 403);
    assert_eq!(Session::new(&app).call("GET", &path, None).0, 401);
    assert_eq!(
        parent.call("GET", "/api/learners/999999/growth", None).0,
        404
    );

    // The page: charts drawn by plotters, the mistake's board, the child's name.
    let page = format!("/learners/{child}/growth");
    let html = text(&mut parent, &page);
    assert_eq!(html.0, 200);
    assert!(html.1.contains("成长日志") && html.1.contains("孩子"));
    assert!(
        html.1.matches("class=\"chart\"").count() >= 3,
        "three charts"
    );
    assert!(html.1.contains("class=\"thumb\""), "the mistake's board");
    assert_eq!(text(&mut other_parent, &page).0, 403);

    // The parent chooses an easier success rate for the child; next aims at it.
    let put = parent.call(
        "PUT",
        &format!("/api/learners/{child}/settings"),
        Some(json!({"target_success": 0.9})),
    );
    assert_eq!(put.0, 200);
    assert_eq!(
        other_parent
            .call(
                "PUT",
                &format!("/api/learners/{child}/settings"),
                Some(json!({"target_success": 0.6}))
            )
            .0,
        403
    );
    assert_eq!(
        parent
            .call(
                "PUT",
                &format!("/api/learners/{child}/settings"),
                Some(json!({"target_success": 1.0}))
            )
            .0,
        400
    );
}

/// A page's status and text, with the session's cookie.
fn text(s: &mut Session<'_>, path: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut req = agent.get(&format!("{}{path}", s.app.base));
    if let Some(c) = &s.cookie {
        req = req.header("cookie", c);
    }
    let mut resp = req.call().unwrap();
    (
        resp.status().as_u16(),
        resp.body_mut().read_to_string().unwrap(),
    )
}

fn help_is_logged_and_makes_an_attempt_unrated(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "parent_s", [5, 6, 7]);
    let problem = app.problem_id("beginner", 1);
    let (_, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    assert_eq!(a["rated"], true);
    let attempt = a["attempt_id"].as_i64().unwrap();
    // Reading a problem's solution changes nothing; revealing it during an attempt is a POST.
    let (status, _) = kid.call("GET", &format!("/api/problems/{problem}/solution"), None);
    assert_eq!(status, 200);
    let (status, sol) = kid.call("POST", &format!("/api/attempts/{attempt}/solution"), None);
    assert_eq!(status, 200, "{sol}");
    kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "dc"})),
    );
    let log = parent
        .call("GET", &format!("/api/learners/{child}/attempts"), None)
        .1;
    assert_eq!(log[0]["solution_viewed"], true);
    assert_eq!(log[0]["result"], "solved");
    assert_eq!(log[0]["moves"][0]["move"], "dc");
    assert_eq!(log[0]["moves"][0]["judged"], "solved");
    let g = parent
        .call("GET", &format!("/api/learners/{child}/growth"), None)
        .1;
    assert_eq!(
        g["ratings"].as_array().unwrap().len(),
        0,
        "not rated after seeing the solution"
    );
    assert_eq!(g["reviews_pending"], 1, "and it comes back for review");
    // Another learner cannot mark someone's attempt.
    let (_, mut other, _) = signed_in_family(&app, "parent_v", [0, 1, 2]);
    assert_eq!(
        other
            .call("POST", &format!("/api/attempts/{attempt}/solution"), None)
            .0,
        403
    );
}

/// A browser without JavaScript: a cookie jar, forms, no redirects followed.
pub struct Browser<'a> {
    app: &'a TestApp,
    agent: ureq::Agent,
    cookies: BTreeMap<String, String>,
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Self {
        Browser {
            app,
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .max_redirects(0)
                .build()
                .into(),
            cookies: BTreeMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep(&mut self, resp: &ureq::http::Response<ureq::Body>) {
        for set in resp.headers().get_all("set-cookie") {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            let (k, v) = pair.split_once('=').unwrap();
            if v.is_empty() {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
    }

    /// Status, Location header and body.
    pub fn get(&mut self, path: &str) -> (u16, String, String) {
        let mut resp = self
            .agent
            .get(&format!("{}{path}", self.app.base))
            .header("cookie", &self.cookie_header())
            .call()
            .unwrap();
        self.keep(&resp);
        let loc = resp
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_string())
            .unwrap_or_default();
        (
            resp.status().as_u16(),
            loc,
            resp.body_mut().read_to_string().unwrap(),
        )
    }

    pub fn post(&mut self, path: &str, form: &[(&str, &str)]) -> (u16, String, String) {
        let body = form
            .iter()
            .map(|(k, v)| format!("{k}={}", urlencode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut resp = self
            .agent
            .post(&format!("{}{path}", self.app.base))
            .header("cookie", &self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .send(body)
            .unwrap();
        self.keep(&resp);
        let loc = resp
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_string())
            .unwrap_or_default();
        (
            resp.status().as_u16(),
            loc,
            resp.body_mut().read_to_string().unwrap(),
        )
    }

    /// A cookie this browser holds.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.cookies.get(name).cloned()
    }

    /// Gives this browser a cookie (a copy of another device's, say).
    pub fn set_cookie(&mut self, name: &str, value: &str) {
        self.cookies.insert(name.to_string(), value.to_string());
    }

    /// The CSRF token of the last form page.
    pub fn csrf(&self) -> String {
        self.cookies
            .get("sente_csrf")
            .cloned()
            .expect("a form page sets the CSRF cookie")
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn forms_need_their_csrf_token_and_children_sign_in_with_pictures(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let mut b = Browser::new(&app);
    let (status, _, page) = b.get("/signup");
    assert_eq!(status, 200);
    let token = b.csrf();
    assert!(
        page.contains(&format!("value=\"{token}\"")),
        "the form repeats the token"
    );
    // Without the token, or with another, nothing happens.
    let form = |t: &str| {
        vec![
            ("csrf", t.to_string()),
            ("role", "parent".into()),
            ("username", "web_parent".into()),
            ("password", "violet harbor tadpole 19".into()),
            ("display_name", "网页家长".into()),
        ]
    };
    let as_refs = |f: &Vec<(&'static str, String)>| {
        f.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>()
    };
    let bad = as_refs(&form("0123456789abcdef0123456789abcdef"));
    let bad: Vec<(&str, &str)> = bad.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(b.post("/signup", &bad).0, 403);
    let mut stranger = Browser::new(&app);
    let good = as_refs(&form(&token));
    let good: Vec<(&str, &str)> = good.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(
        stranger.post("/signup", &good).0,
        403,
        "a token without its cookie"
    );
    let (status, to, _) = b.post("/signup", &good);
    assert_eq!((status, to.as_str()), (303, "/account"));
    assert!(b.cookies.contains_key("sente_session"));

    // The parent adds a child with pictures on the account page.
    let (status, _, account) = b.get("/account");
    assert_eq!(status, 200);
    let code = account
        .split("id=\"family-code\">")
        .nth(1)
        .unwrap()
        .split('<')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(code.len(), 8);
    let t = b.csrf();
    let (status, to, _) = b.post(
        "/account/children",
        &[
            ("csrf", &t),
            ("display_name", "豆豆"),
            ("p1", "4"),
            ("p2", "0"),
            ("p3", "8"),
        ],
    );
    assert_eq!((status, to.as_str()), (303, "/account"));
    assert_eq!(
        b.post(
            "/account/children",
            &[
                ("csrf", &t),
                ("display_name", "豆豆"),
                ("p1", "4"),
                ("p2", "0"),
                ("p3", "9")
            ]
        )
        .0,
        400
    );
    let (_, _, account) = b.get("/account");
    assert!(account.contains("豆豆"));
    let child: i64 = account
        .split("data-child=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();

    // The child: code, name, pictures.
    let mut kid = Browser::new(&app);
    assert_eq!(kid.get("/kids").0, 200);
    assert_eq!(kid.get("/kids?code=ZZZZZZ").0, 404);
    let (status, _, names) = kid.get(&format!("/kids?code={}", code.to_lowercase()));
    assert_eq!(status, 200);
    assert!(names.contains("豆豆"));
    let (_, _, pictures) = kid.get(&format!("/kids?code={code}&child={child}"));
    assert_eq!(pictures.matches("class=\"picture\"").count(), 9);
    let kt = kid.csrf();
    let child_s = child.to_string();
    let (status, _, again) = kid.post(
        "/kids",
        &[
            ("csrf", &kt),
            ("code", &code),
            ("child", &child_s),
            ("pictures", "0-4-8"),
        ],
    );
    assert_eq!(status, 401, "the wrong order");
    assert!(again.contains("class=\"picture\""), "the pictures again");
    assert_eq!(
        kid.post(
            "/kids",
            &[
                ("csrf", "nope"),
                ("code", &code),
                ("child", &child_s),
                ("pictures", "4-0-8")
            ]
        )
        .0,
        403
    );
    let (status, to, _) = kid.post(
        "/kids",
        &[
            ("csrf", &kt),
            ("code", &code),
            ("child", &child_s),
            ("pictures", "4-0-8"),
        ],
    );
    assert_eq!((status, to.as_str()), (303, "/"), "the child's home");
    let (status, to, _) = kid.get("/");
    assert_eq!(
        (status, to.as_str()),
        (303, "/practice"),
        "no homework: practice"
    );
    let (status, to, _) = kid.get("/practice");
    assert_eq!(status, 303);
    assert!(
        to.starts_with("/problems/") && to.ends_with("?practice=1"),
        "{to}"
    );
    let (status, to, _) = kid.get("/account");
    assert_eq!((status, to), (303, format!("/learners/{child}/growth")));
    let (status, _, own) = kid.get(&format!("/learners/{child}/growth"));
    assert_eq!(status, 200);
    assert!(
        own.contains("id=\"go-assessment\""),
        "the child's own page leads on"
    );
    let (status, to, _) = kid.get("/assessment");
    assert_eq!(status, 303);
    assert!(to.contains("?assessment="), "{to}");

    // A teacher makes a class on the account page.
    let mut t = Browser::new(&app);
    t.get("/signup");
    let tt = t.csrf();
    t.post(
        "/signup",
        &[
            ("csrf", &tt),
            ("role", "teacher"),
            ("username", "web_teacher"),
            ("password", "violet harbor tadpole 19"),
            ("display_name", "老师"),
        ],
    );
    assert_eq!(
        t.post("/account/classes", &[("csrf", &tt), ("name", "周六班")])
            .0,
        303
    );
    let (_, _, account) = t.get("/account");
    assert!(account.contains("周六班"));
    assert_eq!(
        t.get(&format!("/learners/{child}/growth")).0,
        403,
        "not their pupil"
    );
    // Sign out needs the token too.
    assert_eq!(b.post("/signout", &[("csrf", "x")]).0, 403);
    let (status, _, _) = b.post("/signout", &[("csrf", &t.csrf())]);
    assert_eq!(status, 403, "another browser's token");
    let bt = b.csrf();
    assert_eq!(b.post("/signout", &[("csrf", &bt)]).0, 303);
    assert_eq!(b.get("/account").1, "/signin");
}

fn the_generator_fills_a_database_the_growth_log_and_next_read(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let bank = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut templates = Vec::new();
    for f in sente::cli::collect_sgf_files(&[bank]).unwrap() {
        templates.extend(sente::cli::import::load_items(&f).unwrap().0);
    }
    let pool = sente::db::connect_pool(&app.db.url, 1).unwrap();
    let mut conn = pool.get().unwrap();
    let spec = sente::db::generate::Spec {
        problems: 300,
        learners: 40,
        attempts: 8_000,
        sessions: 5,
        seed: 3,
    };
    let report = sente::db::generate::generate(&mut conn, &spec, &templates, |_| {}).unwrap();
    assert_eq!((report.problems, report.attempts), (300, 8_000));
    let count = |conn: &mut sente::db::PooledConn, t: &str| {
        sente::db::generate::count_rows(conn, t).unwrap()
    };
    assert_eq!(count(&mut conn, "attempts"), 8_000);
    assert_eq!(count(&mut conn, "ratings_history") as usize, report.rated);
    assert_eq!(count(&mut conn, "class_members"), 40);
    assert!(
        (2_000..8_000).contains(&report.rated),
        "first tries are rated, retries not: {}",
        report.rated
    );
    drop(conn);
    // A sampled learner's session works; their log has their 200 attempts.
    let (id, token) = &report.sessions[0];
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let get = |path: &str| {
        let mut r = agent
            .get(&format!("{}{path}", app.base))
            .header("cookie", &format!("sente_session={token}"))
            .call()
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap())
    };
    let (status, body) = get(&format!("/api/learners/{id}/growth"));
    assert_eq!(status, 200, "{body}");
    let g: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(g["total_attempts"], 200);
    assert!(!g["ratings"].as_array().unwrap().is_empty());
    assert!(!g["concepts"].as_array().unwrap().is_empty());
    assert_eq!(g["assessments"].as_array().unwrap().len(), 1);
    let (status, page) = get(&format!("/learners/{id}/growth"));
    assert_eq!(status, 200);
    assert!(
        page.contains("class=\"thumb\""),
        "generated mistakes draw their boards"
    );
    let (status, next) = get("/api/next");
    assert_eq!(status, 200, "{next}");
    // New rows after the generated ones get fresh ids (PostgreSQL's sequences were moved on).
    let mut s = Session::new(&app);
    let (status, _) = s.call(
        "POST",
        "/api/auth/signup",
        Some(json!({"role": "parent", "username": "after_gen", "password": "violet harbor tadpole 19", "display_name": "x"})),
    );
    assert_eq!(status, 201);
}
