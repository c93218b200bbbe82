//! The authorization matrix, on SQLite and PostgreSQL: every route of the web layer (found by
//! reading the route attributes in src/web, so a new route without a row fails this test) ×
//! every role — anonymous, a learner, another learner, the learner's parent, another parent, the
//! learner's teacher, another teacher, an admin — with the expected status written once per
//! cell. Forms carry a valid CSRF token, so the cells test authorization, not the token.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

use crate::app::{Db, TestApp};

both_backends!(every_route_answers_every_role_as_the_matrix_says);

/// Roles, in the order of the cells.
const ROLES: [&str; 8] = [
    "anonymous",
    "learner",
    "other learner",
    "parent",
    "other parent",
    "teacher",
    "other teacher",
    "admin",
];

/// `METHOD PATH` as declared | the request's path | body (JSON, or `form:` a=b&c=d) | statuses.
/// Placeholders: {L} the learner, {C} the teacher's class, {code} the parent's family code,
/// {attempt} the learner's attempt, {open_attempt} a new open attempt of the learner,
/// {assessment} the learner's test, {problem} a problem, {slug} its set, {victim} a new child of
/// the parent, {pupil}/{class_code} a new child of the class without a family, {device} a new
/// device remembering the parent's family, {n} a counter, {S} the teacher's class-only set with
/// the problem {SP}, assigned to {C} as {A} (the learner's homework, so their home page shows
/// it; the other learner has none and goes to practice), {fresh_set} a new set of the teacher,
/// {PP} a problem of a private set of the teacher, {SP2} a new problem of {S}, {game} a finished game of the learner,
/// {open_game} a new game of the learner on one device, {bot_game} a new game of the learner
/// against the computer with one move each, {game_code} the code of a new game of the parent
/// waiting for a second device.
const MATRIX: &str = r#"
GET /                                  | /                              |  | 200 200 303 200 200 200 200 200
GET /sets                              | /sets                          |  | 200 200 200 200 200 200 200 200
GET /sets/{slug}                       | /sets/{slug}                   |  | 200 200 200 200 200 200 200 200
GET /problems/{id}                     | /problems/{problem}            |  | 200 200 200 200 200 200 200 200
GET /signin                            | /signin                        |  | 200 200 200 200 200 200 200 200
GET /signup                            | /signup                        |  | 200 200 200 200 200 200 200 200
GET /kids                              | /kids?code={code}              |  | 200 200 200 200 200 200 200 200
GET /static/style.css                  | /static/style.css              |  | 200 200 200 200 200 200 200 200
GET /static/solve.js                   | /static/solve.js               |  | 200 200 200 200 200 200 200 200
GET /static/kids.js                    | /static/kids.js                |  | 200 200 200 200 200 200 200 200
GET /static/speak.js                   | /static/speak.js               |  | 200 200 200 200 200 200 200 200
GET /healthz                           | /healthz                       |  | 200 200 200 200 200 200 200 200
GET /api/openapi.json                  | /api/openapi.json              |  | 200 200 200 200 200 200 200 200
GET /api/problems                      | /api/problems                  |  | 200 200 200 200 200 200 200 200
GET /api/problems/{id}                 | /api/problems/{problem}        |  | 200 200 200 200 200 200 200 200
GET /api/problems/{id}/solution        | /api/problems/{problem}/solution |  | 200 200 200 200 200 200 200 200
GET /api/families/{code}/children      | /api/families/{code}/children  |  | 200 200 200 200 200 200 200 200
GET /account                           | /account                       |  | 303 303 303 200 200 200 200 200
GET /practice                          | /practice                      |  | 303 303 303 303 303 303 303 303
GET /assessment                        | /assessment                    |  | 303 303 303 303 303 303 303 303
GET /assessments/{id}                  | /assessments/{assessment}      |  | 401 200 403 200 403 200 403 200
GET /learners/{id}/growth              | /learners/{L}/growth           |  | 401 200 403 200 403 200 403 200
GET /api/me                            | /api/me                        |  | 401 200 200 200 200 200 200 200
GET /api/next                          | /api/next                      |  | 401 200 200 403 403 403 403 403
GET /api/attempts/{attempt_id}         | /api/attempts/{attempt}        |  | 401 200 403 200 403 200 403 200
GET /api/assessments/{id}              | /api/assessments/{assessment}  |  | 401 200 403 200 403 200 403 200
GET /api/learners/{id}/attempts        | /api/learners/{L}/attempts     |  | 401 200 403 200 403 200 403 200
GET /api/learners/{id}/growth          | /api/learners/{L}/growth       |  | 401 200 403 200 403 200 403 200
PUT /api/learners/{id}/settings        | /api/learners/{L}/settings     | {"target_success": 0.75} | 401 200 403 200 403 200 403 200
GET /api/children/{id}/data            | /api/children/{L}/data         |  | 401 403 403 200 404 403 404 403
DELETE /api/children/{id}              | /api/children/{victim}         |  | 401 403 403 204 404 404 404 403
POST /api/children/{id}/unlock         | /api/children/{L}/unlock       |  | 401 403 403 204 404 204 404 403
POST /api/children/{id}/pictures       | /api/children/{L}/pictures     | {"pictures": [1, 2, 3]} | 401 403 403 204 404 204 404 403
POST /api/children                     | /api/children                  | {"display_name": "新", "pictures": [0, 1, 2]} | 401 403 403 201 201 403 403 403
POST /api/sets                         | /api/sets                      | {"name": "集 {n}"} | 401 403 403 403 403 201 201 403
GET /api/sets                          | /api/sets                      |  | 401 403 403 403 403 200 200 200
GET /api/sets/{id}                     | /api/sets/{S}                  |  | 404 200 404 200 404 200 404 200
PUT /api/sets/{id}                     | /api/sets/{S}                  | {"name": "matrix set", "visibility": "class"} | 401 403 403 403 403 200 404 403
DELETE /api/sets/{id}                  | /api/sets/{fresh_set}          |  | 401 403 403 403 403 204 404 403
POST /api/sets/{id}/copy               | /api/sets/{S}/copy             |  | 401 403 403 403 403 201 404 403
POST /api/sets/{id}/problems           | /api/sets/{S}/problems         | {"sgf": "(;SZ[9]AB[ba]AW[aa]PL[B];B[ab]C[Correct])"} | 401 403 403 403 403 201 404 403
GET /api/sets/{id}/problems/{pid}      | /api/sets/{S}/problems/{SP}    |  | 404 200 404 200 404 200 404 200
PUT /api/sets/{id}/problems/{pid}      | /api/sets/{S}/problems/{SP2}   | {"sgf": "(;SZ[9]AB[ba]AW[aa]PL[B];B[ab]C[Correct])"} | 401 403 403 403 403 200 404 403
DELETE /api/sets/{id}/problems/{pid}   | /api/sets/{S}/problems/{SP2}   |  | 401 403 403 403 403 204 404 403
POST /api/sets/{id}/import             | /api/sets/{S}/import           | (;SZ[9]AB[ba]AW[aa]PL[B];B[ab]C[Correct]) | 401 403 403 403 403 200 404 403
GET /api/sets/{id}/export              | /api/sets/{S}/export           |  | 404 200 404 200 404 200 404 200
GET /sets/{id}/worksheet               | /sets/{S}/worksheet?per_page=12 |  | 404 200 404 200 404 200 404 200
GET /teach/sets/{id}                    | /teach/sets/{S}                |  | 401 403 403 403 403 200 404 200
GET /teach/sets/{id}/problems/new       | /teach/sets/{S}/problems/new   |  | 401 403 403 403 403 200 404 200
GET /teach/sets/{id}/problems/{pid}/edit | /teach/sets/{S}/problems/{SP}/edit |  | 401 403 403 403 403 200 404 200
GET /static/editor/{name}               | /static/editor/editor.js       |  | 200 200 200 200 200 200 200 200
POST /api/classes/{id}/assignments     | /api/classes/{C}/assignments   | {"set_id": {S}, "starts_at": 0, "due_at": 4102444800000} | 401 403 403 403 403 201 404 403
GET /api/learners/{id}/homework        | /api/learners/{L}/homework     |  | 401 200 403 200 403 200 403 200
GET /api/assignments/{id}/results      | /api/assignments/{A}/results   |  | 401 403 403 403 403 200 404 200
GET /api/assignments/{id}/results.csv  | /api/assignments/{A}/results.csv |  | 401 403 403 403 403 200 404 200
GET /teach                             | /teach                         |  | 303 403 403 403 403 200 200 403
POST /teach/sets                       | /teach/sets                    | form:name=matrix+set+{n}&visibility=private | 401 403 403 403 403 303 303 403
POST /teach/assignments                | /teach/assignments             | form:class={C}&set={S}&starts=2026-01-01&due=2099-12-31 | 401 403 403 403 403 303 404 403
GET /teach/assignments/{id}            | /teach/assignments/{A}         |  | 303 403 403 403 403 200 404 200
GET /learners/{id}/homework            | /learners/{L}/homework         |  | 401 200 403 200 403 200 403 200
GET /api/problems/{id}                 | /api/problems/{PP}             |  | 404 404 404 404 404 200 404 200
GET /problems/{id}                     | /problems/{PP}                 |  | 404 404 404 404 404 200 404 200
GET /api/problems/{id}/solution        | /api/problems/{PP}/solution    |  | 404 404 404 404 404 200 404 200
POST /api/problems/{id}/attempts       | /api/problems/{PP}/attempts    |  | 404 404 404 404 404 201 404 201
GET /api/problems/{id}                 | /api/problems/{SP}             |  | 404 200 404 200 404 200 404 200
POST /api/problems/{id}/attempts       | /api/problems/{SP}/attempts    |  | 404 201 404 201 404 201 404 201
POST /api/children/link                | /api/children/link             | {"code": "{class_code}", "child_id": {pupil}, "pictures": [4, 5, 6]} | 401 403 403 200 200 403 403 403
GET /api/classes                       | /api/classes                   |  | 401 403 403 403 403 200 200 403
POST /api/classes                      | /api/classes                   | {"name": "班 {n}"} | 401 403 403 403 403 201 201 403
GET /api/classes/{id}                  | /api/classes/{C}               |  | 401 403 403 403 403 200 404 403
POST /api/classes/{id}/children        | /api/classes/{C}/children      | {"display_name": "新", "pictures": [0, 1, 2]} | 401 403 403 403 403 201 404 403
POST /api/classes/{id}/members         | /api/classes/{C}/members       | {"code": "{code}", "child_id": {L}, "pictures": [1, 2, 3]} | 401 403 403 403 403 200 404 403
POST /api/auth/signup                  | /api/auth/signup               | {"role": "parent", "username": "matrix_{n}", "password": "violet harbor tadpole 19", "display_name": "x"} | 201 201 201 201 201 201 201 201
POST /api/auth/signin                  | /api/auth/signin               | {"username": "matrix_parent", "password": "violet harbor tadpole 19"} | 200 200 200 200 200 200 200 200
POST /api/auth/signout                 | /api/auth/signout              |  | 204 204 204 204 204 204 204 204
POST /api/auth/pictures                | /api/auth/pictures             | {"code": "{code}", "child_id": {L}, "pictures": [1, 2, 3]} | 200 200 200 200 200 200 200 200
POST /api/problems/{id}/attempts       | /api/problems/{problem}/attempts |  | 201 201 201 201 201 201 201 201
POST /api/attempts/{attempt_id}/moves  | /api/attempts/{open_attempt}/moves | {"move": "ee"} | 401 200 403 403 403 403 403 403
POST /api/attempts/{attempt_id}/hint   | /api/attempts/{open_attempt}/hint |  | 401 200 403 403 403 403 403 403
POST /api/attempts/{attempt_id}/solution | /api/attempts/{open_attempt}/solution |  | 401 200 403 403 403 403 403 403
POST /api/assessments                  | /api/assessments               |  | 401 201 201 403 403 403 403 403
POST /signin                           | /signin                        | form:username=matrix_parent&password=violet+harbor+tadpole+19 | 303 303 303 303 303 303 303 303
POST /signup                           | /signup                        | form:role=parent&username=matrix_form_{n}&password=violet+harbor+tadpole+19&display_name=x | 303 303 303 303 303 303 303 303
POST /signout                          | /signout                       | form: | 303 303 303 303 303 303 303 303
POST /kids                             | /kids                          | form:code={code}&child={L}&pictures=1-2-3 | 303 303 303 303 303 303 303 303
POST /account/children                 | /account/children              | form:display_name=x&p1=0&p2=1&p3=2 | 401 403 403 303 303 403 403 403
POST /account/children/{id}/unlock     | /account/children/{L}/unlock   | form: | 401 403 403 303 404 303 404 403
POST /account/children/{id}/avatar     | /account/children/{L}/avatar   | form:avatar=5 | 401 403 403 303 404 303 404 403
POST /account/classes                  | /account/classes               | form:name=x | 401 403 403 403 403 303 303 403
POST /kids/code                        | /kids/code                     | form:code={code} | 303 303 303 303 303 303 303 303
POST /kids/forget                      | /kids/forget                   | form: | 303 303 303 303 303 303 303 303
GET /api/devices                       | /api/devices                   |  | 401 403 403 200 200 200 200 403
DELETE /api/devices/{id}               | /api/devices/{device}          |  | 401 403 403 204 404 404 404 403
POST /account/devices/{id}/forget      | /account/devices/{device}/forget | form: | 401 403 403 303 404 404 404 403
PUT /api/children/{id}/avatar          | /api/children/{L}/avatar       | {"avatar": 3} | 401 403 403 204 404 204 404 403
POST /account/target                   | /account/target                | form:learner={L}&target=75 | 401 303 403 303 403 303 403 303
GET /games                             | /games                         |  | 303 200 200 200 200 200 200 200
GET /games/{id}                        | /games/{game}                  |  | 401 200 403 200 403 200 403 200
GET /static/games.js                   | /static/games.js               |  | 200 200 200 200 200 200 200 200
POST /api/games                        | /api/games                     | {"kind": "capture", "size": 5, "target": 1, "mode": "one_device"} | 401 201 201 201 201 201 201 201
POST /api/games/join                   | /api/games/join                | {"code": "{game_code}"} | 401 200 200 409 200 200 200 200
GET /api/games/{id}                    | /api/games/{game}              |  | 401 200 403 200 403 200 403 200
GET /api/games/{id}/sgf                | /api/games/{game}/sgf          |  | 401 200 403 200 403 200 403 200
GET /api/games/{id}/events             | /api/games/{game}/events       |  | 401 200 403 200 403 200 403 200
POST /api/games/{id}/moves             | /api/games/{open_game}/moves   | {"move": "cc"} | 401 200 403 403 403 403 403 403
POST /api/games/{id}/resign            | /api/games/{open_game}/resign  |  | 401 200 403 403 403 403 403 403
POST /api/games/{id}/end               | /api/games/{open_game}/end     |  | 401 200 403 403 403 403 403 403
POST /api/games/{id}/undo              | /api/games/{bot_game}/undo     |  | 401 200 403 403 403 403 403 403
"#;

/// Routes that end the session they are called with: each role signs in afresh for them.
const ENDS_SESSION: [&str; 2] = ["POST /api/auth/signout", "POST /signout"];

/// A problem the teacher writes: capture in one.
const MATRIX_PROBLEM: &str = "(;SZ[9]AB[ba]AW[aa]PL[B];B[ab]C[Correct])";

const CSRF: &str = "0123456789abcdef0123456789abcdef";
const PASSWORD: &str = "violet harbor tadpole 19";

/// Every `METHOD PATH` declared by a route attribute in src/web.
fn declared_routes() -> BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    let mut routes = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let source = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in source.lines().map(str::trim) {
            let Some(attr) = line
                .strip_prefix("#[actix_web::")
                .or_else(|| line.strip_prefix("#["))
            else {
                continue;
            };
            for method in ["get", "post", "put", "delete"] {
                if let Some(rest) = attr.strip_prefix(&format!("{method}(\"")) {
                    let path = rest.split('"').next().unwrap();
                    routes.insert(format!("{} {path}", method.to_uppercase()));
                }
            }
        }
    }
    routes
}

struct World<'a> {
    app: &'a TestApp,
    agent: ureq::Agent,
    /// Session cookie per role (None: anonymous).
    sessions: Vec<Option<String>>,
    vars: BTreeMap<&'static str, String>,
    counter: AtomicUsize,
}

/// Status and the session cookie it set, if any.
fn send(
    agent: &ureq::Agent,
    base: &str,
    method: &str,
    path: &str,
    body: &str,
    cookie: Option<&str>,
) -> (u16, Option<String>, Value) {
    let url = format!("{base}{path}");
    let mut req = match method {
        "GET" => agent.get(&url).force_send_body(),
        "PUT" => agent.put(&url),
        "DELETE" => agent.delete(&url).force_send_body(),
        _ => agent.post(&url),
    };
    let mut cookies = vec![format!("sente_csrf={CSRF}")];
    cookies.extend(cookie.map(String::from));
    req = req.header("cookie", &cookies.join("; "));
    let resp = if let Some(form) = body.strip_prefix("form:") {
        let form = if form.is_empty() {
            format!("csrf={CSRF}")
        } else {
            format!("csrf={CSRF}&{form}")
        };
        req.header("content-type", "application/x-www-form-urlencoded")
            .send(form)
    } else if body.is_empty() {
        req.send_empty()
    } else {
        req.header("content-type", "application/json")
            .send(body.to_string())
    };
    let mut resp = resp.expect("the server answers");
    let session = resp
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|h| h.to_str().ok())
        .find(|c| c.starts_with("sente_session=") && !c.starts_with("sente_session=;"))
        .map(|c| c.split(';').next().unwrap().to_string());
    let status = resp.status().as_u16();
    let text = resp.body_mut().read_to_string().unwrap_or_default();
    (
        status,
        session,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

impl<'a> World<'a> {
    fn call(
        &self,
        role: usize,
        method: &str,
        path: &str,
        body: &str,
    ) -> (u16, Option<String>, Value) {
        send(
            &self.agent,
            &self.app.base,
            method,
            path,
            body,
            self.sessions[role].as_deref(),
        )
    }

    fn json(&self, role: usize, method: &str, path: &str, body: Value) -> Value {
        let (status, _, v) = self.call(role, method, path, &body.to_string());
        assert!(status < 300, "{method} {path}: {status} {v}");
        v
    }

    fn sign_in_password(&self, name: &str) -> String {
        let body = json!({"username": name, "password": PASSWORD}).to_string();
        let (status, cookie, v) = send(
            &self.agent,
            &self.app.base,
            "POST",
            "/api/auth/signin",
            &body,
            None,
        );
        assert_eq!(status, 200, "{name}: {v}");
        cookie.unwrap()
    }

    fn sign_in_pictures(&self, code: &str, child: &str) -> String {
        let body =
            json!({"code": code, "child_id": child.parse::<i64>().unwrap(), "pictures": [1, 2, 3]})
                .to_string();
        let (status, cookie, v) = send(
            &self.agent,
            &self.app.base,
            "POST",
            "/api/auth/pictures",
            &body,
            None,
        );
        assert_eq!(status, 200, "{v}");
        cookie.unwrap()
    }

    /// A fresh session for a role (for routes that end theirs).
    fn fresh_session(&self, role: usize) -> Option<String> {
        let v = &self.vars;
        match role {
            0 => None,
            1 => Some(self.sign_in_pictures(&v["code"], &v["L"])),
            2 => Some(self.sign_in_pictures(&v["code2"], &v["L2"])),
            r => Some(self.sign_in_password(
                [
                    "",
                    "",
                    "",
                    "matrix_parent",
                    "matrix_parent2",
                    "matrix_teacher",
                    "matrix_teacher2",
                    "matrix_admin",
                ][r],
            )),
        }
    }

    /// Replaces the placeholders of `s`, making the fresh things it names.
    fn fill(&self, s: &str) -> String {
        let mut out = s.to_string();
        for (k, v) in &self.vars {
            out = out.replace(&format!("{{{k}}}"), v);
        }
        if out.contains("{n}") {
            let n = self.counter.fetch_add(1, Ordering::SeqCst);
            out = out.replace("{n}", &n.to_string());
        }
        if out.contains("{victim}") {
            let c = self.json(
                3,
                "POST",
                "/api/children",
                json!({"display_name": "v", "pictures": [0, 1, 2]}),
            );
            out = out.replace("{victim}", &c["id"].to_string());
        }
        if out.contains("{pupil}") {
            let c = self.json(
                5,
                "POST",
                &format!("/api/classes/{}/children", self.vars["C"]),
                json!({"display_name": "p", "pictures": [4, 5, 6]}),
            );
            out = out.replace("{pupil}", &c["id"].to_string());
        }
        if out.contains("{device}") {
            let form = format!("form:code={}", self.vars["code"]);
            let (status, _, _) = send(
                &self.agent,
                &self.app.base,
                "POST",
                "/kids/code",
                &form,
                None,
            );
            assert_eq!(status, 303, "a device remembers the family");
            let list = self.json(3, "GET", "/api/devices", json!(null));
            out = out.replace("{device}", &list[0]["id"].to_string());
        }
        if out.contains("{fresh_set}") {
            let c = self.json(5, "POST", "/api/sets", json!({"name": "fresh"}));
            out = out.replace("{fresh_set}", &c["id"].to_string());
        }
        if out.contains("{SP2}") {
            let c = self.json(
                5,
                "POST",
                &format!("/api/sets/{}/problems", self.vars["S"]),
                json!({"sgf": MATRIX_PROBLEM}),
            );
            out = out.replace("{SP2}", &c["id"].to_string());
        }
        if out.contains("{open_game}") {
            let g = self.json(
                1,
                "POST",
                "/api/games",
                json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device"}),
            );
            out = out.replace("{open_game}", &g["id"].to_string());
        }
        if out.contains("{bot_game}") {
            let g = self.json(
                1,
                "POST",
                "/api/games",
                json!({"kind": "capture", "size": 5, "target": 1, "mode": "computer", "level": 1}),
            );
            let id = g["id"].to_string();
            self.json(
                1,
                "POST",
                &format!("/api/games/{id}/moves"),
                json!({"move": "cc"}),
            );
            out = out.replace("{bot_game}", &id);
        }
        if out.contains("{game_code}") {
            let g = self.json(
                3,
                "POST",
                "/api/games",
                json!({"kind": "capture", "size": 7, "target": 1, "mode": "two_devices"}),
            );
            out = out.replace("{game_code}", g["code"].as_str().unwrap());
        }
        if out.contains("{open_attempt}") {
            let a = self.json(
                1,
                "POST",
                &format!("/api/problems/{}/attempts", self.vars["problem"]),
                json!(null),
            );
            out = out.replace("{open_attempt}", &a["attempt_id"].to_string());
        }
        out
    }
}

/// The learner with a parent, in a teacher's class, with an attempt and a placement test; another
/// family and teacher; an admin.
fn build_world(app: &TestApp) -> World<'_> {
    let mut w = World {
        app,
        agent: ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .into(),
        sessions: vec![None; 8],
        vars: BTreeMap::new(),
        counter: AtomicUsize::new(0),
    };
    let signup = |w: &World, role: &str, name: &str| {
        let body =
            json!({"role": role, "username": name, "password": PASSWORD, "display_name": name})
                .to_string();
        let (status, cookie, v) = send(
            &w.agent,
            &w.app.base,
            "POST",
            "/api/auth/signup",
            &body,
            None,
        );
        assert_eq!(status, 201, "{v}");
        (cookie.unwrap(), v)
    };
    let (p, pv) = signup(&w, "parent", "matrix_parent");
    let (p2, p2v) = signup(&w, "parent", "matrix_parent2");
    let (t, _) = signup(&w, "teacher", "matrix_teacher");
    let (t2, _) = signup(&w, "teacher", "matrix_teacher2");
    w.sessions[3] = Some(p);
    w.sessions[4] = Some(p2);
    w.sessions[5] = Some(t);
    w.sessions[6] = Some(t2);
    let l = w.json(
        3,
        "POST",
        "/api/children",
        json!({"display_name": "L", "pictures": [1, 2, 3]}),
    );
    let l2 = w.json(
        4,
        "POST",
        "/api/children",
        json!({"display_name": "L2", "pictures": [1, 2, 3]}),
    );
    w.vars.insert("L", l["id"].to_string());
    w.vars.insert("L2", l2["id"].to_string());
    w.vars
        .insert("code", pv["family_code"].as_str().unwrap().to_string());
    w.vars
        .insert("code2", p2v["family_code"].as_str().unwrap().to_string());
    let c = w.json(5, "POST", "/api/classes", json!({"name": "matrix class"}));
    w.vars.insert("C", c["id"].to_string());
    w.vars
        .insert("class_code", c["code"].as_str().unwrap().to_string());
    w.json(6, "POST", "/api/classes", json!({"name": "other class"}));
    w.json(
        5,
        "POST",
        &format!("/api/classes/{}/members", w.vars["C"]),
        json!({"code": w.vars["code"], "child_id": l["id"], "pictures": [1, 2, 3]}),
    );
    w.sessions[1] = w.fresh_session(1);
    w.sessions[2] = w.fresh_session(2);
    let admin = std::process::Command::new(env!("CARGO_BIN_EXE_sente"))
        .args([
            "admin",
            "--database",
            &app.db.url,
            "--username",
            "matrix_admin",
        ])
        .env("SENTE_ADMIN_PASSWORD", PASSWORD)
        .output()
        .unwrap();
    assert!(
        admin.status.success(),
        "{}",
        String::from_utf8_lossy(&admin.stderr)
    );
    w.sessions[7] = w.fresh_session(7);
    let problems = app.get("/api/problems?set=beginner");
    let first = &problems.json[0];
    w.vars.insert("problem", first["id"].to_string());
    w.vars.insert("slug", "beginner".into());
    let a = w.json(
        1,
        "POST",
        &format!("/api/problems/{}/attempts", w.vars["problem"]),
        json!(null),
    );
    w.vars.insert("attempt", a["attempt_id"].to_string());
    let set = w.json(
        5,
        "POST",
        "/api/sets",
        json!({"name": "matrix set", "visibility": "class"}),
    );
    w.vars.insert("S", set["id"].to_string());
    let sp = w.json(
        5,
        "POST",
        &format!("/api/sets/{}/problems", set["id"]),
        json!({"sgf": MATRIX_PROBLEM}),
    );
    w.vars.insert("SP", sp["id"].to_string());
    let private = w.json(5, "POST", "/api/sets", json!({"name": "private set"}));
    let pp = w.json(
        5,
        "POST",
        &format!("/api/sets/{}/problems", private["id"]),
        json!({"sgf": MATRIX_PROBLEM}),
    );
    w.vars.insert("PP", pp["id"].to_string());
    let a = w.json(
        5,
        "POST",
        &format!("/api/classes/{}/assignments", w.vars["C"]),
        json!({"set_id": set["id"], "starts_at": 0, "due_at": 4_102_444_800_000_i64}),
    );
    w.vars.insert("A", a["id"].to_string());
    let g = w.json(
        1,
        "POST",
        "/api/games",
        json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device"}),
    );
    let game = g["id"].to_string();
    for mv in ["ba", "aa", "ab"] {
        w.json(
            1,
            "POST",
            &format!("/api/games/{game}/moves"),
            json!({ "move": mv }),
        );
    }
    w.vars.insert("game", game);
    let test = w.json(1, "POST", "/api/assessments", json!(null));
    w.vars
        .insert("assessment", test["assessment_id"].to_string());
    w
}

fn every_route_answers_every_role_as_the_matrix_says(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let rows: Vec<Vec<&str>> = MATRIX
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    let in_matrix: BTreeSet<String> = rows.iter().map(|r| r[0].to_string()).collect();
    let declared = declared_routes();
    let missing: Vec<_> = declared.difference(&in_matrix).collect();
    let stale: Vec<_> = in_matrix.difference(&declared).collect();
    assert!(
        missing.is_empty(),
        "routes without a row in the matrix: {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "rows for routes that do not exist: {stale:?}"
    );

    let mut world = build_world(&app);
    let mut wrong = Vec::new();
    for row in &rows {
        let (route, path, body, expected) = (row[0], row[1], row[2], row[3]);
        let method = route.split(' ').next().unwrap();
        let expected: Vec<u16> = expected
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(expected.len(), ROLES.len(), "{route}");
        for (role, want) in expected.iter().enumerate() {
            let ends = ENDS_SESSION.contains(&route);
            let saved = world.sessions[role].clone();
            if ends {
                world.sessions[role] = world.fresh_session(role);
            }
            let (got, _, v) = world.call(role, method, &world.fill(path), &world.fill(body));
            if ends {
                world.sessions[role] = saved;
            }
            if got != *want {
                wrong.push(format!(
                    "{route} as {}: expected {want}, got {got} {v}",
                    ROLES[role]
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} cells differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
