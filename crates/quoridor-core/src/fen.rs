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

use crate::config::Variant;
use crate::position::{Position, SeatSetup, SeatState, Setup, SetupError};
use crate::square::{Seat, SmallText, Square};
use crate::wall::{ParseWallError, Wall, WallSet};

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not five fields.
    #[error(
        "a position has 5 fields separated by spaces (size, seats, walls, turn, ply), found {0}"
    )]
    Fields(usize),
    /// The size field is wrong.
    #[error(
        "bad size `{0}`: expected an odd number from 5 to 11, with `k` after it for King of the Hill"
    )]
    Size(SmallText),
    /// A seat entry is wrong.
    #[error("bad seat entry `{token}`: {reason}")]
    Seat {
        /// The entry.
        token: SmallText,
        /// What is wrong.
        reason: &'static str,
    },
    /// A wall is wrong.
    #[error("bad wall `{token}`: {source}")]
    Wall {
        /// The wall token.
        token: SmallText,
        /// What is wrong.
        source: ParseWallError,
    },
    /// A wall is listed twice.
    #[error("wall `{0}` is listed twice")]
    DuplicateWall(Wall),
    /// The turn field is wrong.
    #[error("bad turn `{0}`: expected the seat to move, S, W, N or E")]
    Turn(SmallText),
    /// The ply field is wrong.
    #[error("bad ply `{0}`: expected the number of plies played, with `/LIMIT` for a ply limit")]
    Ply(SmallText),
    /// The fields read, but they do not make a legal position.
    #[error("illegal position: {0}")]
    Setup(#[from] SetupError),
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
            let Some(st) = self.seats[s.index()] else { continue };
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
    let err = |reason| ParsePositionError::Seat { token: SmallText::new(token), reason };
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
    let state = if let Some(k) = place.strip_prefix("left") {
        match parse_u32(k) {
            Some(k @ 1..=3) => SeatState::Left(k as u8),
            _ => {
                return Err(err(
                    "a player who left is written leftK, K from 1 to 3 in leaving order",
                ));
            }
        }
    } else {
        SeatState::Playing(
            place.parse::<Square>().map_err(|_| err("the pawn square is not a square like e1"))?,
        )
    };
    let walls = match parse_u32(walls) {
        Some(w) if w <= 255 => w as u8,
        _ => return Err(err("walls in hand is a number from 0 to 127")),
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
                return Err(ParsePositionError::Fields(n));
            }
            out
        };
        let [size_f, seats_f, walls_f, turn_f, ply_f] = fields;

        let (digits, variant) = match size_f.strip_suffix('k') {
            Some(d) => (d, Variant::KingOfTheHill),
            None => (size_f, Variant::Classic),
        };
        let size = match parse_u32(digits) {
            Some(n @ 5..=11) if n % 2 == 1 => n as u8,
            _ => return Err(ParsePositionError::Size(SmallText::new(size_f))),
        };

        let mut seats = [None; 4];
        let mut last: Option<Seat> = None;
        for token in seats_f.split(',') {
            let (seat, st) = parse_seat(token)?;
            if last.is_some_and(|l| l >= seat) {
                return Err(ParsePositionError::Seat {
                    token: SmallText::new(token),
                    reason: "seats are listed once each, in turn order S, W, N, E",
                });
            }
            last = Some(seat);
            seats[seat.index()] = Some(st);
        }

        let mut walls = WallSet::new();
        if walls_f != "-" {
            for token in walls_f.split(',') {
                let w: Wall = token.parse().map_err(|source| ParsePositionError::Wall {
                    token: SmallText::new(token),
                    source,
                })?;
                if !walls.insert(w) {
                    return Err(ParsePositionError::DuplicateWall(w));
                }
            }
        }

        let turn = match turn_f {
            "S" => Seat::South,
            "W" => Seat::West,
            "N" => Seat::North,
            "E" => Seat::East,
            _ => return Err(ParsePositionError::Turn(SmallText::new(turn_f))),
        };

        let bad_ply = || ParsePositionError::Ply(SmallText::new(ply_f));
        let (ply, ply_limit) = match ply_f.split_once('/') {
            Some((p, l)) => {
                (parse_u32(p).ok_or_else(bad_ply)?, Some(parse_u32(l).ok_or_else(bad_ply)?))
            }
            None => (parse_u32(ply_f).ok_or_else(bad_ply)?, None),
        };

        Ok(Setup { size, variant, seats, walls, turn, ply, ply_limit })
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use crate::moves::Move;

    macro_rules! via_string {
        ($t:ty, $what:literal) => {
            impl serde::Serialize for $t {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.collect_str(self)
                }
            }

            impl<'de> serde::Deserialize<'de> for $t {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                    struct V;
                    impl serde::de::Visitor<'_> for V {
                        type Value = $t;
                        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                            f.write_str($what)
                        }
                        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$t, E> {
                            v.parse().map_err(E::custom)
                        }
                    }
                    d.deserialize_str(V)
                }
            }
        };
    }

    via_string!(Square, "a square like e1");
    via_string!(Wall, "a wall like e3h");
    via_string!(Move, "a move like e2 or e3h");
    via_string!(Position, "a position string");
}
