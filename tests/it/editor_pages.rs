//! The teacher's set page and problem editor pages (ARCHITECTURE.md "The problem editor"), on
//! SQLite and PostgreSQL: only the owning teacher gets them (an admin reads them without the
//! controls; a child or parent 403, another teacher 404, nobody signed in 401); the set page
//! lists the problems in order with their edit, test-solve, export and worksheet links; the
//! editor opens a problem's current version with its position and tree, and an old version or a
//! problem of another set is not found. The browser story is in `editor_browser`.

use serde_json::Value;

use crate::app::{Db, TestApp};
use crate::learners::{Session, signed_in_family};
use crate::sets::{CAPTURE, add, new_set, teacher};

both_backends!(
    only_the_owner_gets_the_set_page_and_it_lists_the_problems_with_their_links,
    the_editor_opens_the_current_version_with_its_position_and_tree,
);

/// Status and body of a page for a session (or nobody).
pub fn page(app: &TestApp, s: Option<&Session>, path: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut req = agent.get(format!("{}{path}", app.base));
    if let Some(c) = s.and_then(|s| s.cookie.as_deref()) {
        req = req.header("cookie", c);
    }
    let mut resp = req.call().unwrap();
    let status = resp.status().as_u16();
    (status, resp.body_mut().read_to_string().unwrap_or_default())
}

/// An admin made on the command line, signed in.
fn admin(app: &TestApp) -> Session<'_> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sente"))
        .args(["admin", "--database", &app.db.url, "--username", "ed_admin"])
        .env("SENTE_ADMIN_PASSWORD", "violet harbor tadpole 19")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut s = Session::new(app);
    let (status, v) = s.call(
        "POST",
        "/api/auth/signin",
        Some(serde_json::json!({"username": "ed_admin", "password": "violet harbor tadpole 19"})),
    );
    assert_eq!(status, 200, "{v}");
    s
}

/// The value of the attribute `name` of the element with `id`, unescaped.
fn attr(html: &str, id: &str, name: &str) -> String {
    let at = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id}"));
    let tag_start = html[..at].rfind('<').unwrap();
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let from = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} on #{id}"))
        + key.len();
    let raw = &tag[from..from + tag[from..].find('"').unwrap()];
    raw.replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn only_the_owner_gets_the_set_page_and_it_lists_the_problems_with_their_links(
    kind: Db,
    test: &str,
) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "ed_teacher");
    let other = teacher(&app, "ed_other");
    let (parent, kid, _) = signed_in_family(&app, "ed_parent", [1, 2, 3]);
    let admin = admin(&app);
    let set = new_set(&mut t, "第三周作业", "public");
    let a = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();
    let b = add(
        &mut t,
        set,
        "(;SZ[9]AB[hb]AW[ia]PL[B]C[Black to capture];B[ib]C[Correct])",
    )["id"]
        .as_i64()
        .unwrap();
    let path = format!("/teach/sets/{set}");

    let (status, html) = page(&app, Some(&t), &path);
    assert_eq!(status, 200, "{html}");
    assert!(
        html.contains("第三周作业") && html.contains("第一周"),
        "name and description"
    );
    let first = html
        .find(&format!("data-id=\"{a}\""))
        .expect("problem a listed");
    let second = html
        .find(&format!("data-id=\"{b}\""))
        .expect("problem b listed");
    assert!(first < second, "in the set's order");
    for link in [
        format!("/teach/sets/{set}/problems/{a}/edit"),
        format!("/teach/sets/{set}/problems/{b}/edit"),
        format!("/teach/sets/{set}/problems/new"),
        format!("/problems/{a}"),
        format!("/api/sets/{set}/export"),
        format!("/sets/{set}/worksheet?per_page=6"),
        format!("/sets/{set}/worksheet?per_page=12"),
        "/static/editor/set.js".to_string(),
    ] {
        assert!(
            html.contains(&format!("href=\"{link}\"")) || html.contains(&format!("src=\"{link}\"")),
            "{link}"
        );
    }
    for id in [
        "save-set",
        "upload-files",
        "upload-send",
        "delete-set",
        "set-visibility",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "#{id}");
    }
    assert_eq!(attr(&html, "teach-set", "data-visibility"), "public");
    // Reordered through the API, the page follows.
    let (status, _) = t.call(
        "PUT",
        &format!("/api/sets/{set}"),
        Some(serde_json::json!({"name": "第三周作业", "visibility": "public", "order": [b, a]})),
    );
    assert_eq!(status, 200);
    let (_, html) = page(&app, Some(&t), &path);
    assert!(html.find(&format!("data-id=\"{b}\"")) < html.find(&format!("data-id=\"{a}\"")));
    let (_, en) = page(&app, Some(&t), &format!("{path}?lang=en"));
    assert!(en.contains("New problem") && en.contains("Upload problems"));

    // An admin reads it without the controls; everyone else is refused, even for a public set.
    let (status, html) = page(&app, Some(&admin), &path);
    assert_eq!(status, 200);
    assert!(html.contains("id=\"read-only\"") && !html.contains("id=\"save-set\""));
    assert!(!html.contains("/static/editor/set.js"));
    assert_eq!(page(&app, None, &path).0, 401);
    assert_eq!(page(&app, Some(&kid), &path).0, 403);
    assert_eq!(page(&app, Some(&parent), &path).0, 403);
    assert_eq!(page(&app, Some(&other), &path).0, 404);
    assert_eq!(page(&app, Some(&t), "/teach/sets/x").0, 404);
    assert_eq!(page(&app, Some(&t), "/teach/sets/999999").0, 404);
    // A deleted set is gone.
    let gone = new_set(&mut t, "旧的", "private");
    t.call("DELETE", &format!("/api/sets/{gone}"), None);
    assert_eq!(page(&app, Some(&t), &format!("/teach/sets/{gone}")).0, 404);
    assert_eq!(
        page(&app, Some(&admin), &format!("/teach/sets/{gone}")).0,
        404
    );
}

fn the_editor_opens_the_current_version_with_its_position_and_tree(kind: Db, test: &str) {
    let Some(app) = crate::learners::app(kind, test) else {
        return;
    };
    let mut t = teacher(&app, "ed_teacher");
    let mut other = teacher(&app, "ed_other");
    let (_, kid, _) = signed_in_family(&app, "ed_parent", [1, 2, 3]);
    let set = new_set(&mut t, "编辑", "private");
    let pid = add(&mut t, set, CAPTURE)["id"].as_i64().unwrap();

    // A new problem: the empty editor with its scripts and controls.
    let (status, html) = page(&app, Some(&t), &format!("/teach/sets/{set}/problems/new"));
    assert_eq!(status, 200, "{html}");
    assert_eq!(attr(&html, "editor", "data-set"), set.to_string());
    assert_eq!(attr(&html, "editor", "data-problem"), "");
    assert_eq!(attr(&html, "editor", "data-state"), "");
    for id in [
        "ed-board",
        "size",
        "to-play",
        "kind",
        "mode-record",
        "mark-correct",
        "mark-wrong",
        "comment-zh",
        "comment-en",
        "tree",
        "undo",
        "delete-node",
        "save",
        "test-solve",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "#{id}");
    }
    assert!(html.contains("src=\"/static/editor/editor.js\""));
    let words: Value = serde_json::from_str(&attr(&html, "editor", "data-words")).unwrap();
    assert!(words["status_proven"].is_string() && words["f_missed_correct"].is_string());
    let kinds: Value = serde_json::from_str(&attr(&html, "editor", "data-kind-words")).unwrap();
    assert_eq!(
        (kinds["capture"].as_str(), kinds["life_and_death"].as_str()),
        (Some("吃子"), Some(""))
    );
    // Every size from 4 to 19.
    for n in [4, 9, 13, 19] {
        assert!(html.contains(&format!("<option value=\"{n}\">")), "{n}");
    }

    // An existing problem: its position, side, crop and tree with the marks.
    let edit = format!("/teach/sets/{set}/problems/{pid}/edit");
    let (status, html) = page(&app, Some(&t), &edit);
    assert_eq!(status, 200, "{html}");
    let state: Value = serde_json::from_str(&attr(&html, "editor", "data-state")).unwrap();
    assert_eq!(state["size"], 9);
    assert_eq!(state["black"], serde_json::json!(["ba"]));
    assert_eq!(state["white"], serde_json::json!(["aa"]));
    assert_eq!(state["to_play"], "B");
    assert_eq!(state["kind"], "capture");
    let nodes = state["nodes"].as_array().unwrap();
    let moves: Vec<(&str, &str, Option<&str>)> = nodes
        .iter()
        .map(|n| {
            (
                n["color"].as_str().unwrap(),
                n["mv"].as_str().unwrap(),
                n["mark"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        vec![
            ("", "", None),
            ("B", "ab", Some("correct")),
            ("B", "cc", None),
            ("W", "ab", Some("wrong")),
        ]
    );
    assert_eq!(nodes[3]["parent"], 2);
    assert_eq!(attr(&html, "editor", "data-problem"), pid.to_string());

    // Others: refused as on the set page.
    assert_eq!(page(&app, None, &edit).0, 401);
    assert_eq!(page(&app, Some(&kid), &edit).0, 403);
    assert_eq!(page(&app, Some(&other), &edit).0, 404);
    assert_eq!(
        page(
            &app,
            Some(&other),
            &format!("/teach/sets/{set}/problems/new")
        )
        .0,
        404
    );

    // After an edit the old version is not editable; the new one is, as version 2.
    let (status, v) = t.call(
        "PUT",
        &format!("/api/sets/{set}/problems/{pid}"),
        Some(serde_json::json!({"sgf": CAPTURE.replace("C[Correct]", "C[Correct 正确]")})),
    );
    assert_eq!(status, 200, "{v}");
    let new = v["id"].as_i64().unwrap();
    if new != pid {
        assert_eq!(page(&app, Some(&t), &edit).0, 404);
    }
    let (status, html) = page(
        &app,
        Some(&t),
        &format!("/teach/sets/{set}/problems/{new}/edit"),
    );
    assert_eq!(status, 200);
    assert!(html.contains(&format!("{} 2", "版本")), "version 2 shown");
    // A problem of another set, through this set's address.
    let theirs = new_set(&mut other, "别人的", "public");
    let their_pid = add(&mut other, theirs, CAPTURE)["id"].as_i64().unwrap();
    assert_eq!(
        page(
            &app,
            Some(&t),
            &format!("/teach/sets/{set}/problems/{their_pid}/edit")
        )
        .0,
        404
    );

    // The scripts.
    for name in ["editor.js", "board.js", "tree.js", "io.js", "set.js"] {
        let r = app.get(&format!("/static/editor/{name}"));
        assert_eq!(r.status, 200, "{name}");
        assert!(
            r.text.contains("ARCHITECTURE.md \"The problem editor\""),
            "{name}"
        );
    }
    assert_eq!(app.get("/static/editor/other.js").status, 404);
}
