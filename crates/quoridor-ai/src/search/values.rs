//! What the search knows of a position without searching it: the static evaluation of a
//! node for its side to move's team (with the levels' evaluation noise, and the network's
//! sums kept up to date along the line), the leaves one ply above the horizon evaluated
//! without playing their move, and the exact value of a wall-less race or a tablebase's
//! position.

use quoridor_core::Outcome;
use std::sync::atomic::Ordering::Relaxed;

use quoridor_core::{Move, Position, Seat, Variant};

use super::Worker;
use crate::eval::{evaluate_two, evaluate_two_with, evaluate_without_net};
use crate::net::{Accumulators, Network};
use crate::params::WIN;
use crate::race::{RaceTable, RaceValue};
use crate::rng::mix;
use crate::tablebase::Value;

/// Walls' threats kept by a hash of the walls and the pawns (a power of two).
pub(crate) const THREAT_CACHE: usize = 1 << 16;

/// Race tables kept at once (each at most ~60 KB).
const RACE_CACHE: usize = 256;

impl Worker {
    #[inline]
    pub(crate) fn is_race(&self, pos: &Position) -> bool {
        pos.players() == 2
            && pos.variant() == Variant::Classic
            && pos.active_seats().all(|s| pos.walls_in_hand(s) == 0)
    }

    /// The race table of `pos`'s maze; built when `build` (else only if cached).
    pub(crate) fn race_table(&mut self, pos: &Position, build: bool) -> Option<&RaceTable> {
        let key = (pos.size().get(), pos.walls());
        if !self.races.contains_key(&key) {
            if !build {
                return None;
            }
            if self.races.len() >= RACE_CACHE {
                self.races.clear();
            }
            self.races.insert(key, RaceTable::solve(pos)?);
        }
        self.races.get(&key)
    }

    /// The network's sums after `m` from the position at `ply`, into the next ply.
    #[inline]
    pub(crate) fn net_step(&mut self, pos: &Position, m: Move, ply: usize) {
        if self.line.net_on {
            self.line.nets[ply + 1] = self.line.nets[ply].after(&Network::SHIPPED, pos, m);
        }
    }

    /// Static evaluation of `pos`, the position at `ply` of the current line, for the side
    /// to move's team: [`Worker::eval`] with the network's sums kept up to date.
    #[inline]
    pub(crate) fn eval_at(&self, pos: &Position, ply: usize) -> i32 {
        if !self.line.net_on {
            return self.eval(pos);
        }
        debug_assert_eq!(
            self.line.nets[ply],
            Accumulators::new(&Network::SHIPPED, pos),
            "network sums at ply {ply} of {pos}"
        );
        let mut v = self.eval_without_net(pos)
            + self.line.nets[ply].correction(&Network::SHIPPED, self.root.seat);
        if self.settings.noise > 0 {
            let r = mix(pos.zobrist() ^ self.settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            v += (r % (2 * self.settings.noise as u64 + 1)) as i32 - self.settings.noise;
        }
        if self.same_team(pos.turn(), self.root.seat) { v } else { -v }
    }

    /// The evaluation without the network for the root player ([`evaluate_without_net`]),
    /// the walls' threats of two players from the worker's cache.
    #[inline]
    fn eval_without_net(&self, pos: &Position) -> i32 {
        let p = &self.settings.ab_params;
        if !p.measures_threats() || pos.active_seats().count() != 2 {
            return evaluate_without_net(p, pos, self.root.seat);
        }
        evaluate_two_with(p, pos, self.root.seat, |s| self.wall_threat(pos, s))
    }

    /// `seat`'s threat in `pos` as the evaluation counts it
    /// ([`quoridor_core::Position::wall_threat_at_least`] from the weights'
    /// `threat_least`), kept by a hash of the walls and the pawns (all it depends on: the
    /// path rule protects every player's path).
    pub(crate) fn wall_threat(&self, pos: &Position, seat: Seat) -> u8 {
        let least = self.settings.ab_params.threat_least;
        let mut squares = u64::from(pos.size().get()) << 40 | u64::from(least) << 48;
        squares |= seat.index() as u64;
        for s in pos.active_seats() {
            let sq = pos.pawn(s).map_or(0, |q| u64::from(q.index()) + 1);
            squares |= sq << (8 * s.index() + 8);
        }
        let walls = pos.walls();
        let (h, v) = (walls.horizontal().bits(), walls.vertical().bits());
        let mut key = mix(squares);
        for part in [h as u64, (h >> 64) as u64, v as u64, (v >> 64) as u64] {
            key = mix(key ^ part);
        }
        // The high bits are the check, the low byte the threat.
        let cache = self.threat_cache.get_or_init(|| {
            (0..THREAT_CACHE).map(|_| std::sync::atomic::AtomicU64::new(0)).collect()
        });
        let slot = &cache[(key as usize) & (THREAT_CACHE - 1)];
        let kept = slot.load(Relaxed);
        if kept >> 8 == key >> 8 {
            return kept as u8;
        }
        let t = pos.wall_threat_at_least(seat, least).unwrap_or(0);
        slot.store(key & !0xFF | u64::from(t), Relaxed);
        t
    }

    /// The value, for the side to move at the frontier node, of its leaf `child`, `dist`
    /// plies from the root, when the walls' threats are weighed: the played leaf evaluated
    /// (the threats need the position). `None` when it needs more: a race (exact tables),
    /// or the network's sums.
    #[inline]
    pub(crate) fn threat_leaf(&self, child: &Position, dist: usize) -> Option<i32> {
        if self.line.net_on || self.is_race(child) {
            return None;
        }
        Some(-self.eval_or_end(child, dist + 1))
    }

    /// Static evaluation for the side to move's team.
    #[inline]
    pub(crate) fn eval(&self, pos: &Position) -> i32 {
        let mut v = self.eval_without_net(pos) + crate::net::correction(pos, self.root.seat);
        if self.settings.noise > 0 {
            let r = mix(pos.zobrist() ^ self.settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            v += (r % (2 * self.settings.noise as u64 + 1)) as i32 - self.settings.noise;
        }
        if self.same_team(pos.turn(), self.root.seat) { v } else { -v }
    }

    /// A leaf's value for its side to move as `negamax` at depth 0 finds it (the leaves
    /// played for their threats, and the checks of those valued without playing).
    pub(crate) fn eval_or_end(&self, pos: &Position, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Winner(s)) if s == pos.turn() => WIN - ply as i32,
            Some(Outcome::Winner(_)) => -(WIN - ply as i32),
            Some(Outcome::Draw) => 0,
            None => self.eval(pos),
        }
    }

    /// The value, for the side to move, of the leaf after `m` in a two-player game, found
    /// from the distances `m` leaves (`Position::distance_from`, `distance_after_wall`)
    /// without playing it: the same value as evaluating the played position, at a fraction
    /// of the cost. `None` when the leaf needs more: a race (exact tables), which the last
    /// wall in hand can start.
    #[inline]
    pub(crate) fn quick_leaf(
        &self,
        pos: &Position,
        m: Move,
        ply: usize,
        net: Option<&Accumulators>,
    ) -> Option<i32> {
        let me = pos.turn();
        let opp = pos.active_seats().find(|&s| s != me)?;
        let (my_w, opp_w) = (pos.walls_in_hand(me), pos.walls_in_hand(opp));
        let linear = match m {
            Move::Pawn(sq) => {
                if pos.goal(me).contains(sq) {
                    return Some(WIN - ply as i32 - 1);
                }
                let d = pos.distance_from(me, sq)?;
                let opp_d = pos.distance(opp)?;
                evaluate_two(&self.settings.ab_params, (d, my_w), (opp_d, opp_w), false)
            }
            Move::Wall(w) => {
                if my_w <= 1 && opp_w == 0 {
                    return None;
                }
                let d = pos.distance_after_wall(me, w)?;
                let opp_d = pos.distance_after_wall(opp, w)?;
                evaluate_two(&self.settings.ab_params, (d, my_w - 1), (opp_d, opp_w), false)
            }
        };
        let shipped = Network::SHIPPED;
        let correction = net.map_or(0, |acc| acc.after(&shipped, pos, m).correction(&shipped, me));
        Some(linear + correction)
    }

    /// The exact race score, when the race table is at hand (or `build`) and the ply limit
    /// cannot interfere.
    pub(crate) fn race_score(&mut self, pos: &Position, ply: usize, build: bool) -> Option<i32> {
        let v = self.race_table(pos, build)?.probe(pos)?;
        let (n, sign) = match v {
            RaceValue::Win(n) => (n, 1),
            RaceValue::Loss(n) => (n, -1),
            RaceValue::Draw => return if pos.ply_limit().is_some() { None } else { Some(0) },
        };
        if pos.ply_limit().is_some_and(|l| pos.ply() + n >= l) {
            return None;
        }
        Some(sign * (WIN - ply as i32 - n as i32))
    }

    /// The exact score of a node `dist` plies from the root that a tablebase holds (when
    /// the ply limit cannot change it).
    pub(crate) fn tablebase_score(&self, pos: &Position, dist: i32) -> Option<i32> {
        Some(match self.tablebase_value(pos)? {
            Value::Win(n) => WIN - dist - n as i32,
            Value::Loss(n) => -(WIN - dist - n as i32),
            Value::Draw => 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use quoridor_core::Position;

    use crate::Limits;
    use crate::params::RACE_BUILD_DEPTH;
    use crate::search::{Shared, Worker};
    use crate::tt::Tt;

    /// The race tables a fresh worker holds after searching `pos` to `depth`.
    fn tables_after(pos: &Position, depth: u32) -> usize {
        let tt = Arc::new(Tt::new(16));
        let shared = Arc::new(Shared::default());
        let mut w = Worker::new(0, &tt, &shared, 0);
        w.search(pos, &Limits::depth(depth), &mut |_| {}).expect("a move");
        w.races.len()
    }

    #[test]
    fn race_tables_are_built_only_far_enough_from_the_horizon() {
        // One wall each: a race starts two plies down at the earliest, once both are placed.
        let pos: Position =
            "9 S:g6:1,N:g4:1 a3h,c3h,e3h,g3h,g4h,h5h,a6h,c6h,e6h,g6h,g2v,d3v,e5v,f5v S 36"
                .parse()
                .unwrap();
        let depth = RACE_BUILD_DEPTH as u32;
        // Its races have at most depth - 2 plies left (extensions aside): no table.
        assert_eq!(tables_after(&pos, depth), 0);
        // Deeper, races start with enough plies left: tables.
        assert!(tables_after(&pos, depth + 4) > 0);
    }
}
