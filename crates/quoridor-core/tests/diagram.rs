//! The board drawing (`Position::diagram`): what it shows of a position, on every board.

use quoridor_core::{BoardSize, Config, Players, Position, Seat, Variant};

fn played(config: &Config, moves: &[&str]) -> Position {
    let mut pos = Position::start(config).unwrap();
    for m in moves {
        pos.play(m.parse().unwrap()).unwrap();
    }
    pos
}

#[test]
fn walls_and_pawns_are_drawn() {
    let pos = played(&Config::default(), &["e2", "e8", "e3h", "d6v"]);
    let text = pos.diagram().to_string();
    assert_eq!(text.matches('S').count(), 1);
    assert_eq!(text.matches('N').count(), 1);
    // A horizontal wall covers two squares and the groove between them; a vertical one two
    // rows and the groove between them.
    assert_eq!(text.matches('━').count(), 7);
    assert_eq!(text.matches('┃').count(), 3);
    assert!(!text.contains('\x1b'));
    assert!(text.lines().all(|l| !l.trim().is_empty()));
    assert!(text.ends_with('\n'));
    // South on e2: the fifth square of the row labelled 2.
    let row2 = text.lines().find(|l| l.starts_with(" 2 ")).unwrap();
    assert_eq!(row2.chars().nth(5 + 4 * 4), Some('S'));
    // The vertical wall d6v: right of d6 and d7, and in the groove between them.
    let row7 = text.lines().position(|l| l.starts_with(" 7 ")).unwrap();
    let column = 4 + 4 * 3 + 3;
    for line in row7..=row7 + 2 {
        assert_eq!(text.lines().nth(line).unwrap().chars().nth(column), Some('┃'), "{text}");
    }
}

#[test]
fn colours_only_when_asked() {
    let pos = played(&Config::default(), &["e2", "e8", "e3h"]);
    let plain = pos.diagram().to_string();
    let colored = pos.diagram().colored(true).to_string();
    assert!(colored.contains(quoridor_core::seat_ansi(Seat::South)));
    assert!(colored.contains("\x1b[0m"));
    // Without the escape codes the coloured drawing is the plain one.
    let mut stripped = String::new();
    let mut chars = colored.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, plain);
}

#[test]
fn every_board_draws() {
    for size in BoardSize::ALL {
        for players in Players::ALL {
            for variant in [Variant::Classic, Variant::KingOfTheHill] {
                let config =
                    Config::default().with_size(size).with_players(players).with_variant(variant);
                let Ok(pos) = Position::start(&config) else { continue };
                let text = pos.diagram().to_string();
                let n = usize::from(size.get());
                assert_eq!(text.lines().count(), 2 * n - 1 + 4, "{text}");
                let width = 4 * n + 7;
                for line in text.lines().skip(1).take(2 * n + 1) {
                    assert!(line.chars().count() <= width, "{line:?}");
                }
                for seat in pos.active_seats() {
                    assert_eq!(text.matches(seat.letter()).count(), 1, "{text}");
                }
                let crowns = usize::from(variant == Variant::KingOfTheHill);
                assert_eq!(text.matches('*').count(), crowns, "{text}");
                assert_eq!(text.matches('·').count(), n * n - pos.active_seats().count() - crowns);
            }
        }
    }
}
