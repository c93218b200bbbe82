//! Learners, on SQLite and PostgreSQL: parents and teachers sign up and in; a parent adds a child
//! who signs in with the family code and three pictures; a child's first attempt is a rated game
//! that moves both the child's and the problem's rating; retries and hinted attempts are not.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::app::{Db, TestApp};

/// A browser-like client: keeps the session cookie.
pub struct Session<'a> {
    pub app: &'a TestApp,
    agent: ureq::Agent,
    pub cookie: Option<String>,
}

impl<'a> Session<'a> {
    pub fn new(app: &'a TestApp) -> Self {
        Session {
            app,
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .build()
                .into(),
            cookie: None,
        }
    }

    pub fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let (status, json, _) = self.call_with_headers(method, path, body);
        (status, json)
    }

    /// The same, with the response's headers (lower-case names).
    pub fn call_with_headers(
        &mut self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value, std::collections::HashMap<String, String>) {
        let url = format!("{}{path}", self.app.base);
        let mut req = match method {
            "GET" => self.agent.get(&url).force_send_body(),
            "PUT" => self.agent.put(&url),
            "DELETE" => self.agent.delete(&url).force_send_body(),
            _ => self.agent.post(&url),
        };
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        let resp = match body {
            Some(b) => req
                .header("content-type", "application/json")
                .send(b.to_string()),
            None => req.send_empty(),
        };
        let mut resp = resp.unwrap();
        if let Some(set) = resp
            .headers()
            .get("set-cookie")
            .and_then(|h| h.to_str().ok())
        {
            let pair = set.split(';').next().unwrap().to_string();
            self.cookie = if pair.ends_with('=') {
                None
            } else {
                Some(pair)
            };
        }
        let headers = resp
            .headers()
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().unwrap_or_default();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::Null),
            headers,
        )
    }
}

pub fn app(kind: Db, test: &str) -> Option<TestApp> {
    let app = TestApp::spawn(kind, test)?;
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/beginner");
    assert!(app.import(None, &[&fixtures]).status.success());
    Some(app)
}

both_backends!(
    parents_and_teachers_sign_up_sign_in_and_out,
    a_child_signs_in_with_the_family_code_and_pictures,
    a_first_attempt_rates_child_and_problem_and_retries_do_not,
    only_the_child_and_their_parent_see_the_progress_log,
    next_problem_aims_at_the_chosen_success_chance_among_unseen_problems,
);

/// A family with one signed-in child; returns (parent session, child session, child id).
pub fn signed_in_family<'a>(
    app: &'a TestApp,
    parent_name: &str,
    pictures: [u8; 3],
) -> (Session<'a>, Session<'a>, i64) {
    let mut parent = Session::new(app);
    let (_, p) = parent.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": parent_name, "password": "violet harbor tadpole 19", "display_name": "家长"})));
    let (_, child) = parent.call(
        "POST",
        "/api/children",
        Some(json!({"display_name": "孩子", "pictures": pictures})),
    );
    let id = child["id"].as_i64().unwrap();
    let mut kid = Session::new(app);
    let (status, _) = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"family_code": p["family_code"], "child_id": id, "pictures": pictures})),
    );
    assert_eq!(status, 200);
    (parent, kid, id)
}

fn only_the_child_and_their_parent_see_the_progress_log(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "parent_a", [1, 2, 3]);
    let (_, mut other_kid, other_child) = signed_in_family(&app, "parent_b", [4, 5, 6]);
    let mut other_parent = Session::new(&app);
    other_parent.call(
        "POST",
        "/api/auth/signin",
        Some(json!({"username": "parent_b", "password": "violet harbor tadpole 19"})),
    );

    let problem = app.problem_id("beginner", 1);
    let (_, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    let attempt = a["attempt_id"].as_i64().unwrap();
    kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "dc"})),
    );

    let log = format!("/api/learners/{child}/attempts");
    let (status, entries) = parent.call("GET", &log, None);
    assert_eq!(status, 200);
    assert_eq!(entries.as_array().unwrap().len(), 1);
    assert_eq!(
        (entries[0]["result"].as_str(), entries[0]["rated"].as_bool()),
        (Some("solved"), Some(true))
    );
    assert!(entries[0]["duration_ms"].as_i64().unwrap() >= 0);
    assert_eq!(
        kid.call("GET", &log, None).0,
        200,
        "a child reads their own log"
    );
    assert_eq!(
        kid.call("GET", &format!("{log}?problem={problem}"), None)
            .1
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        kid.call("GET", &format!("{log}?problem=999999"), None)
            .1
            .as_array()
            .unwrap()
            .len(),
        0
    );
    assert_eq!(
        other_parent.call("GET", &log, None).0,
        403,
        "another family's parent"
    );
    assert_eq!(other_kid.call("GET", &log, None).0, 403, "another learner");
    assert_eq!(Session::new(&app).call("GET", &log, None).0, 401);
    assert_eq!(
        parent
            .call(
                "GET",
                &format!("/api/learners/{}/attempts", other_child),
                None
            )
            .0,
        403
    );
    // The attempt itself is as private as the log, and only its learner plays in it.
    let a_path = format!("/api/attempts/{attempt}");
    assert_eq!(parent.call("GET", &a_path, None).0, 200);
    assert_eq!(other_parent.call("GET", &a_path, None).0, 403);
    assert_eq!(Session::new(&app).call("GET", &a_path, None).0, 401);
    let (_, open) = kid.call(
        "POST",
        &format!("/api/problems/{}/attempts", app.problem_id("beginner", 2)),
        None,
    );
    let open = open["attempt_id"].as_i64().unwrap();
    assert_eq!(
        other_kid
            .call(
                "POST",
                &format!("/api/attempts/{open}/moves"),
                Some(json!({"move": "aa"}))
            )
            .0,
        403
    );
    assert_eq!(
        Session::new(&app)
            .call("POST", &format!("/api/attempts/{open}/hint"), None)
            .0,
        401
    );
    assert_eq!(
        kid.call(
            "POST",
            &format!("/api/attempts/{open}/moves"),
            Some(json!({"move": "aa"}))
        )
        .0,
        200
    );
}

fn next_problem_aims_at_the_chosen_success_chance_among_unseen_problems(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    // More problems of several ratings: the shipped bank (capture 900, ladder 1100, eyes 1500).
    let bank = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("problems");
    assert!(app.import(Some("bank"), &[&bank]).status.success());
    let (_, mut kid, kid_id) = signed_in_family(&app, "parent_n", [0, 4, 8]);
    // Children start at 20 kyu (800); this one has been placed at 1500.
    let pool = sente::db::connect_pool(&app.db.url, 1).unwrap();
    sente::db::accounts::set_rating(&mut pool.get().unwrap(), kid_id as i32, 1500.0, 80.0).unwrap();
    assert_eq!(Session::new(&app).call("GET", "/api/next", None).0, 401);
    assert_eq!(kid.call("GET", "/api/next?success=0.99", None).0, 400);
    // At 90% (target about 1110) the pick is easier than at 50% (1500).
    let (status, easy) = kid.call("GET", "/api/next?success=0.9", None);
    assert_eq!(status, 200);
    let (_, even) = kid.call("GET", "/api/next?success=0.5", None);
    let rating = |id: &Value| {
        app.get(&format!("/api/problems/{id}")).json["rating"]
            .as_f64()
            .unwrap()
    };
    assert!(
        rating(&easy["problem_id"]) < rating(&even["problem_id"]),
        "{easy} vs {even}"
    );
    let p = easy["expected_success"].as_f64().unwrap();
    assert!(p > 0.8, "{p}");
    assert_eq!(
        kid.call("GET", "/api/next", None).0,
        200,
        "the default aims at 75%"
    );
    // A tried problem is not picked again.
    let first = easy["problem_id"].as_i64().unwrap();
    kid.call("POST", &format!("/api/problems/{first}/attempts"), None);
    assert_ne!(
        kid.call("GET", "/api/next?success=0.9", None).1["problem_id"]
            .as_i64()
            .unwrap(),
        first
    );
}

fn parents_and_teachers_sign_up_sign_in_and_out(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    for role in ["parent", "teacher"] {
        let mut s = Session::new(&app);
        let name = format!("{role}_li");
        let (status, user) = s.call("POST", "/api/auth/signup", Some(json!({"role": role, "username": name, "password": "amber quiz lantern 42", "display_name": "李老师"})));
        assert_eq!(status, 201, "{user}");
        assert_eq!(user["role"], role);
        assert_eq!(user["family_code"].is_string(), role == "parent");
        assert_eq!(s.call("GET", "/api/me", None).1["username"], name.as_str());
        assert_eq!(s.call("POST", "/api/auth/signout", None).0, 204);
        assert_eq!(s.call("GET", "/api/me", None).0, 401);
        let (status, _) = s.call(
            "POST",
            "/api/auth/signin",
            Some(json!({"username": name, "password": "wrong password"})),
        );
        assert_eq!(status, 401);
        let (status, _) = s.call(
            "POST",
            "/api/auth/signin",
            Some(json!({"username": name, "password": "amber quiz lantern 42"})),
        );
        assert_eq!(status, 200);
        assert_eq!(s.call("GET", "/api/me", None).1["role"], role);
    }
    let mut s = Session::new(&app);
    let again = s.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": "parent_li", "password": "mossy kettle orbit 8", "display_name": "x"})));
    assert_eq!(
        (again.0, again.1["error"]["code"].as_str()),
        (409, Some("conflict"))
    );
    let short = s.call(
        "POST",
        "/api/auth/signup",
        Some(json!({"role": "parent", "username": "p2", "password": "short", "display_name": "x"})),
    );
    assert_eq!(short.0, 400);
    let admin = s.call("POST", "/api/auth/signup", Some(json!({"role": "admin", "username": "root", "password": "long enough", "display_name": "x"})));
    assert_eq!(admin.0, 400, "no one signs up as admin");
}

/// A parent with one child whose pictures are 2, 5, 7; returns (family code, child id).
fn family(app: &TestApp) -> (String, i64) {
    let mut parent = Session::new(app);
    let (_, p) = parent.call("POST", "/api/auth/signup", Some(json!({"role": "parent", "username": "mama", "password": "violet harbor tadpole 19", "display_name": "妈妈"})));
    let (status, child) = parent.call(
        "POST",
        "/api/children",
        Some(json!({"display_name": "小明", "pictures": [2, 5, 7]})),
    );
    assert_eq!(status, 201, "{child}");
    (
        p["family_code"].as_str().unwrap().to_string(),
        child["id"].as_i64().unwrap(),
    )
}

fn a_child_signs_in_with_the_family_code_and_pictures(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (code, child) = family(&app);
    let mut kid = Session::new(&app);
    let (status, cards) = kid.call(
        "GET",
        &format!("/api/families/{}/children", code.to_lowercase()),
        None,
    );
    assert_eq!(status, 200);
    assert_eq!(
        cards,
        json!([{"id": child, "display_name": "小明", "avatar": 0}])
    );
    assert_eq!(
        kid.call("GET", "/api/families/NOPE42/children", None).0,
        404
    );
    let wrong = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"family_code": code, "child_id": child, "pictures": [2, 7, 5]})),
    );
    assert_eq!(wrong.0, 401, "order matters");
    let (status, me) = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"family_code": code, "child_id": child, "pictures": [2, 5, 7]})),
    );
    assert_eq!(status, 200);
    assert_eq!(
        (me["role"].as_str(), me["username"].as_str()),
        (Some("learner"), None)
    );
    assert_eq!(kid.call("GET", "/api/me", None).1["display_name"], "小明");
    // A child cannot add children; a stranger cannot either.
    assert_eq!(
        kid.call(
            "POST",
            "/api/children",
            Some(json!({"display_name": "x", "pictures": [0, 1, 2]}))
        )
        .0,
        403
    );
    assert_eq!(
        Session::new(&app)
            .call(
                "POST",
                "/api/children",
                Some(json!({"display_name": "x", "pictures": [0, 1, 2]}))
            )
            .0,
        401
    );
    // Five wrong tries lock the pictures (429) until a parent helps or the lock ends.
    let mut guesser = Session::new(&app);
    for _ in 0..5 {
        guesser.call(
            "POST",
            "/api/auth/pictures",
            Some(json!({"family_code": code, "child_id": child, "pictures": [0, 1, 2]})),
        );
    }
    let locked = guesser.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"family_code": code, "child_id": child, "pictures": [2, 5, 7]})),
    );
    assert_eq!(locked.0, 429);
}

fn a_first_attempt_rates_child_and_problem_and_retries_do_not(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (code, child) = family(&app);
    let mut kid = Session::new(&app);
    kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"family_code": code, "child_id": child, "pictures": [2, 5, 7]})),
    );
    let problem = app.problem_id("beginner", 1);
    let problem_rating = |app: &TestApp| {
        app.get(&format!("/api/problems/{problem}")).json["rating"]
            .as_f64()
            .unwrap()
    };
    // A brand-new child is provisional: their first game moves their rating, not the problem's.
    let (_, mut newcomer, _) = signed_in_family(&app, "parent_new", [0, 1, 2]);
    let other = app.problem_id("beginner", 2);
    let other_before = app.get(&format!("/api/problems/{other}")).json["rating"].clone();
    let (_, a) = newcomer.call("POST", &format!("/api/problems/{other}/attempts"), None);
    let (_, m) = newcomer.call(
        "POST",
        &format!("/api/attempts/{}/moves", a["attempt_id"]),
        Some(json!({"move": "pass"})),
    );
    assert_eq!(m["result"], "wrong");
    assert_eq!(
        app.get(&format!("/api/problems/{other}")).json["rating"],
        other_before
    );
    assert!(
        newcomer.call("GET", "/api/me", None).1["rating"]
            .as_f64()
            .unwrap()
            < 800.0
    );
    // Once the child's rating has settled (deviation 100), a game moves both.
    let pool = sente::db::connect_pool(&app.db.url, 1).unwrap();
    sente::db::accounts::set_rating(&mut pool.get().unwrap(), child as i32, 800.0, 100.0).unwrap();
    let before = problem_rating(&app);

    let (status, attempt) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    assert_eq!(status, 201);
    assert_eq!(attempt["rated"], true, "the first try is rated");
    let id = attempt["attempt_id"].as_i64().unwrap();
    assert_eq!(
        kid.call(
            "POST",
            &format!("/api/attempts/{id}/moves"),
            Some(json!({"move": "dc"}))
        )
        .1["result"],
        "solved"
    );
    let me = kid.call("GET", "/api/me", None).1;
    let after = me["rating"].as_f64().unwrap();
    assert!(
        after > 800.0,
        "solving raises the child's rating from 20 kyu: {after}"
    );
    assert!(problem_rating(&app) < before, "and lowers the problem's");

    // A retry is logged but not rated.
    let (_, retry) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    assert_eq!(retry["rated"], false);
    let rid = retry["attempt_id"].as_i64().unwrap();
    kid.call(
        "POST",
        &format!("/api/attempts/{rid}/moves"),
        Some(json!({"move": "ee"})),
    );
    assert_eq!(
        kid.call("GET", "/api/me", None).1["rating"]
            .as_f64()
            .unwrap(),
        after
    );

    // A hinted first attempt is not rated either.
    let other = app.problem_id("beginner", 2);
    let (_, a) = kid.call("POST", &format!("/api/problems/{other}/attempts"), None);
    assert_eq!(a["rated"], true);
    let aid = a["attempt_id"].as_i64().unwrap();
    assert_eq!(
        kid.call("POST", &format!("/api/attempts/{aid}/hint"), None)
            .0,
        200
    );
    kid.call(
        "POST",
        &format!("/api/attempts/{aid}/moves"),
        Some(json!({"move": "dd"})),
    );
    assert_eq!(
        kid.call("GET", "/api/me", None).1["rating"]
            .as_f64()
            .unwrap(),
        after
    );

    // Guests still solve; their attempts are kept and never rated.
    let guest = app.start_attempt(problem);
    assert_eq!(
        app.get(&format!("/api/attempts/{guest}")).json["rated"],
        false
    );
}
