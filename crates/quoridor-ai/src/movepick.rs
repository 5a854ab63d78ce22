//! Move generation for the search: the candidate moves of a node (every legal move at the
//! root; pawn moves and the walls that cut an opponent's shortest path below it), their
//! ordering keys, and the per-ply buffers that hold them so that no search allocates.

use quoridor_core::{Bitboard, Move, Orientation, Position, Seat};

use crate::ordering::{KEY_HASH_MOVE, KEY_KILLER_1, KEY_KILLER_2, encode};
use crate::params::MultiSearch;
use crate::params::{ELIMINATION_GAIN, GAIN_KEY, GOAL_GAIN, MAX_PLY, QUIET_GAIN};
use crate::replies::finish_reply;
use crate::search::Worker;

/// A move with its ordering key, and where the position after it comes from.
#[derive(Clone, Copy)]
pub(crate) struct Cand {
    pub(crate) mv: Move,
    /// The move's code ([`encode`]), tagged with the replier in a reply layer
    /// ([`reply_tag`]).
    pub(crate) code: u16,
    pub(crate) key: i32,
    /// Not forcing: may be searched less deep when late in the order.
    pub(crate) quiet: bool,
    pub(crate) child: Child,
}

/// Where the position after a candidate move comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Child {
    /// The move is played on the node's position when searched.
    Play,
    /// The buffer's child of this index, played already.
    Kept(u16),
    /// A best-reply layer: the move is played on the buffer's position of this index (the
    /// node's position after the players before the replier made their likely moves, or
    /// passed), and the players after the replier then do the same until the root player
    /// is to move.
    Reply(u8),
}

/// The moves of one node and the positions after them, kept per ply so that no search
/// allocates.
#[derive(Default)]
pub(crate) struct Buf {
    pub(crate) cands: Vec<Cand>,
    pub(crate) kids: Vec<Position>,
}

impl Buf {
    /// The position after `c`: the kept child, or played into `scratch` (in a reply layer,
    /// with the moves of the other players until `root` is to move).
    #[inline]
    pub(crate) fn child_of<'a>(
        &'a self,
        c: &Cand,
        pos: &Position,
        scratch: &'a mut Position,
        root: Seat,
        multi: MultiSearch,
    ) -> &'a Position {
        match c.child {
            Child::Play => {
                *scratch = *pos;
                scratch.play_unchecked(c.mv);
                scratch
            }
            Child::Kept(k) => &self.kids[usize::from(k)],
            Child::Reply(k) => {
                *scratch = self.kids[usize::from(k)];
                scratch.play_unchecked(c.mv);
                finish_reply(scratch, root, multi);
                scratch
            }
        }
    }
}

impl Worker {
    /// Fills `out` with the candidate moves of `pos` and their ordering keys: every legal
    /// move, each played and kept (`Gen::All`, the root), or pawn moves and the walls that
    /// lengthen the opponents' paths more than one's own, measured by the distances they
    /// leave without playing them (`Gen::Gains`), or pawn moves and the walls that cut an
    /// opponent's shortest path, ordered by killers and history (`Gen::Lazy`, for the last
    /// ply where every child is a leaf anyway). Moves are played when searched.
    pub(crate) fn generate(
        &self,
        pos: &Position,
        ply: usize,
        hash_move: u16,
        out: &mut Buf,
        mode: Gen,
    ) {
        out.cands.clear();
        out.kids.clear();
        self.push_moves(pos, ply, hash_move, out, mode, 0, pos.turn());
    }

    /// Adds the candidate moves of `pos` to `out` (see [`Worker::generate`]), their codes
    /// tagged with `tag`, ordered with the history of `hist_seat`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn push_moves(
        &self,
        pos: &Position,
        ply: usize,
        hash_move: u16,
        out: &mut Buf,
        mode: Gen,
        tag: u16,
        hist_seat: Seat,
    ) {
        let me = pos.turn();
        let my_d = i32::from(pos.distance(me).unwrap_or(0));
        let hist = &self.heur.history[hist_seat.index()];
        let killers = self.heur.killers[ply.min(MAX_PLY)];
        let bonus = |code: u16, base: i32| -> i32 {
            if code == hash_move {
                KEY_HASH_MOVE
            } else if code == killers[0] {
                KEY_KILLER_1
            } else if code == killers[1] {
                KEY_KILLER_2
            } else {
                base + hist[usize::from(code)]
            }
        };
        let lazy = mode == Gen::Lazy;
        // In lazy mode a pawn move gains what its place on the cached shortest path says.
        let mut path = [u8::MAX; 3];
        if lazy {
            for (k, sq) in pos.shortest_path(me).take(3).enumerate() {
                path[k] = sq.index();
            }
        }
        for sq in pos.pawn_moves() {
            let mv = Move::Pawn(sq);
            let code = encode(mv) | tag;
            let (gain, child) = if lazy {
                let i = sq.index();
                (
                    if i == path[1] {
                        1
                    } else if i == path[2] {
                        2
                    } else {
                        0
                    },
                    None,
                )
            } else if mode == Gen::Gains || mode == Gen::Full {
                let gain = if pos.goal(me).contains(sq) {
                    GOAL_GAIN
                } else {
                    my_d - i32::from(pos.distance_from(me, sq).unwrap_or(0))
                };
                (gain, None)
            } else {
                // Played in place: no copy of the child after the fact.
                out.kids.push(*pos);
                let k = out.kids.len() - 1;
                let child = &mut out.kids[k];
                child.play_unchecked(mv);
                let gain = if child.outcome().is_some() {
                    GOAL_GAIN
                } else {
                    my_d - i32::from(child.distance(me).unwrap_or(0))
                };
                (gain, Some(k as u16))
            };
            out.cands.push(Cand {
                mv,
                code,
                key: bonus(code, gain * GAIN_KEY),
                quiet: gain <= 0,
                child: child.map_or(Child::Play, Child::Kept),
            });
        }
        if pos.walls_in_hand(me) == 0 {
            return;
        }
        // Opponents whose paths a wall should lengthen.
        let mut targets = [(Seat::South, 0i32); 3];
        let mut nt = 0;
        let mut cut_h = 0u128;
        let mut cut_v = 0u128;
        for s in pos.active_seats() {
            if self.same_team(s, me) {
                continue;
            }
            targets[nt] = (s, i32::from(pos.distance(s).unwrap_or(0)));
            nt += 1;
            let (h, v) = path_cuts(pos, s);
            cut_h |= h;
            cut_v |= v;
        }
        let legal = pos.legal_walls();
        let (mut ch, mut cv) = (legal.horizontal().bits(), legal.vertical().bits());
        if mode == Gen::Full {
            // Every legal wall; those that cut no opponent's path leave its distance as it
            // is and come last, in history order.
            for (bits, o) in
                [(ch & !cut_h, Orientation::Horizontal), (cv & !cut_v, Orientation::Vertical)]
            {
                for a in Bitboard::from_bits_truncate(bits) {
                    let Some(w) = quoridor_core::Wall::new(a, o) else { continue };
                    let mv = Move::Wall(w);
                    let code = encode(mv) | tag;
                    out.cands.push(Cand {
                        mv,
                        code,
                        key: bonus(code, QUIET_WALL_KEY),
                        quiet: true,
                        child: Child::Play,
                    });
                }
            }
        }
        if mode != Gen::All {
            ch &= cut_h;
            cv &= cut_v;
        }
        for (bits, o) in [(ch, Orientation::Horizontal), (cv, Orientation::Vertical)] {
            for a in Bitboard::from_bits_truncate(bits) {
                let Some(w) = quoridor_core::Wall::new(a, o) else { continue };
                let mv = Move::Wall(w);
                let code = encode(mv) | tag;
                if lazy {
                    out.cands.push(Cand {
                        mv,
                        code,
                        key: bonus(code, 0),
                        quiet: false,
                        child: Child::Play,
                    });
                    continue;
                }
                if mode == Gen::Gains || mode == Gen::Full {
                    // The gain from the distances the wall leaves, without playing it.
                    let mut delta =
                        my_d - i32::from(pos.distance_after_wall(w, me).unwrap_or(u8::MAX));
                    for &(s, d) in &targets[..nt] {
                        delta += pos
                            .distance_after_wall(w, s)
                            .map_or(ELIMINATION_GAIN, |nd| i32::from(nd) - d);
                    }
                    if mode == Gen::Full || delta >= self.settings.sparams.min_wall_gain {
                        out.cands.push(Cand {
                            mv,
                            code,
                            key: bonus(code, delta * GAIN_KEY),
                            quiet: delta <= QUIET_GAIN,
                            child: Child::Play,
                        });
                    }
                    continue;
                }
                out.kids.push(*pos);
                let k = out.kids.len() - 1;
                let child = &mut out.kids[k];
                child.play_unchecked(mv);
                let mut delta = my_d - i32::from(child.distance(me).unwrap_or(0));
                for &(s, d) in &targets[..nt] {
                    // A seat eliminated by the wall counts as a big gain.
                    delta += child.distance(s).map_or(ELIMINATION_GAIN, |nd| i32::from(nd) - d);
                }
                out.cands.push(Cand {
                    mv,
                    code,
                    key: bonus(code, delta * GAIN_KEY),
                    quiet: delta <= QUIET_GAIN,
                    child: Child::Kept(k as u16),
                });
            }
        }
    }
}

/// How [`Worker::generate`] finds and orders moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gen {
    /// Every legal move, each played (the root keeps the children).
    All,
    /// Pawn moves and the walls that gain at least `min_wall_gain`, by distances.
    Gains,
    /// Pawn moves and the walls that cut an opponent's path, ordered by history only.
    Lazy,
    /// Pawn moves and every legal wall: those that cut an opponent's path ordered by their
    /// gain (as `Gains`, none dropped), the others after them by history.
    Full,
}

/// Ordering key of a wall that cuts no opponent's path, before history: after every move
/// whose gain is known.
const QUIET_WALL_KEY: i32 = -1_000_000;

/// Anchors of the walls (horizontal, vertical) that cut the cached shortest path of `seat`.
fn path_cuts(pos: &Position, seat: Seat) -> (u128, u128) {
    let mut h = 0u128;
    let mut v = 0u128;
    let mut prev: Option<u8> = None;
    for sq in pos.shortest_path(seat) {
        let b = sq.index();
        if let Some(a) = prev {
            let lo = a.min(b);
            let bit = 1u128 << lo;
            if a.abs_diff(b) == 1 {
                v |= bit | bit >> 11;
            } else {
                h |= bit | bit >> 1;
            }
        }
        prev = Some(b);
    }
    (h, v)
}
