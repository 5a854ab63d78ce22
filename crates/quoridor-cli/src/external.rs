//! An engine in another process, driven through the text protocol (see [`crate::protocol`]):
//! a [`Bot`] for `quoridor match`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use anyhow::Context as _;
use quoridor_ai::Bot;
use quoridor_core::{Event, Game, Move, Position, Seat, default_walls};

/// A child process speaking the protocol.
///
/// It is driven the way GTP-style engines expect: the game's settings (`boardsize`,
/// `players`, `variant`, and `walls` or `first` when they are not the defaults), then
/// `clear_board` and every move from the start with `play`, then `genmove`; later only the
/// moves it has not seen. `set_movetime` passes the side's time per move. `position` is sent
/// only when the game cannot be told as moves from a start position (it started from a
/// custom position, or a seat resigned), and only to an engine that lists it.
pub struct ExternalBot {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    movetime: Option<Duration>,
    /// The commands the engine lists (`list_commands`), when it answers that.
    known: Option<Vec<String>>,
    /// The position the engine's game started from, and the moves it has seen since
    /// (`None` until it is set up, or when it must be set up again).
    synced: Option<(Position, Vec<Move>)>,
    /// Why the last `genmove` gave no move (a `?` reply, a timeout, a bad move), if it did.
    last_error: Option<String>,
}

impl ExternalBot {
    /// Starts `command_line` (split into words like a shell would; no shell is run), checks
    /// that it answers `name`, and asks for its commands. `movetime` is passed with
    /// `set_movetime` before each game.
    ///
    /// # Errors
    /// When the program cannot be started or does not answer within `timeout`.
    pub fn spawn(
        command_line: &str,
        movetime: Option<Duration>,
        timeout: Duration,
    ) -> anyhow::Result<ExternalBot> {
        let words = crate::util::split_command_line(command_line).map_err(anyhow::Error::msg)?;
        let (program, args) = words.split_first().context("an empty engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start engine `{command_line}`"))?;
        let stdin = child.stdin.take().context("engine has no standard input")?;
        let stdout = child.stdout.take().context("engine has no standard output")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut bot = ExternalBot {
            name: command_line.to_string(),
            child,
            stdin,
            lines: rx,
            timeout,
            movetime,
            known: None,
            synced: None,
            last_error: None,
        };
        let name = bot
            .command("name")
            .map_err(|e| anyhow::anyhow!("engine `{command_line}` does not answer: {e}"))?;
        if !name.is_empty() {
            bot.name = format!("{name} ({command_line})");
        }
        bot.known = bot
            .command("list_commands")
            .ok()
            .map(|text| text.split_whitespace().map(str::to_string).collect());
        Ok(bot)
    }

    /// Sends one command and returns the result of an `=` reply.
    ///
    /// # Errors
    /// A `?` reply (its text), a timeout, or a closed pipe.
    pub fn command(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot send `{cmd}`: {e}"))?;
        let mut reply: Vec<String> = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(self.timeout) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no reply to `{cmd}` within {} s", self.timeout.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("the engine closed its output after `{cmd}`"));
                }
            };
            let line = line.trim_end_matches('\r').to_string();
            if line.trim().is_empty() {
                if reply.is_empty() {
                    continue;
                }
                break;
            }
            reply.push(line);
        }
        let first = reply.first().cloned().unwrap_or_default();
        let (ok, rest) = if let Some(r) = first.strip_prefix('=') {
            (true, r)
        } else if let Some(r) = first.strip_prefix('?') {
            (false, r)
        } else {
            return Err(format!("bad reply to `{cmd}`: `{first}`"));
        };
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
        let mut text = rest.to_string();
        for l in &reply[1..] {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(l);
        }
        if ok { Ok(text) } else { Err(format!("`{cmd}` refused: {text}")) }
    }

    /// Whether the engine lists `cmd` (an engine that does not answer `list_commands` is
    /// assumed to know only the basic commands).
    fn knows(&self, cmd: &str) -> bool {
        self.known.as_ref().is_some_and(|k| k.iter().any(|c| c == cmd))
    }

    /// Sends `cmd`, which the engine must know to play this game.
    fn required(&mut self, cmd: &str, why: &str) -> Result<String, String> {
        let name = cmd.split_whitespace().next().unwrap_or(cmd);
        if self.known.is_some() && !self.knows(name) {
            return Err(format!("the engine does not know `{name}`, needed {why}"));
        }
        self.command(cmd)
    }

    /// Brings the engine's game up to `game`: set up from scratch when its history is not a
    /// prefix of the game's, then the moves it has not seen.
    fn sync(&mut self, game: &Game) -> Result<(), String> {
        let resigned = game.events().iter().any(|e| matches!(e, Event::Resign(_)));
        let moves: Vec<Move> = game.moves().collect();
        let in_step = self
            .synced
            .as_ref()
            .is_some_and(|(start, seen)| start == game.start() && moves.starts_with(seen));
        if resigned {
            // Moves from the start cannot tell a resignation: only the position can.
            let pos = *game.position();
            if self.synced.as_ref().is_some_and(|(start, seen)| *start == pos && seen.is_empty()) {
                return Ok(());
            }
            self.synced = None;
            self.board(&pos)?;
            self.required(&format!("position {pos}"), "after a resignation")?;
            self.send_movetime()?;
            self.synced = Some((pos, Vec::new()));
            return Ok(());
        }
        if !in_step {
            self.synced = None;
            let start = *game.start();
            let config =
                game.config().copied().filter(|c| Position::start(c).ok().as_ref() == Some(&start));
            if let Some(config) = config {
                self.board(&start)?;
                if config.walls_per_player() != default_walls(config.size, config.players) {
                    let walls = config.walls_per_player();
                    self.required(&format!("walls {walls}"), "for this game's wall count")?;
                }
                if config.first != Seat::South {
                    let first = config.first.letter();
                    self.required(&format!("first {first}"), "for this game's first seat")?;
                }
                self.command("clear_board")?;
            } else {
                self.board(&start)?;
                self.required(&format!("position {start}"), "to start from a custom position")?;
            }
            self.send_movetime()?;
            self.synced = Some((start, Vec::new()));
        }
        let seen = self.synced.as_ref().map_or(0, |(_, seen)| seen.len());
        for &m in &moves[seen..] {
            self.command(&format!("play {m}"))?;
            if let Some((_, seen)) = self.synced.as_mut() {
                seen.push(m);
            }
        }
        Ok(())
    }

    /// The board of `pos`'s game: size, players and variant.
    fn board(&mut self, pos: &Position) -> Result<(), String> {
        // Classic first so that a change of player count is never refused for King of the
        // Hill by an engine that checks each setting on its own.
        self.command("variant classic")?;
        self.command(&format!("boardsize {}", pos.size()))?;
        self.command(&format!("players {}", pos.players()))?;
        self.command(&format!("variant {}", pos.variant().name()))?;
        Ok(())
    }

    /// The side's time per move, if it has one.
    fn send_movetime(&mut self) -> Result<(), String> {
        if let Some(t) = self.movetime {
            self.required(&format!("set_movetime {}", t.as_millis()), "for the side's move time")?;
        }
        Ok(())
    }

    fn try_choose(&mut self, game: &Game) -> Result<Move, String> {
        self.sync(game)?;
        let pos = game.position();
        let reply = self.command("genmove")?;
        let mv: Move =
            reply.trim().parse().map_err(|e| format!("bad move from the engine: {e}"))?;
        pos.check(mv).map_err(|e| format!("illegal move `{mv}` from the engine: {e}"))?;
        // The engine has played its move in its own game.
        if let Some((_, seen)) = self.synced.as_mut() {
            seen.push(mv);
        }
        Ok(mv)
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.choose_in_game(&Game::from_position(*pos))
    }

    fn choose_in_game(&mut self, game: &Game) -> Option<Move> {
        match self.try_choose(game) {
            Ok(m) => {
                self.last_error = None;
                Some(m)
            }
            Err(e) => {
                self.synced = None;
                self.last_error = Some(e);
                None
            }
        }
    }

    fn last_error(&self) -> Option<String> {
        self.last_error.clone()
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
