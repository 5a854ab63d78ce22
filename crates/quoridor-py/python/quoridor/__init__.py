"""Quoridor for Python: exact rules for every variant, the engine, and fast environments.

The rules and the engine are Rust (the ``quoridor-core`` and ``quoridor-ai`` crates); this
package is a thin layer over them:

- :class:`Position` (immutable), :class:`Game` (history, undo, records), :class:`Move`,
  :class:`Config`, :class:`Seat`; rule violations raise :class:`IllegalMoveError` with the
  rule's message.
- :class:`Engine` (analysis, without the GIL) and :class:`Bot` (random, greedy, levels 1-10).
- Action ids (:func:`action_to_move`, :func:`move_to_action`,
  :meth:`Position.legal_action_mask`) and observations (:meth:`Position.observation`) as
  numpy arrays, seen from a seat.
- :class:`VecEnv`: many games stepped together in Rust from one array of actions, against
  a built-in bot, a Python policy or in self-play, with Gymnasium's autoreset modes.
- :class:`MCTS`: batched Monte Carlo tree search over many games for AlphaZero-style
  training, with a Python evaluator called once per batch of leaves.
- :func:`mirror_actions`, :func:`mirror_policy`, :func:`mirror_observation`: the board's
  left-right symmetry (two players), for data augmentation.
- :func:`elo`: the Elo difference of a match result with its 95% interval, as
  ``quoridor match`` reports it.
- ``quoridor.gym_env.QuoridorEnv`` and ``quoridor.gym_vector.QuoridorVectorEnv``
  (Gymnasium; registered as ``"quoridor/Quoridor-v1"`` when this package is imported and
  Gymnasium is installed) and ``quoridor.pettingzoo_env`` (PettingZoo, AEC and parallel),
  imported on demand since they need those libraries.
- :func:`rgb_image`: a position as an RGB image (the environments' ``rgb_array`` rendering).
- :class:`SelfPlay`: the engine's self-play games, as ``quoridor selfplay`` plays them;
  ``python -m quoridor.selfplay`` plays them on Ray and writes Parquet shards (the
  ``selfplay`` extra: ``pip install quoridor[selfplay]``).

See ``docs/python.md`` in the repository for the numbering of actions and the planes.
"""

from importlib.util import find_spec

from ._board import rgb_image
from ._quoridor import (
    Analysis,
    Bot,
    Candidate,
    COMMIT,
    Config,
    DEFAULT_PLY_LIMIT,
    ENGINE,
    EloEstimate,
    Engine,
    Game,
    IllegalMoveError,
    MCTS,
    Move,
    Position,
    SELFPLAY_COLUMNS,
    SearchResult,
    Seat,
    SelfPlay,
    SelfPlayGame,
    VecEnv,
    __version__,
    action_count,
    action_to_move,
    default_walls,
    elo,
    mirror_actions,
    mirror_observation,
    mirror_policy,
    move_to_action,
    observation_shape,
    seat_chances,
    win_chance,
)

__all__ = [
    "Analysis",
    "Bot",
    "COMMIT",
    "Candidate",
    "Config",
    "DEFAULT_PLY_LIMIT",
    "ENGINE",
    "EloEstimate",
    "Engine",
    "Game",
    "IllegalMoveError",
    "MCTS",
    "Move",
    "Position",
    "SELFPLAY_COLUMNS",
    "SearchResult",
    "Seat",
    "SelfPlay",
    "SelfPlayGame",
    "VecEnv",
    "__version__",
    "action_count",
    "action_to_move",
    "default_walls",
    "elo",
    "mirror_actions",
    "mirror_observation",
    "mirror_policy",
    "move_to_action",
    "observation_shape",
    "rgb_image",
    "seat_chances",
    "win_chance",
]

# Gymnasium's registry learns the environment's id as soon as this package is imported, so that
# `gymnasium.make("quoridor/Quoridor-v1")` works after `import quoridor` (Gymnasium is
# optional: without it there is nothing to register).
if find_spec("gymnasium") is not None:
    from .gym_env import register_envs as _register_envs

    _register_envs()
