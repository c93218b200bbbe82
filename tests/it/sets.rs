//! Teachers' sets, on SQLite and PostgreSQL: set CRUD and ordering, versions (an attempt on
//! version 1 is still judged and shown on version 1 after an edit), the check on save with each
//! finding, uploads of good, mixed, GBK and broken files, and export then re-import.

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::{Session, signed_in_family};

both_backends!(
    a_teacher_creates_renames_reorders_publishes_and_deletes_sets,
    an_edit_after_attempts_is_a_new_version_and_old_attempts_keep_theirs,
    the_check_on_save_reports_proof_and_each_finding,
    uploads_keep_good_problems_and_name_the_rejected_ones,
    export_then_reimport_gives_an_identical_set,
);

/// White's corner stone at aa in atari: Black captures at ab.
pub const CAPTURE: &str = "(;SZ[9]AB[ba]AW[aa]PL[B]C[Black to capture. 黑先吃子](;B[ab]C[Correct])(;B[cc];W[ab]C[Wrong]))";

pub fn teacher<'a>(app: &'a TestApp, name: &str) -> Session<'a> {
    let mut t = Session::new(app);
    let (status, v) = t.call(
        "POST",
        "/api/auth/signup",
        Some(json!({"role": "teacher", "username": name, "password": "violet harbor tadpole 19", "display_name": name})),
    );
    assert_eq!(status, 201, "{v}");
    t
}

pub fn new_set(t: &mut Session, name: &str, visibility: &str) -> i64 {
    let (status, v) = t.call(
        "POST",
        "/api/sets",
        Some(json!({"name": name, "description": "第一周", "visibility": visibility})),
    );
    assert_eq!(status, 201, "{v}");
    v["id"].as_i64().unwrap()
}

pub fn add(t: &mut Session, set: i64, sgf: &str) -> Value {
    let (status, v) = t.call(
        "POST",
        &format!("/api/sets/{set}/problems"),
        Some(json!({ "sgf": sgf })),
    );
    assert_eq!(status, 201, "{v}");
    v
}

fn ids(v: &Value) -> Vec<i64> {
    v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

fn a_teacher_creates_renames_reorders_publishes_and_deletes_sets(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "sets_teacher");
    let mut other = teacher(&app, "sets_other");
    let (_, mut kid, _) = signed_in_family(&app, "sets_parent", [1, 2, 3]);
    let set = new_set(&mut t, "作业 1", "private");
    let a = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();
    let b = add(
        &mut t,
        set,
        "(;SZ[9]AB[ab]AW[aa]PL[B]C[Black to capture];B[ba]C[Correct])",
    )["id"]
        .as_i64()
        .unwrap();
    let c = add(
        &mut t,
        set,
        "(;SZ[9]AB[hb]AW[ia]PL[B]C[Black to capture];B[ib]C[Correct])",
    )["id"]
        .as_i64()
        .unwrap();
    let (status, v) = t.call("GET", &format!("/api/sets/{set}"), None);
    assert_eq!((status, ids(&v)), (200, vec![a, b, c]));
    assert_eq!(v["visibility"], "private");
    assert_eq!(v["description"], "第一周");

    // Reorder, rename, publish.
    let (status, v) = t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "作业 一", "visibility": "public", "order": [c, a, b]})),
    );
    assert_eq!((status, ids(&v)), (200, vec![c, a, b]), "{v}");
    assert_eq!(
        (v["name"].as_str(), v["visibility"].as_str()),
        (Some("作业 一"), Some("public"))
    );
    let (status, v) = t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "x", "order": [c, a]})),
    );
    assert_eq!(status, 400, "an order missing a problem: {v}");
    let (status, _) = t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "x", "visibility": "secret"})),
    );
    assert_eq!(status, 400);

    // Public: the child sees it, and its problems are in the bank; another teacher cannot edit.
    let (status, v) = kid.call("GET", &format!("/api/sets/{set}"), None);
    assert_eq!((status, ids(&v)), (200, vec![c, a, b]));
    let listed = app.get("/api/problems?limit=500");
    assert!(
        listed
            .json
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == json!(a))
    );
    let (status, _) = other.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "mine now"})),
    );
    assert_eq!(status, 404);
    let (status, _) = other.call("DELETE", &format!("/api/sets/{set}"), None);
    assert_eq!(status, 404);
    let (status, _) = kid.call("POST", "/api/sets", Some(json!({"name": "x"})));
    assert_eq!(status, 403);

    // Private again: only the owner sees it, and the bank does not list it.
    t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(json!({"name": "作业 一", "visibility": "private"})),
    );
    assert_eq!(kid.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    assert_eq!(other.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    let listed = app.get("/api/problems?limit=500");
    assert!(
        !listed
            .json
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == json!(a))
    );
    let (_, mine) = t.call("GET", "/api/sets", None);
    assert_eq!(mine[0]["id"].as_i64(), Some(set));

    // Delete a problem, then the set.
    assert_eq!(
        t.call("DELETE", &format!("/api/sets/{set}/problems/{a}"), None)
            .0,
        204
    );
    let (_, v) = t.call("GET", &format!("/api/sets/{set}"), None);
    assert_eq!(ids(&v), vec![c, b]);
    assert_eq!(t.call("DELETE", &format!("/api/sets/{set}"), None).0, 204);
    assert_eq!(t.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    assert_eq!(app.get(&format!("/api/problems/{b}")).status, 404);
}

fn an_edit_after_attempts_is_a_new_version_and_old_attempts_keep_theirs(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "versions_teacher");
    let (_, mut kid, _) = signed_in_family(&app, "versions_parent", [1, 2, 3]);
    let set = new_set(&mut t, "versions", "public");
    let v1 = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();
    let (status, a) = kid.call("POST", &format!("/api/problems/{v1}/attempts"), None);
    assert_eq!(status, 201, "{a}");
    let attempt = a["attempt_id"].as_i64().unwrap();

    // The teacher moves the stones: the old answer ab is now wrong.
    let edited =
        "(;SZ[9]AB[ca]AW[ba]PL[B]C[Black to capture](;B[bb]C[Correct])(;B[ab];W[bb]C[Wrong]))";
    let (status, saved) = t.call(
        "PUT",
        &format!("/api/sets/{set}/problems/{v1}"),
        Some(json!({ "sgf": edited })),
    );
    assert_eq!(status, 200, "{saved}");
    let v2 = saved["id"].as_i64().unwrap();
    assert_ne!(v2, v1);
    assert_eq!(saved["version"], 2);
    let (_, v) = t.call("GET", &format!("/api/sets/{set}"), None);
    assert_eq!(ids(&v), vec![v2]);
    assert_eq!(v["problems"][0]["version"], 2);

    // The child's attempt is still judged on version 1: ab solves it.
    let (status, r) = kid.call(
        "POST",
        &format!("/api/attempts/{attempt}/moves"),
        Some(json!({"move": "ab"})),
    );
    assert_eq!((status, r["result"].as_str()), (200, Some("solved")), "{r}");
    let (_, shown) = kid.call("GET", &format!("/api/attempts/{attempt}"), None);
    assert_eq!(shown["problem_id"].as_i64(), Some(v1), "{shown}");
    let (status, old) = kid.call("GET", &format!("/api/sets/{set}/problems/{v1}"), None);
    assert_eq!(status, 200);
    assert_eq!(
        (
            old["version"].as_i64(),
            old["replaced_by"].as_i64(),
            old["retired"].as_bool()
        ),
        (Some(1), Some(v2), Some(true))
    );
    assert!(old["sgf"].as_str().unwrap().contains("AB[ba]"));
    // A new attempt is on version 2, where ab is wrong.
    let (_, a2) = kid.call("POST", &format!("/api/problems/{v2}/attempts"), None);
    let (_, r) = kid.call(
        "POST",
        &format!("/api/attempts/{}/moves", a2["attempt_id"]),
        Some(json!({"move": "ab"})),
    );
    assert_eq!(r["result"], "wrong", "{r}");

    // An edit of a version nobody tried replaces it: version 3, and the old row goes.
    let (_, s3) = t.call(
        "PUT",
        &format!("/api/sets/{set}/problems/{v2}"),
        Some(json!({ "sgf": CAPTURE })),
    );
    let v3 = s3["id"].as_i64().unwrap();
    assert_eq!(s3["version"], 3);
    let (status, kept) = t.call("GET", &format!("/api/sets/{set}/problems/{v2}"), None);
    assert_eq!(status, 200, "v2 has an attempt and is kept");
    assert_eq!(kept["replaced_by"].as_i64(), Some(v3));
    let (_, s4) = t.call(
        "PUT",
        &format!("/api/sets/{set}/problems/{v3}"),
        Some(json!({ "sgf": edited })),
    );
    assert_eq!(s4["version"], 4);
    assert_eq!(
        t.call("GET", &format!("/api/sets/{set}/problems/{v3}"), None)
            .0,
        404,
        "an untried version is not kept"
    );
    // Deleting the set keeps the tried problems for the child's log.
    assert_eq!(t.call("DELETE", &format!("/api/sets/{set}"), None).0, 204);
    let (status, log) = kid.call("GET", &format!("/api/attempts/{attempt}"), None);
    assert_eq!(status, 200, "{log}");
}

fn codes(v: &Value) -> Vec<(String, String)> {
    v["check"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["move"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn the_check_on_save_reports_proof_and_each_finding(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "check_teacher");
    let set = new_set(&mut t, "checked", "private");
    let clean = add(&mut t, set, CAPTURE);
    assert_eq!(clean["check"]["status"], "proven", "{clean}");
    assert_eq!(clean["check"]["solver_correct"], json!(["ab"]));
    assert!(codes(&clean).is_empty(), "{clean}");

    let no_reply = add(
        &mut t,
        set,
        "(;SZ[9]AB[ia]AW[ib]PL[B]C[Black to capture](;B[ic]C[Correct])(;B[cc]C[Wrong]))",
    );
    assert!(
        codes(&no_reply).contains(&("wrong_without_refutation".into(), "cc".into())),
        "{no_reply}"
    );
    let two_ways = "(;SZ[9]AB[bb]AW[aa]PL[B]C[Black to capture](;B[ab];W[ba];B[ca]C[Correct])";
    let missed = add(&mut t, set, &format!("{two_ways})"));
    assert!(
        codes(&missed).contains(&("missed_correct".into(), "ba".into())),
        "{missed}"
    );
    let marked_wrong = t
        .call(
            "PUT",
            &format!("/api/sets/{set}/problems/{}", missed["id"]),
            Some(json!({"sgf": format!("{two_ways}(;B[ba];W[ab]C[Wrong]))")})),
        )
        .1;
    assert!(
        codes(&marked_wrong).contains(&("marked_wrong_but_correct".into(), "ba".into())),
        "{marked_wrong}"
    );
    // An answer that does not work: the solver refutes the tree's correct line.
    let unproven = add(
        &mut t,
        set,
        "(;SZ[9]AB[gg]AW[ee]PL[B]C[Black to capture];B[ef]C[Correct])",
    );
    assert_ne!(unproven["check"]["status"], "proven", "{unproven}");
    assert!(!codes(&unproven).is_empty());
    // The same position turned and recoloured: a duplicate of the first problem.
    let turned = add(
        &mut t,
        set,
        "(;SZ[9]AW[ia]AB[ib]PL[W]C[White to capture];W[hb]C[Correct])",
    );
    assert!(
        codes(&turned).iter().any(|(c, _)| c == "duplicate"),
        "{turned}"
    );
    // Illegal problems are refused with the reason.
    let (status, v) = t.call(
        "POST",
        &format!("/api/sets/{set}/problems"),
        Some(json!({"sgf": "(;SZ[9]AB[ba][ab]AW[aa]PL[B];B[cc]C[Correct])"})),
    );
    assert_eq!(status, 400);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no liberties"),
        "{v}"
    );
    let (status, _) = t.call(
        "POST",
        &format!("/api/sets/{set}/problems"),
        Some(json!({"sgf": "(;SZ[9]AB[ba]AW[aa]PL[B];B[aa]C[Correct])"})),
    );
    assert_eq!(status, 400, "a move on a stone");
}

/// Posts raw bytes (or a multipart body) to the import endpoint.
pub fn upload(
    app: &TestApp,
    t: &Session,
    set: i64,
    body: Vec<u8>,
    content_type: &str,
) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut resp = agent
        .post(format!(
            "{}/api/sets/{set}/import?file=upload.sgf",
            app.base
        ))
        .header("cookie", t.cookie.as_deref().unwrap())
        .header("content-type", content_type)
        .send(&body[..])
        .unwrap();
    let status = resp.status().as_u16();
    let text = resp.body_mut().read_to_string().unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn multipart(files: &[(&str, Vec<u8>)]) -> (Vec<u8>, String) {
    let b = "sente-boundary-7f3a";
    let mut body = Vec::new();
    for (name, bytes) in files {
        body.extend_from_slice(
            format!(
                "--{b}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{b}--\r\n").as_bytes());
    (body, format!("multipart/form-data; boundary={b}"))
}

fn uploads_keep_good_problems_and_name_the_rejected_ones(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "upload_teacher");
    let set = new_set(&mut t, "uploads", "private");
    let count = |t: &mut Session| ids(&t.call("GET", &format!("/api/sets/{set}"), None).1).len();

    // A GBK collection without CA (as MultiGo writes it): one good, one illegal.
    let (gbk, _, _) = encoding_rs::GBK.encode(
        "(;SZ[9]AB[ba]AW[aa]C[黑先吃子];B[ab]C[正解])(;SZ[9]AB[aa]AW[ba][ab]C[黑先];B[bb])",
    );
    let (status, r) = upload(&app, &t, set, gbk.to_vec(), "application/x-go-sgf");
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["imported"], 1, "{r}");
    assert_eq!(r["rejected"][0]["index"], 1);
    assert_eq!(r["rejected"][0]["file"], "upload.sgf");
    assert!(
        r["rejected"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("no liberties")
    );
    let (_, v) = t.call("GET", &format!("/api/sets/{set}"), None);
    let first = v["problems"][0]["id"].as_i64().unwrap();
    let (_, p) = t.call("GET", &format!("/api/sets/{set}/problems/{first}"), None);
    assert!(p["sgf"].as_str().unwrap().contains("黑先吃子"), "{p}");

    // A broken file: rejected whole, nothing stored.
    let (_, r) = upload(
        &app,
        &t,
        set,
        b"(;SZ[9]AB[aa".to_vec(),
        "application/x-go-sgf",
    );
    assert_eq!(
        (
            r["imported"].as_i64(),
            r["rejected"].as_array().map(Vec::len)
        ),
        (Some(0), Some(1))
    );
    assert_eq!(count(&mut t), 1);

    // OGS puzzle JSON and several files at once (multipart).
    let ogs = json!({"puzzle": {"width": 9, "height": 9, "initial_player": "black",
        "initial_state": {"black": "ba", "white": "aa"},
        "move_tree": {"x": -1, "y": -1, "branches": [{"x": 0, "y": 1, "correct_answer": true}, {"x": 4, "y": 4, "branches": [{"x": 0, "y": 1}]}]}}});
    let (body, ct) = multipart(&[
        ("p.json", ogs.to_string().into_bytes()),
        ("two.sgf", format!("{CAPTURE}{CAPTURE}").into_bytes()),
        ("bad.sgf", b"not sgf at all".to_vec()),
    ]);
    let (status, r) = upload(&app, &t, set, body, &ct);
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["imported"], 3, "{r}");
    assert_eq!(r["rejected"][0]["file"], "bad.sgf");
    assert_eq!(count(&mut t), 4);

    // Real files from other tools: Gokyo Shumyo (GBK, FF3) and Go Game Guru.
    if let Some(shared) = crate::support::shared_data(test) {
        let dir = shared.join("problems/classical/gokyo-shumyo");
        let files: Vec<(&str, Vec<u8>)> = ["100.sgf", "102.sgf", "1.sgf"]
            .iter()
            .map(|f| (*f, std::fs::read(dir.join(f)).unwrap()))
            .collect();
        let (body, ct) = multipart(&files);
        let (_, r) = upload(&app, &t, set, body, &ct);
        assert_eq!(
            r["imported"].as_u64().unwrap() + r["rejected"].as_array().unwrap().len() as u64,
            3,
            "{r}"
        );
        assert!(r["imported"].as_u64().unwrap() >= 2, "{r}");
        let ggg = std::fs::read(shared.join("problems/ggg/easy/ggg-easy-01.sgf")).unwrap();
        let (_, r) = upload(&app, &t, set, ggg, "application/x-go-sgf");
        assert_eq!(r["imported"], 1, "{r}");
    }
    // Someone else's set: 404, nothing stored.
    let mut other = teacher(&app, "upload_other");
    let (status, _) = upload(
        &app,
        &other,
        set,
        CAPTURE.as_bytes().to_vec(),
        "application/x-go-sgf",
    );
    assert_eq!(status, 404);
    let _ = other.call("GET", "/api/sets", None);
}

fn export_then_reimport_gives_an_identical_set(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "export_teacher");
    let set = new_set(&mut t, "export", "private");
    add(&mut t, set, CAPTURE);
    add(
        &mut t,
        set,
        "(;SZ[9]AB[ia]AW[ib]PL[B]C[Black to capture 中文](;B[ic]C[Correct];W[hb]C[comment])(;B[cc];W[ic]C[Wrong]))",
    );
    let ogs = json!({"width": 9, "height": 9, "initial_player": "white",
        "initial_state": {"black": "aa", "white": "ba"},
        "move_tree": {"x": -1, "y": -1, "branches": [{"x": 0, "y": 1, "correct_answer": true, "text": "好"}]}});
    upload(
        &app,
        &t,
        set,
        ogs.to_string().into_bytes(),
        "application/json",
    );
    let export = |t: &Session, set: i64| {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut resp = agent
            .get(format!("{}/api/sets/{set}/export", app.base))
            .header("cookie", t.cookie.as_deref().unwrap())
            .call()
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200);
        let ct = resp
            .headers()
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        assert!(ct.starts_with("application/x-go-sgf"), "{ct}");
        resp.body_mut().read_to_string().unwrap()
    };
    let text = export(&t, set);
    // Other SGF readers see one collection of three game trees.
    let trees = sgf_parse::go::parse(&text).expect("another SGF reader opens the export");
    assert_eq!(trees.len(), 3);
    let copy = new_set(&mut t, "export copy", "private");
    let (_, r) = upload(
        &app,
        &t,
        copy,
        text.clone().into_bytes(),
        "application/x-go-sgf",
    );
    assert_eq!(
        (
            r["imported"].as_i64(),
            r["rejected"].as_array().map(Vec::len)
        ),
        (Some(3), Some(0))
    );
    assert_eq!(
        export(&t, copy),
        text,
        "export, import, export: the same collection"
    );
    let summary = |v: &Value| -> Vec<(Value, Value, Value, Value)> {
        v["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["kind"].clone(),
                    p["to_play"].clone(),
                    p["size"].clone(),
                    p["name"].clone(),
                )
            })
            .collect()
    };
    let a = t.call("GET", &format!("/api/sets/{set}"), None).1;
    let b = t.call("GET", &format!("/api/sets/{copy}"), None).1;
    assert_eq!(summary(&a), summary(&b));
    // Copying a set keeps the attribution.
    let (status, c) = t.call("POST", &format!("/api/sets/{set}/copy"), None);
    assert_eq!(status, 201);
    let (_, c) = t.call("GET", &format!("/api/sets/{}", c["id"]), None);
    assert!(c["copied_from"].as_str().unwrap().contains("export"), "{c}");
    assert_eq!(summary(&c), summary(&a));
}
