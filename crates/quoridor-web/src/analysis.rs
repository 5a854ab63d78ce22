//! The page's analysis: the candidate moves of a position ([`Engine::analyse`]) and the
//! review of a game played ([`Engine::review`], `quoridor_ai::review`: each move judged by
//! the winning chance its mover lost, as `quoridor review` judges it).

use quoridor_ai::chance::win_chance;
use quoridor_ai::review::{GameReview, review};
use quoridor_ai::{Limits, MultiPv};
use quoridor_core::{Game, Position, Seat};
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
    at: usize,
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

    /// The index of the position before the move among the game's positions (0 for the
    /// first move), the index of [`Review::south`] and [`Review::chances`] before it.
    #[wasm_bindgen(getter)]
    pub fn at(&self) -> usize {
        self.at
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

/// The review of a game: a verdict per move, and every seat's winning chance at every
/// position.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Review {
    moves: Vec<MoveVerdict>,
    inner: GameReview,
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
        self.chances("S").unwrap_or_default()
    }

    /// The seats of the game, in seat order: `["S", "N"]`, `["S", "W", "N", "E"]`.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> Vec<String> {
        self.inner.seats.iter().map(|s| s.letter().to_string()).collect()
    }

    /// `seat`'s winning chance (0 to 1) at every position, as [`Review::south`] (0 where it
    /// is out of the game).
    ///
    /// # Errors
    /// When `seat` is not a seat letter of the game.
    pub fn chances(&self, seat: &str) -> Result<Vec<f64>, JsError> {
        let s: Seat = seat.parse().map_err(js_error)?;
        if !self.inner.seats.contains(&s) {
            return Err(JsError::new(&format!("`{seat}` is not a seat of this game")));
        }
        Ok((0..self.inner.chances.len()).map(|i| self.inner.chance(i, s)).collect())
    }
}

/// The judgement of a move that lost `lost` points (`best`: it is the engine's move).
#[must_use]
pub fn judge(best: bool, lost: f64) -> &'static str {
    quoridor_ai::chance::Judgement::of(best, lost).name()
}

impl Engine {
    /// The `multipv` best moves of the game's current position, searched to `depth`.
    fn candidates(
        &mut self,
        game: &Game,
        multipv: u32,
        depth: u32,
    ) -> Result<Vec<Candidate>, JsError> {
        let pos = *game.position();
        let lines = MultiPv::new(multipv as usize)
            .ok_or_else(|| JsError::new("multipv 0 asks for no move: ask for 1 or more"))?;
        let limits = check_depth(depth)?;
        let Some(a) = self.inner.analyse_game(game, &limits, lines, &mut |_| {}) else {
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
}

fn check_depth(depth: u32) -> Result<Limits, JsError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(JsError::new(&format!(
            "depth {depth} is not allowed: the page searches from 1 to {MAX_DEPTH} plies"
        )));
    }
    Ok(Limits::depth(depth))
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
        self.candidates(&Game::from_position(pos), multipv, depth)
    }

    /// [`Engine::analyse`] of the current position of the game of `record` (a game record),
    /// knowing the positions the game went through: in three and four players a move back
    /// to one of them is a repetition, scored as a draw.
    ///
    /// # Errors
    /// When the record does not read, `multipv` is 0, or `depth` is not from 1 to
    /// [`MAX_DEPTH`].
    #[wasm_bindgen(js_name = analyseGame)]
    pub fn analyse_game(
        &mut self,
        record: &str,
        multipv: u32,
        depth: u32,
    ) -> Result<Vec<Candidate>, JsError> {
        let game: Game = record.parse().map_err(js_error)?;
        self.candidates(&game, multipv, depth)
    }

    /// Reviews the game of `record` (a game record): every position searched to `depth`
    /// plies, every move judged by the winning chance its mover lost, as `quoridor review`
    /// does (`quoridor_ai::review`: the same thresholds, [`INACCURACY`], [`MISTAKE`],
    /// [`BLUNDER`] points); two, three or four players.
    ///
    /// `on_progress`, when given, is called with the positions done and their number after
    /// each (an exception it throws is ignored).
    ///
    /// # Errors
    /// When the record does not read, or `depth` is not from 1 to [`MAX_DEPTH`].
    pub fn review(
        &mut self,
        record: &str,
        depth: u32,
        on_progress: Option<js_sys::Function>,
    ) -> Result<Review, JsError> {
        let game: Game = record.parse().map_err(js_error)?;
        let limits = check_depth(depth)?;
        let inner = review(&mut self.inner, &game, &limits, &mut |done, total| {
            if let Some(f) = &on_progress {
                let _ = f.call2(&JsValue::NULL, &JsValue::from(done), &JsValue::from(total));
            }
        });
        let moves = inner
            .moves
            .iter()
            .map(|m| MoveVerdict {
                ply: m.ply,
                at: m.at,
                seat: m.seat,
                played: m.played.to_string(),
                best: m.best.to_string(),
                line: m.line.iter().map(ToString::to_string).collect(),
                lost: m.lost,
                judgement: m.judgement.name(),
            })
            .collect();
        Ok(Review { moves, inner })
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
        let review = engine.review(&game.record(), 3, None).unwrap();
        assert_eq!(review.moves.len(), 4);
        assert_eq!(review.south().len(), 5);
        assert_eq!(review.moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert!(review.south().iter().all(|c| (0.0..=1.0).contains(c)));
        assert_eq!(review.seats(), ["S", "N"]);
        assert!(review.moves.iter().all(|m| (m.judgement == "best") == (m.played == m.best)));
    }

    #[test]
    fn a_review_of_three_players_charts_every_seat() {
        let mut game = WebGame::new(7, 3, "classic", None, "S").unwrap();
        for m in ["d2", "b4", "d6", "d3", "c4", "c5h"] {
            game.play(m).unwrap();
        }
        let mut engine = Engine::new(4);
        let review = engine.review(&game.record(), 2, None).unwrap();
        assert_eq!(review.seats(), ["S", "W", "N"]);
        assert_eq!(review.moves.len(), 6);
        assert_eq!(review.moves.iter().map(|m| m.at).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
        let per_seat: Vec<Vec<f64>> =
            review.seats().iter().map(|s| review.chances(s).unwrap()).collect();
        for i in 0..7 {
            let sum: f64 = per_seat.iter().map(|c| c[i]).sum();
            assert!((sum - 1.0).abs() < 1e-9, "position {i}: {sum}");
        }
        assert_eq!(per_seat[0], review.south());
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
