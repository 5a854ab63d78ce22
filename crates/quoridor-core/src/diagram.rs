//! The board as text: [`Position::diagram`].

use core::fmt;

use crate::{Orientation, Position, Seat, Square, Variant, Wall};

/// A drawing of a position's board in Unicode box-drawing characters, made by
/// [`Position::diagram`] and written with [`Display`](fmt::Display). Row 1 is at the bottom,
/// pawns are their seats' letters, the King of the Hill centre is `*`, and a wall is a heavy
/// line in the groove between squares: `━━━━━━━` across two squares, `┃` down two squares and
/// the groove between them.
///
/// ```
/// use quoridor_core::{Config, Position};
///
/// let config = Config::default().with_size(5.try_into()?);
/// let mut pos = Position::start(&config)?;
/// for m in ["c2", "b3h", "c4v"] {
///     pos.play(m.parse()?)?;
/// }
/// let expected = "\
/// \x20    a   b   c   d   e
/// \x20  ┌───────────────────┐
/// \x205 │ ·   ·   N ┃ ·   · │ 5
/// \x20  │           ┃       │
/// \x204 │ ·   ·   · ┃ ·   · │ 4
/// \x20  │    ━━━━━━━        │
/// \x203 │ ·   ·   ·   ·   · │ 3
/// \x20  │                   │
/// \x202 │ ·   ·   S   ·   · │ 2
/// \x20  │                   │
/// \x201 │ ·   ·   ·   ·   · │ 1
/// \x20  └───────────────────┘
/// \x20    a   b   c   d   e
/// ";
/// assert_eq!(pos.diagram().to_string(), expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Every square is three characters wide with a one-character groove between squares, and
/// every row of squares is followed by one line of groove; the drawing has no empty line and
/// ends with a newline. [`Diagram::colored`] adds ANSI terminal colours.
#[derive(Clone, Copy, Debug)]
pub struct Diagram<'a> {
    pos: &'a Position,
    color: bool,
}

/// What a character of the drawing shows, for its colour.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ink {
    Plain,
    Dim,
    Wall,
    Pawn(Seat),
    Crown,
}

const RESET: &str = "\x1b[0m";

impl Ink {
    const fn ansi(self) -> &'static str {
        match self {
            Ink::Plain => "",
            Ink::Dim => "\x1b[2m",
            Ink::Wall => "\x1b[1;33m",
            Ink::Crown => "\x1b[1;35m",
            Ink::Pawn(seat) => seat_ansi(seat),
        }
    }
}

/// The ANSI code that [`Diagram::colored`] draws `seat`'s pawn in (bold red, green, blue and
/// cyan for South, West, North and East), for front ends that name seats in the same colour;
/// `"\x1b[0m"` ends it.
#[must_use]
pub const fn seat_ansi(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "\x1b[1;31m",
        Seat::West => "\x1b[1;32m",
        Seat::North => "\x1b[1;34m",
        Seat::East => "\x1b[1;36m",
    }
}

impl Position {
    /// The board as text (see [`Diagram`]).
    #[must_use]
    pub const fn diagram(&self) -> Diagram<'_> {
        Diagram { pos: self, color: false }
    }
}

impl Diagram<'_> {
    /// With `on`, pawns, walls and the King of the Hill centre in ANSI terminal colours.
    #[must_use]
    pub const fn colored(self, on: bool) -> Self {
        Diagram { color: on, ..self }
    }

    /// The character at column `x` of line `line` of the board's grid (line 0 the top row of
    /// squares, odd lines the grooves between rows).
    fn cell(&self, line: u8, x: u8) -> (char, Ink) {
        let pos = self.pos;
        let n = pos.size().get();
        let wall = |col: u8, row: u8, o: Orientation| {
            Square::new(col, row)
                .and_then(|a| Wall::new(a, o))
                .is_some_and(|w| pos.walls().contains(w))
        };
        let groove_col = (x % 4 == 3).then_some(x / 4);
        if line % 2 == 0 {
            let row = n - 1 - line / 2;
            if let Some(col) = groove_col {
                let down = |r| wall(col, r, Orientation::Vertical);
                if down(row) || row.checked_sub(1).is_some_and(down) {
                    return ('┃', Ink::Wall);
                }
            } else if x % 4 == 1 {
                let sq = Square::new(x / 4, row);
                let pawn = pos.active_seats().find(|&s| sq.is_some() && pos.pawn(s) == sq);
                return match pawn {
                    Some(seat) => (seat.letter(), Ink::Pawn(seat)),
                    None if pos.variant() == Variant::KingOfTheHill
                        && x / 4 == n / 2
                        && row == n / 2 =>
                    {
                        ('*', Ink::Crown)
                    }
                    None => ('·', Ink::Dim),
                };
            }
            return (' ', Ink::Plain);
        }
        // The groove between row `row + 1` above and `row` below.
        let row = n - 1 - line.div_ceil(2);
        if groove_col.is_some_and(|col| wall(col, row, Orientation::Vertical)) {
            return ('┃', Ink::Wall);
        }
        let across = |col| wall(col, row, Orientation::Horizontal);
        if across(x / 4) || (x % 4 < 3 && (x / 4).checked_sub(1).is_some_and(across)) {
            return ('━', Ink::Wall);
        }
        (' ', Ink::Plain)
    }

    fn letters(f: &mut fmt::Formatter<'_>, n: u8) -> fmt::Result {
        f.write_str("    ")?;
        for col in 0..n {
            let letter = char::from(b'a' + col);
            if col + 1 < n { write!(f, " {letter}  ")? } else { write!(f, " {letter}")? }
        }
        f.write_str("\n")
    }

    fn border(f: &mut fmt::Formatter<'_>, left: char, right: char, width: u8) -> fmt::Result {
        write!(f, "   {left}")?;
        for _ in 0..width {
            f.write_str("─")?;
        }
        writeln!(f, "{right}")
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.pos.size().get();
        let width = 4 * n - 1;
        Self::letters(f, n)?;
        Self::border(f, '┌', '┐', width)?;
        for line in 0..2 * n - 1 {
            let rank = n - line / 2;
            if line % 2 == 0 {
                write!(f, "{rank:>2} │")?
            } else {
                f.write_str("   │")?
            }
            let mut current = Ink::Plain;
            for x in 0..width {
                let (ch, ink) = self.cell(line, x);
                if self.color && ink != current {
                    if current != Ink::Plain {
                        f.write_str(RESET)?;
                    }
                    f.write_str(ink.ansi())?;
                    current = ink;
                }
                write!(f, "{ch}")?;
            }
            if current != Ink::Plain {
                f.write_str(RESET)?;
            }
            if line % 2 == 0 { writeln!(f, "│ {rank}")? } else { f.write_str("│\n")? }
        }
        Self::border(f, '└', '┘', width)?;
        Self::letters(f, n)
    }
}
