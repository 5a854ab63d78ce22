"""Steps per second of random games: OpenSpiel's quoridor against this package, in one run.

    python crates/quoridor-py/bench.py [--seconds 2] [--rounds 5] [--batches 1 64 1024]

Every loop plays uniformly random legal moves of the classic two-player 9x9 game on one
thread, starting a new game whenever one ends, and counts plies:

- ``openspiel legal``: OpenSpiel, ``apply_action(random.choice(state.legal_actions()))``.
- ``openspiel obs+mask``: the same, and after every ply that does not end the game
  ``state.observation_tensor()`` and ``state.legal_actions_mask()`` (as OpenSpiel returns them: Python lists; the
  ``+numpy`` row also turns them into arrays, as a training loop would).
- ``Position``: ``pos = pos.play(random.choice(pos.legal_moves()))``.
- ``VecEnv batch B``: B games stepped together; each step returns observations and masks
  for every game. The actions come from ``env.sample_actions()`` (a random legal action per
  game, drawn in Rust: the counterpart of ``random.choice(legal_actions)``); the
  ``numpy policy`` rows draw them in numpy instead (a random score per action, masked, then
  argmax), as a policy's outputs would be. Plies counted: B per step.
- ``Gymnasium vector env batch B``: ``quoridor.gym_vector.QuoridorVectorEnv`` (a
  ``gymnasium.vector.VectorEnv``, same-step autoreset, self-play) stepped with the same
  actions: observations, and the masks in ``infos["action_mask"]``, with every info array,
  rewards as float64 and the final observations of the games that end.

Time is the process's CPU time by default (``time.process_time``; ``--clock wall`` for wall
time): on a machine shared with other jobs, wall time also counts their turns on the
processor, which no loop controls. Every loop runs on one thread (numpy's BLAS is held to
one as well).

The rounds run the loops one after another. The table gives the median of the rounds (with
the smallest and largest: on a busy machine the spread says how far to trust a figure), and
the ratios are medians of each round's ratio, so that both sides of a ratio were measured
within seconds of each other.
OpenSpiel is optional (``pip install open_spiel``); without it its rows are skipped.
"""

from __future__ import annotations

import os

# numpy's BLAS threads would otherwise spin next to the loops (none multiplies matrices).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import platform
import random
import statistics
import sys
import time

import numpy as np

import quoridor

#: The clock of every measurement (`--clock`).
clock = time.process_time

try:
    import pyspiel
except ImportError:  # OpenSpiel is optional
    pyspiel = None


def openspiel_legal(seconds: float) -> float:
    game = pyspiel.load_game("quoridor")
    rng = random.Random(1)
    plies, start = 0, clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return plies / (clock() - start)


def openspiel_obs_mask(seconds: float, to_numpy: bool = False) -> float:
    game = pyspiel.load_game("quoridor")
    rng = random.Random(1)
    plies, start = 0, clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
            if state.is_terminal():
                break  # no decision left: nothing to observe
            obs = state.observation_tensor()
            mask = state.legal_actions_mask()
            if to_numpy:
                obs = np.asarray(obs, dtype=np.float32)
                mask = np.asarray(mask, dtype=bool)
    return plies / (clock() - start)


def position_loop(seconds: float) -> float:
    rng = random.Random(1)
    start_pos = quoridor.Position()
    plies, start = 0, clock()
    while clock() - start < seconds:
        pos = start_pos
        while not pos.is_game_over:
            pos = pos.play(rng.choice(pos.legal_moves()))
            plies += 1
    return plies / (clock() - start)


def vec_env_loop(batch: int, seconds: float, numpy_policy: bool) -> float:
    env = quoridor.VecEnv(batch, seed=1)
    rng = np.random.default_rng(1)
    obs, mask = env.reset()
    steps, start = 0, clock()
    while clock() - start < seconds:
        for _ in range(16):
            if numpy_policy:
                scores = rng.random(mask.shape, dtype=np.float32)
                scores *= mask
                actions = scores.argmax(axis=1)
            else:
                actions = env.sample_actions()
            obs, mask, rewards, terminated, truncated = env.step(actions)
        steps += 16
    return steps * batch / (clock() - start)


def gym_vector_loop(batch: int, seconds: float) -> float:
    from gymnasium.vector import AutoresetMode

    from quoridor.gym_vector import QuoridorVectorEnv

    envs = QuoridorVectorEnv(batch, opponent="self", autoreset_mode=AutoresetMode.SAME_STEP)
    envs.reset(seed=1)
    steps, start = 0, clock()
    while clock() - start < seconds:
        for _ in range(16):
            obs, rewards, terminated, truncated, infos = envs.step(envs.vec_env.sample_actions())
        steps += 16
    return steps * batch / (clock() - start)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    versions = f"Python {platform.python_version()}, numpy {np.__version__}, quoridor {quoridor.__version__}"
    if pyspiel is not None:
        from importlib.metadata import version

        versions += f", open_spiel {version('open_spiel')}"
    return f"{cpu}, {os.cpu_count()} cores, load average {load:.2f}; {versions}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per loop and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 64, 1024])
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu", help="CPU time (default) or wall time")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    loops = {}
    if pyspiel is not None:
        loops["openspiel legal"] = lambda: openspiel_legal(args.seconds)
        loops["openspiel obs+mask"] = lambda: openspiel_obs_mask(args.seconds)
        loops["openspiel obs+mask+numpy"] = lambda: openspiel_obs_mask(args.seconds, to_numpy=True)
    else:
        print("OpenSpiel is not installed: its rows are skipped", file=sys.stderr)
    loops["Position"] = lambda: position_loop(args.seconds)
    for b in args.batches:
        loops[f"VecEnv batch {b}"] = lambda b=b: vec_env_loop(b, args.seconds, False)
    for b in args.batches:
        loops[f"VecEnv batch {b}, numpy policy"] = lambda b=b: vec_env_loop(b, args.seconds, True)
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        print("Gymnasium is not installed: its rows are skipped", file=sys.stderr)
    else:
        for b in args.batches:
            if b > 1:
                loops[f"Gymnasium vector env batch {b}"] = lambda b=b: gym_vector_loop(b, args.seconds)

    print(f"machine: {machine()}; clock: {args.clock}")
    results = {name: [] for name in loops}
    for r in range(args.rounds):
        for name, loop in loops.items():
            results[name].append(loop())
            print(f"round {r + 1}: {name}: {results[name][-1]:,.0f} steps/s", file=sys.stderr)

    def ratio(rs, base):
        if pyspiel is None:
            return "-"
        return f"{statistics.median(r / b for r, b in zip(rs, results[base])):.2f}x"

    print()
    print("| loop | steps/s (median) | min - max | vs OpenSpiel obs+mask | vs OpenSpiel legal |")
    print("|---|---:|---:|---:|---:|")
    for name, rs in results.items():
        med = statistics.median(rs)
        vs, vs_legal = ratio(rs, "openspiel obs+mask"), ratio(rs, "openspiel legal")
        print(f"| {name} | {med:,.0f} | {min(rs):,.0f} - {max(rs):,.0f} | {vs} | {vs_legal} |")


if __name__ == "__main__":
    main()
