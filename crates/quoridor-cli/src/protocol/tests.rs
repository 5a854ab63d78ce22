//! Tests of the protocol: framing, reading commands, the session's state under bad input,
//! the settings in any order, the engine commands.

use quoridor_ai::Limits;
use quoridor_core::Players;
use quoridor_core::{Config, Move, Position, Seat, Variant};

use super::{Command, Request, Session};

fn size(n: u8) -> quoridor_core::BoardSize {
    quoridor_core::BoardSize::new(n).expect("a board size")
}

fn reply(s: &mut Session, line: &str) -> String {
    s.handle_line(line).unwrap_or_default()
}

/// A session after `lines`, each of which must succeed.
fn session_after(lines: &[&str]) -> Session {
    let mut s = Session::new();
    for line in lines {
        let r = reply(&mut s, line);
        assert!(r.starts_with('='), "{line}: {r}");
    }
    s
}

fn start(config: &Config) -> Position {
    Position::start(config).unwrap_or_else(|e| panic!("{config:?}: {e}"))
}

#[test]
fn framing() {
    let mut s = Session::new();
    assert_eq!(reply(&mut s, "name"), "= quoridor\n\n");
    assert_eq!(reply(&mut s, "7 protocol_version"), "=7 2\n\n");
    assert_eq!(s.handle_line("   "), None);
    assert_eq!(s.handle_line("# hello"), None);
    assert_eq!(s.handle_line("\t\u{1}  # 12 name"), None);
    assert!(reply(&mut s, "frobnicate").starts_with("? unknown command `frobnicate`"));
    assert!(reply(&mut s, "12").starts_with("?12 missing command"));
    assert_eq!(reply(&mut s, "3\tname # why not"), "=3 quoridor\n\n");
    assert_eq!(reply(&mut s, "known_command genmove"), "= true\n\n");
    assert_eq!(reply(&mut s, "known_command bogus"), "= false\n\n");
    assert!(reply(&mut s, "list_commands").starts_with("=\nprotocol_version\n"));
    assert!(reply(&mut s, "4 list_commands").starts_with("=4\nprotocol_version\n"));
    // An empty one-line result is `=` alone: no legal moves once the game is over.
    assert_eq!(reply(&mut s, "position 5 S:c5:1,N:c2:1 - N 9"), "=\n\n");
    assert_eq!(reply(&mut s, "legal_moves"), "=\n\n");
}

#[test]
fn a_line_is_read_once_into_its_id_and_command() {
    let e2: Move = "e2".parse().unwrap();
    let r = Request::parse("12 play S e2 # comment").unwrap();
    assert_eq!(r.id.as_deref(), Some("12"));
    assert_eq!(r.command, Ok(Command::Play { seat: Some(Seat::South), mv: e2 }));
    let r = Request::parse("genmove").unwrap();
    assert_eq!((r.id, r.command), (None, Ok(Command::GenMove { seat: None })));
    assert_eq!(Request::parse(" # only a comment"), None);
    assert!("".parse::<Command>().unwrap_err().to_string().starts_with("missing command"));
    assert_eq!("walls default".parse::<Command>(), Ok(Command::Walls(None)));
    assert_eq!("variant koth".parse::<Command>(), Ok(Command::Variant(Variant::KingOfTheHill)));
    assert_eq!("position".parse::<Command>(), Ok(Command::ShowPosition));
    let bad = Request::parse("9 boardsize 8").unwrap();
    assert_eq!(bad.id.as_deref(), Some("9"));
    let e = bad.command.unwrap_err().to_string();
    assert!(e.contains("`8`") && e.contains("odd, from 5 to 11"), "{e}");
}

/// The command names of the table in `docs/cli.md`.
const DOCUMENTED: [&str; 26] = [
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
    "analyse",
];

#[test]
fn every_command_the_parser_knows_is_listed_and_back() {
    let mut s = Session::new();
    let listed = reply(&mut s, "list_commands");
    let listed: Vec<&str> =
        listed.strip_prefix("=\n").expect("a multi-line reply").trim_end().lines().collect();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), listed.len(), "a name listed twice: {listed:?}");
    let mut documented = DOCUMENTED.to_vec();
    documented.sort_unstable();
    assert_eq!(sorted, documented, "list_commands and the documented commands differ");

    let parser_knows = |name: &str| match Command::from_words(&[name]) {
        Ok(_) => true,
        Err(e) => !e.to_string().starts_with("unknown command"),
    };
    // Every listed name is read, and `known_command` agrees.
    for name in &listed {
        assert!(parser_knows(name), "`{name}` is listed but not read");
        assert_eq!(reply(&mut s, &format!("known_command {name}")), "= true\n\n", "{name}");
    }
    // Every name read is listed: near misses of the listed names, and other protocols'
    // commands, are unknown to the parser and to `known_command`.
    let mut others: Vec<String> = listed
        .iter()
        .flat_map(|n| [n.to_uppercase(), format!("{n}s"), n[1..].to_string(), n.replace('_', "")])
        .collect();
    others.extend(
        ["komi", "help", "move", "go", "setoption", "isready", "fixed_handicap", "time_left"]
            .map(str::to_string),
    );
    for word in others.iter().filter(|w| !listed.contains(&w.as_str())) {
        assert!(!parser_knows(word), "`{word}` is read but not listed");
        assert_eq!(reply(&mut s, &format!("known_command {word}")), "= false\n\n", "{word}");
    }
}

#[test]
fn illegal_input_keeps_the_state() {
    let mut s = Session::new();
    assert_eq!(reply(&mut s, "play e2"), "=\n\n");
    let before = s.position().to_string();
    for (bad, names) in [
        ("play e2", "`e2`"),
        ("play zz", "`zz`"),
        ("play e9h", "`e9h`"),
        ("play S e8", "South"),
        ("boardsize 8", "`8`"),
        ("boardsize 13", "`13`"),
        ("boardsize", "board size"),
        ("players 5", "`5`"),
        ("players 1", "`1`"),
        ("variant chess", "`chess`"),
        ("walls x", "`x`"),
        ("walls 200", "`200`"),
        ("walls -1", "`-1`"),
        ("first X", "`X`"),
        ("first S N", "only a seat"),
        ("set_level 11", "`11`"),
        ("set_depth 0", "`0`"),
        ("set_movetime 9e9", "`9e9`"),
        ("position 9 x", "`9 x`"),
        ("undo now", "`now`"),
        ("genmove S N", "genmove"),
    ] {
        let r = reply(&mut s, bad);
        assert!(r.starts_with("? ") && r.ends_with("\n\n"), "{bad}: {r}");
        assert!(r.contains(names), "{bad}: {r} does not name {names}");
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
        "default",
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
        // Whole settings, so that they often conflict and get repaired.
        "variant koth",
        "variant classic",
        "players 3",
        "players 4",
        "first E",
        "first W",
        "é",
        "=",
        "?",
        "",
    ];
    let mut rng = quoridor_ai::SplitMix64::new(42);
    let mut s = session_after(&["boardsize 5", "set_depth 1"]);
    let mut refused_for_conflict = 0;
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
            refused_for_conflict += usize::from(r.contains(" conflicts with "));
        }
        if line.contains("set_") {
            // Keep genmove cheap.
            s.set_limits(Limits::depth(1));
        }
        assert!(!s.wants_quit(), "{line:?}");
    }
    assert!(refused_for_conflict > 0, "the random lines never made the settings conflict");
}

/// Every order of the lines in `settings`, each from a new session after `setup`, ends on
/// the start of `config`, with every setter accepted; so does `clear_board` after them.
fn any_order_reaches(setup: &[&str], settings: &[&str], config: &Config) {
    let want = start(config);
    let mut orders = vec![Vec::new()];
    for line in settings {
        // Insert each line at every place of every order of the lines before it.
        orders = orders
            .into_iter()
            .flat_map(|order: Vec<&str>| {
                (0..=order.len()).map(move |i| {
                    let mut o = order.clone();
                    o.insert(i, line);
                    o
                })
            })
            .collect();
    }
    let count = orders.len();
    assert_eq!(count, (1..=settings.len()).product::<usize>());
    for order in orders {
        let mut s = session_after(setup);
        for line in &order {
            assert_eq!(reply(&mut s, line), "=\n\n", "{line} in {order:?}");
        }
        assert_eq!(*s.position(), want, "after {setup:?} then {order:?}");
        assert_eq!(reply(&mut s, "clear_board"), "=\n\n", "{order:?}");
        assert_eq!(*s.position(), want, "clear_board after {setup:?} then {order:?}");
    }
}

#[test]
fn settings_in_any_order_reach_the_same_game() {
    let koth = Config::default().with_players(Players::Four).with_variant(Variant::KingOfTheHill);
    any_order_reaches(&[], &["players 4", "variant koth"], &koth);

    let config = koth.with_size(size(7)).with_walls(Some(6)).with_first(Seat::East);
    any_order_reaches(
        &[],
        &["boardsize 7", "players 4", "variant koth", "first E", "walls 6"],
        &config,
    );

    // Back from that game to a classic two-player one.
    let back =
        config.with_players(Players::Two).with_variant(Variant::Classic).with_first(Seat::North);
    let setup = ["boardsize 7", "players 4", "variant koth", "first E", "walls 6"];
    any_order_reaches(&setup, &["players 2", "variant classic", "first N"], &back);

    let three =
        Config::default().with_size(size(5)).with_players(Players::Three).with_first(Seat::West);
    any_order_reaches(&[], &["boardsize 5", "players 3", "first W"], &three);
}

#[test]
fn conflicting_settings_are_refused_when_the_game_starts_and_a_later_setting_repairs_them() {
    let mut s = session_after(&["set_depth 1", "players 3"]);
    let three = *s.position();
    assert_eq!(reply(&mut s, "variant koth"), "=\n\n", "a setter only records");
    assert_eq!(*s.position(), three, "the last game stays on the board");
    for (line, id) in [("clear_board", ""), ("5 genmove", "5"), ("play e2", ""), ("undo", "")] {
        let r = reply(&mut s, line);
        assert!(r.starts_with(&format!("?{id} ")), "{line}: {r}");
        for part in ["`variant koth`", "`players 3`", "four players"] {
            assert!(r.contains(part), "{line}: {r} does not say {part}");
        }
        assert_eq!(*s.position(), three, "{line} changed the game");
    }
    // The queries still read the game on the board.
    assert_eq!(reply(&mut s, "position"), format!("= {three}\n\n"));
    assert!(reply(&mut s, "legal_moves").starts_with("= "));
    // Another setter that leaves the conflict starts nothing.
    assert_eq!(reply(&mut s, "boardsize 7"), "=\n\n");
    assert_eq!(*s.position(), three);
    assert!(reply(&mut s, "genmove").starts_with("? `variant koth` conflicts with `players 3`"));
    // A later valid setting repairs it and starts the game at once.
    assert_eq!(reply(&mut s, "players 4"), "=\n\n");
    let koth = Config::default()
        .with_size(size(7))
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill);
    assert_eq!(*s.position(), start(&koth));
    assert!(reply(&mut s, "genmove").starts_with("= "));
    assert_eq!(s.position().ply(), 1);
}

#[test]
fn a_first_seat_out_of_the_game_is_refused_when_the_game_starts() {
    let mut s = session_after(&["play e2"]);
    let before = *s.position();
    assert_eq!(reply(&mut s, "first E"), "=\n\n");
    assert_eq!(*s.position(), before, "the game in progress stays on the board");
    let r = reply(&mut s, "clear_board");
    for part in ["`first E`", "`players 2`", "East does not play in a 2-player game", "players 4"] {
        assert!(r.contains(part), "{r} does not say {part}");
    }
    assert!(reply(&mut s, "play e8").starts_with("? `first E` conflicts with `players 2`"));
    assert_eq!(*s.position(), before);
    // Three players are not enough for East either.
    assert_eq!(reply(&mut s, "players 3"), "=\n\n");
    assert!(reply(&mut s, "clear_board").contains("`first E` conflicts with `players 3`"));
    assert_eq!(reply(&mut s, "first W"), "=\n\n");
    assert_eq!(s.position().turn(), Seat::West);
    assert_eq!(s.position().players(), 3);
}

#[test]
fn a_position_ends_the_wait_and_its_settings_follow_it() {
    let mut s = session_after(&["variant koth"]);
    assert!(reply(&mut s, "play e2").starts_with("? `variant koth` conflicts with `players 2`"));
    assert_eq!(reply(&mut s, "position 5 S:c1:3,N:c5:3 - S 0"), "=\n\n");
    assert_eq!(reply(&mut s, "play c2"), "=\n\n", "the position is a game to play on");
    // Its size, players and variant are now the settings.
    assert_eq!(reply(&mut s, "clear_board"), "=\n\n");
    let five = Config::default().with_size(size(5));
    assert_eq!(*s.position(), start(&five));
}

#[test]
fn genmove_plays_a_legal_move() {
    let mut s = Session::new();
    assert_eq!(reply(&mut s, "boardsize 5"), "=\n\n");
    assert_eq!(reply(&mut s, "set_depth 2"), "=\n\n");
    let before = *s.position();
    let r = reply(&mut s, "genmove");
    let m: Move = r.strip_prefix("= ").and_then(|m| m.trim().parse().ok()).expect(&r);
    assert!(before.is_legal(m), "{m}");
    assert_eq!(s.position().ply(), 1);
    assert!(reply(&mut s, "genmove S").starts_with("? it is North's turn, not South's"));
    let showboard = reply(&mut s, "showboard");
    assert!(showboard.starts_with("=\n") && !showboard.trim_end().contains("\n\n"));
    assert!(showboard.contains("in progress, North to move"), "{showboard}");
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
    assert_eq!(s.engine().map(|e| e.options().threads), Some(2));
    for bad in ["set_threads 0", "set_threads 257", "set_threads two", "set_hash 0", "set_hash"] {
        let before = s.position().to_string();
        let r = reply(&mut s, bad);
        assert!(r.starts_with("? "), "{bad}: {r}");
        assert_eq!(s.position().to_string(), before);
    }
    assert_eq!(s.engine().map(|e| e.options().hash_mb), Some(1));
    assert!(reply(&mut s, "set_threads 257").contains("`257` is not a thread count"));
}

#[test]
fn analyse_gives_the_best_moves_in_order_without_playing() {
    let mut s = session_after(&["set_depth 3", "play e2", "play e8"]);
    let before = s.position().to_string();
    let r = reply(&mut s, "5 analyse 3");
    assert!(r.starts_with("=5\n"), "{r}");
    let lines: Vec<&str> = r.lines().skip(1).filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 3, "{r}");
    let mut last = i64::MAX;
    for (i, line) in lines.iter().enumerate() {
        let w: Vec<&str> = line.split(' ').collect();
        assert_eq!(w[0], (i + 1).to_string(), "{line}");
        assert_eq!((w[2], w[3]), ("score", "cp"), "{line}");
        let cp: i64 = w[4].parse().unwrap();
        assert!(cp <= last, "{r}");
        last = cp;
        assert_eq!(w[5], "chance", "{line}");
        let chance: f64 = w[6].parse().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{line}");
        assert_eq!((w[7], w[8], w[9]), ("depth", "3", "pv"), "{line}");
        assert_eq!(w[10], w[1], "{line}: the line starts with the move");
    }
    assert_eq!(s.position().to_string(), before, "analyse plays nothing");
    // The first line is genmove's move at the same depth.
    let best = lines[0].split(' ').nth(1).unwrap().to_string();
    assert_eq!(reply(&mut s, "genmove"), format!("= {best}\n\n"));
    // One line by default; more than the legal moves gives them all.
    assert_eq!(reply(&mut s, "analyse").lines().filter(|l| l.starts_with("1 ")).count(), 1);
    reply(&mut s, "position 5 S:c2:1,N:c4:0 b2h,c3v S 4");
    let legal = s.position().count_legal_moves();
    let all = reply(&mut s, "analyse 18446744073709551616");
    assert_eq!(all.lines().skip(1).filter(|l| !l.is_empty()).count(), legal, "{all}");
}

#[test]
fn analyse_refuses_bad_counts_and_finished_games() {
    let mut s = session_after(&["set_depth 2"]);
    for (line, expected) in [
        ("analyse 0", "? `0` is not a number of lines: multipv is a whole number, at least 1"),
        ("analyse -1", "? `-1` is not a number of lines"),
        ("analyse 2 3", "? analyse takes at most the number of lines"),
    ] {
        let r = reply(&mut s, line);
        assert!(r.starts_with(expected), "{line}: {r}");
    }
    reply(&mut s, "position 5 S:c5:1,N:c2:1 - N 9");
    assert!(reply(&mut s, "analyse 2").starts_with("? the game is over"));
}

#[test]
fn ponder_thinks_between_commands_until_one_needs_the_engine() {
    for players in ["2", "4"] {
        let mut s = session_after(&[&format!("players {players}"), "set_movetime 30"]);
        assert!(reply(&mut s, "genmove").starts_with("= "));
        assert!(!s.is_pondering(), "off by default");
        s.set_ponder(true);
        let r = reply(&mut s, "genmove");
        assert!(r.starts_with("= "), "{r}");
        assert!(s.is_pondering(), "after genmove");
        // Queries answer while the engine thinks.
        for query in ["showboard", "dist", "winner", "position", "legal_moves", "name"] {
            assert!(reply(&mut s, query).starts_with('='), "{query}");
            assert!(s.is_pondering(), "{query} stopped the ponder");
        }
        // The opponents' moves: the engine ponders after each.
        while s.position().turn() != Seat::South {
            let m = s.position().legal_moves().first().copied().unwrap();
            assert_eq!(reply(&mut s, &format!("play {m}")), "=\n\n");
            assert!(s.is_pondering(), "after play {m}");
        }
        let before = *s.position();
        let r = reply(&mut s, "genmove");
        let m: Move = r.strip_prefix("= ").and_then(|m| m.trim().parse().ok()).expect(&r);
        assert!(before.is_legal(m), "{m}");
        // A refused command leaves the session as it was, the engine pondering.
        let pos = s.position().to_string();
        let illegal = ["a1", "a9", "i1", "i9", "e5"]
            .into_iter()
            .find(|m| !s.position().is_legal(m.parse().unwrap()))
            .unwrap();
        let turn = s.position().turn_order().nth(1).unwrap().letter();
        for bad in ["play z9".to_string(), format!("play {illegal}"), format!("genmove {turn}")] {
            assert!(reply(&mut s, &bad).starts_with("? "), "{bad}");
            assert_eq!(s.position().to_string(), pos, "{bad}");
            assert!(s.is_pondering(), "{bad}");
        }
        // Other commands stop it.
        assert_eq!(reply(&mut s, "set_movetime 20"), "=\n\n");
        assert!(!s.is_pondering());
        s.set_ponder(false);
        assert!(reply(&mut s, "genmove").starts_with("= "));
        assert!(!s.is_pondering());
    }
}

#[test]
fn ponder_stops_when_the_game_is_over() {
    let mut s = session_after(&["set_depth 1"]);
    s.set_ponder(true);
    assert_eq!(
        reply(&mut s, "set_ponder on"),
        "? unknown command `set_ponder` (list_commands lists them)\n\n"
    );
    reply(&mut s, "position 5 S:c4:1,N:c2:1 - S 8");
    assert_eq!(reply(&mut s, "play c5"), "=\n\n");
    assert!(!s.is_pondering(), "the game is over: nothing to ponder");
    assert_eq!(reply(&mut s, "winner"), "= S\n\n");
}
