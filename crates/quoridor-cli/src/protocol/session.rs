//! The protocol's session: the game settings, the game, the engine and its limits, and how
//! each [`Command`] acts on them.
//!
//! The setters (`boardsize`, `players`, `variant`, `walls`, `first`) only record their value;
//! the combination is checked when a game starts. A setter after which the settings make a
//! game starts that game at once. One after which they conflict (`variant koth` while
//! `players 2`, `first E` while `players 3`) leaves the last game on the board for the
//! queries, and the commands that start or change a game (`clear_board`, `play`, `genmove`,
//! `undo`) are refused with the conflict until a later setter repairs it (and so starts the
//! game) or `position STRING` sets a game. Clients may therefore send the settings in any
//! order.

use std::time::Duration;

use quoridor_ai::chance::win_chance;
use quoridor_ai::{Engine, EngineOptions, Level, Limits, MultiPv, Ponder, Score};
use quoridor_core::{Config, ConfigError, Game, Move, Outcome, Players, Position, Seat, Variant};

use super::{Command, Request, Response};

/// The default think time of `genmove`.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// The table size of the protocol's engine unless `set_hash` says otherwise, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// One protocol session: the game settings, the game, the engine and its limits.
pub struct Session {
    /// The settings as the setters left them.
    settings: Config,
    /// Why the settings make no game, when the last setter left them conflicting: the game
    /// on the board is then an older one, which only the queries read.
    conflict: Option<String>,
    game: Game,
    engine: Option<Engine>,
    limits: Limits,
    /// The playing level, when `set_level` set the limits (they then depend on the game's
    /// number of players).
    level: Option<Level>,
    noise: i32,
    threads: usize,
    hash_mb: usize,
    tablebases: Vec<std::sync::Arc<quoridor_ai::tablebase::Tablebase>>,
    /// Whether the engine thinks on the opponents' time ([`Session::set_ponder`]).
    ponder: bool,
    /// The engine while it ponders (`engine` is then `None`).
    pondering: Option<Ponder>,
    quit: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A new session: the classic 9x9 two-player start, `genmove` thinking one second.
    #[must_use]
    pub fn new() -> Session {
        Session {
            settings: Config::default(),
            conflict: None,
            game: Game::default(),
            engine: None,
            limits: Limits::movetime(DEFAULT_MOVETIME),
            level: None,
            noise: 0,
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            tablebases: Vec::new(),
            ponder: false,
            pondering: None,
            quit: false,
        }
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Sets the search limits of `genmove` (and clears any level noise).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.set_noise(0);
        self.level = None;
    }

    /// Sets a playing level: its limits (for the game's number of players, when `genmove`
    /// searches) and its evaluation noise.
    pub fn set_level(&mut self, level: Level) {
        self.limits = level.limits();
        self.set_noise(level.noise());
        self.level = Some(level);
    }

    /// Sets whether the engine thinks on the opponents' time (`quoridor engine --ponder`;
    /// not a protocol command before release 0.3, as a new `Command` variant would break
    /// the 0.2 API): from the end of each
    /// `genmove` and `play` that leaves the game going on, until the next command that is
    /// not a query (see [`Command::only_reads`]). What it searches is kept for its next
    /// search: the two-player table, the three- and four-player tree.
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
        if !on {
            self.stop_pondering();
        }
    }

    /// Ends pondering, if the engine was: the engine is back in the session.
    fn stop_pondering(&mut self) {
        if let Some(p) = self.pondering.take() {
            self.engine = Some(p.stop());
        }
    }

    /// Starts pondering on the game on the board when [`Session::set_ponder`] asked for it and the
    /// game goes on.
    fn start_pondering(&mut self) {
        if !self.ponder || self.conflict.is_some() || self.position().is_game_over() {
            return;
        }
        self.stop_pondering();
        let engine = match self.engine.take() {
            Some(e) => e,
            None => self.make_engine(self.hash_mb),
        };
        self.pondering = Some(engine.ponder(&self.game));
    }

    /// Sets the engine's search threads (the engine clamps them to 1..=256).
    pub fn set_threads(&mut self, threads: usize) {
        self.stop_pondering();
        self.threads = threads;
        if let Some(e) = &mut self.engine {
            e.set_threads(self.threads);
        }
    }

    /// Sets the engine's table size in MiB; returns the size obtained (smaller when the
    /// memory cannot be had).
    pub fn set_hash(&mut self, mb: usize) -> usize {
        self.stop_pondering();
        self.hash_mb = match &mut self.engine {
            Some(e) => e.set_hash(mb),
            None => {
                // Made now, so that the size obtained is known.
                let e = self.make_engine(mb);
                let got = e.options().hash_mb;
                self.engine = Some(e);
                got
            }
        };
        self.hash_mb
    }

    /// Gives the engine an exact table ([`quoridor_ai::Engine::add_tablebase`]): `genmove`
    /// and `analyse` play and score the positions it holds from it.
    pub fn add_tablebase(&mut self, table: std::sync::Arc<quoridor_ai::tablebase::Tablebase>) {
        self.stop_pondering();
        if let Some(e) = &mut self.engine {
            e.add_tablebase(std::sync::Arc::clone(&table));
        }
        self.tablebases.push(table);
    }

    /// The engine, once `genmove` or `set_hash` has made it.
    #[cfg(test)]
    pub(super) fn engine(&self) -> Option<&Engine> {
        self.engine.as_ref()
    }

    /// Whether the engine is pondering now.
    #[cfg(test)]
    pub(super) fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    fn make_engine(&self, hash_mb: usize) -> Engine {
        let mut e =
            Engine::new(EngineOptions::default().with_hash_mb(hash_mb).with_threads(self.threads));
        e.set_noise(self.noise);
        for t in &self.tablebases {
            e.add_tablebase(std::sync::Arc::clone(t));
        }
        e
    }

    fn set_noise(&mut self, noise: i32) {
        self.stop_pondering();
        self.noise = noise;
        if let Some(e) = &mut self.engine {
            e.set_noise(noise);
        }
    }

    /// Handles one input line and returns the full reply (ending with the empty line), or
    /// `None` for a line that gets no reply (blank, or only a comment).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let request = Request::parse(line)?;
        let result = match request.command {
            Ok(command) => self.execute(command),
            Err(e) => Err(e.to_string()),
        };
        Some(super::reply(request.id.as_deref(), &result))
    }

    /// Runs one command.
    ///
    /// # Errors
    /// A command the game refuses (an illegal move, conflicting settings, no move to take
    /// back, a finished game): the message names the bad token and the rule, and the
    /// session is as it was.
    pub fn execute(&mut self, command: Command) -> Result<Response, String> {
        if command.only_reads() {
            return self.run(command);
        }
        let was_pondering = self.pondering.is_some();
        self.stop_pondering();
        let moves = matches!(command, Command::Play { .. } | Command::GenMove { .. });
        let result = self.run(command);
        // A refused command changes nothing: the engine goes on pondering if it was.
        if (moves && result.is_ok()) || (result.is_err() && was_pondering) {
            self.start_pondering();
        }
        result
    }

    fn run(&mut self, command: Command) -> Result<Response, String> {
        match command {
            Command::ProtocolVersion => Ok(Response::Line("2".to_string())),
            Command::Name => Ok(Response::Line("quoridor".to_string())),
            Command::Version => Ok(Response::Line(env!("CARGO_PKG_VERSION").to_string())),
            Command::KnownCommand(name) => Ok(Response::Line(Command::is_known(&name).to_string())),
            Command::ListCommands => {
                Ok(Response::Block(Command::names().collect::<Vec<_>>().join("\n")))
            }
            Command::Quit => {
                self.quit = true;
                Ok(Response::Empty)
            }
            Command::BoardSize(size) => Ok(self.set(|c| c.size = size)),
            Command::Players(players) => Ok(self.set(|c| c.players = players)),
            Command::Variant(variant) => Ok(self.set(|c| c.variant = variant)),
            Command::Walls(walls) => Ok(self.set(|c| c.walls = walls)),
            Command::First(first) => Ok(self.set(|c| c.first = first)),
            Command::ClearBoard => {
                let game = self.new_game()?;
                self.start(game);
                Ok(Response::Empty)
            }
            Command::Play { seat, mv } => {
                self.check_game()?;
                if let Some(seat) = seat {
                    self.check_turn(seat)?;
                }
                self.game.play(mv).map_err(|e| format!("illegal move `{mv}`: {e}"))?;
                Ok(Response::Empty)
            }
            Command::GenMove { seat } => {
                self.check_game()?;
                if let Some(seat) = seat {
                    self.check_turn(seat)?;
                }
                self.genmove().map(|m| Response::Line(m.to_string()))
            }
            Command::Analyse(multipv) => self.analyse(multipv).map(Response::Block),
            Command::Undo => {
                self.check_game()?;
                match self.game.undo() {
                    Some(_) => Ok(Response::Empty),
                    None => Err("cannot undo: no move has been played".to_string()),
                }
            }
            Command::LegalMoves => {
                let moves: Vec<String> =
                    self.position().legal_moves().iter().map(Move::to_string).collect();
                Ok(Response::Line(moves.join(" ")))
            }
            Command::SetMovetime(time) => {
                self.set_limits(Limits::movetime(time));
                Ok(Response::Empty)
            }
            Command::SetDepth(depth) => {
                self.set_limits(Limits::depth(depth));
                Ok(Response::Empty)
            }
            Command::SetLevel(level) => {
                self.set_level(level);
                Ok(Response::Empty)
            }
            Command::SetThreads(threads) => {
                self.set_threads(threads);
                Ok(Response::Empty)
            }
            Command::SetHash(mb) => Ok(Response::Line(self.set_hash(mb).to_string())),
            Command::ShowBoard => {
                let pos = self.position();
                let board = pos.diagram().to_string();
                Ok(Response::Block(format!("{board}{}", crate::board::status(pos))))
            }
            Command::Dist => {
                let pos = self.position();
                let parts: Vec<String> = pos
                    .seats()
                    .map(|s| match pos.distance(s) {
                        Some(d) => format!("{}:{d}", s.letter()),
                        None => format!("{}:-", s.letter()),
                    })
                    .collect();
                Ok(Response::Line(parts.join(" ")))
            }
            Command::Winner => Ok(Response::Line(match self.position().outcome() {
                Some(Outcome::Winner(s)) => s.letter().to_string(),
                Some(Outcome::Draw) => "draw".to_string(),
                None => "none".to_string(),
            })),
            Command::ShowPosition => Ok(Response::Line(self.position().to_string())),
            Command::SetPosition(pos) => {
                // The position says its size, players and variant: the settings follow it.
                self.settings.size = pos.size();
                self.settings.players = pos.players();
                self.settings.variant = pos.variant();
                self.start(Game::from_position(*pos));
                Ok(Response::Empty)
            }
        }
    }

    /// Records a setting; starts the game of the new settings when they make one.
    fn set(&mut self, change: impl FnOnce(&mut Config)) -> Response {
        change(&mut self.settings);
        match self.new_game() {
            Ok(game) => self.start(game),
            Err(conflict) => self.conflict = Some(conflict),
        }
        Response::Empty
    }

    /// The start of a game with the current settings.
    fn new_game(&self) -> Result<Game, String> {
        Game::new(&self.settings).map_err(|e| conflict_message(&e))
    }

    /// Puts `game` on the board: the settings no longer wait, the engine forgets the old
    /// game.
    fn start(&mut self, game: Game) {
        self.game = game;
        self.conflict = None;
        if let Some(e) = &mut self.engine {
            e.new_game();
        }
    }

    /// Refuses to go on with the game on the board while the settings conflict.
    fn check_game(&self) -> Result<(), String> {
        match &self.conflict {
            Some(conflict) => Err(conflict.clone()),
            None => Ok(()),
        }
    }

    fn check_turn(&self, seat: Seat) -> Result<(), String> {
        let turn = self.position().turn();
        if seat == turn || self.position().is_game_over() {
            Ok(())
        } else {
            Err(format!("it is {turn}'s turn, not {seat}'s"))
        }
    }

    /// The engine (made now if need be) and the limits for the current position.
    fn engine_and_limits(&mut self) -> (&mut Engine, Limits) {
        let limits = match self.level {
            Some(l) => l.limits_at(self.position()),
            None => self.limits.clone(),
        };
        let engine = match self.engine.take() {
            Some(e) => e,
            None => self.make_engine(self.hash_mb),
        };
        (self.engine.insert(engine), limits)
    }

    /// `analyse N`: one line per candidate move, best first:
    /// `1 e2 score cp 40 chance 0.566 depth 7 pv e2 e8 e3 e7` (the mover's winning chance).
    fn analyse(&mut self, multipv: MultiPv) -> Result<String, String> {
        if let Some(o) = self.position().outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let game = self.game.clone();
        let pos = *game.position();
        let (engine, limits) = self.engine_and_limits();
        let a =
            engine.analyse_game(&game, &limits, multipv, &mut |_| {}).ok_or("the game is over")?;
        let lines: Vec<String> = a
            .lines
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pv: Vec<String> = c.pv.iter().map(Move::to_string).collect();
                let chance = win_chance(&pos, c.score);
                format!(
                    "{} {} score {} chance {chance:.3} depth {} pv {}",
                    i + 1,
                    c.mv,
                    score_tokens(c.score),
                    a.depth,
                    pv.join(" ")
                )
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn genmove(&mut self) -> Result<Move, String> {
        let pos = *self.position();
        if let Some(o) = pos.outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let game = self.game.clone();
        let (engine, limits) = self.engine_and_limits();
        let result = engine.search_game(&game, &limits, &mut |_| {});
        let m = match result {
            Some(r) if pos.is_legal(r.best) => r.best,
            // The engine always finds a legal move while the game goes on; stay safe anyway.
            _ => pos.legal_moves().first().copied().ok_or("no legal move")?,
        };
        self.game.play(m).map_err(|e| format!("the engine chose an illegal move {m}: {e}"))?;
        Ok(m)
    }
}

/// A score in words without spaces: `cp 40` (centi-steps), `win 5`, `loss 4` (plies).
fn score_tokens(score: Score) -> String {
    match score {
        Score::Eval(v) => format!("cp {v}"),
        Score::Win(n) => format!("win {n}"),
        Score::Loss(n) => format!("loss {n}"),
    }
}

/// Why settings make no game, naming the options that conflict as the commands that set
/// them, the rule, and how to repair it.
fn conflict_message(e: &ConfigError) -> String {
    match *e {
        ConfigError::KingOfTheHillPlayers(players) => format!(
            "`variant {}` conflicts with `players {players}`: King of the Hill is played by \
             four players (send `players 4` or `variant {}`)",
            Variant::KingOfTheHill,
            Variant::Classic
        ),
        ConfigError::FirstSeat { first, players } => {
            let fits = Players::ALL.into_iter().find(|k| k.seats().contains(&first));
            let more = fits.map_or(String::new(), |k| format!(" or `players {k}`"));
            format!(
                "`first {}` conflicts with `players {players}`: {first} does not play in a \
                 {players}-player game (send `first {}`{more})",
                first.letter(),
                Seat::South.letter()
            )
        }
        // Each setter checks its own value, so only the rules above can be broken here.
        _ => format!("the settings make no game: {e}"),
    }
}
