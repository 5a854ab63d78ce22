"""AlphaZero-style learning on the 5x5 board: self-play with the package's batched MCTS
(``quoridor.MCTS``, in Rust) and a small network written in numpy, then matches against the
random and greedy bots before and after.

    python crates/quoridor-py/examples/alphazero.py                 # the documented run
    python crates/quoridor-py/examples/alphazero.py --iterations 2 --games 16 --simulations 8 --eval-games 20

Each iteration plays ``--games`` games of self-play at once: in every position the search
runs ``--simulations`` simulations per game, the network evaluating the leaves of all games
in one call per round; the move is drawn from the visit counts (temperature 1 for the first
``--explore-plies`` plies, then the most visited). Each position becomes a training sample
(the observation, the visit distribution, the game's result for the side to move) and so
does its mirror image (``quoridor.mirror_observation`` and ``quoridor.mirror_policy``). The
network (two hidden layers, a policy head and a value head) then trains with Adam on the
samples of the last ``--window`` iterations.

The matches put the search with the network (``--eval-simulations`` simulations, no noise,
the most visited move) against a bot in ``--eval-games`` games, half of them from each seat,
in a ``quoridor.VecEnv``; a draw (``--ply-limit`` plies, in self-play too) counts half. Everything is seeded: a run repeats.
"""

from __future__ import annotations

import os

# The network is small: more than one BLAS thread per matrix product only makes the threads
# wait for each other (ten times slower on a busy two-core machine). Set before numpy loads.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Optional

import numpy as np
import numpy.typing as npt

import quoridor as q

F32 = npt.NDArray[np.float32]
Mask = npt.NDArray[np.bool_]


class Network:
    """A two-layer perceptron with a policy head (a softmax over the legal action ids) and a
    value head (tanh), trained with Adam on cross-entropy plus squared error."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        def layer(n_in: int, n_out: int, gain: float = 2.0) -> F32:
            w: F32 = (rng.standard_normal((n_in, n_out)) * np.sqrt(gain / n_in)).astype(np.float32)
            return w

        self.params: dict[str, F32] = {
            "w1": layer(inputs, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions, 0.1),
            "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1, 0.1),
            "bv": np.zeros(1, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def forward(self, x: F32, mask: Mask) -> tuple[F32, F32, F32, F32]:
        """Hidden layers, policy (probabilities over the legal ids) and value."""
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        logits = np.where(mask, h2 @ p["wp"] + p["bp"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        policy = np.exp(logits)
        policy /= policy.sum(axis=1, keepdims=True)
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return h1, h2, policy.astype(np.float32), value.astype(np.float32)

    def evaluate(self, obs: F32, mask: Mask) -> tuple[F32, F32]:
        """The evaluator of ``quoridor.MCTS``: a batch of observations and masks in, policies
        and values (for the side to move) out."""
        _, _, policy, value = self.forward(obs.reshape(len(obs), -1), mask)
        return policy, value

    def train_step(self, x: F32, mask: Mask, target: F32, z: F32, lr: float, l2: float) -> tuple[float, float]:
        """One Adam step on a minibatch; returns the policy and value losses before it."""
        p = self.params
        n = len(x)
        h1, h2, policy, value = self.forward(x, mask)
        policy_loss = float(-(target * np.log(np.maximum(policy, 1e-12))).sum() / n)
        value_loss = float(((value - z) ** 2).mean())
        d_logits = (policy - target) / n
        d_value = (2.0 * (value - z) * (1.0 - value**2) / n)[:, None]
        grads = {
            "wp": h2.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": h2.T @ d_value,
            "bv": d_value.sum(axis=0),
        }
        d_h2 = (d_logits @ p["wp"].T + d_value @ p["wv"].T) * (h2 > 0)
        grads["w2"] = h1.T @ d_h2
        grads["b2"] = d_h2.sum(axis=0)
        d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
        grads["w1"] = x.T @ d_h1
        grads["b1"] = d_h1.sum(axis=0)
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for k, g in grads.items():
            if k.startswith("w"):
                g = g + l2 * p[k]
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.t)
            v_hat = self.v[k] / (1 - b2**self.t)
            p[k] -= (lr * m_hat / (np.sqrt(v_hat) + eps)).astype(np.float32)
        return policy_loss, value_loss


@dataclass
class Samples:
    """Training samples: observations, legal masks, visit distributions, results."""

    obs: list[F32] = field(default_factory=list)
    mask: list[Mask] = field(default_factory=list)
    policy: list[F32] = field(default_factory=list)
    z: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.z)


def self_play(
    net: Network, mcts: q.MCTS, config: q.Config, games: int, explore_plies: int
) -> tuple[Samples, float]:
    """Plays ``games`` games of self-play at once; returns their samples (with the mirror
    images) and the mean game length in plies."""
    positions = [q.Position.start(config)] * games
    history: list[list[tuple[F32, Mask, F32, q.Seat]]] = [[] for _ in range(games)]
    results: list[Optional[q.Position]] = [None] * games
    live = list(range(games))
    while live:
        roots = [positions[i] for i in live]
        explore = roots[0].ply < explore_plies
        found = mcts.search(roots, net.evaluate, temperature=1.0 if explore else 0.0)
        for row, i in enumerate(live):
            pos = positions[i]
            history[i].append((pos.observation(), pos.legal_action_mask(), found.policy[row], pos.turn))
            positions[i] = pos.play_action(int(found.actions[row]))
            if positions[i].is_game_over:
                results[i] = positions[i]
        live = [i for i in live if results[i] is None]
    samples = Samples()
    for i, moves in enumerate(history):
        end = results[i]
        assert end is not None
        for obs, mask, policy, seat in moves:
            z = float(end.reward(seat))
            samples.obs += [obs, q.mirror_observation(obs)]
            samples.mask += [mask, q.mirror_policy(mask)]
            samples.policy += [policy, q.mirror_policy(policy)]
            samples.z += [z, z]
    return samples, float(np.mean([len(h) for h in history]))


def train(net: Network, data: Samples, epochs: int, batch: int, lr: float, rng: np.random.Generator) -> tuple[float, float]:
    """A few epochs of minibatches over ``data``; returns the mean policy and value losses of
    the last epoch."""
    x = np.stack(data.obs).reshape(len(data), -1)
    mask = np.stack(data.mask)
    target = np.stack(data.policy)
    z = np.asarray(data.z, dtype=np.float32)
    losses: list[tuple[float, float]] = []
    for _ in range(epochs):
        order = rng.permutation(len(data))
        losses = []
        for start in range(0, len(order), batch):
            b = order[start : start + batch]
            losses.append(net.train_step(x[b], mask[b], target[b], z[b], lr, 1e-4))
    return float(np.mean([p for p, _ in losses])), float(np.mean([v for _, v in losses]))


def match(net: Network, mcts: q.MCTS, config: q.Config, opponent: str, games: int, seed: int) -> float:
    """The network's search against ``opponent`` over ``games`` games, half from each seat;
    the score (win 1, draw 0.5)."""
    score = 0.0
    seats = config.seats
    for k, seat in enumerate(seats[:2]):
        n = games // 2 if k == 0 else games - games // 2
        env = q.VecEnv(n, config, opponent=opponent, agent_seat=seat, autoreset="next_step", seed=seed + k)
        env.reset()
        result: list[Optional[float]] = [None] * n
        while any(r is None for r in result):
            positions = env.positions()
            live = [i for i in range(n) if result[i] is None and not positions[i].is_game_over]
            actions = env.sample_actions()  # games already counted play on at random
            if live:
                found = mcts.search([positions[i] for i in live], net.evaluate, noise=False, temperature=0.0)
                actions[live] = found.actions
            _, _, rewards, terminated, truncated = env.step(actions)
            for i in live:
                if terminated[i] or truncated[i]:
                    result[i] = 0.5 if truncated[i] else (1.0 if rewards[i] > 0 else 0.0)
        score += sum(r for r in result if r is not None)
    return score / games


def main(argv: Optional[list[str]] = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--games", type=int, default=128, help="self-play games per iteration")
    parser.add_argument("--simulations", type=int, default=48, help="per move in self-play")
    parser.add_argument("--explore-plies", type=int, default=6)
    parser.add_argument("--window", type=int, default=4, help="iterations of samples to train on")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--eval-simulations", type=int, default=32)
    parser.add_argument("--ply-limit", type=int, default=100, help="a game this long is drawn")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON at the end")
    args = parser.parse_args(argv)

    config = q.Config(size=5, ply_limit=args.ply_limit)
    rng = np.random.default_rng(args.seed)
    net = Network(int(np.prod(q.observation_shape(5, 2))), q.action_count(5), args.hidden, rng)
    search = q.MCTS(args.simulations, dirichlet_alpha=0.5, leaves_per_game=8, seed=args.seed)
    judge = q.MCTS(args.eval_simulations, leaves_per_game=8, seed=args.seed)

    def evaluate(label: str) -> dict[str, float]:
        start = time.perf_counter()
        out = {bot: match(net, judge, config, bot, args.eval_games, args.seed) for bot in ("random", "greedy")}
        took = time.perf_counter() - start
        print(f"{label}: score against random {out['random']:.1%}, against greedy {out['greedy']:.1%} ({took:.0f} s)")
        return out

    figures: dict[str, float] = {}
    before = evaluate("before training")
    figures.update({"random_before": before["random"], "greedy_before": before["greedy"]})
    windows: list[Samples] = []
    start = time.perf_counter()
    for it in range(1, args.iterations + 1):
        samples, length = self_play(net, search, config, args.games, args.explore_plies)
        windows = (windows + [samples])[-args.window :]
        data = Samples()
        for w in windows:
            data.obs += w.obs
            data.mask += w.mask
            data.policy += w.policy
            data.z += w.z
        policy_loss, value_loss = train(net, data, args.epochs, args.batch, args.lr, rng)
        figures[f"policy_loss_{it}"] = policy_loss
        figures[f"value_loss_{it}"] = value_loss
        print(
            f"iteration {it}: {args.games} games, {length:.1f} plies on average, {len(data)} samples, "
            f"policy loss {policy_loss:.3f}, value loss {value_loss:.3f} ({time.perf_counter() - start:.0f} s)"
        )
    after = evaluate(f"after {args.iterations} iterations")
    figures.update({"random_after": after["random"], "greedy_after": after["greedy"]})
    figures["training_seconds"] = time.perf_counter() - start
    if args.json:
        print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
