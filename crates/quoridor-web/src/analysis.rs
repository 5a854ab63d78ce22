//! The page's analysis: the candidate moves of a position ([`Engine::analyse`]) and the
//! review of a game played ([`Engine::review`]), each move judged by the winning chance it
//! lost, with the thresholds of `quoridor review`.

use quoridor_ai::chance::win_chance;
use quoridor_ai::{Limits, MultiPv, Score};
use quoridor_core::{Event, Game, Outcome, Position, Seat};
use wasm_bindgen::prelude::*;

use crate::engine::Engine;
use crate::js_error;

pub use quoridor_ai::chance::{BLUNDER, INACCURACY, MISTAKE};

/// The largest depth [`Engine::analyse`] and [`Engine::review`] accept: the page's searches
/// stay short.
pub const MAX_DEPTH: u32 = 20;

/// One candidate move of a position: the move, its score and winning chance for the side to
/// move, and its line.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Candidate {
    mv: String,
    score: String,
    chance: f64,
    line: Vec<String>,
}

#[wasm_bindgen]
impl Candidate {
    /// The move, in notation: `"e2"`, `"e3h"`.
    #[wasm_bindgen(getter, js_name = "move")]
    pub fn mv(&self) -> String {
        self.mv.clone()
    }

    /// The score as the engine prints it: `"+1.30"`, `"win in 5"`.
    #[wasm_bindgen(getter)]
    pub fn score(&self) -> String {
        self.score.clone()
    }

    /// The side to move's chance to win after this move, 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn chance(&self) -> f64 {
        self.chance
    }

    /// The line, starting with the move.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> Vec<String> {
        self.line.clone()
    }
}

/// The verdict on one move of a reviewed game.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct MoveVerdict {
    ply: u32,
    seat: Seat,
    played: String,
    best: String,
    line: Vec<String>,
    lost: f64,
    judgement: &'static str,
}

#[wasm_bindgen]
impl MoveVerdict {
    /// The ply of the position before the move (0 for the first move).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Who moved: `"S"`, `"N"`.
    #[wasm_bindgen(getter)]
    pub fn seat(&self) -> String {
        self.seat.letter().to_string()
    }

    /// The move played.
    #[wasm_bindgen(getter)]
    pub fn played(&self) -> String {
        self.played.clone()
    }

    /// The engine's move in the position before.
    #[wasm_bindgen(getter)]
    pub fn best(&self) -> String {
        self.best.clone()
    }

    /// The engine's line, starting with [`MoveVerdict::best`].
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> Vec<String> {
        self.line.clone()
    }

    /// Points of winning chance the move lost, 0 to 100 (0 for the engine's move).
    #[wasm_bindgen(getter)]
    pub fn lost(&self) -> f64 {
        self.lost
    }

    /// `"best"`, `"good"`, `"inaccuracy"`, `"mistake"` or `"blunder"`.
    #[wasm_bindgen(getter)]
    pub fn judgement(&self) -> String {
        self.judgement.to_string()
    }
}

/// The review of a game: a verdict per move, and South's winning chance at every position.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Review {
    moves: Vec<MoveVerdict>,
    south: Vec<f64>,
}

#[wasm_bindgen]
impl Review {
    /// One verdict per move played (resignations are not judged).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> Vec<MoveVerdict> {
        self.moves.clone()
    }

    /// South's winning chance (0 to 1) at every position from the start to the end: one
    /// more than the events of the game.
    #[wasm_bindgen(getter)]
    pub fn south(&self) -> Vec<f64> {
        self.south.clone()
    }
}

/// The judgement of a move that lost `lost` points (`best`: it is the engine's move).
#[must_use]
pub fn judge(best: bool, lost: f64) -> &'static str {
    quoridor_ai::chance::Judgement::of(best, lost).name()
}

/// The score for the mover of a position whose child scores `child` for the child's mover.
fn for_parent(child: Score) -> Score {
    match child {
        Score::Eval(v) => Score::Eval(-v),
        Score::Win(n) => Score::Loss(n + 1),
        Score::Loss(n) => Score::Win(n + 1),
    }
}

fn check_depth(depth: u32) -> Result<Limits, JsError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(JsError::new(&format!(
            "depth {depth} is not allowed: the page searches from 1 to {MAX_DEPTH} plies"
        )));
    }
    Ok(Limits::depth(depth))
}

impl Engine {
    fn analyse_one(
        &mut self,
        pos: &Position,
        limits: &Limits,
    ) -> Option<(String, Vec<String>, Score)> {
        let a = self.inner.analyse(pos, limits, MultiPv::ONE, &mut |_| {})?;
        let best = a.best();
        Some((best.mv.to_string(), best.pv.iter().map(ToString::to_string).collect(), best.score))
    }
}

#[wasm_bindgen]
impl Engine {
    /// The `multipv` best moves of `position` (in the position format), each searched to
    /// `depth` plies with its own score, winning chance and line, best first; empty when the
    /// game is over.
    ///
    /// # Errors
    /// When the position does not read, `multipv` is 0, or `depth` is not from 1 to
    /// [`MAX_DEPTH`].
    pub fn analyse(
        &mut self,
        position: &str,
        multipv: u32,
        depth: u32,
    ) -> Result<Vec<Candidate>, JsError> {
        let pos: Position = position.parse().map_err(js_error)?;
        let lines = MultiPv::new(multipv as usize)
            .ok_or_else(|| JsError::new("multipv 0 asks for no move: ask for 1 or more"))?;
        let limits = check_depth(depth)?;
        let Some(a) = self.inner.analyse(&pos, &limits, lines, &mut |_| {}) else {
            return Ok(Vec::new());
        };
        Ok(a.lines
            .iter()
            .map(|c| Candidate {
                mv: c.mv.to_string(),
                score: c.score.to_string(),
                chance: win_chance(&pos, c.score),
                line: c.pv.iter().map(ToString::to_string).collect(),
            })
            .collect())
    }

    /// Reviews the game of `record` (a game record): every position searched to `depth`
    /// plies, every move judged by the winning chance it lost, as `quoridor review` does
    /// (the same thresholds: [`INACCURACY`], [`MISTAKE`], [`BLUNDER`] points).
    ///
    /// # Errors
    /// When the record does not read, the game has more than two players, or `depth` is not
    /// from 1 to [`MAX_DEPTH`].
    pub fn review(&mut self, record: &str, depth: u32) -> Result<Review, JsError> {
        let game: Game = record.parse().map_err(js_error)?;
        if game.start().players().get() != 2 {
            return Err(JsError::new(
                "the review judges two-player games: winning chances of 3 and 4 players are \
                 not calibrated",
            ));
        }
        let limits = check_depth(depth)?;
        let positions: Vec<Position> = game.positions().copied().collect();
        let analysed: Vec<_> = positions.iter().map(|p| self.analyse_one(p, &limits)).collect();
        let mut moves = Vec::new();
        let mut south = Vec::with_capacity(positions.len());
        for (i, pos) in positions.iter().enumerate() {
            let of_south = |mover: Seat, c: f64| if mover == Seat::South { c } else { 1.0 - c };
            let here = match (&analysed[i], pos.outcome()) {
                (Some((_, _, s)), _) => of_south(pos.turn(), win_chance(pos, *s)),
                (None, Some(Outcome::Winner(Seat::South))) => 1.0,
                (None, Some(Outcome::Winner(_))) => 0.0,
                (None, _) => 0.5,
            };
            south.push(here);
            let Some(event) = game.events().get(i) else { continue };
            let Event::Move { seat, mv } = *event else { continue };
            let Some((best, line, before)) = analysed[i].clone() else { continue };
            let is_best = mv.to_string() == best;
            let after = match &analysed[i + 1] {
                _ if is_best => before,
                // The move searched to the same depth from the position before, as the
                // CLI's review does (scores swing with the parity of the depth).
                Some(_) if depth >= 2 => self
                    .analyse_one(&positions[i + 1], &Limits::depth(depth - 1))
                    .map_or(before, |(_, _, s)| for_parent(s)),
                Some((_, _, s)) => for_parent(*s),
                None => match positions[i + 1].outcome() {
                    Some(Outcome::Winner(w)) if w == seat => Score::Win(1),
                    Some(Outcome::Winner(_)) => Score::Loss(1),
                    _ => Score::Eval(0),
                },
            };
            let lost = if is_best {
                0.0
            } else {
                (100.0 * (win_chance(pos, before) - win_chance(pos, after))).max(0.0)
            };
            moves.push(MoveVerdict {
                ply: pos.ply(),
                seat,
                played: mv.to_string(),
                best,
                line,
                lost,
                judgement: judge(is_best, lost),
            });
        }
        Ok(Review { moves, south })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game as WebGame;

    #[test]
    fn candidates_come_best_first_with_the_single_line_best_move() {
        let mut engine = Engine::new(4);
        let start = WebGame::new(9, 2, "classic", None, "S").unwrap().position();
        let lines = engine.analyse(&start, 3, 3).unwrap();
        assert_eq!(lines.len(), 3);
        assert!(lines.windows(2).all(|w| w[0].chance >= w[1].chance));
        assert!(lines.iter().all(|c| c.line.first() == Some(&c.mv)));
        let mut single = Engine::new(4);
        assert_eq!(single.analyse(&start, 1, 3).unwrap()[0].mv, lines[0].mv);
    }

    #[test]
    fn a_review_judges_every_move_and_charts_every_position() {
        let mut game = WebGame::new(5, 2, "classic", Some(2), "S").unwrap();
        for m in ["c2", "c4", "a1h", "c3"] {
            game.play(m).unwrap();
        }
        let mut engine = Engine::new(4);
        let review = engine.review(&game.record(), 3).unwrap();
        assert_eq!(review.moves.len(), 4);
        assert_eq!(review.south.len(), 5);
        assert_eq!(review.moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert!(review.south.iter().all(|c| (0.0..=1.0).contains(c)));
        assert!(review.moves.iter().all(|m| (m.judgement == "best") == (m.played == m.best)));
    }

    #[test]
    fn thresholds_are_those_of_the_cli_review() {
        assert_eq!(judge(true, 50.0), "best");
        assert_eq!(judge(false, 9.9), "good");
        assert_eq!(judge(false, 10.0), "inaccuracy");
        assert_eq!(judge(false, 20.0), "mistake");
        assert_eq!(judge(false, 30.0), "blunder");
    }
}
