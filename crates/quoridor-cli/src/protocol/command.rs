//! The protocol's commands: the typed [`Command`], and `COMMANDS`, the one table that
//! names every command and reads its arguments. `list_commands` and `known_command` read the
//! same table, so a command cannot be known to one and not the other.
//!
//! Reading a command checks each argument on its own (a board size is odd, 5 to 11; a move
//! is in the notation); what the game says about it (whose turn, whether the move is legal,
//! whether the settings agree) is checked by the [`Session`](super::Session) that runs it.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use quoridor_ai::{Level, MultiPv};
use quoridor_core::{Move, Players, Position, Seat, Variant};

use super::short;
use crate::options;

/// One command, its arguments read.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `protocol_version`: the protocol's version, `2`.
    ProtocolVersion,
    /// `name`: the engine's name.
    Name,
    /// `version`: the program's version.
    Version,
    /// `known_command NAME`: whether NAME is a command.
    KnownCommand(String),
    /// `list_commands`: every command, one a line.
    ListCommands,
    /// `quit`: ends the session.
    Quit,
    /// `boardsize N`: the board side (odd, 5 to 11).
    BoardSize(quoridor_core::BoardSize),
    /// `players K`: 2, 3 or 4 players.
    Players(Players),
    /// `variant classic|koth`.
    Variant(Variant),
    /// `walls W`: walls per player; `None` (`walls default`) for the rules default.
    Walls(Option<u8>),
    /// `first SEAT`: the seat that moves first.
    First(Seat),
    /// `clear_board`: the start position of the settings.
    ClearBoard,
    /// `play [SEAT] MOVE`: plays the move for the side to move (the seat, if given, must be it).
    Play {
        /// The seat named before the move, if any.
        seat: Option<Seat>,
        /// The move.
        mv: Move,
    },
    /// `genmove [SEAT]`: the engine searches, plays and tells its move.
    GenMove {
        /// The seat named, if any: it must be the side to move.
        seat: Option<Seat>,
    },
    /// `analyse [N]`: the N best moves (1 when not given) with their scores and lines,
    /// searched with `genmove`'s limits; nothing is played.
    Analyse(MultiPv),
    /// `undo`: takes back the last move.
    Undo,
    /// `legal_moves`: the legal moves on one line.
    LegalMoves,
    /// `set_movetime MS`: `genmove` thinks this long.
    SetMovetime(Duration),
    /// `set_depth D`: `genmove` searches to this depth.
    SetDepth(u32),
    /// `set_level L`: `genmove` plays at this level.
    SetLevel(Level),
    /// `set_threads N`: `genmove` searches on N threads.
    SetThreads(usize),
    /// `set_hash MB`: a new transposition table of this size in MiB.
    SetHash(usize),
    /// `showboard`: the board and the status.
    ShowBoard,
    /// `dist`: each seat's shortest distance.
    Dist,
    /// `winner`: the winning seat, `draw` or `none`.
    Winner,
    /// `position` alone: the current position in the position format.
    ShowPosition,
    /// `position STRING`: sets the position.
    SetPosition(Box<Position>),
}

/// Why a line does not hold a command: its message names the bad token and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCommandError(String);

impl fmt::Display for ParseCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseCommandError {}

impl ParseCommandError {
    pub(super) fn new(message: String) -> ParseCommandError {
        ParseCommandError(message)
    }
}

/// The arguments of one command, with the command's name for the error messages.
struct Args<'a> {
    name: &'a str,
    words: &'a [&'a str],
}

impl<'a> Args<'a> {
    /// `command` when there is no argument.
    fn none(&self, command: Command) -> Result<Command, String> {
        match self.words.first() {
            None => Ok(command),
            Some(a) => Err(format!("{} takes no argument, got `{}`", self.name, short(a))),
        }
    }

    /// The only argument; `what` says what it should be.
    fn one(&self, what: &str) -> Result<&'a str, String> {
        match self.words {
            [a] => Ok(a),
            [] => Err(format!("{} expects {what}", self.name)),
            _ => Err(format!(
                "{} expects only {what}, got {} arguments",
                self.name,
                self.words.len()
            )),
        }
    }
}

/// Reads the arguments of one command.
type Reader = fn(&Args<'_>) -> Result<Command, String>;

/// Every command the protocol knows, in the order `list_commands` gives them, with the
/// reader of its arguments. The only place the names are written.
const COMMANDS: &[(&str, Reader)] = &[
    ("protocol_version", |a| a.none(Command::ProtocolVersion)),
    ("name", |a| a.none(Command::Name)),
    ("version", |a| a.none(Command::Version)),
    ("known_command", |a| Ok(Command::KnownCommand(a.one("a command name")?.to_string()))),
    ("list_commands", |a| a.none(Command::ListCommands)),
    // An argument is no reason to keep a client in a session it wants to leave.
    ("quit", |_| Ok(Command::Quit)),
    ("boardsize", |a| {
        let n = a.one("a board size (odd, 5 to 11)")?;
        options::parse_size(&short(n)).map(Command::BoardSize)
    }),
    ("players", |a| {
        let n = a.one("a number of players (2, 3 or 4)")?;
        options::parse_players(&short(n)).map(Command::Players)
    }),
    ("variant", |a| {
        let v = a.one("a variant (classic or koth)")?;
        v.parse().map(Command::Variant).map_err(|e| format!("{e}"))
    }),
    ("walls", |a| match a.one("a number of walls per player (or `default`)")? {
        "default" => Ok(Command::Walls(None)),
        w => options::parse_walls(&short(w)).map(|w| Command::Walls(Some(w))),
    }),
    ("first", |a| {
        let seat = a.one("a seat (S, W, N or E)")?;
        seat.parse().map(Command::First).map_err(|e| format!("{e}"))
    }),
    ("clear_board", |a| a.none(Command::ClearBoard)),
    ("play", read_play),
    ("genmove", |a| match a.words {
        [] => Ok(Command::GenMove { seat: None }),
        [seat] => Ok(Command::GenMove { seat: Some(read_seat(seat)?) }),
        _ => Err("genmove takes at most the seat to move".to_string()),
    }),
    ("analyse", |a| match a.words {
        [] => Ok(Command::Analyse(MultiPv::ONE)),
        [n] => n.parse().map(Command::Analyse).map_err(|e| format!("{e}")),
        _ => Err("analyse takes at most the number of lines".to_string()),
    }),
    ("undo", |a| a.none(Command::Undo)),
    ("legal_moves", |a| a.none(Command::LegalMoves)),
    ("set_movetime", |a| {
        let ms = a.one("a time in milliseconds")?;
        match ms.parse::<u64>() {
            Ok(n) if (1..=options::MOVETIME_MS_MAX).contains(&n) => {
                Ok(Command::SetMovetime(Duration::from_millis(n)))
            }
            _ => Err(format!(
                "`{}` is not a move time: expected milliseconds, 1 to {}",
                short(ms),
                options::MOVETIME_MS_MAX
            )),
        }
    }),
    ("set_depth", |a| {
        let d = a.one("a depth in plies")?;
        match d.parse::<u32>() {
            Ok(n) if (1..=options::DEPTH_MAX).contains(&n) => Ok(Command::SetDepth(n)),
            _ => Err(format!(
                "`{}` is not a depth: expected plies, 1 to {}",
                short(d),
                options::DEPTH_MAX
            )),
        }
    }),
    ("set_level", |a| {
        options::parse_level(&short(a.one("a level, 1 to 10")?)).map(Command::SetLevel)
    }),
    ("set_threads", |a| {
        options::parse_threads(&short(a.one("a thread count")?)).map(Command::SetThreads)
    }),
    ("set_hash", |a| {
        options::parse_hash(&short(a.one("a table size in MiB")?)).map(Command::SetHash)
    }),
    ("showboard", |a| a.none(Command::ShowBoard)),
    ("dist", |a| a.none(Command::Dist)),
    ("winner", |a| a.none(Command::Winner)),
    ("position", |a| {
        if a.words.is_empty() {
            return Ok(Command::ShowPosition);
        }
        let text = a.words.join(" ");
        match text.parse::<Position>() {
            Ok(pos) => Ok(Command::SetPosition(Box::new(pos))),
            Err(e) => Err(format!("bad position `{}`: {e}", short(&text))),
        }
    }),
];

fn read_seat(word: &str) -> Result<Seat, String> {
    word.parse().map_err(|e| format!("{e}"))
}

fn read_play(a: &Args<'_>) -> Result<Command, String> {
    let (seat, mv) = match a.words {
        [mv] => (None, mv),
        [seat, mv] => (Some(read_seat(seat)?), mv),
        [] => return Err("play expects a move, like `e2` or `e3h`".to_string()),
        _ => return Err("play expects a move (optionally after the seat)".to_string()),
    };
    let mv = mv.parse().map_err(|e| format!("{e}"))?;
    Ok(Command::Play { seat, mv })
}

impl Command {
    /// Whether the command only reads the session (so that pondering goes on through it).
    #[must_use]
    pub fn only_reads(&self) -> bool {
        matches!(
            self,
            Command::ProtocolVersion
                | Command::Name
                | Command::Version
                | Command::KnownCommand(_)
                | Command::ListCommands
                | Command::LegalMoves
                | Command::ShowBoard
                | Command::Dist
                | Command::Winner
                | Command::ShowPosition
        )
    }

    /// The names of the commands, in the order `list_commands` gives them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        COMMANDS.iter().map(|&(name, _)| name)
    }

    /// Whether `name` is a command.
    #[must_use]
    pub fn is_known(name: &str) -> bool {
        Command::names().any(|n| n == name)
    }

    /// Reads a command from its words: the name, then the arguments.
    ///
    /// # Errors
    /// No words, an unknown name, or a bad argument: the message names the bad token and
    /// the rule.
    pub fn from_words(words: &[&str]) -> Result<Command, ParseCommandError> {
        let Some((&name, words)) = words.split_first() else {
            return Err(ParseCommandError("missing command".to_string()));
        };
        let Some(&(name, read)) = COMMANDS.iter().find(|&&(n, _)| n == name) else {
            let e = format!("unknown command `{}` (list_commands lists them)", short(name));
            return Err(ParseCommandError(e));
        };
        read(&Args { name, words }).map_err(ParseCommandError)
    }
}

/// Reads a command without an id, e.g. `"play e2".parse::<Command>()`.
impl FromStr for Command {
    type Err = ParseCommandError;

    fn from_str(s: &str) -> Result<Command, ParseCommandError> {
        Command::from_words(&s.split_whitespace().collect::<Vec<_>>())
    }
}
