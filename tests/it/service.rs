//! The service through its HTTP API, on SQLite and on PostgreSQL: import, listing with filters,
//! a full solve, a wrong answer with its refutation, an alternative answer the author left out,
//! every error of the contract, and that attempts and every move are stored.

use std::path::PathBuf;

use crate::app::{Db, TestApp};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures")
}

/// An app with the two fixture sets imported (beginner: 2 capture problems; corner: 1 live).
fn app_with_fixtures(kind: Db, test: &str) -> Option<TestApp> {
    let app = TestApp::spawn(kind, test)?;
    let out = app.import(
        None,
        &[&fixtures().join("beginner"), &fixtures().join("corner")],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(app)
}

both_backends!(
    import_names_bad_files_and_skips_duplicates,
    problems_are_listed_with_filters,
    a_problem_is_served_ready_to_draw,
    a_full_solve_continues_then_is_solved_and_every_move_is_stored,
    a_wrong_answer_gets_the_refutation_and_the_authors_comment,
    an_answer_the_author_left_out_is_accepted,
    errors_have_the_contract_shape_and_change_nothing,
    health_and_openapi_are_served,
    pages_speak_chinese_first_english_on_request_and_filter_by_kind,
);

fn pages_speak_chinese_first_english_on_request_and_filter_by_kind(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let home = app.get("/");
    assert_eq!(home.status, 200);
    assert!(
        home.text.contains("lang=\"zh-CN\"") && home.text.contains("开始做题"),
        "Chinese by default"
    );
    assert!(home.text.contains("/sets/beginner") && home.text.contains("/sets/corner"));
    assert_eq!(app.get("/sets").status, 200);
    let english = app.get("/?lang=en");
    assert!(
        english.text.contains("lang=\"en\"") && english.text.contains("Start"),
        "?lang=en"
    );
    // The set page filters by kind, and the solve page says who plays.
    let captures = app.get("/sets/beginner?kind=capture&lang=en").text;
    assert_eq!(captures.matches("problem-tile").count(), 2, "{captures}");
    assert_eq!(
        app.get("/sets/corner?kind=capture")
            .text
            .matches("problem-tile")
            .count(),
        0
    );
    let hard = app.get("/sets/corner?level=hard").text;
    assert_eq!(
        hard.matches("problem-tile").count(),
        1,
        "the live problem starts at 1500"
    );
    let id = app.problem_id("beginner", 1);
    let solve = app.get(&format!("/problems/{id}?lang=en")).text;
    assert!(solve.contains("Black to play") && solve.contains("<svg id=\"board\""));
    assert!(
        app.get(&format!("/problems/{id}?lang=zh"))
            .text
            .contains("黑先")
    );
    // Unknown pages: the error page inside the layout, in the page's language.
    let missing = app.get("/problems/999999?lang=en");
    assert_eq!(missing.status, 404);
    assert!(missing.text.contains("Page not found") && missing.text.contains("class=\"top\""));
    let nowhere = app.get("/nowhere");
    assert_eq!(nowhere.status, 404);
    assert!(nowhere.text.contains("找不到这一页"));
    assert_eq!(app.get("/api/nowhere").json["error"]["code"], "not_found");
    assert_eq!(app.get("/static/solve.js").status, 200);
}

fn import_names_bad_files_and_skips_duplicates(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let out = app.import(Some("Corner"), &[&fixtures().join("corner")]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stdout.contains("1 problems imported into 'Corner'"),
        "{stdout}"
    );
    assert!(
        stderr.contains("broken.sgf") && stderr.contains("line 2"),
        "the bad file is named with its line: {stderr}"
    );
    let again = app.import(Some("Corner"), &[&fixtures().join("corner")]);
    assert!(
        String::from_utf8_lossy(&again.stdout)
            .contains("0 problems imported into 'Corner', 1 already there")
    );
    assert_eq!(
        app.get("/api/problems?set=corner")
            .json
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

fn problems_are_listed_with_filters(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let all = app.get("/api/problems");
    assert_eq!(all.status, 200);
    assert_eq!(all.json.as_array().unwrap().len(), 3);
    let capture = app.get("/api/problems?kind=capture").json;
    assert_eq!(capture.as_array().unwrap().len(), 2);
    assert!(
        capture
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["kind"] == "capture")
    );
    assert_eq!(app.get("/api/problems?set=corner").json[0]["kind"], "live");
    assert_eq!(
        app.get("/api/problems?set=beginner&limit=1&offset=1")
            .json
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        app.get("/api/problems?max_rating=1000")
            .json
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        app.get("/api/problems?min_rating=1000")
            .json
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        app.get("/api/problems?set=nothing")
            .json
            .as_array()
            .unwrap()
            .len(),
        0
    );
}

fn a_problem_is_served_ready_to_draw(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let id = app.problem_id("beginner", 1);
    let p = app.get(&format!("/api/problems/{id}")).json;
    assert_eq!(p["size"], 7);
    assert_eq!(p["to_play"], "B");
    assert_eq!(p["kind"], "capture");
    assert_eq!(p["setup"]["white"], serde_json::json!(["cc"]));
    assert_eq!(p["setup"]["black"].as_array().unwrap().len(), 3);
    assert!(p["viewport"]["x1"].as_i64().unwrap() <= 6);
    assert!(p["tags"].is_array() && p["rating"].is_number());
}

fn a_full_solve_continues_then_is_solved_and_every_move_is_stored(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let id = app.problem_id("beginner", 2); // the snapback: aa, White takes, aa again
    let attempt = app.start_attempt(id);
    let first = app.post_move(attempt, "aa");
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(
        (first.json["result"].as_str(), first.json["reply"].as_str()),
        (Some("continue"), Some("ab"))
    );
    assert!(
        first.json["after_move"]["black"]
            .as_array()
            .unwrap()
            .contains(&"aa".into())
    );
    assert!(
        !first.json["position"]["black"]
            .as_array()
            .unwrap()
            .contains(&"aa".into()),
        "White took the stone"
    );
    let second = app.post_move(attempt, "aa");
    assert_eq!(second.json["result"], "solved", "{}", second.text);
    assert_eq!(second.json["comment"], "Correct");
    assert_eq!(
        second.json["position"]["white"].as_array().unwrap().len(),
        0,
        "three stones captured"
    );

    let stored = app.get(&format!("/api/attempts/{attempt}")).json;
    assert_eq!(stored["result"], "solved");
    assert!(stored["ended_at"].is_i64());
    let moves = stored["moves"].as_array().unwrap();
    let summary: Vec<(String, bool, Option<String>)> = moves
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().into(),
                m["by_learner"].as_bool().unwrap(),
                m["judged"].as_str().map(String::from),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("aa".into(), true, Some("continue".into())),
            ("ab".into(), false, None),
            ("aa".into(), true, Some("solved".into()))
        ]
    );
    assert!(
        moves
            .iter()
            .all(|m| m["ms_since_prev"].as_i64().unwrap() >= 0)
    );
    // A solved attempt takes no more moves.
    let after = app.post_move(attempt, "dd");
    assert_eq!(
        (after.status, after.json["error"]["code"].as_str()),
        (422, Some("finished"))
    );
}

fn a_wrong_answer_gets_the_refutation_and_the_authors_comment(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let attempt = app.start_attempt(app.problem_id("beginner", 1));
    let r = app.post_move(attempt, "ee");
    assert_eq!(r.json["result"], "wrong", "{}", r.text);
    assert_eq!(r.json["reply"], "dc", "the refutation");
    assert_eq!(r.json["comment"], "White runs away.");
    assert_eq!(r.json["reason"], "in_tree");
    assert_eq!(
        app.get(&format!("/api/attempts/{attempt}")).json["result"],
        "wrong"
    );
}

fn an_answer_the_author_left_out_is_accepted(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    // The snapback's tree has only the throw-in at aa; the atari at ab wins too.
    let attempt = app.start_attempt(app.problem_id("beginner", 2));
    let r = app.post_move(attempt, "ab");
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        ["continue", "solved"].contains(&r.json["result"].as_str().unwrap()),
        "{}",
        r.text
    );
    // And a slow move off the tree is refuted with a reply.
    let other = app.start_attempt(app.problem_id("beginner", 2));
    let r = app.post_move(other, "ed");
    assert_eq!(
        (r.json["result"].as_str(), r.json["reason"].as_str()),
        (Some("wrong"), Some("refuted")),
        "{}",
        r.text
    );
    assert!(r.json["reply"].is_string());
}

fn errors_have_the_contract_shape_and_change_nothing(kind: Db, test: &str) {
    let Some(app) = app_with_fixtures(kind, test) else {
        return;
    };
    let is_error = |r: &crate::app::Reply, status: u16, code: &str| {
        assert_eq!(r.status, status, "{}", r.text);
        assert_eq!(r.json["error"]["code"], code, "{}", r.text);
        assert!(
            r.json["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    };
    is_error(&app.get("/api/problems/999999"), 404, "not_found");
    is_error(
        &app.post("/api/problems/999999/attempts", None),
        404,
        "not_found",
    );
    is_error(&app.get("/api/attempts/999999"), 404, "not_found");
    is_error(&app.post_move(999_999, "aa"), 404, "not_found");
    is_error(&app.get("/api/problems?limit=0"), 400, "bad_request");
    is_error(&app.get("/api/problems?kind=dragon"), 400, "bad_request");
    is_error(
        &app.get("/api/problems?min_rating=high"),
        400,
        "bad_request",
    );
    is_error(&app.get("/api/problems/abc"), 404, "not_found");

    let attempt = app.start_attempt(app.problem_id("beginner", 1));
    is_error(
        &app.post(
            &format!("/api/attempts/{attempt}/moves"),
            Some("{\"move\": "),
        ),
        400,
        "bad_request",
    );
    is_error(
        &app.post(
            &format!("/api/attempts/{attempt}/moves"),
            Some("{\"mv\": \"aa\"}"),
        ),
        400,
        "bad_request",
    );
    is_error(&app.post_move(attempt, "cc"), 422, "occupied");
    is_error(&app.post_move(attempt, "zz"), 422, "off_board");
    is_error(&app.post_move(attempt, "hello"), 400, "bad_request");
    // None of that was stored.
    let stored = app.get(&format!("/api/attempts/{attempt}")).json;
    assert_eq!(stored["moves"].as_array().unwrap().len(), 0);
    assert_eq!(stored["result"], "open");
}

fn health_and_openapi_are_served(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    assert_eq!(app.get("/healthz").status, 200);
    let doc = app.get("/api/openapi.json").json;
    for path in [
        "/api/problems",
        "/api/problems/{id}",
        "/api/problems/{id}/attempts",
        "/api/attempts/{attempt_id}/moves",
        "/api/attempts/{attempt_id}",
        "/api/attempts/{attempt_id}/hint",
        "/api/problems/{id}/solution",
        "/api/auth/signup",
        "/api/auth/pictures",
        "/api/learners/{id}/attempts",
        "/api/next",
        "/api/games",
        "/api/games/join",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/resign",
        "/api/games/{id}/undo",
        "/api/games/{id}/end",
        "/api/games/{id}/sgf",
        "/api/games/{id}/events",
    ] {
        assert!(
            doc["paths"][path].is_object(),
            "{path} missing from the OpenAPI document"
        );
    }
    assert!(doc["components"]["schemas"]["MoveResponse"].is_object());
    assert!(doc["components"]["schemas"]["GameView"].is_object());
}
