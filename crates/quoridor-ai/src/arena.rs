//! What a match between bots needs: the seat schedule and seeds of each game, random
//! openings, playing a game out (a bot that fails forfeits), and the Elo estimate of the
//! result.
//!
//! A match sets two sides, A and B (numbered 0 and 1), against each other over many games.
//! Games are played in pairs from the same random opening, the sides swapping seats in the
//! second game of a pair; with three or four players the seats alternate between the sides in
//! turn order. [`Schedule`] says which side plays each seat of each game and with which seed,
//! [`play_game`] plays one game of the match and returns a [`GameReport`], and [`elo`] turns
//! the wins, draws and losses of side A into an Elo difference with its 95% interval.
//!
//! ```
//! use quoridor_ai::arena::{self, Schedule};
//! use quoridor_ai::{Bot, GreedyBot, RandomBot};
//! use quoridor_core::{Config, Game};
//!
//! let start = Game::new(&Config::default().with_ply_limit(Some(200)))?;
//! let schedule = Schedule::new(start.position(), 7).with_opening(2, 0);
//! let (mut wins, mut draws, mut losses) = (0, 0, 0);
//! for g in 0..4 {
//!     // Side A is the greedy bot, side B the random one.
//!     let report = arena::play_game(&start, &schedule, g, |side, seed| {
//!         let bot: Box<dyn Bot> =
//!             if side == 0 { Box::new(GreedyBot::new()) } else { Box::new(RandomBot::new(seed)) };
//!         Ok::<_, std::convert::Infallible>(bot)
//!     })?;
//!     assert!(report.game.position().is_game_over());
//!     match report.winner {
//!         Some(0) => wins += 1,
//!         Some(_) => losses += 1,
//!         None => draws += 1,
//!     }
//! }
//! let e = arena::elo(wins, draws, losses).expect("four games were played");
//! assert!(e.low <= e.elo && e.elo <= e.high);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use quoridor_core::{Game, Move, Outcome, Position, Seat};

use crate::bots::Bot;
use crate::rng::{SplitMix64, mix};

/// Xored into a match's seed before it is hashed for the bots' seeds
/// ([`Schedule::bot_seed`]), so that these are not the openings' draws.
const BOT_SEED_KEY: u64 = 0xB07_5EED;

/// Which side plays each seat in each game of a match, with which seed, from which opening.
///
/// The seats are taken in turn order from the first mover of the match's start position.
/// In even games (0, 2, ...) side A (0) takes the seats at even places of that order (the
/// first mover's, and with four players the third's) and side B (1) the others; odd games
/// swap them. Games 2k and 2k + 1 start from the same random opening, drawn from the
/// match's seed and k.
///
/// ```
/// use quoridor_ai::arena::Schedule;
/// use quoridor_core::{Config, Players, Position, Seat};
///
/// let start = Position::start(&Config::default().with_players(Players::Four))?;
/// let schedule = Schedule::new(&start, 1);
/// assert_eq!(schedule.order(), [Seat::South, Seat::West, Seat::North, Seat::East]);
/// let sides = |g| schedule.order().iter().map(|&s| schedule.side_of(g, s)).collect::<Vec<_>>();
/// assert_eq!(sides(0), [0, 1, 0, 1]);
/// assert_eq!(sides(1), [1, 0, 1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    order: Vec<Seat>,
    seed: u64,
    opening_plies: u32,
    opening_walls: u32,
}

impl Schedule {
    /// The schedule of a match from `start` (the position every game starts from, before
    /// its opening) with the match's `seed`, without random openings.
    #[must_use]
    pub fn new(start: &Position, seed: u64) -> Schedule {
        let first = start.turn().index();
        let mut order: Vec<Seat> = start.seats().collect();
        order.sort_by_key(|s| (s.index() + 4 - first) % 4);
        Schedule { order, seed, opening_plies: 0, opening_walls: 0 }
    }

    /// This schedule with random openings of `plies` moves, `wall_percent` of them walls
    /// (see [`random_opening`]).
    #[must_use]
    pub const fn with_opening(mut self, plies: u32, wall_percent: u32) -> Schedule {
        self.opening_plies = plies;
        self.opening_walls = wall_percent;
        self
    }

    /// The match's seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The seats of the start position in turn order, the first mover first.
    #[must_use]
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// The side that plays `seat` in game `game` (counted from 0): 0 for side A, 1 for
    /// side B. A seat the start position does not have counts as the first mover's.
    #[must_use]
    pub fn side_of(&self, game: u32, seat: Seat) -> usize {
        let i = self.order.iter().position(|&s| s == seat).unwrap_or(0);
        (i + (game % 2) as usize) % 2
    }

    /// The seed of the bot at `seat` in game `game`: different for every seat and game of
    /// the match, and, the match's seed being hashed first, unrelated between matches with
    /// nearby seeds (when it was seed·31 + 8·game + seat, seed s + 2's North in game g
    /// drew what seed s's South drew in game g + 8).
    ///
    /// ```
    /// use quoridor_ai::arena::Schedule;
    /// use quoridor_core::{Position, Seat};
    /// let schedule = Schedule::new(&Position::default(), 5);
    /// assert_ne!(schedule.bot_seed(3, Seat::North), schedule.bot_seed(3, Seat::South));
    /// let next = Schedule::new(&Position::default(), 6);
    /// assert!((0..64).all(|g| next.bot_seed(g, Seat::North) != schedule.bot_seed(3, Seat::North)));
    /// ```
    #[must_use]
    pub fn bot_seed(&self, game: u32, seat: Seat) -> u64 {
        mix(self.seed ^ BOT_SEED_KEY).wrapping_add(u64::from(game) * 8 + seat.index() as u64)
    }

    /// The random opening of game `game` from `start`: the same for both games of a pair.
    /// The match's seed is hashed before the pair's number is added, so that matches with
    /// nearby seeds (two halves of a match run side by side, say) play different openings.
    #[must_use]
    pub fn opening(&self, start: &Position, game: u32) -> Vec<Move> {
        let mut rng = SplitMix64::new(mix(self.seed).wrapping_add(u64::from(game / 2)));
        random_opening(start, self.opening_plies, self.opening_walls, &mut rng)
    }
}

/// `plies` random legal moves from `pos` (fewer if the game ends): walls `wall_percent` of
/// the time when the side to move has one (every time from 100 up), pawn moves otherwise,
/// each drawn uniformly. The openings of matches and self-play, so that their games differ.
///
/// ```
/// use quoridor_ai::SplitMix64;
/// use quoridor_ai::arena::random_opening;
/// use quoridor_core::{Move, Position};
///
/// let start = Position::default();
/// let opening = random_opening(&start, 4, 100, &mut SplitMix64::new(3));
/// assert_eq!(opening.len(), 4);
/// assert!(opening.iter().all(|m| matches!(m, Move::Wall(_))));
/// let mut pos = start;
/// for m in opening {
///     pos.play(m)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn random_opening(
    pos: &Position,
    plies: u32,
    wall_percent: u32,
    rng: &mut SplitMix64,
) -> Vec<Move> {
    let mut pos = *pos;
    let mut opening = Vec::new();
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let moves = pos.legal_moves();
        let (walls, pawns): (Vec<Move>, Vec<Move>) =
            moves.iter().partition(|m| matches!(m, Move::Wall(_)));
        let want_wall =
            wall_percent > 0 && !walls.is_empty() && (rng.below(100) as u32) < wall_percent;
        let pool = if want_wall || pawns.is_empty() { &walls } else { &pawns };
        if pool.is_empty() {
            break;
        }
        // A random wall may hand the game to one side at once; that is the variety wanted.
        let m = pool[rng.below(pool.len())];
        pos.play_unchecked(m);
        opening.push(m);
    }
    opening
}

/// Plays `game` to its end, each seat's move chosen by its bot in `bots`. A bot that gives
/// no move, or an illegal one, forfeits: its seat resigns, and a note says so, with the
/// bot's [`Bot::last_error`] when it has one ("North gave no move and forfeits: ...").
/// A seat without a bot forfeits likewise. Returns the notes, in the order of the forfeits.
///
/// A game without a ply limit lasts as long as the bots keep playing.
///
/// ```
/// use quoridor_ai::arena::play_out;
/// use quoridor_ai::{Bot, GreedyBot};
/// use quoridor_core::{Game, Outcome, Seat};
///
/// let mut game = Game::default();
/// let mut bots: Vec<(Seat, Box<dyn Bot>)> = vec![(Seat::South, Box::new(GreedyBot::new()))];
/// let notes = play_out(&mut game, &mut bots);
/// assert_eq!(notes, ["North gave no move and forfeits: no bot plays this seat"]);
/// assert_eq!(game.outcome(), Some(Outcome::Winner(Seat::South)));
/// ```
pub fn play_out(game: &mut Game, bots: &mut [(Seat, Box<dyn Bot>)]) -> Vec<String> {
    let mut notes = Vec::new();
    while !game.position().is_game_over() {
        let seat = game.position().turn();
        let (choice, error) = match bots.iter_mut().find(|(s, _)| *s == seat) {
            Some((_, bot)) => {
                let choice = bot.choose_in_game(game);
                (choice, bot.last_error())
            }
            None => (None, Some("no bot plays this seat".to_string())),
        };
        match choice {
            Some(m) if game.play(m).is_ok() => {}
            other => {
                let what = match other {
                    Some(m) => format!("{seat} played the illegal move {m} and forfeits"),
                    None => format!("{seat} gave no move and forfeits"),
                };
                notes.push(match error {
                    Some(e) => format!("{what}: {e}"),
                    None => what,
                });
                if game.resign(seat).is_err() {
                    break;
                }
            }
        }
    }
    notes
}

/// One seat of a game of a match: who sat there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Seating {
    /// The seat.
    pub seat: Seat,
    /// The side that played it: 0 for A, 1 for B.
    pub side: usize,
    /// The bot's name ([`Bot::name`]).
    pub bot: String,
}

/// One finished game of a match, as [`play_game`] returns it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GameReport {
    /// The game from the match's start: the opening, then the bots' moves (and any
    /// forfeits). Its tags are the start game's.
    pub game: Game,
    /// The seats in turn order from the first mover, with the side and bot at each.
    pub seats: Vec<Seating>,
    /// The side that won (0 for A, 1 for B), or `None` for a draw.
    pub winner: Option<usize>,
    /// What went wrong, if anything: the forfeits (see [`play_out`]).
    pub notes: Vec<String>,
}

/// Plays game `game` (counted from 0) of a match from `start`: the schedule's opening, then
/// a bot at every seat, made by `make_bot(side, seed)` with the side (0 for A, 1 for B) and
/// the seed the schedule gives the seat, playing it out (see [`play_out`]). The bots are
/// dropped before it returns.
///
/// An opening move that `start`'s position does not allow (a schedule made for another
/// position) ends the opening there.
///
/// # Errors
/// The first error of `make_bot`; no move is played after it.
pub fn play_game<E>(
    start: &Game,
    schedule: &Schedule,
    game: u32,
    mut make_bot: impl FnMut(usize, u64) -> Result<Box<dyn Bot>, E>,
) -> Result<GameReport, E> {
    let mut played = start.clone();
    for m in schedule.opening(start.position(), game) {
        if played.play(m).is_err() {
            break;
        }
    }
    let mut bots: Vec<(Seat, Box<dyn Bot>)> = Vec::with_capacity(schedule.order().len());
    for &seat in schedule.order() {
        let side = schedule.side_of(game, seat);
        bots.push((seat, make_bot(side, schedule.bot_seed(game, seat))?));
    }
    let notes = play_out(&mut played, &mut bots);
    let seats = bots
        .iter()
        .map(|(seat, bot)| Seating {
            seat: *seat,
            side: schedule.side_of(game, *seat),
            bot: bot.name(),
        })
        .collect();
    drop(bots);
    let winner = match played.outcome() {
        Some(Outcome::Winner(s)) => Some(schedule.side_of(game, s)),
        _ => None,
    };
    Ok(GameReport { game: played, seats, winner, notes })
}

/// An Elo difference and its 95% interval, from the wins, draws and losses of one side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The score of the side, 0 to 1.
    pub score: f64,
    /// The Elo difference (infinite when every game was won or lost).
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// A score bound within rounding of 0 or 1 is 0 or 1 (its Elo is infinite).
fn snap(x: f64) -> f64 {
    if x < 1e-9 {
        0.0
    } else if x > 1.0 - 1e-9 {
        1.0
    } else {
        x
    }
}

/// The Elo difference of a side that won `wins`, drew `draws` and lost `losses` games:
/// `-400 log10(1/score - 1)` for the mean game score (win 1, draw ½, loss 0), with a 95%
/// interval for that score turned into Elo the same way. `None` without games.
///
/// The interval is a Wilson score interval (z = 1.96) that uses the games' own variance:
/// it equals the Wilson interval without draws, is narrower with them, and stays
/// informative when every game went the same way (an end is infinite where it reaches a
/// score of 0 or 1).
///
/// ```
/// use quoridor_ai::arena::elo;
/// let e = elo(6, 2, 2).unwrap();
/// assert!((e.score - 0.7).abs() < 1e-9);
/// assert_eq!(format!("{:.1} {:.1} {:.1}", e.elo, e.low, e.high), "147.2 -57.6 331.9");
/// assert_eq!(elo(4, 0, 0).unwrap().high, f64::INFINITY);
/// assert_eq!(elo(0, 0, 0), None);
/// ```
#[must_use]
pub fn elo(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let (wf, df, lf) = (f64::from(wins), f64::from(draws), f64::from(losses));
    // Summed as floats, exactly, so that no count overflows.
    let n = wf + df + lf;
    if n == 0.0 {
        return None;
    }
    let score = (wf + 0.5 * df) / n;
    let var = (wf * (1.0 - score).powi(2) + df * (0.5 - score).powi(2) + lf * score.powi(2)) / n;
    let z = 1.959_964f64;
    let z2n = z * z / n;
    let centre = (score + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (var / n + z2n / (4.0 * n)).sqrt();
    Some(EloEstimate {
        score,
        elo: elo_of(score),
        low: elo_of(snap(centre - half)),
        high: elo_of(snap(centre + half)),
    })
}

#[cfg(test)]
mod tests {
    use quoridor_core::Config;

    use super::*;
    use crate::{GreedyBot, RandomBot};

    #[test]
    fn elo_is_symmetric_and_bounded() {
        let e = elo(6, 2, 2).unwrap();
        assert!((e.score - 0.7).abs() < 1e-9);
        assert!(e.elo > 140.0 && e.elo < 150.0, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high);
        let f = elo(2, 2, 6).unwrap();
        assert!((e.elo + f.elo).abs() < 1e-9);
        let all = elo(4, 0, 0).unwrap();
        assert_eq!(all.elo, f64::INFINITY);
        assert!(all.low.is_finite() && all.low > 0.0, "{all:?}");
        assert_eq!(all.high, f64::INFINITY);
        let big = elo(550, 100, 350).unwrap();
        assert!(big.low > 40.0 && big.high < 100.0, "{big:?}");
        assert!(elo(0, 0, 0).is_none());
        assert_eq!(elo(5, 0, 5).unwrap().elo, 0.0);
    }

    #[test]
    fn elo_takes_counts_whose_sum_overflows() {
        let e = elo(u32::MAX, u32::MAX, u32::MAX).unwrap();
        assert!((e.score - 0.5).abs() < 1e-9 && e.elo.abs() < 1e-6, "{e:?}");
        assert!(e.low < 0.0 && e.high > 0.0 && e.high - e.low < 0.01, "{e:?}");
        // So many losses leave no room above a score of 0 at all.
        let none = elo(0, 0, u32::MAX).unwrap();
        assert_eq!((none.score, none.elo), (0.0, f64::NEG_INFINITY));
        assert_eq!((none.low, none.high), (f64::NEG_INFINITY, f64::NEG_INFINITY));
    }

    #[test]
    fn the_schedule_starts_from_the_first_mover_and_swaps_each_game() {
        let config =
            Config::default().with_players(quoridor_core::Players::Four).with_first(Seat::North);
        let schedule = Schedule::new(&Position::start(&config).unwrap(), 9);
        assert_eq!(schedule.order(), [Seat::North, Seat::East, Seat::South, Seat::West]);
        for g in 0..6 {
            for (i, &seat) in schedule.order().iter().enumerate() {
                assert_eq!(schedule.side_of(g, seat), (i + g as usize) % 2, "game {g} {seat}");
            }
        }
        let last = schedule.order().last().copied().unwrap();
        assert_eq!(
            (schedule.side_of(u32::MAX, last), schedule.side_of(u32::MAX - 1, last)),
            (0, 1)
        );
        let two = Schedule::new(&Position::default(), 9);
        assert_eq!(two.order(), [Seat::South, Seat::North]);
        assert_eq!(two.side_of(0, Seat::West), 0, "a missing seat counts as the first mover's");
        assert_eq!(two.side_of(1, Seat::West), 1);
        let seeds: Vec<u64> = (0..4).flat_map(|g| Seat::ALL.map(|s| two.bot_seed(g, s))).collect();
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "every seat of every game has its own seed");
        let last = Schedule::new(&Position::default(), u64::MAX).bot_seed(u32::MAX, Seat::East);
        assert_eq!(last, mix(u64::MAX ^ BOT_SEED_KEY).wrapping_add(u64::from(u32::MAX) * 8 + 3));
    }

    /// Matches with nearby seeds give their bots unrelated seeds (with seed·31 + 8·game +
    /// seat, seeds 2 apart shared half their bots' seeds over 200 games).
    #[test]
    fn nearby_seeds_give_bots_different_seeds() {
        let start = Position::default();
        let seeds = |seed| -> Vec<u64> {
            let schedule = Schedule::new(&start, seed);
            (0..200)
                .flat_map(|g| [Seat::South, Seat::North].map(|s| schedule.bot_seed(g, s)))
                .collect()
        };
        for (a, b) in [(4401, 4402), (4401, 4403), (0, 8)] {
            let (x, y) = (seeds(a), seeds(b));
            let shared = x.iter().filter(|s| y.contains(s)).count();
            assert_eq!(shared, 0, "seeds {a} and {b} share {shared} bot seeds");
        }
    }

    /// Matches with nearby seeds (the halves of a match run side by side) play different
    /// openings: before the seed was hashed, seed s + 1 replayed seed s's openings one pair
    /// later, so two deterministic halves played the same games.
    #[test]
    fn nearby_seeds_draw_different_openings() {
        let start = Position::default();
        let openings = |seed| -> Vec<Vec<Move>> {
            let schedule = Schedule::new(&start, seed).with_opening(4, 25);
            (0..40).step_by(2).map(|g| schedule.opening(&start, g)).collect()
        };
        let (a, b) = (openings(4201), openings(4202));
        assert_eq!(a[3], Schedule::new(&start, 4201).with_opening(4, 25).opening(&start, 7));
        let shared = a.iter().filter(|o| b.contains(o)).count();
        assert!(shared <= 2, "{shared} of 20 openings shared by seeds 4201 and 4202");
        let mut distinct = a.clone();
        distinct.sort_by_key(|o| format!("{o:?}"));
        distinct.dedup();
        assert!(distinct.len() >= 18, "only {} distinct openings in 20 pairs", distinct.len());
    }

    #[test]
    fn games_of_a_pair_share_their_opening() {
        let start = Position::default();
        let schedule = Schedule::new(&start, 11).with_opening(6, 50);
        let openings: Vec<Vec<Move>> = (0..6).map(|g| schedule.opening(&start, g)).collect();
        assert_eq!(openings[0], openings[1]);
        assert_eq!(openings[2], openings[3]);
        assert_ne!(openings[0], openings[2]);
        for opening in &openings {
            assert_eq!(opening.len(), 6);
            let mut pos = start;
            for &m in opening {
                pos.play(m).unwrap();
            }
        }
        assert!(Schedule::new(&start, 11).opening(&start, 0).is_empty());
    }

    #[test]
    fn random_openings_stop_when_the_game_ends() {
        let pos: Position = "5 S:c4:0,N:c2:0 - S 0".parse().unwrap();
        let opening = random_opening(&pos, 40, 100, &mut SplitMix64::new(1));
        let mut p = pos;
        for &m in &opening {
            p.play(m).unwrap();
        }
        assert!(opening.len() < 40 && p.is_game_over(), "{opening:?}");
    }

    #[test]
    fn a_match_of_greedy_against_random_plays_every_game_out() {
        let start = Game::new(&Config::default().with_ply_limit(Some(300))).unwrap();
        let schedule = Schedule::new(start.position(), 3).with_opening(2, 0);
        let mut greedy_wins = 0;
        for g in 0..6 {
            let report = play_game(&start, &schedule, g, |side, seed| {
                let bot: Box<dyn Bot> = if side == 0 {
                    Box::new(GreedyBot::new())
                } else {
                    Box::new(RandomBot::new(seed))
                };
                Ok::<_, ()>(bot)
            })
            .unwrap();
            assert!(report.game.position().is_game_over(), "game {g}");
            assert!(report.notes.is_empty(), "game {g}: {:?}", report.notes);
            let opening = schedule.opening(start.position(), g);
            assert!(report.game.moves().take(opening.len()).eq(opening.iter().copied()));
            let sides: Vec<(Seat, usize, &str)> =
                report.seats.iter().map(|s| (s.seat, s.side, s.bot.as_str())).collect();
            let want = if g % 2 == 0 {
                [(Seat::South, 0, "greedy"), (Seat::North, 1, "random")]
            } else {
                [(Seat::South, 1, "random"), (Seat::North, 0, "greedy")]
            };
            assert_eq!(sides, want, "game {g}");
            let winner = match report.game.outcome() {
                Some(Outcome::Winner(s)) => Some(schedule.side_of(g, s)),
                _ => None,
            };
            assert_eq!(report.winner, winner, "game {g}");
            greedy_wins += usize::from(report.winner == Some(0));
        }
        assert!(greedy_wins >= 5, "greedy won only {greedy_wins} of 6 against random");
    }

    #[test]
    fn a_failing_bot_stops_the_game_before_any_move() {
        let start = Game::default();
        let schedule = Schedule::new(start.position(), 0);
        let mut made = 0;
        let got = play_game(&start, &schedule, 0, |side, _| {
            made += 1;
            if side == 1 { Err("cannot start B") } else { Ok(Box::new(GreedyBot::new()) as _) }
        });
        assert_eq!(got.err(), Some("cannot start B"));
        assert_eq!(made, 2);
    }

    /// A bot that plays the same move, or none, and says why.
    struct Stubborn(Option<Move>);

    impl Bot for Stubborn {
        fn name(&self) -> String {
            "stubborn".into()
        }

        fn choose(&mut self, _: &Position) -> Option<Move> {
            self.0
        }

        fn last_error(&self) -> Option<String> {
            self.0.is_none().then(|| "the engine closed its output".to_string())
        }
    }

    #[test]
    fn a_bot_without_a_legal_move_forfeits_and_says_why() {
        let mut game = Game::default();
        let mut bots: Vec<(Seat, Box<dyn Bot>)> = vec![
            (Seat::South, Box::new(GreedyBot::new())),
            (Seat::North, Box::new(Stubborn(None))),
        ];
        let notes = play_out(&mut game, &mut bots);
        assert_eq!(notes, ["North gave no move and forfeits: the engine closed its output"]);
        assert_eq!(game.outcome(), Some(Outcome::Winner(Seat::South)));
        assert_eq!(game.moves().count(), 1, "South moved, then North resigned");

        let mut game = Game::default();
        let e5: Move = "e5".parse().unwrap();
        let mut bots: Vec<(Seat, Box<dyn Bot>)> = vec![
            (Seat::South, Box::new(Stubborn(Some(e5)))),
            (Seat::North, Box::new(GreedyBot::new())),
        ];
        let notes = play_out(&mut game, &mut bots);
        assert_eq!(notes, ["South played the illegal move e5 and forfeits"]);
        assert_eq!(game.outcome(), Some(Outcome::Winner(Seat::North)));
    }

    #[test]
    fn with_four_players_a_forfeit_leaves_the_others_playing() {
        let config =
            Config::default().with_players(quoridor_core::Players::Four).with_ply_limit(Some(400));
        let mut game = Game::new(&config).unwrap();
        let mut bots: Vec<(Seat, Box<dyn Bot>)> = vec![
            (Seat::South, Box::new(GreedyBot::new())),
            (Seat::West, Box::new(Stubborn(None))),
            (Seat::North, Box::new(GreedyBot::new())),
            (Seat::East, Box::new(RandomBot::new(4))),
        ];
        let notes = play_out(&mut game, &mut bots);
        assert_eq!(notes, ["West gave no move and forfeits: the engine closed its output"]);
        assert!(game.position().is_game_over());
        assert!(!game.position().is_active(Seat::West) || game.outcome().is_some());
        assert_ne!(game.outcome(), Some(Outcome::Winner(Seat::West)));
    }
}
