//! Games with history, and the game-record format.
//!
//! ```text
//! [Size "9"]
//! [Players "2"]
//! [Variant "classic"]
//! [Walls "10"]
//! [First "S"]
//! [Result "S+"]
//!
//! 1. e2 e8 2. e3 e7 3. e4 e3h N:resigns S+
//! ```
//!
//! Tags in square brackets, then the moves. A number `K.` opens each round (one move of every
//! player still in the game, starting from the seat that moved first); `SEAT:resigns` records
//! a resignation wherever it happened; the record ends with the result: `S+` (that seat won),
//! `=` (draw) or `*` (unfinished or unknown). `{...}` and `;` to the end of a line are
//! comments. `docs/notation.md` describes the format in full.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use crate::board_size::BoardSize;
use crate::config::{Config, ConfigError, Variant};
use crate::fen::ParsePositionError;
use crate::moves::{Move, ParseMoveError};
use crate::players::Players;
use crate::position::{Outcome, PlayError, Position, Ranking, ResignError};
use crate::square::Seat;

/// Something that happened in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `seat` played `mv`.
    Move {
        /// Who moved.
        seat: Seat,
        /// The move.
        mv: Move,
    },
    /// `seat` resigned.
    Resign(Seat),
}

/// A game: its start, its events, undo, and records.
///
/// ```
/// use quoridor_core::{Game, Seat};
/// let mut game = Game::default();
/// game.play("e2".parse()?)?;
/// game.play("e8".parse()?)?;
/// game.resign(Seat::North)?;
/// assert_eq!(game.to_string().lines().last(), Some("1. e2 e8 N:resigns S+"));
/// let again: Game = game.to_string().parse()?;
/// assert_eq!(again.position(), game.position());
/// game.undo();
/// assert!(game.outcome().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    config: Option<Config>,
    start: Position,
    current: Position,
    history: Vec<Position>,
    events: Vec<Event>,
    tags: Vec<(String, String)>,
}

impl Default for Game {
    fn default() -> Game {
        Game::from_position(Position::default())
    }
}

impl Game {
    /// A new game from the start position of `config`.
    ///
    /// # Errors
    /// When the configuration breaks a rule.
    pub fn new(config: &Config) -> Result<Game, ConfigError> {
        let start = Position::start(config)?;
        let mut game = Game::from_position(start);
        // The record always writes the wall count, so keep it explicit: a game read back from
        // its record is then equal to the game written.
        game.config = Some(Config { walls: Some(config.walls_per_player()), ..*config });
        Ok(game)
    }

    /// A new game from any legal position.
    #[must_use]
    pub const fn from_position(start: Position) -> Game {
        Game {
            config: None,
            start,
            current: start,
            history: Vec::new(),
            events: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.current
    }

    /// The start position.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The configuration the game started from, when it started from one, with the wall
    /// count made explicit (`walls` is always `Some`).
    #[must_use]
    pub const fn config(&self) -> Option<&Config> {
        self.config.as_ref()
    }

    /// What happened so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The moves played so far (without resignations).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Move { mv, .. } => Some(*mv),
            Event::Resign(_) => None,
        })
    }

    /// The positions before each event, then the current one.
    pub fn positions(&self) -> impl Iterator<Item = &Position> + '_ {
        self.history.iter().chain(core::iter::once(&self.current))
    }

    /// Plays `m` for the side to move.
    ///
    /// # Errors
    /// The rule the move breaks; the game does not change.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        let before = self.current;
        self.current.play(m)?;
        self.history.push(before);
        self.events.push(Event::Move { seat: before.turn(), mv: m });
        Ok(())
    }

    /// `seat` resigns.
    ///
    /// # Errors
    /// When the game is over or `seat` is not in it; the game does not change.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ResignError> {
        let before = self.current;
        self.current.resign(seat)?;
        self.history.push(before);
        self.events.push(Event::Resign(seat));
        Ok(())
    }

    /// Takes back the last event (a move or a resignation); `None` at the start.
    pub fn undo(&mut self) -> Option<Event> {
        let before = self.history.pop()?;
        self.current = before;
        self.events.pop()
    }

    /// How the game ended, if it did.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome()
    }

    /// The standing of every seat (see [`Position::ranking`]).
    #[must_use]
    pub fn ranking(&self) -> Ranking {
        self.current.ranking()
    }

    /// The value of a tag (such as `Event` or `South`), other than the ones the format
    /// computes itself (`Size`, `Players`, `Variant`, `Walls`, `First`, `PlyLimit`,
    /// `Position`, `Result`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a free tag, written in the record header (a tag set again keeps its place).
    ///
    /// # Errors
    /// [`TagError`] when the name is one of the tags the record computes itself (`Size`,
    /// `Players`, `Variant`, `Walls`, `First`, `PlyLimit`, `Position`, `Result`), is empty or
    /// holds a character other than letters, digits and `_`, or when the value holds a line
    /// break. The game does not change.
    ///
    /// ```
    /// use quoridor_core::Game;
    /// let mut game = Game::default();
    /// game.set_tag("Event", "Club night")?;
    /// assert_eq!(game.tag("Event"), Some("Club night"));
    /// assert!(game.set_tag("Size", "7").is_err());
    /// assert!(game.set_tag("Round 2", "x").is_err());
    /// # Ok::<(), quoridor_core::TagError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        if COMPUTED.contains(&name) {
            return Err(TagError::Computed(name.to_string()));
        }
        if !valid_tag_name(name) {
            return Err(TagError::Name(name.chars().take(60).collect()));
        }
        if value.contains('\n') {
            return Err(TagError::LineBreak(name.to_string()));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Where every ply starts a new round: rounds open with the first mover's seat order.
    fn order_rank(&self, seat: Seat) -> usize {
        (seat.index() + 4 - self.start.turn().index()) % 4
    }

    /// The result token: `S+`, `=` or `*`.
    #[must_use]
    pub fn result_token(&self) -> String {
        match self.outcome() {
            Some(Outcome::Winner(s)) => format!("{}+", s.letter()),
            Some(Outcome::Draw) => "=".to_string(),
            None => "*".to_string(),
        }
    }
}

const COMPUTED: [&str; 8] =
    ["Size", "Players", "Variant", "Walls", "First", "PlyLimit", "Position", "Result"];

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for Game {
    /// Writes the game record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = &self.start;
        let standard = self.config.filter(|c| Position::start(c).ok().as_ref() == Some(start));
        match standard {
            Some(c) => {
                writeln!(f, "[Size \"{}\"]", c.size)?;
                writeln!(f, "[Players \"{}\"]", c.players)?;
                writeln!(f, "[Variant \"{}\"]", c.variant)?;
                writeln!(f, "[Walls \"{}\"]", c.walls_per_player())?;
                let first = c.starting_walls(c.first);
                if first < c.walls_per_player() {
                    // King of the Hill's unequal walls: the tag alone reads as if every
                    // player had that many.
                    writeln!(f, "; {} moves first with one wall fewer: {first}", c.first)?;
                }
                writeln!(f, "[First \"{}\"]", c.first.letter())?;
                if let Some(l) = c.ply_limit {
                    writeln!(f, "[PlyLimit \"{l}\"]")?;
                }
            }
            None => {
                writeln!(f, "[Size \"{}\"]", start.size())?;
                writeln!(f, "[Players \"{}\"]", start.players())?;
                writeln!(f, "[Variant \"{}\"]", start.variant())?;
                writeln!(f, "[Position \"{start}\"]")?;
            }
        }
        writeln!(f, "[Result \"{}\"]", self.result_token())?;
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut round = 0u32;
        let mut last: Option<usize> = None;
        for e in &self.events {
            match *e {
                Event::Move { seat, mv } => {
                    let r = self.order_rank(seat);
                    if last.is_none_or(|l| r <= l) {
                        round += 1;
                        let _ = write!(line, "{round}. ");
                    }
                    last = Some(r);
                    let _ = write!(line, "{mv} ");
                }
                Event::Resign(seat) => {
                    let _ = write!(line, "{}:resigns ", seat.letter());
                }
            }
        }
        line.push_str(&self.result_token());
        writeln!(f, "{line}")
    }
}

/// Why [`Game::set_tag`] refused a tag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TagError {
    /// The record writes this tag itself.
    #[error(
        "tag `{0}` is written by the record itself (Size, Players, Variant, Walls, First, PlyLimit, Position, Result): it cannot be set"
    )]
    Computed(String),
    /// The name is empty or holds a character other than letters, digits and `_`.
    #[error("`{0}` is not a tag name: a name is made of letters, digits and `_`")]
    Name(String),
    /// The value holds a line break.
    #[error("the value of tag `{0}` holds a line break: a tag is one line")]
    LineBreak(String),
}

/// Why a game record could not be read. Each variant names the token and the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRecordError {
    /// A header line is not `[Name "value"]`.
    #[error("line {line}: bad tag `{text}`: a tag is written [Name \"value\"]")]
    TagSyntax {
        /// Line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A tag has a bad value.
    #[error("tag {name} has a bad value `{value}`: {reason}")]
    TagValue {
        /// The tag.
        name: String,
        /// Its value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// The tags describe an impossible game.
    #[error("the tags describe an impossible game: {0}")]
    Config(#[from] ConfigError),
    /// The `Position` tag is not a legal position.
    #[error("bad Position tag: {0}")]
    Position(#[from] ParsePositionError),
    /// A `{` comment is never closed.
    #[error("a comment opened with {{ is never closed")]
    UnclosedComment,
    /// A move number does not match the round.
    #[error("move number `{token}` does not match: this is round {expected}")]
    MoveNumber {
        /// The token.
        token: String,
        /// The round the next move belongs to.
        expected: u32,
    },
    /// A token is not a move.
    #[error("ply {ply}: {source}")]
    Token {
        /// Ply number (from 1) the token would have been.
        ply: usize,
        /// What is wrong.
        source: ParseMoveError,
    },
    /// A move is illegal.
    #[error("ply {ply} (round {round}, {seat}): `{token}` is illegal: {source}")]
    IllegalMove {
        /// Ply number, from 1.
        ply: usize,
        /// Round number, from 1.
        round: u32,
        /// Who was to move.
        seat: Seat,
        /// The move.
        token: String,
        /// The rule it breaks.
        source: PlayError,
    },
    /// A resignation does not name a seat.
    #[error(
        "`{token}` is not a resignation: a resignation is written SEAT:resigns, with the seat S, W, N or E"
    )]
    ResignSeat {
        /// The token.
        token: String,
    },
    /// A resignation is impossible.
    #[error("`{token}`: {source}")]
    Resign {
        /// The token.
        token: String,
        /// Why.
        source: ResignError,
    },
    /// Something follows the result.
    #[error("`{0}` follows the result: the result ends the record")]
    AfterResult(String),
    /// The stated result is not what the moves give.
    #[error("the record says the result is `{stated}` but the moves give `{actual}`")]
    ResultMismatch {
        /// The result written.
        stated: String,
        /// The result of the moves.
        actual: String,
    },
}

fn is_result(t: &str) -> bool {
    t == "*"
        || t == "="
        || (t.len() == 2
            && t.ends_with('+')
            && Seat::from_letter(t.chars().next().unwrap_or('?'))
                .is_some_and(|s| s.letter() == t.chars().next().unwrap_or('?')))
}

fn parse_tag_line(line: &str, no: usize) -> Result<(String, String), ParseRecordError> {
    let bad = || ParseRecordError::TagSyntax { line: no, text: line.chars().take(60).collect() };
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or_else(bad)?;
    let (name, rest) = inner.split_once(' ').ok_or_else(bad)?;
    if !valid_tag_name(name) {
        return Err(bad());
    }
    let rest = rest.trim();
    let body = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')).ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(bad)?),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

impl FromStr for Game {
    type Err = ParseRecordError;

    /// Reads a game record, checking every move.
    fn from_str(s: &str) -> Result<Game, ParseRecordError> {
        let (tags, body_start) = read_header(s)?;
        let mut game = tags.start()?;
        for (n, v) in &tags.0 {
            if !COMPUTED.contains(&n.as_str()) {
                // The reader checked the name, and a value read from one line holds no line
                // break; were the tag refused all the same, the error says why.
                game.set_tag(n, v).map_err(|e| bad_value(n, v, &e.to_string()))?;
            }
        }
        let text = without_comments(&s[body_start..])?;
        let result = play_movetext(&mut game, &text)?;
        let actual = game.result_token();
        let stated = result.or_else(|| tags.get("Result").map(str::to_string));
        if let Some(stated) = stated {
            if stated != "*" && stated != actual {
                return Err(ParseRecordError::ResultMismatch { stated, actual });
            }
        }
        Ok(game)
    }
}

/// The tags of a record's header, in order (a later tag of a name wins).
struct Tags(Vec<(String, String)>);

/// Reads the header: the leading lines that start with `[`, blank lines and `;` comments.
/// Returns the tags and the byte offset where the movetext starts.
fn read_header(s: &str) -> Result<(Tags, usize), ParseRecordError> {
    let mut tags = Vec::new();
    let mut offset = 0;
    for (no, raw) in s.split_inclusive('\n').enumerate() {
        let line = raw.trim();
        if line.starts_with('[') {
            tags.push(parse_tag_line(line, no + 1)?);
        } else if !(line.is_empty() || line.starts_with(';')) {
            return Ok((Tags(tags), offset));
        }
        offset += raw.len();
    }
    Ok((Tags(tags), s.len()))
}

/// The error of a tag whose value is refused.
fn bad_value(name: &str, value: &str, reason: &str) -> ParseRecordError {
    ParseRecordError::TagValue {
        name: name.to_string(),
        value: value.chars().take(60).collect(),
        reason: reason.to_string(),
    }
}

impl Tags {
    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// A whole-number tag, at most `max`.
    fn number(&self, name: &str, max: u32) -> Result<Option<u32>, ParseRecordError> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => match v.parse::<u32>() {
                Ok(n) if n <= max && !v.starts_with('+') => Ok(Some(n)),
                _ => Err(bad_value(name, v, "expected a whole number")),
            },
        }
    }

    /// A tag read with `FromStr`, its error as the reason.
    fn parsed<T: FromStr>(&self, name: &str) -> Result<Option<T>, ParseRecordError>
    where
        T::Err: fmt::Display,
    {
        self.get(name)
            .map(|v| v.parse::<T>().map_err(|e| bad_value(name, v, &e.to_string())))
            .transpose()
    }

    /// The game the tags start: from the `Position` tag, or from the configuration tags.
    fn start(&self) -> Result<Game, ParseRecordError> {
        if let Some(p) = self.get("Position") {
            return Ok(Game::from_position(p.parse()?));
        }
        let mut config = Config::default();
        if let Some(v) = self.get("Size") {
            config.size = v.parse::<BoardSize>().map_err(|_| {
                let reason =
                    format!("the side must be odd, from {} to {}", BoardSize::MIN, BoardSize::MAX);
                bad_value("Size", v, &reason)
            })?;
        }
        if let Some(p) = self.parsed::<Players>("Players")? {
            config.players = p;
        }
        if let Some(v) = self.parsed::<Variant>("Variant")? {
            config.variant = v;
        }
        if let Some(n) = self.number("Walls", 255)? {
            config.walls = Some(n as u8);
        }
        if let Some(seat) = self.parsed::<Seat>("First")? {
            config.first = seat;
        }
        config.ply_limit = self.number("PlyLimit", u32::MAX)?;
        Ok(Game::new(&config)?)
    }
}

/// The movetext without its `{...}` and `;` comments (a comment counts as a space).
fn without_comments(body: &str) -> Result<String, ParseRecordError> {
    let mut text = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => loop {
                match chars.next() {
                    Some('}') => break,
                    Some(_) => {}
                    None => return Err(ParseRecordError::UnclosedComment),
                }
            },
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                text.push(' ');
            }
            c => text.push(c),
        }
    }
    Ok(text)
}

/// The first 40 characters of a token, for an error.
fn shown(token: &str) -> String {
    token.chars().take(40).collect()
}

/// Plays the movetext's moves and resignations into `game`, checking the move numbers.
/// Returns the result token that ends it, if any.
fn play_movetext(game: &mut Game, text: &str) -> Result<Option<String>, ParseRecordError> {
    let mut round = 0u32;
    let mut last: Option<usize> = None;
    let mut result: Option<String> = None;
    let mut ply = 0usize;
    for token in text.split_whitespace() {
        if result.is_some() {
            return Err(ParseRecordError::AfterResult(shown(token)));
        }
        let next_rank = game.order_rank(game.current.turn());
        let starts_round = last.is_none_or(|l| next_rank <= l);
        let next_round = if starts_round { round + 1 } else { round };
        if let Some(num) = token.strip_suffix("...").or_else(|| token.strip_suffix('.')) {
            if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) {
                if num.parse::<u32>().ok() != Some(next_round) {
                    let token = shown(token);
                    return Err(ParseRecordError::MoveNumber { token, expected: next_round });
                }
                continue;
            }
        }
        if is_result(token) {
            result = Some(token.to_string());
            continue;
        }
        if let Some(seat) = token.strip_suffix(":resigns") {
            let seat: Seat =
                seat.parse().map_err(|_| ParseRecordError::ResignSeat { token: shown(token) })?;
            game.resign(seat)
                .map_err(|source| ParseRecordError::Resign { token: shown(token), source })?;
            continue;
        }
        ply += 1;
        let mv: Move = token.parse().map_err(|source| ParseRecordError::Token { ply, source })?;
        let seat = game.current.turn();
        game.play(mv).map_err(|source| ParseRecordError::IllegalMove {
            ply,
            round: next_round,
            seat,
            token: shown(token),
            source,
        })?;
        round = next_round;
        last = Some(next_rank);
    }
    Ok(result)
}
