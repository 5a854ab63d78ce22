//! The text around the board that the commands print: square lists, the status, the
//! ranking and the seat table (the board itself is core's `Position::diagram`).

use std::fmt::Write as _;

use quoridor_core::{Position, Seat, Square};

/// The terminal colour code of a seat's pawn and the code that ends it (both empty without
/// colour), as the board draws it.
#[must_use]
pub fn seat_colour(seat: Seat, color: bool) -> (&'static str, &'static str) {
    if color { (quoridor_core::seat_ansi(seat), "\x1b[0m") } else { ("", "") }
}

/// A square list such as `e2 e3 e4`, or `-` when empty.
pub fn squares(list: impl IntoIterator<Item = Square>) -> String {
    let words: Vec<String> = list.into_iter().map(|s| s.to_string()).collect();
    if words.is_empty() { "-".to_string() } else { words.join(" ") }
}

/// The game status in words: who is to move, who won, or a draw.
#[must_use]
pub fn status(pos: &Position) -> String {
    match pos.outcome() {
        Some(quoridor_core::Outcome::Winner(s)) => format!("{s} wins"),
        Some(quoridor_core::Outcome::Draw) => "draw (ply limit reached)".to_string(),
        None => format!("in progress, {} to move", pos.turn()),
    }
}

/// The ranking in one line: `1. South  2. North`.
#[must_use]
pub fn ranking(pos: &Position) -> String {
    let parts: Vec<String> = pos.ranking().iter().map(|(s, r)| format!("{r}. {s}")).collect();
    parts.join("  ")
}

/// One line per seat: pawn, walls in hand, shortest distance, the most steps one wall could
/// add to it ([`Position::wall_threat`]) and the path (from the square after the pawn to the
/// goal).
#[must_use]
pub fn seat_table(pos: &Position, color: bool) -> String {
    let mut out = String::from(" seat    pawn  walls  dist  threat  path\n");
    for seat in pos.seats() {
        let (on, off) = seat_colour(seat, color);
        let marker = if seat == pos.turn() && !pos.is_game_over() { '>' } else { ' ' };
        let name = format!("{seat}");
        match (pos.pawn(seat), pos.distance(seat)) {
            (Some(sq), Some(d)) => {
                let path = squares(pos.shortest_path(seat).skip(1));
                let threat = pos.wall_threat(seat).unwrap_or(0);
                let _ = writeln!(
                    out,
                    "{marker}{on}{name:<6}{off}  {:<4}  {:>5}  {:>4}  {:>6}  {path}",
                    sq.to_string(),
                    pos.walls_in_hand(seat),
                    d,
                    threat
                );
            }
            _ => {
                let left = pos.leave_order(seat).map_or(String::new(), |k| format!(" (left {k})"));
                let _ = writeln!(
                    out,
                    "{marker}{on}{name:<6}{off}  {:<4}  {:>5}  {:>4}  {:>6}  out of the game{left}",
                    "-",
                    pos.walls_in_hand(seat),
                    "-",
                    "-"
                );
            }
        }
    }
    out
}
