//! Exact play of the two-player endgame "one wall in hand against none", on any board and
//! maze: the last step before the race ([`crate::race`]).
//!
//! The maze can change only once more, when the holder places its wall; after that the game
//! is a race, which [`RaceTable`] solves exactly. So [`OneWallTable::solve`] builds the race
//! table of every maze the wall can make (the maze plus each wall that fits it), then solves
//! the one layer of the current maze (every placement of the two pawns, either side to
//! move) by retrograde analysis, with the wall placements as leaves valued by those race
//! tables. It is the solver's layer algorithm (quoridor-solve) on quoridor-core's rules,
//! for boards the solver does not take (9 x 9 and up); the tests compare the two on 5 x 5
//! and 7 x 7.
//!
//! ```
//! use quoridor_ai::one_wall::OneWallTable;
//! use quoridor_ai::race::RaceValue;
//! use quoridor_core::Position;
//! // North holds the last wall; South is two steps from its goal, North four.
//! let pos: Position = "9 S:e7:0,N:e5:1 c3h,e4h S 40".parse()?;
//! let table = OneWallTable::solve(&pos).expect("one wall against none");
//! let (best, value) = table.best_move(&pos).expect("in the table");
//! assert!(pos.is_legal(best));
//! assert_eq!(table.probe(&pos), Some(value));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use quoridor_core::{
    Bitboard, Direction, Move, Orientation, Outcome, Players, Position, Seat, SeatState, Square,
    Variant, Wall, WallSet,
};

use crate::race::{RaceTable, RaceValue};

/// One wall the holder may place: the race after it, and where each pawn may stand for it
/// to be legal (its goal still reachable).
#[derive(Clone, Debug)]
struct Exit {
    wall: Wall,
    /// Cells from which South's goal and North's can be reached after the wall.
    reach: [u128; 2],
    race: RaceTable,
}

/// The solved endgame of one maze with one side holding one wall and the other none.
#[derive(Clone, Debug)]
pub struct OneWallTable {
    size: u8,
    walls: WallSet,
    /// The seat holding the wall.
    holder: Seat,
    exits: Vec<Exit>,
    /// Per state `(side * cells + south) * cells + north` (side 0: South to move): 0 draw
    /// or no state, `n + 1` a win in `n`, `-(n + 1)` a loss in `n`.
    values: Vec<i32>,
}

fn side_of(seat: Seat) -> Option<usize> {
    match seat {
        Seat::South => Some(0),
        Seat::North => Some(1),
        _ => None,
    }
}

fn other_seat(side: usize) -> Seat {
    if side == 0 { Seat::North } else { Seat::South }
}

/// The seat holding the only wall of a two-player classic position (the other holding
/// none), or `None`.
pub(crate) fn holder_of(pos: &Position) -> Option<Seat> {
    if pos.players() != Players::Two || pos.variant() != Variant::Classic {
        return None;
    }
    match (pos.walls_in_hand(Seat::South), pos.walls_in_hand(Seat::North)) {
        (1, 0) => Some(Seat::South),
        (0, 1) => Some(Seat::North),
        _ => None,
    }
}

fn decode(v: i32) -> RaceValue {
    match v {
        0 => RaceValue::Draw,
        v if v > 0 => RaceValue::Win(v as u32 - 1),
        v => RaceValue::Loss((-v) as u32 - 1),
    }
}

/// The value one ply earlier, for the side that moved into a position of value `v`.
fn parent(v: RaceValue) -> RaceValue {
    match v {
        RaceValue::Win(n) => RaceValue::Loss(n + 1),
        RaceValue::Loss(n) => RaceValue::Win(n + 1),
        RaceValue::Draw => RaceValue::Draw,
    }
}

/// Higher is better for the side to move: the fastest win, then a draw, the slowest loss.
fn rank(v: RaceValue) -> i64 {
    match v {
        RaceValue::Win(n) => 1_000_000 - i64::from(n),
        RaceValue::Draw => 0,
        RaceValue::Loss(n) => -1_000_000 + i64::from(n),
    }
}

impl OneWallTable {
    /// Solves the endgame on the maze of `pos` with its holder of one wall. `None` unless
    /// `pos` is a two-player classic game in which one side holds exactly one wall and the
    /// other none (the pawns and the side to move do not matter: the table holds them all).
    #[must_use]
    pub fn solve(pos: &Position) -> Option<OneWallTable> {
        let holder = holder_of(pos)?;
        let size = pos.size();
        let n = usize::from(size.get());
        let cells = n * n;
        let squares: Vec<Square> =
            (0..cells).filter_map(|i| Square::new((i % n) as u8, (i / n) as u8)).collect();
        let cell = |sq: Square| usize::from(sq.row()) * n + usize::from(sq.col());
        let goals = [pos.goal(Seat::South), pos.goal(Seat::North)];
        let goal_mask = goals.map(|g| {
            squares.iter().enumerate().fold(0u128, |m, (i, &q)| m | u128::from(g.contains(q)) << i)
        });
        let reach_of = |wall: Option<Wall>| -> [u128; 2] {
            let blocked = wall.map(Wall::blocked_steps);
            let open = |from: Square, d: Direction| -> Option<Square> {
                if !pos.can_step(from, d) {
                    return None;
                }
                let to = from.step(d, size)?;
                let cut = blocked.is_some_and(|b| {
                    b.iter().any(|&(q, bd)| (q, bd) == (from, d) || (q, bd.opposite()) == (to, d))
                });
                (!cut).then_some(to)
            };
            goal_mask.map(|g| {
                let mut seen = g;
                let mut stack: Vec<usize> = (0..cells).filter(|&i| g >> i & 1 == 1).collect();
                while let Some(i) = stack.pop() {
                    for d in Direction::ALL {
                        if let Some(to) = open(squares[i], d) {
                            let j = cell(to);
                            if seen >> j & 1 == 0 {
                                seen |= 1 << j;
                                stack.push(j);
                            }
                        }
                    }
                }
                seen
            })
        };
        let exits = Self::exits(pos, &squares, &goal_mask, &reach_of);
        let reach = reach_of(None);
        let holder_side = side_of(holder)?;
        let len = 2 * cells * cells;
        let state = |side: usize, s: usize, t: usize| (side * cells + s) * cells + t;

        // The layer's pawn moves, their predecessors, and the leaves.
        const INVALID: u8 = 0;
        const LIVE: u8 = 1;
        const OVER: u8 = 2;
        let mut kind = vec![INVALID; len];
        let mut child_start = vec![0u32; len + 1];
        let mut children: Vec<u32> = Vec::with_capacity(len * 3);
        let mut exit_win = vec![u32::MAX; len];
        let mut exit_loss = vec![0u32; len];
        let mut exit_draw = vec![false; len];
        for side in 0..2 {
            for s in 0..cells {
                for t in 0..cells {
                    let x = state(side, s, t);
                    child_start[x] = children.len() as u32;
                    if s == t || reach[0] >> s & 1 == 0 || reach[1] >> t & 1 == 0 {
                        continue;
                    }
                    let home = [goal_mask[0] >> s & 1 == 1, goal_mask[1] >> t & 1 == 1];
                    if home[side] {
                        continue;
                    }
                    if home[1 - side] {
                        kind[x] = OVER;
                        continue;
                    }
                    kind[x] = LIVE;
                    let (me, other) = if side == 0 { (s, t) } else { (t, s) };
                    let moves =
                        pos.pawn_moves_from(squares[me], Bitboard::from_iter([squares[other]]));
                    for to in moves {
                        let to = cell(to);
                        let y = if side == 0 { state(1, to, t) } else { state(0, s, to) };
                        children.push(y as u32);
                    }
                    if side != holder_side {
                        continue;
                    }
                    for e in &exits {
                        if e.reach[0] >> s & 1 == 0 || e.reach[1] >> t & 1 == 0 {
                            continue;
                        }
                        let after = e.race.value(other_seat(side), squares[other], squares[me]);
                        match after.map(parent) {
                            Some(RaceValue::Win(k)) => exit_win[x] = exit_win[x].min(k),
                            Some(RaceValue::Loss(k)) => exit_loss[x] = exit_loss[x].max(k),
                            Some(RaceValue::Draw) | None => exit_draw[x] = true,
                        }
                    }
                }
            }
        }
        child_start[len] = children.len() as u32;
        let mut pred_start = vec![0u32; len + 1];
        for &y in &children {
            pred_start[y as usize + 1] += 1;
        }
        for i in 0..len {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; children.len()];
        let mut pending = vec![0u32; len];
        for x in 0..len {
            let (a, b) = (child_start[x] as usize, child_start[x + 1] as usize);
            pending[x] = (b - a) as u32;
            for &y in &children[a..b] {
                preds[fill[y as usize] as usize] = x as u32;
                fill[y as usize] += 1;
            }
        }

        // Retrograde analysis by increasing plies (a bucket per ply count): a state is won
        // in `d` at the first move found to a loss in `d - 1`, pawn move or wall; lost in `d`
        // once every pawn move is known to lose and no wall wins or draws. What is never
        // settled is a draw.
        let mut values = vec![0i32; len];
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
        let push = |buckets: &mut Vec<Vec<u32>>, d: usize, event: u32| {
            if buckets.len() <= d {
                buckets.resize_with(d + 1, Vec::new);
            }
            buckets[d].push(event);
        };
        for x in 0..len {
            match kind[x] {
                OVER => push(&mut buckets, 0, (x as u32) << 1 | 1),
                LIVE if exit_win[x] != u32::MAX => {
                    push(&mut buckets, exit_win[x] as usize, (x as u32) << 1);
                }
                LIVE if pending[x] == 0 && !exit_draw[x] => {
                    push(&mut buckets, exit_loss[x] as usize, (x as u32) << 1 | 1);
                }
                _ => {}
            }
        }
        let mut d = 0;
        while d < buckets.len() {
            let events = std::mem::take(&mut buckets[d]);
            for &e in &events {
                let x = (e >> 1) as usize;
                if values[x] != 0 {
                    continue;
                }
                let lost = e & 1 == 1;
                values[x] = if lost { -(d as i32 + 1) } else { d as i32 + 1 };
                for &y in &preds[pred_start[x] as usize..pred_start[x + 1] as usize] {
                    let y = y as usize;
                    if values[y] != 0 {
                        continue;
                    }
                    if lost {
                        push(&mut buckets, d + 1, (y as u32) << 1);
                    } else {
                        pending[y] -= 1;
                        if pending[y] == 0 && exit_win[y] == u32::MAX && !exit_draw[y] {
                            let p = (d + 1).max(exit_loss[y] as usize);
                            push(&mut buckets, p, (y as u32) << 1 | 1);
                        }
                    }
                }
            }
            buckets[d] = events;
            d += 1;
        }
        Some(OneWallTable { size: size.get(), walls: pos.walls(), holder, exits, values })
    }

    /// The race table of every wall that fits the maze of `pos` and leaves both goals
    /// reachable from some squares.
    fn exits(
        pos: &Position,
        squares: &[Square],
        goal_mask: &[u128; 2],
        reach_of: &dyn Fn(Option<Wall>) -> [u128; 2],
    ) -> Vec<Exit> {
        let n = pos.size().get();
        let walls = pos.walls();
        let mut out = Vec::new();
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                for o in [Orientation::Horizontal, Orientation::Vertical] {
                    let Some(w) = Square::new(c, r).and_then(|a| Wall::new(a, o)) else {
                        continue;
                    };
                    if walls.contains(w) || walls.conflict_with(w).is_some() {
                        continue;
                    }
                    let reach = reach_of(Some(w));
                    // A live state has each pawn off its goal: some such square must reach.
                    let pick = |side: usize, not: Option<usize>| {
                        (0..squares.len()).find(|&i| {
                            reach[side] >> i & 1 == 1
                                && goal_mask[side] >> i & 1 == 0
                                && Some(i) != not
                        })
                    };
                    let Some(s) = pick(0, None) else { continue };
                    let Some(t) = pick(1, Some(s)) else { continue };
                    // The maze with the wall, as a position the race solver takes.
                    let mut setup = pos.to_setup();
                    setup.walls.insert(w);
                    for (seat, i) in [(Seat::South, s), (Seat::North, t)] {
                        if let Some(st) = setup.seats[seat].as_mut() {
                            st.state = SeatState::Playing(squares[i]);
                            st.walls = 0;
                        }
                    }
                    let Ok(maze) = Position::try_from(setup) else { continue };
                    let Some(race) = RaceTable::solve(&maze) else { continue };
                    out.push(Exit { wall: w, reach, race });
                }
            }
        }
        out
    }

    /// Whether this table belongs to `pos`: its board, maze and holder of the one wall.
    #[must_use]
    pub fn matches(&self, pos: &Position) -> bool {
        pos.size().get() == self.size
            && pos.walls() == self.walls
            && holder_of(pos) == Some(self.holder)
    }

    /// The seat holding the wall.
    #[must_use]
    pub fn holder(&self) -> Seat {
        self.holder
    }

    /// The exact value of `pos` for the side to move, or `None` when the table does not
    /// belong to `pos` or the game is over. A ply limit is ignored.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<RaceValue> {
        if !self.matches(pos) || pos.is_game_over() {
            return None;
        }
        let n = usize::from(self.size);
        let cell = |sq: Square| usize::from(sq.row()) * n + usize::from(sq.col());
        let (s, t) = (cell(pos.pawn(Seat::South)?), cell(pos.pawn(Seat::North)?));
        let side = side_of(pos.turn())?;
        Some(decode(*self.values.get((side * n * n + s) * n * n + t)?))
    }

    /// The exact value of every legal move of `pos` for the side to move, or `None` when
    /// the table does not belong to `pos`.
    #[must_use]
    pub fn move_values(&self, pos: &Position) -> Option<Vec<(Move, RaceValue)>> {
        self.probe(pos)?;
        let me = pos.turn();
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                let v = match child.outcome() {
                    Some(Outcome::Winner(w)) if w == me => RaceValue::Win(1),
                    Some(Outcome::Winner(_)) => RaceValue::Loss(1),
                    Some(Outcome::Draw) => RaceValue::Draw,
                    None => parent(match m {
                        Move::Pawn(_) => self.probe(&child)?,
                        Move::Wall(w) => self.race_after(w)?.probe(&child)?,
                    }),
                };
                Some((m, v))
            })
            .collect()
    }

    /// The race table after the holder places `wall`.
    #[must_use]
    pub fn race_after(&self, wall: Wall) -> Option<&RaceTable> {
        self.exits.iter().find(|e| e.wall == wall).map(|e| &e.race)
    }

    /// A perfect move of `pos` (the fastest win, else a draw, else the slowest loss) and the
    /// value of `pos`, or `None` when the table does not belong to `pos`.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<(Move, RaceValue)> {
        let mut best: Option<(Move, RaceValue)> = None;
        for (m, v) in self.move_values(pos)? {
            if best.is_none_or(|(_, b)| rank(v) > rank(b)) {
                best = Some((m, v));
            }
        }
        best
    }

    /// Perfect play from `pos` by both sides, up to `max` moves: from this table while the
    /// wall is in hand, then from the race table of the maze it made (`pos` may be such a
    /// race already).
    #[must_use]
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut out = Vec::new();
        let mut p = *pos;
        let mut race: Option<&RaceTable> = if self.matches(pos) {
            None
        } else {
            self.exits.iter().map(|e| &e.race).find(|r| r.matches(pos) && holder_of(pos).is_none())
        };
        while out.len() < max && !p.is_game_over() {
            let m = match race {
                Some(r) => r.best_move(&p).map(|(m, _)| m),
                None => self.best_move(&p).map(|(m, _)| m),
            };
            let Some(m) = m else { break };
            if let Move::Wall(w) = m {
                race = self.race_after(w);
            }
            p.play_unchecked(m);
            out.push(m);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/solver.md`, "One wall against none on 9x9": run with
    /// `cargo test --release -p quoridor-ai one_wall_build_times -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measure, not a check: prints the time to build 9x9 one-wall tables"]
    fn one_wall_build_times() {
        for fen in [
            "9 S:e1:1,N:e9:0 - S 0",
            "9 S:e7:0,N:e5:1 c3h,e4h S 40",
            "9 S:d5:1,N:e6:0 c3h,e3h,d4v,f6v,c6h,e7h,g5v,b2v N 30",
        ] {
            let pos: Position = fen.parse().unwrap();
            let start = std::time::Instant::now();
            let table = OneWallTable::solve(&pos).unwrap();
            let time = start.elapsed();
            let v = table.probe(&pos);
            println!("{fen}: {} walls, {time:?}, {v:?}", table.exits.len());
        }
    }

    /// On 9x9, where no solver can check it: from random positions with one wall against
    /// none, the engine playing from the table (a depth limit: it builds one) never loses a
    /// position the table calls a win for it against an engine that cannot build one (50 ms
    /// a move, below `ONE_WALL_BUILD_TIME`), and wins within the table's plies; against
    /// itself it plays exactly the table's plies.
    #[test]
    fn the_engine_wins_the_9x9_endgames_its_table_wins() {
        use crate::{Engine, EngineOptions, Limits, SplitMix64};
        use quoridor_core::Config;
        let mut rng = SplitMix64::new(9);
        let mut wins = 0;
        let mut starts = 0;
        while starts < 6 {
            let config = Config::default().with_walls(Some(2));
            let mut pos = Position::start(&config).unwrap();
            while !pos.is_game_over() && holder_of(&pos).is_none() {
                let moves = pos.legal_moves();
                pos.play(moves.as_slice()[rng.below(moves.len())]).unwrap();
            }
            if pos.is_game_over() {
                continue;
            }
            starts += 1;
            let table = OneWallTable::solve(&pos).unwrap();
            let value = table.probe(&pos).unwrap();
            let options = EngineOptions::default().with_hash_mb(4);
            let (mut exact, mut other) = (Engine::new(options.clone()), Engine::new(options));
            let r = exact.search(&pos, &Limits::depth(1), &mut |_| {}).unwrap();
            let expected = match value {
                RaceValue::Win(n) => crate::Score::Win(n),
                RaceValue::Loss(n) => crate::Score::Loss(n),
                RaceValue::Draw => crate::Score::Eval(0),
            };
            assert_eq!(r.info.score, expected, "{pos}");
            let (RaceValue::Win(n) | RaceValue::Loss(n)) = value else { continue };
            // The side the table says wins plays from it; the other searches 50 ms a move.
            let winner = if matches!(value, RaceValue::Win(_)) {
                pos.turn()
            } else {
                other_seat(side_of(pos.turn()).unwrap())
            };
            let mut p = pos;
            let mut plies = 0;
            while !p.is_game_over() && plies < 200 {
                let (e, limits) = if p.turn() == winner {
                    (&mut exact, Limits::depth(1))
                } else {
                    (&mut other, Limits::movetime(std::time::Duration::from_millis(50)))
                };
                let m = e.search(&p, &limits, &mut |_| {}).unwrap().best;
                p.play(m).unwrap();
                plies += 1;
            }
            assert_eq!(p.outcome(), Some(Outcome::Winner(winner)), "{pos}: {value:?}");
            assert!(plies <= n, "{pos}: won in {plies} plies, the table says {n}");
            // Both from the table: exactly the table's plies.
            assert_eq!(table.line(&pos, 400).len() as u32, n, "{pos}");
            wins += 1;
        }
        assert!(wins >= 3, "only {wins} decided starts");
    }

    /// A multi-PV analysis of a root played from the table gives every line its exact value
    /// from the table (no search passes to the table line's depth).
    #[test]
    fn multi_pv_lines_come_from_the_table() {
        use crate::{Engine, EngineOptions, Limits, MultiPv};
        let pos: Position = "9 S:e7:0,N:e5:1 c3h,e4h S 40".parse().unwrap();
        let table = OneWallTable::solve(&pos).unwrap();
        let values = table.move_values(&pos).unwrap();
        let mut engine = Engine::new(EngineOptions::default().with_hash_mb(4));
        let lines = MultiPv::new(4).unwrap();
        let a = engine.analyse(&pos, &Limits::depth(1), lines, &mut |_| {}).unwrap();
        assert_eq!(a.lines.len(), 4);
        for c in &a.lines {
            let v = values.iter().find(|(m, _)| *m == c.mv).unwrap().1;
            let expected = match v {
                RaceValue::Win(n) => crate::Score::Win(n),
                RaceValue::Loss(n) => crate::Score::Loss(n),
                RaceValue::Draw => crate::Score::Eval(0),
            };
            assert_eq!(c.score, expected, "{}", c.mv);
            assert_eq!(c.pv.first(), Some(&c.mv));
        }
    }
}
