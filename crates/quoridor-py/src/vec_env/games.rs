//! The games of a `VecEnv` and what plays the other seats, in plain Rust: no Python in here
//! but the handle of a Python opponent, which `mod.rs` calls between the steps of this file.

use std::collections::TryReserveError;

use pyo3::prelude::*;
use quoridor_ai::Bot;
use quoridor_core::action::{ActionMap, EncodeError, action_count};
use quoridor_core::observation::{observe, planes, reward};
use quoridor_core::{
    Bitboard, Config, Move, Orientation, Outcome, PlayError, Position, Seat, Square, Wall, WallSet,
};

use crate::engine::BotKind;

/// A game's past as an engine opponent reads it: the positions since the last move that no
/// later position can undo (a wall placed, a seat out of the game), the moves since.
pub(crate) type Past = quoridor_core::Game;
use crate::rng::Rng;

/// The most action ids of a board (11 x 11).
const MAX_ACTIONS: usize = action_count(quoridor_core::BoardSize::ALL[3]);

/// `Ok` when a buffer of `found` values holds the `expected` ones.
fn check_len(expected: usize, found: usize) -> Result<(), EncodeError> {
    if expected == found { Ok(()) } else { Err(EncodeError::Length { expected, found }) }
}

/// What an environment does with a game that ended (Gymnasium's autoreset modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Autoreset {
    /// The game starts again in the step that ended it; its final observation is kept aside.
    SameStep,
    /// The step that ends a game returns its final observation; the next step starts it
    /// again (and ignores its action).
    NextStep,
    /// The game stays over until the caller resets it.
    Disabled,
}

impl Autoreset {
    pub(crate) const ALL: [(&'static str, Autoreset); 3] = [
        ("same_step", Autoreset::SameStep),
        ("next_step", Autoreset::NextStep),
        ("disabled", Autoreset::Disabled),
    ];

    pub(crate) fn name(self) -> &'static str {
        Autoreset::ALL.iter().find(|(_, a)| *a == self).map_or("?", |(n, _)| n)
    }
}

/// What an illegal action (an id of the board, but a move the rules forbid) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// Raise `IllegalMoveError`; nothing changes.
    Raise,
    /// The player who tried it resigns: it loses (reward -1) and leaves the game.
    Lose,
}

impl Illegal {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Illegal::Raise => "raise",
            Illegal::Lose => "lose",
        }
    }
}

/// What plays the seats the caller does not play.
pub(crate) enum Opponent {
    /// Nothing: the caller plays every seat (self-play).
    SelfPlay,
    /// Uniformly random legal moves, drawn from each game's own generator.
    Random,
    /// A built-in bot shared by the games (greedy, or the engine at a level), made from a seed.
    Bot(BotKind, u64, Box<dyn Bot + Send + Sync>),
    /// A Python callable, `opponent(obs, mask) -> actions`, called once for all the games
    /// waiting for it.
    Python(Py<PyAny>),
}

impl Opponent {
    pub(crate) fn is_self_play(&self) -> bool {
        matches!(self, Opponent::SelfPlay)
    }
}

/// One game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Game {
    pub(crate) pos: Position,
    /// The caller's seat (with an opponent).
    pub(crate) agent: Seat,
    /// The seat whose view the observation, mask and action take: the side to move in
    /// self-play, the agent otherwise; for a game that ended, the player it ended for.
    pub(crate) view: Seat,
    pub(crate) rng: Rng,
    /// Over for the caller and not started again yet (next-step and disabled autoreset).
    pub(crate) ended: bool,
    /// The legal moves seen from the view (none when another seat is to move), when
    /// `known`: found once for the mask the caller gets, then read to check its action and to
    /// sample, so that the walls' path rule is not worked out again for either.
    pub(crate) legal: (Bitboard, WallSet),
    pub(crate) known: bool,
}

impl Game {
    pub(crate) fn new(pos: Position, agent: Seat, view: Seat, rng: Rng, ended: bool) -> Game {
        let legal = (Bitboard::EMPTY, WallSet::new());
        Game { pos, agent, view, rng, ended, legal, known: false }
    }

    /// The legal moves of the view (see `legal`), found now if they are not known.
    fn legal_moves(&self) -> (Bitboard, WallSet) {
        if self.known {
            self.legal
        } else if self.ended || self.pos.is_game_over() || self.pos.turn() != self.view {
            (Bitboard::EMPTY, WallSet::new())
        } else {
            (self.pos.pawn_moves(), self.pos.legal_walls())
        }
    }
}

/// The `k`-th square of `set` (in index order): the half of the set, then the byte of that
/// half, then the bit of that byte.
fn nth_square(set: Bitboard, k: usize) -> Option<Square> {
    let bits = set.bits();
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let in_low = low.count_ones() as usize;
    let (word, k, base) = if k < in_low { (low, k, 0) } else { (high, k - in_low, 64) };
    let i = nth_bit(word, k)?;
    u8::try_from(base + i).ok().and_then(Square::from_index)
}

/// The index of the `k`-th set bit of `x` (from bit 0), if it has that many.
fn nth_bit(x: u64, k: usize) -> Option<u32> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Each byte's count of set bits, then (times ONES) each byte's count with the bytes below.
    let pairs = x - (x >> 1 & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let upto = bytes.wrapping_mul(ONES);
    let k = u64::try_from(k).ok().filter(|&k| k < upto >> 56)?;
    // The bytes whose running count is at most k come first: as many as the byte sought.
    let at_most = (((k * ONES) | 0x8080_8080_8080_8080) - upto) & 0x8080_8080_8080_8080;
    let byte = ((at_most >> 7).wrapping_mul(ONES) >> 56) as u32;
    let before = if byte == 0 { 0 } else { upto >> (8 * (byte - 1)) & 0xFF };
    let mut b = (x >> (8 * byte)) as u8;
    for _ in before..k {
        b &= b - 1;
    }
    Some(8 * byte + b.trailing_zeros())
}

/// Why a step or a reset was refused (nothing changed).
pub(crate) enum Refusal {
    OutOfRange {
        game: usize,
        action: i128,
    },
    Illegal {
        game: usize,
        action: i128,
        mv: Move,
        err: PlayError,
    },
    /// A game that is over was stepped with autoreset disabled.
    Over {
        game: usize,
    },
    /// A start position that ends before the caller's first move.
    EndsAtOnce {
        game: usize,
    },
    /// No memory for the arrays.
    Memory,
    /// Cannot happen: the buffers are made for the games.
    Encode(EncodeError),
}

impl From<TryReserveError> for Refusal {
    fn from(_: TryReserveError) -> Refusal {
        Refusal::Memory
    }
}

impl From<EncodeError> for Refusal {
    fn from(e: EncodeError) -> Refusal {
        Refusal::Encode(e)
    }
}

/// `n` copies of `value`, or the allocator's refusal (rather than an abort).
pub(crate) fn filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)?;
    v.resize(n, value);
    Ok(v)
}

/// A step's rewards and done flags, one entry per game.
pub(crate) struct Outputs {
    pub(crate) rewards: Vec<f32>,
    pub(crate) terminated: Vec<bool>,
    pub(crate) truncated: Vec<bool>,
}

/// What the caller plays in each game of a step: a move, a resignation (an illegal action
/// when those lose), or nothing (a game that starts again instead).
#[derive(Clone, Copy)]
pub(crate) enum Play {
    Move(Move),
    Resign,
    Restart,
}

/// The games, their settings, and what the last step left for the caller to read.
pub(crate) struct Games {
    /// Every game's configuration (its ply limit always set).
    pub(crate) config: Config,
    /// The configuration's start position.
    pub(crate) start: Position,
    /// Where games start: `start` when empty, else one of these.
    pub(crate) starts: Vec<Position>,
    pub(crate) games: Vec<Game>,
    /// Each game's past, kept when an engine plays the other seats of three or four players
    /// ([`Games::keeps_pasts`]; empty otherwise): the engine then knows that a move back to
    /// one of those positions is a repetition, as in `quoridor match`, the protocol and the
    /// page, and does not shuffle to and fro.
    pub(crate) pasts: Vec<Past>,
    pub(crate) opponent: Opponent,
    /// The caller's seat, or `None` to draw it for every game.
    pub(crate) agent_seat: Option<Seat>,
    pub(crate) autoreset: Autoreset,
    pub(crate) illegal: Illegal,
    /// The winner of each game that ended in the last step (seat index), -1 otherwise.
    pub(crate) winners: Vec<i8>,
    /// Each game whose action in the last step was illegal (and lost it).
    pub(crate) illegal_played: Vec<bool>,
    /// The games that ended in the last step, in order, their final observations (one after
    /// the other) and the seat each ended for.
    pub(crate) final_games: Vec<usize>,
    pub(crate) final_obs: Vec<f32>,
    pub(crate) final_seats: Vec<i8>,
    pub(crate) maps: [ActionMap; 4],
}

impl Games {
    pub(crate) fn obs_len(&self) -> usize {
        let n = usize::from(self.config.size.get());
        planes(self.config.players) * n * n
    }

    pub(crate) fn action_count(&self) -> usize {
        action_count(self.config.size)
    }

    /// Whether game `i` is over for the caller: won, drawn, or (with an opponent) the
    /// agent has left it.
    pub(crate) fn done(&self, i: usize) -> bool {
        let g = &self.games[i];
        g.pos.is_game_over() || (!self.opponent.is_self_play() && !g.pos.is_active(g.agent))
    }

    /// Whether the games keep their pasts: an engine level plays the other seats, and a
    /// repetition means something to it (three or four players; a two-player game never
    /// comes back to a position a player would avoid).
    pub(crate) fn keeps_pasts(&self) -> bool {
        matches!(self.opponent, Opponent::Bot(BotKind::Level(_), ..))
            && self.config.players.get() > 2
    }

    /// Brings game `i`'s past up to its position after `event`: a pawn move extends it; a
    /// wall, a resignation or a new start begins it again (no position before them can come
    /// back).
    pub(crate) fn note(&mut self, i: usize, event: Option<Move>) {
        let Some(past) = self.pasts.get_mut(i) else { return };
        let pos = self.games[i].pos;
        if let Some(m @ Move::Pawn(_)) = event
            && past.play(m).is_ok()
            && *past.position() == pos
        {
            return;
        }
        *past = Past::from_position(pos);
    }

    /// Whether game `i` waits for an opponent's move.
    pub(crate) fn waits(&self, i: usize) -> bool {
        !self.opponent.is_self_play()
            && !self.done(i)
            && self.games[i].pos.turn() != self.games[i].agent
    }

    /// Lets a built-in opponent move in game `i` until the agent is to move or the game is
    /// over for it. A Python opponent moves in batches, from `mod.rs`.
    pub(crate) fn bots_move(&mut self, i: usize) {
        while self.waits(i) {
            let g = &mut self.games[i];
            let m = match &mut self.opponent {
                Opponent::Random => {
                    let moves = g.pos.legal_moves();
                    moves.get(g.rng.below(moves.len())).copied()
                }
                Opponent::Bot(_, _, bot) => match self.pasts.get(i) {
                    Some(past) => bot.choose_in_game(past),
                    None => bot.choose(&g.pos),
                },
                Opponent::SelfPlay | Opponent::Python(_) => return,
            };
            match m {
                Some(m) => g.pos.play_unchecked(m),
                None => return,
            }
            self.note(i, m);
        }
    }

    /// Starts game `i` again from `start` (or the environment's start), drawing the agent's
    /// seat among the players when it is not fixed, and lets built-in opponents move up to the
    /// agent's turn. A Python opponent's moves follow in `mod.rs`.
    pub(crate) fn restart(&mut self, i: usize, start: Option<Position>) {
        let self_play = self.opponent.is_self_play();
        let g = &mut self.games[i];
        g.pos = match start {
            Some(p) => p,
            None if self.starts.is_empty() => self.start,
            None => self.starts[g.rng.below(self.starts.len())],
        };
        g.agent = match self.agent_seat {
            Some(s) => s,
            None if self_play => g.pos.turn(),
            None => {
                let n = g.pos.active_seats().count();
                let k = g.rng.below(n);
                g.pos.active_seats().nth(k).unwrap_or_else(|| g.pos.turn())
            }
        };
        g.view = g.agent;
        g.ended = false;
        g.known = false;
        self.note(i, None);
        self.bots_move(i);
        self.settle_view(i);
    }

    /// Sets the view of game `i` after a move: the agent, or the side to move in self-play.
    pub(crate) fn settle_view(&mut self, i: usize) {
        let self_play = self.opponent.is_self_play();
        let g = &mut self.games[i];
        if !g.pos.is_game_over() || !self_play {
            g.view = if self_play { g.pos.turn() } else { g.agent };
        }
    }

    /// A uniformly random legal id of game `i`, seen from its view, drawn from its generator
    /// (0 when it has none: it waits to start again, or is over).
    pub(crate) fn sample(&mut self, i: usize) -> usize {
        let map = self.maps[self.games[i].view.index()];
        let g = &mut self.games[i];
        let (pawns, walls) = g.legal_moves();
        let count = pawns.len() + walls.len();
        if count == 0 {
            return 0;
        }
        // The k-th legal move, in the order of `Position::legal_moves`: pawn moves, then
        // horizontal walls, then vertical walls, each by square index.
        let k = g.rng.below(count);
        let (h, v) = (walls.horizontal(), walls.vertical());
        let m = if k < pawns.len() {
            nth_square(pawns, k).map(Move::Pawn)
        } else if k < pawns.len() + h.len() {
            nth_square(h, k - pawns.len())
                .and_then(|sq| Wall::new(sq, Orientation::Horizontal))
                .map(Move::Wall)
        } else {
            nth_square(v, k - pawns.len() - h.len())
                .and_then(|sq| Wall::new(sq, Orientation::Vertical))
                .map(Move::Wall)
        };
        m.and_then(|m| map.action(m)).unwrap_or(0)
    }

    /// Reads every action before playing any, so that a refused one changes nothing.
    pub(crate) fn check(&self, actions: &[i128]) -> Result<Vec<Play>, Refusal> {
        let mut plays = Vec::new();
        plays.try_reserve_exact(actions.len())?;
        for (game, &action) in actions.iter().enumerate() {
            let g = &self.games[game];
            if g.ended {
                match self.autoreset {
                    Autoreset::Disabled => return Err(Refusal::Over { game }),
                    _ => {
                        plays.push(Play::Restart);
                        continue;
                    }
                }
            }
            let map = self.maps[g.view.index()];
            let mv = usize::try_from(action)
                .ok()
                .and_then(|a| map.to_move(a))
                .ok_or(Refusal::OutOfRange { game, action })?;
            let legal = match (g.known, mv) {
                (true, Move::Pawn(sq)) => g.legal.0.contains(sq),
                (true, Move::Wall(w)) => g.legal.1.contains(w),
                (false, _) => g.pos.check(mv).is_ok(),
            };
            if legal {
                plays.push(Play::Move(mv));
                continue;
            }
            // The rules say why (the legal moves and the rules agree, so this fails).
            match g.pos.check(mv) {
                Ok(()) => plays.push(Play::Move(mv)),
                Err(_) if self.illegal == Illegal::Lose => plays.push(Play::Resign),
                Err(err) => return Err(Refusal::Illegal { game, action, mv, err }),
            }
        }
        Ok(plays)
    }

    /// Plays the caller's part of a step in every game, and the built-in opponents' replies.
    /// Returns the games started again instead (their action ignored).
    pub(crate) fn play(&mut self, plays: &[Play]) -> Vec<usize> {
        let mut restarted = Vec::new();
        self.winners.fill(-1);
        self.illegal_played.fill(false);
        self.final_games.clear();
        self.final_obs.clear();
        self.final_seats.clear();
        for (i, &p) in plays.iter().enumerate() {
            let g = &mut self.games[i];
            g.known = false;
            // The player who acts: it is to move (the agent, or the side to move).
            let mover = g.pos.turn();
            g.view = mover;
            let played = match p {
                Play::Restart => {
                    restarted.push(i);
                    continue;
                }
                Play::Move(m) => {
                    g.pos.play_unchecked(m);
                    Some(m)
                }
                Play::Resign => {
                    // Cannot fail: the game goes on and the side to move is in it.
                    let _ = g.pos.resign(mover);
                    self.illegal_played[i] = true;
                    None
                }
            };
            self.note(i, played);
            self.bots_move(i);
        }
        restarted
    }

    /// After the opponents have moved: rewards and done flags, the final observations of the
    /// games that ended, and the games to start again in this step (same-step autoreset).
    pub(crate) fn score(&mut self, out: &mut Outputs) -> Result<Vec<usize>, Refusal> {
        let mut again = Vec::new();
        let o = self.obs_len();
        for i in 0..self.games.len() {
            if self.games[i].ended {
                continue;
            }
            let me =
                if self.opponent.is_self_play() { self.games[i].view } else { self.games[i].agent };
            out.rewards[i] = f32::from(reward(&self.games[i].pos, me));
            if !self.done(i) {
                self.settle_view(i);
                continue;
            }
            match self.games[i].pos.outcome() {
                Some(Outcome::Draw) => out.truncated[i] = true,
                Some(Outcome::Winner(w)) => {
                    out.terminated[i] = true;
                    self.winners[i] = w.index() as i8;
                }
                // The agent left a game that goes on without it.
                None => out.terminated[i] = true,
            }
            self.games[i].view = me;
            self.final_games.push(i);
            self.final_seats.push(me.index() as i8);
            let start = self.final_obs.len();
            self.final_obs.try_reserve(o)?;
            self.final_obs.resize(start + o, 0.0);
            observe(&self.games[i].pos, me, &mut self.final_obs[start..])?;
            match self.autoreset {
                Autoreset::SameStep => again.push(i),
                Autoreset::NextStep | Autoreset::Disabled => self.games[i].ended = true,
            }
        }
        Ok(again)
    }

    /// Writes the observations of the games in `rows` (every game when `None`) into `obs`,
    /// one after the other, and appends their legal-action masks to `mask` (as `M`: `bool`,
    /// or 0 and 1): seen from each game's view, or with `side_to_move` from the side to move
    /// (for an opponent). A mask is all false when the game is over for the caller or another
    /// seat is to move. Each value of `mask` is written once (reserve its room first).
    pub(crate) fn observe_into<M: Copy + From<bool>>(
        &mut self,
        rows: Option<&[usize]>,
        side_to_move: bool,
        obs: &mut [f32],
        mask: &mut Vec<M>,
    ) -> Result<(), EncodeError> {
        let (o, a) = (self.obs_len(), self.action_count());
        let b = rows.map_or(self.games.len(), <[usize]>::len);
        check_len(b * o, obs.len())?;
        // One game's mask, then copied into `mask` from here (every board has at most
        // MAX_ACTIONS ids).
        let mut one = [false; MAX_ACTIONS];
        let one =
            one.get_mut(..a).ok_or(EncodeError::Length { expected: a, found: MAX_ACTIONS })?;
        for (k, obs) in obs.chunks_exact_mut(o).enumerate() {
            let i = rows.map_or(k, |r| r[k]);
            let maps = self.maps;
            let g = &mut self.games[i];
            if side_to_move {
                let view = g.pos.turn();
                observe(&g.pos, view, obs)?;
                maps[view.index()].moves_mask(g.pos.pawn_moves(), g.pos.legal_walls(), one)?;
            } else {
                observe(&g.pos, g.view, obs)?;
                g.legal = g.legal_moves();
                g.known = true;
                maps[g.view.index()].moves_mask(g.legal.0, g.legal.1, one)?;
            }
            mask.extend(one.iter().map(|&x| M::from(x)));
        }
        Ok(())
    }

    /// Buffers for one step's results.
    pub(crate) fn outputs(&self) -> Result<Outputs, TryReserveError> {
        let b = self.games.len();
        Ok(Outputs {
            rewards: filled(b, 0.0)?,
            terminated: filled(b, false)?,
            truncated: filled(b, false)?,
        })
    }

    /// Each game's view (seat index), its winner in the last step (-1 when none) and whether
    /// its action in the last step was illegal.
    pub(crate) fn last_step(&self) -> (Vec<i8>, Vec<i8>, Vec<bool>) {
        let views = self.games.iter().map(|g| g.view.index() as i8).collect();
        (views, self.winners.clone(), self.illegal_played.clone())
    }

    /// Forgets what the last step left to read (after a reset).
    pub(crate) fn clear_last_step(&mut self, games: &[usize]) {
        for &i in games {
            self.winners[i] = -1;
            self.illegal_played[i] = false;
        }
        self.final_games.clear();
        self.final_obs.clear();
        self.final_seats.clear();
    }

    /// Reseeds the shared bot (greedy has no randomness; a level's noise does).
    pub(crate) fn reseed_bot(&mut self, seed: u64) {
        if let Opponent::Bot(kind, s, bot) = &mut self.opponent {
            *s = seed;
            *bot = kind.make(seed);
        }
    }

    /// The games waiting for a Python opponent.
    pub(crate) fn waiting(&self) -> Vec<usize> {
        (0..self.games.len()).filter(|&i| self.waits(i)).collect()
    }
}

/// What a step or a reset changes, kept to be put back when a Python opponent fails or a
/// start position is refused halfway (a shared engine bot's memory is not: it only affects
/// the engine's later choices).
pub(crate) struct Snapshot {
    games: Vec<Game>,
    pasts: Vec<Past>,
    winners: Vec<i8>,
    illegal_played: Vec<bool>,
    final_games: Vec<usize>,
    final_obs: Vec<f32>,
    final_seats: Vec<i8>,
}

impl Games {
    pub(crate) fn snapshot(&self) -> Result<Snapshot, TryReserveError> {
        let copy = |v: &Vec<Game>| {
            let mut c = Vec::new();
            c.try_reserve_exact(v.len()).map(|()| {
                c.extend_from_slice(v);
                c
            })
        };
        let mut pasts = Vec::new();
        pasts.try_reserve_exact(self.pasts.len())?;
        pasts.extend(self.pasts.iter().cloned());
        Ok(Snapshot {
            games: copy(&self.games)?,
            pasts,
            winners: self.winners.clone(),
            illegal_played: self.illegal_played.clone(),
            final_games: self.final_games.clone(),
            final_obs: self.final_obs.clone(),
            final_seats: self.final_seats.clone(),
        })
    }

    pub(crate) fn restore(&mut self, s: Snapshot) {
        self.games = s.games;
        self.pasts = s.pasts;
        self.winners = s.winners;
        self.illegal_played = s.illegal_played;
        self.final_games = s.final_games;
        self.final_obs = s.final_obs;
        self.final_seats = s.final_seats;
    }
}
