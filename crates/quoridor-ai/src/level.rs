//! Playing levels for people, 1 (beginner) to 10 (full strength).
//!
//! | level | two players | three and four players | evaluation noise | random moves |
//! |---|---|---|---|---|
//! | 1 | depth 1 | 30 playouts | ±3 steps | 20% |
//! | 2 | depth 1 | 60 playouts | ±2 steps | 10% |
//! | 3 | depth 2 | 150 playouts | ±1.5 steps | 5% |
//! | 4 | depth 2 | 300 playouts | ±1 step | 2% |
//! | 5 | depth 3 | 700 playouts | ±0.6 steps | - |
//! | 6 | depth 4 | 1,500 playouts | ±0.4 steps | - |
//! | 7 | 25,000 nodes | 2,500 playouts | ±0.2 steps | - |
//! | 8 | 100 ms | 100 ms × 2/players | - | - |
//! | 9 | 500 ms | 500 ms × 2/players | - | - |
//! | 10 | 2 s | 2 s × 2/players | - | - |
//!
//! In King of the Hill levels 1 to 7 are 10, 20, 40, 80, 160, 320 and 640 playouts
//! ([`Level::limits_in`]): its playouts cost about four times those of a four-player race.
//!
//! Noise is a pseudo-random amount added to every evaluation, drawn from the position's hash
//! and the bot's seed: the same bot plays the same game, another seed another game. A
//! random move is a uniformly drawn pawn move (never a wall: a beginner's slips are walks,
//! not walls thrown away). Levels 1 to 7 are deterministic for a given seed and do not
//! depend on the machine; 8 to 10 are timed and play better on a faster machine. The time
//! limits also apply on top of the node and depth limits, capped at 2 s. In three- and
//! four-player games the tree search plays (its playouts are its nodes), and every time is
//! multiplied by 2/players ([`Level::limits_for`]).

use std::time::Duration;

use quoridor_core::{Players, Position, Variant};

use crate::Limits;

/// A playing level, 1 (beginner) to 10 (full strength).
///
/// ```
/// use quoridor_ai::Level;
/// assert!(Level::new(0).is_none() && Level::new(11).is_none());
/// let l = Level::new(3).unwrap();
/// assert_eq!(l.get(), 3);
/// assert_eq!(l.limits().depth, Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// The level `l`, or `None` outside 1..=10.
    pub fn new(l: u8) -> Option<Level> {
        (1..=10).contains(&l).then_some(Level(l))
    }

    /// The level as a number, 1 to 10.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The search limits of this level in a two-player game.
    pub fn limits(self) -> Limits {
        self.limits_for(Players::Two)
    }

    /// The search limits of this level for a search of `pos`: [`Level::limits_for`] its
    /// number of players, except that a three- or four-player game with only two players
    /// left (the others out) is searched by the two-player engine with its own depth or
    /// node limits (the times still those of the game's number of players).
    ///
    /// ```
    /// use quoridor_ai::Level;
    /// use quoridor_core::Position;
    /// let five = Level::new(5).unwrap();
    /// let four: Position = "9 S:e1:5,W:a5:5,N:e9:5,E:i5:5 - S 0".parse().unwrap();
    /// assert_eq!(five.limits_at(&four).nodes, Some(700));
    /// assert_eq!(five.limits_at(&Position::default()).depth, Some(3));
    /// ```
    pub fn limits_at(self, pos: &Position) -> Limits {
        let own = self.limits_in(pos.players(), pos.variant());
        if pos.players().get() > 2 && pos.active_seats().count() <= 2 {
            return Limits { movetime: own.movetime, ..self.limits() };
        }
        own
    }

    /// The search limits of this level in a game of `players` players: with more than two,
    /// levels 1 to 7 are a number of playouts of the tree search (the table above), and
    /// every time (the think time of levels 8 to 10, the cap of the others) is multiplied by
    /// 2/`players`, so that a person waits about as long for the engines' moves of one round
    /// as in a two-player game (three engines in a four-player game take 1.5 times one
    /// two-player move, not three times).
    ///
    /// ```
    /// use std::time::Duration;
    /// use quoridor_ai::Level;
    /// use quoridor_core::Players;
    /// let ten = Level::new(10).unwrap();
    /// assert_eq!(ten.limits_for(Players::Two).movetime, Some(Duration::from_secs(2)));
    /// assert_eq!(ten.limits_for(Players::Four).movetime, Some(Duration::from_secs(1)));
    /// ```
    pub fn limits_for(self, players: Players) -> Limits {
        self.limits_in(players, Variant::Classic)
    }

    /// The search limits of this level in a game of `players` players and `variant`:
    /// [`Level::limits_for`], except that in King of the Hill levels 1 to 7 are fewer
    /// playouts (10, 20, 40, 80, 160, 320 and 640). There every pawn is near the crown
    /// from the start, and a playout measures every player's exposure to walls: it costs
    /// about four times one of a four-player race, so the timed level 8 plays fewer
    /// playouts than the four-player level 7 in the positions that decide a game.
    ///
    /// ```
    /// use quoridor_ai::Level;
    /// use quoridor_core::{Players, Variant};
    /// let seven = Level::new(7).unwrap();
    /// assert_eq!(seven.limits_in(Players::Four, Variant::Classic).nodes, Some(2_500));
    /// assert_eq!(seven.limits_in(Players::Four, Variant::KingOfTheHill).nodes, Some(640));
    /// ```
    pub fn limits_in(self, players: Players, variant: Variant) -> Limits {
        let ms = |t: u64| Some(Duration::from_millis(t * 2 / u64::from(players.get())));
        let cap = ms(2000);
        if players.get() > 2 {
            let playouts = match variant {
                Variant::KingOfTheHill => [10, 20, 40, 80, 160, 320, 640],
                _ => [30, 60, 150, 300, 700, 1_500, 2_500],
            };
            return match self.0 {
                l @ 1..=7 => Limits {
                    nodes: Some(playouts[usize::from(l - 1)]),
                    movetime: cap,
                    ..Limits::default()
                },
                8 => Limits { movetime: ms(100), ..Limits::default() },
                9 => Limits { movetime: ms(500), ..Limits::default() },
                _ => Limits { movetime: ms(2000), ..Limits::default() },
            };
        }
        match self.0 {
            1 | 2 => Limits { depth: Some(1), movetime: cap, ..Limits::default() },
            3 | 4 => Limits { depth: Some(2), movetime: cap, ..Limits::default() },
            5 => Limits { depth: Some(3), movetime: cap, ..Limits::default() },
            6 => Limits { depth: Some(4), movetime: cap, ..Limits::default() },
            7 => Limits { nodes: Some(25_000), movetime: cap, ..Limits::default() },
            8 => Limits { movetime: ms(100), ..Limits::default() },
            9 => Limits { movetime: ms(500), ..Limits::default() },
            _ => Limits { movetime: ms(2000), ..Limits::default() },
        }
    }

    /// Evaluation noise of this level, in centi-steps either way.
    pub fn noise(self) -> i32 {
        [300, 200, 150, 100, 60, 40, 20, 0, 0, 0][usize::from(self.0 - 1)]
    }

    /// Chance of a random pawn move instead of the searched one, in percent.
    pub fn random_move_percent(self) -> u32 {
        [20, 10, 5, 2, 0, 0, 0, 0, 0, 0][usize::from(self.0 - 1)]
    }
}
