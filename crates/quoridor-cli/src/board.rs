//! Drawing the board with Unicode box drawing, with or without terminal colours.
//!
//! ```text
//!      a   b   c   d   e
//!    ┌───────────────────┐
//!  5 │ ·   ·   N   ·   · │ 5
//!    │                   │
//!  4 │ ·   ·   ·   ·   · │ 4
//!    │     ━━━━━━━       │
//!  3 │ ·   ·   · ┃ ·   · │ 3
//!    │           ┃       │
//!  2 │ ·   ·   · ┃ ·   · │ 2
//!    │                   │
//!  1 │ ·   ·   S   ·   · │ 1
//!    └───────────────────┘
//!      a   b   c   d   e
//! ```
//!
//! Every square is three characters wide with a one-character groove between squares; each
//! row of squares is followed by one line of groove. A wall is a heavy line in its groove:
//! `━━━━━━━` across two squares, `┃` down two squares and the groove between them.

use std::fmt::Write as _;

use quoridor_core::{Orientation, Position, Seat, Square, Variant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ink {
    Plain,
    Dim,
    Wall,
    Pawn(Seat),
    Crown,
}

const RESET: &str = "\x1b[0m";

fn ansi(ink: Ink) -> &'static str {
    match ink {
        Ink::Plain => "",
        Ink::Dim => "\x1b[2m",
        Ink::Wall => "\x1b[1;33m",
        Ink::Crown => "\x1b[1;35m",
        Ink::Pawn(Seat::South) => "\x1b[1;31m",
        Ink::Pawn(Seat::West) => "\x1b[1;32m",
        Ink::Pawn(Seat::North) => "\x1b[1;34m",
        Ink::Pawn(Seat::East) => "\x1b[1;36m",
    }
}

/// The terminal colour code of a seat's pawn (empty without colour).
#[must_use]
pub fn seat_colour(seat: Seat, color: bool) -> (&'static str, &'static str) {
    if color { (ansi(Ink::Pawn(seat)), RESET) } else { ("", "") }
}

/// Draws `pos`. With `color`, pawns, walls and the King of the Hill centre get ANSI colours.
/// The drawing has no empty line (the engine protocol relies on that) and ends with a newline.
#[must_use]
pub fn draw(pos: &Position, color: bool) -> String {
    let n = usize::from(pos.size().get());
    let width = 4 * n - 1;
    let height = 2 * n - 1;
    let mut grid = vec![vec![(' ', Ink::Plain); width]; height];
    let line_of_row = |row: usize| 2 * (n - 1 - row);

    for row in 0..n {
        for col in 0..n {
            grid[line_of_row(row)][4 * col + 1] = ('·', Ink::Dim);
        }
    }
    if pos.variant() == Variant::KingOfTheHill {
        let c = n / 2;
        grid[line_of_row(c)][4 * c + 1] = ('*', Ink::Crown);
    }
    for wall in pos.walls().iter() {
        let a = wall.anchor();
        let (col, row) = (usize::from(a.col()), usize::from(a.row()));
        if col + 1 >= n || row + 1 >= n {
            continue;
        }
        match wall.orientation() {
            Orientation::Horizontal => {
                let line = line_of_row(row) - 1;
                for cell in grid[line].iter_mut().skip(4 * col).take(7) {
                    *cell = ('━', Ink::Wall);
                }
            }
            Orientation::Vertical => {
                let x = 4 * col + 3;
                let top = line_of_row(row + 1);
                for line in grid.iter_mut().skip(top).take(3) {
                    line[x] = ('┃', Ink::Wall);
                }
            }
        }
    }
    for seat in pos.active_seats() {
        if let Some(sq) = pos.pawn(seat) {
            let (col, row) = (usize::from(sq.col()), usize::from(sq.row()));
            if col < n && row < n {
                grid[line_of_row(row)][4 * col + 1] = (seat.letter(), Ink::Pawn(seat));
            }
        }
    }

    let mut out = String::new();
    let letters = |out: &mut String| {
        out.push_str("    ");
        for col in 0..n {
            let _ = write!(out, " {}  ", (b'a' + col as u8) as char);
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    };
    letters(&mut out);
    let _ = writeln!(out, "   ┌{}┐", "─".repeat(width));
    for (i, line) in grid.iter().enumerate() {
        let label = if i % 2 == 0 { format!("{:>2}", n - i / 2) } else { "  ".to_string() };
        let _ = write!(out, "{label} │");
        let mut current = Ink::Plain;
        for &(ch, ink) in line {
            if color && ink != current {
                if current != Ink::Plain {
                    out.push_str(RESET);
                }
                out.push_str(ansi(ink));
                current = ink;
            }
            out.push(ch);
        }
        if color && current != Ink::Plain {
            out.push_str(RESET);
        }
        if i % 2 == 0 {
            let _ = writeln!(out, "│ {}", n - i / 2);
        } else {
            out.push_str("│\n");
        }
    }
    let _ = writeln!(out, "   └{}┘", "─".repeat(width));
    letters(&mut out);
    out
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

/// One line per seat: pawn, walls in hand, shortest distance and path (from the square after
/// the pawn to the goal).
#[must_use]
pub fn seat_table(pos: &Position, color: bool) -> String {
    let mut out = String::from(" seat    pawn  walls  dist  path\n");
    for seat in pos.seats() {
        let (on, off) = seat_colour(seat, color);
        let marker = if seat == pos.turn() && !pos.is_game_over() { '>' } else { ' ' };
        let name = format!("{seat}");
        match (pos.pawn(seat), pos.distance(seat)) {
            (Some(sq), Some(d)) => {
                let path = squares(pos.shortest_path(seat).skip(1));
                let _ = writeln!(
                    out,
                    "{marker}{on}{name:<6}{off}  {:<4}  {:>5}  {:>4}  {path}",
                    sq.to_string(),
                    pos.walls_in_hand(seat),
                    d
                );
            }
            _ => {
                let left = pos.leave_order(seat).map_or(String::new(), |k| format!(" (left {k})"));
                let _ = writeln!(
                    out,
                    "{marker}{on}{name:<6}{off}  {:<4}  {:>5}  {:>4}  out of the game{left}",
                    "-",
                    pos.walls_in_hand(seat),
                    "-"
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_and_pawns_are_drawn() {
        let mut pos = Position::default();
        for m in ["e2", "e8", "e3h", "d6v"] {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let text = draw(&pos, false);
        assert!(text.contains('S') && text.contains('N'));
        assert_eq!(text.matches('━').count(), 7);
        assert_eq!(text.matches('┃').count(), 3);
        assert!(!text.contains('\x1b'));
        assert!(text.lines().all(|l| !l.trim().is_empty()));
        assert!(draw(&pos, true).contains('\x1b'));
    }

    #[test]
    fn every_size_draws() {
        for size in quoridor_core::BoardSize::ALL {
            let config = quoridor_core::Config::default().with_size(size).with_players(4);
            let pos = Position::start(&config).unwrap();
            let text = draw(&pos, false);
            assert_eq!(text.lines().count(), 2 * usize::from(size.get()) - 1 + 4);
        }
    }
}
