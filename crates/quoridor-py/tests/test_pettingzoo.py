"""The PettingZoo environments: the API checkers of both APIs for every player count and
King of the Hill, rewards at the end, illegal actions, start positions and rendering."""

import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

import quoridor as q
from quoridor import pettingzoo_env

CHECKED = [
    q.Config(),
    q.Config(players=3),
    q.Config(players=4),
    q.Config(players=4, variant="koth"),
    q.Config(size=5, ply_limit=40),
    q.Config(size=5, players=4, ply_limit=60),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("config", CHECKED, ids=repr)
def test_aec_checker(config):
    api_test(pettingzoo_env.env(config), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("config", CHECKED, ids=repr)
def test_parallel_checker(config):
    parallel_api_test(pettingzoo_env.parallel_env(config), num_cycles=300)


def test_aec_refuses_an_illegal_action_when_asked_and_plays_to_the_end():
    env = pettingzoo_env.raw_env(q.Config(size=5, players=4), render_mode="ansi", illegal_action="raise")
    env.reset()
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(q.IllegalMoveError):
        env.step(bad)
    assert env.position == q.Position.start(env.config)
    rng = np.random.default_rng(0)
    rewards = {}
    for agent in env.agent_iter(10_000):
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] = reward
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    assert env.agents == [] and env.position.winner is not None
    winner = env.position.winner.index
    assert rewards == {f"player_{i}": (1.0 if i == winner else -1.0) for i in range(4)}
    assert env.render().endswith(f"{env.position.winner} wins")


def test_an_illegal_action_resigns_its_player():
    env = pettingzoo_env.raw_env(q.Config(size=5, players=4))
    env.reset()
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(bad)
    assert env.terminations["player_0"] and env.rewards["player_0"] == -1.0
    assert env.infos["player_0"]["illegal_action"]
    assert q.Seat.SOUTH not in env.position.active_seats and not env.position.is_game_over
    par = pettingzoo_env.parallel_env(q.Config(size=5))
    obs, infos = par.reset()
    bad = int(np.flatnonzero(obs["player_0"]["action_mask"] == 0)[0])
    obs, rewards, terminations, truncations, infos = par.step({"player_0": bad, "player_1": 0})
    assert rewards == {"player_0": -1.0, "player_1": 1.0} and all(terminations.values())
    assert infos["player_0"]["illegal_action"] and par.agents == []


def test_parallel_steps_one_ply_and_ignores_the_others():
    env = pettingzoo_env.parallel_env(q.Config(size=5, players=3))
    obs, infos = env.reset(seed=0, options={"unknown": 1})
    assert set(obs) == {"player_0", "player_1", "player_2"}
    assert obs["player_1"]["action_mask"].sum() == 0 and obs["player_0"]["action_mask"].sum() > 0
    a = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    obs, rewards, terminations, truncations, infos = env.step({"player_0": a, "player_1": 12345, "player_2": -1})
    assert env.position.ply == 1 and env.position.turn == q.Seat.WEST
    assert obs["player_1"]["action_mask"].sum() > 0
    with pytest.raises(KeyError, match="player_1 is to move"):
        env.step({"player_0": 0})
    assert env.state().shape == (14, 5, 5)


def test_start_positions_rendering_and_pickling():
    start = q.Position.start(q.Config(size=5)).play("c2")
    env = pettingzoo_env.raw_env(q.Config(size=5), render_mode="rgb_array")
    env.reset(options={"position": start})
    assert env.agent_selection == "player_1" and env.position.ply == 1 and env.position.pawn("S") == "c2"
    assert env.position.ply_limit == q.DEFAULT_PLY_LIMIT  # the environment's limit applies
    assert env.render().shape == (5 * 36 + 8, 5 * 36 + 8, 3)
    with pytest.raises(ValueError, match="not a position of this environment's game"):
        env.reset(options={"position": q.Position()})
    par = pettingzoo_env.parallel_env(q.Config(size=5), render_mode="ansi")
    par.reset()
    assert "South to move" in par.render()
    copy = pickle.loads(pickle.dumps(par))
    assert copy.position == par.position and copy.agents == par.agents
    assert pettingzoo_env.raw_env().config.ply_limit == q.DEFAULT_PLY_LIMIT
