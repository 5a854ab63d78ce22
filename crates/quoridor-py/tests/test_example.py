"""The examples run. The AlphaZero-style one (examples/alphazero.py) learns, at a size CI can afford: after
three iterations of self-play with the Rust search and the numpy network, its search wins
clearly more often against the random player than before (the documented run, larger, is in
docs/python.md)."""

import json
import os
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE = EXAMPLES / "alphazero.py"


def test_the_alphazero_example_learns_at_a_tiny_size():
    args = ["--iterations", "3", "--games", "32", "--simulations", "16"]
    args += ["--eval-games", "60", "--eval-simulations", "16", "--seed", "0", "--json"]
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout.splitlines()[-1])
    assert figures["random_after"] >= figures["random_before"] + 0.1, figures
    assert figures["random_after"] >= 0.7, figures
    # The value head learns the games' results: its loss falls from the first iteration on.
    assert figures["value_loss_3"] < figures["value_loss_1"], figures


def test_the_quickstart_runs():
    out = subprocess.run([sys.executable, str(EXAMPLES / "quickstart.py")], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert [line.split(":")[0] for line in out.stdout.splitlines()] == ["VecEnv", "Gymnasium", "PettingZoo", "MCTS"]
