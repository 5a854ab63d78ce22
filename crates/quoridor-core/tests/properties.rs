//! Properties checked with proptest on positions reached by random legal play (with random
//! resignations) in every variant: legality agrees with the generated list, invariants hold
//! after every ply, undo restores everything, and every text format round-trips. Parsing
//! never panics, whatever the text.

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use quoridor_core::Players;
use quoridor_core::{
    BoardSize, Config, Event, Game, Move, Orientation, Position, Seat, SeatSetup, SeatState, Setup,
    Square, Variant, Wall, WallSet, default_walls,
};

/// A configuration of any variant: size, 2/3/4 players or King of the Hill, default or
/// explicit wall counts (some large, for mazes), any first seat, sometimes a ply limit.
fn config_strategy() -> impl Strategy<Value = Config> {
    (
        prop::sample::select(BoardSize::ALL.to_vec()),
        0usize..4,
        prop::option::of(0u8..=24),
        0usize..4,
        prop::option::weighted(0.2, 1u32..40),
    )
        .prop_map(|(size, kind, walls, first, ply_limit)| {
            let (players, variant) = match kind {
                0 => (Players::Two, Variant::Classic),
                1 => (Players::Three, Variant::Classic),
                2 => (Players::Four, Variant::Classic),
                _ => (Players::Four, Variant::KingOfTheHill),
            };
            let seats = players.seats();
            Config::default()
                .with_size(size)
                .with_players(players)
                .with_variant(variant)
                .with_walls(walls)
                .with_first(seats[first % seats.len()])
                .with_ply_limit(ply_limit)
        })
}

/// Any `Setup` at all: every size and variant, any seats playing (on any square of the
/// largest board) or gone (with any leaving number), any walls in hand, any set of walls
/// (overlapping ones too), any turn, ply and ply limit.
fn setup_strategy() -> impl Strategy<Value = Setup> {
    let seat = prop::option::of((
        prop_oneof![
            (0u8..121).prop_map(|i| SeatState::Playing(Square::from_index(i).expect("a square"))),
            any::<u8>().prop_map(SeatState::Left),
        ],
        any::<u8>(),
    ));
    let walls = prop::collection::vec(0usize..200, 0..40);
    (
        prop::sample::select(BoardSize::ALL.to_vec()),
        any::<bool>(),
        [seat.clone(), seat.clone(), seat.clone(), seat],
        walls,
        0usize..4,
        any::<u32>(),
        prop::option::of(any::<u32>()),
    )
        .prop_map(|(size, koth, seats, walls, turn, ply, ply_limit)| {
            let every_wall = common::invariants::every_wall();
            Setup {
                size,
                variant: if koth { Variant::KingOfTheHill } else { Variant::Classic },
                seats: seats.map(|s| s.map(|(state, walls)| SeatSetup { state, walls })).into(),
                walls: walls.into_iter().map(|i| every_wall[i]).collect::<WallSet>(),
                turn: Seat::ALL[turn],
                ply,
                ply_limit,
            }
        })
}

/// One step of a random game: usually a move (index into the sorted legal moves, with a bias
/// to walls or pawn moves), sometimes a resignation.
#[derive(Clone, Copy, Debug)]
enum Step {
    Move { index: u16, wall: bool },
    Resign(u8),
}

fn step_strategy() -> impl Strategy<Value = Step> {
    prop_oneof![
        60 => (any::<u16>(), any::<bool>()).prop_map(|(index, wall)| Step::Move { index, wall }),
        1 => any::<u8>().prop_map(Step::Resign),
    ]
}

fn scenario() -> impl Strategy<Value = (Config, Vec<Step>)> {
    (config_strategy(), prop::collection::vec(step_strategy(), 0..90))
}

/// Applies one step to the game; returns false when the game is over.
fn apply(game: &mut Game, step: Step) -> bool {
    let pos = *game.position();
    if pos.is_game_over() {
        return false;
    }
    match step {
        Step::Resign(k) => {
            let active: Vec<Seat> = pos.active_seats().collect();
            let seat = active[k as usize % active.len()];
            game.resign(seat).expect("a player in the game may resign");
        }
        Step::Move { index, wall } => {
            let moves = common::sorted_moves(&pos);
            let wanted: Vec<Move> =
                moves.iter().copied().filter(|m| matches!(m, Move::Wall(_)) == wall).collect();
            let pool = if wanted.is_empty() { &moves } else { &wanted };
            let m = pool[index as usize % pool.len()];
            game.play(m).expect("a listed move is legal");
        }
    }
    true
}

/// Invariants of every position, whatever happened before.
fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    let pos = game.position();
    // The incremental hash is the hash from scratch.
    prop_assert_eq!(pos.zobrist(), common::invariants::rebuilt_zobrist(pos), "{}", pos);
    // Pawns on distinct squares of the board; occupied squares are exactly the pawns.
    let pawns: Vec<Square> = pos.active_seats().filter_map(|s| pos.pawn(s)).collect();
    prop_assert_eq!(pawns.len(), pos.active_seats().count());
    let distinct: BTreeSet<Square> = pawns.iter().copied().collect();
    prop_assert_eq!(distinct.len(), pawns.len(), "{}", pos);
    prop_assert!(pawns.iter().all(|s| s.on_board(pos.size())));
    prop_assert_eq!(pos.occupied().iter().collect::<BTreeSet<Square>>(), distinct);
    // Every player in the game has a path.
    for s in pos.active_seats() {
        prop_assert!(pos.distance(s).is_some(), "{} has no path in {}", s, pos);
    }
    // Walls conserved: in hand + placed by that seat = what it started with.
    let start = game.start();
    let mut placed = [0u8; 4];
    for e in game.events() {
        if let Event::Move { seat, mv: Move::Wall(_) } = e {
            placed[seat.index()] += 1;
        }
    }
    for s in pos.seats() {
        prop_assert_eq!(
            pos.walls_in_hand(s) + placed[s.index()],
            start.walls_in_hand(s),
            "walls of {} in {}",
            s,
            pos
        );
    }
    prop_assert_eq!(pos.walls().len(), placed.iter().map(|&n| usize::from(n)).sum::<usize>());
    prop_assert!(pos.walls().iter().all(|w| w.on_board(pos.size())));
    // Plies count the moves.
    prop_assert_eq!(pos.ply() as usize, game.moves().count());
    // The side to move is in the game, and has something to do unless the game is over.
    prop_assert!(pos.is_active(pos.turn()));
    prop_assert_eq!(pos.is_game_over(), pos.count_legal_moves() == 0, "{}", pos);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// `is_legal` says yes to exactly the moves `legal_moves` lists, and the count agrees.
    #[test]
    fn is_legal_agrees_with_legal_moves((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        for step in steps {
            let pos = *game.position();
            let listed: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
            prop_assert_eq!(listed.len(), pos.legal_moves().len());
            prop_assert_eq!(pos.count_legal_moves(), listed.len());
            let accepted: BTreeSet<Move> =
                common::invariants::every_move().into_iter().filter(|&m| pos.is_legal(m)).collect();
            prop_assert_eq!(&accepted, &listed, "{}", pos);
            if !apply(&mut game, step) {
                break;
            }
        }
    }

    /// After any legal wall every player still in the game has a path to the goal.
    #[test]
    fn every_legal_wall_leaves_every_path((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        for (i, step) in steps.into_iter().enumerate() {
            let pos = *game.position();
            if i % 3 == 0 {
                for &m in pos.legal_moves().iter() {
                    if let Move::Wall(_) = m {
                        let mut after = pos;
                        after.play(m).expect("listed");
                        for s in after.active_seats() {
                            prop_assert!(after.distance(s).is_some(), "{} after {} in {}", s, m, pos);
                        }
                        prop_assert_eq!(after.zobrist(), common::invariants::rebuilt_zobrist(&after));
                    }
                }
            }
            if !apply(&mut game, step) {
                break;
            }
        }
    }

    /// `distance_after_wall` and `distance_from` answer as playing the move would.
    #[test]
    fn distances_after_a_move_agree_with_playing_it((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        for step in steps {
            let pos = *game.position();
            for &m in pos.legal_moves().iter() {
                let mut after = pos;
                after.play(m).expect("listed");
                match m {
                    Move::Wall(w) => {
                        for s in pos.active_seats().filter(|&s| after.is_active(s)) {
                            prop_assert_eq!(
                                pos.distance_after_wall(s, w), after.distance(s), "{} {} {}", s, m, pos
                            );
                        }
                    }
                    Move::Pawn(sq) => {
                        let d = after.distance(pos.turn());
                        if after.is_active(pos.turn()) {
                            prop_assert_eq!(pos.distance_from(pos.turn(), sq), d, "{} {}", m, pos);
                        }
                    }
                }
            }
            if !apply(&mut game, step) {
                break;
            }
        }
    }

    /// `distances_after_wall` answers for every seat what `distance_after_wall` answers
    /// seat by seat, for every wall on the board (legal or not; one flood fill from the
    /// crown in King of the Hill).
    #[test]
    fn distances_after_a_wall_agree_seat_by_seat((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        for (i, step) in steps.into_iter().enumerate() {
            let pos = *game.position();
            if i % 4 == 0 {
                let n = pos.size().get();
                for sq in (0..n).flat_map(|r| (0..n).filter_map(move |c| Square::new(c, r))) {
                    for o in [Orientation::Horizontal, Orientation::Vertical] {
                        let Some(w) = Wall::new(sq, o).filter(|w| w.on_board(pos.size())) else {
                            continue;
                        };
                        let all = pos.distances_after_wall(w);
                        for s in Seat::ALL {
                            prop_assert_eq!(all[s.index()], pos.distance_after_wall(s, w), "{} {:?} {}", w, s, pos);
                        }
                    }
                }
            }
            if !apply(&mut game, step) {
                break;
            }
        }
    }

    /// Invariants hold after every ply and every resignation; `Game::undo` restores the
    /// position and its hash exactly, step by step and all the way back.
    #[test]
    fn invariants_and_undo((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        let mut trail = vec![*game.position()];
        check_invariants(&game)?;
        for step in steps {
            let before = *game.position();
            if !apply(&mut game, step) {
                break;
            }
            check_invariants(&game)?;
            let after = *game.position();
            let event = game.undo();
            prop_assert!(event.is_some());
            prop_assert_eq!(game.position(), &before);
            prop_assert_eq!(game.position().zobrist(), before.zobrist());
            match event.expect("checked") {
                Event::Move { seat, mv } => {
                    prop_assert_eq!(seat, before.turn());
                    game.play(mv).expect("legal again");
                }
                Event::Resign(seat) => game.resign(seat).expect("allowed again"),
            }
            prop_assert_eq!(game.position(), &after);
            prop_assert_eq!(game.position().zobrist(), after.zobrist());
            trail.push(after);
        }
        // All the way back.
        while let Some(expected) = trail.pop() {
            prop_assert_eq!(game.position(), &expected);
            prop_assert_eq!(game.position().zobrist(), expected.zobrist());
            if game.undo().is_none() {
                break;
            }
        }
        prop_assert!(trail.is_empty());
        prop_assert_eq!(game.position(), game.start());
        prop_assert!(game.events().is_empty());
    }

    /// The position string and the plain `Setup` round-trip, and the hash of a parsed
    /// position equals the incrementally kept one.
    #[test]
    fn position_strings_round_trip((config, steps) in scenario()) {
        let mut game = Game::new(&config).expect("valid config");
        for step in steps {
            let pos = *game.position();
            let text = pos.to_string();
            let parsed: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(parsed, pos);
            prop_assert_eq!(parsed.zobrist(), pos.zobrist());
            prop_assert_eq!(parsed.to_string(), text.clone());
            let setup: Setup = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(setup, pos.to_setup());
            prop_assert_eq!(setup.to_string(), text.clone());
            prop_assert_eq!(Position::try_from(setup), Ok(pos));
            if !apply(&mut game, step) {
                break;
            }
        }
    }

    /// Every `Setup` that can be built, legal or not, of every size, is written as a string
    /// that reads back as the same setup.
    #[test]
    fn every_setup_round_trips(setup in setup_strategy()) {
        let text = setup.to_string();
        let back: Setup = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, setup);
        prop_assert_eq!(back.to_string(), text);
    }

    /// A game record reads back as the same game: same start, events, positions, outcome,
    /// and the same record.
    #[test]
    fn game_records_round_trip((config, steps) in scenario(), event_tag in "[ -~]{0,20}") {
        let mut game = Game::new(&config).expect("valid config");
        prop_assert_eq!(game.set_tag("Event", &event_tag), Ok(()));
        for step in steps {
            if !apply(&mut game, step) {
                break;
            }
        }
        let record = game.to_string();
        let parsed: Game = record.parse().map_err(|e| TestCaseError::fail(format!("{record}\n{e}")))?;
        prop_assert_eq!(parsed.to_string(), record.clone());
        prop_assert_eq!(parsed.start(), game.start());
        prop_assert_eq!(parsed.events(), game.events());
        prop_assert_eq!(parsed.positions().collect::<Vec<_>>(), game.positions().collect::<Vec<_>>());
        prop_assert_eq!(parsed.outcome(), game.outcome());
        prop_assert_eq!(parsed.tag("Event"), Some(event_tag.as_str()));
        prop_assert_eq!(&parsed, &game);
        // A game that starts from a set-up position (not a configuration) round-trips too.
        let mut from_pos = Game::from_position(*game.position());
        if !from_pos.position().is_game_over() {
            let m = common::sorted_moves(from_pos.position())[0];
            from_pos.play(m).expect("legal");
        }
        let record = from_pos.to_string();
        let parsed: Game = record.parse().map_err(|e| TestCaseError::fail(format!("{record}\n{e}")))?;
        prop_assert_eq!(&parsed, &from_pos);
    }

    /// Parsing never panics, whatever the text: arbitrary strings, and strings made of the
    /// characters the formats use.
    #[test]
    fn parsing_arbitrary_text_never_panics(
        text in prop_oneof![
            any::<String>(),
            "[a-l0-9hvkSWNE:,/ -]{0,40}",
            "(5|7|9|11|13|9k|0)? ?([SWNE]:([a-k][0-9]{1,2}|left[0-9]):[0-9]{1,3},?){0,4} ?([a-k][0-9]{1,2}[hv],?){0,5} ?[SWNEQ]? ?[0-9]{0,11}(/[0-9]{0,11})?",
            "(\\[[A-Za-z]{1,8} \"[ -~]{0,12}\"\\]\n){0,6}\n?([0-9]{1,2}\\.{1,3} |[a-k][0-9]{1,2}[hv]? |[SWNE]:resigns |[*=]|[SWNE]\\+|\\{[^}]{0,5}\\}?|; ?[a-z]{0,4}\n){0,12}",
        ]
    ) {
        let _ = text.parse::<Square>();
        let _ = text.parse::<Wall>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Seat>();
        let _ = text.parse::<Variant>();
        let _ = text.parse::<Setup>();
        if let Ok(p) = text.parse::<Position>() {
            // Whatever parses is a legal position that writes back to something that parses.
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
        }
        if let Ok(g) = text.parse::<Game>() {
            let again: Game = g.to_string().parse().map_err(|e| TestCaseError::fail(format!("{g}\n{e}")))?;
            prop_assert_eq!(again.position(), g.position());
        }
        for token in text.split([' ', ',', '\n']) {
            let _ = token.parse::<Move>();
        }
    }

    /// Parsing never panics on near-misses either: valid position strings and game records
    /// with a few characters inserted, deleted or replaced.
    #[test]
    fn parsing_mutated_text_never_panics(
        (config, steps) in scenario(),
        edits in prop::collection::vec((any::<u16>(), 0u8..3, prop::sample::select(
            "0123456789abcdefghijklmnopqrstuvwxyzSWNE:,/ .+*=[]{};\"\n\u{e9}".chars().collect::<Vec<char>>(),
        )), 1..6),
    ) {
        let mut game = Game::new(&config).expect("valid config");
        for step in steps {
            if !apply(&mut game, step) {
                break;
            }
        }
        for original in [game.position().to_string(), game.to_string()] {
            let mut chars: Vec<char> = original.chars().collect();
            for &(at, kind, c) in &edits {
                let i = usize::from(at) % (chars.len() + 1);
                match kind {
                    0 => chars.insert(i, c),
                    1 if i < chars.len() => { chars.remove(i); }
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            let text: String = chars.into_iter().collect();
            if let Ok(p) = text.parse::<Position>() {
                prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p));
            }
            let _ = text.parse::<Setup>();
            if let Ok(g) = text.parse::<Game>() {
                let again: Game = g.to_string().parse().map_err(|e| TestCaseError::fail(format!("{g}\n{e}")))?;
                prop_assert_eq!(again.position(), g.position());
            }
        }
    }

    /// Default wall counts: the table scaled by (N-1)/8, halves up, at least 1.
    #[test]
    fn default_walls_scale(size in prop::sample::select(vec![5u8, 7, 9, 11]), players in 2u8..=4) {
        let table = [10u32, 7, 5][usize::from(players - 2)];
        let twice = 2 * table * u32::from(size - 1);
        // round(x / 8) with halves up = floor((2x + 8) / 16)
        let expected = ((twice + 8) / 16).max(1);
        let board = BoardSize::new(size).expect("a supported size");
        let n = Players::new(players).expect("2 to 4");
        prop_assert_eq!(u32::from(default_walls(board, n)), expected);
    }
}

/// Bug: a game started from a configuration with the default wall count (`walls: None`) read
/// back from its record as a different game, because the record writes the count and the
/// reader kept it explicit (`walls: Some(10)`).
#[test]
fn regression_game_record_with_default_wall_count_reads_back_equal() {
    let mut game = Game::new(&Config::default()).expect("valid");
    game.play("e2".parse().expect("move")).expect("legal");
    let parsed: Game = game.to_string().parse().expect("reads back");
    assert_eq!(parsed, game);
    assert_eq!(game.config().and_then(|c| c.walls), Some(10));
}

/// The record's `Walls` tag is every player's count but the first mover's: a comment line
/// after it says so (the page showed `[Walls "5"]` to a South holding 4), and reading it
/// back gives the same game.
#[test]
fn a_king_of_the_hill_record_says_the_first_movers_walls() {
    let config = Config::default()
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill)
        .with_first(Seat::North);
    let mut game = Game::new(&config).expect("valid");
    game.play("e8".parse().unwrap()).unwrap();
    let text = game.to_string();
    let header: Vec<&str> = text.lines().take(6).collect();
    assert_eq!(
        header,
        [
            "[Size \"9\"]",
            "[Players \"4\"]",
            "[Variant \"koth\"]",
            "[Walls \"5\"]",
            "; North moves first with one wall fewer: 4",
            "[First \"N\"]",
        ],
        "{text}"
    );
    let again: Game = text.parse().expect("reads back");
    assert_eq!(again.position(), game.position());
    assert_eq!(again.to_string(), text);
    // No comment where every player has the same count: classic games, or no walls at all.
    for config in [Config::default().with_players(Players::Four), config.with_walls(Some(0))] {
        let text = Game::new(&config).expect("valid").to_string();
        assert!(!text.contains(';'), "{text}");
    }
}

/// A record can be read back even after resignations in the middle of a round.
#[test]
fn game_record_with_resignations_round_trips() {
    let config = common::config(9, 4, Variant::Classic, None);
    let mut game = Game::new(&config).expect("valid");
    for m in ["e2", "b5", "e8"] {
        game.play(m.parse().expect("move")).expect("legal");
    }
    game.resign(Seat::West).expect("in game");
    game.play("h5".parse().expect("move")).expect("legal");
    game.play("e3".parse().expect("move")).expect("legal");
    game.resign(Seat::East).expect("in game");
    let record = game.to_string();
    let parsed: Game = record.parse().expect("reads back");
    assert_eq!(parsed.to_string(), record);
    assert_eq!(parsed.events(), game.events());
    assert_eq!(parsed.position(), game.position());
}
