//! The tree search's own rules, checked on small cases.

use quoridor_core::{Move, Position, Seat};

use super::{Ctx, Edge, Node, Tree, Values, pack, unpack};
use crate::params::{EvalParams, MultiSearch, SearchParams};
use crate::{Engine, EngineOptions, Limits, Score};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn ctx<'a>(params: &'a EvalParams, sp: &'a SearchParams, history: &'a [u64]) -> Ctx<'a> {
    Ctx { params, sp, history, noise: 0, seed: 0, only: None, aversion: 0.0 }
}

fn engine() -> Engine {
    Engine::new(EngineOptions::default().with_hash_mb(1))
}

const FOUR: &str = "9 S:e1:5,W:a5:5,N:e9:5,E:i5:5 - S 0";
const THREE: &str = "9 S:e3:6,W:c5:7,N:e7:6 d5h,f4v W 5";
const KING: &str = "9k S:e3:4,W:c5:4,N:e7:5,E:g5:5 d6h,f4v W 5";

#[test]
fn the_tree_search_plays_three_and_four_players_only() {
    assert_eq!(SearchParams::default().multi, MultiSearch::Mcts);
    let mut e = engine();
    for fen in [FOUR, THREE, KING] {
        let p = pos(fen);
        let r = e.search(&p, &Limits::nodes(500), &mut |_| {}).expect("not over");
        assert!(p.is_legal(r.best), "{fen}: {}", r.best);
        // One node a playout: the node limit is exact.
        assert_eq!(r.info.nodes, 500, "{fen}");
        assert_eq!(r.info.pv.first(), Some(&r.best));
    }
    // Two players: the alpha-beta search, whose depth 3 means three plies.
    let r = e.search(&Position::default(), &Limits::depth(3), &mut |_| {}).expect("not over");
    assert_eq!(r.info.depth, 3);
}

#[test]
fn a_search_within_nodes_is_deterministic() {
    for fen in [FOUR, THREE, KING] {
        let p = pos(fen);
        let a = engine().search(&p, &Limits::nodes(2000), &mut |_| {}).expect("not over");
        let b = engine().search(&p, &Limits::nodes(2000), &mut |_| {}).expect("not over");
        assert_eq!((a.best, a.info.score, &a.info.pv), (b.best, b.info.score, &b.info.pv));
    }
}

#[test]
fn a_win_in_one_is_played_at_once_and_scored_as_a_win() {
    // West is a step from the east side, its goal.
    let p = pos("9 S:e3:3,W:h5:3,N:e7:3 - W 9");
    let mut infos = Vec::new();
    let r = engine().search(&p, &Limits::nodes(10_000), &mut |i| infos.push(i.clone())).unwrap();
    assert_eq!(r.best, "i5".parse::<Move>().unwrap());
    assert_eq!(r.info.score, Score::Win(1));
    assert_eq!(r.info.nodes, 1, "no search past the win");
    assert!(!infos.is_empty(), "the iteration is reported");
}

#[test]
fn the_next_player_s_win_in_one_is_walled() {
    // South to move; West, next, stands a step from its goal (the east side) and South
    // holds walls: every move but a wall in West's way loses at once.
    let p = pos("9 S:e2:5,W:h5:5,N:e8:5 - S 9");
    let r = engine().search(&p, &Limits::nodes(3000), &mut |_| {}).unwrap();
    let mut after = p;
    after.play(r.best).unwrap();
    assert!(matches!(r.best, Move::Wall(_)), "{}", r.best);
    assert!(after.distance(Seat::West).unwrap() > 1, "{} leaves West its step", r.best);
}

#[test]
fn a_depth_counts_rounds_as_the_alpha_beta_search_does() {
    for fen in [FOUR, THREE, KING] {
        let p = pos(fen);
        let mut depths = Vec::new();
        let r = engine().search(&p, &Limits::depth(3), &mut |i| depths.push(i.depth)).unwrap();
        assert!(r.info.depth >= 3, "{fen}: {}", r.info.depth);
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{fen}: {depths:?}");
        // A deeper search is a longer one.
        let deeper = engine().search(&p, &Limits::depth(4), &mut |_| {}).unwrap();
        assert!(deeper.info.nodes > r.info.nodes, "{fen}");
    }
}

#[test]
fn the_subtree_of_the_new_root_is_kept_after_the_moves_of_a_round() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let c = ctx(&params, &sp, &[]);
    let mut tree = Tree::default();
    let mut p = pos(FOUR);
    tree.start(&c, &p, true, 64 << 20);
    for _ in 0..3000 {
        tree.iterate(&c, &p);
    }
    // The most visited line for a round, then the search from there.
    for mv in tree.line_from(tree.root_moves()[0].0, 4) {
        p.play(mv).unwrap();
    }
    let kept = {
        let mut t = Tree::default();
        std::mem::swap(&mut t, &mut tree);
        t
    };
    let mut reused = kept;
    reused.start(&c, &p, true, 64 << 20);
    assert_eq!(reused.nodes[0].key, p.zobrist());
    assert!(reused.nodes[0].visits > 1, "the visits below the new root are kept");
    // Every edge of the copy points at a node of the copy.
    assert!(reused.edges.iter().all(|e| (e.child as usize) < reused.nodes.len()));
    let mut fresh = Tree::default();
    fresh.start(&c, &p, false, 64 << 20);
    assert_eq!(fresh.nodes[0].visits, 1);
}

#[test]
fn the_tree_stays_within_its_memory() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let c = ctx(&params, &sp, &[]);
    let mut tree = Tree::default();
    let p = pos(THREE);
    let capacity = 256 * 1024;
    tree.start(&c, &p, false, capacity);
    let mut grew = 0;
    while tree.iterate(&c, &p).grew {
        grew += 1;
        assert!(grew < 100_000, "never full");
    }
    assert!(tree.bytes() <= capacity, "{} bytes", tree.bytes());
    assert!(grew > 100);
    // Neither arena allocated past the capacity while doubling.
    let nodes = tree.nodes.capacity() * size_of::<Node>();
    let edges = tree.edges.capacity() * size_of::<Edge>();
    let kept = tree.positions.capacity() * size_of::<Position>();
    assert!(nodes <= capacity && edges <= capacity, "{nodes} and {edges} bytes allocated");
    assert!(kept <= capacity, "{kept} bytes of kept positions allocated");
    assert!(!tree.positions.is_empty(), "no position kept");
}

#[test]
fn a_position_of_the_game_s_past_scores_as_a_draw() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let p = pos(THREE);
    // Every position after one move of West is in the game's past.
    let history: Vec<u64> = {
        let mut keys: Vec<u64> = p
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut q = p;
                q.play_unchecked(m);
                q.zobrist()
            })
            .collect();
        keys.sort_unstable();
        keys
    };
    let c = ctx(&params, &sp, &history);
    let mut tree = Tree::default();
    tree.start(&c, &p, false, 64 << 20);
    for _ in 0..50 {
        tree.iterate(&c, &p);
    }
    let root = tree.nodes[0];
    for e in &tree.edges[root.edges()] {
        if e.child != 0 {
            let n = &tree.nodes[e.child as usize];
            assert!(n.terminal);
            let v: Values = unpack(n.imm);
            assert_eq!(v, [0.0; 4], "{}", e.mv);
        }
    }
}

#[test]
fn priors_sum_to_one_and_favour_the_better_moves() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let c = ctx(&params, &sp, &[]);
    for fen in [FOUR, THREE, KING] {
        let mut tree = Tree::default();
        let p = pos(fen);
        tree.start(&c, &p, false, 64 << 20);
        let root = tree.nodes[0];
        let edges = &tree.edges[root.edges()];
        let total: f32 = edges.iter().map(|e| e.prior).sum();
        assert!((total - 1.0).abs() < 1e-3, "{fen}: {total}");
        let me = p.turn().index();
        for a in edges {
            for b in edges {
                if a.q[me] > b.q[me] {
                    assert!(a.prior >= b.prior, "{fen}: {} {}", a.mv, b.mv);
                }
            }
        }
        // Every move kept is legal, each once.
        for (i, e) in edges.iter().enumerate() {
            assert!(p.is_legal(e.mv), "{fen}: {}", e.mv);
            assert!(edges[..i].iter().all(|f| f.mv != e.mv));
        }
    }
}

#[test]
fn threads_vote_for_a_legal_move() {
    let mut e = Engine::new(EngineOptions::default().with_hash_mb(1).with_threads(2));
    let p = pos(FOUR);
    let r = e.search(&p, &Limits::nodes(4000), &mut |_| {}).unwrap();
    assert!(p.is_legal(r.best));
    assert_eq!(r.info.pv.first(), Some(&r.best));
    // How the 4,000 nodes split between the threads, and how many of the helper's are
    // counted when the result is made, depends on the scheduler (on a loaded machine the
    // helper may hardly run): only that some were searched is certain.
    assert!(r.info.nodes > 0);
}

#[test]
fn candidate_moves_come_from_the_tree() {
    let mut e = engine();
    let p = pos(FOUR);
    let three = crate::MultiPv::new(3).unwrap();
    let a = e.analyse(&p, &Limits::nodes(3000), three, &mut |_| {}).unwrap();
    assert_eq!(a.lines.len(), 3);
    for (i, c) in a.lines.iter().enumerate() {
        assert!(p.is_legal(c.mv));
        assert_eq!(c.pv.first(), Some(&c.mv));
        assert!(a.lines[..i].iter().all(|d| d.mv != c.mv));
    }
}

#[test]
fn searchmoves_cut_the_root_and_the_tree_is_not_kept() {
    let pos: Position = FOUR.parse().unwrap();
    let mut e = engine();
    // A wall the root would not keep among its best 64, and a pawn move.
    let wall: Move = "a1h".parse().unwrap();
    let step: Move = "e2".parse().unwrap();
    let limits = Limits::nodes(500).with_searchmoves(vec![wall, step, "i9".parse().unwrap()]);
    let r = e.search(&pos, &limits, &mut |_| {}).unwrap();
    assert!(r.best == wall || r.best == step, "{}", r.best);
    let only_wall = Limits::nodes(300).with_searchmoves(vec![wall]);
    assert_eq!(e.search(&pos, &only_wall, &mut |_| {}).unwrap().best, wall);
    // The next search without the cut sees every move again (the step, not the corner wall).
    let free = e.search(&pos, &Limits::nodes(2000), &mut |_| {}).unwrap();
    assert_ne!(free.best, wall);
    // None legal: the cut is ignored.
    let none = Limits::nodes(300).with_searchmoves(vec!["i9".parse().unwrap()]);
    assert!(pos.is_legal(e.search(&pos, &none, &mut |_| {}).unwrap().best));
}

#[test]
fn extreme_parameters_still_give_a_legal_move() {
    let pos: Position = FOUR.parse().unwrap();
    for (walls, null, temp, c) in [(usize::MAX, usize::MAX, i32::MIN, u32::MAX), (0, 0, 0, 0)] {
        let mut sp = SearchParams::default();
        (sp.mcts_walls, sp.mcts_root_walls, sp.mcts_null_walls) = (walls, walls, null);
        (sp.mcts_prior_temp, sp.mcts_c_puct) = (temp, c);
        let mut e = engine();
        e.set_search_params(sp);
        let r = e.search(&pos, &Limits::nodes(200), &mut |_| {}).unwrap();
        assert!(pos.is_legal(r.best));
    }
}

/// The brute-force vulnerability of `seat` after the mover places `wall`: every wall of
/// `legal` that can stand with it, tried in the position after it.
fn vul_after_by_trying(pos: &Position, seat: Seat, wall: quoridor_core::Wall) -> u8 {
    let legal = pos.legal_walls();
    let mut child = *pos;
    child.play_unchecked(Move::Wall(wall));
    let Some(d) = child.distance(seat) else { return 0 };
    let mut most = 0;
    for w in &legal {
        if w == wall || quoridor_core::WallSet::from_iter([wall]).conflict_with(w).is_some() {
            continue;
        }
        if let Some(a) = child.distance_after_wall(seat, w) {
            most = most.max(a.saturating_sub(d).min(crate::eval::VUL_NEAR));
        }
    }
    most
}

#[test]
fn exposures_give_the_vulnerability_after_every_wall() {
    use super::exposure::{Afters, Exposure};
    let mut rng = crate::SplitMix64::new(17);
    let (mut checked, mut changed) = (0, 0);
    for (g, start) in [
        "9k S:e1:5,W:a5:5,N:e9:5,E:i5:5 - S 0",
        FOUR,
        THREE,
        KING,
        "7k S:d1:4,W:a4:4,N:d7:4,E:g4:4 - S 0",
    ]
    .into_iter()
    .cycle()
    .take(40)
    .enumerate()
    {
        let mut p = pos(start);
        for ply in 0..200 {
            if p.outcome().is_some() {
                break;
            }
            let legal = p.legal_walls();
            if ply % 3 == g % 3 && !legal.is_empty() {
                // One list for the node's players, as an expansion shares it: each
                // player's answers may come from distances another measured.
                let mut afters = Afters::default();
                afters.clear(&p);
                for s in p.turn_order().take(4) {
                    let Some(e) = Exposure::new(&p, s, &legal, &mut afters) else { continue };
                    let all = p.placeable_walls();
                    assert_eq!(e.vul(), crate::eval::vulnerability(&p, s, &all), "{p} {s}");
                    for w in &legal {
                        let want = vul_after_by_trying(&p, s, w);
                        let got = e.after_wall(w, &legal, &mut afters);
                        assert_eq!(got, want, "{p}: {s} after {w}");
                        checked += 1;
                        changed += usize::from(got != e.vul());
                    }
                }
            }
            let moves = p.legal_moves();
            // Pawn moves two times in three, so that pawns come near their goals.
            let pawns: Vec<Move> =
                moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).collect();
            let m = if rng.below(3) > 0 && !pawns.is_empty() {
                pawns[rng.below(pawns.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            p.play_unchecked(m);
        }
    }
    // Enough cases, and some in which a wall changes a vulnerability.
    assert!(checked > 10_000, "{checked}");
    assert!(changed > 100, "{changed} of {checked}");
}

/// Calls `f` with every node of `tree` (its id, the node, its position), depth first from
/// the root at `root`.
fn walk(tree: &Tree, root: Position, mut f: impl FnMut(usize, Node, &Position)) {
    let mut stack = vec![(0usize, root)];
    while let Some((id, p)) = stack.pop() {
        let n = tree.nodes[id];
        f(id, n, &p);
        for e in n.edges() {
            let edge = tree.edges[e];
            if edge.child != 0 {
                let mut child = p;
                child.play_unchecked(edge.mv);
                stack.push((edge.child as usize, child));
            }
        }
    }
}

/// Every position the tree keeps is the one its node's line from the root reaches, with
/// the same cached shortest paths (so an iteration starting from it searches as one
/// playing the moves from the root would).
#[test]
fn the_kept_positions_are_those_of_their_nodes() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let c = ctx(&params, &sp, &[]);
    for fen in [FOUR, THREE, KING] {
        let root = pos(fen);
        let mut tree = Tree::default();
        tree.start(&c, &root, false, 64 << 20);
        for _ in 0..3000 {
            assert!(tree.iterate(&c, &root).grew);
        }
        let mut checked = 0;
        walk(&tree, root, |id, n, p| {
            if n.pos != 0 {
                let kept = &tree.positions[n.pos as usize - 1];
                assert_eq!(kept.to_string(), p.to_string(), "{fen}");
                assert_eq!(kept.zobrist(), p.zobrist());
                for s in p.active_seats() {
                    assert!(kept.shortest_path(s).eq(p.shortest_path(s)), "{fen}: {p}, {s:?}");
                }
                checked += 1;
            } else {
                // Kept when passed with that many visits: one more after the pass.
                assert!(n.visits <= super::KEEP_POSITION_AFTER || id == 0 || n.terminal);
            }
        });
        assert!(checked > 20, "{fen}: {checked} kept positions");
    }
}

/// With leader aversion a mover prefers the move that holds the leader back to the one
/// that is a little better for itself and lets the leader run; without it, the reverse.
#[test]
fn leader_aversion_makes_the_mover_block_the_leader() {
    let params = EvalParams::default();
    let sp = SearchParams::default();
    let mut tree = Tree::default();
    let at = |me: f32, leader: f32| pack([me, leader, 0.1, 0.1]);
    let (a, b) = (Move::Pawn("e2".parse().unwrap()), Move::Pawn("d1".parse().unwrap()));
    tree.edges = vec![
        Edge { mv: a, prior: 0.5, q: at(0.10, 0.80), child: 0 },
        Edge { mv: b, prior: 0.5, q: at(0.08, 0.50), child: 0 },
    ];
    let node = Node { first: 0, len: 2, visits: 1, ..Node::new() };
    let mut c = ctx(&params, &sp, &[]);
    assert_eq!(tree.edges[tree.select(&c, &node)].mv, a, "its own chance alone");
    c.aversion = 0.5;
    assert_eq!(tree.edges[tree.select(&c, &node)].mv, b, "the leader held back");
    // The same with visited children: their means count, not the evaluation's values.
    tree.edges[0].q = at(0.0, 0.0);
    tree.edges[1].q = at(0.0, 0.0);
    tree.nodes.push(Node::new()); // the root: nobody's child
    for (e, v) in [(0, [0.10, 0.80, 0.1, 0.1]), (1, [0.08, 0.50, 0.1, 0.1])] {
        tree.nodes.push(Node { visits: 10, sum: v.map(|x: f64| 10.0 * x), ..Node::new() });
        tree.edges[e].child = tree.nodes.len() as u32 - 1;
    }
    let node = Node { visits: 21, ..node };
    c.aversion = 0.0;
    assert_eq!(tree.edges[tree.select(&c, &node)].mv, a);
    c.aversion = 0.5;
    assert_eq!(tree.edges[tree.select(&c, &node)].mv, b);
}

/// A standoff of King of the Hill (game 21 of the level-8 ladder match, seed 998): every
/// wall is down and the four pawns step to and fro. South's `a7` brings back the position
/// of four moves before; with leader aversion a repetition scored as a draw was a refuge
/// from West's lead, and the game went on that way to the ply cap. A repetition now counts
/// as the leader's win: South steps out of the cycle.
#[test]
fn a_standoff_is_no_refuge_with_leader_aversion() {
    use quoridor_core::{Config, Game, Players, Variant};
    const MOVES: &str = "d1 f6v f9 g3h e5h b5 e9 c5v d2 c5 d3v f4h c3v d7h e8 d2h c8v e4v \
        e3h h4h c2 e7v e9 i6 c3 c6 b6h i7 c4 f8h f9 i8 b4 b6 g9 h8 a4 a6 h9 g8 a5 a7 h8 f8 \
        a6 b7 h7h f7 a7h c7 a1h f6";
    let config = Config::default().with_players(Players::Four).with_variant(Variant::KingOfTheHill);
    let mut game = Game::new(&config).unwrap();
    for m in MOVES.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // The cycle: twice round, South back on a6 with the move.
    for _ in 0..6 {
        for m in ["a7", "b7", "g8", "f7", "a6", "c7", "f8", "f6"] {
            game.play(m.parse().unwrap()).unwrap();
        }
    }
    let back: Move = "a7".parse().unwrap();
    let mut after = *game.position();
    after.play(back).unwrap();
    assert!(game.positions().any(|p| p.zobrist() == after.zobrist()), "a7 repeats");
    assert!(SearchParams::default().mcts_leader_aversion[2] > 0);
    let r = engine().search_game(&game, &Limits::nodes(2000), &mut |_| {}).expect("not over");
    assert!(game.position().is_legal(r.best));
    assert_ne!(r.best, back, "South keeps the cycle going");
}

/// Every expanded node below the root has the moves, priors and values that a new
/// expansion of its position gives, the table of expansions names an expanded node of each
/// of those positions with that expansion's value, and nothing else; returns how many of
/// the positions have more than one node.
fn check_expansions(c: &Ctx<'_>, tree: &Tree, root: Position, fen: &str) -> usize {
    let mut keys = std::collections::HashMap::new();
    walk(tree, root, |id, n, p| {
        if id != 0 && !n.terminal && n.len > 0 {
            *keys.entry(n.key).or_insert(0) += 1;
            let mut fresh = Tree::default();
            fresh.nodes.push(Node::new());
            let v = fresh.expand(c, 0, p, false);
            let f = fresh.nodes[0];
            assert_eq!((n.len, n.mover), (f.len, f.mover), "{fen}: {p}");
            for (a, b) in tree.edges[n.edges()].iter().zip(&fresh.edges[f.edges()]) {
                assert_eq!((a.mv, a.prior, a.q), (b.mv, b.prior, b.q), "{fen}: {p}");
            }
            // The value the table keeps for the position is a new expansion's.
            let kept = tree.expanded.get(&n.key).map(|x| x.1);
            assert_eq!(kept, Some(v), "{fen}: {p}");
            if n.visits == 1 {
                // Not passed since: its value is still its best move's.
                assert_eq!(n.imm, pack(v), "{fen}: {p}");
            }
        }
    });
    assert_eq!(tree.expanded.len(), keys.len(), "{fen}: one entry a position");
    for (&k, &(id, _)) in &tree.expanded {
        let n = &tree.nodes[id as usize];
        assert!(id != 0 && n.key == k && n.len > 0 && !n.terminal, "{fen}: node {id}");
    }
    keys.values().filter(|&&k| k > 1).count()
}

/// A position reached again by another order of the same moves (a transposition) is
/// expanded once: its other nodes copy that expansion (also after the root moves down).
#[test]
fn a_transposition_copies_the_expansion_of_its_position() {
    let (params, sp) = (EvalParams::default(), SearchParams::default());
    let c = ctx(&params, &sp, &[]);
    for fen in [FOUR, THREE, KING] {
        let root = pos(fen);
        let mut tree = Tree::default();
        tree.start(&c, &root, false, 64 << 20);
        for _ in 0..4000 {
            assert!(tree.iterate(&c, &root).grew);
        }
        let again = check_expansions(&c, &tree, root, fen);
        assert!(again > 10, "{fen}: {again} positions reached more than once");
        // The root moves down a round: the table names the nodes of the kept subtree.
        let mut p = root;
        for mv in tree.line_from(tree.root_moves()[0].0, root.active_seats().count()) {
            p.play(mv).unwrap();
        }
        tree.start(&c, &p, true, 64 << 20);
        assert!(tree.nodes[0].visits > 1, "{fen}: the subtree is kept");
        assert!(!tree.expanded.is_empty(), "{fen}");
        for _ in 0..1000 {
            assert!(tree.iterate(&c, &p).grew);
        }
        check_expansions(&c, &tree, p, fen);
    }
}
