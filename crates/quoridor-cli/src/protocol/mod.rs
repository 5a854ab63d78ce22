//! The engine's text protocol: GTP framing with Quoridor commands. This file holds the
//! framing; the commands are in [`command`], the state they act on in [`session`].
//!
//! One command a line, with an optional numeric id first. Every command gets one reply:
//! `=[id] result` on success or `?[id] error` on failure, followed by an empty line. A
//! multi-line result (`showboard`, `list_commands`) starts on the line after the `=`. Blank
//! lines and `#` comments get no reply. A bad or illegal command changes nothing.
//!
//! `docs/cli.md` lists the commands.

pub mod command;
pub mod session;

#[cfg(test)]
mod tests;

pub use command::{Command, ParseCommandError};
pub use session::{DEFAULT_HASH_MB, DEFAULT_MOVETIME, Session};

/// GTP preprocessing of one line: everything from `#` on is a comment, control characters
/// are dropped and tabs become spaces.
#[must_use]
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

/// One input line that holds a command: its id, if any, and the command (or why it could not
/// be read).
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The numeric id the line starts with, repeated in the reply.
    pub id: Option<String>,
    /// The command, read and checked on its own.
    pub command: Result<Command, ParseCommandError>,
}

impl Request {
    /// Reads one input line; `None` for a line that gets no reply (blank, or only a
    /// comment).
    #[must_use]
    pub fn parse(line: &str) -> Option<Request> {
        let cleaned = preprocess(line);
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        let (first, rest) = words.split_first()?;
        if !first.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Request { id: None, command: Command::from_words(&words) });
        }
        let command = if rest.is_empty() {
            Err(ParseCommandError::new("missing command after the id".to_string()))
        } else {
            Command::from_words(rest)
        };
        Some(Request { id: Some((*first).to_string()), command })
    }
}

/// The result of a command that succeeded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Response {
    /// Nothing: the reply is `=` alone.
    Empty,
    /// One line of text after `= ` (an empty text is the same as [`Response::Empty`]).
    Line(String),
    /// Several lines, starting on the line after the `=` (no empty line inside).
    Block(String),
}

/// The full reply to a command, ending with the empty line that closes every reply.
#[must_use]
pub fn reply(id: Option<&str>, result: &Result<Response, String>) -> String {
    let id = id.unwrap_or("");
    match result {
        Ok(Response::Empty) => format!("={id}\n\n"),
        Ok(Response::Line(text)) if text.is_empty() => format!("={id}\n\n"),
        Ok(Response::Line(text)) => format!("={id} {text}\n\n"),
        Ok(Response::Block(text)) => format!("={id}\n{}\n\n", text.trim_end_matches('\n')),
        Err(e) => format!("?{id} {e}\n\n"),
    }
}

/// At most 40 characters of a token, for error messages (a long one ends with `...`).
pub(crate) fn short(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push_str("...");
    }
    t
}
