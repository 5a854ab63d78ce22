//! Game configuration: board size, players, variant, walls, first seat, ply limit.

use core::fmt;
use core::str::FromStr;

use crate::board_size::BoardSize;
use crate::players::Players;
use crate::position::SetupError;
use crate::square::Seat;
use crate::text::SmallText;

/// Most walls a player may hold (keeps the hash tables and counters small and exact).
pub const MAX_WALLS_PER_PLAYER: u8 = 127;

/// The rules variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Variant {
    /// Race to the opposite side.
    #[default]
    Classic,
    /// Four players race to the centre square.
    KingOfTheHill,
}

impl Variant {
    /// The name used on the command line and in records: `classic` or `koth`.
    #[must_use]
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
pub struct ParseVariantError(SmallText);

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s {
            "classic" => Ok(Variant::Classic),
            "koth" | "king-of-the-hill" => Ok(Variant::KingOfTheHill),
            _ => Err(ParseVariantError(SmallText::new(s))),
        }
    }
}

/// The default number of walls each player holds: 10 / 7 / 5 for 2 / 3 / 4 players on 9 x 9,
/// scaled by (size - 1) / 8 for other sizes, rounded half up, at least 1.
///
/// ```
/// use quoridor_core::{BoardSize, Players, default_walls};
/// let size = |n| BoardSize::new(n).unwrap();
/// assert_eq!(default_walls(size(9), Players::Two), 10);
/// assert_eq!(default_walls(size(7), Players::Two), 8); // 7.5 rounds up
/// assert_eq!(default_walls(size(11), Players::Four), 6); // 6.25
/// assert_eq!(default_walls(size(5), Players::Four), 3); // 2.5 rounds up
/// ```
#[must_use]
pub const fn default_walls(size: BoardSize, players: Players) -> u8 {
    let classic: u32 = match players {
        Players::Two => 10,
        Players::Three => 7,
        Players::Four => 5,
    };
    // round(classic * (size - 1) / 8), halves up: floor((2 * classic * (size - 1) + 8) / 16)
    let w = (2 * classic * (size.get() as u32 - 1) + 8) / 16;
    if w == 0 { 1 } else { w as u8 }
}

/// How a game is set up. Plain data: [`crate::Position::start`] checks it.
///
/// Build one from [`Config::default`] (the classic two-player 9 x 9 game) and the `with_*`
/// methods; the fields can be read and set directly.
///
/// ```
/// use quoridor_core::{Config, Players, Position, Seat, Variant};
/// let config = Config::default().with_players(Players::Four).with_variant(Variant::KingOfTheHill);
/// let pos = Position::start(&config)?;
/// assert_eq!(pos.walls_in_hand(Seat::South), 4); // the first player gets one fewer
/// assert_eq!(pos.walls_in_hand(Seat::West), 5);
/// # Ok::<(), quoridor_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Board side.
    pub size: BoardSize,
    /// Number of players.
    pub players: Players,
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
    /// The classic game: 9 x 9, two players, default walls, South first, no ply limit.
    fn default() -> Config {
        Config {
            size: BoardSize::CLASSIC,
            players: Players::Two,
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
    /// King of the Hill is a four-player variant.
    #[error("King of the Hill is played by four players, not {0}")]
    KingOfTheHillPlayers(Players),
    /// Too many walls per player.
    #[error("{0} walls per player is too many: at most {MAX_WALLS_PER_PLAYER}")]
    Walls(u8),
    /// The first seat does not play in a game of this many players.
    #[error("{first} cannot move first: it does not play in a {players}-player game")]
    FirstSeat {
        /// The seat asked for.
        first: Seat,
        /// The number of players.
        players: Players,
    },
    /// A ply limit of zero would end the game before it starts.
    #[error("a ply limit must be at least 1")]
    PlyLimit,
    /// The start position breaks a rule of positions. No configuration that passes
    /// [`Config::validate`] leads here; the error is kept rather than hidden.
    #[error("the start position is illegal: {0}")]
    Start(SetupError),
}

impl Config {
    /// This configuration on a board of side `size`.
    #[must_use]
    pub const fn with_size(mut self, size: BoardSize) -> Config {
        self.size = size;
        self
    }

    /// This configuration with `players` players.
    #[must_use]
    pub const fn with_players(mut self, players: Players) -> Config {
        self.players = players;
        self
    }

    /// This configuration with the rules variant `variant`.
    #[must_use]
    pub const fn with_variant(mut self, variant: Variant) -> Config {
        self.variant = variant;
        self
    }

    /// This configuration with `walls` walls per player, or the default count for `None`.
    #[must_use]
    pub const fn with_walls(mut self, walls: Option<u8>) -> Config {
        self.walls = walls;
        self
    }

    /// This configuration with `first` moving first.
    #[must_use]
    pub const fn with_first(mut self, first: Seat) -> Config {
        self.first = first;
        self
    }

    /// This configuration with a ply limit (the game is drawn when it is reached), or none
    /// for `None`.
    #[must_use]
    pub const fn with_ply_limit(mut self, ply_limit: Option<u32>) -> Config {
        self.ply_limit = ply_limit;
        self
    }

    /// Checks every field.
    ///
    /// # Errors
    /// The first rule the configuration breaks.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let seats = self.players.seats();
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

    /// The seats in the game, in turn order from South.
    #[must_use]
    pub const fn seats(&self) -> &'static [Seat] {
        self.players.seats()
    }

    /// Walls each player starts with (before the King of the Hill adjustment).
    #[must_use]
    pub const fn walls_per_player(&self) -> u8 {
        match self.walls {
            Some(w) => w,
            None => default_walls(self.size, self.players),
        }
    }

    /// Walls `seat` starts with: in King of the Hill the first player gets one fewer.
    #[must_use]
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
    use crate::players::Players;

    fn size(n: u8) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn default_wall_counts() {
        let nine = size(9);
        assert_eq!(
            [
                default_walls(nine, Players::Two),
                default_walls(nine, Players::Three),
                default_walls(nine, Players::Four)
            ],
            [10, 7, 5]
        );
        assert_eq!(default_walls(size(5), Players::Two), 5);
        assert_eq!(default_walls(size(7), Players::Three), 5); // 5.25
        assert_eq!(default_walls(size(11), Players::Two), 13); // 12.5 rounds up
        assert_eq!(default_walls(size(11), Players::Three), 9); // 8.75
        assert_eq!(default_walls(size(5), Players::Three), 4); // 3.5 rounds up
        assert_eq!(default_walls(size(7), Players::Four), 4); // 3.75
    }

    #[test]
    fn config_validation_names_the_problem() {
        let bad = |c: Config| c.validate().unwrap_err();
        let d = Config::default();
        assert_eq!(
            bad(d.with_variant(Variant::KingOfTheHill)),
            ConfigError::KingOfTheHillPlayers(Players::Two)
        );
        assert_eq!(
            bad(d.with_first(Seat::West)),
            ConfigError::FirstSeat { first: Seat::West, players: Players::Two }
        );
        assert_eq!(bad(d.with_walls(Some(200))), ConfigError::Walls(200));
        assert_eq!(bad(d.with_ply_limit(Some(0))), ConfigError::PlyLimit);
        assert!(d.validate().is_ok());
        assert!(d.with_walls(Some(MAX_WALLS_PER_PLAYER)).validate().is_ok());
    }

    #[test]
    fn builder_sets_each_field() {
        let c = Config::default()
            .with_size(size(7))
            .with_players(Players::Three)
            .with_variant(Variant::Classic)
            .with_walls(Some(4))
            .with_first(Seat::West)
            .with_ply_limit(Some(50));
        assert_eq!(
            (c.size, c.players, c.variant, c.walls, c.first, c.ply_limit),
            (size(7), Players::Three, Variant::Classic, Some(4), Seat::West, Some(50))
        );
        assert_eq!(c.with_walls(None).walls_per_player(), default_walls(size(7), Players::Three));
        assert_eq!(c.seats(), [Seat::South, Seat::West, Seat::North]);
    }
}
