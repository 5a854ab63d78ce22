//! Solves a board's start: `cargo run --release -p quoridor-solve --example start -- 5 1`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let w: u8 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let size = quoridor_core::BoardSize::new(n).expect("a board size");
    let opts = quoridor_solve::SolveOptions::default();
    let s = quoridor_solve::solve_start(size, w, &opts, &mut |p| {
        eprintln!("level {} {}/{} {:?}", p.level, p.layers_done, p.layers, p.elapsed);
    })
    .expect("solve");
    println!("{:?} {:?} {:?}", s.value, s.best.map(|m| m.to_string()), s.stats);
}
