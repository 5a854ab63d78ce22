//! Observations: a position as planes of numbers seen from a seat, for programs that learn to
//! play.
//!
//! An observation of a board of side N is `planes × N × N` numbers, plane by plane, each
//! plane row by row from the bottom row of the view, each row column by column. The board is
//! seen from a seat as in [`crate::action`]: turned so that the seat starts at the bottom and
//! runs up.
//!
//! | plane | holds |
//! |---|---|
//! | 0 | horizontal walls: 1 on the anchor square of each (as seen from the seat) |
//! | 1 | vertical walls, likewise |
//! | 2 + 3k | the pawn of the seat in slot k: 1 on its square; none when that seat left or does not play |
//! | 3 + 3k | that seat's walls in hand on every square, as a fraction of the default count ([`crate::default_walls`]) |
//! | 4 + 3k | 1 on every square when that seat is to move (nowhere once the game is over) |
//!
//! The slots are the seats in turn order (South, West, North, East) starting from the seat
//! that observes: slot 0 is the observer, slot k the seat k places after it, counting seats
//! that do not play. So slot 1 is always on the observer's left, slot 2 opposite it, slot 3
//! on its right. A two-player game has two slots (the observer and the opponent opposite,
//! 8 planes); three- and four-player games have four (14 planes), and in a three-player game
//! one slot is always empty.
//!
//! ```
//! use quoridor_core::observation::{observe, planes};
//! use quoridor_core::{Players, Position, Seat};
//!
//! let pos = Position::default();
//! let mut obs = vec![0.0f32; planes(Players::Two) * 81];
//! observe(&pos, Seat::North, &mut obs)?;
//! // North sees its own pawn (slot 0, plane 2) in the middle of its bottom row...
//! assert_eq!(obs[2 * 81 + 4], 1.0);
//! // ... and South, to move, opposite (slot 1: planes 5 to 7).
//! assert_eq!(obs[5 * 81 + 8 * 9 + 4], 1.0);
//! assert!(obs[7 * 81..8 * 81].iter().all(|&x| x == 1.0));
//! # Ok::<(), quoridor_core::action::EncodeError>(())
//! ```
//!
//! [`mirror_observation`] turns a two-player observation into that of the position mirrored
//! left to right (with [`crate::action::mirror_action`] for the ids: data augmentation).

use crate::action::{EncodeError, check_len, rotate_square, view_walls};
use crate::board_size::BoardSize;
use crate::config::default_walls;
use crate::geometry::geometry;
use crate::players::Players;
use crate::position::{Outcome, Position};
use crate::square::Seat;

/// The number of planes of an observation of a game of `players` players: 8 for two, 14 for
/// three or four.
#[must_use]
pub const fn planes(players: Players) -> usize {
    2 + 3 * slots(players)
}

/// The number of seat slots: 2 for a two-player game, 4 otherwise.
const fn slots(players: Players) -> usize {
    if matches!(players, Players::Two) { 2 } else { 4 }
}

/// The number of values of an observation: `planes(players) * size * size`.
#[must_use]
pub const fn observation_len(size: BoardSize, players: Players) -> usize {
    let n = size.get() as usize;
    planes(players) * n * n
}

/// Writes the observation of `pos` seen from `view` into `out` (see the module docs).
///
/// # Errors
/// When `out.len()` is not [`observation_len`] of the position, or `view` does not play in
/// the game; `out` is not touched then.
pub fn observe(pos: &Position, view: Seat, out: &mut [f32]) -> Result<(), EncodeError> {
    let players = pos.players();
    check_len(observation_len(pos.size(), players), out.len())?;
    if !pos.seats().any(|s| s == view) {
        return Err(EncodeError::NotInGame(view));
    }
    let default = f32::from(default_walls(pos.size(), players));
    let size = pos.size().get();
    let n = usize::from(size);
    let nn = n * n;
    out.fill(0.0);
    // The walls as the view sees them, cell by cell. Half a turn (North) takes the cell
    // `i` of a plane to `top - i`, where `top` is the last anchor's cell.
    let walls = pos.walls();
    let cells = &geometry(pos.size()).cells;
    let (h_plane, rest) = out.split_at_mut(nn);
    let v_plane = &mut rest[..nn];
    match view {
        Seat::South => {
            set_cells::<false>(walls.h, cells, 0, h_plane);
            set_cells::<false>(walls.v, cells, 0, v_plane);
        }
        Seat::North => {
            let top = (n - 2) * (n + 1);
            set_cells::<true>(walls.h, cells, top, h_plane);
            set_cells::<true>(walls.v, cells, top, v_plane);
        }
        Seat::West | Seat::East => {
            let (h, v) = view_walls(walls.h, walls.v, view, size - 2);
            set_cells::<false>(h, cells, 0, h_plane);
            set_cells::<false>(v, cells, 0, v_plane);
        }
    }
    let to_move = (!pos.is_game_over()).then(|| pos.turn());
    let two = players == 2;
    for (slot, planes) in out[2 * nn..].chunks_exact_mut(3 * nn).enumerate() {
        // Slot k holds the seat k places after the view (two players: every other seat).
        let seat = Seat::ALL[(view.index() + if two { 2 * slot } else { slot }) % 4];
        if let Some(sq) = pos.pawn(seat) {
            let (c, r) = rotate_square(size, view, sq.col(), sq.row());
            planes[usize::from(r) * n + usize::from(c)] = 1.0;
            let walls = pos.walls_in_hand(seat);
            if walls > 0 {
                planes[nn..2 * nn].fill(f32::from(walls) / default);
            }
        }
        if to_move == Some(seat) {
            planes[2 * nn..].fill(1.0);
        }
    }
    Ok(())
}

/// Sets to 1 the cells `bits` (bit `row * 11 + col`) of a plane, where `cells` (see
/// [`crate::geometry::Geometry::cells`]) puts them, or with `FLIP` at `top` minus that.
#[inline]
fn set_cells<const FLIP: bool>(bits: u128, cells: &[u8; 128], top: usize, plane: &mut [f32]) {
    for (half, base) in [(bits as u64, 0), ((bits >> 64) as u64, 64)] {
        let mut rest = half;
        while rest != 0 {
            let i = base + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cell = usize::from(cells[i]);
            plane[if FLIP { top.wrapping_sub(cell) } else { cell }] = 1.0;
        }
    }
}

/// Mirrors a two-player observation of a board of side `size` left to right, in place: it
/// becomes the observation of the mirror image of the position, seen from the same seat (see
/// [`crate::action::mirror_action`], which mirrors action ids, masks and policies alike).
///
/// Every plane's rows are reversed; in the wall planes only the `N - 1` anchor columns are
/// (a wall anchored in column `c` covers columns `c` and `c + 1`, so its mirror image is
/// anchored in column `N - 2 - c`), and the last column, where no wall is anchored, stays.
/// Mirroring twice gives the observation back.
///
/// # Errors
/// When `obs.len()` is not [`observation_len`] of a two-player game of that size (three- and
/// four-player observations are refused this way: the mirror reverses their turn order, so it
/// is no symmetry of those games); `obs` is not touched then.
///
/// ```
/// use quoridor_core::observation::{mirror_observation, observe, observation_len};
/// use quoridor_core::{BoardSize, Players, Position, Seat};
///
/// let size = BoardSize::CLASSIC;
/// let pos: Position = "9 S:c2:9,N:e8:10 a1h N 3".parse()?;
/// let mirrored: Position = "9 S:g2:9,N:e8:10 h1h N 3".parse()?;
/// let mut obs = vec![0.0; observation_len(size, Players::Two)];
/// let mut expected = obs.clone();
/// observe(&pos, Seat::South, &mut obs)?;
/// observe(&mirrored, Seat::South, &mut expected)?;
/// mirror_observation(size, &mut obs)?;
/// assert_eq!(obs, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mirror_observation(size: BoardSize, obs: &mut [f32]) -> Result<(), EncodeError> {
    check_len(observation_len(size, Players::Two), obs.len())?;
    let n = usize::from(size.get());
    for (i, row) in obs.chunks_exact_mut(n).enumerate() {
        if i < 2 * n {
            row[..n - 1].reverse();
        } else {
            row.reverse();
        }
    }
    Ok(())
}

/// The reward of `seat` at `pos` in learning environments (the Python package's Gymnasium,
/// PettingZoo and vector environments use this one rule): `1` once it has won, `-1` once
/// another seat has won or it has left the game (a player with no legal action left is
/// eliminated), `0` otherwise: while it plays, after a draw by the ply limit, and for a seat
/// that does not play in this game.
///
/// ```
/// use quoridor_core::observation::reward;
/// use quoridor_core::{Position, Seat};
/// let pos: Position = "9 S:e9:0,N:e5:0 - N 3".parse()?; // South has reached its goal
/// assert_eq!((reward(&pos, Seat::South), reward(&pos, Seat::North)), (1, -1));
/// assert_eq!(reward(&Position::default(), Seat::South), 0);
/// assert_eq!(reward(&Position::default(), Seat::West), 0); // not in a two-player game
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn reward(pos: &Position, seat: Seat) -> i8 {
    if !pos.seats().any(|s| s == seat) {
        return 0;
    }
    match pos.outcome() {
        Some(Outcome::Winner(w)) => {
            if w == seat {
                1
            } else {
                -1
            }
        }
        Some(Outcome::Draw) | None => {
            if pos.is_active(seat) {
                0
            } else {
                -1
            }
        }
    }
}
