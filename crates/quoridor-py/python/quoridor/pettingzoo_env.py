"""PettingZoo environments: every seat is an agent; 2, 3 or 4 players, King of the Hill.

- ``env(config=None, render_mode=None, *, illegal_action="lose")``: the AEC environment
  (agents take turns), wrapped with PettingZoo's order enforcing; ``raw_env(...)`` without.
- ``parallel_env(config=None, render_mode=None, *, illegal_action="lose")``: the parallel
  API. Every live agent gives an action at every step, but only the side to move's is
  played (one ply per step); the others' actions are ignored (their masks are all zeros).

Agents are ``player_0``, ``player_1``, ... in turn order from South (the seats of
:attr:`quoridor.Config.seats`). Each observes ``{"observation": float32 (planes, size, size),
"action_mask": int8 (action_count,)}`` seen from its own seat (the board turned so that it
runs up); its actions are action ids seen the same way, and its mask is all zeros when it is
not to move. Rewards come at the end: +1 for the winner, -1 for every other player (and for
a player that leaves: eliminated because it has no legal action, or after an illegal
action); a draw by the ply limit (300 plies unless the configuration gives one) truncates
with 0.

An illegal action (an id of the board, but a move the rules forbid) makes its player resign
with ``illegal_action="lose"`` (PettingZoo's rule for board games; ``infos[agent]
["illegal_action"]`` says so), or raises :class:`quoridor.IllegalMoveError` with the rule's
message and changes nothing with ``"raise"``. An id out of range raises ``IndexError``, an
action that is no integer ``TypeError``. ``reset(options={"position": p})`` starts from a
position of the configuration's game.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ._board import rgb_image, text_board
from ._quoridor import Config, Position, Seat, action_count
from .gym_env import action_id, observation_space

__all__ = ["ParallelQuoridorEnv", "env", "parallel_env", "raw_env"]

AgentObs = dict[str, npt.NDArray[Any]]

METADATA: dict[str, Any] = {
    "render_modes": ["ansi", "human", "rgb_array"],
    "name": "quoridor_v1",
    "is_parallelizable": False,
    "render_fps": 4,
}


def env(
    config: Optional[Config] = None, render_mode: Optional[str] = None, *, illegal_action: str = "lose"
) -> AECEnv[str, AgentObs, int]:
    """The AEC environment with PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(config, render_mode, illegal_action=illegal_action))


def parallel_env(
    config: Optional[Config] = None, render_mode: Optional[str] = None, *, illegal_action: str = "lose"
) -> ParallelQuoridorEnv:
    """The parallel environment (one ply per step; see the module docs)."""
    return ParallelQuoridorEnv(config, render_mode, illegal_action=illegal_action)


class _Game:
    """What both APIs share: the configuration, the agents and their seats, the spaces, the
    observations, the position's start and the rule for illegal actions."""

    def __init__(self, config: Optional[Config], render_mode: Optional[str], illegal_action: str) -> None:
        config = config if config is not None else Config()
        if config.ply_limit is None:
            from ._quoridor import DEFAULT_PLY_LIMIT

            config = Config(config.size, config.players, config.variant, config.walls, config.first, DEFAULT_PLY_LIMIT)
        self.config = config
        if render_mode is not None and render_mode not in METADATA["render_modes"]:
            raise ValueError(f"render_mode must be one of {METADATA['render_modes']}, not {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f'illegal_action must be "raise" or "lose", not {illegal_action!r}')
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        seats = config.seats
        self.possible_agents = [f"player_{i}" for i in range(len(seats))]
        self.seat_of = dict(zip(self.possible_agents, seats))
        self.agent_of = {seat: agent for agent, seat in self.seat_of.items()}
        n = action_count(config.size)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": observation_space(config),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.position = Position.start(config)

    def observe(self, agent: str) -> AgentObs:
        seat = self.seat_of[agent]
        pos = self.position
        if not pos.is_game_over and pos.turn == seat:
            mask = pos.legal_action_mask(seat).astype(np.int8)
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        return {"observation": pos.observation(seat), "action_mask": mask}

    def start(self, options: Optional[dict[str, Any]]) -> None:
        position = (options or {}).get("position")
        if position is None:
            self.position = Position.start(self.config)
            return
        if not isinstance(position, Position):
            raise TypeError(f"options['position'] must be a Position, not {type(position).__name__}")
        c = self.config
        if (position.size, position.players, position.variant) != (c.size, c.players, c.variant):
            raise ValueError("options['position'] is not a position of this environment's game")
        if position.is_game_over:
            raise ValueError("options['position'] is a finished game")
        limit = c.ply_limit
        if position.ply_limit != limit:
            if limit is not None and position.ply >= limit:
                raise ValueError(f"options['position'] is at ply {position.ply}: the games end drawn at ply {limit}")
            # The position format ends with the ply and the limit: `... S 12/300`.
            text, _ = str(position).rsplit(" ", 1)
            position = Position(f"{text} {position.ply}/{limit}" if limit is not None else f"{text} {position.ply}")
        self.position = position

    def play(self, agent: str, action: Any) -> tuple[bool, set[Seat]]:
        """Plays ``agent``'s action; returns whether it was illegal (and resigned) and the seats
        that left the game with it."""
        seat = self.seat_of[agent]
        before = set(self.position.active_seats)
        a = action_id(action)
        n = int(self.action_spaces[agent].n)
        if not 0 <= a < n:
            size = self.config.size
            raise IndexError(f"{a} is not an action id: ids run from 0 to {n - 1} on a {size}x{size} board")
        illegal = False
        if self.illegal_action == "lose" and not self.position.legal_action_mask(seat)[a]:
            self.position = self.position.resign(seat)
            illegal = True
        else:
            # Raises with the rule's message, and changes nothing, for an illegal action.
            self.position = self.position.play_action(a, seat)
        return illegal, before - set(self.position.active_seats)

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return rgb_image(self.position)
        text = text_board(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text


# PettingZoo ships no type information: its base classes are `Any` to a type checker.
class raw_env(AECEnv[str, AgentObs, int]):  # type: ignore[misc]  # noqa: N801 (PettingZoo's naming)
    """Quoridor for PettingZoo's AEC API; see the module docs."""

    metadata = METADATA

    def __init__(
        self, config: Optional[Config] = None, render_mode: Optional[str] = None, *, illegal_action: str = "lose"
    ) -> None:
        super().__init__()
        self._game = _Game(config, render_mode, illegal_action)
        self.config = self._game.config
        self.render_mode = render_mode
        self.possible_agents = list(self._game.possible_agents)
        self.observation_spaces = self._game.observation_spaces
        self.action_spaces = self._game.action_spaces

    @property
    def position(self) -> Position:
        """The current position."""
        return self._game.position

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> AgentObs:
        return self._game.observe(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        # The game has no chance moves: the seed changes nothing; the first seat comes from
        # the configuration (or the position given).
        self._game.start(options)
        active = set(self.position.active_seats)
        self.agents = [a for a in self.possible_agents if self._game.seat_of[a] in active]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"illegal_action": False} for a in self.agents}
        self.agent_selection = self._game.agent_of[self.position.turn]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        illegal, gone = self._game.play(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        pos = self.position
        self.infos[agent] = {"illegal_action": illegal}
        # Players who left with this action (eliminated, or resigned by an illegal one): -1.
        for seat in gone:
            other = self._game.agent_of[seat]
            self.rewards[other] = float(pos.reward(seat))
            self.terminations[other] = True
        if pos.winner is not None:
            for a in self.agents:
                if not self.terminations[a]:
                    self.rewards[a] = float(pos.reward(self._game.seat_of[a]))
                    self.terminations[a] = True
        elif pos.is_draw:
            for a in self.agents:
                self.truncations[a] = True
        if not pos.is_game_over:
            self.agent_selection = self._game.agent_of[pos.turn]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        return self._game.render()

    def close(self) -> None:
        pass


class ParallelQuoridorEnv(ParallelEnv[str, AgentObs, int]):  # type: ignore[misc]
    """Quoridor for PettingZoo's parallel API: one ply per step; see the module docs."""

    metadata = METADATA

    def __init__(
        self, config: Optional[Config] = None, render_mode: Optional[str] = None, *, illegal_action: str = "lose"
    ) -> None:
        self._game = _Game(config, render_mode, illegal_action)
        self.config = self._game.config
        self.render_mode = render_mode
        self.possible_agents = list(self._game.possible_agents)
        self.agents: list[str] = []
        #: The space of `state()`: the observation from the first seat.
        self.state_space = observation_space(self._game.config)

    @property
    def position(self) -> Position:
        """The current position."""
        return self._game.position

    # One space object per agent, made once (as PettingZoo asks, so that seeding one works).
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._game.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._game.action_spaces[agent]

    def _observations(self) -> dict[str, AgentObs]:
        return {a: self._game.observe(a) for a in self.agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, AgentObs], dict[str, dict[str, Any]]]:
        self._game.start(options)
        active = set(self.position.active_seats)
        self.agents = [a for a in self.possible_agents if self._game.seat_of[a] in active]
        return self._observations(), {a: {"illegal_action": False} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, AgentObs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise RuntimeError("the game is over: call reset() before step()")
        mover = self._game.agent_of[self.position.turn]
        if mover not in actions:
            raise KeyError(f"{mover} is to move but has no action in {sorted(actions)}")
        agents = list(self.agents)
        illegal, gone = self._game.play(mover, actions[mover])
        pos = self.position
        rewards = {a: 0.0 for a in agents}
        terminations = {a: False for a in agents}
        truncations = {a: False for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {"illegal_action": a == mover and illegal} for a in agents}
        for seat in gone:
            rewards[self._game.agent_of[seat]] = float(pos.reward(seat))
            terminations[self._game.agent_of[seat]] = True
        if pos.winner is not None:
            for a in agents:
                rewards[a] = float(pos.reward(self._game.seat_of[a]))
                terminations[a] = True
        elif pos.is_draw:
            for a in agents:
                truncations[a] = True
        observations = {a: self._game.observe(a) for a in agents}
        self.agents = [a for a in agents if not (terminations[a] or truncations[a])]
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        return self._game.render()

    def close(self) -> None:
        pass

    def state(self) -> npt.NDArray[np.float32]:
        """The whole game as one array: the observation from the first seat."""
        return self.position.observation(self._game.seat_of[self.possible_agents[0]])
