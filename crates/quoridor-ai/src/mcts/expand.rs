//! A node's moves: each seat's chance after every legal move by the evaluation (found from
//! the distances and walls the move leaves, without playing it), the moves kept (every pawn
//! move, the walls best for the mover), and their priors.

use quoridor_core::{Move, Position, Seat, Variant};

use super::exposure::Exposure;
use super::{Ctx, Edge, Tree, Values, pack};
use crate::chance::{TWO_PLAYER_TABLE, chance_of_table};
use crate::eval::{
    MULTI_FEATURES, MultiGame, UNKNOWN_VUL, VUL_NEAR, evaluate_with, exp_neg, features_multi_with,
    multi_log_chances, vulnerabilities, vulnerability,
};
use crate::params::SearchParams;
use crate::rng::mix;

/// Most pawn moves a position can have (a step or a jump straight on, or side-steps, in
/// four directions), with room to spare.
const MOST_PAWN_MOVES: usize = 12;

/// Distinct sets of distances after a wall whose values an expansion remembers.
const SEEN: usize = 16;

/// Most walls a position can have (two orientations on the 10 x 10 anchors of an 11 x 11
/// board).
const MOST_WALLS: usize = 200;

/// Most edges a node below the root can have (whatever the parameters, huge ones included).
pub(super) fn most_edges(sp: &SearchParams) -> usize {
    MOST_PAWN_MOVES + sp.mcts_walls.saturating_add(sp.mcts_null_walls).min(MOST_WALLS)
}

/// The players of a position in turn order from the side to move, with their distances and
/// walls in hand.
struct Players {
    n: usize,
    order: [Seat; 4],
    dist: [u8; 4],
    walls: [u8; 4],
}

impl Players {
    fn of(pos: &Position) -> Players {
        let mut p = Players { n: 0, order: [Seat::South; 4], dist: [0; 4], walls: [0; 4] };
        for s in pos.turn_order().take(4) {
            p.order[p.n] = s;
            p.dist[p.n] = pos.distance(s).unwrap_or(u8::MAX);
            p.walls[p.n] = pos.walls_in_hand(s);
            p.n += 1;
        }
        p
    }

    /// Each seat's chance, and the mover's log-chance (thousandths of a logit), after the
    /// mover's move leaves the distances `dist` and walls `walls` (in this turn order): the
    /// next player is then to move.
    fn after(
        &self,
        ctx: &Ctx<'_>,
        kind: MultiGame,
        dist: &[u8; 4],
        walls: &[u8; 4],
        vul: &[u8; 4],
    ) -> (Values, i32) {
        let n = self.n;
        let (mut d, mut w, mut v) = ([0u8; 4], [0u8; 4], [UNKNOWN_VUL; 4]);
        for i in 0..n {
            d[i] = dist[(i + 1) % n];
            w[i] = walls[(i + 1) % n];
            v[i] = vul[(i + 1) % n];
        }
        let f: [[i32; MULTI_FEATURES]; 4] = features_multi_with(&d[..n], &w[..n], &v[..n]);
        let log = multi_log_chances(ctx.params, kind, &f[..n]);
        let mut v = [0.0; 4];
        for i in 0..n {
            v[self.order[(i + 1) % n].index()] = exp_neg(-log[i]) as f32 / 1e6;
        }
        (v, log[n - 1])
    }
}

impl Tree {
    /// Expands node `id` at `pos` (a game not over): its edges, their priors and values;
    /// returns the node's value, that of its mover's best move.
    pub(super) fn expand(
        &mut self,
        ctx: &Ctx<'_>,
        id: usize,
        pos: &Position,
        root: bool,
    ) -> Values {
        self.scratch.clear();
        match MultiGame::of(pos) {
            Some(kind) => self.moves_multi(ctx, kind, pos, root),
            None => self.moves_two(ctx, pos),
        }
        if root && let Some(only) = ctx.only {
            self.keep_only(ctx, pos, only);
        }
        let me = pos.turn();
        if ctx.noise > 0 {
            let span = 2 * i64::from(ctx.noise) + 1;
            for x in &mut self.scratch {
                let h =
                    mix(pos.zobrist() ^ ctx.seed ^ u64::from(crate::ordering::encode(x.0)) << 48);
                let r = (h % span as u64) as i32 - ctx.noise;
                x.1 = (x.1 + r).min(0);
                x.2[me.index()] = exp_neg(-x.1) as f32 / 1e6;
            }
        }
        self.push_edges(ctx, id, me)
    }

    /// The moves of a three- or four-player position into the scratch list.
    fn moves_multi(&mut self, ctx: &Ctx<'_>, kind: MultiGame, pos: &Position, root: bool) {
        let p = Players::of(pos);
        let me = p.order[0];
        let goal = pos.goal(me);
        if let Some(sq) = (pos.pawn_moves() & goal).into_iter().next() {
            // A win in one: nothing else is worth searching (decisive moves).
            let mut v = [0.0; 4];
            v[me.index()] = 1.0;
            self.scratch.push((Move::Pawn(sq), 0, v));
            return;
        }
        let vul_on = ctx.params.measures_vulnerability(kind);
        // Every wall's distances, and each player's vulnerability (how far one wall
        // lengthens its path) at this node.
        let mut vul = [UNKNOWN_VUL; 4];
        let mut wall_dists = [[0u8; 4]; MOST_WALLS];
        let mut wall_len = 0;
        let legal = if p.walls[0] > 0 {
            pos.legal_walls()
        } else if vul_on && p.walls[..p.n].iter().any(|&w| w > 0) {
            pos.placeable_walls()
        } else {
            quoridor_core::WallSet::new()
        };
        if vul_on {
            vul[..p.n].fill(0);
        }
        let shared_goal = pos.variant() == Variant::KingOfTheHill;
        for wall in &legal {
            let mut d = p.dist;
            if shared_goal {
                // One flood fill from the crown for every path the wall cuts.
                let after = pos.distances_after_wall(wall);
                for (d, &s) in d.iter_mut().zip(&p.order[..p.n]) {
                    *d = after[s.index()].unwrap_or(u8::MAX);
                }
            } else {
                for (d, &s) in d.iter_mut().zip(&p.order[..p.n]) {
                    *d = pos.distance_after_wall(s, wall).unwrap_or(u8::MAX);
                }
            }
            if vul_on {
                for i in 0..p.n {
                    vul[i] = vul[i].max(d[i].saturating_sub(p.dist[i]).min(VUL_NEAR));
                }
            }
            if p.walls[0] > 0 && wall_len < MOST_WALLS {
                wall_dists[wall_len] = d;
                wall_len += 1;
            }
        }
        for sq in pos.pawn_moves() {
            let mut d = p.dist;
            d[0] = pos.distance_from(me, sq).unwrap_or(u8::MAX);
            let mut v = vul;
            if vul_on && d[0] <= VUL_NEAR {
                let mut child = *pos;
                child.play_unchecked(Move::Pawn(sq));
                v[0] = vulnerability(&child, me, &legal);
            }
            let (v, l) = p.after(ctx, kind, &d, &p.walls, &v);
            self.scratch.push((Move::Pawn(sq), l, v));
        }
        if p.walls[0] == 0 {
            return;
        }
        let pawn_moves = self.scratch.len();
        let mut walls = p.walls;
        walls[0] -= 1;
        // The vulnerabilities after each wall of the players near their goals, found
        // exactly from their exposures; the others' are taken as they were before it.
        let mut exposed: [Option<(usize, Exposure)>; 4] = [const { None }; 4];
        let mut afters = core::mem::take(&mut self.afters);
        afters.clear(pos);
        if vul_on {
            for (i, x) in exposed.iter_mut().enumerate().take(p.n) {
                *x = Exposure::new(pos, p.order[i], &legal, &mut afters).map(|e| (i, e));
            }
        }
        // Walls that leave the same distances and vulnerabilities leave the same values:
        // each set is evaluated once (most walls change no distance or only one player's
        // by a step or two). A few distinct sets are remembered; more are evaluated each
        // time.
        let mut seen: [([u8; 4], [u8; 4], Values, i32); SEEN] =
            [([0; 4], [0; 4], [0.0; 4], 0); SEEN];
        let mut seen_len = 0;
        let mut quiet_kept = 0;
        for (wall, &d) in legal.into_iter().zip(&wall_dists[..wall_len]) {
            let mut v = vul;
            for (i, e) in exposed.iter().flatten() {
                debug_assert_eq!(e.seat(), p.order[*i]);
                v[*i] = e.after_wall(wall, &legal, &mut afters);
            }
            if d == p.dist && v == vul {
                if quiet_kept >= ctx.sp.mcts_null_walls {
                    continue;
                }
                quiet_kept += 1;
            }
            let (v, l) = match seen[..seen_len].iter().find(|x| x.0 == d && x.1 == v) {
                Some(x) => (x.2, x.3),
                None => {
                    let (values, l) = p.after(ctx, kind, &d, &walls, &v);
                    if seen_len < SEEN {
                        seen[seen_len] = (d, v, values, l);
                        seen_len += 1;
                    }
                    (values, l)
                }
            };
            self.scratch.push((Move::Wall(wall), l, v));
        }
        self.afters = afters;
        let keep = if root { ctx.sp.mcts_root_walls } else { ctx.sp.mcts_walls };
        let walls = &mut self.scratch[pawn_moves..];
        // Stable: equal walls keep the board's order.
        walls.sort_by_key(|x| std::cmp::Reverse(x.1));
        let len = pawn_moves + walls.len().min(keep);
        self.scratch.truncate(len);
    }

    /// The scratch list cut to the moves of `only`, with those of them it lacked (walls the
    /// root does not keep, moves beside a win in one) valued by playing them.
    fn keep_only(&mut self, ctx: &Ctx<'_>, pos: &Position, only: &[Move]) {
        self.scratch.retain(|x| only.contains(&x.0));
        let p = Players::of(pos);
        for &m in only {
            if !pos.is_legal(m) || self.scratch.iter().any(|x| x.0 == m) {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(m);
            let (v, l) = match (child.outcome(), MultiGame::of(pos)) {
                (Some(o), _) => {
                    let v = super::outcome_values(o);
                    let c = f64::from(v[p.order[0].index()]).clamp(1e-6, 1.0);
                    (v, (c.ln() * 1000.0) as i32)
                }
                (None, Some(kind)) => {
                    let (mut d, mut w) = (p.dist, p.walls);
                    for i in 0..p.n {
                        d[i] = child.distance(p.order[i]).unwrap_or(u8::MAX);
                        w[i] = child.walls_in_hand(p.order[i]);
                    }
                    let v = if ctx.params.measures_vulnerability(kind) {
                        vulnerabilities(&child, &p.order[..p.n])
                    } else {
                        [UNKNOWN_VUL; 4]
                    };
                    p.after(ctx, kind, &d, &w, &v)
                }
                (None, None) => {
                    let v = two_player_values(ctx, &child);
                    let c = f64::from(v[p.order[0].index()]).clamp(1e-6, 1.0);
                    (v, (c.ln() * 1000.0) as i32)
                }
            };
            self.scratch.push((m, l, v));
        }
    }

    /// The moves of a position with two players left (the others eliminated or resigned),
    /// played and valued by the two-player evaluation read as a chance.
    fn moves_two(&mut self, ctx: &Ctx<'_>, pos: &Position) {
        let me = pos.turn();
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = match child.outcome() {
                Some(o) => super::outcome_values(o),
                None => two_player_values(ctx, &child),
            };
            let p = f64::from(v[me.index()]).clamp(1e-6, 1.0);
            self.scratch.push((m, (p.ln() * 1000.0) as i32, v));
        }
        self.scratch.sort_by_key(|x| std::cmp::Reverse(x.1));
        self.scratch.truncate(MOST_PAWN_MOVES.saturating_add(ctx.sp.mcts_walls));
    }

    /// The scratch list as the edges of node `id`, priors from the mover's log-chances;
    /// returns the best edge's values for the mover.
    fn push_edges(&mut self, ctx: &Ctx<'_>, id: usize, me: Seat) -> Values {
        let first = self.edges.len() as u32;
        let best_log = self.scratch.iter().map(|x| x.1).max().unwrap_or(0);
        let temp = i64::from(ctx.sp.mcts_prior_temp.max(1));
        let mut total = 0u64;
        let mut best: Option<Values> = None;
        for x in &self.scratch {
            let gap = (i64::from(best_log) - i64::from(x.1)) * 1000 / temp;
            let weight = exp_neg(gap.min(1 << 20) as i32).max(1);
            total += u64::from(weight);
            if best.is_none_or(|b| x.2[me.index()] > b[me.index()]) {
                best = Some(x.2);
            }
            // The weight for now; made a share below.
            self.edges.push(Edge { mv: x.0, prior: weight as f32, q: pack(x.2), child: 0 });
        }
        for e in &mut self.edges[first as usize..] {
            e.prior = (f64::from(e.prior) / total.max(1) as f64) as f32;
        }
        let value = best.unwrap_or([0.0; 4]);
        let node = &mut self.nodes[id];
        node.first = first;
        node.len = (self.edges.len() - first as usize) as u16;
        node.mover = me.index() as u8;
        node.imm = pack(value);
        value
    }
}

/// Each seat's chance in a position with two players left: the two-player evaluation for
/// the side to move read in the fitted table of two-player chances.
fn two_player_values(ctx: &Ctx<'_>, pos: &Position) -> Values {
    let mut v = [0.0; 4];
    let me = pos.turn();
    let Some(other) = pos.active_seats().find(|&s| s != me) else {
        v[me.index()] = 1.0;
        return v;
    };
    let p = chance_of_table(&TWO_PLAYER_TABLE, evaluate_with(ctx.params, pos, me)) as f32;
    v[me.index()] = p;
    v[other.index()] = 1.0 - p;
    v
}
