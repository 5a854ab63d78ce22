//! `quoridor play`: a game in the terminal, people against the engine, each other, or the
//! engine against itself.

use std::io::{BufRead, Write};
use std::time::Duration;

use quoridor_ai::{Bot, Engine, EngineBot, EngineOptions, Level, Limits};
use quoridor_core::{Game, Move, Position, Seat};

use crate::board;
use crate::options::{FirstSeat, PositionOptions, SearchOptions};

/// The engine's level when none is given.
pub const DEFAULT_LEVEL: u8 = 5;
/// Plies after which a game without people and without a ply limit is stopped.
pub const MAX_UNATTENDED_PLIES: u32 = 1000;

/// Arguments of `quoridor play`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The position options (the first seat is drawn at random unless --first is given).
    #[command(flatten)]
    pub position: PositionOptions,
    /// Seats played by people: one or more seats like `S` or `S,N`, `all` (people only) or
    /// `none` (the engine plays every seat)
    #[arg(long, value_name = "SEATS|all|none", default_value = "S")]
    pub human: String,
    /// The engine's limits [default: --level 5].
    #[command(flatten)]
    pub search: SearchOptions,
    /// Think time of `hint` in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub hint_time: u64,
    /// The engine thinks while the people do (the engine seat that moves next; its move
    /// starts from what it found)
    #[arg(long)]
    pub ponder: bool,
}

const HELP: &str = "commands: a move (e2, e3h), undo, hint, resign, save FILE, board, help, quit";

fn parse_humans(text: &str, pos: &Position) -> anyhow::Result<Vec<Seat>> {
    match text.trim() {
        "all" => return Ok(pos.seats().collect()),
        "none" => return Ok(Vec::new()),
        _ => {}
    }
    let mut seats = Vec::new();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let seat: Seat =
            word.parse().map_err(|e| anyhow::anyhow!("--human: {e}, or `all` or `none`"))?;
        if !pos.seats().any(|s| s == seat) {
            anyhow::bail!("--human: {seat} does not play in a {}-player game", pos.players());
        }
        seats.push(seat);
    }
    if seats.is_empty() {
        anyhow::bail!(
            "--human: `{text}` names no seat: expected seats like S or S,N, `all` or `none`"
        );
    }
    Ok(seats)
}

struct Table {
    humans: Vec<Seat>,
    bots: Vec<(Seat, EngineBot)>,
    hint: Engine,
    hint_limits: Limits,
    color: bool,
    echo: bool,
    ponder: bool,
    /// The position the pondering bot searches (its seat and the position's key and ply).
    pondered: Option<(Seat, u64, u32)>,
}

/// Plays a game, reading the people's commands from `input`.
///
/// # Errors
/// A bad option, or a failed read or write.
pub fn run(
    args: &Args,
    color: bool,
    echo: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut game = args.position.game(FirstSeat::Random)?;
    let humans = parse_humans(&args.human, game.position())?;
    let seed = args.position.seed.unwrap_or_else(crate::util::clock_seed);
    let tables = args.search.tablebases()?;
    let bots = game
        .position()
        .seats()
        .filter(|s| !humans.contains(s))
        .map(|s| (s, make_bot(&args.search, &tables, seed.wrapping_add(s.index() as u64))))
        .collect();
    let mut table = Table {
        humans,
        bots,
        hint: Engine::new(EngineOptions::default().with_hash_mb(16)),
        hint_limits: Limits::movetime(Duration::from_millis(args.hint_time)),
        color,
        echo,
        ponder: args.ponder,
        pondered: None,
    };
    let who = |s: Seat, t: &Table| {
        if t.humans.contains(&s) { "human".to_string() } else { t.bot_name(s) }
    };
    let players: Vec<String> =
        game.position().seats().map(|s| format!("{s} ({})", who(s, &table))).collect();
    writeln!(out, "{}", players.join(" vs "))?;
    writeln!(out, "{} moves first. {HELP}", game.position().turn())?;
    show(&game, &table, out)?;
    table.play_game(&mut game, input, out)
}

fn make_bot(
    search: &SearchOptions,
    tables: &[std::sync::Arc<quoridor_ai::tablebase::Tablebase>],
    seed: u64,
) -> EngineBot {
    let explicit = search.depth.is_some() || search.nodes.is_some() || search.movetime.is_some();
    let level = search.level.or_else(|| Level::new(DEFAULT_LEVEL));
    let mut bot = match level {
        Some(level) if !explicit => EngineBot::with_level(level, seed),
        _ => EngineBot::new(search.limits(Limits::movetime(Duration::from_millis(1000)))),
    };
    bot.engine().set_threads(search.threads);
    if let Some(mb) = search.hash {
        bot.engine().set_hash(mb);
    }
    for t in tables {
        bot.engine().add_tablebase(std::sync::Arc::clone(t));
    }
    bot
}

fn show(game: &Game, table: &Table, out: &mut dyn Write) -> anyhow::Result<()> {
    let pos = game.position();
    write!(out, "{}", pos.diagram().colored(table.color))?;
    write!(out, "{}", board::seat_table(pos, table.color))?;
    writeln!(out, "status: {}", board::status(pos))?;
    out.flush()?;
    Ok(())
}

impl Table {
    fn bot_name(&self, seat: Seat) -> String {
        self.bots.iter().find(|(s, _)| *s == seat).map_or("engine".to_string(), |(_, b)| b.name())
    }

    fn play_game(
        &mut self,
        game: &mut Game,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let mut announced_end = false;
        loop {
            let pos = *game.position();
            if pos.is_game_over() {
                if !announced_end {
                    writeln!(
                        out,
                        "game over: {}. ranking: {}",
                        board::status(&pos),
                        board::ranking(&pos)
                    )?;
                    writeln!(out, "record:\n{game}")?;
                    announced_end = true;
                }
                if self.humans.is_empty() {
                    return Ok(());
                }
            } else {
                announced_end = false;
                if !self.humans.contains(&pos.turn()) {
                    if self.humans.is_empty()
                        && pos.ply_limit().is_none()
                        && pos.ply() >= MAX_UNATTENDED_PLIES
                    {
                        writeln!(
                            out,
                            "stopped after {MAX_UNATTENDED_PLIES} plies (no ply limit set)"
                        )?;
                        return Ok(());
                    }
                    self.engine_move(game, out)?;
                    continue;
                }
            }
            self.ponder_while_waiting(game);
            let prompt = if pos.is_game_over() {
                "game over (undo, save FILE, quit)".to_string()
            } else {
                format!("{} to move", pos.turn())
            };
            write!(out, "{prompt}> ")?;
            out.flush()?;
            let mut buf = Vec::new();
            if input.read_until(b'\n', &mut buf)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            let line = String::from_utf8_lossy(&buf);
            let line = line.trim();
            if self.echo {
                writeln!(out, "{line}")?;
            }
            if !self.command(game, line, out)? {
                return Ok(());
            }
        }
    }

    /// With `--ponder`, while a person thinks: the engine seat that moves next searches
    /// the game on the board (started again when the position changed); the others stop.
    fn ponder_while_waiting(&mut self, game: &Game) {
        if !self.ponder {
            return;
        }
        let pos = game.position();
        let next = if pos.is_game_over() {
            None
        } else {
            pos.turn_order().find(|s| !self.humans.contains(s))
        };
        let want = next.map(|s| (s, pos.zobrist(), pos.ply()));
        let pondering = |s: Seat| self.bots.iter().any(|(b, bot)| *b == s && bot.is_pondering());
        if want == self.pondered && next.is_none_or(pondering) {
            return;
        }
        for (seat, bot) in &mut self.bots {
            if Some(*seat) == next {
                bot.ponder(game);
            } else {
                bot.stop_pondering();
            }
        }
        self.pondered = want;
    }

    fn engine_move(&mut self, game: &mut Game, out: &mut dyn Write) -> anyhow::Result<()> {
        let pos = *game.position();
        let seat = pos.turn();
        let choice = self
            .bots
            .iter_mut()
            .find(|(s, _)| *s == seat)
            .and_then(|(_, b)| b.choose_in_game(game));
        let mv = match choice {
            Some(m) if pos.is_legal(m) => m,
            _ => match pos.legal_moves().first() {
                Some(&m) => m,
                None => anyhow::bail!("{seat} has no legal move"),
            },
        };
        game.play(mv).map_err(|e| anyhow::anyhow!("the engine chose an illegal move {mv}: {e}"))?;
        writeln!(out, "ply {}: {seat} ({}) plays {mv}", pos.ply() + 1, self.bot_name(seat))?;
        show(game, self, out)
    }

    /// Handles one command; returns whether the game goes on.
    fn command(
        &mut self,
        game: &mut Game,
        line: &str,
        out: &mut dyn Write,
    ) -> anyhow::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return Ok(true) };
        let rest: Vec<&str> = words.collect();
        let pos = *game.position();
        match cmd {
            "quit" | "exit" | "q" => return Ok(false),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "board" => show(game, self, out)?,
            "undo" => {
                if game.undo().is_none() {
                    writeln!(out, "nothing to undo")?;
                } else {
                    // Take back the engine's replies too, back to a person's turn.
                    while !self.humans.contains(&game.position().turn())
                        && !game.events().is_empty()
                    {
                        game.undo();
                    }
                    writeln!(out, "undone: back to ply {}", game.position().ply())?;
                    show(game, self, out)?;
                }
            }
            "hint" => {
                if pos.is_game_over() {
                    writeln!(out, "the game is over")?;
                } else {
                    // The game, not the position alone: in three and four players a move
                    // back to a position of its past is a repetition.
                    match self.hint.search_game(game, &self.hint_limits, &mut |_| {}) {
                        Some(r) => writeln!(
                            out,
                            "hint: {} ({}, depth {})",
                            r.best, r.info.score, r.info.depth
                        )?,
                        None => writeln!(out, "no hint")?,
                    }
                }
            }
            "resign" => {
                let seat = pos.turn();
                match game.resign(seat) {
                    Ok(()) => {
                        writeln!(out, "{seat} resigns")?;
                        show(game, self, out)?;
                    }
                    Err(e) => writeln!(out, "cannot resign: {e}")?,
                }
            }
            "save" => match rest.as_slice() {
                [file] => match std::fs::write(file, game.to_string()) {
                    Ok(()) => writeln!(out, "saved to {file}")?,
                    Err(e) => writeln!(out, "cannot save to {file}: {e}")?,
                },
                _ => writeln!(out, "usage: save FILE")?,
            },
            token => {
                if !rest.is_empty() {
                    writeln!(out, "one move at a time, please; {HELP}")?;
                    return Ok(true);
                }
                match token.parse::<Move>() {
                    Err(e) => writeln!(out, "{e}; {HELP}")?,
                    Ok(mv) => {
                        let seat = pos.turn();
                        match game.play(mv) {
                            Ok(()) => {
                                writeln!(out, "ply {}: {seat} plays {mv}", pos.ply() + 1)?;
                                show(game, self, out)?;
                            }
                            Err(e) => writeln!(out, "illegal move `{mv}`: {e}")?,
                        }
                    }
                }
            }
        }
        Ok(true)
    }
}
