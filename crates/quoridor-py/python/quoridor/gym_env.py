"""A Gymnasium environment: one agent plays one seat, an opponent plays the others.

``QuoridorEnv(config=None, opponent="random", agent_seat=None, render_mode=None)``

- ``config``: a :class:`quoridor.Config` (default: the classic two-player 9x9 game); any
  size, 2 to 4 players, King of the Hill.
- ``opponent``: ``"random"``, ``"greedy"`` or an engine level 1 to 10; it plays every seat
  but the agent's.
- ``agent_seat``: the agent's seat, or ``None`` to draw it at every reset.

Observations are float32 arrays ``(planes, size, size)`` seen from the agent (the board
turned so that the agent runs up); actions are the agent's action ids, seen the same way
(``Discrete(action_count)``). The legal actions are in ``info["action_mask"]`` (int8), and
``env.action_space.sample()`` draws a legal one. Rewards: +1 when the agent wins, -1 when
another seat wins or the agent is eliminated, 0 otherwise; a draw by the ply limit
truncates. An illegal action raises :class:`quoridor.IllegalMoveError` (an id out of range
``IndexError``, an action that is no integer, such as ``3.7``, ``TypeError``) with the rule's
message, and the environment does not change.
"""

from __future__ import annotations

import operator
import weakref
from typing import Any, Optional, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._board import text_board
from ._quoridor import Bot, Config, Position, Seat, action_count, default_walls, observation_shape

__all__ = ["LegalActions", "QuoridorEnv", "action_id", "observation_space"]


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


class LegalActions(spaces.Discrete):
    """``Discrete(action_count)`` whose ``sample()`` without a mask draws a legal action of
    the environment's current position (random agents and checkers then play real games)."""

    def __init__(self, n: int, env: "QuoridorEnv", seed: Optional[int] = None):
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env)

    def sample(self, mask=None, probability=None):
        env = self._env()
        if mask is None and probability is None and env is not None:
            legal = env._legal_mask()
            if legal is not None and legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)


class QuoridorEnv(gym.Env):
    """Quoridor against an opponent; see the module docs."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        config: Optional[Config] = None,
        opponent: Union[str, int] = "random",
        agent_seat: Union[Seat, str, int, None] = None,
        render_mode: Optional[str] = None,
    ):
        self.config = config if config is not None else Config()
        Bot(opponent)  # checks the opponent now, not at the first reset
        self.opponent = opponent
        seats = self.config.seats
        if agent_seat is not None:
            agent_seat = Seat(agent_seat)
            if agent_seat not in seats:
                raise ValueError(f"{agent_seat} does not play in a {self.config.players}-player game")
        self.agent_seat = agent_seat
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.observation_space = observation_space(self.config)
        self.action_space = LegalActions(action_count(self.config.size), self)
        self._bot: Optional[Bot] = None
        self._seat: Seat = seats[0]
        self._position: Optional[Position] = None

    @property
    def position(self) -> Optional[Position]:
        """The current position (``None`` before the first reset)."""
        return self._position

    @property
    def seat(self) -> Seat:
        """The agent's seat in the current game."""
        return self._seat

    def _legal_mask(self) -> Optional[np.ndarray]:
        pos = self._position
        if pos is None or pos.is_game_over or pos.turn != self._seat:
            return None
        return pos.legal_action_mask(self._seat).astype(np.int8)

    def _info(self) -> dict:
        pos = self._position
        mask = self._legal_mask()
        if mask is None:
            mask = np.zeros(self.action_space.n, dtype=np.int8)
        return {"action_mask": mask, "seat": int(self._seat.index), "ply": pos.ply}

    def _opponents_move(self) -> None:
        pos = self._position
        while not pos.is_game_over and pos.turn != self._seat and self._seat in pos.active_seats:
            pos = pos.play(self._bot.choose(pos))
        self._position = pos

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None or self._bot is None:
            self._bot = Bot(self.opponent, seed=int(self.np_random.integers(2**63)))
        seats = self.config.seats
        self._seat = self.agent_seat if self.agent_seat is not None else seats[int(self.np_random.integers(len(seats)))]
        self._position = Position.start(self.config)
        self._opponents_move()
        if self.render_mode == "human":
            self.render()
        return self._position.observation(self._seat), self._info()

    def step(self, action):
        if self._position is None:
            raise RuntimeError("call reset() before step()")
        # Raises with the rule's message, and changes nothing, for a bad action.
        self._position = self._position.play_action(action_id(action), self._seat)
        self._opponents_move()
        pos = self._position
        # The package's one reward rule: +1 won, -1 lost or eliminated, else 0.
        reward = pos.reward(self._seat)
        terminated = pos.winner is not None or self._seat not in pos.active_seats
        truncated = pos.is_draw
        if self.render_mode == "human":
            self.render()
        return pos.observation(self._seat), reward, terminated, truncated, self._info()

    def render(self):
        if self._position is None:
            return None
        text = text_board(self._position)
        if self.render_mode == "human":
            print(text)
            return None
        return text


gym.register(id="quoridor/Quoridor-v0", entry_point="quoridor.gym_env:QuoridorEnv")
