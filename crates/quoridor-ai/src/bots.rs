//! Players behind one face: the engine, and two baselines to measure it against.

use quoridor_core::{Game, Move, Position};

use crate::engine::Engine;
use crate::ponder::Ponder;
use crate::rng::SplitMix64;
use crate::{EngineOptions, Level, Limits, SearchInfo};

/// Something that chooses moves.
pub trait Bot {
    /// A short name for tables and logs.
    fn name(&self) -> String;
    /// A legal move for the side to move, or `None` when the game is over.
    fn choose(&mut self, pos: &Position) -> Option<Move>;

    /// A legal move for the side to move in `game`'s current position. Bots that keep a game
    /// of their own (an engine in another process, told the moves one by one) read the
    /// history; the others choose from the position ([`Bot::choose`], the default).
    fn choose_in_game(&mut self, game: &Game) -> Option<Move> {
        self.choose(game.position())
    }

    /// Why the last choice gave no move (or a bad one), when the bot can tell: an engine in
    /// another process that timed out or answered nonsense. `None` by default. A match
    /// puts it in the note of the forfeit ([`crate::arena::play_out`]).
    fn last_error(&self) -> Option<String> {
        None
    }
}

/// A bot's generator. Salted, because front ends often seed their own draws (the first
/// seat, an opening) with the number they give a bot: the two must not draw alike.
const fn bot_rng(seed: u64) -> SplitMix64 {
    SplitMix64::new(seed ^ 0x5DEE_CE66_D1CE_4E5B)
}

/// Plays a uniformly random legal move.
///
/// ```
/// use quoridor_ai::{Bot, RandomBot};
/// use quoridor_core::Position;
/// let pos = Position::default();
/// let m = RandomBot::new(7).choose(&pos).unwrap();
/// assert!(pos.is_legal(m));
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SplitMix64,
}

impl RandomBot {
    /// A random bot with its seed.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: bot_rng(seed) }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.below(moves.len())])
    }
}

/// Follows a shortest path; when an opponent is closer to its goal, it places the wall that
/// most increases that opponent's distance minus its own, if that is positive.
///
/// ```
/// use quoridor_ai::{Bot, GreedyBot};
/// use quoridor_core::{Move, Position};
/// let pos = Position::default();
/// assert_eq!(GreedyBot::new().choose(&pos), Some("e2".parse::<Move>().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// The greedy bot.
    #[must_use]
    pub fn new() -> GreedyBot {
        GreedyBot
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        if pos.is_game_over() {
            return None;
        }
        let me = pos.turn();
        let my_d = i32::from(pos.distance(me)?);
        // The opponent closest to its goal (first in turn order among equals).
        let leader = pos
            .active_seats()
            .filter(|&s| s != me)
            .min_by_key(|&s| (pos.distance(s), (s.index() + 4 - me.index()) % 4));
        if let Some(opp) = leader {
            let opp_d = i32::from(pos.distance(opp)?);
            if opp_d < my_d && pos.walls_in_hand(me) > 0 {
                let mut best: Option<(Move, i32)> = None;
                for w in pos.legal_walls() {
                    let mut p = *pos;
                    p.play_unchecked(Move::Wall(w));
                    let gain = p.distance(opp).map_or(i32::MAX / 2, |d| i32::from(d) - opp_d)
                        - (i32::from(p.distance(me).unwrap_or(0)) - my_d);
                    if best.is_none_or(|(_, g)| gain > g) {
                        best = Some((Move::Wall(w), gain));
                    }
                }
                if let Some((m, g)) = best {
                    if g > 0 {
                        return Some(m);
                    }
                }
            }
        }
        // A pawn move to the square nearest the goal (a step along a shortest path, or a
        // jump when one is shorter).
        let map = pos.distance_map(me);
        pos.pawn_moves().iter().min_by_key(|&sq| map.get(sq).unwrap_or(u8::MAX)).map(Move::Pawn)
    }
}

/// The search engine as a bot, with fixed limits or a playing level.
///
/// ```
/// use quoridor_ai::{Bot, EngineBot, Level};
/// use quoridor_core::Position;
/// let pos = Position::default();
/// let m = EngineBot::with_level(Level::new(2).unwrap(), 1).choose(&pos).unwrap();
/// assert!(pos.is_legal(m));
/// ```
#[derive(Debug)]
pub struct EngineBot {
    /// `None` while it ponders (the engine is then in `pondering`).
    engine: Option<Engine>,
    pondering: Option<Ponder>,
    limits: Limits,
    level: Option<Level>,
    rng: SplitMix64,
    /// Whether the last move chosen was the level's random pawn move.
    random_last: bool,
    /// The final information of the search behind the last move chosen.
    last_search: Option<SearchInfo>,
}

impl EngineBot {
    /// The engine at full strength within `limits`, with a 16 MiB table.
    #[must_use]
    pub fn new(limits: Limits) -> EngineBot {
        EngineBot {
            engine: Some(Engine::new(EngineOptions::default().with_hash_mb(16))),
            pondering: None,
            limits,
            level: None,
            rng: bot_rng(0),
            random_last: false,
            last_search: None,
        }
    }

    /// The engine at a playing level (its limits, evaluation noise and random moves), with
    /// its seed.
    #[must_use]
    pub fn with_level(level: Level, seed: u64) -> EngineBot {
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16).with_seed(seed));
        engine.set_noise(level.noise());
        EngineBot {
            engine: Some(engine),
            pondering: None,
            limits: level.limits(),
            level: Some(level),
            rng: bot_rng(seed),
            random_last: false,
            last_search: None,
        }
    }

    /// The engine inside (stopped first if it was pondering).
    pub fn engine(&mut self) -> &mut Engine {
        self.stop_pondering();
        self.engine.get_or_insert_with(|| Engine::new(EngineOptions::default()))
    }

    /// Thinks on the opponents' time: the engine searches the current position of `game`
    /// on another thread ([`Engine::ponder`]) until the bot's next move, or
    /// [`EngineBot::stop_pondering`]; that move's search starts from what it found. Nothing
    /// happens when the game is over.
    ///
    /// ```
    /// use quoridor_ai::{Bot, EngineBot, Level};
    /// use quoridor_core::Game;
    /// let mut game = Game::default();
    /// let mut bot = EngineBot::with_level(Level::new(4).unwrap(), 1);
    /// game.play(bot.choose_in_game(&game).unwrap()).unwrap();
    /// bot.ponder(&game);
    /// assert!(bot.is_pondering());
    /// game.play("e8".parse().unwrap()).unwrap();
    /// let reply = bot.choose_in_game(&game).unwrap();
    /// assert!(!bot.is_pondering() && game.position().is_legal(reply));
    /// ```
    pub fn ponder(&mut self, game: &Game) {
        self.stop_pondering();
        if game.position().is_game_over() {
            return;
        }
        if let Some(engine) = self.engine.take() {
            self.pondering = Some(engine.ponder(game));
        }
    }

    /// Stops pondering, if the bot was ([`EngineBot::ponder`]).
    pub fn stop_pondering(&mut self) {
        if let Some(p) = self.pondering.take() {
            self.engine = Some(p.stop());
        }
    }

    /// Whether the bot is pondering.
    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Whether the last move chosen was the level's random pawn move rather than the
    /// search's ([`Level::random_move_percent`]): no search ran for it, so there was no
    /// information to report. False before the first move.
    ///
    /// ```
    /// use quoridor_ai::{EngineBot, Level};
    /// use quoridor_core::Position;
    /// let mut bot = EngineBot::with_level(Level::new(1).unwrap(), 7);
    /// let mut iterations = 0;
    /// bot.choose_with_info(&Position::default(), &mut |_| iterations += 1);
    /// assert_eq!(bot.last_move_random(), iterations == 0);
    /// ```
    #[must_use]
    pub const fn last_move_random(&self) -> bool {
        self.random_last
    }

    /// The final information of the search behind the last move chosen: its depth, score
    /// and line, the line starting with that move. It can say more than the last
    /// information `choose_with_info` reported (a search stopped inside an iteration, the
    /// tree search's last playouts). `None` before the first move, when the last move was
    /// random, and when the game was over.
    ///
    /// ```
    /// use quoridor_ai::{Bot, EngineBot, Level};
    /// use quoridor_core::Position;
    /// let mut bot = EngineBot::with_level(Level::new(6).unwrap(), 1);
    /// let m = bot.choose(&Position::default()).unwrap();
    /// assert_eq!(bot.last_search().unwrap().pv.first(), Some(&m));
    /// ```
    #[must_use]
    pub fn last_search(&self) -> Option<&SearchInfo> {
        self.last_search.as_ref()
    }

    /// Chooses a move like [`Bot::choose`], calling `on_iteration` after every completed
    /// iteration of the search (not at all when the level draws a random move instead).
    ///
    /// ```
    /// use quoridor_ai::{EngineBot, Level};
    /// use quoridor_core::Position;
    /// let mut bot = EngineBot::with_level(Level::new(5).unwrap(), 1);
    /// let mut depths = Vec::new();
    /// let m = bot.choose_with_info(&Position::default(), &mut |i| depths.push(i.depth));
    /// assert!(m.is_some());
    /// assert_eq!(depths, [1, 2, 3]);
    /// ```
    pub fn choose_with_info(
        &mut self,
        pos: &Position,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Move> {
        if let Some(m) = self.random_move(pos) {
            return Some(m);
        }
        let limits = self.limits_for(pos);
        let r = self.engine().search(pos, &limits, on_iteration)?;
        self.last_search = Some(r.info);
        Some(r.best)
    }

    /// Chooses a move like [`Bot::choose_in_game`], knowing the positions `game` went
    /// through (in three and four players a move back to one of them is a repetition,
    /// which the search counts as a draw, in King of the Hill as the leader's win: see
    /// `docs/ai.md`), and calling `on_iteration` after every completed iteration of the search (not
    /// at all when the level draws a random move instead).
    ///
    /// ```
    /// use quoridor_ai::{EngineBot, Level};
    /// use quoridor_core::Game;
    /// let mut bot = EngineBot::with_level(Level::new(5).unwrap(), 1);
    /// let mut game = Game::default();
    /// game.play("e2".parse()?)?;
    /// let mut depths = Vec::new();
    /// let m = bot.choose_in_game_with_info(&game, &mut |i| depths.push(i.depth));
    /// assert!(game.position().is_legal(m.unwrap()));
    /// assert_eq!(depths, [1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choose_in_game_with_info(
        &mut self,
        game: &Game,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Move> {
        if let Some(m) = self.random_move(game.position()) {
            return Some(m);
        }
        let limits = self.limits_for(game.position());
        let r = self.engine().search_game(game, &limits, on_iteration)?;
        self.last_search = Some(r.info);
        Some(r.best)
    }

    /// The limits of a search of `pos`: the level's for its number of players, or the
    /// fixed ones.
    fn limits_for(&self, pos: &Position) -> Limits {
        match self.level {
            Some(l) => l.limits_at(pos),
            None => self.limits.clone(),
        }
    }

    /// The level's random pawn move, when it draws one this time.
    fn random_move(&mut self, pos: &Position) -> Option<Move> {
        self.random_last = false;
        self.last_search = None;
        let pct = self.level?.random_move_percent();
        if pct > 0 && (self.rng.below(100) as u32) < pct {
            let pawn: Vec<_> = pos.pawn_moves().iter().collect();
            if !pawn.is_empty() {
                self.random_last = true;
                return Some(Move::Pawn(pawn[self.rng.below(pawn.len())]));
            }
        }
        None
    }
}

impl Bot for EngineBot {
    fn name(&self) -> String {
        match self.level {
            Some(l) => format!("level{}", l.get()),
            None => "engine".into(),
        }
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.choose_with_info(pos, &mut |_| {})
    }

    fn choose_in_game(&mut self, game: &Game) -> Option<Move> {
        self.choose_in_game_with_info(game, &mut |_| {})
    }
}
