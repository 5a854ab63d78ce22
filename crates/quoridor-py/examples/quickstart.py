"""A tour of the package as a learning program uses it, type-checked with ``mypy --strict``
in CI (``.ci/run``) and run by the tests: positions and action ids, the vector environment
against a Python opponent, Gymnasium's environments, PettingZoo's parallel API, the batched
tree search with the mirror symmetry.

    python crates/quoridor-py/examples/quickstart.py
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import quoridor as q
from quoridor import pettingzoo_env
from quoridor.gym_env import ENV_ID

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]


def lowest_legal(obs: Obs, mask: Mask) -> npt.NDArray[np.int64]:
    """An opponent written in Python: a batch of observations and masks in, one id per row."""
    ids: npt.NDArray[np.int64] = mask.argmax(axis=1).astype(np.int64)
    return ids


def uniform(obs: Obs, mask: Mask) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """An evaluator for the search: equal priors, a value of 0."""
    return mask.astype(np.float32), np.zeros(len(obs), dtype=np.float32)


def main() -> None:
    config = q.Config(size=5)
    pos = q.Position.start(config).play("c2").play("c4")
    a: int = pos.move_to_action("b2")
    assert pos.action_to_move(a) == q.Move("b2") and pos.legal_action_mask()[a]

    env = q.VecEnv(16, config, opponent=lowest_legal, autoreset="same_step", seed=0)
    obs, mask = env.reset()
    ended = 0
    for _ in range(100):
        obs, mask, rewards, terminated, truncated = env.step(env.sample_actions())
        ended += int((terminated | truncated).sum())
        final: Obs = env.final_obs  # the last observation of the games that just ended
        assert len(final) == len(env.final_games)
    print(f"VecEnv: {ended} games ended in 100 steps of 16")

    single = gym.make(ENV_ID, config=config, opponent="greedy", render_mode="rgb_array")
    first, info = single.reset(seed=1)
    frame = single.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
    vec = gym.make_vec(ENV_ID, num_envs=4, config=config)
    batch, infos = vec.reset(seed=2)
    batch, rewards64, terminations, truncations, infos = vec.step(vec.action_space.sample())
    print(f"Gymnasium: {type(vec).__name__}, observations {batch.shape}, masks {infos['action_mask'].shape}")

    par = pettingzoo_env.parallel_env(q.Config(size=5, players=4))
    observations, _ = par.reset()
    rng = np.random.default_rng(0)
    while par.agents:
        # Every live agent gives an action; only the side to move's (the one legal mask) counts.
        actions: dict[str, int] = {}
        for agent in par.agents:
            legal = np.flatnonzero(observations[agent]["action_mask"])
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        observations, _, _, _, _ = par.step(actions)
    print(f"PettingZoo: {par.position.winner} won after {par.position.ply} plies")

    search = q.MCTS(32, seed=0)
    found = search.search([pos, pos.play("b2")], uniform)
    target: npt.NDArray[np.float32] = found.policy
    mirrored_obs = q.mirror_observation(np.stack([pos.observation(), pos.play("b2").observation()]))
    mirrored_target = q.mirror_policy(target)
    assert mirrored_obs.shape == (2, 8, 5, 5) and mirrored_target.shape == target.shape
    print(f"MCTS: {found.evaluations} evaluator calls, values {np.round(found.values, 2).tolist()}")


if __name__ == "__main__":
    main()
