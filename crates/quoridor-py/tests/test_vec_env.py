"""The vectorized environment: shapes, the autoreset modes and final observations, rewards,
opponents (built-in, Python, self-play), per-game seeds and resets, start positions, illegal
actions, pickling, threads, agreement with the Position API, and bad arguments refused
before anything changes."""

import pickle
import threading

import numpy as np
import pytest
from conftest import VARIANTS, variant_id

import quoridor as q


def play(env, steps, seed=0):
    rng = np.random.default_rng(seed)
    obs, mask = env.reset()
    for _ in range(steps):
        scores = rng.random(mask.shape) * mask
        obs, mask, rewards, terminated, truncated = env.step(scores.argmax(axis=1))
    return obs, mask


@pytest.mark.parametrize("config", VARIANTS, ids=variant_id)
def test_vec_env_agrees_with_positions(config):
    env = q.VecEnv(6, config, seed=3)
    obs, mask = env.reset()
    n = q.action_count(config.size)
    assert obs.shape == (6, *q.observation_shape(config.size, config.players)) and obs.dtype == np.float32
    assert mask.shape == (6, n) and mask.dtype == np.bool_
    rng = np.random.default_rng(1)
    for _ in range(120):
        positions = env.positions()
        for i, pos in enumerate(positions):
            assert int(env.to_play[i]) == pos.turn.index
            assert (mask[i] == pos.legal_action_mask()).all()
            assert (obs[i] == pos.observation()).all()
        actions = env.sample_actions()
        assert all(pos.legal_action_mask()[a] for pos, a in zip(positions, actions))
        if rng.random() < 0.5:
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, rewards, terminated, truncated = env.step(actions)
        for i, (pos, a) in enumerate(zip(positions, actions)):
            after = pos.play_action(int(a))
            if terminated[i]:
                assert after.winner is not None and rewards[i] == 1.0  # only the mover can win
                assert env.winners[i] == after.winner.index
                assert env.positions()[i] == q.Position.start(env.config)
            elif truncated[i]:
                assert after.is_draw and rewards[i] == 0.0
            else:
                assert env.positions()[i] == after and rewards[i] == 0.0


def test_games_end_and_start_again():
    env = q.VecEnv(32, q.Config(size=5, ply_limit=30), seed=0)
    env.reset()
    ended = truncated_total = 0
    for _ in range(200):
        obs, mask, rewards, terminated, truncated = env.step(env.sample_actions())
        ended += terminated.sum()
        truncated_total += truncated.sum()
        assert mask.any(axis=1).all()  # never a finished game in the batch
    assert ended > 0 and truncated_total > 0


@pytest.mark.parametrize("opponent", ["random", "greedy", 2])
def test_opponents_play_the_other_seats(opponent):
    env = q.VecEnv(8, q.Config(size=5), opponent=opponent, seed=5)
    obs, mask = env.reset()
    seats = set()
    results = []
    for _ in range(60):
        for i, pos in enumerate(env.positions()):
            assert pos.turn.index == env.to_play[i]  # always the agent's turn
            seats.add(int(env.to_play[i]))
        obs, mask, rewards, terminated, truncated = env.step(env.sample_actions())
        results.extend(rewards[terminated].tolist())
    assert seats == {0, 2} and results and set(results) <= {-1.0, 1.0}
    if opponent == 2:
        assert -1.0 in results  # the engine beats random play
    fixed = q.VecEnv(4, q.Config(players=3), opponent="random", agent_seat="W")
    fixed.reset()
    assert (fixed.to_play == 1).all() and all(p.turn == q.Seat.WEST for p in fixed.positions())


def test_reset_with_a_seed_repeats_the_games():
    def run(seed):
        env = q.VecEnv(4, q.Config(size=5), opponent="random", seed=seed)
        env.reset(seed=seed)
        for _ in range(30):
            env.step(env.sample_actions())
        return [str(p) for p in env.positions()]

    assert run(7) == run(7)


def test_bad_action_arrays_are_refused_and_change_nothing():
    env = q.VecEnv(4, seed=0)
    obs, mask = env.reset()
    play(env, 3)
    before = env.positions()
    good = env.sample_actions()
    illegal = good.copy()
    illegal[2] = int(np.flatnonzero(~env.positions()[2].legal_action_mask())[0])
    with pytest.raises(q.IllegalMoveError, match=rf"game 2: action {illegal[2]} \(.*\): "):
        env.step(illegal)
    out_of_range = good.copy()
    out_of_range[1] = 209
    with pytest.raises(IndexError, match="game 1: 209 is not an action id: ids run from 0 to 208"):
        env.step(out_of_range)
    out_of_range[1] = -1
    with pytest.raises(IndexError, match="game 1: -1 is not an action id"):
        env.step(out_of_range)
    with pytest.raises(ValueError, match=r"actions has shape \(3,\): expected \(4,\), one action id per game"):
        env.step(good[:3])
    with pytest.raises(ValueError, match=r"actions has shape \(4, 1\)"):
        env.step(good.reshape(4, 1))
    with pytest.raises(TypeError, match="actions must be integers"):
        env.step(good.astype(np.float32))
    assert env.positions() == before
    env.step(good.astype(np.int32).tolist())  # any integer array-like will do
    assert env.positions() != before


def test_bad_arguments():
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        q.VecEnv(0)
    with pytest.raises(ValueError, match="agent_seat needs an opponent"):
        q.VecEnv(2, agent_seat="S")
    with pytest.raises(ValueError, match="East does not play in a 3-player game"):
        q.VecEnv(2, q.Config(players=3), opponent="random", agent_seat="E")
    with pytest.raises(ValueError, match='autoreset must be "same_step", "next_step" or "disabled"'):
        q.VecEnv(2, autoreset="sometimes")
    with pytest.raises(ValueError, match='illegal_action must be "raise" or "lose"'):
        q.VecEnv(2, illegal_action="ignore")
    with pytest.raises(ValueError, match="is not an opponent"):
        q.VecEnv(2, opponent="nobody")
    with pytest.raises(ValueError, match="is not an opponent"):
        q.VecEnv(2, opponent=3.5)
    env = q.VecEnv(3, q.Config(size=7, players=4))
    assert (env.num_envs, len(env), env.action_count, env.observation_shape) == (3, 3, 121, (14, 7, 7))
    assert "VecEnv(3" in repr(env)


def final_rows(env, done):
    """The final observations by game, from ``final_games``."""
    assert env.final_games.tolist() == np.flatnonzero(done).tolist()
    return dict(zip(env.final_games.tolist(), env.final_obs))


@pytest.mark.parametrize("opponent", [None, "random"])
def test_same_step_keeps_the_final_observation_aside(opponent):
    env = q.VecEnv(8, q.Config(size=5, ply_limit=20), opponent=opponent, seed=1)
    obs, mask = env.reset()
    seen = {"terminated": 0, "truncated": 0}
    for _ in range(200):
        before = env.positions()
        views = env.to_play.copy()
        actions = env.sample_actions()
        obs, mask, rewards, terminated, truncated = env.step(actions)
        done = terminated | truncated
        finals = final_rows(env, done)
        assert env.final_obs.shape == (done.sum(), 8, 5, 5)
        for i in np.flatnonzero(done):
            # The final position is not kept by the environment: rebuild it from the move.
            after = before[i].play_action(int(actions[i]), int(views[i]))
            if opponent is None:
                assert (finals[i] == after.observation(int(views[i]))).all()
                assert env.final_seats[list(finals).index(i)] == views[i]
            assert mask[i].any(), "the row is already the new game's"
            seen["terminated" if terminated[i] else "truncated"] += 1
    assert seen["terminated"] > 0 and seen["truncated"] > 0


def test_next_step_returns_the_final_observation_then_starts_again():
    env = q.VecEnv(6, q.Config(size=5, ply_limit=16), opponent="random", autoreset="next_step", seed=2)
    obs, mask = env.reset()
    pending = np.zeros(6, dtype=bool)
    restarts = 0
    for _ in range(150):
        actions = env.sample_actions()
        if pending.any():
            actions[pending] = 10_000  # ignored: those games start again
        obs, mask, rewards, terminated, truncated = env.step(actions)
        assert not (terminated[pending] | truncated[pending]).any() and (rewards[pending] == 0).all()
        assert mask[pending].any(axis=1).all(), "started again"
        restarts += int(pending.sum())
        done = terminated | truncated
        assert (env.final_obs == obs[done]).all() and not mask[done].any()
        positions = env.positions()
        assert all(positions[i].is_game_over or positions[i].turn.index != env.to_play[i] for i in np.flatnonzero(done))
        pending = done
    assert restarts > 0


def test_disabled_autoreset_waits_for_the_caller():
    env = q.VecEnv(4, q.Config(size=5, ply_limit=10), autoreset="disabled", seed=3)
    env.reset()
    done = np.zeros(4, dtype=bool)
    while not done.any():
        obs, mask, rewards, terminated, truncated = env.step(env.sample_actions())
        done = terminated | truncated
    game = int(np.flatnonzero(done)[0])
    before = env.positions()
    with pytest.raises(ValueError, match=f"game {game} is over: with autoreset \"disabled\", reset it"):
        env.step(env.sample_actions())
    assert env.positions() == before
    obs, mask = env.reset(games=done)
    after = env.positions()
    for i in range(4):
        if done[i]:
            assert after[i] == q.Position.start(env.config)
        else:
            assert after[i] == before[i], "the other games go on"
    env.step(env.sample_actions())
    with pytest.raises(ValueError, match="games selects no game"):
        env.reset(games=np.zeros(4, dtype=bool))
    with pytest.raises(TypeError, match="games must be a bool array"):
        env.reset(games=[0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"games has shape \(3,\)"):
        env.reset(games=np.ones(3, dtype=bool))


def test_a_truncated_game_can_be_bootstrapped_from_its_final_observation():
    # Self-play shuffling sideways until the ply limit: every game is truncated at ply 12,
    # and its final observation is that of the position at the limit.
    config = q.Config(size=5, walls=0, ply_limit=12)
    env = q.VecEnv(3, config)
    env.reset()
    for ply in range(12):
        positions = env.positions()
        actions = [p.move_to_action(next(m for m in p.legal_moves() if str(m)[1] == p.pawn(p.turn)[1])) for p in positions]
        obs, mask, rewards, terminated, truncated = env.step(actions)
    assert truncated.all() and not terminated.any()
    final = positions[0].play_action(actions[0])
    assert final.is_draw and (env.final_obs[0] == final.observation(positions[0].turn)).all()


def test_seeds_are_per_game():
    def run(num_envs, seeds, watch, steps=40):
        env = q.VecEnv(num_envs, q.Config(size=5), opponent="random")
        env.reset(seed=seeds)
        out = []
        for _ in range(steps):
            a = env.sample_actions()
            env.step(a)
            out.append(str(env.positions()[watch]))
        return out

    # A game follows its own seed, whatever the other games do.
    assert run(4, [10, 11, 12, 13], 2) == run(1, [12], 0) == run(3, [0, 12, 5], 1)
    assert run(4, 10, 2) == run(1, 12, 0)  # an integer seed gives game i the seed + i
    assert run(2, [5, None], 0) != run(2, [6, None], 0)
    env = q.VecEnv(2)
    with pytest.raises(ValueError, match="seed has 3 entries: expected 2, one per game"):
        env.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match=r"seed\[1\]: seed must be at least 0, not -1"):
        env.reset(seed=[1, -1])
    with pytest.raises(TypeError, match="seed must be an integer, a list of integers"):
        env.reset(seed="7")


def test_start_positions_are_drawn_or_given():
    config = q.Config(size=5)
    openings = [q.Position.start(config).play(m) for m in ["b1", "d1", "a2h"]]
    env = q.VecEnv(32, config, start=openings, seed=4)
    firsts = {str(p) for p in env.positions()}
    assert firsts == {str(q.Position(str(o).replace(" 1", " 1/300"))) for o in openings}
    given = q.Position.start(config).play("c2").play("c4")
    env.reset(games=np.arange(32) < 2, positions=[given, given])
    assert env.positions()[0].pawn("S") == "c2" and env.positions()[2].ply == 1
    cases = {
        "is a 9x9 game of 2 players": q.Position(),
        "finished game": q.Position("5 S:c5:3,N:c4:3 - N 9"),
        "is at ply 300: the games of this environment end drawn at ply 300": q.Position("5 S:c2:5,N:c4:5 - S 300"),
    }
    for message, position in cases.items():
        with pytest.raises(ValueError, match=message):
            env.reset(positions=position)
    with pytest.raises(TypeError, match=r"positions\[1\] must be a Position, not str"):
        env.reset(games=np.arange(32) < 2, positions=[given, "c2"])
    with pytest.raises(ValueError, match="the agent's seat, North, is not in the game"):
        q.VecEnv(1, q.Config(size=5, players=4), opponent="random", agent_seat="N", start=q.Position.start(q.Config(size=5, players=4)).resign("N"))
    with pytest.raises(ValueError, match="start is empty"):
        q.VecEnv(1, start=[])


def test_a_python_opponent_is_called_once_per_round_with_its_views():
    calls = []

    def opponent(obs, mask):
        calls.append(len(obs))
        assert obs.dtype == np.float32 and mask.dtype == np.bool_ and obs.shape[1:] == (14, 5, 5)
        assert (obs[:, 4] == 1).all() and mask.any(axis=1).all()  # each row: the side to move's view
        return (np.random.default_rng(len(calls)).random(mask.shape) * mask).argmax(axis=1)

    env = q.VecEnv(16, q.Config(size=5, players=4), opponent=opponent, agent_seat="E", seed=0)
    assert calls == [16, 16, 16]  # South, West and North move first in every game, a batch each
    calls.clear()
    env.step(env.sample_actions())
    assert len(calls) == 3 and sum(calls) >= 40 and max(calls) == 16


def test_a_python_opponent_that_fails_changes_nothing():
    state = {"mode": "ok"}

    def opponent(obs, mask):
        if state["mode"] == "raise":
            raise KeyError("broken network")
        if state["mode"] == "shape":
            return np.zeros(len(obs) + 1, dtype=np.int64)
        if state["mode"] == "illegal":
            return (~mask).argmax(axis=1)
        if state["mode"] == "floats":
            return mask.argmax(axis=1) + 0.5
        if state["mode"] == "reenter":
            env.step(env.sample_actions())
        return mask.argmax(axis=1)

    env = q.VecEnv(4, q.Config(size=5), opponent=opponent, seed=1)
    for _ in range(3):
        env.step(env.sample_actions())
    before = [str(p) for p in env.positions()]
    actions = env.sample_actions()
    errors = {
        "raise": (KeyError, "broken network"),
        "shape": (ValueError, r"the opponent's actions has shape \(5,\): expected \(4,\)"),
        "illegal": (q.IllegalMoveError, r"the opponent's action in game 0: action \d+ \("),
        "floats": (TypeError, "the opponent's actions must be integers"),
        "reenter": (RuntimeError, "in the middle of a call in this thread"),
    }
    for mode, (kind, message) in errors.items():
        state["mode"] = mode
        with pytest.raises(kind, match=message):
            env.step(actions)
        assert [str(p) for p in env.positions()] == before, mode
    state["mode"] = "ok"
    env.step(actions)
    assert [str(p) for p in env.positions()] != before


def test_illegal_actions_lose_when_asked():
    env = q.VecEnv(2, q.Config(size=5, players=4), illegal_action="lose")
    obs, mask = env.reset()
    bad = np.array([int(np.flatnonzero(~m)[0]) for m in mask])
    obs, mask, rewards, terminated, truncated = env.step(bad)
    # Self-play with four players: the mover leaves with -1 and the three others play on.
    assert rewards.tolist() == [-1.0, -1.0] and not terminated.any() and env.illegal.all()
    assert all(p.active_seats == [q.Seat.WEST, q.Seat.NORTH, q.Seat.EAST] for p in env.positions())
    two = q.VecEnv(2, q.Config(size=5), opponent="greedy", agent_seat="N", illegal_action="lose")
    obs, mask = two.reset()
    bad = np.array([int(np.flatnonzero(~m)[0]) for m in mask])
    obs, mask, rewards, terminated, truncated = two.step(bad)
    assert rewards.tolist() == [-1.0, -1.0] and terminated.all() and (two.winners == 0).all()


@pytest.mark.parametrize("opponent", [None, "random", "greedy", 1])
def test_pickling_goes_on_where_it_stopped(opponent):
    env = q.VecEnv(3, q.Config(size=5), opponent=opponent, autoreset="next_step", illegal_action="lose", seed=9)
    for _ in range(4):
        env.step(env.sample_actions())
    copy = pickle.loads(pickle.dumps(env))
    assert repr(copy) == repr(env) and copy.positions() == env.positions()
    for _ in range(10):
        a, b = env.sample_actions(), copy.sample_actions()
        assert (a == b).all()
        if opponent == 1:
            break  # an engine opponent starts afresh: its choices may differ later
        for x, y in zip(env.step(a), copy.step(b)):
            assert (x == y).all()


def test_threads_take_turns():
    # Sampling and stepping are two calls: another thread may step in between, so a sampled
    # action may have become illegal; with illegal actions losing, every step is accepted.
    env = q.VecEnv(64, q.Config(size=5), illegal_action="lose", seed=0)
    errors = []
    steps = []

    def worker():
        try:
            for _ in range(50):
                env.step(env.sample_actions())
                steps.append(1)
        except BaseException as e:  # noqa: BLE001 (any failure fails the test)
            errors.append(e)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(steps) == 200
    assert sum(p.ply for p in env.positions()) > 0


def test_the_ply_limit_defaults_to_300():
    env = q.VecEnv(2, q.Config(size=5))
    assert env.config.ply_limit == 300 == q.DEFAULT_PLY_LIMIT
    assert q.VecEnv(2, q.Config(size=5, ply_limit=50)).config.ply_limit == 50


def _shuffle_against(env, steps):
    """Plays the agent's seat by stepping back to its previous square (or its first pawn
    move): returns how many times a position at the agent's turn repeated one of the same
    game since its last wall, and how many such positions were checked."""
    pasts = [[] for _ in range(env.num_envs)]
    previous = [None] * env.num_envs
    repeats = checked = 0
    for _ in range(steps):
        actions = []
        for i, p in enumerate(env.positions()):
            past = pasts[i]
            # A wall or a new game starts the past again.
            if past and (str(past[-1]).split()[2] != str(p).split()[2] or p.ply < past[-1].ply):
                past.clear()
            checked += len(past) > 0
            repeats += any(x.zobrist == p.zobrist for x in past)
            past.append(p)
            pawn = [m for m in p.legal_moves() if str(m)[-1] not in "hv"]
            m = next((m for m in pawn if str(m) == previous[i]), pawn[0] if pawn else p.legal_moves()[0])
            previous[i] = str(p.pawn(p.turn))
            actions.append(p.move_to_action(m))
        env.step(np.array(actions))
    return repeats, checked


def test_engine_opponents_know_the_games_past():
    # Three players, the agent stepping to and fro: the engine's seats, told the positions
    # the game went through, do not come back to them (without the game's past, level 3
    # brought these games back to an earlier position 86 times).
    env = q.VecEnv(8, q.Config(players=3), opponent=3, agent_seat="W", seed=0)
    repeats, checked = _shuffle_against(env, 150)
    assert repeats == 0 and checked > 500
    # The past pickles with the games, and a past that does not lead to its game is refused.
    fn, (state,) = env.__reduce__()
    assert len(state["pasts"]) == 8 and any(len(moves) > 4 for _, moves in state["pasts"])
    copy = pickle.loads(pickle.dumps(env))
    assert copy.__reduce__()[1][0]["pasts"] == state["pasts"]
    start, moves = state["pasts"][0]
    state["pasts"][0] = (start, moves + ["a1"])
    with pytest.raises(ValueError, match="past"):
        fn(state)
    # Only an engine opponent in three or four players keeps a past.
    assert q.VecEnv(2, q.Config(players=3), opponent="greedy").__reduce__()[1][0]["pasts"] == []
    assert q.VecEnv(2, q.Config(), opponent=3).__reduce__()[1][0]["pasts"] == []
