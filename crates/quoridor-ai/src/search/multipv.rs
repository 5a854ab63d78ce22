//! Multi-PV: after a search, the next best root moves with their own exact scores and
//! principal variations, at every depth the search completed ([`crate::Engine::analyse`]).
//! The search itself is not changed: these passes run after it, on every thread the engine
//! has, and find the search's work in the table.
//!
//! A pass at one depth searches the root moves but the search's own move at that depth, in
//! the order the pass one ply shallower left: its lines first, each searched at once for
//! its exact score in a window around its last one (as an iteration searches its first
//! move), then the others by the bound each was refuted with. Each of those is first
//! tested with a null window at the worst line kept so far (or, while fewer lines are
//! kept, at a floor a little below the previous pass's last line), and gets an exact
//! search only when it beats it, in a window just above, moved up when it fails high. A
//! floor that leaves too few lines is lowered and the moves below it searched again. Late
//! quiet walls are tested less deep first, as at the search's root, and again at full
//! depth when they beat the bound: every line kept has its exact score at the depth.
//!
//! The threads share the pass: each takes the next move of the order, tests it against
//! the list as it stands, and enters its line under a lock.

use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use quoridor_core::{Move, Position};

use super::{INF, Worker};
use crate::analysis::{Candidate, sort_lines};
use crate::movepick::{Buf, Child, Gen};
use crate::params::{ASPIRATION, ASPIRATION_OPEN, PV_MAX, REPETITION, WIN, WIN_BOUND};
use crate::race::RaceValue;
use crate::tablebase::probe_all;
use crate::time::Instant;
use crate::{Score, SearchInfo, SearchResult};

/// The limits of the passes, all threads together.
pub(crate) struct PassLimits {
    pub(crate) deadline: Option<Instant>,
    pub(crate) nodes: u64,
    pub(crate) stop: Option<Arc<AtomicBool>>,
    /// The root moves to search ([`crate::Limits::searchmoves`]), when not all.
    pub(crate) moves: Option<Vec<Move>>,
}

/// What the passes give: the lines besides the search's move, best first, and whether the
/// pass at the search's own depth finished (else the lines are the deepest finished
/// pass's).
pub(crate) struct MoreLines {
    pub(crate) lines: Vec<Candidate>,
    pub(crate) complete: bool,
}

/// The root moves of one pass and what the threads share while they search them.
struct Pass<'a> {
    pos: &'a Position,
    root: &'a Buf,
    /// How many lines to keep.
    more: usize,
    depth: i32,
    /// For each root move, the ordinal of the wall among the walls before it (reductions).
    wall_no: Vec<usize>,
    /// For each root move, a guess of its value (the previous pass's), for the window of
    /// its exact search.
    guess: Vec<i32>,
    /// The first moves of the order, the previous pass's lines, get an exact search at
    /// once (the others a null-window test first).
    lead: usize,
    /// The moves of this round, by index into `root`, in order; the next one to take.
    pending: Vec<usize>,
    next: AtomicUsize,
    state: Mutex<PassState>,
    /// Raised when a thread hits a limit: the others stop too.
    halt: &'a AtomicBool,
}

/// The lines kept so far and what every searched move was worth.
struct PassState {
    /// (score, root index, line), best first, at most `more`.
    kept: Vec<(i32, usize, Vec<Move>)>,
    /// No move at or below it enters the list in this round.
    floor: i32,
    /// Each root move's value (exact for the lines, a bound for the others), `i32::MIN`
    /// when not searched.
    values: Vec<i32>,
    /// Moves refuted at the floor while the list had room (searched again below it).
    below: Vec<usize>,
}

impl PassState {
    /// The bound a move must beat to enter the list.
    fn alpha(&self, more: usize) -> i32 {
        if self.kept.len() >= more { self.kept[more - 1].0.max(self.floor) } else { self.floor }
    }
}

/// The search's own line, at its depth.
fn own_line(first: &SearchResult) -> Candidate {
    Candidate {
        mv: first.best,
        score: first.info.score,
        pv: first.info.pv.clone(),
        depth: first.info.depth,
    }
}

/// Runs the passes at every depth the search completed, from 1 to `first`'s depth, on
/// every worker (the first is the main thread); `on_depth` gets each depth's line of the
/// search, the others, and the nodes of the passes so far, as each depth is done. Call it
/// right after the workers searched `pos`: the root's settings, the network's sums and
/// the table are that search's.
pub(crate) fn more_lines(
    workers: &mut [Worker],
    pos: &Position,
    first: &SearchResult,
    iterations: &[SearchInfo],
    more: usize,
    limits: &PassLimits,
    on_depth: &mut dyn FnMut(&Candidate, &[Candidate], u64),
) -> MoreLines {
    let depth = first.info.depth;
    if more == 0 {
        return MoreLines { lines: Vec::new(), complete: true };
    }
    if let Some(mut lines) = workers[0].tablebase_lines(pos, first.best, depth) {
        lines.retain(|c| limits.moves.as_ref().is_none_or(|m| m.contains(&c.mv)));
        lines.truncate(more);
        on_depth(&own_line(first), &lines, 0);
        return MoreLines { lines, complete: true };
    }
    if let Some(mut lines) = workers[0].one_wall_lines(pos, first.best, depth) {
        lines.retain(|c| limits.moves.as_ref().is_none_or(|m| m.contains(&c.mv)));
        lines.truncate(more);
        on_depth(&own_line(first), &lines, 0);
        return MoreLines { lines, complete: true };
    }
    if workers[0].race_root(pos).is_some() {
        let mut lines = workers[0].race_lines(pos, first.best, usize::MAX, depth);
        lines.retain(|c| limits.moves.as_ref().is_none_or(|m| m.contains(&c.mv)));
        lines.truncate(more);
        on_depth(&own_line(first), &lines, 0);
        return MoreLines { lines, complete: true };
    }
    let threads = workers.len() as u64;
    for w in workers.iter_mut() {
        let b = &mut w.budget;
        b.nodes = 0;
        b.published = 0;
        b.node_limit = (limits.nodes / threads).max(1);
        b.deadline = limits.deadline;
        b.stop.clone_from(&limits.stop);
        b.aborted = limits.nodes == 0;
    }
    let shared = Arc::clone(&workers[0].shared);
    shared.halt.store(limits.nodes == 0, Ordering::Relaxed);
    shared.helper_nodes.store(0, Ordering::Relaxed);
    let mut prev = Previous::default();
    // The deepest finished pass's lines, and the search's line at that depth.
    let mut done: Option<(u32, Vec<Candidate>, Option<Candidate>)> = None;
    for d in 1..=depth {
        let own = if d == depth {
            Some(own_line(first))
        } else {
            iterations.iter().find(|i| i.depth == d).and_then(|i| {
                let mv = *i.pv.first()?;
                Some(Candidate { mv, score: i.score, pv: i.pv.clone(), depth: d })
            })
        };
        let Some(own) = own else { continue };
        let Some((lines, mut values)) = one_pass(workers, pos, own.mv, more, d, &prev, limits)
        else {
            break;
        };
        let mut leads: Vec<Candidate> = lines.iter().chain([&own]).cloned().collect();
        sort_lines(&mut leads);
        values.push((own.mv, own.score.to_internal()));
        prev = Previous {
            values,
            leads: leads.into_iter().map(|c| c.mv).collect(),
            boundary: lines.last().map(|c| c.score.to_internal()),
        };
        on_depth(&own, &lines, workers.iter().map(|w| w.budget.nodes).sum());
        done = Some((d, lines, (d < depth).then_some(own)));
    }
    let Some((d, mut lines, own)) = done else {
        return MoreLines { lines: Vec::new(), complete: false };
    };
    if d == depth {
        return MoreLines { lines, complete: true };
    }
    // Cut short before the search's depth: the deepest finished pass, whose own move (the
    // search's at that depth) joins the lines unless it is the move of the first line.
    lines.extend(own);
    lines.retain(|c| c.mv != first.best);
    sort_lines(&mut lines);
    lines.truncate(more);
    MoreLines { lines, complete: false }
}

/// What a pass tells the next, one ply deeper.
#[derive(Default)]
struct Previous {
    /// Every root move's value: exact for the lines and the search's move, a bound for
    /// the others.
    values: Vec<(Move, i32)>,
    /// The lines and the search's move, best first.
    leads: Vec<Move>,
    /// The score of the last line.
    boundary: Option<i32>,
}

/// A pass's lines, best first, and every move's value (exact or a bound) for the next
/// pass's order.
type PassOutcome = (Vec<Candidate>, Vec<(Move, i32)>);

/// One pass at `depth` over the root moves but `own`, on every worker, in the order the
/// previous pass leaves: the `more` best lines. `None` when a limit cut it short.
fn one_pass(
    workers: &mut [Worker],
    pos: &Position,
    own: Move,
    more: usize,
    depth: u32,
    prev: &Previous,
    limits: &PassLimits,
) -> Option<PassOutcome> {
    let (leads, boundary) = (&prev.leads, prev.boundary);
    let mut root = Buf::default();
    workers[0].movegen().generate(pos, 0, 0, &mut root, Gen::All);
    root.cands.retain(|c| c.mv != own && limits.moves.as_ref().is_none_or(|m| m.contains(&c.mv)));
    let value_of = |m: Move| prev.values.iter().find(|&&(o, _)| o == m).map(|&(_, v)| v);
    // The previous pass's lines first, then by value, then by the generator's key; stable:
    // the generator's order among moves equal in all three.
    root.cands.sort_by_key(|c| {
        (!leads.contains(&c.mv), Reverse(value_of(c.mv).unwrap_or(i32::MIN)), Reverse(c.key))
    });
    let more = more.min(root.cands.len());
    let lead = root.cands.iter().take_while(|c| leads.contains(&c.mv)).count();
    let lead = lead.min(more);
    let mut walls = 0;
    let wall_no = root
        .cands
        .iter()
        .map(|c| {
            walls += usize::from(matches!(c.mv, Move::Wall(_)));
            walls
        })
        .collect();
    let fallback = boundary.unwrap_or(0);
    let guess = root.cands.iter().map(|c| value_of(c.mv).unwrap_or(fallback)).collect();
    // The floor: a little below the previous pass's last line, unless that is a win or a
    // loss (or there is none).
    let mut delta = ASPIRATION;
    let floor = |delta: i32| match boundary {
        Some(b) if b.abs() < WIN - WIN_BOUND && delta <= ASPIRATION_OPEN => b - delta,
        _ => -INF,
    };
    let halt = AtomicBool::new(false);
    let n = root.cands.len();
    let mut pass = Pass {
        pos,
        root: &root,
        more,
        depth: depth as i32,
        wall_no,
        guess,
        lead,
        pending: (0..n).collect(),
        next: AtomicUsize::new(0),
        state: Mutex::new(PassState {
            kept: Vec::with_capacity(more + 1),
            floor: floor(delta),
            values: vec![i32::MIN; n],
            below: Vec::new(),
        }),
        halt: &halt,
    };
    loop {
        run_round(workers, &pass);
        if halt.load(Ordering::Relaxed) || workers.iter().any(|w| w.budget.aborted) {
            return None;
        }
        let st = pass.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        if st.kept.len() >= more || st.floor == -INF || st.below.is_empty() {
            break;
        }
        // Too few lines above the floor: lower it, and search the moves below it again,
        // the most promising (highest bound) first.
        delta *= 2;
        st.floor = floor(delta);
        let mut below = std::mem::take(&mut st.below);
        below.sort_by_key(|&i| Reverse(st.values[i]));
        pass.pending = below;
        pass.next.store(0, Ordering::Relaxed);
    }
    let st = pass.state.into_inner().unwrap_or_else(PoisonError::into_inner);
    let lines = st
        .kept
        .into_iter()
        .map(|(v, i, pv)| Candidate {
            mv: root.cands[i].mv,
            score: Score::from_internal(v),
            pv,
            depth,
        })
        .collect();
    let values = root.cands.iter().zip(st.values).map(|(c, v)| (c.mv, v)).collect();
    Some((lines, values))
}

/// One round of a pass: every pending move searched, by every worker at once (the helpers
/// on their own threads).
fn run_round(workers: &mut [Worker], pass: &Pass<'_>) {
    let Some((main, helpers)) = workers.split_first_mut() else { return };
    if helpers.is_empty() {
        main.pass_moves(pass);
        return;
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = helpers.iter_mut().map(|w| s.spawn(|| w.pass_moves(pass))).collect();
        // The helpers stop however the main thread's part ends.
        let halt = HaltOnDrop(pass.halt);
        main.pass_moves(pass);
        drop(halt);
        crate::engine::join_all(handles);
    });
}

/// Raises the flag when dropped, on unwinding too.
struct HaltOnDrop<'a>(&'a AtomicBool);

impl Drop for HaltOnDrop<'_> {
    fn drop(&mut self) {
        // Only when the main thread's part ended early: the helpers finish the moves
        // they took otherwise.
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

impl Worker {
    /// Takes the pass's next moves until there are none, or a limit is hit.
    fn pass_moves(&mut self, p: &Pass<'_>) {
        loop {
            if p.halt.load(Ordering::Relaxed) {
                return;
            }
            let j = p.next.fetch_add(1, Ordering::Relaxed);
            let Some(&i) = p.pending.get(j) else { return };
            let alpha = p.state.lock().unwrap_or_else(PoisonError::into_inner).alpha(p.more);
            let (v, line) = self.line_value(p, i, alpha);
            if self.budget.aborted {
                // The other threads stop too: the pass is cut short.
                p.halt.store(true, Ordering::Relaxed);
                self.shared.halt.store(true, Ordering::Relaxed);
                return;
            }
            let mut st = p.state.lock().unwrap_or_else(PoisonError::into_inner);
            st.values[i] = v;
            match line {
                Some(line) => {
                    let at = st.kept.partition_point(|(s, _, _)| *s >= v);
                    st.kept.insert(at, (v, i, line));
                    st.kept.truncate(p.more);
                }
                // Below the floor while the list has room: it may be wanted later.
                None if st.kept.len() < p.more && v <= st.floor => st.below.push(i),
                None => {}
            }
        }
    }

    /// The value of root move `i` of the pass: its exact score and line when it beats
    /// `alpha`, else a bound at or below `alpha` and no line.
    fn line_value(&mut self, p: &Pass<'_>, i: usize, alpha: i32) -> (i32, Option<Vec<Move>>) {
        let c = p.root.cands[i];
        // Every root move is played by the generator (`Gen::All`).
        let Child::Kept(k) = c.child else { return (-INF, None) };
        let child = &p.root.kids[usize::from(k)];
        self.line.pv_len[0] = 0;
        self.net_step(p.pos, c.mv, 0);
        if child.players() > 2 && self.root.history.binary_search(&child.zobrist()).is_ok() {
            return (REPETITION, (REPETITION > alpha).then(|| vec![c.mv]));
        }
        let same = self.same_team(child.turn(), self.root.seat);
        let depth = p.depth;
        let guess = p.guess[i];
        let near = |g: i32, d: i32| g.abs() < WIN - WIN_BOUND && d <= ASPIRATION_OPEN;
        if i < p.lead {
            // A line of the previous pass: searched at once for its exact score, in a
            // window around the last (as the search's first move of an iteration).
            let (lo, hi) = if near(guess, ASPIRATION) {
                (guess - ASPIRATION, guess + ASPIRATION)
            } else {
                (-INF, INF)
            };
            return self.exact(p, i, (lo, hi), None);
        }
        if alpha > -INF {
            let reduce = self.settings.sparams.full_width
                && p.pos.players() == 2
                && c.quiet
                && matches!(c.mv, Move::Wall(_));
            let r = if reduce { self.wall_reduction(p.wall_no[i], depth, true) } else { 0 };
            let mut v = self.child(child, same, depth - 1 - r, 1, alpha, alpha + 1);
            if r > 0 && v > alpha && !self.budget.aborted {
                v = self.child(child, same, depth - 1, 1, alpha, alpha + 1);
            }
            if v <= alpha || self.budget.aborted {
                return (v, None);
            }
        }
        // The exact score, in a window just above alpha, up to a little above the guess.
        let top = guess.max(alpha);
        let hi = if near(top, ASPIRATION) { top + ASPIRATION } else { INF };
        self.exact(p, i, (alpha, hi), Some(alpha))
    }

    /// The exact score and line of root move `i`, searched in the window `(lo, hi)` and
    /// again in a wider one when the score falls outside; with a `floor`, a score at or
    /// below it is only a bound, and no line.
    fn exact(
        &mut self,
        p: &Pass<'_>,
        i: usize,
        (mut lo, mut hi): (i32, i32),
        floor: Option<i32>,
    ) -> (i32, Option<Vec<Move>>) {
        let c = p.root.cands[i];
        let Child::Kept(k) = c.child else { return (-INF, None) };
        let child = &p.root.kids[usize::from(k)];
        let same = self.same_team(child.turn(), self.root.seat);
        // The lowest lower bound tried: a fail low goes back to it before widening it.
        let mut low = lo;
        let mut delta = ASPIRATION;
        loop {
            let v = self.child(child, same, p.depth - 1, 1, lo, hi);
            if self.budget.aborted {
                return (v, None);
            }
            if v <= lo && lo > -INF {
                if floor.is_some_and(|f| v <= f) {
                    return (v, None);
                }
                if lo > low {
                    lo = low;
                } else {
                    delta *= 2;
                    low = if delta > ASPIRATION_OPEN { -INF } else { (v - delta).max(-INF) };
                    lo = low;
                }
            } else if v >= hi && hi < INF {
                // At least `v`: the window moves up.
                delta *= 2;
                lo = lo.max(v - 1);
                hi = if delta > ASPIRATION_OPEN { INF } else { (v + delta).min(INF) };
            } else {
                self.set_pv(0, c.code);
                let mut line = self.pv_moves(p.pos);
                if line.first() != Some(&c.mv) {
                    line = vec![c.mv];
                }
                return (v, Some(line));
            }
        }
    }

    /// The other moves of a root a tablebase holds, from the table: every move's exact
    /// value and the table's perfect play after it; `None` when no table gives the root.
    fn tablebase_lines(&self, pos: &Position, best: Move, depth: u32) -> Option<Vec<Candidate>> {
        self.tablebase_value(pos)?;
        let (table, _) = probe_all(&self.settings.tablebases, pos)?;
        let values = table.move_values(pos)?.into_iter().map(|(m, v)| (m, v.score()));
        Some(exact_lines(pos, best, depth, values, |p| table.line(p, PV_MAX - 1)))
    }

    /// The other moves of a root played from its table of one wall against none: every
    /// move's exact value and perfect play after it; `None` when the root was not.
    fn one_wall_lines(&self, pos: &Position, best: Move, depth: u32) -> Option<Vec<Candidate>> {
        self.one_wall_root(pos)?;
        let table = self.one_wall.as_ref()?;
        let values = table.move_values(pos)?.into_iter().map(|(m, v)| {
            let score = match v {
                RaceValue::Win(n) => Score::Win(n),
                RaceValue::Loss(n) => Score::Loss(n),
                RaceValue::Draw => Score::Eval(0),
            };
            (m, score)
        });
        Some(exact_lines(pos, best, depth, values, |p| table.line(p, PV_MAX - 1)))
    }

    /// The next best moves of a solved race at the root, from its table: every move's
    /// exact value, and the table's perfect play after it.
    fn race_lines(
        &mut self,
        pos: &Position,
        best: Move,
        more: usize,
        depth: u32,
    ) -> Vec<Candidate> {
        let Some(table) = self.race_table(pos, true) else { return Vec::new() };
        let mut lines: Vec<Candidate> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| m != best)
            .map(|m| {
                let mut p = *pos;
                p.play_unchecked(m);
                let score = if p.is_game_over() {
                    Score::Win(1)
                } else {
                    match table.probe(&p) {
                        Some(RaceValue::Win(n)) => Score::Loss(n + 1),
                        Some(RaceValue::Loss(n)) => Score::Win(n + 1),
                        Some(RaceValue::Draw) | None => Score::Eval(0),
                    }
                };
                let mut pv = vec![m];
                while pv.len() < PV_MAX && !p.is_game_over() {
                    let Some((m2, _)) = table.best_move(&p) else { break };
                    p.play_unchecked(m2);
                    pv.push(m2);
                }
                Candidate { mv: m, score, pv, depth }
            })
            .collect();
        sort_lines(&mut lines);
        lines.truncate(more);
        lines
    }
}

/// The lines of a root's moves other than `best` whose exact scores a table gives
/// (`values`), each followed by the table's perfect play (`line` of the position after it),
/// best first.
fn exact_lines(
    pos: &Position,
    best: Move,
    depth: u32,
    values: impl Iterator<Item = (Move, Score)>,
    line: impl Fn(&Position) -> Vec<Move>,
) -> Vec<Candidate> {
    let mut lines: Vec<Candidate> = values
        .filter(|&(m, _)| m != best)
        .map(|(m, score)| {
            let mut p = *pos;
            p.play_unchecked(m);
            let mut pv = vec![m];
            pv.extend(line(&p));
            Candidate { mv: m, score, pv, depth }
        })
        .collect();
    sort_lines(&mut lines);
    lines
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::search::Shared;
    use crate::tt::Tt;
    use crate::{Engine, EngineOptions, Limits, MultiPv};

    /// The nodes of `n` separate searches for `n` lines: the k-th is the engine's search
    /// (iterative deepening from depth 1, one thread) of every root move but the k - 1
    /// found before (`Limits::searchmoves`). `keep`: the table is kept from one search to the next (else
    /// cleared before each).
    fn separate_searches(pos: &Position, depth: u32, n: usize, keep: bool) -> (u64, Vec<Move>) {
        let tt = Arc::new(Tt::new(16));
        let shared = Arc::new(Shared::default());
        let mut w = Worker::new(0, &tt, &shared, 0);
        let mut nodes = 0;
        let mut found = Vec::new();
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        for _ in 0..n.min(moves.len()) {
            if !keep {
                tt.clear();
            }
            tt.new_search();
            let limits = Limits::depth(depth).with_searchmoves(moves.clone());
            let r = w.search(pos, &limits, &mut |_| {}).expect("a move");
            nodes += r.info.nodes;
            moves.retain(|&m| m != r.best);
            found.push(r.best);
        }
        (nodes, found)
    }

    /// The positions of the measure: the start, the bench's middle games, positions of the
    /// sparring games against titanium (plies 8 to 30, `../shared/sparring/games/`), a 7x7
    /// game, three players and King of the Hill; and the depth each is searched to. The
    /// last 18 were added after the passes were tuned on the first 14, to check them.
    const MEASURED: [(&str, u32); 32] = [
        ("9 S:e1:10,N:e9:10 - S 0", 7),
        ("9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6", 7),
        ("9 S:d5:6,N:e6:6 c3h,e3h,d4v,f6v,c6h,e7h,g5v,b2v S 15", 7),
        ("9 S:e5:3,N:d6:4 e3h,e4h,c4h,d4v,e5v,a5h,h8h,b5v,f3v,e7v,c3h,d7h,b2v N 21", 7),
        ("9 S:e3:7,N:h9:8 e3h,d8h,f8h,b2v,g7v S 10", 7),
        ("9 S:e2:5,N:h9:3 a3h,c3h,e3h,h5h,d8h,f8h,b2v,f2v,f4v,g7v,h7v,e8v S 20", 7),
        ("9 S:e1:7,N:e8:8 c1h,e1h,b6h,d6h,e7v S 10", 7),
        ("9 S:g1:4,N:g9:6 c1h,e1h,b6h,d6h,e8h,g8h,d1v,e7v,f7v,d8v S 20", 7),
        ("9 S:e3:7,N:f8:9 e6h,g1v,h1v,d7v S 10", 7),
        ("9 S:c3:3,N:g6:2 a1h,b3h,d3h,d4h,f4h,h4h,a6h,c6h,e6h,g1v,h1v,a2v,h5v,d7v,h7v S 30", 7),
        ("9 S:g2:5,N:f7:5 d1h,f1h,h1h,b2h,d2h,f2h,d6h,e1v,e6v,d7v S 20", 7),
        ("7 S:c4:5,N:e4:6 c3h,d5h,b4v,e2v,a5h S 9", 7),
        ("9 S:e3:6,W:c5:7,N:e7:6 d5h,f4v W 5", 5),
        ("9k S:e3:4,W:c5:4,N:e7:5,E:g5:5 d6h,f4v W 5", 5),
        ("9 S:e3:8,N:e9:6 g1h,b2h,d2h,d3h,b4h,e2v S 8", 7),
        ("9 S:d3:5,N:c9:4 g1h,b2h,d2h,a3h,d3h,f3h,h3h,b4h,c5h,e2v,d4v S 16", 7),
        ("9 S:c4:2,N:c8:4 g1h,b2h,d2h,a3h,d3h,f3h,h3h,b4h,c5h,a6h,c6h,e2v,d4v,c7v S 26", 7),
        ("9 S:e3:8,N:g8:9 f1h,e6h,d7v S 8", 7),
        ("9 S:e3:6,N:g8:5 f1h,e2h,a6h,c6h,e6h,g6h,e3v,d7v,h7v S 16", 7),
        ("9 S:e1:5,N:h9:2 f1h,e2h,g5h,a6h,c6h,e6h,g6h,f2v,e3v,e5v,d7v,h7v,f8v S 26", 7),
        ("9 S:d3:9,N:f9:7 c3h,e3h,d7h,b4v S 8", 7),
        ("9 S:e1:8,N:e8:5 c3h,e3h,d7h,f7h,h7h,f2v,b4v S 16", 7),
        ("9 S:g2:6,N:c7:5 c3h,e3h,a4h,d7h,f7h,h7h,f2v,b4v,c7v S 26", 7),
        ("9 S:d3:9,N:e7:8 b2h,b4h,e3v S 8", 7),
        ("9 S:e3:6,N:e7:6 b2h,c3h,b4h,e4h,a7h,e3v,e5v,e7v S 16", 7),
        ("9 S:e2:4,N:g9:5 b2h,a3h,c3h,b4h,e4h,a7h,c7h,c2v,e3v,e5v,e7v S 26", 7),
        ("9 S:e4:9,N:f7:9 f1h,d7v S 8", 7),
        ("9 S:e4:5,N:e7:6 f1h,d5h,d6h,f6h,h6h,c8h,d3v,d7v,f8v S 16", 7),
        ("9 S:g3:3,N:d9:4 f1h,a3h,c3h,f3h,e4h,d5h,d6h,f6h,h6h,c8h,d3v,d7v,f8v S 26", 7),
        ("9 S:e4:9,N:g8:9 d7h,b4v S 8", 7),
        ("9 S:f4:8,N:g7:6 f3h,d7h,f7h,b4v,e4v,c6v S 16", 7),
        ("9 S:h4:5,N:h7:2 f3h,h3h,f4h,b5h,g5h,d7h,f7h,h7h,b2v,b4v,e4v,c6v,f6v S 26", 7),
    ];

    /// `docs/performance.md`, "Multi-PV": run with
    /// `cargo test --release -p quoridor-ai multipv_costs -- --ignored --nocapture`
    /// (`MULTIPV_LINES=3` for one number of lines, `MULTIPV_FEN=...` for the positions
    /// that contain it). Prints one table row per position and number of lines: the nodes
    /// of multi-PV, of the separate searches with the table cleared before each and kept,
    /// the ratios, and whether both found the same moves; then the totals.
    #[test]
    #[ignore = "a measure, not a check: prints the nodes of multi-PV and of separate searches"]
    fn multipv_costs_less_than_separate_searches() {
        let env = |name: &str| std::env::var(name).ok();
        let only: Option<usize> = env("MULTIPV_LINES").and_then(|v| v.parse().ok());
        let pick = env("MULTIPV_FEN").unwrap_or_default();
        let mut totals = std::collections::BTreeMap::new();
        for (fen, depth) in MEASURED.into_iter().filter(|(f, _)| f.contains(pick.as_str())) {
            let pos: Position = fen.parse().unwrap();
            for n in [2, 3, 5, 8].into_iter().filter(|&n| only.is_none_or(|o| o == n)) {
                let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
                let multi = MultiPv::new(n).unwrap();
                let a = engine.analyse(&pos, &Limits::depth(depth), multi, &mut |_| {}).unwrap();
                let (cleared, moves) = separate_searches(&pos, depth, n, false);
                let (kept, _) = separate_searches(&pos, depth, n, true);
                let mut ours: Vec<Move> = a.lines.iter().map(|c| c.mv).collect();
                let mut theirs = moves;
                ours.sort_by_key(ToString::to_string);
                theirs.sort_by_key(ToString::to_string);
                let same = if ours == theirs { "yes" } else { "no" };
                let (r1, r2) = (a.nodes as f64 / cleared as f64, a.nodes as f64 / kept as f64);
                println!(
                    "| `{fen}` | {depth} | {n} | {} | {cleared} | {kept} | {r1:.2} | {r2:.2} | {same} |",
                    a.nodes
                );
                let t: &mut [f64; 7] = totals.entry(n).or_default();
                t[0] += a.nodes as f64;
                t[1] += cleared as f64;
                t[2] += kept as f64;
                t[3] = t[3].max(r1);
                t[4] = t[4].max(r2);
                t[5] += f64::from(u8::from(r1 >= 1.0));
                t[6] += f64::from(u8::from(r2 >= 1.0));
            }
        }
        for (n, t) in totals {
            println!(
                "| all | | {n} | {} | {} | {} | {:.2} (worst {:.2}, {} at 1 or more) | {:.2} (worst {:.2}, {} at 1 or more) |",
                t[0],
                t[1],
                t[2],
                t[0] / t[1],
                t[3],
                t[5],
                t[0] / t[2],
                t[4],
                t[6]
            );
        }
    }
}
