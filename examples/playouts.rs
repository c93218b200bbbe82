//! Runs random playouts for a few seconds and prints the rate: a quick target for profilers
//! (`perf record cargo run --release --example playouts -- 9 superko`).

use std::time::Instant;

use sente::go::{Board, Color, KoRule, PositionSet, Rng, random_playout};

fn main() {
    let mut args = std::env::args().skip(1);
    let size: u8 = args.next().and_then(|s| s.parse().ok()).unwrap_or(9);
    let ko = match args.next().as_deref() {
        Some("simple") => KoRule::Simple,
        _ => KoRule::PositionalSuperko,
    };
    let empty = Board::new(size).expect("a size from 2 to 25");
    let mut board = empty.clone();
    let (mut seen, mut rng) = (PositionSet::default(), Rng::new(1));
    let start = Instant::now();
    let (mut playouts, mut moves) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < 3.0 {
        board.clone_from(&empty);
        moves += u64::from(
            random_playout(&mut board, Color::Black, ko, &mut seen, &mut rng, 3 * 361).moves,
        );
        playouts += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{size}x{size} {ko}: {:.0} playouts/s, {:.0} moves/s",
        playouts as f64 / secs,
        moves as f64 / secs
    );
}
