//! Counts perft from the start: `cargo run --release --example quickperft -p quoridor-core -- 4`.
use quoridor_core::{Position, perft};
fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let t = std::time::Instant::now();
    let n = perft(&Position::default(), depth);
    println!("perft({depth}) = {n} in {:.3} s", t.elapsed().as_secs_f64());
}
