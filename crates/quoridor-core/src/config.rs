//! Game configuration: board size, players, variant, walls, first seat, ply limit.

use core::fmt;
use core::str::FromStr;

use crate::square::{MAX_SIZE, MIN_SIZE, Seat};

/// Most walls a player may hold (keeps the hash tables and counters small and exact).
pub const MAX_WALLS_PER_PLAYER: u8 = 127;

/// The rules variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Race to the opposite side.
    #[default]
    Classic,
    /// Four players race to the centre square.
    KingOfTheHill,
}

impl Variant {
    /// The name used on the command line and in records: `classic` or `koth`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::KingOfTheHill => "koth",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a variant name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a variant: expected `classic` or `koth` (King of the Hill)")]
pub struct ParseVariantError(crate::SmallText);

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s {
            "classic" => Ok(Variant::Classic),
            "koth" | "king-of-the-hill" => Ok(Variant::KingOfTheHill),
            _ => Err(ParseVariantError(crate::SmallText::new(s))),
        }
    }
}

/// The seats that play in a game of `players` players: South and North; South, West and
/// North; or all four.
pub const fn seats_for(players: u8) -> Option<&'static [Seat]> {
    match players {
        2 => Some(&[Seat::South, Seat::North]),
        3 => Some(&[Seat::South, Seat::West, Seat::North]),
        4 => Some(&Seat::ALL),
        _ => None,
    }
}

/// The default number of walls each player holds: 10 / 7 / 5 for 2 / 3 / 4 players on 9 x 9,
/// scaled by (size - 1) / 8 for other sizes, rounded half up, at least 1.
///
/// ```
/// use quoridor_core::default_walls;
/// assert_eq!(default_walls(9, 2), 10);
/// assert_eq!(default_walls(7, 2), 8); // 7.5 rounds up
/// assert_eq!(default_walls(11, 4), 6); // 6.25
/// assert_eq!(default_walls(5, 4), 3); // 2.5 rounds up
/// ```
pub const fn default_walls(size: u8, players: u8) -> u8 {
    let classic: u32 = match players {
        2 => 10,
        3 => 7,
        _ => 5,
    };
    // round(classic * (size - 1) / 8), halves up: floor((2 * classic * (size - 1) + 8) / 16)
    let w = (2 * classic * (size.saturating_sub(1) as u32) + 8) / 16;
    if w == 0 { 1 } else { w as u8 }
}

/// How a game is set up. Plain data: [`crate::Position::start`] checks it.
///
/// ```
/// use quoridor_core::{Config, Position, Seat, Variant};
/// let config = Config { players: 4, variant: Variant::KingOfTheHill, ..Config::default() };
/// let pos = Position::start(&config).unwrap();
/// assert_eq!(pos.walls_in_hand(Seat::South), 4); // the first player gets one fewer
/// assert_eq!(pos.walls_in_hand(Seat::West), 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Board side: odd, 5 to 11.
    pub size: u8,
    /// Number of players: 2, 3 or 4.
    pub players: u8,
    /// Classic or King of the Hill (four players only).
    pub variant: Variant,
    /// Walls per player; `None` for the default of [`default_walls`].
    pub walls: Option<u8>,
    /// The seat that moves first (it must be in the game).
    pub first: Seat,
    /// Number of plies after which the game ends drawn; `None` for no limit.
    pub ply_limit: Option<u32>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: 9,
            players: 2,
            variant: Variant::Classic,
            walls: None,
            first: Seat::South,
            ply_limit: None,
        }
    }
}

/// What is wrong with a [`Config`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The size is not odd or not from 5 to 11.
    #[error("board size {0} is not supported: the side must be odd, from {MIN_SIZE} to {MAX_SIZE}")]
    Size(u8),
    /// Not 2, 3 or 4 players.
    #[error("{0} players is not supported: a game has 2, 3 or 4 players")]
    Players(u8),
    /// King of the Hill is a four-player variant.
    #[error("King of the Hill is played by four players, not {0}")]
    KingOfTheHillPlayers(u8),
    /// Too many walls per player.
    #[error("{0} walls per player is too many: at most {MAX_WALLS_PER_PLAYER}")]
    Walls(u8),
    /// The first seat does not play in a game of this many players.
    #[error("{first} cannot move first: it does not play in a {players}-player game")]
    FirstSeat {
        /// The seat asked for.
        first: Seat,
        /// The number of players.
        players: u8,
    },
    /// A ply limit of zero would end the game before it starts.
    #[error("a ply limit must be at least 1")]
    PlyLimit,
}

impl Config {
    /// Checks every field.
    ///
    /// # Errors
    /// The first rule the configuration breaks.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !crate::geometry::is_valid_size(self.size) {
            return Err(ConfigError::Size(self.size));
        }
        let seats = seats_for(self.players).ok_or(ConfigError::Players(self.players))?;
        if self.variant == Variant::KingOfTheHill && self.players != 4 {
            return Err(ConfigError::KingOfTheHillPlayers(self.players));
        }
        if let Some(w) = self.walls {
            if w > MAX_WALLS_PER_PLAYER {
                return Err(ConfigError::Walls(w));
            }
        }
        if !seats.contains(&self.first) {
            return Err(ConfigError::FirstSeat { first: self.first, players: self.players });
        }
        if self.ply_limit == Some(0) {
            return Err(ConfigError::PlyLimit);
        }
        Ok(())
    }

    /// The seats in the game, in turn order.
    pub fn seats(&self) -> &'static [Seat] {
        seats_for(self.players).unwrap_or(&[])
    }

    /// Walls each player starts with (before the King of the Hill adjustment).
    pub fn walls_per_player(&self) -> u8 {
        self.walls.unwrap_or_else(|| default_walls(self.size, self.players))
    }

    /// Walls `seat` starts with: in King of the Hill the first player gets one fewer.
    pub fn starting_walls(&self, seat: Seat) -> u8 {
        let w = self.walls_per_player();
        if self.variant == Variant::KingOfTheHill && seat == self.first {
            w.saturating_sub(1)
        } else {
            w
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_wall_counts() {
        assert_eq!([default_walls(9, 2), default_walls(9, 3), default_walls(9, 4)], [10, 7, 5]);
        assert_eq!(default_walls(5, 2), 5);
        assert_eq!(default_walls(7, 3), 5); // 5.25
        assert_eq!(default_walls(11, 2), 13); // 12.5 rounds up
        assert_eq!(default_walls(11, 3), 9); // 8.75
        assert_eq!(default_walls(5, 3), 4); // 3.5 rounds up
        assert_eq!(default_walls(7, 4), 4); // 3.75
    }

    #[test]
    fn config_validation_names_the_problem() {
        let bad = |c: Config| c.validate().unwrap_err();
        assert_eq!(bad(Config { size: 8, ..Config::default() }), ConfigError::Size(8));
        assert_eq!(bad(Config { size: 13, ..Config::default() }), ConfigError::Size(13));
        assert_eq!(bad(Config { players: 5, ..Config::default() }), ConfigError::Players(5));
        assert_eq!(
            bad(Config { variant: Variant::KingOfTheHill, ..Config::default() }),
            ConfigError::KingOfTheHillPlayers(2)
        );
        assert_eq!(
            bad(Config { first: Seat::West, ..Config::default() }),
            ConfigError::FirstSeat { first: Seat::West, players: 2 }
        );
        assert_eq!(bad(Config { walls: Some(200), ..Config::default() }), ConfigError::Walls(200));
        assert_eq!(bad(Config { ply_limit: Some(0), ..Config::default() }), ConfigError::PlyLimit);
        assert!(Config::default().validate().is_ok());
    }
}
