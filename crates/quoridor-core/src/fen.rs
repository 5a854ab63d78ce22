//! The position format: one line that writes and reads back every legal position.
//!
//! ```text
//! 9 S:e1:10,N:e9:10 - S 0
//! 9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6
//! 9k S:e1:4,W:a5:5,N:e9:5,E:i5:5 - S 0/300
//! 7 S:d3:2,W:left1:5,N:d5:4 c2h N 17
//! ```
//!
//! Five fields separated by single spaces: the board size (`k` after it for King of the
//! Hill); the seats in the game in turn order, `SEAT:SQUARE:WALLS` for a player still in the
//! game or `SEAT:leftK:WALLS` for the K-th player to leave; the walls on the board (`-` for
//! none); the seat to move; the plies played, with `/LIMIT` when a ply limit is set.
//! `docs/notation.md` describes the format in full.

use core::fmt;
use core::str::FromStr;

use crate::board_size::BoardSize;
use crate::config::Variant;
use crate::position::{Position, SeatSetup, SeatState, Setup, SetupError};
use crate::square::{Seat, Square};
use crate::text::SmallText;
use crate::wall::{ParseWallError, Wall, WallSet};

/// Why a position string could not be read: what is wrong ([`ParsePositionError::kind`]) and
/// the field or entry it is wrong in ([`ParsePositionError::token`]).
///
/// ```
/// use quoridor_core::{ParsePositionErrorKind, Setup};
/// let e = "8 S:e1:10,N:e9:10 - S 0".parse::<Setup>().unwrap_err();
/// assert_eq!(e.kind(), &ParsePositionErrorKind::Size);
/// assert_eq!(e.token(), Some("8"));
/// assert_eq!(
///     e.to_string(),
///     "bad size `8`: the side must be odd, from 5 to 11, with `k` after it for King of the Hill"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePositionError {
    kind: ParsePositionErrorKind,
    token: Option<SmallText>,
}

/// What is wrong with a position string (see [`ParsePositionError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePositionErrorKind {
    /// Not five fields: the number found.
    Fields(usize),
    /// The size field is not a supported board size, with or without `k`.
    Size,
    /// A seat entry is wrong.
    Seat {
        /// The rule the entry breaks.
        reason: &'static str,
    },
    /// A wall is wrong.
    Wall(ParseWallError),
    /// A wall is listed twice.
    DuplicateWall(Wall),
    /// The turn field is not a seat letter.
    Turn,
    /// The ply field is wrong.
    Ply,
    /// The fields read, but they do not make a legal position.
    Setup(SetupError),
}

impl ParsePositionError {
    fn new(kind: ParsePositionErrorKind, token: &str) -> ParsePositionError {
        ParsePositionError { kind, token: Some(SmallText::new(token)) }
    }

    /// What is wrong.
    #[must_use]
    pub const fn kind(&self) -> &ParsePositionErrorKind {
        &self.kind
    }

    /// The field or entry that is wrong (its first 24 bytes, cut at a character boundary, when
    /// it is longer); `None` when the fault is not in one field (a wrong number of fields, an
    /// illegal position).
    #[must_use]
    pub fn token(&self) -> Option<&str> {
        self.token.as_ref().map(SmallText::as_str)
    }
}

impl From<SetupError> for ParsePositionError {
    fn from(e: SetupError) -> ParsePositionError {
        ParsePositionError { kind: ParsePositionErrorKind::Setup(e), token: None }
    }
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = self.token.unwrap_or(SmallText::new(""));
        match &self.kind {
            ParsePositionErrorKind::Fields(n) => write!(
                f,
                "a position has 5 fields separated by spaces (size, seats, walls, turn, ply), found {n}"
            ),
            ParsePositionErrorKind::Size => write!(
                f,
                "bad size `{token}`: the side must be odd, from {} to {}, with `k` after it for King of the Hill",
                BoardSize::MIN,
                BoardSize::MAX
            ),
            ParsePositionErrorKind::Seat { reason } => {
                write!(f, "bad seat entry `{token}`: {reason}")
            }
            ParsePositionErrorKind::Wall(e) => write!(f, "bad wall `{token}`: {e}"),
            ParsePositionErrorKind::DuplicateWall(w) => write!(f, "wall `{w}` is listed twice"),
            ParsePositionErrorKind::Turn => {
                write!(f, "bad turn `{token}`: expected the seat to move, S, W, N or E")
            }
            ParsePositionErrorKind::Ply => write!(
                f,
                "bad ply `{token}`: expected the number of plies played, with `/LIMIT` for a ply limit"
            ),
            ParsePositionErrorKind::Setup(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl core::error::Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            ParsePositionErrorKind::Wall(e) => Some(e),
            ParsePositionErrorKind::Setup(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.size)?;
        if self.variant == Variant::KingOfTheHill {
            f.write_str("k")?;
        }
        f.write_str(" ")?;
        let mut first = true;
        for s in Seat::ALL {
            let Some(st) = self.seats[s] else { continue };
            if !first {
                f.write_str(",")?;
            }
            first = false;
            match st.state {
                SeatState::Playing(sq) => write!(f, "{}:{}:{}", s.letter(), sq, st.walls)?,
                SeatState::Left(k) => write!(f, "{}:left{}:{}", s.letter(), k, st.walls)?,
            }
        }
        if first {
            f.write_str("-")?;
        }
        f.write_str(" ")?;
        if self.walls.is_empty() {
            f.write_str("-")?;
        }
        for (i, w) in self.walls.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{w}")?;
        }
        write!(f, " {} {}", self.turn.letter(), self.ply)?;
        if let Some(limit) = self.ply_limit {
            write!(f, "/{limit}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

fn parse_u32(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 10 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_seat(token: &str) -> Result<(Seat, SeatSetup), ParsePositionError> {
    let err = |reason| ParsePositionError::new(ParsePositionErrorKind::Seat { reason }, token);
    let mut parts = token.split(':');
    let (Some(seat), Some(place), Some(walls), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(err("expected SEAT:SQUARE:WALLS or SEAT:leftK:WALLS"));
    };
    let seat = match seat {
        "S" => Seat::South,
        "W" => Seat::West,
        "N" => Seat::North,
        "E" => Seat::East,
        _ => return Err(err("the seat is one of S, W, N, E")),
    };
    // The numbers read here are whatever a `Setup` can hold, so that every setup reads back;
    // whether they are legal (a leaving order 1, 2, ...; at most `MAX_WALLS_PER_PLAYER`
    // walls) is for `Position::try_from` to say.
    let state = if let Some(k) = place.strip_prefix("left") {
        match parse_u32(k).and_then(|k| u8::try_from(k).ok()) {
            Some(k) => SeatState::Left(k),
            None => {
                return Err(err(
                    "a player who left is written leftK, K its place in the leaving order (1, 2, 3)",
                ));
            }
        }
    } else {
        SeatState::Playing(
            place.parse::<Square>().map_err(|_| err("the pawn square is not a square like e1"))?,
        )
    };
    let Some(walls) = parse_u32(walls).and_then(|w| u8::try_from(w).ok()) else {
        return Err(err(
            "walls in hand is a whole number (a legal position allows 0 to 127, MAX_WALLS_PER_PLAYER)",
        ));
    };
    Ok((seat, SeatSetup { state, walls }))
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: [&str; 5] = {
            let mut it = s.split(' ');
            let mut out = [""; 5];
            let mut n = 0;
            for part in it.by_ref() {
                if n < 5 {
                    out[n] = part;
                }
                n += 1;
            }
            if n != 5 {
                return Err(ParsePositionError {
                    kind: ParsePositionErrorKind::Fields(n),
                    token: None,
                });
            }
            out
        };
        let [size_f, seats_f, walls_f, turn_f, ply_f] = fields;

        let (digits, variant) = match size_f.strip_suffix('k') {
            Some(d) => (d, Variant::KingOfTheHill),
            None => (size_f, Variant::Classic),
        };
        let size: BoardSize = digits
            .parse()
            .map_err(|_| ParsePositionError::new(ParsePositionErrorKind::Size, size_f))?;

        let mut seats = [None; 4];
        let mut last: Option<Seat> = None;
        // `-` for no seats at all: no legal position, but a setup that must read back.
        for token in seats_f.split(',').filter(|_| seats_f != "-") {
            let (seat, st) = parse_seat(token)?;
            if last.is_some_and(|l| l >= seat) {
                return Err(ParsePositionError::new(
                    ParsePositionErrorKind::Seat {
                        reason: "seats are listed once each, in turn order S, W, N, E",
                    },
                    token,
                ));
            }
            last = Some(seat);
            seats[seat.index()] = Some(st);
        }

        let mut walls = WallSet::new();
        if walls_f != "-" {
            for token in walls_f.split(',') {
                let w: Wall = token
                    .parse()
                    .map_err(|e| ParsePositionError::new(ParsePositionErrorKind::Wall(e), token))?;
                if !walls.insert(w) {
                    return Err(ParsePositionError::new(
                        ParsePositionErrorKind::DuplicateWall(w),
                        token,
                    ));
                }
            }
        }

        let turn = match turn_f {
            "S" => Seat::South,
            "W" => Seat::West,
            "N" => Seat::North,
            "E" => Seat::East,
            _ => return Err(ParsePositionError::new(ParsePositionErrorKind::Turn, turn_f)),
        };

        let bad_ply = || ParsePositionError::new(ParsePositionErrorKind::Ply, ply_f);
        let (ply, ply_limit) = match ply_f.split_once('/') {
            Some((p, l)) => {
                (parse_u32(p).ok_or_else(bad_ply)?, Some(parse_u32(l).ok_or_else(bad_ply)?))
            }
            None => (parse_u32(ply_f).ok_or_else(bad_ply)?, None),
        };

        Ok(Setup { size, variant, seats: seats.into(), walls, turn, ply, ply_limit })
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string and checks that it is legal.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = s.parse()?;
        Ok(Position::try_from(setup)?)
    }
}
