//! The checks behind the engine fuzz targets: the text protocol of `quoridor-cli` and the
//! search of `quoridor-ai`.

use quoridor_ai::{Engine, EngineOptions, Limits};
use quoridor_cli::protocol::Session;
use quoridor_core::{Game, Move, Position, Seat};

use crate::checks_core::config_from_bytes;

/// Most protocol lines one `engine_session` input feeds.
pub const MAX_LINES: usize = 64;

/// The search limit every `genmove` of a fuzzed session runs under: whatever `set_movetime`,
/// `set_depth` or `set_level` line the input holds is read (and checked), then the limit is
/// put back to this, so that no input can make the fuzzer think for long.
fn quick() -> Limits {
    let mut limits = Limits::depth(1);
    limits.nodes = Some(20_000);
    limits
}

/// The largest table (MiB) and thread count a fuzzed session may ask for: `set_hash` and
/// `set_threads` lines asking for more are read with these instead, so that no input can
/// make the fuzzer allocate gigabytes or spawn hundreds of threads. The arguments are still
/// checked: a bad one is left as it is, to be refused.
const MAX_HASH_MB: u64 = 4;
const MAX_THREADS: u64 = 2;

/// `line` with a big `set_hash` or `set_threads` argument lowered (see [`MAX_HASH_MB`]).
fn tame(line: &str) -> String {
    let words = words(line);
    let (id, rest) = match words.first() {
        Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => (Some(w.as_str()), &words[1..]),
        _ => (None, &words[..]),
    };
    let cap = match rest.first().map(String::as_str) {
        Some("set_hash") => MAX_HASH_MB,
        Some("set_threads") => MAX_THREADS,
        _ => return line.to_string(),
    };
    match rest.get(1).map(|a| a.parse::<u64>()) {
        Some(Ok(n)) if n > cap && rest.len() == 2 => {
            let id = id.map_or(String::new(), |i| format!("{i} "));
            format!("{id}{} {cap}", rest[0])
        }
        _ => line.to_string(),
    }
}

/// The words of a protocol line as the protocol sees them: up to `#`, control characters
/// dropped and tabs turned into spaces.
fn words(line: &str) -> Vec<String> {
    quoridor_cli::protocol::preprocess(line).split_whitespace().map(str::to_string).collect()
}

/// `engine_session`: arbitrary lines fed to a protocol session. Every line with a command
/// gets exactly one reply that starts with `=` or `?` (and the line's id, if any) and ends
/// with its only empty line; blank and comment lines get none; a refused command changes
/// nothing; after every line the session's position is legal and agrees with what the
/// session says about it (`position`, `legal_moves`).
pub fn engine_session(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new();
    session.set_limits(quick());
    for line in text.split('\n').take(MAX_LINES) {
        let line = &tame(line);
        let before = *session.position();
        let reply = session.handle_line(line);
        session.set_limits(quick());
        let words = words(line);
        match reply {
            None => assert!(words.is_empty(), "no reply to {line:?}"),
            Some(r) => {
                assert!(!words.is_empty(), "a reply to the empty line {line:?}: {r:?}");
                assert!(r.starts_with('=') || r.starts_with('?'), "reply {r:?} to {line:?}");
                assert!(r.ends_with("\n\n"), "reply {r:?} to {line:?} does not end the GTP way");
                assert!(
                    !r[..r.len() - 2].contains("\n\n"),
                    "reply {r:?} to {line:?} holds an empty line before its end"
                );
                let first = &words[0];
                if first.bytes().all(|b| b.is_ascii_digit()) {
                    let after = &r[1..];
                    assert!(
                        after.starts_with(first.as_str())
                            && matches!(after.as_bytes().get(first.len()), Some(b' ' | b'\n')),
                        "reply {r:?} to {line:?} does not carry the id {first}"
                    );
                }
                if r.starts_with('?') {
                    assert_eq!(*session.position(), before, "refused {line:?} changed the game");
                }
            }
        }
        let pos = *session.position();
        let rebuilt = Position::try_from(pos.to_setup()).expect("the setup of a position is legal");
        assert_eq!(pos.zobrist(), rebuilt.zobrist());
        assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        let shown = session.handle_line("position");
        assert_eq!(shown, Some(format!("= {pos}\n\n")));
        let legal: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
        let listed = session.handle_line("legal_moves");
        let expect = if legal.is_empty() {
            "=\n\n".to_string()
        } else {
            format!("= {}\n\n", legal.join(" "))
        };
        assert_eq!(listed, Some(expect));
        if session.wants_quit() {
            break;
        }
    }
}

/// A position made from bytes: a configuration from the first three, then legal moves by
/// index and the odd resignation, as many as the input holds (at most 80).
pub fn position_from_bytes(data: &[u8]) -> Position {
    let mut bytes = data.iter().copied();
    let head = [bytes.next().unwrap_or(0), bytes.next().unwrap_or(0), bytes.next().unwrap_or(0)];
    let config = config_from_bytes(head);
    let mut game = match Game::new(&config) {
        Ok(g) => g,
        Err(e) => panic!("config {config:?} from the decoder is rejected: {e}"),
    };
    for b in bytes.take(80) {
        let pos = *game.position();
        if pos.is_game_over() {
            break;
        }
        if b == 0xff {
            let seat = pos.active_seats().last().unwrap_or(Seat::South);
            assert!(game.resign(seat).is_ok());
            continue;
        }
        let moves = pos.legal_moves();
        let m = moves[usize::from(b) % moves.len()];
        assert_eq!(game.play(m), Ok(()));
    }
    *game.position()
}

/// `search_smoke`: a short depth-limited search of a position made from the input returns a
/// legal move (and a principal variation of legal moves) unless the game is over, and so does
/// a second search by the same engine.
pub fn search_smoke(data: &[u8]) {
    let pos = position_from_bytes(data);
    let mut engine = Engine::new(EngineOptions::default().with_hash_mb(1));
    let mut limits = Limits::depth(2);
    limits.nodes = Some(50_000);
    for _ in 0..2 {
        match engine.search(&pos, &limits, &mut |_| {}) {
            None => assert!(pos.is_game_over(), "no move found in {pos}"),
            Some(r) => {
                assert!(!pos.is_game_over(), "a move {} in the finished {pos}", r.best);
                assert!(pos.is_legal(r.best), "illegal best move {} in {pos}", r.best);
                let mut line = pos;
                for &m in &r.info.pv {
                    if line.is_game_over() {
                        break;
                    }
                    assert!(line.is_legal(m), "illegal {m} in the pv {:?} of {pos}", r.info.pv);
                    line.play_unchecked(m);
                }
            }
        }
    }
}
