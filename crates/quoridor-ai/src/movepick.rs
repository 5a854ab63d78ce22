//! Move generation for the search: the candidate moves of a node (every legal move at the
//! root; pawn moves and the walls that cut an opponent's shortest path below it), their
//! ordering keys, and the per-ply buffers that hold them so that no search allocates.

use quoridor_core::{Bitboard, Move, Position, Seat};

use crate::ordering::{Heuristics, KEY_HASH_MOVE, KEY_KILLER_1, KEY_KILLER_2, encode};
use crate::params::MultiSearch;
use crate::params::{ELIMINATION_GAIN, GAIN_KEY, GOAL_GAIN, MAX_PLY, QUIET_GAIN};

/// What move generation needs of a search: its killers and history, whose side each seat is
/// on, and the search's switches. A search thread lends it for each node.
#[derive(Clone, Copy)]
pub(crate) struct MoveGen<'a> {
    pub(crate) heur: &'a Heuristics,
    /// The root player: the side of the tree.
    pub(crate) root: Seat,
    pub(crate) multi: MultiSearch,
    /// `SearchParams::min_wall_gain`.
    pub(crate) min_wall_gain: i32,
}

/// Whether `a` and `b` play on the same side of a search for `root`: the root player
/// against its opponents (every player for itself in max^n).
#[inline]
pub(crate) fn same_team(multi: MultiSearch, root: Seat, a: Seat, b: Seat) -> bool {
    if multi == MultiSearch::MaxN {
        return a == b;
    }
    (a == root) == (b == root)
}

/// A move with its ordering key, and where the position after it comes from.
#[derive(Clone, Copy)]
pub(crate) struct Cand {
    pub(crate) mv: Move,
    /// The move's code ([`encode`]), tagged with the replier in a reply layer
    /// ([`crate::replies::reply_tag`]).
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
    /// Adds a candidate.
    #[inline]
    fn push(&mut self, mv: Move, code: u16, key: i32, quiet: bool, child: Child) {
        self.cands.push(Cand { mv, code, key, quiet, child });
    }

    /// Plays `mv` from `pos` into a new kept child (in place: no copy after the fact), and
    /// returns its index.
    #[inline]
    fn kept_child(&mut self, pos: &Position, mv: Move) -> u16 {
        self.kids.push(*pos);
        let k = self.kids.len() - 1;
        self.kids[k].play_unchecked(mv);
        k as u16
    }
}

impl MoveGen<'_> {
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

    /// Adds the candidate moves of `pos` to `out` (see [`MoveGen::generate`]), their codes
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
        let keys = Keys {
            hash_move,
            killers: self.heur.killers[ply.min(MAX_PLY)],
            history: &self.heur.history[hist_seat.index()],
            tag,
        };
        push_pawn_moves(pos, &keys, out, mode);
        if pos.walls_in_hand(pos.turn()) == 0 {
            return;
        }
        let targets = self.wall_targets(pos);
        if mode == Gen::Full {
            push_quiet_walls(pos, &keys, &targets, out);
        }
        self.push_cutting_walls(pos, &keys, &targets, out, mode);
    }

    /// The opponents of `pos`'s mover whose paths its walls should lengthen, and the wall
    /// places that cut one of their shortest paths.
    fn wall_targets(&self, pos: &Position) -> Targets {
        let me = pos.turn();
        let mut t = Targets { seats: [(Seat::South, 0); 3], len: 0, cut_h: 0, cut_v: 0 };
        for s in pos.active_seats() {
            if same_team(self.multi, self.root, s, me) {
                continue;
            }
            t.seats[t.len] = (s, i32::from(pos.distance(s).unwrap_or(0)));
            t.len += 1;
            let (h, v) = path_cuts(pos, s);
            t.cut_h |= h;
            t.cut_v |= v;
        }
        t
    }

    /// Adds the walls that cut an opponent's shortest path (every legal wall with
    /// `Gen::All`), each with its gain: by the distances it leaves (`Gen::Gains`, `Gen::Full`;
    /// `Gains` drops those below `min_wall_gain`), played (`Gen::All`), or none (`Gen::Lazy`).
    fn push_cutting_walls(
        &self,
        pos: &Position,
        keys: &Keys<'_>,
        targets: &Targets,
        out: &mut Buf,
        mode: Gen,
    ) {
        let me = pos.turn();
        let my_d = i32::from(pos.distance(me).unwrap_or(0));
        let mut walls = pos.legal_walls();
        if mode != Gen::All {
            walls = walls.restricted_to(
                Bitboard::from_bits_truncate(targets.cut_h),
                Bitboard::from_bits_truncate(targets.cut_v),
            );
        }
        for w in walls {
            let mv = Move::Wall(w);
            let code = keys.code(mv);
            match mode {
                Gen::Lazy => out.push(mv, code, keys.key(code, 0), false, Child::Play),
                Gen::Gains | Gen::Full => {
                    // The gain from the distances the wall leaves, without playing it.
                    let mine = pos.distance_after_wall(me, w).unwrap_or(u8::MAX);
                    let delta =
                        targets.gain(my_d - i32::from(mine), |s| pos.distance_after_wall(s, w));
                    if mode == Gen::Full || delta >= self.min_wall_gain {
                        let key = keys.key(code, delta * GAIN_KEY);
                        out.push(mv, code, key, delta <= QUIET_GAIN, Child::Play);
                    }
                }
                Gen::All => {
                    let k = out.kept_child(pos, mv);
                    let child = &out.kids[usize::from(k)];
                    let mine = child.distance(me).unwrap_or(0);
                    let delta = targets.gain(my_d - i32::from(mine), |s| child.distance(s));
                    let key = keys.key(code, delta * GAIN_KEY);
                    out.push(mv, code, key, delta <= QUIET_GAIN, Child::Kept(k));
                }
            }
        }
    }
}

/// Adds the pawn moves of `pos`, each with its gain: by its place on the cached shortest
/// path (`Gen::Lazy`), by the distance from its square (`Gen::Gains`, `Gen::Full`), or
/// played (`Gen::All`).
fn push_pawn_moves(pos: &Position, keys: &Keys<'_>, out: &mut Buf, mode: Gen) {
    let me = pos.turn();
    let my_d = i32::from(pos.distance(me).unwrap_or(0));
    // In lazy mode a pawn move gains what its place on the cached shortest path says.
    let mut path = [u8::MAX; 3];
    if mode == Gen::Lazy {
        for (k, sq) in pos.shortest_path(me).take(3).enumerate() {
            path[k] = sq.index();
        }
    }
    for sq in pos.pawn_moves() {
        let mv = Move::Pawn(sq);
        let code = keys.code(mv);
        let (gain, child) = match mode {
            Gen::Lazy => {
                let i = sq.index();
                (i32::from(i == path[1]) + 2 * i32::from(i == path[2]), Child::Play)
            }
            Gen::Gains | Gen::Full => {
                let gain = if pos.goal(me).contains(sq) {
                    GOAL_GAIN
                } else {
                    my_d - i32::from(pos.distance_from(me, sq).unwrap_or(0))
                };
                (gain, Child::Play)
            }
            Gen::All => {
                let k = out.kept_child(pos, mv);
                let child = &out.kids[usize::from(k)];
                let gain = if child.outcome().is_some() {
                    GOAL_GAIN
                } else {
                    my_d - i32::from(child.distance(me).unwrap_or(0))
                };
                (gain, Child::Kept(k))
            }
        };
        out.push(mv, code, keys.key(code, gain * GAIN_KEY), gain <= 0, child);
    }
}

/// Adds every legal wall that cuts no opponent's shortest path (`Gen::Full`): it leaves
/// their distances as they are, so it comes after the others, in history order.
fn push_quiet_walls(pos: &Position, keys: &Keys<'_>, targets: &Targets, out: &mut Buf) {
    let quiet = pos.legal_walls().restricted_to(
        Bitboard::from_bits_truncate(!targets.cut_h),
        Bitboard::from_bits_truncate(!targets.cut_v),
    );
    for w in quiet {
        let mv = Move::Wall(w);
        let code = keys.code(mv);
        out.push(mv, code, keys.key(code, QUIET_WALL_KEY), true, Child::Play);
    }
}

/// What orders the candidates of one node besides their gains: the hash move, the killers
/// and the history, and the tag of a reply layer's replier in the codes.
struct Keys<'a> {
    hash_move: u16,
    killers: [u16; 2],
    history: &'a [i32; crate::ordering::CODES],
    tag: u16,
}

impl Keys<'_> {
    /// The code of `mv` with the replier's tag.
    #[inline]
    fn code(&self, mv: Move) -> u16 {
        encode(mv) | self.tag
    }

    /// The ordering key of the move `code` whose gain gives it `base`: the hash move first,
    /// then the killers, then gains and history.
    #[inline]
    fn key(&self, code: u16, base: i32) -> i32 {
        if code == self.hash_move {
            KEY_HASH_MOVE
        } else if code == self.killers[0] {
            KEY_KILLER_1
        } else if code == self.killers[1] {
            KEY_KILLER_2
        } else {
            base + self.history[usize::from(code)]
        }
    }
}

/// The opponents that a node's walls are aimed at (seat and distance), and the places
/// where a wall cuts one of their shortest paths.
struct Targets {
    seats: [(Seat, i32); 3],
    len: usize,
    cut_h: u128,
    cut_v: u128,
}

impl Targets {
    /// A wall's gain: `own` (what it costs the mover, negative) plus the steps it adds to
    /// each target's path, given by `after` (a target left without a path, eliminated,
    /// counts as a big gain).
    #[inline]
    fn gain(&self, own: i32, after: impl Fn(Seat) -> Option<u8>) -> i32 {
        let mut delta = own;
        for &(s, d) in &self.seats[..self.len] {
            delta += after(s).map_or(ELIMINATION_GAIN, |nd| i32::from(nd) - d);
        }
        delta
    }
}

/// How [`MoveGen::generate`] finds and orders moves.
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

/// Picks by selection before the rest is sorted: a cut-off usually comes after a few
/// moves, and a node that has searched this many usually searches them all.
const PICKS_BEFORE_SORT: usize = 3;

/// Moves the best remaining candidate (highest key, then lowest code) to index `i`, for
/// `i` = 0, 1, 2, ... in turn: the first picks by selection, then the rest sorted at once
/// (the same order: no two candidates share a code), so that a node searching all its
/// moves does not pay a quadratic selection.
#[inline]
pub(crate) fn pick_next(cands: &mut [Cand], i: usize) {
    if i > PICKS_BEFORE_SORT {
        return;
    }
    if i == PICKS_BEFORE_SORT {
        if let Some(rest) = cands.get_mut(i..) {
            // Highest key first, then lowest code: one integer to compare.
            rest.sort_unstable_by_key(|c| {
                (u64::from(!(c.key as u32 ^ 1 << 31)) << 16) | u64::from(c.code)
            });
            debug_assert!(rest.windows(2).all(|w| (w[0].key, w[0].code) != (w[1].key, w[1].code)));
        }
        return;
    }
    let mut pick = i;
    for j in i + 1..cands.len() {
        let (a, b) = (&cands[j], &cands[pick]);
        if a.key > b.key || (a.key == b.key && a.code < b.code) {
            pick = j;
        }
    }
    cands.swap(i, pick);
}
