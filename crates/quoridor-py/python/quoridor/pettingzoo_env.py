"""A PettingZoo AEC environment: every seat is an agent; 2, 3 or 4 players, King of the Hill.

``env(config=None, render_mode=None)`` (wrapped with PettingZoo's order enforcing) or
``raw_env(...)``. Agents are ``player_0``, ``player_1``, ... in turn order from South (the
seats of :attr:`quoridor.Config.seats`).

Each agent observes ``{"observation": float32 (planes, size, size), "action_mask": int8
(action_count,)}`` seen from its own seat (the board turned so that it runs up); its actions
are action ids seen the same way, and its mask is all zeros when it is not to move. Rewards
come at the end: +1 for the winner, -1 for every other player (and for a player eliminated
because it has no legal action, when that happens); a draw by the ply limit truncates with
0. An illegal action raises :class:`quoridor.IllegalMoveError` with the rule's message (an
id out of range ``IndexError``, an action that is no integer ``TypeError``) and changes
nothing.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._board import text_board
from ._quoridor import Config, Position, action_count
from .gym_env import action_id, observation_space

__all__ = ["env", "raw_env"]


def env(config: Optional[Config] = None, render_mode: Optional[str] = None) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(config, render_mode))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's naming)
    """Quoridor for PettingZoo; see the module docs."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "quoridor_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(self, config: Optional[Config] = None, render_mode: Optional[str] = None):
        super().__init__()
        self.config = config if config is not None else Config()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        seats = self.config.seats
        self.possible_agents = [f"player_{i}" for i in range(len(seats))]
        self._seat_of = dict(zip(self.possible_agents, seats))
        self._agent_of = {seat: agent for agent, seat in self._seat_of.items()}
        n = action_count(self.config.size)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": observation_space(self.config),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.position: Position = Position.start(self.config)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self._seat_of[agent]
        pos = self.position
        if not pos.is_game_over and pos.turn == seat:
            mask = pos.legal_action_mask(seat).astype(np.int8)
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        return {"observation": pos.observation(seat), "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The game has no chance moves: the seed changes nothing, and the first seat comes
        # from the configuration.
        self.position = Position.start(self.config)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of[self.position.turn]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        before = set(self.position.active_seats)
        # Raises with the rule's message, and changes nothing, for a bad action.
        self.position = self.position.play_action(action_id(action), seat)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        pos = self.position
        # Players eliminated by this move (no legal action left) leave with -1.
        for gone in before - set(pos.active_seats):
            other = self._agent_of[gone]
            self.rewards[other] = int(pos.reward(gone))
            self.terminations[other] = True
        if pos.winner is not None:
            for a in self.agents:
                if not self.terminations[a]:
                    self.rewards[a] = int(pos.reward(self._seat_of[a]))
                    self.terminations[a] = True
        elif pos.is_draw:
            for a in self.agents:
                self.truncations[a] = True
        if not pos.is_game_over:
            self.agent_selection = self._agent_of[pos.turn]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self):
        text = text_board(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
