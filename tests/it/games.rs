//! Games (issue #13), on SQLite and PostgreSQL, through the real server: capture-Go ends at the
//! target's capture; a 9×9 Go game is counted by area with komi 3¾ stones; a game against the
//! computer gets the computer's answer in the same reply and a counted undo; a parent and a child
//! play on two devices joined by a code, moves pushed over server-sent events, a reload in the
//! middle resuming from the stored game, and a resignation; finished games reach the growth log.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::app::{Db, TestApp};
use crate::learners::{Session, app, signed_in_family};
use sente::go::{Board, Color, Game, Move, Point, Rules};

both_backends!(
    capture_go_ends_when_the_target_is_captured,
    nine_by_nine_go_is_counted_by_area_with_komi,
    the_computer_answers_and_undo_is_counted,
    parent_and_child_play_on_two_devices_with_live_moves,
    a_parent_started_game_on_one_device_reaches_the_childs_log,
);

fn start(s: &mut Session, body: Value) -> Value {
    let (status, v) = s.call("POST", "/api/games", Some(body));
    assert_eq!(status, 201, "{v}");
    v
}

fn play(s: &mut Session, id: i64, mv: &str) -> (u16, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": mv })),
    )
}

fn play_ok(s: &mut Session, id: i64, moves: &str) -> Value {
    let mut last = Value::Null;
    for mv in moves.split_whitespace() {
        let (status, v) = play(s, id, mv);
        assert_eq!(status, 200, "{mv}: {v}");
        last = v;
    }
    last
}

fn growth_games(s: &mut Session, child: i64) -> Value {
    let (status, g) = s.call("GET", &format!("/api/learners/{child}/growth"), None);
    assert_eq!(status, 200, "{g}");
    g["games"].clone()
}

fn capture_go_ends_when_the_target_is_captured(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "cap_parent", [1, 2, 3]);
    // Capture 1 on 5×5, parent and child on the child's tablet: the first capture ends it.
    let g = start(
        &mut kid,
        json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device"}),
    );
    let id = g["id"].as_i64().unwrap();
    assert_eq!(
        (g["state"].as_str(), g["you"].clone()),
        (Some("playing"), json!(["B", "W"]))
    );
    let v = play_ok(&mut kid, id, "ba aa");
    assert_eq!(
        v["atari"],
        json!(["aa"]),
        "the white stone in the corner is in atari"
    );
    assert!(v["result"].is_null());
    let v = play_ok(&mut kid, id, "ab");
    assert_eq!(v["state"], "finished");
    assert_eq!(v["result"]["winner"], "B");
    assert_eq!(v["result"]["reason"], "captured");
    assert_eq!(v["captures_black"], 1);
    assert_eq!(v["last"], "ab");
    let (status, e) = play(&mut kid, id, "ee");
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (422, Some("finished"))
    );

    // Capture 3: one capture is not enough, the game goes on until three are taken.
    let g = start(
        &mut kid,
        json!({"kind": "capture", "size": 5, "target": 3, "mode": "one_device"}),
    );
    let id3 = g["id"].as_i64().unwrap();
    let v = play_ok(&mut kid, id3, "ba aa ab");
    assert_eq!(
        (v["captures_black"].as_i64(), v["state"].as_str()),
        (Some(1), Some("playing"))
    );
    // A second white stone in the other corner: two captures, still playing.
    let v = play_ok(&mut kid, id3, "ee ed cc de");
    assert_eq!(
        (v["captures_black"].as_i64(), v["state"].as_str()),
        (Some(2), Some("playing"))
    );
    // The third ends it.
    let v = play_ok(&mut kid, id3, "ea da cd eb");
    assert_eq!(v["state"], "finished", "{v}");
    assert_eq!(v["result"]["winner"], "B");
    assert_eq!(v["captures_black"], 3);

    // A bad size or target is a clear 400.
    for bad in [
        json!({"kind": "capture", "size": 6, "target": 1, "mode": "one_device"}),
        json!({"kind": "capture", "size": 7, "target": 2, "mode": "one_device"}),
        json!({"kind": "go", "size": 19, "mode": "one_device"}),
        json!({"kind": "go", "size": 9, "target": 1, "mode": "one_device"}),
        json!({"kind": "capture", "size": 7, "target": 1, "mode": "computer", "level": 8}),
        json!({"kind": "chess", "size": 7, "target": 1, "mode": "one_device"}),
    ] {
        let (status, e) = kid.call("POST", "/api/games", Some(bad.clone()));
        assert_eq!(status, 400, "{bad}: {e}");
    }

    // The finished games are in the child's growth log, and the parent sees them.
    let games = growth_games(&mut parent, child);
    assert_eq!(games["played"], 2);
    assert_eq!(games["won"], 2, "the child held Black in both");
    assert_eq!(
        games["by_level"],
        json!([{"level": null, "played": 2, "won": 2}])
    );
    let page = raw_get(&app, &parent, &format!("/learners/{child}/growth?lang=en"));
    assert!(page.contains(r#"<b id="stat-games">2</b>"#), "{page}");
    assert!(page.contains(r#"<b id="stat-games-won">2</b>"#));
    // The child's data download holds the games with their moves; deleting the child leaves
    // the games without a seat for them.
    let (status, data) = parent.call("GET", &format!("/api/children/{child}/data"), None);
    assert_eq!(status, 200);
    assert_eq!(data["games"].as_array().unwrap().len(), 2);
    assert_eq!(data["games"][1]["moves"], "ba aa ab");
    let (status, _) = parent.call("DELETE", &format!("/api/children/{child}"), None);
    assert_eq!(status, 204);
    let (status, _) = kid.call("GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 401, "the child's session is gone with the child");
}

/// A 9×9 game: Black walls the fifth column, White the sixth; two passes count it by area.
fn nine_by_nine_go_is_counted_by_area_with_komi(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (_, mut kid, child) = signed_in_family(&app, "go_parent", [1, 2, 3]);
    let g = start(
        &mut kid,
        json!({"kind": "go", "size": 9, "mode": "one_device"}),
    );
    let id = g["id"].as_i64().unwrap();
    assert_eq!(g["komi"], 7.5, "3¾ stones");
    let rows = "abcdefghi";
    let mut moves = Vec::new();
    for y in rows.chars() {
        moves.push(format!("e{y}"));
        moves.push(format!("f{y}"));
    }
    play_ok(&mut kid, id, &moves.join(" "));
    let v = play_ok(&mut kid, id, "pass");
    assert!(v["result"].is_null(), "one pass does not end the game");
    let v = play_ok(&mut kid, id, "pass");
    // Black: 5 columns × 9 = 45; White: 4 × 9 = 36; 45 − 36 − 7.5 = 1.5.
    assert_eq!(v["state"], "finished", "{v}");
    assert_eq!(v["result"]["reason"], "score");
    assert_eq!(v["result"]["winner"], "B");
    assert_eq!(v["result"]["margin"], 1.5);
    assert_eq!(v["result"]["sgf"], "B+1.5");
    let (status, sgf, headers) =
        kid.call_with_headers("GET", &format!("/api/games/{id}/sgf"), None);
    assert_eq!(status, 200);
    assert_eq!(sgf, Value::Null, "an SGF file, not JSON");
    assert!(headers["content-disposition"].contains("attachment"));
    let text = raw_get(&app, &kid, &format!("/api/games/{id}/sgf"));
    for part in [
        "SZ[9]",
        "KM[7.5]",
        "RU[Chinese]",
        "RE[B+1.5]",
        ";B[ea]",
        ";W[fi]",
    ] {
        assert!(text.contains(part), "{part} in {text}");
    }
    let games = growth_games(&mut kid, child);
    assert_eq!(
        (games["played"].as_i64(), games["won"].as_i64()),
        (Some(1), Some(1))
    );

    // With a handicap White (the computer here) moves first, and the count gives White one
    // point per handicap stone.
    let g = start(
        &mut kid,
        json!({"kind": "go", "size": 9, "target": 2, "mode": "computer", "level": 1}),
    );
    assert_eq!(g["handicap"], 2);
    assert_eq!(
        g["moves"], 1,
        "the computer (White) answered the handicap: {g}"
    );
    assert_eq!(g["to_move"], "B");
    assert_eq!(g["your_turn"], true);
}

fn raw_get(app: &TestApp, s: &Session, path: &str) -> String {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut resp = agent
        .get(format!("{}{path}", app.base))
        .header("cookie", s.cookie.as_deref().unwrap())
        .call()
        .unwrap();
    resp.body_mut().read_to_string().unwrap()
}

fn the_computer_answers_and_undo_is_counted(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "bot_parent", [1, 2, 3]);
    let g = start(
        &mut kid,
        json!({"kind": "capture", "size": 7, "target": 1, "mode": "computer", "level": 1}),
    );
    let id = g["id"].as_i64().unwrap();
    assert_eq!(
        (g["moves"].as_i64(), g["your_turn"].as_bool()),
        (Some(0), Some(true))
    );
    let v = play_ok(&mut kid, id, "dd");
    assert_eq!(
        v["moves"], 2,
        "the computer answered in the same reply: {v}"
    );
    assert_ne!(v["last"], "dd");
    assert_eq!(v["your_turn"], true);
    let (status, e) = play(&mut kid, id, "dd");
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (422, Some("occupied"))
    );

    let (status, v) = kid.call("POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        (v["moves"].as_i64(), v["undos"].as_i64()),
        (Some(0), Some(1))
    );
    let (status, _) = kid.call("POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(status, 409, "nothing left to take back");

    // The child plays on with the simple capturing plan and wins against level 1.
    let v = win_against_the_computer(&mut kid, id);
    assert_eq!(v["result"]["winner"], "B", "{v}");
    // Undo after the end is refused; the parent sees the game but may not play in it.
    let (status, _) = kid.call("POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(status, 422);
    let (status, seen) = parent.call("GET", &format!("/api/games/{id}"), None);
    assert_eq!((status, seen["you"].clone()), (200, json!([])));
    let (status, _) = play(&mut parent, id, "aa");
    assert_eq!(status, 403);
    let games = growth_games(&mut parent, child);
    assert_eq!(
        games["by_level"],
        json!([{"level": 1, "played": 1, "won": 1}])
    );

    // Taking White, the computer opens; resigning ends the game for White's opponent.
    let g = start(
        &mut kid,
        json!({"kind": "capture", "size": 5, "target": 1, "mode": "computer", "level": 3, "color": "white"}),
    );
    assert_eq!(
        (g["moves"].as_i64(), g["you"].clone()),
        (Some(1), json!(["W"]))
    );
    let id = g["id"].as_i64().unwrap();
    let (status, v) = kid.call("POST", &format!("/api/games/{id}/resign"), None);
    assert_eq!(status, 200);
    assert_eq!(
        (
            v["result"]["winner"].as_str(),
            v["result"]["reason"].as_str()
        ),
        (Some("B"), Some("resignation"))
    );
    let games = growth_games(&mut kid, child);
    assert_eq!(
        games["by_level"],
        json!([{"level": 1, "played": 1, "won": 1}, {"level": 3, "played": 1, "won": 0}])
    );
}

/// The child's plan in capture-Go as Black: take a white stone in atari, else press the white
/// chain with the fewest liberties from a point where the new stone keeps two liberties.
pub fn capture_plan(board: &Board) -> Point {
    let game = Game::from_position(board.clone(), Color::Black, Rules::chinese());
    let safe = |p: Point| {
        let mut g = game.clone();
        g.play(Move::Play(p)).is_ok() && g.board().liberty_count(p) >= 2
    };
    let mut whites: Vec<(usize, Vec<Point>)> = board
        .points()
        .filter(|&p| board.get(p) == Some(Color::White))
        .map(|p| (board.liberty_count(p), board.liberties(p)))
        .collect();
    whites.sort_by_key(|w| w.0);
    for (n, libs) in &whites {
        for &p in libs {
            if *n == 1 && game.check(Move::Play(p)).is_ok() {
                return p;
            }
        }
    }
    for (_, libs) in &whites {
        if let Some(&p) = libs.iter().find(|&&p| safe(p)) {
            return p;
        }
    }
    let c = board.size() / 2;
    let mut all: Vec<Point> = board.points().filter(|&p| safe(p)).collect();
    all.sort_by_key(|p| (p.x as i32 - c as i32).abs() + (p.y as i32 - c as i32).abs());
    all[0]
}

pub fn board_of(view: &Value) -> Board {
    let rows: Vec<&str> = view["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    Board::from_rows(&rows.join("\n")).unwrap()
}

fn win_against_the_computer(kid: &mut Session, id: i64) -> Value {
    let (_, mut v) = kid.call("GET", &format!("/api/games/{id}"), None);
    for _ in 0..60 {
        if !v["result"].is_null() {
            return v;
        }
        let p = capture_plan(&board_of(&v));
        v = play_ok(kid, id, &p.to_sgf());
    }
    panic!("no result after 60 moves: {v}");
}

/// Reads server-sent events of `path` on a thread: each `data:` line as JSON, in order.
fn watch(app: &TestApp, s: &Session, path: &str) -> mpsc::Receiver<Value> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let resp = agent
        .get(format!("{}{path}", app.base))
        .header("cookie", s.cookie.as_deref().unwrap())
        .call()
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(resp.into_body().into_reader());
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(data) = line.strip_prefix("data: ")
                && tx.send(serde_json::from_str(data).unwrap()).is_err()
            {
                return;
            }
        }
    });
    rx
}

fn next(rx: &mpsc::Receiver<Value>) -> Value {
    rx.recv_timeout(Duration::from_secs(10))
        .expect("an event within 10 s")
}

/// The first event whose last move is `mv` (a stream may fold quick changes into one event).
fn last_move(rx: &mpsc::Receiver<Value>, mv: &str) -> Value {
    loop {
        let e = next(rx);
        if e["last"] == mv {
            return e;
        }
    }
}

fn parent_and_child_play_on_two_devices_with_live_moves(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "two_parent", [1, 2, 3]);
    let (_, mut stranger, _) = signed_in_family(&app, "two_other", [4, 5, 6]);
    // The parent's phone starts a game and shows the code; the child's tablet types it.
    let g = start(
        &mut parent,
        json!({"kind": "capture", "size": 7, "target": 3, "mode": "two_devices"}),
    );
    let id = g["id"].as_i64().unwrap();
    let code = g["code"].as_str().unwrap().to_string();
    assert_eq!((g["state"].as_str(), code.len()), (Some("waiting"), 6));
    let parent_events = watch(&app, &parent, &format!("/api/games/{id}/events"));
    assert_eq!(next(&parent_events)["state"], "waiting");
    let (status, _) = play(&mut parent, id, "dd");
    assert_eq!(status, 409, "nobody has joined yet");
    let (status, _) = parent.call("POST", "/api/games/join", Some(json!({"code": code})));
    assert_eq!(status, 409, "the starter cannot join their own game");
    let (status, _) = kid.call("POST", "/api/games/join", Some(json!({"code": "ZZZZZZ"})));
    assert_eq!(status, 404);
    let (status, joined) = kid.call(
        "POST",
        "/api/games/join",
        Some(json!({"code": code.to_lowercase()})),
    );
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["you"], json!(["W"]));
    assert!(joined["code"].is_null(), "the code is spent");
    let (status, _) = stranger.call("POST", "/api/games/join", Some(json!({"code": code})));
    assert_eq!(status, 404, "a spent code opens nothing");
    let e = next(&parent_events);
    assert_eq!(
        (e["state"].as_str(), e["your_turn"].as_bool()),
        (Some("playing"), Some(true))
    );

    // Moves reach the other device over the stream.
    let kid_events = watch(&app, &kid, &format!("/api/games/{id}/events"));
    assert_eq!(next(&kid_events)["moves"], 0);
    play_ok(&mut parent, id, "dd");
    let e = last_move(&kid_events, "dd");
    assert_eq!(e["your_turn"], true);
    let (status, _) = play(&mut parent, id, "cc");
    assert_eq!(status, 409, "not the parent's turn");
    let (status, _) = play(&mut stranger, id, "cc");
    assert_eq!(status, 403);
    play_ok(&mut kid, id, "cd");
    assert_eq!(last_move(&parent_events, "cd")["your_turn"], true);
    assert_eq!(last_move(&kid_events, "cd")["your_turn"], false);

    // The tablet reloads (a new stream): it resumes from the stored game.
    drop(kid_events);
    let kid_events = watch(&app, &kid, &format!("/api/games/{id}/events"));
    let e = next(&kid_events);
    assert_eq!(
        (e["moves"].as_i64(), e["last"].as_str()),
        (Some(2), Some("cd"))
    );
    play_ok(&mut parent, id, "ed");
    assert_eq!(last_move(&kid_events, "ed")["moves"], 3);
    assert_eq!(last_move(&parent_events, "ed")["moves"], 3);

    // The child resigns: both devices see the end, and the streams close.
    let (status, v) = kid.call("POST", &format!("/api/games/{id}/resign"), None);
    assert_eq!(status, 200, "{v}");
    for rx in [&parent_events, &kid_events] {
        let mut e = next(rx);
        while e["result"].is_null() {
            e = next(rx);
        }
        assert_eq!(e["result"]["winner"], "B");
        assert_eq!(e["result"]["reason"], "resignation");
        assert!(
            rx.recv_timeout(Duration::from_secs(2)).is_err(),
            "the stream ended"
        );
    }
    let (_, after) = parent.call("GET", &format!("/api/games/{id}"), None);
    assert_eq!(after["state"], "finished");
    let games = growth_games(&mut parent, child);
    assert_eq!(
        games["by_level"],
        json!([{"level": null, "played": 1, "won": 0}])
    );
    let (status, _) = stranger.call("GET", &format!("/api/games/{id}/events"), None);
    assert_eq!(status, 403);
}

/// A parent starts a game on their own tablet and names the child who sits with them: the child
/// takes the other colour, and the game is in the child's growth log. Another family's child,
/// the parent themself, or a partner on two devices is refused.
fn a_parent_started_game_on_one_device_reaches_the_childs_log(kind: Db, test: &str) {
    let Some(app) = app(kind, test) else { return };
    let (mut parent, mut kid, child) = signed_in_family(&app, "one_dev_parent", [1, 2, 3]);
    let (mut other_parent, _, other_child) = signed_in_family(&app, "one_dev_other", [4, 5, 6]);
    // The games page offers the parent's child as the partner.
    let page = raw_get(&app, &parent, "/games?lang=en");
    assert!(
        page.contains(&format!(r#"<option value="{child}">孩子</option>"#)),
        "{page}"
    );
    let g = start(
        &mut parent,
        json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device", "color": "white", "partner": child}),
    );
    let id = g["id"].as_i64().unwrap();
    assert_eq!(
        g["you"],
        json!(["B", "W"]),
        "the parent's tablet holds both colours"
    );
    // The child (Black) captures the parent's stone in the corner.
    let v = play_ok(&mut parent, id, "ba aa ab");
    assert_eq!(v["result"]["winner"], "B", "{v}");
    // The child sees the game as theirs, holding Black.
    let (status, seen) = kid.call("GET", &format!("/api/games/{id}"), None);
    assert_eq!((status, seen["you"].clone()), (200, json!(["B"])), "{seen}");
    let games = growth_games(&mut parent, child);
    assert_eq!(
        (games["played"].as_i64(), games["won"].as_i64()),
        (Some(1), Some(1)),
        "{games}"
    );
    // Refused: another family's child, oneself, a partner on two devices or against the computer.
    let (status, e) = parent.call(
        "POST",
        "/api/games",
        Some(json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device", "partner": other_child})),
    );
    assert_eq!(status, 403, "{e}");
    let me = other_parent.call("GET", "/api/me", None).1["id"]
        .as_i64()
        .unwrap();
    let (status, e) = other_parent.call(
        "POST",
        "/api/games",
        Some(
            json!({"kind": "capture", "size": 5, "target": 1, "mode": "one_device", "partner": me}),
        ),
    );
    assert_eq!(status, 400, "{e}");
    for mode in ["two_devices", "computer"] {
        let (status, e) = parent.call(
            "POST",
            "/api/games",
            Some(json!({"kind": "capture", "size": 5, "target": 1, "mode": mode, "level": 1, "partner": child})),
        );
        assert_eq!(status, 400, "{mode}: {e}");
    }
    assert_eq!(growth_games(&mut other_parent, other_child)["played"], 0);
}
