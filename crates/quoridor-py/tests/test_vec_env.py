"""The vectorized environment: shapes, auto-reset, rewards, opponents, agreement with the
Position API, and bad action arrays refused before anything changes."""

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
    with pytest.raises(TypeError, match="cannot be pickled"):
        import pickle

        pickle.dumps(q.VecEnv(1))
    env = q.VecEnv(3, q.Config(size=7, players=4))
    assert (env.num_envs, len(env), env.action_count, env.observation_shape) == (3, 3, 121, (14, 7, 7))
    assert "VecEnv(3" in repr(env)
