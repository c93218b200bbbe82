//! Mixed workload client for benches/load.sh: N simulated children, each signed in with their
//! pictures, practising for a while — next problem, start the attempt, sometimes a hint,
//! sometimes a wrong answer first (a pass), then every move of the solution — against one server
//! or, given two addresses, alternating between two servers on one database. Prints throughput,
//! latency percentiles, non-2xx answers and the number of acknowledged moves.
//!
//! usage: mixed LEARNERS SECONDS BASE_URL [BASE_URL2]

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Client {
    agent: ureq::Agent,
    bases: Vec<String>,
    turn: AtomicUsize,
    cookie: Option<String>,
}

/// One request's outcome: endpoint, status, milliseconds.
type Sample = (&'static str, u16, f64);

impl Client {
    fn new(bases: &[String], cookie: Option<String>) -> Client {
        Client {
            // Below actix-web's 5 s keep-alive: a connection the server already closed is never
            // reused (a POST is not retried).
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .max_idle_age(Duration::from_secs(3))
                .build()
                .into(),
            bases: bases.to_vec(),
            turn: AtomicUsize::new(0),
            cookie,
        }
    }

    fn call(
        &self,
        what: &'static str,
        method: &str,
        path: &str,
        body: Option<Value>,
        log: &mut Vec<Sample>,
    ) -> (u16, Value) {
        let k = self.turn.fetch_add(1, Ordering::Relaxed);
        let url = format!("{}{path}", self.bases[k % self.bases.len()]);
        let start = Instant::now();
        let mut req = if method == "GET" {
            self.agent.get(&url).force_send_body()
        } else {
            self.agent.post(&url)
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
        let Ok(mut resp) = resp else {
            log.push((what, 0, start.elapsed().as_secs_f64() * 1000.0));
            return (0, Value::Null);
        };
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().unwrap_or_default();
        log.push((what, status, start.elapsed().as_secs_f64() * 1000.0));
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

fn cookie_of(resp: &ureq::http::Response<ureq::Body>) -> Option<String> {
    resp.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|h| h.to_str().ok())
        .find(|c| c.starts_with("sente_session="))
        .map(|c| c.split(';').next().unwrap().to_string())
}

/// A parent with `n` children, each signed in: their session cookies.
fn sign_in_children(base: &str, n: usize) -> Vec<String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let name = format!(
        "mixed_{}_{}",
        std::process::id(),
        Instant::now().elapsed().as_nanos()
    );
    let mut resp = agent
        .post(&format!("{base}/api/auth/signup"))
        .header("content-type", "application/json")
        .send(json!({"role": "parent", "username": name, "password": "violet harbor tadpole 19", "display_name": "bench"}).to_string())
        .expect("sign up");
    assert_eq!(
        resp.status().as_u16(),
        201,
        "sign-up refused (limits? set SENTE_LIMITS)"
    );
    let parent = cookie_of(&resp).unwrap();
    let me: Value = serde_json::from_str(&resp.body_mut().read_to_string().unwrap()).unwrap();
    let code = me["family_code"].as_str().unwrap().to_string();
    (0..n)
        .map(|k| {
            let mut r = agent
                .post(&format!("{base}/api/children"))
                .header("cookie", &parent)
                .header("content-type", "application/json")
                .send(
                    json!({"display_name": format!("孩子{k}"), "pictures": [1, 2, 3]}).to_string(),
                )
                .expect("add a child");
            let child: Value =
                serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
            let r = agent
                .post(&format!("{base}/api/auth/pictures"))
                .header("content-type", "application/json")
                .send(
                    json!({"code": code, "child_id": child["id"], "pictures": [1, 2, 3]})
                        .to_string(),
                )
                .expect("picture sign-in");
            assert_eq!(
                r.status().as_u16(),
                200,
                "picture sign-in refused (limits? set SENTE_LIMITS)"
            );
            cookie_of(&r).unwrap()
        })
        .collect()
}

/// The learner's moves of a problem's solution in a view (every other step).
fn solution(
    c: &Client,
    id: i64,
    view: i64,
    cache: &mut HashMap<(i64, i64), Vec<String>>,
    log: &mut Vec<Sample>,
) -> Vec<String> {
    if let Some(s) = cache.get(&(id, view)) {
        return s.clone();
    }
    let (_, sol) = c.call(
        "solution",
        "GET",
        &format!("/api/problems/{id}/solution?view={view}"),
        None,
        log,
    );
    let moves: Vec<String> = sol["steps"]
        .as_array()
        .map(|a| {
            a.iter()
                .step_by(2)
                .map(|s| s["move"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default();
    cache.insert((id, view), moves.clone());
    moves
}

/// One problem practised: next, start, maybe a hint, maybe a wrong pass, the solution's moves.
fn practise(
    c: &Client,
    k: u64,
    ids: &[i64],
    cache: &mut HashMap<(i64, i64), Vec<String>>,
    acked: &AtomicUsize,
    log: &mut Vec<Sample>,
) {
    let (status, next) = c.call("next", "GET", "/api/next", None, log);
    let (id, query) = if status == 200 {
        let id = next["problem_id"].as_i64().unwrap();
        match next["review_id"].as_i64() {
            Some(r) => (id, format!("?review={r}")),
            None => (id, String::new()),
        }
    } else {
        (ids[(k as usize * 7919) % ids.len()], String::new())
    };
    let (status, a) = c.call(
        "start",
        "POST",
        &format!("/api/problems/{id}/attempts{query}"),
        None,
        log,
    );
    if status != 201 {
        return;
    }
    let attempt = a["attempt_id"].as_i64().unwrap();
    let moves = solution(c, id, a["view"].as_i64().unwrap_or(0), cache, log);
    if k % 10 == 3 {
        c.call(
            "hint",
            "POST",
            &format!("/api/attempts/{attempt}/hint"),
            None,
            log,
        );
    }
    let wrong_first = k % 7 == 5;
    let plan: Vec<String> = if wrong_first {
        vec![String::new()]
    } else {
        moves
    };
    for mv in plan {
        let (status, r) = c.call(
            "move",
            "POST",
            &format!("/api/attempts/{attempt}/moves"),
            Some(json!({"move": mv})),
            log,
        );
        if status == 200 {
            acked.fetch_add(1, Ordering::Relaxed);
        }
        if status != 200 || r["result"] != "continue" {
            break;
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: mixed LEARNERS SECONDS BASE_URL [BASE_URL2]");
        std::process::exit(2);
    }
    let learners: usize = args[1].parse().expect("LEARNERS");
    let seconds: u64 = args[2].parse().expect("SECONDS");
    let bases: Vec<String> = args[3..].to_vec();
    let cookies = sign_in_children(&bases[0], learners);
    let list: Value = ureq::get(&format!("{}/api/problems?limit=500", bases[0]))
        .call()
        .unwrap()
        .body_mut()
        .read_json()
        .unwrap();
    let ids: Arc<Vec<i64>> = Arc::new(
        list.as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect(),
    );
    let acked = Arc::new(AtomicUsize::new(0));
    let samples = Arc::new(Mutex::new(Vec::<Sample>::new()));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let start = Instant::now();
    let threads: Vec<_> = cookies
        .into_iter()
        .enumerate()
        .map(|(i, cookie)| {
            let (bases, ids, acked, samples) =
                (bases.clone(), ids.clone(), acked.clone(), samples.clone());
            std::thread::spawn(move || {
                let c = Client::new(&bases, Some(cookie));
                c.turn.store(i, Ordering::Relaxed);
                let (mut log, mut cache) = (Vec::new(), HashMap::new());
                let mut k = i as u64;
                while Instant::now() < deadline {
                    practise(&c, k, &ids, &mut cache, &acked, &mut log);
                    k += 1;
                }
                samples.lock().unwrap().extend(log);
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = start.elapsed().as_secs_f64();
    let samples = samples.lock().unwrap();
    let mut all: Vec<f64> = samples.iter().map(|s| s.2).collect();
    all.sort_by(f64::total_cmp);
    let mut moves: Vec<f64> = samples
        .iter()
        .filter(|s| s.0 == "move")
        .map(|s| s.2)
        .collect();
    moves.sort_by(f64::total_cmp);
    // "next" answers 404 when a learner has seen every problem: expected, not an error.
    let non2xx: Vec<&Sample> = samples
        .iter()
        .filter(|s| !((200..300).contains(&s.1) || (s.0 == "next" && s.1 == 404)))
        .collect();
    let mut by: HashMap<(&str, u16), usize> = HashMap::new();
    for s in &non2xx {
        *by.entry((s.0, s.1)).or_default() += 1;
    }
    println!(
        "MIXED learners={learners} servers={} seconds={elapsed:.1} requests={} rps={:.0} p50={:.2} p99={:.2} move_p50={:.2} move_p99={:.2} non2xx={} moves_acked={}",
        bases.len(),
        samples.len(),
        samples.len() as f64 / elapsed,
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        percentile(&moves, 0.5),
        percentile(&moves, 0.99),
        non2xx.len(),
        acked.load(Ordering::Relaxed)
    );
    if !by.is_empty() {
        println!("NON2XX {by:?}");
    }
}
