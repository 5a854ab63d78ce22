"""The README's training loop (REINFORCE, a linear softmax policy against the random player on
5x5), run as written, then measured: its final policy, still sampling its moves, plays 2,000
more steps without learning, and the share of the games it wins is printed.

    python crates/quoridor-py/examples/reinforce.py --runs 10     # the figure in docs/python.md

Run ``i`` seeds numpy's global generator with ``i`` first (the README's loop draws from it).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import quoridor


def run(seed: int, steps: int = 3000, measure: int = 2000) -> tuple[float, int]:
    """The README's loop for ``steps`` steps, then ``measure`` steps of its final policy:
    the share of games won and the number of games."""
    np.random.seed(seed)
    # --- the README's loop, as written ---
    env = quoridor.VecEnv(64, quoridor.Config(size=5), opponent="random", seed=0)
    obs, mask = env.reset()
    w = np.zeros((obs[0].size, env.action_count))
    g = np.zeros((env.num_envs, *w.shape))
    for step in range(steps):
        x = obs.reshape(len(obs), -1)
        logits = np.where(mask, x @ w, -np.inf)
        p = np.exp(logits - logits.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        a = np.argmax(logits - np.log(-np.log(np.random.rand(*p.shape))), 1)
        g += x[:, :, None] * (np.eye(env.action_count)[a] - p)[:, None, :]
        obs, mask, reward, terminated, truncated = env.step(a)
        w += 0.01 * np.einsum("b,bfa->fa", reward, g)
        g[terminated | truncated] = 0
    # --- the measure: the same policy, sampling, without learning ---
    wins = games = 0
    for _ in range(measure):
        x = obs.reshape(len(obs), -1)
        logits = np.where(mask, x @ w, -np.inf)
        a = np.argmax(logits - np.log(-np.log(np.random.rand(*logits.shape))), 1)
        obs, mask, reward, terminated, truncated = env.step(a)
        done = terminated | truncated
        games += int(done.sum())
        wins += int((reward[done] > 0).sum())
    return wins / max(games, 1), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    shares = []
    for seed in range(args.runs):
        start = time.perf_counter()
        share, games = run(seed, args.steps)
        shares.append(share)
        print(f"run {seed}: {share:.1%} of {games} games won ({time.perf_counter() - start:.0f} s)")
    print(f"from {min(shares):.1%} to {max(shares):.1%}, median {statistics.median(shares):.1%}")


if __name__ == "__main__":
    main()
