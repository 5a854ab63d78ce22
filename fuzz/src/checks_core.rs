//! The checks behind the rules-crate fuzz targets, written against the public API of
//! `quoridor_core` only.
//!
//! This one file is compiled twice: by the fuzz crate (whose targets call it with whatever
//! libFuzzer makes up) and, through `#[path]`, by the workspace test
//! `crates/quoridor-core/tests/fuzz_corpus.rs`, which replays every committed corpus file on
//! the stable toolchain. It therefore uses nothing but `quoridor_core` and `std`.
//!
//! Every check panics (through `assert!`) when a property fails; that is what the fuzzer
//! reports as a crash.

use std::collections::HashSet;

use quoridor_core::{
    BoardSize, Config, Event, Game, Move, Orientation, Outcome, Position, Seat, SeatState, Setup,
    Square, Variant, Wall,
};

/// The largest number of API calls one `play_sequence` input makes, so that a single input
/// never runs for long.
pub const MAX_CALLS: usize = 96;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

// ---------------------------------------------------------------------------------------
// Text formats
// ---------------------------------------------------------------------------------------

/// `parse_move`: squares, walls and moves either fail to parse or are written back exactly
/// as they were read (the notation has one spelling per value).
pub fn parse_move(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(m) = s.parse::<Move>() {
        let back = m.to_string();
        assert_eq!(back, s, "move {s:?} is written back as {back:?}");
        assert_eq!(back.parse::<Move>(), Ok(m));
    }
    if let Ok(sq) = s.parse::<Square>() {
        assert_eq!(sq.to_string(), s);
        assert_eq!(Square::new(sq.col(), sq.row()), Some(sq));
    }
    if let Ok(w) = s.parse::<Wall>() {
        assert_eq!(w.to_string(), s);
        assert_eq!(Wall::new(w.anchor(), w.orientation()), Some(w));
    }
    if let Ok(seat) = s.parse::<Seat>() {
        assert_eq!(seat.letter().to_string().parse::<Seat>(), Ok(seat));
    }
}

/// `parse_position`: a string that reads as a [`Setup`] is written back to a string that
/// reads as the same setup; the setup is accepted as a [`Position`] exactly when the slow
/// reference finds it legal; an accepted position keeps every invariant and turns back into
/// the same setup.
pub fn parse_position(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(setup) = s.parse::<Setup>() else {
        assert!(s.parse::<Position>().is_err(), "{s:?} reads as a position but not as a setup");
        return;
    };
    let written = setup.to_string();
    assert_eq!(written.parse::<Setup>().as_ref(), Ok(&setup), "setup {s:?} written as {written:?}");
    let reference = setup_is_legal(&setup);
    match Position::try_from(setup) {
        Ok(pos) => {
            assert!(reference, "{s:?} was accepted but the reference finds it illegal");
            assert_eq!(pos.to_setup(), setup);
            assert_eq!(s.parse::<Position>().as_ref(), Ok(&pos));
            check_position(&pos);
        }
        Err(e) => {
            assert!(!reference, "{s:?} was rejected ({e}) but the reference finds it legal");
            assert!(s.parse::<Position>().is_err());
        }
    }
}

/// `parse_game_record`: a record that reads is written back to a record that reads as the
/// same game (same start, events and position) and is written back identically; the final
/// position keeps every invariant.
pub fn parse_game_record(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(game) = s.parse::<Game>() else { return };
    check_game_round_trip(&game);
    check_position(game.position());
}

fn check_game_round_trip(game: &Game) {
    let written = game.to_string();
    let again: Game = match written.parse() {
        Ok(g) => g,
        Err(e) => panic!("a written record does not read back ({e}):\n{written}"),
    };
    assert_eq!(again.start(), game.start(), "{written}");
    assert_eq!(again.events(), game.events(), "{written}");
    assert_eq!(again.position(), game.position(), "{written}");
    assert_eq!(again.position().zobrist(), game.position().zobrist());
    assert_eq!(again.outcome(), game.outcome());
    assert_eq!(again.to_string(), written);
    assert_eq!(&again, game, "the record reads back as a different game:\n{written}");
    let replayed: Vec<Position> = again.positions().copied().collect();
    let original: Vec<Position> = game.positions().copied().collect();
    assert_eq!(replayed, original);
}

// ---------------------------------------------------------------------------------------
// Play sequences
// ---------------------------------------------------------------------------------------

struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.data.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn take(&mut self, n: usize) -> &[u8] {
        let end = (self.at + n).min(self.data.len());
        let out = &self.data[self.at..end];
        self.at = end;
        out
    }
}

/// Reads a game configuration from the first three bytes: every size, player count, variant,
/// wall count (default, or 0 to 127), first seat and an optional short ply limit.
pub fn config_from_bytes(b: [u8; 3]) -> Config {
    let size = BoardSize::ALL[usize::from(b[0] & 3)];
    let players = 2 + (b[0] >> 2) % 3;
    let variant =
        if players == 4 && b[0] & 0x20 != 0 { Variant::KingOfTheHill } else { Variant::Classic };
    let walls = (b[1] & 0x80 != 0).then_some(b[1] & 0x7f);
    let seats: &[Seat] = match players {
        2 => &[Seat::South, Seat::North],
        3 => &[Seat::South, Seat::West, Seat::North],
        _ => &Seat::ALL,
    };
    let first = seats[usize::from(b[2] & 3) % seats.len()];
    let ply_limit = match b[2] >> 4 {
        0..=7 => None,
        k => Some(u32::from(k - 7) * 7),
    };
    Config::default()
        .with_size(size)
        .with_players(players)
        .with_variant(variant)
        .with_walls(walls)
        .with_first(first)
        .with_ply_limit(ply_limit)
}

/// Every move the notation can name: every square and every wall of the 11 x 11 board.
fn every_move() -> impl Iterator<Item = Move> {
    let pawns = (0..11).flat_map(|r| (0..11).filter_map(move |c| Square::new(c, r)));
    let walls = (0..10).flat_map(|r| {
        (0..10).flat_map(move |c| {
            [Orientation::Horizontal, Orientation::Vertical]
                .into_iter()
                .filter_map(move |o| Square::new(c, r).and_then(|a| Wall::new(a, o)))
        })
    });
    pawns.map(Move::Pawn).chain(walls.map(Move::Wall))
}

fn move_from_bytes(kind: u8, b: u8) -> Option<Move> {
    if kind & 1 == 0 {
        Square::from_index(b % 121).map(Move::Pawn)
    } else {
        let o = if kind & 2 == 0 { Orientation::Horizontal } else { Orientation::Vertical };
        Square::new(b % 10, (b / 10) % 10).and_then(|a| Wall::new(a, o)).map(Move::Wall)
    }
}

fn total_walls(pos: &Position) -> usize {
    pos.seats().map(|s| usize::from(pos.walls_in_hand(s))).sum::<usize>() + pos.walls().len()
}

/// `play_sequence`: the input chooses a configuration, then a sequence of calls (legal moves
/// by index, arbitrary and parsed moves that may be illegal, undo, resignations). After
/// every call every invariant holds and the fast move generator agrees with the reference;
/// at the end the game record round-trips.
pub fn play_sequence(data: &[u8]) {
    let mut input = Bytes { data, at: 0 };
    let head = [input.byte().unwrap_or(0), input.byte().unwrap_or(0), input.byte().unwrap_or(0)];
    let config = config_from_bytes(head);
    let mut game = match Game::new(&config) {
        Ok(g) => g,
        Err(e) => panic!("config {config:?} from the decoder is rejected: {e}"),
    };
    let walls = total_walls(game.position());
    let mut before: Vec<Position> = Vec::new();
    check_position(game.position());
    for _ in 0..MAX_CALLS {
        let Some(op) = input.byte() else { break };
        let pos = *game.position();
        let call = match op % 8 {
            // A legal move by index: pawn moves only, any move, walls only.
            k @ 0..=2 => {
                let pick: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| match k {
                        0 => matches!(m, Move::Pawn(_)),
                        1 => true,
                        _ => matches!(m, Move::Wall(_)),
                    })
                    .collect();
                let i = usize::from(input.byte().unwrap_or(0));
                match pick.get(i % pick.len().max(1)) {
                    Some(&m) => {
                        assert_eq!(game.play(m), Ok(()), "legal move {m} refused in {pos}");
                        Call::Played
                    }
                    None => Call::Nothing,
                }
            }
            // A move along the shortest path, so that games reach their end.
            3 => match pos.shortest_path(pos.turn()).nth(1).map(Move::Pawn) {
                Some(m) if pos.is_legal(m) => {
                    assert_eq!(game.play(m), Ok(()));
                    Call::Played
                }
                _ => Call::Nothing,
            },
            // Any move the notation can name, legal or not.
            4 => {
                let kind = input.byte().unwrap_or(0);
                let b = input.byte().unwrap_or(0);
                match move_from_bytes(kind, b) {
                    Some(m) => try_move(&mut game, m),
                    None => Call::Nothing,
                }
            }
            // A move parsed from raw bytes.
            5 => {
                let n = usize::from(input.byte().unwrap_or(0) % 5);
                let raw = input.take(n);
                match text(raw).and_then(|s| s.parse::<Move>().ok()) {
                    Some(m) => try_move(&mut game, m),
                    None => Call::Nothing,
                }
            }
            6 => {
                let undone = game.undo();
                match before.pop() {
                    Some(prev) => {
                        assert!(undone.is_some());
                        assert_eq!(*game.position(), prev, "undo does not restore");
                        assert_eq!(game.position().zobrist(), prev.zobrist());
                    }
                    None => assert_eq!(undone, None, "undo at the start undid something"),
                }
                Call::Undone
            }
            _ => {
                let seat = Seat::ALL[usize::from(input.byte().unwrap_or(0) % 4)];
                let expect = pos.outcome().is_none() && pos.is_active(seat);
                let r = game.resign(seat);
                assert_eq!(r.is_ok(), expect, "resign {seat} in {pos}: {r:?}");
                if r.is_ok() {
                    let after = game.position();
                    assert!(!after.is_active(seat));
                    assert_eq!(after.ply(), pos.ply(), "a resignation is not a ply");
                    assert_eq!(game.events().last(), Some(&Event::Resign(seat)));
                    Call::Resigned
                } else {
                    assert_eq!(*game.position(), pos);
                    Call::Nothing
                }
            }
        };
        let now = *game.position();
        match call {
            Call::Played => {
                assert_eq!(now.ply(), pos.ply().saturating_add(1), "a move is one ply");
                assert_ne!(now, pos);
                before.push(pos);
            }
            Call::Resigned => before.push(pos),
            Call::Nothing => assert_eq!(now, pos),
            Call::Undone => {}
        }
        assert_eq!(game.events().len(), before.len());
        assert_eq!(total_walls(&now), walls, "walls are not conserved: {now}");
        if !matches!(call, Call::Nothing) {
            check_position(&now);
        }
    }
    check_game_round_trip(&game);
}

enum Call {
    Played,
    Resigned,
    Undone,
    Nothing,
}

/// Plays `m`, which may be illegal: the game accepts it exactly when the reference lists it,
/// and a refused move changes nothing.
fn try_move(game: &mut Game, m: Move) -> Call {
    let pos = *game.position();
    let legal = Reference::new(&pos.to_setup()).legal_moves().contains(&m);
    assert_eq!(pos.is_legal(m), legal, "is_legal({m}) in {pos}");
    match game.play(m) {
        Ok(()) => {
            assert!(legal, "illegal move {m} was played in {pos}");
            Call::Played
        }
        Err(e) => {
            assert!(!legal, "legal move {m} was refused in {pos}: {e}");
            assert_eq!(*game.position(), pos);
            assert_eq!(game.position().zobrist(), pos.zobrist());
            Call::Nothing
        }
    }
}

// ---------------------------------------------------------------------------------------
// Invariants of a position
// ---------------------------------------------------------------------------------------

/// Every invariant of a position, and the fast move generator against the slow reference.
pub fn check_position(pos: &Position) {
    let setup = pos.to_setup();
    let r = Reference::new(&setup);
    let size = pos.size();

    // Pawns on the board, on distinct squares, and exactly the occupied squares.
    let mut squares = HashSet::new();
    for s in pos.active_seats() {
        let sq = pos.pawn(s).expect("an active seat has a pawn");
        assert!(sq.on_board(size), "{s} on {sq} is off the board: {pos}");
        assert!(squares.insert(sq), "two pawns on {sq}: {pos}");
    }
    assert_eq!(pos.occupied().len(), squares.len());
    assert!(squares.iter().all(|&sq| pos.occupied().contains(sq)));
    for s in pos.seats() {
        assert_eq!(pos.is_active(s), pos.leave_order(s).is_none());
    }

    // Hash and text.
    let rebuilt = Position::try_from(setup).expect("the setup of a position is legal");
    assert_eq!(pos.zobrist(), rebuilt.zobrist(), "incremental hash differs: {pos}");
    let written = pos.to_string();
    let back: Position = match written.parse() {
        Ok(p) => p,
        Err(e) => panic!("position {written:?} does not read back: {e}"),
    };
    assert_eq!(back, *pos);
    assert_eq!(back.zobrist(), pos.zobrist());
    assert_eq!(back.to_setup(), setup, "to_setup does not read back");

    // Paths: every player in the game has one, as short as the reference's.
    for s in pos.active_seats() {
        let d = r.distance(s).unwrap_or_else(|| panic!("{s} has no path in {pos}"));
        assert_eq!(pos.distance(s), Some(d), "distance of {s} in {pos}");
        let path: Vec<Square> = pos.shortest_path(s).collect();
        assert_eq!(path.len(), usize::from(d) + 1, "path of {s} in {pos}: {path:?}");
        assert_eq!(Some(path[0]), pos.pawn(s));
        assert!(r.is_goal(s, path[path.len() - 1]), "path of {s} ends off goal: {path:?}");
        for step in path.windows(2) {
            assert!(r.open_step(step[0], step[1]), "path of {s} crosses a wall: {path:?}");
        }
        let map = pos.distance_map(s);
        let want = r.distance_map(s);
        let side = size.get();
        for sq in (0..side).flat_map(|row| (0..side).filter_map(move |c| Square::new(c, row))) {
            let (c, row) = xy(sq);
            assert_eq!(map[usize::from(sq.index())], want[c][row], "distance map of {s} at {sq}");
        }
    }
    for s in pos.seats().filter(|&s| !pos.is_active(s)) {
        assert_eq!(pos.distance(s), None);
        assert_eq!(pos.pawn(s), None);
    }

    // The end of the game, elimination and ranking.
    assert_eq!(pos.outcome(), r.outcome(), "outcome of {pos}");
    let slow = r.legal_moves();
    if pos.outcome().is_none() {
        assert!(pos.is_active(pos.turn()));
        assert!(!slow.is_empty(), "the side to move has no legal action in {pos}");
    }
    let ranking = pos.ranking();
    for s in Seat::ALL {
        assert_eq!(ranking.rank(s), r.rank(s), "rank of {s} in {pos}");
    }

    // The fast generator against the reference, and against itself.
    let fast: Vec<Move> = pos.legal_moves().to_vec();
    let fast_set: HashSet<Move> = fast.iter().copied().collect();
    assert_eq!(fast_set.len(), fast.len(), "duplicate moves in {pos}");
    let slow_set: HashSet<Move> = slow.iter().copied().collect();
    if fast_set != slow_set {
        let mut extra: Vec<_> = fast_set.difference(&slow_set).collect();
        let mut missing: Vec<_> = slow_set.difference(&fast_set).collect();
        extra.sort();
        missing.sort();
        panic!("move generation differs in {pos}: extra {extra:?}, missing {missing:?}");
    }
    assert_eq!(pos.count_legal_moves(), fast.len());
    let pawn_moves: HashSet<Move> = pos.pawn_moves().iter().map(Move::Pawn).collect();
    let walls = pos.legal_walls();
    let wall_moves: HashSet<Move> = walls.iter().map(Move::Wall).collect();
    assert_eq!(wall_moves.len(), walls.len());
    assert_eq!(walls.horizontal().len() + walls.vertical().len(), walls.len());
    let union: HashSet<Move> = pawn_moves.union(&wall_moves).copied().collect();
    assert_eq!(union, fast_set);
    for m in every_move() {
        let legal = fast_set.contains(&m);
        assert_eq!(pos.is_legal(m), legal, "is_legal({m}) in {pos}");
    }
    // Playing every move is the slowest part: all pawn moves and an even sample of walls.
    let step = (fast.len() / 16).max(1);
    for (i, &m) in fast.iter().enumerate() {
        if matches!(m, Move::Wall(_)) && i % step != 0 {
            continue;
        }
        let mut next = *pos;
        next.play_unchecked(m);
        let mut checked = *pos;
        assert_eq!(checked.play(m), Ok(()));
        assert_eq!(next, checked);
        let rebuilt =
            Position::try_from(next.to_setup()).expect("the setup of a position is legal");
        assert_eq!(next.zobrist(), rebuilt.zobrist(), "hash after {m} in {pos}");
    }
}

// ---------------------------------------------------------------------------------------
// The slow reference
// ---------------------------------------------------------------------------------------

const MAX: usize = 11;

/// Two boolean grids indexed `[column][row]`.
type Grids = ([[bool; MAX]; MAX], [[bool; MAX]; MAX]);

/// A deliberately plain model of the rules, built from a [`Setup`]'s public fields: walls as
/// boolean grids, breadth-first search over a `Vec` queue, every wall tried one by one.
#[derive(Clone)]
struct Reference {
    n: usize,
    /// `h[c][r]`: a horizontal wall anchored on column `c`, row `r` (both from 0).
    h: [[bool; MAX]; MAX],
    v: [[bool; MAX]; MAX],
    /// `north[c][r]`: the step from (c, r) to (c, r + 1) is on the board and crosses no wall.
    north: [[bool; MAX]; MAX],
    /// `east[c][r]`: the step from (c, r) to (c + 1, r) is on the board and crosses no wall.
    east: [[bool; MAX]; MAX],
    /// `goal[seat][c][r]`: (c, r) is a goal square of the seat.
    goal: [[[bool; MAX]; MAX]; 4],
    pawns: [Option<(usize, usize)>; 4],
    in_game: [bool; 4],
    left: [u8; 4],
    walls_in_hand: [u8; 4],
    turn: Seat,
    ply: u32,
    ply_limit: Option<u32>,
}

fn xy(sq: Square) -> (usize, usize) {
    (usize::from(sq.col()), usize::from(sq.row()))
}

fn square(c: usize, r: usize) -> Square {
    Square::new(c as u8, r as u8).expect("square on the 11 x 11 board")
}

impl Reference {
    fn new(setup: &Setup) -> Reference {
        let mut r = Reference {
            n: usize::from(setup.size.get()),
            h: [[false; MAX]; MAX],
            v: [[false; MAX]; MAX],
            north: [[false; MAX]; MAX],
            east: [[false; MAX]; MAX],
            goal: [[[false; MAX]; MAX]; 4],
            pawns: [None; 4],
            in_game: [false; 4],
            left: [0; 4],
            walls_in_hand: [0; 4],
            turn: setup.turn,
            ply: setup.ply,
            ply_limit: setup.ply_limit,
        };
        for w in setup.walls.iter() {
            let (c, row) = xy(w.anchor());
            match w.orientation() {
                Orientation::Horizontal => r.h[c][row] = true,
                Orientation::Vertical => r.v[c][row] = true,
            }
        }
        let n = r.n.min(MAX);
        for c in 0..n {
            for row in 0..n {
                // A horizontal wall blocks the northward steps of its anchor column and the
                // next; a vertical wall the eastward steps of its anchor row and the next.
                r.north[c][row] = row + 1 < n
                    && !r.h_at(c as isize, row as isize)
                    && !r.h_at(c as isize - 1, row as isize);
                r.east[c][row] = c + 1 < n
                    && !r.v_at(c as isize, row as isize)
                    && !r.v_at(c as isize, row as isize - 1);
                for s in Seat::ALL {
                    r.goal[s.index()][c][row] = match setup.variant {
                        Variant::KingOfTheHill => c == n / 2 && row == n / 2,
                        Variant::Classic => match s {
                            Seat::South => row == n - 1,
                            Seat::West => c == n - 1,
                            Seat::North => row == 0,
                            Seat::East => c == 0,
                        },
                        other => panic!("the reference knows no variant {other}"),
                    };
                }
            }
        }
        for s in Seat::ALL {
            if let Some(st) = setup.seats[s.index()] {
                r.in_game[s.index()] = true;
                r.walls_in_hand[s.index()] = st.walls;
                match st.state {
                    SeatState::Playing(sq) => r.pawns[s.index()] = Some(xy(sq)),
                    SeatState::Left(k) => r.left[s.index()] = k,
                }
            }
        }
        r
    }

    fn active(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| self.pawns[s.index()].is_some())
    }

    fn h_at(&self, c: isize, r: isize) -> bool {
        c >= 0
            && r >= 0
            && (c as usize) < MAX
            && (r as usize) < MAX
            && self.h[c as usize][r as usize]
    }

    fn v_at(&self, c: isize, r: isize) -> bool {
        c >= 0
            && r >= 0
            && (c as usize) < MAX
            && (r as usize) < MAX
            && self.v[c as usize][r as usize]
    }

    /// Whether a pawn may step from (c, r) to the adjacent (c + dc, r + dr): both on the
    /// board and no wall in between.
    fn open(&self, c: usize, r: usize, dc: isize, dr: isize) -> bool {
        if c >= MAX || r >= MAX {
            return false;
        }
        match (dc, dr) {
            (0, 1) => self.north[c][r],
            (0, -1) => r > 0 && self.north[c][r - 1],
            (1, 0) => self.east[c][r],
            (-1, 0) => c > 0 && self.east[c - 1][r],
            _ => false,
        }
    }

    /// The squares one open step from (c, r).
    fn steps(&self, c: usize, r: usize) -> [Option<(usize, usize)>; 4] {
        [
            self.north[c][r].then(|| (c, r + 1)),
            (r > 0 && self.north[c][r - 1]).then(|| (c, r.wrapping_sub(1))),
            self.east[c][r].then(|| (c + 1, r)),
            (c > 0 && self.east[c - 1][r]).then(|| (c.wrapping_sub(1), r)),
        ]
    }

    fn open_step(&self, a: Square, b: Square) -> bool {
        let ((ac, ar), (bc, br)) = (xy(a), xy(b));
        self.open(ac, ar, bc as isize - ac as isize, br as isize - ar as isize)
    }

    fn is_goal(&self, s: Seat, sq: Square) -> bool {
        let (c, r) = xy(sq);
        self.goal[s.index()][c][r]
    }

    /// Breadth-first distance from `sq` to the goal of `s`; pawns do not block.
    fn distance_from(&self, s: Seat, sq: Square) -> Option<u8> {
        let mut dist = [[u8::MAX; MAX]; MAX];
        let (c0, r0) = xy(sq);
        dist[c0][r0] = 0;
        let mut queue = [(0, 0); MAX * MAX];
        queue[0] = (c0, r0);
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let (c, r) = queue[head];
            head += 1;
            if self.goal[s.index()][c][r] {
                return Some(dist[c][r]);
            }
            for (nc, nr) in self.steps(c, r).into_iter().flatten() {
                if dist[nc][nr] == u8::MAX {
                    dist[nc][nr] = dist[c][r] + 1;
                    queue[tail] = (nc, nr);
                    tail += 1;
                }
            }
        }
        None
    }

    /// Distance to the goal of `s` from every square, by one search outward from the goal.
    // Cells are (column, row) coordinates here, so index loops read best.
    #[allow(clippy::needless_range_loop)]
    fn distance_map(&self, s: Seat) -> [[u8; MAX]; MAX] {
        let mut dist = [[u8::MAX; MAX]; MAX];
        let mut queue = Vec::new();
        for r in 0..self.n {
            for c in 0..self.n {
                if self.goal[s.index()][c][r] {
                    dist[c][r] = 0;
                    queue.push((c, r));
                }
            }
        }
        let mut i = 0;
        while i < queue.len() {
            let (c, r) = queue[i];
            i += 1;
            for (nc, nr) in self.steps(c, r).into_iter().flatten() {
                if dist[nc][nr] == u8::MAX {
                    dist[nc][nr] = dist[c][r] + 1;
                    queue.push((nc, nr));
                }
            }
        }
        dist
    }

    fn distance(&self, s: Seat) -> Option<u8> {
        let (c, r) = self.pawns[s.index()]?;
        self.distance_from(s, square(c, r))
    }

    fn occupied(&self, c: usize, r: usize) -> bool {
        self.pawns.contains(&Some((c, r)))
    }

    fn outcome(&self) -> Option<Outcome> {
        let active: Vec<Seat> = self.active().collect();
        if active.len() == 1 {
            return Some(Outcome::Winner(active[0]));
        }
        for &s in &active {
            let (c, r) = self.pawns[s.index()].expect("active");
            if self.is_goal(s, square(c, r)) {
                return Some(Outcome::Winner(s));
            }
        }
        match self.ply_limit {
            Some(limit) if self.ply >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn pawn_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let Some((c, r)) = self.pawns[self.turn.index()] else { return out };
        for (dc, dr) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
            if !self.open(c, r, dc, dr) {
                continue;
            }
            let (tc, tr) = ((c as isize + dc) as usize, (r as isize + dr) as usize);
            if !self.occupied(tc, tr) {
                out.push(Move::Pawn(square(tc, tr)));
                continue;
            }
            // A pawn on the adjacent square: jump straight over it if the square behind is
            // open and empty, else side-step around it.
            if self.open(tc, tr, dc, dr) {
                let (bc, br) = ((tc as isize + dc) as usize, (tr as isize + dr) as usize);
                if !self.occupied(bc, br) {
                    out.push(Move::Pawn(square(bc, br)));
                    continue;
                }
            }
            for (sc, sr) in [(dr, dc), (-dr, -dc)] {
                if self.open(tc, tr, sc, sr) {
                    let (xc, xr) = ((tc as isize + sc) as usize, (tr as isize + sr) as usize);
                    if !self.occupied(xc, xr) {
                        out.push(Move::Pawn(square(xc, xr)));
                    }
                }
            }
        }
        out
    }

    fn wall_fits(&self, c: usize, r: usize, o: Orientation) -> bool {
        if c + 1 >= self.n || r + 1 >= self.n {
            return false;
        }
        let (ci, ri) = (c as isize, r as isize);
        match o {
            Orientation::Horizontal => {
                !(self.h[c][r] || self.h_at(ci - 1, ri) || self.h_at(ci + 1, ri) || self.v[c][r])
            }
            Orientation::Vertical => {
                !(self.v[c][r] || self.v_at(ci, ri - 1) || self.v_at(ci, ri + 1) || self.h[c][r])
            }
        }
    }

    fn everyone_has_a_path(&self) -> bool {
        self.active().all(|s| self.distance(s).is_some())
    }

    /// The steps of one path of `s` from its pawn to its goal, found by a fresh breadth-first
    /// search: `(north, east)`, where `north[c][r]` means the path crosses between (c, r) and
    /// (c, r + 1) and `east[c][r]` between (c, r) and (c + 1, r).
    fn path_steps(&self, s: Seat) -> Option<Grids> {
        let (c0, r0) = self.pawns[s.index()]?;
        let mut parent = [[None; MAX]; MAX];
        let mut seen = [[false; MAX]; MAX];
        seen[c0][r0] = true;
        let mut queue = [(0, 0); MAX * MAX];
        queue[0] = (c0, r0);
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let (c, r) = queue[head];
            head += 1;
            if self.goal[s.index()][c][r] {
                let mut steps = ([[false; MAX]; MAX], [[false; MAX]; MAX]);
                let mut at = (c, r);
                while let Some(from) = parent[at.0][at.1] {
                    let (lo, hi): ((usize, usize), (usize, usize)) = (at.min(from), at.max(from));
                    if lo.0 == hi.0 {
                        steps.0[lo.0][lo.1] = true;
                    } else {
                        steps.1[lo.0][lo.1] = true;
                    }
                    at = from;
                }
                return Some(steps);
            }
            for (nc, nr) in self.steps(c, r).into_iter().flatten() {
                if !seen[nc][nr] {
                    seen[nc][nr] = true;
                    parent[nc][nr] = Some((c, r));
                    queue[tail] = (nc, nr);
                    tail += 1;
                }
            }
        }
        None
    }

    fn wall_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.walls_in_hand[self.turn.index()] == 0 {
            return out;
        }
        // A wall that blocks no step of some path of every player leaves those paths open:
        // only the walls that block a step of one of these paths need a search.
        let paths: Vec<Grids> = self.active().filter_map(|s| self.path_steps(s)).collect();
        for r in 0..self.n {
            for c in 0..self.n {
                for o in [Orientation::Horizontal, Orientation::Vertical] {
                    if !self.wall_fits(c, r, o) {
                        continue;
                    }
                    let cuts = paths.iter().any(|(north, east)| match o {
                        Orientation::Horizontal => north[c][r] || north[c + 1][r],
                        Orientation::Vertical => east[c][r] || east[c][r + 1],
                    });
                    if !cuts {
                        let w = Wall::new(square(c, r), o).expect("anchor inside the board");
                        out.push(Move::Wall(w));
                        continue;
                    }
                    // The wall blocks two steps: north from (c, r) and (c + 1, r), or east
                    // from (c, r) and (c, r + 1). Block them, search, put them back.
                    let saved = (self.north, self.east);
                    match o {
                        Orientation::Horizontal => {
                            self.north[c][r] = false;
                            self.north[c + 1][r] = false;
                        }
                        Orientation::Vertical => {
                            self.east[c][r] = false;
                            self.east[c][r + 1] = false;
                        }
                    }
                    let ok = self.everyone_has_a_path();
                    (self.north, self.east) = saved;
                    if ok {
                        let w = Wall::new(square(c, r), o).expect("anchor inside the board");
                        out.push(Move::Wall(w));
                    }
                }
            }
        }
        out
    }

    /// Every legal move of the side to move; none when the game is over.
    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = self.pawn_moves();
        moves.extend(self.clone().wall_moves());
        moves
    }

    /// The ranking of docs/rules.md: winner first; then the players still in the game by
    /// distance, ties shared; then the leavers, the later first. In a draw every player still
    /// in the game is first.
    fn rank(&self, s: Seat) -> Option<u8> {
        if !self.in_game[s.index()] {
            return None;
        }
        let outcome = self.outcome();
        let active: Vec<Seat> = self.active().collect();
        if self.pawns[s.index()].is_none() {
            let later = Seat::ALL.iter().filter(|t| self.left[t.index()] > self.left[s.index()]);
            return Some((active.len() + 1 + later.count()) as u8);
        }
        match outcome {
            Some(Outcome::Draw) => Some(1),
            Some(Outcome::Winner(w)) if w == s => Some(1),
            Some(Outcome::Winner(w)) => {
                let d = self.distance(s);
                let better = active.iter().filter(|&&t| t != w && self.distance(t) < d);
                Some(2 + better.count() as u8)
            }
            None => {
                let d = self.distance(s);
                Some(1 + active.iter().filter(|&&t| self.distance(t) < d).count() as u8)
            }
        }
    }
}

/// The rules of a legal setup, written out one by one (the reference for
/// `Position::try_from`).
pub fn setup_is_legal(setup: &Setup) -> bool {
    let n = setup.size.get();
    if !(5..=11).contains(&n) || n % 2 == 0 {
        return false;
    }
    let present: Vec<Seat> =
        Seat::ALL.into_iter().filter(|s| setup.seats[s.index()].is_some()).collect();
    let allowed: [&[Seat]; 3] = [
        &[Seat::South, Seat::North],
        &[Seat::South, Seat::West, Seat::North],
        &[Seat::South, Seat::West, Seat::North, Seat::East],
    ];
    if !allowed.contains(&present.as_slice()) {
        return false;
    }
    if setup.variant == Variant::KingOfTheHill && present.len() != 4 {
        return false;
    }
    let mut left = Vec::new();
    let mut pawns = Vec::new();
    for st in setup.seats.iter().flatten() {
        if st.walls > 127 {
            return false;
        }
        match st.state {
            SeatState::Left(k) => left.push(k),
            SeatState::Playing(sq) => {
                let (c, r) = xy(sq);
                if c >= usize::from(n) || r >= usize::from(n) || pawns.contains(&sq) {
                    return false;
                }
                pawns.push(sq);
            }
        }
    }
    left.sort_unstable();
    if left.iter().enumerate().any(|(i, &k)| usize::from(k) != i + 1) || pawns.is_empty() {
        return false;
    }
    let walls: Vec<Wall> = setup.walls.iter().collect();
    for (i, a) in walls.iter().enumerate() {
        let (ac, ar) = xy(a.anchor());
        if ac + 1 >= usize::from(n) || ar + 1 >= usize::from(n) {
            return false;
        }
        for b in &walls[i + 1..] {
            let ((ac, ar), (bc, br)) = (xy(a.anchor()), xy(b.anchor()));
            let same_centre = (ac, ar) == (bc, br);
            let overlap = a.orientation() == b.orientation()
                && match a.orientation() {
                    Orientation::Horizontal => ar == br && ac.abs_diff(bc) == 1,
                    Orientation::Vertical => ac == bc && ar.abs_diff(br) == 1,
                };
            if same_centre || overlap {
                return false;
            }
        }
    }
    let turn_seat = setup.seats[setup.turn.index()];
    let turn_plays = turn_seat.is_some_and(|st| matches!(st.state, SeatState::Playing(_)));
    if !turn_plays {
        return false;
    }
    let r = Reference::new(setup);
    if !r.everyone_has_a_path() {
        return false;
    }
    let on_goal = r
        .active()
        .filter(|&s| r.pawns[s.index()].is_some_and(|(c, row)| r.is_goal(s, square(c, row))))
        .count();
    if on_goal > 1 {
        return false;
    }
    if let Some(limit) = setup.ply_limit {
        if limit == 0 || setup.ply > limit {
            return false;
        }
    }
    r.outcome().is_some() || !r.legal_moves().is_empty()
}
