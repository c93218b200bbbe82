//! Homework, on SQLite and PostgreSQL: a teacher assigns a set to a class; children solve (right
//! first, right later, wrong); the child's homework shows stars; the class results show each
//! cell, the most common wrong first moves with their counts, who is stuck, late work, and CSV.

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::Session;
use crate::sets::{CAPTURE, add, new_set, teacher};

both_backends!(an_assignment_runs_from_homework_to_class_results);

const SECOND: &str =
    "(;SZ[9]AB[ia]AW[ib]PL[B]C[Black to capture](;B[ic]C[Correct])(;B[cc];W[ic]C[Wrong]))";

/// A child of the class, signed in with pictures.
pub fn pupil<'a>(
    app: &'a TestApp,
    t: &mut Session,
    class: &Value,
    name: &str,
) -> (Session<'a>, i64) {
    let (status, c) = t.call(
        "POST",
        &format!("/api/classes/{}/children", class["id"]),
        Some(json!({"display_name": name, "pictures": [4, 5, 6]})),
    );
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_i64().unwrap();
    let mut kid = Session::new(app);
    let (status, v) = kid.call(
        "POST",
        "/api/auth/pictures",
        Some(json!({"code": class["code"], "child_id": id, "pictures": [4, 5, 6]})),
    );
    assert_eq!(status, 200, "{v}");
    (kid, id)
}

/// One attempt with one move; returns the result.
pub fn try_once(kid: &mut Session, problem: i64, mv: &str) -> String {
    let (status, a) = kid.call("POST", &format!("/api/problems/{problem}/attempts"), None);
    assert_eq!(status, 201, "{a}");
    let (status, r) = kid.call(
        "POST",
        &format!("/api/attempts/{}/moves", a["attempt_id"]),
        Some(json!({ "move": mv })),
    );
    assert_eq!(status, 200, "{r}");
    r["result"].as_str().unwrap().to_string()
}

fn statuses(r: &Value, child: i64) -> Vec<String> {
    let kid = r["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"].as_i64() == Some(child))
        .unwrap();
    kid["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["status"].as_str().unwrap().to_string())
        .collect()
}

fn an_assignment_runs_from_homework_to_class_results(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "hw_teacher");
    let mut other = teacher(&app, "hw_other");
    let (_, class) = t.call("POST", "/api/classes", Some(json!({"name": "一班"})));
    let (_, other_class) = other.call("POST", "/api/classes", Some(json!({"name": "二班"})));
    let set = new_set(&mut t, "第一周", "private");
    let p1 = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();
    let p2 = add(&mut t, set, SECOND)["id"].as_i64().unwrap();
    let (mut ann, ann_id) = pupil(&app, &mut t, &class, "Ann");
    let (mut bo, bo_id) = pupil(&app, &mut other, &other_class, "Bo");
    let (mut cy, cy_id) = pupil(&app, &mut t, &class, "Cy");

    // Before the assignment the private set is the teacher's alone.
    assert_eq!(ann.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    let now = sente::db::now_ms();
    let day = 24 * 3600 * 1000;
    let (status, a) = t.call(
        "POST",
        &format!("/api/classes/{}/assignments", class["id"]),
        Some(json!({"set_id": set, "starts_at": now - 1000, "due_at": now + day})),
    );
    assert_eq!(status, 201, "{a}");
    let (status, _) = t.call(
        "POST",
        &format!("/api/classes/{}/assignments", class["id"]),
        Some(json!({"set_id": set, "starts_at": now, "due_at": now - day})),
    );
    assert_eq!(status, 400, "due before the start");
    let (status, _) = other.call(
        "POST",
        &format!("/api/classes/{}/assignments", other_class["id"]),
        Some(json!({"set_id": set, "starts_at": now, "due_at": now + day})),
    );
    assert_eq!(status, 404, "another teacher's private set");
    // Now the class's children read it; a child of another class does not.
    assert_eq!(ann.call("GET", &format!("/api/sets/{set}"), None).0, 200);
    assert_eq!(bo.call("GET", &format!("/api/sets/{set}"), None).0, 404);
    let _ = bo_id;

    // Ann: right first time on p1. Cy: wrong (cc) then right on p1, and wrong three times on p2.
    assert_eq!(try_once(&mut ann, p1, "ab"), "solved");
    assert_eq!(try_once(&mut cy, p1, "cc"), "wrong");
    assert_eq!(try_once(&mut cy, p1, "ab"), "solved");
    for _ in 0..3 {
        assert_eq!(try_once(&mut cy, p2, "cc"), "wrong");
    }

    // The homework: due first, a star per problem solved.
    let (status, hw) = ann.call("GET", &format!("/api/learners/{ann_id}/homework"), None);
    assert_eq!(status, 200, "{hw}");
    assert_eq!(hw[0]["set_name"], "第一周");
    assert_eq!(
        (
            hw[0]["stars"].as_i64(),
            hw[0]["problems"].as_array().unwrap().len()
        ),
        (Some(1), 2)
    );
    assert_eq!(hw[0]["problems"][0]["status"], "first_try");
    assert_eq!(
        cy.call("GET", &format!("/api/learners/{ann_id}/homework"), None)
            .0,
        403
    );

    // The class results.
    let id = a["id"].as_i64().unwrap();
    let (status, r) = t.call("GET", &format!("/api/assignments/{id}/results"), None);
    assert_eq!(status, 200, "{r}");
    assert_eq!(statuses(&r, ann_id), vec!["first_try", "not_tried"]);
    assert_eq!(statuses(&r, cy_id), vec!["later", "failed"]);
    assert_eq!(
        r["problems"][0]["wrong_moves"],
        json!([{"move": "cc", "count": 1}])
    );
    assert_eq!(
        r["problems"][1]["wrong_moves"],
        json!([{"move": "cc", "count": 3}])
    );
    let stuck: Vec<i64> = r["children"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["stuck"] == json!(true))
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    assert_eq!(stuck, vec![cy_id]);
    let cy_cells = &r["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"].as_i64() == Some(cy_id))
        .unwrap()["cells"];
    assert_eq!(cy_cells[0]["attempts"], 2);
    assert_eq!(cy_cells[0]["late"], false);
    assert_eq!(
        other
            .call("GET", &format!("/api/assignments/{id}/results"), None)
            .0,
        404
    );
    assert_eq!(
        ann.call("GET", &format!("/api/assignments/{id}/results"), None)
            .0,
        403
    );

    // CSV: a header and a line per child.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let csv = agent
        .get(format!("{}/api/assignments/{id}/results.csv", app.base))
        .header("cookie", t.cookie.as_deref().unwrap())
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[0].starts_with("child,p1 status,p1 attempts"), "{csv}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Cy,later,2,") && l.ends_with(",1,true")),
        "{csv}"
    );

    // Late work counts, marked late: an assignment already past due.
    let (_, late) = t.call(
        "POST",
        &format!("/api/classes/{}/assignments", class["id"]),
        Some(json!({"set_id": set, "starts_at": now - 3 * day, "due_at": now - day})),
    );
    let (_, r) = t.call(
        "GET",
        &format!("/api/assignments/{}/results", late["id"]),
        None,
    );
    assert_eq!(statuses(&r, ann_id), vec!["first_try", "not_tried"]);
    let ann_cells = &r["children"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"].as_i64() == Some(ann_id))
        .unwrap()["cells"];
    assert_eq!(ann_cells[0]["late"], true);
    let (_, hw) = ann.call("GET", &format!("/api/learners/{ann_id}/homework"), None);
    assert_eq!(hw[0]["due_passed"], true, "due first: {hw}");
}
