//! The review as a table and as JSON.

use quoridor_ai::Score;
use quoridor_ai::chance::percent;
use quoridor_core::{Move, Seat};
use serde_json::{Value, json};

use quoridor_ai::review::MoveReview;

use super::{BLUNDER, INACCURACY, MISTAKE, Review};
use crate::analyse::score_json;

/// A score with the mover's winning chance: `+1.25 (71%)`.
#[must_use]
pub fn with_chance(score: Score, chance: f64) -> String {
    format!("{score} ({})", percent(chance, score))
}

fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The table: one row per move, then each player's accuracy and counts.
#[must_use]
pub fn text(r: &Review) -> String {
    let pos = r.game.start();
    let mut s = format!(
        "review    {}x{} {}, {} players, {} moves, {} per position\n",
        pos.size(),
        pos.size(),
        pos.variant(),
        pos.players(),
        r.review.moves.len(),
        r.limits
    );
    s.push_str(&format!(
        "verdicts  by winning chance lost: inaccuracy {INACCURACY:.0}, mistake {MISTAKE:.0}, blunder {BLUNDER:.0} points or more\n\n"
    ));
    s.push_str(&format!(
        "{:>4}  {:<6} {:<6} {:<6} {:>16} {:>16} {:>6}  {:<10}  best line\n",
        "ply", "seat", "move", "best", "before", "after", "lost", "verdict"
    ));
    for m in &r.review.moves {
        s.push_str(&format!(
            "{:>4}  {:<6} {:<6} {:<6} {:>16} {:>16} {:>6.1}  {:<10}  {}\n",
            m.ply + 1,
            m.seat.to_string(),
            m.played.to_string(),
            m.best.to_string(),
            with_chance(m.before, m.chance_before),
            with_chance(m.after, m.chance_after),
            m.lost,
            m.judgement.name(),
            if m.judgement.is_error() { moves_text(&m.line) } else { String::new() }
        ));
    }
    s.push('\n');
    for p in r.review.players() {
        s.push_str(&format!(
            "{:<6} accuracy {:>5.1}%  {}: {}, {}, {}\n",
            p.seat.to_string(),
            p.accuracy,
            count(p.moves, "move", "moves"),
            count(p.counts[0], "inaccuracy", "inaccuracies"),
            count(p.counts[1], "mistake", "mistakes"),
            count(p.counts[2], "blunder", "blunders")
        ));
    }
    s
}

/// `1 mistake`, `2 mistakes`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn move_json(m: &MoveReview) -> Value {
    json!({
        "ply": m.ply + 1,
        "seat": m.seat.letter().to_string(),
        "move": m.played.to_string(),
        "best": m.best.to_string(),
        "line": m.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "score_before": score_json(m.before),
        "chance_before": round4(m.chance_before),
        "score_after": score_json(m.after),
        "chance_after": round4(m.chance_after),
        "chance_lost": (m.lost * 10.0).round() / 10.0,
        "accuracy": (m.accuracy() * 10.0).round() / 10.0,
        "verdict": m.judgement.name(),
    })
}

/// `seat`'s chance in one position's chances (0 when it is not there).
pub(super) fn chance_of(chances: &[(Seat, f64)], seat: Seat) -> f64 {
    chances.iter().find(|c| c.0 == seat).map_or(0.0, |c| c.1)
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The review as one JSON object: the game, the thresholds, every move, every player.
#[must_use]
pub fn json(r: &Review) -> Value {
    let players: Vec<Value> = r
        .review
        .players()
        .iter()
        .map(|p| {
            json!({
                "seat": p.seat.letter().to_string(),
                "name": p.seat.to_string(),
                "moves": p.moves,
                "accuracy": (p.accuracy * 10.0).round() / 10.0,
                "inaccuracies": p.counts[0],
                "mistakes": p.counts[1],
                "blunders": p.counts[2],
            })
        })
        .collect();
    json!({
        "start": r.game.start().to_string(),
        "position": r.game.position().to_string(),
        "result": r.game.result_token(),
        "limits": r.limits,
        "thresholds": { "inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER },
        "moves": r.review.moves.iter().map(move_json).collect::<Vec<_>>(),
        "south_chance": r.review.chances.iter().map(|c| round4(chance_of(c, Seat::South))).collect::<Vec<_>>(),
        "chances": r.review.chances.iter().map(|c| {
            c.iter().map(|&(s, p)| (s.letter().to_string(), json!(round4(p)))).collect::<serde_json::Map<_, _>>()
        }).collect::<Vec<_>>(),
        "players": players,
    })
}
