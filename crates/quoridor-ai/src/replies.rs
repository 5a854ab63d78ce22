//! Reply layers (three and four players): between two moves of the root player, one move
//! of every opponent, of which one is searched (the best reply) and the others are their
//! likely moves or passes (`crate::params::MultiSearch`); the candidates of such a layer and
//! the moves around the reply.

use quoridor_core::{Move, Position, Seat};

use crate::movepick::{Buf, Cand, Child, Gen, MoveGen};
use crate::params::MultiSearch;

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

impl MoveGen<'_> {
    /// Fills `out` with the candidates of a best-reply layer (three and four players, an
    /// opponent of the root player to move): the moves of every opponent in turn, each in
    /// the position that the opponents before it leave with their likely moves (or
    /// passes), as [`MoveGen::generate`] finds them, tagged with the replier. With
    /// [`MultiSearch::Rival`] only the opponent nearest its goal replies. The line in which
    /// every opponent makes its likely move is kept once, as the first opponent's reply
    /// (none when the rival is a later opponent).
    pub(crate) fn generate_replies(
        &self,
        pos: &Position,
        ply: usize,
        hash_move: u16,
        out: &mut Buf,
        mode: Gen,
    ) {
        out.cands.clear();
        out.kids.clear();
        let multi = self.multi;
        let pass = multi == MultiSearch::BestReply;
        let rival = (multi == MultiSearch::Rival).then(|| rival_index(pos, self.root));
        let hist_seat = pos.turn();
        let mut prefix = Some(*pos);
        let mut i = 0;
        while let Some(p) = prefix {
            if rival.is_none_or(|r| r == i) {
                let start = out.cands.len();
                self.push_moves(&p, ply, hash_move, out, mode, reply_tag(i), hist_seat);
                // A replier after the first opponent does not make its likely move: with
                // several repliers (BRS+) that line is the first opponent's reply already.
                // With one (`Rival`) it is not searched at all, so a rival that moves after
                // the first opponent walls or steps aside: a model of a race leader slowed
                // by the others. Searching that line too was measured and lost at equal
                // depth (docs/strength.md, "The rival's walk"), though it made depth pay
                // more.
                let likely = if i > 0 && !pass { likely_move(&p) } else { None };
                debug_assert!(mode != Gen::All, "a reply layer plays its moves when searched");
                let mut k = start;
                while k < out.cands.len() {
                    if Some(out.cands[k].mv) == likely {
                        out.cands.swap_remove(k);
                        continue;
                    }
                    out.cands[k].child = Child::Reply(i as u8);
                    k += 1;
                }
            }
            out.kids.push(p);
            prefix = next_prefix(&p, self.root, multi);
            i += 1;
        }
    }
}

/// The move a player who does not give the best reply is assumed to make in a best-reply
/// layer: a step along its shortest path (the walk of the greedy bot), or, when a pawn
/// stands on that step, the pawn move that leaves it nearest its goal.
pub(crate) fn likely_move(pos: &Position) -> Option<Move> {
    let me = pos.turn();
    let moves = pos.pawn_moves();
    if let Some(next) = pos.shortest_path(me).nth(1) {
        if moves.contains(next) {
            return Some(Move::Pawn(next));
        }
    }
    let goal = pos.goal(me);
    let distance =
        |sq| if goal.contains(sq) { 0 } else { pos.distance_from(me, sq).unwrap_or(u8::MAX) };
    match moves.into_iter().min_by_key(|&sq| (distance(sq), sq.index())) {
        Some(sq) => Some(Move::Pawn(sq)),
        None => pos.legal_moves().first().copied(),
    }
}

/// Completes a best-reply layer after the reply: the players after the replier make their
/// likely moves (or pass, with `pass`) until `root` is to move or the game is over.
pub(crate) fn finish_reply(p: &mut Position, root: Seat, multi: MultiSearch) {
    if multi == MultiSearch::BestReply {
        if let Some(q) = p.pass_to(root) {
            *p = q;
        }
        return;
    }
    while !p.is_game_over() && p.turn() != root && p.is_active(root) {
        let Some(m) = likely_move(p) else { return };
        p.play_unchecked(m);
    }
}

/// The position in which the next opponent after `p`'s mover replies in a best-reply layer,
/// once `p`'s mover made its move (or passed); `None` when the game ends first or the turn
/// comes back to `root`.
fn next_prefix(p: &Position, root: Seat, multi: MultiSearch) -> Option<Position> {
    let next = if multi == MultiSearch::BestReply {
        let after = p.turn_order().nth(1)?;
        p.pass_to(after)?
    } else {
        let mut q = *p;
        q.play_unchecked(likely_move(p)?);
        q
    };
    (!next.is_game_over() && next.turn() != root && next.is_active(root)).then_some(next)
}

/// The code of a reply by the `i`-th opponent of a reply layer: the move's code with the
/// replier in the bits above it (0 outside reply layers).
#[inline]
pub(crate) fn reply_tag(i: usize) -> u16 {
    ((i as u16) + 1) << 9
}

/// The index (in turn order after the root player, 0 first) of the opponent that would win
/// a race in which nobody places walls: the nearest to its goal, counted in plies with the
/// turn order, ties to the earlier mover. The only replier of [`MultiSearch::Rival`].
fn rival_index(pos: &Position, root: Seat) -> usize {
    let n = pos.active_seats().count();
    let mut best = (u32::MAX, 0);
    for (i, s) in pos.turn_order().take_while(|&s| s != root).enumerate() {
        let d = u32::from(pos.distance(s).unwrap_or(u8::MAX));
        best = best.min((d * n as u32 + i as u32, i));
    }
    best.1
}

#[cfg(test)]
mod tests {
    use quoridor_core::{Config, Move, Players, Position, Seat};

    use super::likely_move;
    use crate::movepick::{Buf, Child, Gen, MoveGen};
    use crate::ordering::Heuristics;
    use crate::params::MultiSearch;

    /// A four-player position, West to move after South (the root player), in which North,
    /// the second opponent, is nearest its goal.
    fn north_leads() -> Position {
        let config = Config::default().with_players(Players::Four);
        let mut pos = Position::start(&config).expect("a four-player start");
        for m in "e2 b5 e8 h5 e1 a5 e7 i5 e2 b5 e6 h5 e1".split(' ') {
            pos.play(m.parse::<Move>().expect("a move")).expect("a legal move");
        }
        pos
    }

    fn replies(multi: MultiSearch) -> Buf {
        let heur = Heuristics::new();
        let movegen = MoveGen { heur: &heur, root: Seat::South, multi, min_wall_gain: 1 };
        let mut buf = Buf::default();
        movegen.generate_replies(&north_leads(), 1, 0, &mut buf, Gen::Gains);
        buf
    }

    #[test]
    fn a_later_rival_replies_without_its_walk() {
        assert_eq!(north_leads().turn(), Seat::West);
        let buf = replies(MultiSearch::Rival);
        // Only North (the opponent at index 1) replies, from the position West's likely
        // move leaves, and not with its own likely move.
        assert!(!buf.cands.is_empty());
        assert!(buf.cands.iter().all(|c| matches!(c.child, Child::Reply(1))));
        let walk = likely_move(&buf.kids[1]).expect("North has a move");
        assert!(buf.cands.iter().all(|c| c.mv != walk), "{walk} is a reply");
        assert!(buf.cands.iter().any(|c| matches!(c.mv, Move::Pawn(_))), "no detour");
    }

    #[test]
    fn several_repliers_search_the_likely_line_once() {
        let buf = replies(MultiSearch::BestReplyPlus);
        for i in 1..3u8 {
            let likely = likely_move(&buf.kids[usize::from(i)]).expect("a move");
            let mut of_i =
                buf.cands.iter().filter(|c| matches!(c.child, Child::Reply(j) if j == i));
            assert!(of_i.all(|c| c.mv != likely), "opponent {i} repeats {likely}");
        }
        let first = likely_move(&buf.kids[0]).expect("a move");
        assert!(buf.cands.iter().any(|c| matches!(c.child, Child::Reply(0)) && c.mv == first));
        assert!(buf.cands.iter().any(|c| matches!(c.child, Child::Reply(2))));
    }
}
