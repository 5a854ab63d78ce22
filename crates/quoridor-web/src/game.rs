//! [`Game`]: a game with its history, for the page.

use quoridor_core::{BoardSize, Config, Event, Move, Outcome, Players, Seat, Variant};
use wasm_bindgen::prelude::*;

use crate::js_error;

/// A game with its history (a `quoridor_core::Game`): the position, the moves, undo, and
/// the game record.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game {
    inner: quoridor_core::Game,
}

/// An event as the record writes it: `S:e2`, `N:resigns`.
fn event_text(e: &Event) -> String {
    match *e {
        Event::Move { seat, mv } => format!("{}:{mv}", seat.letter()),
        Event::Resign(seat) => format!("{}:resigns", seat.letter()),
    }
}

fn seat(s: &str) -> Result<Seat, JsError> {
    s.parse().map_err(js_error)
}

#[wasm_bindgen]
impl Game {
    /// A new game from the start: board side `size` (odd, 5 to 11), 2 to 4 `players`,
    /// `variant` `"classic"` or `"koth"`, `walls` per player (`undefined` for the rules'
    /// default), and the `first` seat to move (`"S"`, `"W"`, `"N"` or `"E"`).
    ///
    /// # Errors
    /// The rule the options break (`King of the Hill is played by four players, not 2`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        size: u8,
        players: u8,
        variant: &str,
        walls: Option<u8>,
        first: &str,
    ) -> Result<Game, JsError> {
        let size = BoardSize::try_from(size).map_err(js_error)?;
        let players = Players::try_from(players).map_err(js_error)?;
        let variant: Variant = variant.parse().map_err(js_error)?;
        let config = Config::default()
            .with_size(size)
            .with_players(players)
            .with_variant(variant)
            .with_walls(walls)
            .with_first(seat(first)?);
        let inner = quoridor_core::Game::new(&config).map_err(js_error)?;
        Ok(Game { inner })
    }

    /// The game of a game record (see `docs/notation.md`).
    ///
    /// # Errors
    /// What is wrong with the record, naming the line, tag or ply and the rule.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str) -> Result<Game, JsError> {
        Ok(Game { inner: record.parse().map_err(js_error)? })
    }

    /// A game starting from a position in the position format.
    ///
    /// # Errors
    /// What is wrong with the position.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(position: &str) -> Result<Game, JsError> {
        let start = position.parse().map_err(js_error)?;
        Ok(Game { inner: quoridor_core::Game::from_position(start) })
    }

    /// The game record.
    pub fn record(&self) -> String {
        self.inner.to_string()
    }

    /// The current position in the position format.
    pub fn position(&self) -> String {
        self.inner.position().to_string()
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.inner.position().size().get()
    }

    /// The number of players the game started with.
    pub fn players(&self) -> u8 {
        self.inner.position().players().get()
    }

    /// `"classic"` or `"koth"`.
    pub fn variant(&self) -> String {
        self.inner.position().variant().name().to_string()
    }

    /// The seats in the game (also those who left), in turn order: `["S", "N"]`.
    pub fn seats(&self) -> Vec<String> {
        self.inner.position().seats().map(|s| s.letter().to_string()).collect()
    }

    /// The seat to move.
    pub fn turn(&self) -> String {
        self.inner.position().turn().letter().to_string()
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u32 {
        self.inner.position().ply()
    }

    /// Whether `seat` is still in the game (it has not resigned or been eliminated).
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    #[wasm_bindgen(js_name = isActive)]
    pub fn is_active(&self, seat: &str) -> Result<bool, JsError> {
        Ok(self.inner.position().is_active(self::seat(seat)?))
    }

    /// The square of `seat`'s pawn, `undefined` once it has left.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    pub fn pawn(&self, seat: &str) -> Result<Option<String>, JsError> {
        Ok(self.inner.position().pawn(self::seat(seat)?).map(|q| q.to_string()))
    }

    /// The walls `seat` still holds.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    #[wasm_bindgen(js_name = wallsInHand)]
    pub fn walls_in_hand(&self, seat: &str) -> Result<u8, JsError> {
        Ok(self.inner.position().walls_in_hand(self::seat(seat)?))
    }

    /// The length of `seat`'s shortest path to its goal, `undefined` once it has left.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    pub fn distance(&self, seat: &str) -> Result<Option<u8>, JsError> {
        Ok(self.inner.position().distance(self::seat(seat)?))
    }

    /// A shortest path of `seat` to its goal, from its pawn's square (included) to the goal.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    #[wasm_bindgen(js_name = shortestPath)]
    pub fn shortest_path(&self, seat: &str) -> Result<Vec<String>, JsError> {
        let pos = self.inner.position();
        Ok(pos.shortest_path(self::seat(seat)?).map(|q| q.to_string()).collect())
    }

    /// The goal squares of `seat`.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    pub fn goal(&self, seat: &str) -> Result<Vec<String>, JsError> {
        let goal = self.inner.position().goal(self::seat(seat)?);
        Ok(goal.into_iter().map(|q| q.to_string()).collect())
    }

    /// The walls on the board: `["e3h", "d4v"]`.
    pub fn walls(&self) -> Vec<String> {
        self.inner.position().walls().iter().map(|w| w.to_string()).collect()
    }

    /// What happened, in order: `"S:e2"` for a move, `"N:resigns"` for a resignation.
    pub fn events(&self) -> Vec<String> {
        self.inner.events().iter().map(event_text).collect()
    }

    /// The legal moves of the side to move: pawn moves first, then walls.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.position().legal_moves().iter().map(|m| m.to_string()).collect()
    }

    /// Where the pawn of the side to move can go.
    #[wasm_bindgen(js_name = pawnMoves)]
    pub fn pawn_moves(&self) -> Vec<String> {
        self.inner.position().pawn_moves().into_iter().map(|q| q.to_string()).collect()
    }

    /// Why `mv` (in notation) cannot be played now, or `undefined` when it can: the move
    /// does not read, or the rule it breaks (`wall e3h would cut North off from its goal`).
    #[wasm_bindgen(js_name = whyIllegal)]
    pub fn why_illegal(&self, mv: &str) -> Option<String> {
        match mv.parse::<Move>() {
            Ok(m) => self.inner.position().check(m).err().map(|e| e.to_string()),
            Err(e) => Some(e.to_string()),
        }
    }

    /// Plays `mv` (in notation) for the side to move.
    ///
    /// # Errors
    /// When `mv` does not read or breaks a rule; the game does not change.
    pub fn play(&mut self, mv: &str) -> Result<(), JsError> {
        let m: Move = mv.parse().map_err(js_error)?;
        self.inner.play(m).map_err(js_error)
    }

    /// `seat` resigns: it leaves the game.
    ///
    /// # Errors
    /// When the game is over or `seat` is not in it; the game does not change.
    pub fn resign(&mut self, seat: &str) -> Result<(), JsError> {
        self.inner.resign(self::seat(seat)?).map_err(js_error)
    }

    /// Takes back the last move or resignation and returns it as in [`Game::events`];
    /// `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.inner.undo().as_ref().map(event_text)
    }

    /// The result: `"S+"` (that seat won), `"="` (drawn) or `"*"` (going on).
    pub fn result(&self) -> String {
        self.inner.result_token()
    }

    /// The winning seat, `undefined` while the game goes on or when it was drawn.
    pub fn winner(&self) -> Option<String> {
        match self.inner.outcome() {
            Some(Outcome::Winner(s)) => Some(s.letter().to_string()),
            _ => None,
        }
    }

    /// How the game ended in words (`"North wins"`, `"draw"`), `undefined` while it goes
    /// on.
    pub fn outcome(&self) -> Option<String> {
        self.inner.outcome().map(|o| o.to_string())
    }

    /// The rank of `seat` (1 is best; equal ranks are shared).
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    pub fn rank(&self, seat: &str) -> Result<Option<u8>, JsError> {
        Ok(self.inner.ranking().rank(self::seat(seat)?))
    }

    /// The full name of a seat: `"S"` gives `"South"`.
    ///
    /// # Errors
    /// When `seat` is not a seat name.
    #[wasm_bindgen(js_name = seatName)]
    pub fn seat_name(seat: &str) -> Result<String, JsError> {
        Ok(self::seat(seat)?.to_string())
    }

    /// The seats that play in a game of `players` players, as letters in turn order:
    /// `["S", "N"]`, `["S", "W", "N"]` or all four (core's `Players::seats`).
    ///
    /// # Errors
    /// When `players` is not 2, 3 or 4.
    #[wasm_bindgen(js_name = seatsFor)]
    pub fn seats_for(players: u8) -> Result<Vec<String>, JsError> {
        let players = Players::try_from(players).map_err(js_error)?;
        Ok(players.seats().iter().map(|s| s.letter().to_string()).collect())
    }

    /// The walls each player starts with by default on a `size` board with `players`
    /// players (the rules' table, scaled to the board; see `docs/rules.md`).
    ///
    /// # Errors
    /// When `size` is not a board size or `players` not 2, 3 or 4.
    #[wasm_bindgen(js_name = defaultWalls)]
    pub fn default_walls(size: u8, players: u8) -> Result<u8, JsError> {
        let size = BoardSize::try_from(size).map_err(js_error)?;
        let players = Players::try_from(players).map_err(js_error)?;
        Ok(quoridor_core::default_walls(size, players))
    }

    /// Sets a free tag of the record header (`Event`, `South`, ...).
    ///
    /// # Errors
    /// The rule the tag breaks (the tags the format computes itself cannot be set).
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), JsError> {
        self.inner.set_tag(name, value).map_err(js_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_that_cuts_a_player_off_names_the_player() {
        let mut game = Game::from_position("5 S:c1:5,N:c5:5 b1v,c1v S 0").unwrap();
        assert_eq!(
            game.why_illegal("b2h").as_deref(),
            Some("wall b2h would cut South off from its goal")
        );
        assert_eq!(
            game.why_illegal("b1h").as_deref(),
            Some("wall b1h crosses the placed wall b1v")
        );
        assert_eq!(
            game.why_illegal("b2v").as_deref(),
            Some("wall b2v overlaps the placed wall b1v")
        );
        assert_eq!(game.why_illegal("x9").map(|m| m.contains("not a column")), Some(true));
        game.play("c2").unwrap();
        assert_eq!(game.events(), ["S:c2"]);
    }

    #[test]
    fn undo_returns_the_event_taken_back() {
        let mut game = Game::new(9, 2, "classic", None, "S").unwrap();
        game.play("e2").unwrap();
        game.play("e8").unwrap();
        game.resign("N").unwrap();
        assert_eq!(game.result(), "S+");
        assert_eq!(game.winner().as_deref(), Some("S"));
        assert_eq!(game.undo().as_deref(), Some("N:resigns"));
        assert_eq!(game.undo().as_deref(), Some("N:e8"));
        assert_eq!(game.undo().as_deref(), Some("S:e2"));
        assert_eq!(game.undo(), None);
        assert_eq!(game.result(), "*");
    }

    #[test]
    fn a_record_round_trips() {
        let mut game = Game::new(7, 4, "koth", Some(3), "W").unwrap();
        for m in ["a5", "d6", "g5", "d2", "c2h"] {
            game.play(m).unwrap();
        }
        let again = Game::from_record(&game.record()).unwrap();
        assert_eq!(again.position(), game.position());
        assert_eq!(again.events(), game.events());
        assert_eq!(game.variant(), "koth");
        assert_eq!(game.seats(), ["S", "W", "N", "E"]);
        assert_eq!(game.goal("S").unwrap(), ["d4"]);
        assert_eq!(game.walls(), ["c2h"]);
        assert_eq!(Game::default_walls(9, 2).unwrap(), 10);
        assert_eq!(Game::seat_name("W").unwrap(), "West");
        assert_eq!(Game::seats_for(3).unwrap(), ["S", "W", "N"]);
        assert_eq!(Game::seats_for(4).unwrap(), game.seats());
        assert_eq!(Game::default_walls(7, 4).unwrap(), 4);
    }

    #[test]
    fn distances_paths_and_moves_are_in_notation() {
        let game = Game::from_position("9 S:e2:9,N:e8:10 e3h N 3").unwrap();
        assert_eq!(game.distance("S").unwrap(), Some(8));
        let path = game.shortest_path("N").unwrap();
        assert_eq!(path.first().map(String::as_str), Some("e8"));
        assert_eq!(path.len(), 9);
        assert_eq!(game.pawn_moves(), ["e7", "d8", "f8", "e9"].map(String::from).to_vec());
        assert_eq!(game.legal_moves().len(), 128);
        assert_eq!(game.turn(), "N");
        assert_eq!(game.walls_in_hand("S").unwrap(), 9);
    }
}
