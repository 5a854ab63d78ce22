//! The checks behind the rules-crate fuzz targets, written against the public API of
//! `quoridor_core` only.
//!
//! This one file is compiled twice: by the fuzz crate (whose targets call it with whatever
//! libFuzzer makes up) and, through `#[path]`, by the workspace test
//! `crates/quoridor-core/tests/fuzz_corpus.rs`, which replays every committed corpus file on
//! the stable toolchain. It therefore uses nothing but `quoridor_core`, `std`, and the two
//! modules every crate that compiles it has at its root: `reference` (the slow rules model)
//! and `invariants` (`check_position`, every invariant of a position against it), which are
//! `crates/quoridor-core/tests/common/{reference,invariants}.rs`, the files the workspace
//! tests use.
//!
//! Every check panics (through `assert!`) when a property fails; that is what the fuzzer
//! reports as a crash.

use quoridor_core::{
    BoardSize, Config, Event, Game, Move, Orientation, Players, Position, Seat, Setup, Square,
    Variant, Wall,
};

use crate::invariants::check_position;
use crate::reference::{RefState, setup_is_legal};

/// The largest number of API calls one `play_sequence` input makes, so that a single input
/// never runs for long.
pub const MAX_CALLS: usize = 96;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

// ---------------------------------------------------------------------------------------
// Text formats
// ---------------------------------------------------------------------------------------

/// `parse_move`: squares, walls and moves either fail to parse or are written back exactly
/// as they were read (the notation has one spelling per value).
pub fn parse_move(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(m) = s.parse::<Move>() {
        let back = m.to_string();
        assert_eq!(back, s, "move {s:?} is written back as {back:?}");
        assert_eq!(back.parse::<Move>(), Ok(m));
    }
    if let Ok(sq) = s.parse::<Square>() {
        assert_eq!(sq.to_string(), s);
        assert_eq!(Square::new(sq.col(), sq.row()), Some(sq));
    }
    if let Ok(w) = s.parse::<Wall>() {
        assert_eq!(w.to_string(), s);
        assert_eq!(Wall::new(w.anchor(), w.orientation()), Some(w));
    }
    if let Ok(seat) = s.parse::<Seat>() {
        assert_eq!(seat.letter().to_string().parse::<Seat>(), Ok(seat));
    }
}

/// `parse_position`: a string that reads as a [`Setup`] is written back to a string that
/// reads as the same setup; the setup is accepted as a [`Position`] exactly when the slow
/// reference finds it legal; an accepted position keeps every invariant and turns back into
/// the same setup.
pub fn parse_position(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(setup) = s.parse::<Setup>() else {
        assert!(s.parse::<Position>().is_err(), "{s:?} reads as a position but not as a setup");
        return;
    };
    let written = setup.to_string();
    assert_eq!(written.parse::<Setup>().as_ref(), Ok(&setup), "setup {s:?} written as {written:?}");
    let reference = setup_is_legal(&setup);
    match Position::try_from(setup) {
        Ok(pos) => {
            assert!(reference, "{s:?} was accepted but the reference finds it illegal");
            assert_eq!(pos.to_setup(), setup);
            assert_eq!(s.parse::<Position>().as_ref(), Ok(&pos));
            check_position(&pos);
        }
        Err(e) => {
            assert!(!reference, "{s:?} was rejected ({e}) but the reference finds it legal");
            assert!(s.parse::<Position>().is_err());
        }
    }
}

/// `parse_game_record`: a record that reads is written back to a record that reads as the
/// same game (same start, events and position) and is written back identically; the final
/// position keeps every invariant.
pub fn parse_game_record(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(game) = s.parse::<Game>() else { return };
    check_game_round_trip(&game);
    check_position(game.position());
}

fn check_game_round_trip(game: &Game) {
    let written = game.to_string();
    let again: Game = match written.parse() {
        Ok(g) => g,
        Err(e) => panic!("a written record does not read back ({e}):\n{written}"),
    };
    assert_eq!(again.start(), game.start(), "{written}");
    assert_eq!(again.events(), game.events(), "{written}");
    assert_eq!(again.position(), game.position(), "{written}");
    assert_eq!(again.position().zobrist(), game.position().zobrist());
    assert_eq!(again.outcome(), game.outcome());
    assert_eq!(again.to_string(), written);
    assert_eq!(&again, game, "the record reads back as a different game:\n{written}");
    let replayed: Vec<Position> = again.positions().copied().collect();
    let original: Vec<Position> = game.positions().copied().collect();
    assert_eq!(replayed, original);
}

// ---------------------------------------------------------------------------------------
// Play sequences
// ---------------------------------------------------------------------------------------

struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.data.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn take(&mut self, n: usize) -> &[u8] {
        let end = (self.at + n).min(self.data.len());
        let out = &self.data[self.at..end];
        self.at = end;
        out
    }
}

/// Reads a game configuration from the first three bytes: every size, player count, variant,
/// wall count (default, or 0 to 127), first seat and an optional short ply limit.
pub fn config_from_bytes(b: [u8; 3]) -> Config {
    let size = BoardSize::ALL[usize::from(b[0] & 3)];
    let players = Players::ALL[usize::from(b[0] >> 2) % 3];
    let variant =
        if players == 4 && b[0] & 0x20 != 0 { Variant::KingOfTheHill } else { Variant::Classic };
    let walls = (b[1] & 0x80 != 0).then_some(b[1] & 0x7f);
    let seats = players.seats();
    let first = seats[usize::from(b[2] & 3) % seats.len()];
    let ply_limit = match b[2] >> 4 {
        0..=7 => None,
        k => Some(u32::from(k - 7) * 7),
    };
    Config::default()
        .with_size(size)
        .with_players(players)
        .with_variant(variant)
        .with_walls(walls)
        .with_first(first)
        .with_ply_limit(ply_limit)
}

fn move_from_bytes(kind: u8, b: u8) -> Option<Move> {
    if kind & 1 == 0 {
        Square::from_index(b % 121).map(Move::Pawn)
    } else {
        let o = if kind & 2 == 0 { Orientation::Horizontal } else { Orientation::Vertical };
        Square::new(b % 10, (b / 10) % 10).and_then(|a| Wall::new(a, o)).map(Move::Wall)
    }
}

fn total_walls(pos: &Position) -> usize {
    pos.seats().map(|s| usize::from(pos.walls_in_hand(s))).sum::<usize>() + pos.walls().len()
}

/// `play_sequence`: the input chooses a configuration, then a sequence of calls (legal moves
/// by index, arbitrary and parsed moves that may be illegal, undo, resignations). The game
/// starts where the reference says it starts; every move and resignation leads where the
/// reference's own play leads (eliminations included); after every call every invariant
/// holds and the fast engine agrees with the reference; at the end the game record
/// round-trips.
pub fn play_sequence(data: &[u8]) {
    let mut input = Bytes { data, at: 0 };
    let head = [input.byte().unwrap_or(0), input.byte().unwrap_or(0), input.byte().unwrap_or(0)];
    let config = config_from_bytes(head);
    let mut game = match Game::new(&config) {
        Ok(g) => g,
        Err(e) => panic!("config {config:?} from the decoder is rejected: {e}"),
    };
    let walls = total_walls(game.position());
    let mut before: Vec<Position> = Vec::new();
    let start = RefState::start(&config);
    assert_eq!(RefState::from_position(game.position()), start, "start of {config:?}");
    check_position(game.position());
    for _ in 0..MAX_CALLS {
        let Some(op) = input.byte() else { break };
        let pos = *game.position();
        let call = match op % 8 {
            // A legal move by index: pawn moves only, any move, walls only.
            k @ 0..=2 => {
                let pick: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| match k {
                        0 => matches!(m, Move::Pawn(_)),
                        1 => true,
                        _ => matches!(m, Move::Wall(_)),
                    })
                    .collect();
                let i = usize::from(input.byte().unwrap_or(0));
                match pick.get(i % pick.len().max(1)) {
                    Some(&m) => {
                        assert_eq!(game.play(m), Ok(()), "legal move {m} refused in {pos}");
                        Call::Played(m)
                    }
                    None => Call::Nothing,
                }
            }
            // A move along the shortest path, so that games reach their end.
            3 => match pos.shortest_path(pos.turn()).nth(1).map(Move::Pawn) {
                Some(m) if pos.is_legal(m) => {
                    assert_eq!(game.play(m), Ok(()));
                    Call::Played(m)
                }
                _ => Call::Nothing,
            },
            // Any move the notation can name, legal or not.
            4 => {
                let kind = input.byte().unwrap_or(0);
                let b = input.byte().unwrap_or(0);
                match move_from_bytes(kind, b) {
                    Some(m) => try_move(&mut game, m),
                    None => Call::Nothing,
                }
            }
            // A move parsed from raw bytes.
            5 => {
                let n = usize::from(input.byte().unwrap_or(0) % 5);
                let raw = input.take(n);
                match text(raw).and_then(|s| s.parse::<Move>().ok()) {
                    Some(m) => try_move(&mut game, m),
                    None => Call::Nothing,
                }
            }
            6 => {
                let undone = game.undo();
                match before.pop() {
                    Some(prev) => {
                        assert!(undone.is_some());
                        assert_eq!(*game.position(), prev, "undo does not restore");
                        assert_eq!(game.position().zobrist(), prev.zobrist());
                    }
                    None => assert_eq!(undone, None, "undo at the start undid something"),
                }
                Call::Undone
            }
            _ => {
                let seat = Seat::ALL[usize::from(input.byte().unwrap_or(0) % 4)];
                let expect = pos.outcome().is_none() && pos.is_active(seat);
                let r = game.resign(seat);
                assert_eq!(r.is_ok(), expect, "resign {seat} in {pos}: {r:?}");
                if r.is_ok() {
                    let after = game.position();
                    assert!(!after.is_active(seat));
                    assert_eq!(after.ply(), pos.ply(), "a resignation is not a ply");
                    assert_eq!(game.events().last(), Some(&Event::Resign(seat)));
                    Call::Resigned(seat)
                } else {
                    assert_eq!(*game.position(), pos);
                    Call::Nothing
                }
            }
        };
        let now = *game.position();
        let mut expected = RefState::from_position(&pos);
        match call {
            Call::Played(m) => {
                assert_eq!(now.ply(), pos.ply().saturating_add(1), "a move is one ply");
                assert_ne!(now, pos);
                before.push(pos);
                expected.play(m);
                assert_eq!(RefState::from_position(&now), expected, "{m} in {pos}, now {now}");
            }
            Call::Resigned(seat) => {
                before.push(pos);
                expected.resign(seat);
                assert_eq!(RefState::from_position(&now), expected, "{seat} resigns in {pos}");
            }
            Call::Nothing => assert_eq!(now, pos),
            Call::Undone => {}
        }
        assert_eq!(game.events().len(), before.len());
        assert_eq!(total_walls(&now), walls, "walls are not conserved: {now}");
        if !matches!(call, Call::Nothing) {
            check_position(&now);
        }
    }
    check_game_round_trip(&game);
}

enum Call {
    Played(Move),
    Resigned(Seat),
    Undone,
    Nothing,
}

/// Plays `m`, which may be illegal: the game accepts it exactly when the reference, asked
/// about this one move, finds it legal, and a refused move changes nothing.
fn try_move(game: &mut Game, m: Move) -> Call {
    let pos = *game.position();
    let legal = RefState::from_position(&pos).is_legal(m);
    assert_eq!(pos.is_legal(m), legal, "is_legal({m}) in {pos}");
    match game.play(m) {
        Ok(()) => {
            assert!(legal, "illegal move {m} was played in {pos}");
            Call::Played(m)
        }
        Err(e) => {
            assert!(!legal, "legal move {m} was refused in {pos}: {e}");
            assert_eq!(*game.position(), pos);
            assert_eq!(game.position().zobrist(), pos.zobrist());
            Call::Nothing
        }
    }
}
