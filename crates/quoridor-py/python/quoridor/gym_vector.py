"""A Gymnasium vector environment whose games are all stepped in Rust in one call.

``QuoridorVectorEnv(num_envs, config=None, opponent="random", agent_seat=None,
render_mode=None, *, autoreset_mode=AutoresetMode.NEXT_STEP, illegal_action="lose",
start=None)``, also ``gymnasium.make_vec("quoridor/Quoridor-v1", num_envs, ...)``.

It is a ``gymnasium.vector.VectorEnv`` that behaves as ``SyncVectorEnv`` over
:class:`quoridor.gym_env.QuoridorEnv` with the same arguments (the tests compare the two step
by step): the same spaces, observations, rewards (float64), flags and infos (``action_mask``,
``seat``, ``winner``, ``illegal_action``, each with its ``_key`` mask), the three autoreset
modes of Gymnasium 1.x (next step; same step, with ``final_obs`` and ``final_info``;
disabled, with ``reset(options={"reset_mask": mask})``), ``reset(seed=int or list,
options=...)`` per game, and start positions (``options={"position": p}``, one position or
one per game reset). A seed gives game ``i`` the games ``QuoridorEnv.reset(seed=seed + i)``
gives. The opponent's moves, the observations and the masks are computed in Rust for all
games at once; a Python opponent is called once per batch of games waiting for it.
"""

from __future__ import annotations

import operator

from collections.abc import Sequence
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._board import rgb_image, text_board
from ._quoridor import Config, Position, Seat, VecEnv, action_count
from .gym_env import Opponent, SeatLike, _EnvRefPickling, _start_arg, observation_space

__all__ = ["LegalActionBatch", "QuoridorVectorEnv"]

_MODES = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


class LegalActionBatch(_EnvRefPickling, spaces.MultiDiscrete):
    """The batch of every game's ``Discrete(action_count)``; ``sample()`` without a mask draws
    a legal action in every game (0 where none is legal: a game waiting to start again)."""

    def __init__(self, num_envs: int, n: int, env: Optional[QuoridorVectorEnv] = None):
        super().__init__(np.full(num_envs, n, dtype=np.int64))
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> npt.NDArray[np.int64]:
        env = self._env
        if mask is None and probability is None and env is not None and env._mask is not None:
            legal = env._mask
            scores = self.np_random.random(legal.shape)
            scores[~legal] = -1.0
            picked: npt.NDArray[np.int64] = scores.argmax(axis=1).astype(np.int64)
            return picked
        return super().sample(mask=mask, probability=probability)


class QuoridorVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of Quoridor against an opponent, stepped in Rust; see the module docs."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "rgb_array"],
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }
    single_action_space: spaces.Discrete
    action_space: LegalActionBatch

    def __init__(
        self,
        num_envs: int,
        config: Optional[Config] = None,
        opponent: Opponent = "random",
        agent_seat: Optional[SeatLike] = None,
        render_mode: Optional[str] = None,
        *,
        autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP,
        illegal_action: str = "lose",
        start: Union[Position, list[Position], None] = None,
    ) -> None:
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            modes = ", ".join(repr(m.value) for m in AutoresetMode)
            raise ValueError(f"autoreset_mode must be an AutoresetMode ({modes}), not {autoreset_mode!r}") from None
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self._env = VecEnv(
            num_envs,
            config,
            opponent=opponent,
            agent_seat=agent_seat,
            autoreset=_MODES[mode],
            illegal_action=illegal_action,
            start=_start_arg(start),
        )
        self.num_envs = num_envs
        self.config: Config = self._env.config
        self.opponent = opponent
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.autoreset_mode = mode
        self.single_observation_space = observation_space(self.config)
        self.single_action_space = spaces.Discrete(action_count(self.config.size))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = LegalActionBatch(num_envs, action_count(self.config.size), self)
        self._mask: Optional[npt.NDArray[np.bool_]] = None
        self._np_random: Optional[np.random.Generator] = None

    @property
    def vec_env(self) -> VecEnv:
        """The :class:`quoridor.VecEnv` that steps the games."""
        return self._env

    def positions(self) -> list[Position]:
        """Every game's current position."""
        return self._env.positions()

    def _game_seeds(self, seed: Union[int, Sequence[Optional[int]], None]) -> Optional[list[Optional[int]]]:
        """Each game's seed of its generator, as ``QuoridorEnv.reset(seed=s)`` derives it from
        ``s``; ``None`` to keep each game's generator (unseeded at first: fresh entropy)."""
        if seed is None:
            if self._np_random is not None:
                return None
            self._np_random, _ = seeding.np_random()
            return [int(self._np_random.integers(2**63)) for _ in range(self.num_envs)]
        seeds: list[Optional[int]]
        if isinstance(seed, Sequence):
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"seed has {len(seeds)} entries: expected {self.num_envs}, one per game")
        else:
            seeds = [operator.index(seed) + i for i in range(self.num_envs)]
        self._np_random, _ = seeding.np_random(next((s for s in seeds if s is not None), None))
        return [None if s is None else int(seeding.np_random(s)[0].integers(2**63)) for s in seeds]

    def reset(
        self,
        *,
        seed: Union[int, Sequence[Optional[int]], None] = None,
        options: Optional[dict[str, Any]] = None,
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        options = options or {}
        reset_mask = options.get("reset_mask")
        if reset_mask is not None:
            if not isinstance(reset_mask, np.ndarray) or reset_mask.dtype != np.bool_:
                raise TypeError("options['reset_mask'] must be a numpy bool array, one entry per game")
        game_seeds = self._game_seeds(seed)
        if game_seeds is not None and reset_mask is not None:
            game_seeds = [s if m else None for s, m in zip(game_seeds, reset_mask)]
        obs, infos = self._env.gymnasium_reset(game_seeds, games=reset_mask, positions=options.get("position"))
        self._mask = self._full_mask(infos, reset_mask)
        return obs, infos

    def _full_mask(self, infos: dict[str, Any], rows: Optional[npt.NDArray[np.bool_]]) -> npt.NDArray[np.bool_]:
        """Every game's legal actions (the infos of a partial reset hold the reset games' only)."""
        mask: npt.NDArray[np.bool_] = infos["action_mask"].view(np.bool_)
        if rows is None or self._mask is None:
            return mask
        full = self._mask.copy()
        full[rows] = mask[rows]
        return full

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        if self._mask is None:
            raise RuntimeError("call reset() before step()")
        obs, rewards, terminated, truncated, infos = self._env.gymnasium_step(actions)
        self._mask = infos["action_mask"].view(np.bool_)
        return obs, rewards, terminated, truncated, infos

    def render(self) -> Optional[tuple[Any, ...]]:
        """Every game's rendering (``"rgb_array"``: images, ``"ansi"``: text)."""
        if self.render_mode is None:
            return None
        draw = rgb_image if self.render_mode == "rgb_array" else text_board
        return tuple(draw(p) for p in self._env.positions())

    def seats(self) -> list[Seat]:
        """Each game's agent seat (the side to move in self-play)."""
        return [Seat(int(s)) for s in self._env.to_play]
