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
- :class:`VecEnv`: many games stepped together in Rust from one array of actions.
- :func:`elo`: the Elo difference of a match result with its 95% interval, as
  ``quoridor match`` reports it.
- ``quoridor.gym_env.QuoridorEnv`` (Gymnasium) and ``quoridor.pettingzoo_env`` (PettingZoo
  AEC), imported on demand since they need those libraries.

See ``docs/python.md`` in the repository for the numbering of actions and the planes.
"""

from ._quoridor import (
    Analysis,
    Bot,
    Candidate,
    Config,
    EloEstimate,
    Engine,
    Game,
    IllegalMoveError,
    Move,
    Position,
    Seat,
    VecEnv,
    __version__,
    action_count,
    action_to_move,
    default_walls,
    elo,
    move_to_action,
    observation_shape,
    seat_chances,
    win_chance,
)

__all__ = [
    "Analysis",
    "Bot",
    "Candidate",
    "Config",
    "EloEstimate",
    "Engine",
    "Game",
    "IllegalMoveError",
    "Move",
    "Position",
    "Seat",
    "VecEnv",
    "__version__",
    "action_count",
    "action_to_move",
    "default_walls",
    "elo",
    "move_to_action",
    "observation_shape",
    "seat_chances",
    "win_chance",
]
