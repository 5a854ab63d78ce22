"""The Gymnasium and PettingZoo environments pass their libraries' checkers, and refuse bad
actions with the rule's message without changing."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import quoridor as q
from quoridor import pettingzoo_env
from quoridor.gym_env import QuoridorEnv

CHECKED = [
    q.Config(),
    q.Config(players=3),
    q.Config(players=4),
    q.Config(players=4, variant="koth"),
    q.Config(size=5, ply_limit=40),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("config", CHECKED, ids=repr)
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_checker(config, opponent):
    env = QuoridorEnv(config, opponent=opponent)
    env.action_space.seed(0)  # check_env samples actions; seeded, the check repeats exactly
    check_env(env)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("config", CHECKED, ids=repr)
def test_pettingzoo_checker(config):
    api_test(pettingzoo_env.env(config), num_cycles=300)


def test_gymnasium_episode_and_rendering():
    env = gym.make("quoridor/Quoridor-v0", config=q.Config(size=5), opponent=1, render_mode="ansi")
    obs, info = env.reset(seed=4)
    assert obs.shape == (8, 5, 5) and info["action_mask"].dtype == np.int8
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        total += reward
        done = terminated or truncated
    assert total in (-1.0, 1.0)
    assert "walls in hand" in env.render()


def test_gymnasium_refuses_an_illegal_action_and_changes_nothing():
    env = QuoridorEnv(agent_seat="S")
    env.reset(seed=0)
    before = env.position
    bad = int(np.flatnonzero(env.reset(seed=0)[1]["action_mask"] == 0)[0])
    with pytest.raises(q.IllegalMoveError, match=rf"action {bad} \("):
        env.step(bad)
    with pytest.raises(IndexError, match="is not an action id"):
        env.step(10_000)
    assert env.position == before
    with pytest.raises(ValueError, match="West does not play in a 2-player game"):
        QuoridorEnv(agent_seat="W")
    with pytest.raises(ValueError, match="is not an opponent"):
        QuoridorEnv(opponent="nobody")


def test_gymnasium_agent_seat_sees_the_board_turned():
    env = QuoridorEnv(agent_seat="N")
    obs, info = env.reset(seed=1)
    assert env.seat == q.Seat.NORTH and env.position.ply == 1  # South (the opponent) moved first
    assert obs[2, 0, 4] == 1  # North's own pawn at the bottom middle of its view


def test_pettingzoo_refuses_an_illegal_action_and_plays_to_the_end():
    env = pettingzoo_env.raw_env(q.Config(size=5, players=4))
    env.reset()
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(q.IllegalMoveError):
        env.step(bad)
    assert env.position == q.Position.start(q.Config(size=5, players=4))
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(10_000):
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    assert env.agents == [] and env.position.winner is not None
    assert "wins" in env.render()
