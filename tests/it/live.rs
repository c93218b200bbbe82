//! Open attempts held in memory stay exact, on SQLite and PostgreSQL: an attempt evicted from
//! memory, or whose server restarted, continues where it was; answers to one attempt are
//! serialised; two servers on one database answering the moves of the same attempts alternately
//! store exactly what one server stores.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::app::{Db, TestApp};

both_backends!(
    an_evicted_or_restarted_attempt_continues_where_it_was,
    concurrent_answers_to_one_attempt_are_serialised,
    two_servers_on_one_database_store_what_one_server_stores,
    a_move_illegal_on_a_stale_copy_is_judged_on_the_stored_attempt,
);

fn fixtures(app: &TestApp) {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/beginner");
    assert!(app.import(None, &[&dir]).status.success());
}

/// The snapback problem: B aa, W ab (reply), B aa again solves it.
fn snapback(app: &TestApp) -> i64 {
    app.problem_id("beginner", 2)
}

/// The stored moves of an attempt as (seq, move, by learner, verdict).
fn stored(app: &TestApp, attempt: i64) -> (String, Vec<(i64, String, bool, Value)>) {
    let a = app.get(&format!("/api/attempts/{attempt}")).json;
    let moves = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["seq"].as_i64().unwrap(),
                m["move"].as_str().unwrap().to_string(),
                m["by_learner"].as_bool().unwrap(),
                m["judged"].clone(),
            )
        })
        .collect();
    (a["result"].as_str().unwrap().to_string(), moves)
}

fn an_evicted_or_restarted_attempt_continues_where_it_was(kind: Db, test: &str) {
    let Some(first) = TestApp::spawn(kind, test) else {
        return;
    };
    fixtures(&first);
    let problem = snapback(&first);
    // A server that holds one open attempt only: two attempts evict each other at every move.
    let small = first.another_server(1);
    let a = small.start_attempt(problem);
    let b = small.start_attempt(problem);
    for attempt in [a, b] {
        let r = small.post_move(attempt, "aa");
        assert_eq!(
            (r.status, r.json["result"].as_str()),
            (200, Some("continue")),
            "{}",
            r.text
        );
    }
    for attempt in [a, b] {
        let r = small.post_move(attempt, "aa");
        assert_eq!(r.json["result"], "solved", "{}", r.text);
    }
    // A restart: the attempt begun on one server continues on a fresh one.
    let c = small.start_attempt(problem);
    assert_eq!(small.post_move(c, "aa").json["result"], "continue");
    drop(small);
    let restarted = first.another_server(100);
    let r = restarted.post_move(c, "aa");
    assert_eq!(r.json["result"], "solved", "{}", r.text);
    for attempt in [a, b, c] {
        let (result, moves) = stored(&restarted, attempt);
        assert_eq!(result, "solved");
        let seqs: Vec<i64> = moves.iter().map(|m| m.0).collect();
        assert_eq!(seqs, vec![0, 1, 2], "no move lost or doubled");
    }
}

fn concurrent_answers_to_one_attempt_are_serialised(kind: Db, test: &str) {
    let Some(app) = TestApp::spawn(kind, test) else {
        return;
    };
    fixtures(&app);
    let problem = snapback(&app);
    for _ in 0..3 {
        let attempt = app.start_attempt(problem);
        let replies: Vec<u16> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| s.spawn(|| app.post_move(attempt, "aa").status))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        // The first answer plays aa (the reply captures back at ab); the second retakes at aa
        // and solves; every later one finds the attempt finished.
        assert_eq!(
            replies.iter().filter(|&&s| s == 200).count(),
            2,
            "{replies:?}"
        );
        assert!(
            replies.iter().all(|s| [200, 422].contains(s)),
            "{replies:?}"
        );
        let (result, moves) = stored(&app, attempt);
        assert_eq!(result, "solved");
        let seqs: Vec<i64> = moves.iter().map(|m| m.0).collect();
        assert_eq!(seqs, vec![0, 1, 2]);
    }
}

fn two_servers_on_one_database_store_what_one_server_stores(kind: Db, test: &str) {
    let Some(one) = TestApp::spawn(kind, test) else {
        return;
    };
    fixtures(&one);
    let two = one.another_server(100);
    let problem = snapback(&one);
    let script: [&[&str]; 3] = [&["aa", "aa"], &["dd"], &["aa", "bd"]];
    let mut single = BTreeMap::new();
    let mut alternating = BTreeMap::new();
    for (k, moves) in script.iter().enumerate() {
        let a = one.start_attempt(problem);
        for mv in *moves {
            one.post_move(a, mv);
        }
        single.insert(k, stored(&one, a));
        // The same moves, alternating between the two servers; each has the attempt in memory
        // after its first answer, so the other's write makes it stale.
        let b = two.start_attempt(problem);
        for (i, mv) in moves.iter().enumerate() {
            let server = if i % 2 == 0 { &one } else { &two };
            let r = server.post_move(b, mv);
            assert_eq!(r.status, 200, "{}", r.text);
        }
        alternating.insert(k, stored(&two, b));
    }
    assert_eq!(single, alternating);
    // A stale server's answer to a finished attempt is refused, not stored.
    let c = one.start_attempt(problem);
    assert_eq!(one.post_move(c, "aa").status, 200);
    assert_eq!(two.post_move(c, "aa").json["result"], "solved");
    let late = one.post_move(c, "aa");
    assert_eq!(late.status, 422, "{}", late.text);
    assert_eq!(stored(&one, c).1.len(), 3);
}

/// A server whose memory copy is behind sees White's stone at aa, which the other server's answer
/// has since captured: Black's move there is illegal on the stale copy (occupied) but legal on the
/// stored attempt. It must be judged again on the stored attempt, not refused.
fn a_move_illegal_on_a_stale_copy_is_judged_on_the_stored_attempt(kind: Db, test: &str) {
    let Some(one) = TestApp::spawn(kind, test) else {
        return;
    };
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/stale");
    let out = one.import(None, &[&dir]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let two = one.another_server(100);
    let problem = one.problem_id("stale", 1);
    let a = one.start_attempt(problem);
    // One answers the first move (White replies at aa) and keeps that board in memory.
    let r = one.post_move(a, "dd");
    assert_eq!(r.json["result"], "continue", "{}", r.text);
    // Two captures the white stone at aa (White replies at ee).
    let r = two.post_move(a, "ab");
    assert_eq!(r.json["result"], "continue", "{}", r.text);
    // One still sees a white stone at aa; the stored attempt has aa empty.
    let r = one.post_move(a, "aa");
    assert_eq!(
        (r.status, r.json["result"].as_str()),
        (200, Some("solved")),
        "{}",
        r.text
    );
    let (result, moves) = stored(&one, a);
    assert_eq!(result, "solved");
    let played: Vec<&str> = moves.iter().map(|m| m.1.as_str()).collect();
    assert_eq!(played, ["dd", "aa", "ab", "ee", "aa"]);
}

/// PostgreSQL: a batch of moves alone is one statement, its own transaction, and it takes the
/// write lock first: while another server's batch holds the lock, the move waits, and it is
/// stored once the lock is free.
#[test]
fn postgres_a_batch_of_moves_alone_waits_for_the_write_lock() {
    use diesel::{Connection, PgConnection, RunQueryDsl};
    let Some(app) = TestApp::spawn(Db::Postgres, "postgres::a_batch_of_moves_alone_waits") else {
        return;
    };
    fixtures(&app);
    let attempt = app.start_attempt(snapback(&app));
    let mut other = PgConnection::establish(&app.db.url).unwrap();
    let lock = format!("SELECT pg_advisory_lock({})", sente::db::WRITE_LOCK);
    diesel::sql_query(lock).execute(&mut other).unwrap();
    std::thread::scope(|s| {
        let answer = s.spawn(|| app.post_move(attempt, "aa"));
        std::thread::sleep(std::time::Duration::from_millis(500));
        assert!(!answer.is_finished(), "the move was stored past the lock");
        assert!(stored(&app, attempt).1.is_empty());
        let unlock = format!("SELECT pg_advisory_unlock({})", sente::db::WRITE_LOCK);
        diesel::sql_query(unlock).execute(&mut other).unwrap();
        let r = answer.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.text);
    });
    assert_eq!(stored(&app, attempt).1.len(), 2, "the move and its reply");
}
