"""Shared fixtures: every variant the package supports."""

import random

import pytest

import quoridor as q

# Every board size with two players, and the other player counts and King of the Hill.
VARIANTS = [
    q.Config(size=5),
    q.Config(size=7),
    q.Config(size=9),
    q.Config(size=11),
    q.Config(players=3),
    q.Config(players=4),
    q.Config(size=7, players=3),
    q.Config(size=5, players=4),
    q.Config(players=4, variant="koth"),
    q.Config(size=7, players=4, variant="koth"),
]


def variant_id(config):
    return f"{config.size}x{config.size}-{config.players}p-{config.variant}"


@pytest.fixture(params=VARIANTS, ids=variant_id)
def config(request):
    return request.param


def random_positions(config, plies=60, seed=0, wall_percent=40):
    """The positions of a random game of `config` (walls favoured, to build mazes)."""
    rng = random.Random(seed)
    pos = q.Position.start(config)
    out = [pos]
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        walls = [m for m in moves if m.is_wall]
        pawns = [m for m in moves if m.is_pawn]
        pick = walls if walls and (not pawns or rng.randrange(100) < wall_percent) else pawns
        pos = pos.play(rng.choice(pick))
        out.append(pos)
    return out
