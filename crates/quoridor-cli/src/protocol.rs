//! The engine's text protocol: GTP framing with Quoridor commands.
//!
//! One command a line, with an optional numeric id first. Every command gets one reply:
//! `=[id] result` on success or `?[id] error` on failure, followed by an empty line. A
//! multi-line result (`showboard`, `list_commands`) starts on the line after the `=`. Blank
//! lines and `#` comments get no reply. A bad or illegal command changes nothing.
//!
//! `docs/cli.md` lists the commands.

use std::fmt::Write as _;
use std::time::Duration;

use quoridor_ai::{Engine, EngineOptions, Level, Limits};
use quoridor_core::{Config, Game, Move, Outcome, Position, Seat, Variant};

/// The commands the protocol knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "players",
    "variant",
    "walls",
    "first",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "legal_moves",
    "set_movetime",
    "set_depth",
    "set_level",
    "set_threads",
    "set_hash",
    "showboard",
    "dist",
    "winner",
    "position",
];

/// The default think time of `genmove`.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// One protocol session: the game, the engine and its limits.
pub struct Session {
    config: Config,
    game: Game,
    engine: Option<Engine>,
    limits: Limits,
    noise: i32,
    threads: usize,
    hash_mb: usize,
    quit: bool,
}

/// The table size of the protocol's engine unless `set_hash` says otherwise, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

type Reply = Result<String, String>;

/// GTP preprocessing of one line: everything from `#` on is a comment, control characters
/// are dropped and tabs become spaces.
pub fn preprocess(line: &str) -> String {
    line.chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

impl Session {
    /// A new session: the classic 9x9 two-player start, `genmove` thinking one second.
    pub fn new() -> Session {
        Session {
            config: Config::default(),
            game: Game::default(),
            engine: None,
            limits: Limits::movetime(DEFAULT_MOVETIME),
            noise: 0,
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            quit: false,
        }
    }

    /// Whether `quit` was received.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Sets the search limits of `genmove` (and clears any level noise).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.set_noise(0);
    }

    /// Sets a playing level: its limits and its evaluation noise.
    pub fn set_level(&mut self, level: Level) {
        self.limits = level.limits();
        self.set_noise(level.noise());
    }

    /// Sets the engine's search threads (the engine clamps them to 1..=256).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
        if let Some(e) = &mut self.engine {
            e.set_threads(self.threads);
        }
    }

    /// Sets the engine's table size in MiB; returns the size obtained (smaller when the
    /// memory cannot be had).
    pub fn set_hash(&mut self, mb: usize) -> usize {
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

    fn make_engine(&self, hash_mb: usize) -> Engine {
        let mut e = Engine::new(EngineOptions {
            hash_mb,
            threads: self.threads,
            ..EngineOptions::default()
        });
        e.set_noise(self.noise);
        e
    }

    fn set_noise(&mut self, noise: i32) {
        self.noise = noise;
        if let Some(e) = &mut self.engine {
            e.set_noise(noise);
        }
    }

    /// Handles one input line and returns the full reply (ending with the empty line), or
    /// `None` for a line that gets no reply (blank, or only a comment).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let cleaned = preprocess(line);
        let mut words = cleaned.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            Some(first)
        } else {
            None
        };
        let id_text = id.unwrap_or("");
        let args: Vec<&str> = words.collect();
        let reply = match args.split_first() {
            None => Err("missing command after the id".to_string()),
            Some((cmd, rest)) => self.dispatch(cmd, rest),
        };
        Some(match reply {
            Ok(text) if text.is_empty() => format!("={id_text}\n\n"),
            Ok(text) if text.starts_with('\n') => format!("={id_text}{text}\n\n"),
            Ok(text) => format!("={id_text} {text}\n\n"),
            Err(e) => format!("?{id_text} {e}\n\n"),
        })
    }

    fn dispatch(&mut self, cmd: &str, args: &[&str]) -> Reply {
        let cmd_name = cmd;
        let no_args = |args: &[&str]| -> Result<(), String> {
            match args.first() {
                None => Ok(()),
                Some(a) => Err(format!("{cmd_name} takes no argument, got `{}`", short(a))),
            }
        };
        let one_arg = |args: &[&str], what: &str| -> Result<String, String> {
            match args {
                [a] => Ok((*a).to_string()),
                [] => Err(format!("{cmd_name} expects {what}")),
                _ => Err(format!("{cmd_name} expects only {what}, got {} arguments", args.len())),
            }
        };
        match cmd {
            "protocol_version" => no_args(args).map(|()| "2".to_string()),
            "name" => no_args(args).map(|()| "quoridor".to_string()),
            "version" => no_args(args).map(|()| env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let c = one_arg(args, "a command name")?;
                Ok(COMMANDS.contains(&c.as_str()).to_string())
            }
            "list_commands" => no_args(args).map(|()| format!("\n{}", COMMANDS.join("\n"))),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                let a = one_arg(args, "a board size (odd, 5 to 11)")?;
                let size = a.parse::<u8>().map_err(|_| {
                    format!(
                        "`{}` is not a board size: the side must be odd, from 5 to 11",
                        short(&a)
                    )
                })?;
                self.reconfigure(Config { size, ..self.config })
            }
            "players" => {
                let a = one_arg(args, "a number of players (2, 3 or 4)")?;
                let players = a.parse::<u8>().map_err(|_| {
                    format!("`{}` is not a number of players: 2, 3 or 4", short(&a))
                })?;
                let mut config = Config { players, ..self.config };
                if !config.seats().contains(&config.first) {
                    config.first = Seat::South;
                }
                self.reconfigure(config)
            }
            "variant" => {
                let a = one_arg(args, "a variant (classic or koth)")?;
                let variant: Variant = a.parse().map_err(|e| format!("{e}"))?;
                self.reconfigure(Config { variant, ..self.config })
            }
            "walls" => {
                let a = one_arg(args, "a number of walls per player (or `default`)")?;
                let walls = if a == "default" {
                    None
                } else {
                    match a.parse::<u8>() {
                        Ok(n) => Some(n),
                        Err(_) => {
                            return Err(format!(
                                "`{}` is not a wall count: walls per player are a number from 0 to {}",
                                short(&a),
                                quoridor_core::MAX_WALLS_PER_PLAYER
                            ));
                        }
                    }
                };
                self.reconfigure(Config { walls, ..self.config })
            }
            "first" => {
                let a = one_arg(args, "a seat (S, W, N or E)")?;
                let first: Seat = a.parse().map_err(|e| format!("{e}"))?;
                self.reconfigure(Config { first, ..self.config })
            }
            "clear_board" => {
                no_args(args)?;
                self.reconfigure(self.config)
            }
            "play" => {
                let mv = match args {
                    [m] => *m,
                    [seat, m] => {
                        let seat: Seat = seat.parse().map_err(|e| format!("{e}"))?;
                        self.check_turn(seat)?;
                        *m
                    }
                    [] => return Err("play expects a move, like `e2` or `e3h`".to_string()),
                    _ => return Err("play expects a move (optionally after the seat)".to_string()),
                };
                let m: Move = mv.parse().map_err(|e| format!("{e}"))?;
                self.game.play(m).map_err(|e| format!("illegal move `{m}`: {e}"))?;
                Ok(String::new())
            }
            "genmove" => {
                match args {
                    [] => {}
                    [seat] => {
                        let seat: Seat = seat.parse().map_err(|e| format!("{e}"))?;
                        self.check_turn(seat)?;
                    }
                    _ => return Err("genmove takes at most the seat to move".to_string()),
                }
                let m = self.genmove()?;
                Ok(m.to_string())
            }
            "undo" => {
                no_args(args)?;
                match self.game.undo() {
                    Some(_) => Ok(String::new()),
                    None => Err("cannot undo: no move has been played".to_string()),
                }
            }
            "legal_moves" => {
                no_args(args)?;
                let moves: Vec<String> =
                    self.position().legal_moves().iter().map(|m| m.to_string()).collect();
                Ok(moves.join(" "))
            }
            "set_movetime" => {
                let a = one_arg(args, "a time in milliseconds")?;
                match a.parse::<u64>() {
                    Ok(ms) if (1..=86_400_000).contains(&ms) => {
                        self.set_limits(Limits::movetime(Duration::from_millis(ms)));
                        Ok(String::new())
                    }
                    _ => Err(format!(
                        "`{}` is not a move time: expected milliseconds, 1 to 86400000",
                        short(&a)
                    )),
                }
            }
            "set_depth" => {
                let a = one_arg(args, "a depth in plies")?;
                match a.parse::<u32>() {
                    Ok(d) if (1..=64).contains(&d) => {
                        self.set_limits(Limits::depth(d));
                        Ok(String::new())
                    }
                    _ => Err(format!("`{}` is not a depth: expected plies, 1 to 64", short(&a))),
                }
            }
            "set_level" => {
                let a = one_arg(args, "a level, 1 to 10")?;
                let level = crate::options::parse_level(&a)?;
                self.set_level(level);
                Ok(String::new())
            }
            "set_threads" => {
                let a = one_arg(args, "a thread count")?;
                let n = crate::options::parse_threads(&short(&a))?;
                self.set_threads(n);
                Ok(String::new())
            }
            "set_hash" => {
                let a = one_arg(args, "a table size in MiB")?;
                let mb = crate::options::parse_hash(&short(&a))?;
                Ok(self.set_hash(mb).to_string())
            }
            "showboard" => {
                no_args(args)?;
                let pos = self.position();
                let mut text = format!("\n{}", crate::board::draw(pos, false));
                let _ = write!(text, "{}", crate::board::status(pos));
                Ok(text)
            }
            "dist" => {
                no_args(args)?;
                let pos = self.position();
                let parts: Vec<String> = pos
                    .seats()
                    .map(|s| match pos.distance(s) {
                        Some(d) => format!("{}:{d}", s.letter()),
                        None => format!("{}:-", s.letter()),
                    })
                    .collect();
                Ok(parts.join(" "))
            }
            "winner" => {
                no_args(args)?;
                Ok(match self.position().outcome() {
                    Some(Outcome::Winner(s)) => s.letter().to_string(),
                    Some(Outcome::Draw) => "draw".to_string(),
                    None => "none".to_string(),
                })
            }
            "position" => {
                if args.is_empty() {
                    return Ok(self.position().to_string());
                }
                let text = args.join(" ");
                let pos: Position =
                    text.parse().map_err(|e| format!("bad position `{}`: {e}", short(&text)))?;
                self.config.size = pos.size();
                self.config.players = pos.players();
                self.config.variant = pos.variant();
                self.game = Game::from_position(pos);
                if let Some(e) = &mut self.engine {
                    e.new_game();
                }
                Ok(String::new())
            }
            other => Err(format!("unknown command `{}` (list_commands lists them)", short(other))),
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

    fn reconfigure(&mut self, config: Config) -> Reply {
        let game = Game::new(&config).map_err(|e| e.to_string())?;
        self.config = config;
        self.game = game;
        if let Some(e) = &mut self.engine {
            e.new_game();
        }
        Ok(String::new())
    }

    fn genmove(&mut self) -> Result<Move, String> {
        let pos = *self.position();
        if let Some(o) = pos.outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let engine = match self.engine.take() {
            Some(e) => e,
            None => self.make_engine(self.hash_mb),
        };
        let engine = self.engine.insert(engine);
        let result = engine.search(&pos, &self.limits, &mut |_| {});
        let m = match result {
            Some(r) if pos.is_legal(r.best) => r.best,
            // The engine always finds a legal move while the game goes on; stay safe anyway.
            _ => pos.legal_moves().first().copied().ok_or("no legal move")?,
        };
        self.game.play(m).map_err(|e| format!("the engine chose an illegal move {m}: {e}"))?;
        Ok(m)
    }
}

fn short(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push_str("...");
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(s: &mut Session, line: &str) -> String {
        s.handle_line(line).unwrap_or_default()
    }

    #[test]
    fn framing() {
        let mut s = Session::new();
        assert_eq!(reply(&mut s, "name"), "= quoridor\n\n");
        assert_eq!(reply(&mut s, "7 protocol_version"), "=7 2\n\n");
        assert_eq!(s.handle_line("   "), None);
        assert_eq!(s.handle_line("# hello"), None);
        assert!(reply(&mut s, "frobnicate").starts_with("? unknown command `frobnicate`"));
        assert!(reply(&mut s, "12").starts_with("?12 missing command"));
        assert_eq!(reply(&mut s, "known_command genmove"), "= true\n\n");
        assert_eq!(reply(&mut s, "known_command bogus"), "= false\n\n");
        assert!(reply(&mut s, "list_commands").starts_with("=\nprotocol_version\n"));
    }

    #[test]
    fn illegal_input_keeps_the_state() {
        let mut s = Session::new();
        assert_eq!(reply(&mut s, "play e2"), "=\n\n");
        let before = s.position().to_string();
        for bad in [
            "play e2",
            "play zz",
            "play e9h",
            "play S e8",
            "boardsize 8",
            "players 5",
            "variant koth",
            "walls x",
            "set_level 11",
            "position 9 x",
            "undo now",
        ] {
            let r = reply(&mut s, bad);
            assert!(r.starts_with("? ") && r.ends_with("\n\n"), "{bad}: {r}");
            assert_eq!(s.position().to_string(), before, "{bad}");
        }
        assert_eq!(reply(&mut s, "dist"), "= S:7 N:8\n\n");
        assert_eq!(reply(&mut s, "winner"), "= none\n\n");
        assert_eq!(reply(&mut s, "undo"), "=\n\n");
        assert!(reply(&mut s, "undo").starts_with("? cannot undo"));
    }

    #[test]
    fn random_lines_never_break_the_session() {
        let words = [
            "play",
            "genmove",
            "undo",
            "position",
            "boardsize",
            "players",
            "variant",
            "walls",
            "first",
            "clear_board",
            "legal_moves",
            "showboard",
            "dist",
            "winner",
            "name",
            "set_depth",
            "set_level",
            "set_movetime",
            "set_threads",
            "known_command",
            "list_commands",
            "c2",
            "c4",
            "b2h",
            "c3v",
            "a1v",
            "e9h",
            "z9",
            "S",
            "N",
            "W",
            "E",
            "koth",
            "classic",
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "7",
            "11",
            "-1",
            "300",
            "99999999999",
            "#",
            "\t",
            "\u{0}",
            "5 S:c1:3,N:c5:3 - S 0",
            "7 S:d1:2,W:a4:2,N:d7:2 - W 4",
            "5 S:c5:1,N:c2:1 - N 9",
            "9k S:e1:4,W:a5:5,N:e9:5,E:i5:5 - S 0",
            "é",
            "=",
            "?",
            "",
        ];
        let mut rng = crate::util::Rng::new(42);
        let mut s = Session::new();
        reply(&mut s, "boardsize 5");
        reply(&mut s, "set_depth 1");
        for _ in 0..3000 {
            let n = rng.below(4);
            let mut line = String::new();
            if rng.below(5) == 0 {
                line.push_str("12 ");
            }
            for i in 0..=n {
                if i > 0 {
                    line.push(' ');
                }
                line.push_str(words[rng.below(words.len())]);
            }
            let before = s.position().to_string();
            let Some(r) = s.handle_line(&line) else { continue };
            assert!(r.ends_with("\n\n") && !r[..r.len() - 2].contains("\n\n"), "{line:?}: {r:?}");
            assert!(r.starts_with('=') || r.starts_with('?'), "{line:?}: {r:?}");
            if r.starts_with('?') {
                assert_eq!(s.position().to_string(), before, "{line:?}: {r:?}");
            }
            if line.contains("set_") || s.wants_quit() {
                // Keep genmove cheap, and the session open.
                s.set_limits(Limits::depth(1));
                s.quit = false;
            }
        }
    }

    #[test]
    fn genmove_plays_a_legal_move() {
        let mut s = Session::new();
        assert_eq!(reply(&mut s, "boardsize 5"), "=\n\n");
        assert_eq!(reply(&mut s, "set_depth 2"), "=\n\n");
        let r = reply(&mut s, "genmove");
        assert!(r.starts_with("= "), "{r}");
        assert_eq!(s.position().ply(), 1);
        let showboard = reply(&mut s, "showboard");
        assert!(showboard.starts_with("=\n") && !showboard.trim_end().contains("\n\n"));
    }

    #[test]
    fn threads_and_table_size_are_set_checked_and_kept() {
        let mut s = Session::new();
        assert_eq!(reply(&mut s, "boardsize 5"), "=\n\n");
        assert_eq!(reply(&mut s, "set_depth 3"), "=\n\n");
        assert_eq!(reply(&mut s, "set_threads 2"), "=\n\n");
        assert_eq!(reply(&mut s, "set_hash 1"), "= 1\n\n");
        let r = reply(&mut s, "genmove");
        assert!(r.starts_with("= "), "{r}");
        assert_eq!(s.engine.as_ref().map(|e| e.options().threads), Some(2));
        for bad in ["set_threads 0", "set_threads 257", "set_threads two", "set_hash 0", "set_hash"]
        {
            let before = s.position().to_string();
            let r = reply(&mut s, bad);
            assert!(r.starts_with("? "), "{bad}: {r}");
            assert_eq!(s.position().to_string(), before);
        }
        assert_eq!(s.engine.as_ref().map(|e| e.options().hash_mb), Some(1));
        assert!(reply(&mut s, "set_threads 257").contains("`257` is not a thread count"));
    }
}
