//! An engine in another process, driven through the text protocol (see [`crate::protocol`]):
//! a [`Bot`] for `quoridor match`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use anyhow::Context as _;
use quoridor_ai::Bot;
use quoridor_core::{Move, Position};

/// A child process speaking the protocol.
pub struct ExternalBot {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    configured: Option<(u8, u8, &'static str)>,
    last_error: Option<String>,
}

impl ExternalBot {
    /// Starts `command_line` (split into words like a shell would; no shell is run) and
    /// checks that it answers `name`.
    ///
    /// # Errors
    /// When the program cannot be started or does not answer within `timeout`.
    pub fn spawn(command_line: &str, timeout: Duration) -> anyhow::Result<ExternalBot> {
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
            configured: None,
            last_error: None,
        };
        let name = bot
            .command("name")
            .map_err(|e| anyhow::anyhow!("engine `{command_line}` does not answer: {e}"))?;
        if !name.is_empty() {
            bot.name = format!("{name} ({command_line})");
        }
        Ok(bot)
    }

    /// The last problem with the engine (a `?` reply, a timeout, a bad move), if any.
    pub fn last_error(&self) -> Option<&str> {
        self.last_error.as_deref()
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

    fn try_choose(&mut self, pos: &Position) -> Result<Move, String> {
        let key = (pos.size(), pos.players(), pos.variant().name());
        if self.configured != Some(key) {
            // Classic first so that a change of player count is never refused for King of
            // the Hill; the position below then sets everything exactly.
            self.command("variant classic")?;
            self.command(&format!("boardsize {}", pos.size()))?;
            self.command(&format!("players {}", pos.players()))?;
            self.command(&format!("variant {}", pos.variant().name()))?;
            self.configured = Some(key);
        }
        self.command(&format!("position {pos}"))?;
        let reply = self.command("genmove")?;
        let mv: Move =
            reply.trim().parse().map_err(|e| format!("bad move from the engine: {e}"))?;
        pos.check(mv).map_err(|e| format!("illegal move `{mv}` from the engine: {e}"))?;
        Ok(mv)
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        match self.try_choose(pos) {
            Ok(m) => Some(m),
            Err(e) => {
                self.last_error = Some(e);
                None
            }
        }
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
