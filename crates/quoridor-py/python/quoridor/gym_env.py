"""A Gymnasium environment: one agent plays one seat, an opponent plays the others.

``QuoridorEnv(config=None, opponent="random", agent_seat=None, render_mode=None, *,
illegal_action="lose", start=None)``

- ``config``: a :class:`quoridor.Config` (default: the classic two-player 9x9 game); any
  size, 2 to 4 players, King of the Hill. Games end drawn (truncated) at its ply limit, 300
  plies when it gives none.
- ``opponent``: ``"random"``, ``"greedy"``, an engine level 1 to 10, a callable
  ``opponent(obs, mask) -> actions`` (a policy written in Python: a batch of observations and
  masks, here of one row, and one action id per row), or ``"self"`` (self-play: the agent
  plays every seat, each step for the side to move).
- ``agent_seat``: the agent's seat, or ``None`` to draw it at every reset.
- ``illegal_action``: ``"lose"`` (an illegal action resigns the game: reward -1, terminated,
  ``info["illegal_action"]`` true; PettingZoo's rule for board games) or ``"raise"``
  (:class:`quoridor.IllegalMoveError` with the rule's message; nothing changes).
- ``start``: where games start: the configuration's start, a :class:`quoridor.Position`, or a
  list of them (one drawn at every reset); ``reset(options={"position": p})`` starts one game
  from ``p``.

Observations are float32 arrays ``(planes, size, size)`` seen from the agent (the board
turned so that the agent runs up); actions are the agent's action ids, seen the same way
(``Discrete(action_count)``; an id out of range raises ``IndexError``, an action that is no
integer, such as ``3.7``, ``TypeError``). ``info`` holds ``action_mask`` (int8, the legal
ids), ``seat`` (the agent's seat index, or the side to move in self-play), ``winner`` (the
winner's seat index once the game is won, else -1) and ``illegal_action``.
``env.action_space.sample()`` draws a legal action. Rewards: +1 when the agent wins, -1 when
another seat wins or the agent leaves the game (eliminated, or an illegal action), 0
otherwise; in self-play, for the player who just moved.

The games are stepped by a :class:`quoridor.VecEnv` of one game; the environment pickles,
so that ``gymnasium.vector.AsyncVectorEnv`` can use it.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Iterable, Mapping
from typing import Any, Callable, Optional, Union, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ._board import rgb_image, text_board
from ._quoridor import (
    Config,
    IllegalMoveError,
    Position,
    Seat,
    VecEnv,
    action_count,
    default_walls,
    observation_shape,
)

__all__ = [
    "ENV_ID",
    "LegalActions",
    "Observation",
    "Opponent",
    "QuoridorEnv",
    "action_id",
    "observation_space",
    "register_envs",
]

#: The id of the environment in Gymnasium's registry (``gymnasium.make(ENV_ID, ...)``).
ENV_ID = "quoridor/Quoridor-v1"

Observation = npt.NDArray[np.float32]
#: What plays the other seats: a built-in bot, a level, a Python policy or self-play.
Opponent = Union[str, int, Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], Any], None]
SeatLike = Union[Seat, str, int]


def action_id(action: Any) -> int:
    """The action id ``action`` stands for: an ``int``, a numpy integer or a 0-d integer
    array. A ``float`` (``3.7``), a ``bool`` or anything else raises ``TypeError`` rather
    than being rounded to some other action; the id's range is checked when it is played."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"action must be an integer action id, not bool {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        kind = type(action).__name__
        raise TypeError(f"action must be an integer action id, not {kind} {action!r}") from None


def observation_space(config: Config) -> spaces.Box:
    """The Box of a configuration's observations: values from 0 to 1, except the walls in
    hand, which reach ``walls / default_walls`` when a game gives more walls than the default."""
    high = max(1.0, config.walls / default_walls(config.size, config.players))
    shape = observation_shape(config.size, config.players)
    return spaces.Box(0.0, np.float32(high), shape, dtype=np.float32)


class _EnvRefPickling:
    """For action spaces that refer to their environment (``_env``): pickled without it, so
    that a space pickled on its own samples like its Gymnasium base class."""

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_env"] = None
        return state

    def __setstate__(self, state: Union[Iterable[tuple[str, Any]], Mapping[str, Any]]) -> None:
        self.__dict__.update(state)


class LegalActions(_EnvRefPickling, spaces.Discrete):
    """``Discrete(action_count)`` whose ``sample()`` without a mask draws a legal action of
    the environment's current position (random agents and checkers then play real games).
    It refers to its environment weakly; pickled on its own, it samples like ``Discrete``."""

    def __init__(self, n: int, env: Optional[QuoridorEnv] = None, seed: Optional[int] = None):
        super().__init__(n, seed=seed)
        self._env: Optional[weakref.ReferenceType[QuoridorEnv]] = weakref.ref(env) if env is not None else None

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        env = self._env() if self._env is not None else None
        if mask is None and probability is None and env is not None:
            legal = env._legal_mask()
            if legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)


def _start_arg(start: Union[Position, list[Position], None]) -> Union[Position, list[Position], None]:
    return list(start) if start is not None and not isinstance(start, Position) else start


class QuoridorEnv(gym.Env[Observation, np.int64]):
    """Quoridor against an opponent; see the module docs."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}
    action_space: LegalActions

    def __init__(
        self,
        config: Optional[Config] = None,
        opponent: Opponent = "random",
        agent_seat: Optional[SeatLike] = None,
        render_mode: Optional[str] = None,
        *,
        illegal_action: str = "lose",
        start: Union[Position, list[Position], None] = None,
    ) -> None:
        self.opponent = opponent
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._env = VecEnv(
            1,
            config,
            opponent=opponent,
            agent_seat=agent_seat,
            autoreset="disabled",
            illegal_action=illegal_action,
            start=_start_arg(start),
        )
        #: The configuration of the games, its ply limit made explicit.
        self.config: Config = self._env.config
        self.agent_seat = Seat(agent_seat) if agent_seat is not None else None
        self.illegal_action = illegal_action
        self.observation_space = cast("spaces.Space[Observation]", observation_space(self.config))
        self.action_space = LegalActions(action_count(self.config.size), self)
        self._mask: Optional[npt.NDArray[np.bool_]] = None

    @property
    def position(self) -> Optional[Position]:
        """The current position (``None`` before the first reset)."""
        return self._env.positions()[0] if self._mask is not None else None

    @property
    def seat(self) -> Seat:
        """The agent's seat in the current game (in self-play, the side to move)."""
        return Seat(int(self._env.to_play[0]))

    @property
    def vec_env(self) -> VecEnv:
        """The :class:`quoridor.VecEnv` of one game that steps this environment."""
        return self._env

    def _legal_mask(self) -> npt.NDArray[np.int8]:
        if self._mask is None:
            return np.zeros(self.action_space.n, dtype=np.int8)
        return self._mask.astype(np.int8)

    def _info(self, winner: int = -1, illegal: bool = False) -> dict[str, Any]:
        return {
            "action_mask": self._legal_mask(),
            "seat": int(self._env.to_play[0]),
            "winner": winner,
            "illegal_action": illegal,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[Observation, dict[str, Any]]:
        first = self._mask is None
        super().reset(seed=seed)
        position = (options or {}).get("position")
        # The games' generator follows the environment's: a seed repeats the episode.
        game_seed = int(self.np_random.integers(2**63)) if seed is not None or first else None
        obs, mask = self._env.reset(seed=game_seed, positions=position)
        self._mask = mask[0]
        if self.render_mode == "human":
            self.render()
        return obs[0], self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._mask is None:
            raise RuntimeError("call reset() before step()")
        a = action_id(action)
        n = int(self.action_space.n)
        if not 0 <= a < n:
            size = self.config.size
            raise IndexError(f"{a} is not an action id: ids run from 0 to {n - 1} on a {size}x{size} board")
        try:
            obs, mask, rewards, terminated, truncated = self._env.step(np.array([a], dtype=np.int64))
        except IllegalMoveError as e:
            raise IllegalMoveError(str(e).removeprefix("game 0: ")) from None
        except ValueError as e:
            if str(e).startswith("game 0 is over"):
                raise ValueError("the game is over: call reset() before stepping again") from None
            raise
        self._mask = mask[0]
        info = self._info(int(self._env.winners[0]), bool(self._env.illegal[0]))
        if self.render_mode == "human":
            self.render()
        return obs[0], float(rewards[0]), bool(terminated[0]), bool(truncated[0]), info

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        position = self.position
        if position is None or self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return rgb_image(position)
        text = text_board(position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        # The space refers to its environment weakly, and pickles without it.
        self.action_space._env = weakref.ref(self)

    def __repr__(self) -> str:
        return f"QuoridorEnv({self.config!r}, opponent={self.opponent!r}, agent_seat={self.agent_seat!r})"


def register_envs() -> None:
    """Registers :data:`ENV_ID` with Gymnasium (``import quoridor`` does it when Gymnasium is
    installed): ``gymnasium.make(ENV_ID, config=..., opponent=...)`` and
    ``gymnasium.make_vec(ENV_ID, num_envs, ...)``, which steps every game in Rust
    (:class:`quoridor.gym_vector.QuoridorVectorEnv`) unless ``vectorization_mode`` asks for
    ``"sync"`` or ``"async"``."""
    if ENV_ID not in gym.registry:
        gym.register(
            id=ENV_ID,
            entry_point="quoridor.gym_env:QuoridorEnv",
            vector_entry_point="quoridor.gym_vector:QuoridorVectorEnv",
        )
