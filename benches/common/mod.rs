//! What the benchmarks share: their settings from the environment and their timing summary.

/// A number from the environment (`SENTE_BENCH_LIMIT=30`), if set and one.
pub fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Median, 95th percentile and maximum.
pub fn spread(v: &[f64]) -> (f64, f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95), v[v.len() - 1])
}
