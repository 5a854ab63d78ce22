//! The `serde` feature: squares, walls, moves and positions travel as their notation strings,
//! configurations as plain records, and each comes back equal; bad input is refused with the
//! parser's message. Run with `cargo test -p quoridor-core --features serde`.

mod common;

use quoridor_core::Players;
use quoridor_core::{
    BoardSize, Config, Move, Outcome, Position, Seat, Square, Variant, Wall, perft,
};
use serde::{Serialize, de::DeserializeOwned};

/// Writes `value` as JSON, checks the text, reads it back and checks it is equal.
fn round_trip<T>(value: &T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let written = serde_json::to_string(value).expect("serialises");
    assert_eq!(written, json, "{value:?}");
    let back: T = serde_json::from_str(&written).expect("deserialises");
    assert_eq!(&back, value, "{written}");
}

fn refused<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
    match serde_json::from_str::<T>(json) {
        Ok(v) => panic!("{json} was read as {v:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn squares_walls_and_moves_travel_as_notation() {
    for sq in common::invariants::every_square() {
        round_trip(&sq, &format!("\"{sq}\""));
        round_trip(&Move::Pawn(sq), &format!("\"{sq}\""));
    }
    for w in common::invariants::every_wall() {
        round_trip(&w, &format!("\"{w}\""));
        round_trip(&Move::Wall(w), &format!("\"{w}\""));
    }
    let e = refused::<Square>("\"l1\"");
    assert!(e.contains("`l` is not a column"), "{e}");
    let e = refused::<Wall>("\"k5h\"");
    assert!(e.contains("no wall fits"), "{e}");
    let e = refused::<Move>("\"qq\"");
    assert!(e.contains("`qq` is not a move"), "{e}");
    refused::<Square>("5");
}

#[test]
fn positions_travel_as_position_strings() {
    let mut checked = 0;
    for config in common::all_configs() {
        let mut rng = common::Rng::new(u64::from(config.size.get()) * 31 + checked);
        let mut pos = Position::start(&config).expect("valid config");
        for _ in 0..30 {
            round_trip(&pos, &format!("\"{pos}\""));
            let back: Position =
                serde_json::from_str(&serde_json::to_string(&pos).expect("serialises"))
                    .expect("deserialises");
            assert_eq!(back.zobrist(), pos.zobrist(), "{pos}");
            assert_eq!(perft(&back, 1), perft(&pos, 1), "{pos}");
            checked += 1;
            match common::random_move(&pos, &mut rng, 50) {
                Some(m) => pos.play(m).expect("legal"),
                None => break,
            }
        }
    }
    assert!(checked > 300, "{checked}");
    // A string that reads but is no legal position is refused, saying why.
    let e = refused::<Position>("\"9 S:e1:10,N:e1:10 - S 0\"");
    assert!(e.contains("both stand on e1"), "{e}");
    let e = refused::<Position>("\"8 S:e1:10,N:e9:10 - S 0\"");
    assert!(e.contains("bad size `8`"), "{e}");
}

#[test]
fn configs_travel_as_records() {
    round_trip(
        &Config::default(),
        r#"{"size":9,"players":2,"variant":"Classic","walls":null,"first":"South","ply_limit":null}"#,
    );
    let koth = Config::default()
        .with_size(BoardSize::MAX)
        .with_players(Players::Four)
        .with_variant(Variant::KingOfTheHill)
        .with_walls(Some(7))
        .with_first(Seat::East)
        .with_ply_limit(Some(300));
    round_trip(
        &koth,
        r#"{"size":11,"players":4,"variant":"KingOfTheHill","walls":7,"first":"East","ply_limit":300}"#,
    );
    for config in common::all_configs() {
        let json = serde_json::to_string(&config).expect("serialises");
        round_trip(&config, &json);
        let back: Config = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(Position::start(&back), Position::start(&config));
    }
    // A size that is no board size is refused, naming it and the rule.
    let e = refused::<Config>(
        r#"{"size":8,"players":2,"variant":"Classic","walls":null,"first":"South","ply_limit":null}"#,
    );
    assert!(e.contains("`8` is not a board size: the side must be odd, from 5 to 11"), "{e}");
}

#[test]
fn small_values_round_trip() {
    for size in BoardSize::ALL {
        round_trip(&size, &size.get().to_string());
    }
    refused::<BoardSize>("13");
    for seat in Seat::ALL {
        round_trip(&seat, &format!("\"{seat}\""));
        round_trip(&Outcome::Winner(seat), &format!("{{\"Winner\":\"{seat}\"}}"));
    }
    round_trip(&Outcome::Draw, "\"Draw\"");
    round_trip(&Variant::Classic, "\"Classic\"");
    round_trip(&Variant::KingOfTheHill, "\"KingOfTheHill\"");
}
