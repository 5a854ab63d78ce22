"""Type stubs of the native module (``quoridor._quoridor``); everything is re-exported by
``quoridor``."""

from collections.abc import Sequence
from typing import Any, Callable, ClassVar, Optional, Union, final

from typing_extensions import Self

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "Seat",
    "Move",
    "Config",
    "Position",
    "Game",
    "Engine",
    "Analysis",
    "Candidate",
    "Bot",
    "VecEnv",
    "MCTS",
    "SearchResult",
    "EloEstimate",
    "IllegalMoveError",
    "action_count",
    "action_to_move",
    "move_to_action",
    "observation_shape",
    "default_walls",
    "elo",
    "seat_chances",
    "win_chance",
    "mirror_actions",
    "mirror_policy",
    "mirror_observation",
    "SelfPlay",
    "SelfPlayGame",
    "DEFAULT_PLY_LIMIT",
    "ENGINE",
    "COMMIT",
    "SELFPLAY_COLUMNS",
    "__version__",
]

_SeatLike = Union["Seat", str, int]
_MoveLike = Union["Move", str]

class IllegalMoveError(ValueError):
    """A move, action or resignation that breaks a rule; the message names the rule."""

@final
class Seat:
    """A seat at the table; turns run South, West, North, East. ``Seat("S")``,
    ``Seat("south")`` and ``Seat(0)`` all give ``Seat.SOUTH``."""

    SOUTH: ClassVar[Seat]
    WEST: ClassVar[Seat]
    NORTH: ClassVar[Seat]
    EAST: ClassVar[Seat]
    def __new__(cls, seat: _SeatLike) -> Self: ...
    @property
    def letter(self) -> str:
        """``"S"``, ``"W"``, ``"N"`` or ``"E"``."""
    @property
    def index(self) -> int:
        """0 South, 1 West, 2 North, 3 East."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Seat, /) -> bool: ...
    def __le__(self, other: Seat, /) -> bool: ...
    def __gt__(self, other: Seat, /) -> bool: ...
    def __ge__(self, other: Seat, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Move:
    """A pawn move (``Move("e2")``: the destination square) or a wall (``Move("e3h")``:
    anchor and orientation). Bad text raises ``ValueError`` saying what is wrong."""

    def __new__(cls, text: str) -> Self: ...
    @property
    def is_wall(self) -> bool: ...
    @property
    def is_pawn(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Config:
    """How a game is set up; checked when made (``ValueError`` naming the rule)."""

    def __new__(
        cls,
        size: int = 9,
        players: int = 2,
        variant: str = "classic",
        walls: Optional[int] = None,
        first: Optional[_SeatLike] = None,
        ply_limit: Optional[int] = None,
    ) -> Self: ...
    @property
    def size(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def variant(self) -> str:
        """``"classic"`` or ``"koth"`` (King of the Hill)."""
    @property
    def walls(self) -> int:
        """Walls per player (the default made explicit); the first player of King of the
        Hill gets one fewer."""
    @property
    def first(self) -> Seat: ...
    @property
    def ply_limit(self) -> Optional[int]: ...
    @property
    def seats(self) -> list[Seat]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A legal position; immutable (``play`` returns the next one). ``Position()`` is the
    classic start, ``Position(text)`` reads the position format, ``str(position)`` writes it.

    Action ids and observations are seen from a seat, the side to move by default (the
    board turned so that the seat runs up)."""

    def __new__(cls, text: Optional[str] = None) -> Self: ...
    @staticmethod
    def start(config: Optional[Config] = None) -> Position: ...
    @property
    def size(self) -> int: ...
    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def active_seats(self) -> list[Seat]: ...
    @property
    def turn(self) -> Seat: ...
    @property
    def ply(self) -> int: ...
    @property
    def ply_limit(self) -> Optional[int]: ...
    @property
    def is_game_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[Seat]: ...
    @property
    def is_draw(self) -> bool: ...
    @property
    def zobrist(self) -> int: ...
    @property
    def walls(self) -> list[str]:
        """The walls on the board in notation, horizontal first."""
    @property
    def action_count(self) -> int: ...
    def reward(self, seat: _SeatLike) -> float: ...
    def pawn(self, seat: _SeatLike) -> Optional[str]: ...
    def walls_in_hand(self, seat: _SeatLike) -> int: ...
    def distance(self, seat: _SeatLike) -> Optional[int]: ...
    def wall_threat(self, seat: _SeatLike, least: Optional[int] = None) -> Optional[int]:
        """The most steps one wall placed now could add to the seat's shortest path,
        counted from ``least`` steps up (0 below it)."""
    def shortest_path(self, seat: _SeatLike) -> list[str]: ...
    def ranking(self) -> dict[Seat, int]: ...
    def legal_moves(self) -> list[Move]: ...
    def count_legal_moves(self) -> int: ...
    def is_legal(self, move: _MoveLike) -> bool: ...
    def why_illegal(self, move: _MoveLike) -> Optional[str]:
        """The rule ``move`` breaks, or ``None`` when it is legal."""
    def play(self, move: _MoveLike) -> Position:
        """The position after ``move``; ``IllegalMoveError`` names the broken rule."""
    def resign(self, seat: _SeatLike) -> Position: ...
    def action_to_move(self, action: int, seat: Optional[_SeatLike] = None) -> Move: ...
    def move_to_action(self, move: _MoveLike, seat: Optional[_SeatLike] = None) -> int: ...
    def legal_actions(self, seat: Optional[_SeatLike] = None) -> list[int]: ...
    def legal_action_mask(self, seat: Optional[_SeatLike] = None) -> npt.NDArray[np.bool_]:
        """Shape ``(action_count,)``."""
    def play_action(self, action: int, seat: Optional[_SeatLike] = None) -> Position: ...
    def observation(self, seat: Optional[_SeatLike] = None) -> npt.NDArray[np.float32]:
        """Shape ``(planes, size, size)``: 8 planes for two players, 14 for three or four."""
    def copy(self) -> Position: ...
    def diagram(self, color: bool = False) -> str:
        """The board as text (Unicode box drawing, row 1 at the bottom), as the ``quoridor`` command draws it."""
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: Any) -> Position: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game with its history; changes in place. ``str(game)`` is the game record,
    ``Game.parse(record)`` reads one."""

    def __new__(cls, config: Optional[Config] = None) -> Self: ...
    @staticmethod
    def from_position(position: Position) -> Game: ...
    @staticmethod
    def parse(record: str) -> Game: ...
    @property
    def position(self) -> Position: ...
    @property
    def start(self) -> Position: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def is_game_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[Seat]: ...
    @property
    def result(self) -> str:
        """``"S+"``, ``"="`` or ``"*"``."""
    def play(self, move: _MoveLike) -> None: ...
    def play_action(self, action: int, seat: Optional[_SeatLike] = None) -> None: ...
    def resign(self, seat: _SeatLike) -> None: ...
    def undo(self) -> Union[Move, Seat, None]:
        """The move (or the seat whose resignation) taken back; ``None`` at the start."""
    def tag(self, name: str) -> Optional[str]: ...
    def set_tag(self, name: str, value: str) -> None: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Analysis:
    """What a search found."""

    @property
    def best(self) -> Move: ...
    @property
    def pv(self) -> list[Move]: ...
    @property
    def score(self) -> str:
        """``"+1.25"``, ``"win in 5"`` or ``"loss in 4"``, for the side to move."""
    @property
    def eval(self) -> Optional[int]:
        """Centi-steps for the side to move; ``None`` when a win or loss is forced."""
    @property
    def mate(self) -> Optional[int]:
        """Plies to a forced win (positive) or loss (negative)."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def nps(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds."""
    @property
    def lines(self) -> list[Candidate]:
        """The candidate moves, best first; the first is ``best`` (one unless ``multipv``)."""
    @property
    def complete(self) -> bool:
        """Whether every line asked for was searched within the limits."""
    @property
    def chance(self) -> float:
        """The side to move's chance to win, 0 to 1, from the score."""

@final
class Candidate:
    """One candidate move of an analysis, with its score and line at the same depth."""

    @property
    def move(self) -> Move: ...
    @property
    def score(self) -> str:
        """``"+1.25"``, ``"win in 5"`` or ``"loss in 4"``, for the side to move."""
    @property
    def eval(self) -> Optional[int]: ...
    @property
    def mate(self) -> Optional[int]: ...
    @property
    def pv(self) -> list[Move]:
        """The principal variation, starting with ``move``."""
    @property
    def chance(self) -> float:
        """The side to move's chance to win with this move, 0 to 1."""

@final
class Engine:
    """The alpha-beta engine; ``analyse`` releases the GIL."""

    def __new__(cls, threads: int = 1, hash_mb: int = 64, seed: int = 0) -> Self: ...
    threads: int
    @property
    def hash_mb(self) -> int: ...
    def analyse(
        self,
        position: Union[Position, Game],
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        level: Optional[int] = None,
        multipv: Optional[int] = None,
    ) -> Analysis:
        """Give at least one limit; ``movetime`` is in seconds, ``level`` 1 to 10;
        ``multipv`` (at least 1) best moves in ``Analysis.lines``. A ``Game`` is searched
        at its current position knowing the positions it went through (repetitions)."""
    def stop(self) -> None: ...
    def new_game(self) -> None: ...

@final
class Bot:
    """``Bot("random", seed)``, ``Bot("greedy")`` or ``Bot(level, seed)`` (1 to 10)."""

    def __new__(cls, kind: Union[str, int], seed: int = 0) -> Self: ...
    def choose(self, position: Union[Position, Game]) -> Move: ...

#: What plays the seats the caller does not: a built-in bot (``"random"``, ``"greedy"``), an
#: engine level 1 to 10, a Python policy ``opponent(obs, mask) -> actions`` called with a batch,
#: or self-play (``None`` or ``"self"``).
_OpponentLike = Union[str, int, Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], npt.ArrayLike], None]

DEFAULT_PLY_LIMIT: int
"""The ply limit of the environments' games when the configuration has none: 300."""

@final
class VecEnv:
    """``num_envs`` games stepped together in Rust; see ``docs/python.md``."""

    def __new__(
        cls,
        num_envs: int,
        config: Optional[Config] = None,
        *,
        opponent: _OpponentLike = None,
        agent_seat: Optional[_SeatLike] = None,
        seed: int = 0,
        autoreset: str = "same_step",
        illegal_action: str = "raise",
        start: Union[Position, Sequence[Position], None] = None,
    ) -> Self: ...
    def reset(
        self,
        seed: Union[int, Sequence[Optional[int]], None] = None,
        *,
        games: Optional[npt.ArrayLike] = None,
        positions: Union[Position, Sequence[Position], None] = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """``(obs (num_envs, planes, size, size), mask (num_envs, action_count))``; ``games``
        (a bool array) restarts only those games, ``positions`` starts them there."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """``(obs, mask, rewards, terminated, truncated)``."""
    def sample_actions(self) -> npt.NDArray[np.int64]: ...
    def gymnasium_reset(
        self,
        seed: Union[int, Sequence[Optional[int]], None] = None,
        *,
        games: Optional[npt.ArrayLike] = None,
        positions: Union[Position, Sequence[Position], None] = None,
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """``reset`` as a Gymnasium vector environment returns it: ``(obs, infos)``."""
    def gymnasium_step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """``step`` as a Gymnasium vector environment returns it, infos as ``SyncVectorEnv`` has them."""
    @property
    def num_envs(self) -> int: ...
    @property
    def config(self) -> Config:
        """The configuration of every game, its ply limit made explicit."""
    @property
    def action_count(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def autoreset(self) -> str: ...
    @property
    def illegal_action(self) -> str: ...
    @property
    def to_play(self) -> npt.NDArray[np.int8]: ...
    @property
    def winners(self) -> npt.NDArray[np.int8]: ...
    @property
    def illegal(self) -> npt.NDArray[np.bool_]: ...
    @property
    def final_games(self) -> npt.NDArray[np.int64]: ...
    @property
    def final_obs(self) -> npt.NDArray[np.float32]:
        """The final observations of the games that ended in the last step (``final_games``)."""
    @property
    def final_seats(self) -> npt.NDArray[np.int8]: ...
    def positions(self) -> list[Position]: ...
    def __len__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    @staticmethod
    def _from_state(state: dict[str, Any]) -> VecEnv: ...

#: ``evaluator(obs, mask) -> (policy, value)`` for :meth:`MCTS.search`.
_Evaluator = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], tuple[npt.ArrayLike, npt.ArrayLike]]

@final
class MCTS:
    """Batched Monte Carlo tree search (PUCT) over many games with a Python evaluator."""

    def __new__(
        cls,
        simulations: int = 100,
        *,
        c_puct: float = 1.25,
        dirichlet_alpha: float = 0.3,
        dirichlet_fraction: float = 0.25,
        leaves_per_game: int = 8,
        virtual_loss: float = 1.0,
        fpu_reduction: float = 0.0,
        seed: int = 0,
    ) -> Self: ...
    def search(
        self,
        positions: Sequence[Position],
        evaluator: _Evaluator,
        *,
        simulations: Optional[int] = None,
        noise: bool = True,
        temperature: float = 1.0,
    ) -> SearchResult:
        """Searches every position; ``evaluator`` is called once per round with the leaves of
        every game."""
    @property
    def simulations(self) -> int: ...
    @property
    def c_puct(self) -> float: ...
    @property
    def dirichlet_alpha(self) -> float: ...
    @property
    def dirichlet_fraction(self) -> float: ...
    @property
    def leaves_per_game(self) -> int: ...
    @property
    def virtual_loss(self) -> float: ...
    @property
    def fpu_reduction(self) -> float: ...

@final
class SearchResult:
    """What :meth:`MCTS.search` found, one row per position; ids seen from its side to move."""

    @property
    def visits(self) -> npt.NDArray[np.int32]: ...
    @property
    def policy(self) -> npt.NDArray[np.float32]:
        """The visit counts as a distribution: the training target."""
    @property
    def prior(self) -> npt.NDArray[np.float32]: ...
    @property
    def q(self) -> npt.NDArray[np.float32]:
        """Each move's mean value for the side to move; NaN where not visited."""
    @property
    def values(self) -> npt.NDArray[np.float32]: ...
    @property
    def actions(self) -> npt.NDArray[np.int64]: ...
    @property
    def evaluations(self) -> int: ...
    @property
    def leaves(self) -> int: ...

@final
class EloEstimate:
    """A side's Elo difference with its 95% interval; made by :func:`elo`."""

    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def losses(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def score(self) -> float:
        """The mean game score, 0 to 1 (win 1, draw 0.5, loss 0)."""
    @property
    def elo(self) -> float:
        """``-400 log10(1/score - 1)``; infinite when every game was won or lost."""
    @property
    def low(self) -> float:
        """The lower end of the 95% interval (``-inf`` where it reaches a score of 0)."""
    @property
    def high(self) -> float:
        """The upper end of the 95% interval (``inf`` where it reaches a score of 1)."""
    def __eq__(self, other: object, /) -> bool: ...

def action_count(size: int = 9) -> int: ...
def action_to_move(action: int, size: int = 9, seat: Optional[_SeatLike] = None) -> Move: ...
def move_to_action(move: _MoveLike, size: int = 9, seat: Optional[_SeatLike] = None) -> int: ...
def observation_shape(size: int = 9, players: int = 2) -> tuple[int, int, int]: ...
def default_walls(size: int, players: int) -> int: ...
def seat_chances(position: Position) -> Optional[list[tuple[Seat, float]]]:
    """Each active seat's chance to win (3-4 players, the evaluation's model); else None."""
def win_chance(position: Position, *, eval: Optional[int] = None, mate: Optional[int] = None) -> float:
    """The side to move's chance to win for a score: ``eval`` centi-steps or ``mate`` plies."""
def mirror_actions(actions: npt.ArrayLike, size: int = 9) -> npt.NDArray[np.int64]:
    """Each id replaced by the id of its move mirrored left to right (the input's shape)."""
def mirror_policy(values: npt.ArrayLike) -> npt.NDArray[Any]:
    """Masks, policies, visit counts (indexed by action id on the last axis), mirrored."""
def mirror_observation(obs: npt.ArrayLike) -> npt.NDArray[np.float32]:
    """Two-player observations ``(..., 8, N, N)`` of the mirrored positions."""
def elo(wins: int, draws: int, losses: int) -> Optional[EloEstimate]:
    """The Elo difference of a side from its wins, draws and losses; ``None`` without games."""

ENGINE: str
"""The engine as the self-play data names it: ``"quoridor-ai"`` and its version."""
COMMIT: str
"""The commit the module was built from (``"unknown"`` outside a git checkout; ``-dirty`` after it
when the crates' sources differed from that commit)."""
SELFPLAY_COLUMNS: list[str]
"""The columns of the self-play data, in the order of ``quoridor selfplay``'s text form."""

@final
class SelfPlay:
    """Self-play games from one start with one set of settings (the engine against itself
    from random openings, as ``quoridor selfplay`` plays them). Game ``n`` depends only on
    the start, the settings and ``n``. With no limit, 20,000 nodes a move."""

    def __new__(
        cls,
        start: Union[Config, Position],
        *,
        seed: Optional[int] = 0,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        movetime_ms: Optional[int] = None,
        opening_plies: Optional[int] = 4,
        opening_walls: Optional[int] = 25,
        hash_mb: Optional[int] = 16,
    ) -> Self: ...
    @property
    def settings(self) -> str:
        """The settings as the data's ``settings`` column writes them."""
    @property
    def start(self) -> str:
        """The start position of every game, before its random opening."""
    def play(self, game: int) -> SelfPlayGame:
        """Plays game number ``game`` (without the GIL) and returns its rows."""

@final
class SelfPlayGame:
    """One self-play game: every searched position's columns (lists of equal length)."""

    @property
    def game(self) -> int: ...
    @property
    def position(self) -> list[str]: ...
    @property
    def score(self) -> list[int]:
        """Search scores from the side to move, centi-steps (a win in n plies is 30000 - n)."""
    @property
    def result(self) -> list[float]:
        """The side to move's points: 1, 0.5 or 0."""
    @property
    def side(self) -> list[str]: ...
    @property
    def ply(self) -> list[int]: ...
    @property
    def results(self) -> str:
        """Every seat's points, e.g. ``"S:1,N:0"``."""
    @property
    def winner(self) -> Optional[str]: ...
    def __len__(self) -> int: ...
