//! Latency client for the scale benchmark (benches/scale.sh): sequential requests to a running
//! server, as sampled learners (sessions from `sente generate --sessions-file`), reporting
//! p50 / p95 / p99 per endpoint.
//!
//! usage: cargo run --release --example latency -- BASE_URL SESSIONS_FILE [REQUESTS]

use std::time::Instant;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: latency BASE_URL SESSIONS_FILE [REQUESTS]");
        std::process::exit(2);
    }
    let base = &args[1];
    let sessions: Vec<(String, String)> = std::fs::read_to_string(&args[2])
        .unwrap_or_else(|e| panic!("{}: {e}", args[2]))
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert!(!sessions.is_empty(), "no sessions in {}", args[2]);
    let n: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(300);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    println!("| endpoint | requests | p50 ms | p95 ms | p99 ms | non-200 |");
    println!("|---|---|---|---|---|---|");
    for (name, path) in [
        ("GET /api/learners/{id}/growth", "/api/learners/{id}/growth"),
        ("GET /learners/{id}/growth (page)", "/learners/{id}/growth"),
        ("GET /api/next (a due review first)", "/api/next"),
        (
            "GET /api/next?reviews=false (new problems)",
            "/api/next?reviews=false",
        ),
    ] {
        let mut times = Vec::with_capacity(n);
        let mut bad = 0;
        // One warm-up round.
        for k in 0..n + 20 {
            let (id, token) = &sessions[k % sessions.len()];
            let url = format!("{base}{}", path.replace("{id}", id));
            let t = Instant::now();
            let mut resp = agent
                .get(&url)
                .header("cookie", &format!("sente_session={token}"))
                .call()
                .expect("the server answers");
            let _ = resp.body_mut().read_to_vec();
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if k >= 20 {
                times.push(ms);
                bad += usize::from(resp.status() != 200);
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| {name} | {n} | {:.1} | {:.1} | {:.1} | {bad} |",
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            percentile(&times, 0.99)
        );
    }
}
