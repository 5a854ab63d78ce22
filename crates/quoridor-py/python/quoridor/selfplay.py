"""Self-play on Ray: ``python -m quoridor.selfplay --out DIR --games N ...``.

Plays the engine against itself (:class:`quoridor.SelfPlay`: the games ``quoridor selfplay``
plays for the same seed and settings) as Ray tasks, one task a shard of consecutive games,
on a local Ray instance that the command starts (``--workers`` CPUs) or on a cluster
(``--address``), and writes each shard as a Parquet file named by its game range,
``shard-000000000-000000050.parquet`` for games 0 to 49. The driver writes the shards (a
temporary name, then a rename), so the output directory needs to be on the driver's machine
only, and a shard is either whole or absent. ``selfplay.json`` in the directory records the
start, the settings and the engine: a restart with the same settings skips the shards
already written (more ``--games`` extend the run), and other settings are refused. A build of
another commit (a new engine, or only new documentation) is refused too unless
``--allow-other-commit`` says to go on: every row names its own commit, and the manifest
lists them all (``commits``).

The columns (``SCHEMA``, the same as ``quoridor selfplay``'s text form):

=========  =======  =================================================================
position   string   the searched position, in the position format
score      int32    the search score from the side to move, centi-steps (a win in n
                    plies is 30000 - n, a loss -30000 + n)
result     float64  the side to move's points in the game: 1, 0.5 (ply limit) or 0
game       int64    the game's number in the run (it fixes the random opening)
side       string   the side to move's seat letter: S, W, N, E
ply        int32    the position's ply
results    string   every seat's points, turn order: ``S:0,W:1,N:0``
engine     string   ``quoridor-ai`` and its version
commit     string   the commit the engine was built from
settings   string   the search and opening settings, ``nodes=20000 depth=- ...``
=========  =======  =================================================================

``ray`` and ``pyarrow`` are the ``selfplay`` extra of the package
(``pip install quoridor[selfplay]``); the rest of the package does not need them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, TextIO

from ._quoridor import COMMIT, ENGINE, SELFPLAY_COLUMNS, Config, SelfPlay

#: The manifest's name in the output directory.
MANIFEST = "selfplay.json"
#: The manifest's format; a directory of another format is refused.
FORMAT = 1

#: The Parquet type of each column, in the order of :data:`quoridor.SELFPLAY_COLUMNS`.
COLUMN_TYPES = {
    "position": "string",
    "score": "int32",
    "result": "float64",
    "game": "int64",
    "side": "string",
    "ply": "int32",
    "results": "string",
    "engine": "string",
    "commit": "string",
    "settings": "string",
}


class SelfPlayError(Exception):
    """A run that cannot go on: bad options, or an output directory of another run."""


def _need(name: str) -> Any:
    """Imports an optional dependency of the ``selfplay`` extra, or says how to get it."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        raise SelfPlayError(
            f"{name} is not installed: self-play on Ray needs the selfplay extra "
            "(pip install 'quoridor[selfplay]')"
        ) from e


def schema() -> Any:
    """The shards' Arrow schema."""
    pa = _need("pyarrow")
    return pa.schema([(name, getattr(pa, COLUMN_TYPES[name])()) for name in SELFPLAY_COLUMNS])


@dataclass(frozen=True)
class Options:
    """What a run plays: the game, the search per move, the openings, the seed."""

    size: int = 9
    players: int = 2
    variant: str = "classic"
    walls: Optional[int] = None
    ply_limit: Optional[int] = None
    nodes: Optional[int] = None
    depth: Optional[int] = None
    movetime_ms: Optional[int] = None
    opening_plies: int = 4
    opening_walls: int = 25
    hash_mb: int = 16
    seed: int = 1

    def self_play(self) -> SelfPlay:
        """The games' player; ``ValueError`` naming a bad option."""
        config = Config(
            size=self.size,
            players=self.players,
            variant=self.variant,
            walls=self.walls,
            ply_limit=self.ply_limit,
        )
        return SelfPlay(
            config,
            seed=self.seed,
            nodes=self.nodes,
            depth=self.depth,
            movetime_ms=self.movetime_ms,
            opening_plies=self.opening_plies,
            opening_walls=self.opening_walls,
            hash_mb=self.hash_mb,
        )


def shard_name(first: int, end: int) -> str:
    """The file of games ``first`` to ``end - 1``."""
    return f"shard-{first:09d}-{end:09d}.parquet"


def shard_ranges(games: int, shard_size: int) -> list[tuple[int, int]]:
    """The game ranges ``[first, end)`` of a run's shards."""
    return [(g, min(g + shard_size, games)) for g in range(0, games, shard_size)]


def play_shard(options: Options, first: int, end: int) -> Any:
    """Plays games ``first`` to ``end - 1`` and returns them as an Arrow table (a Ray task's
    body; also callable as it is)."""
    pa = _need("pyarrow")
    player = options.self_play()
    settings = player.settings
    cols: dict[str, list[Any]] = {name: [] for name in SELFPLAY_COLUMNS}
    for g in range(first, end):
        game = player.play(g)
        n = len(game)
        cols["position"] += game.position
        cols["score"] += game.score
        cols["result"] += game.result
        cols["game"] += [g] * n
        cols["side"] += game.side
        cols["ply"] += game.ply
        cols["results"] += [game.results] * n
        cols["engine"] += [ENGINE] * n
        cols["commit"] += [COMMIT] * n
        cols["settings"] += [settings] * n
    return pa.table(cols, schema=schema())


def write_shard(table: Any, path: Path) -> None:
    """Writes a shard atomically: a temporary name in the same directory, then a rename."""
    pq = _need("pyarrow.parquet")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp, compression="snappy")
    os.replace(tmp, path)


def _manifest(options: Options, player: SelfPlay, shard_size: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "start": player.start,
        "settings": player.settings,
        "shard_size": shard_size,
        "engine": ENGINE,
        "commit": COMMIT,
        "commits": [COMMIT],
        "options": {k: getattr(options, k) for k in Options.__dataclass_fields__},
    }


def _write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    """Writes the manifest atomically: a temporary name beside it, then a rename."""
    tmp = path.with_name(f".{MANIFEST}.tmp")
    tmp.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(tmp, path)


def prepare(
    out: Path, options: Options, shard_size: int, *, allow_other_commit: bool = False
) -> dict[str, Any]:
    """Checks the output directory: creates it with its manifest, or checks that the one it
    has describes the same run (else :class:`SelfPlayError` says what differs). A run begun
    by a build of another commit is refused unless ``allow_other_commit``; then this build's
    commit is added to the manifest's ``commits``. Removes temporary files a stopped run
    left."""
    try:
        player = options.self_play()
    except (ValueError, TypeError, OverflowError) as e:
        raise SelfPlayError(str(e)) from e
    want = _manifest(options, player, shard_size)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SelfPlayError(f"cannot make the output directory {out}: {e}") from e
    path = out / MANIFEST
    if path.exists():
        try:
            have = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise SelfPlayError(f"{path} is not a self-play manifest: {e}") from e
        if not isinstance(have, dict):
            raise SelfPlayError(f"{path} is not a self-play manifest: not a JSON object")
        for key in ("format", "start", "settings", "shard_size", "engine"):
            if have.get(key) != want[key]:
                raise SelfPlayError(
                    f"{out} holds a run with other settings: its {key} is "
                    f"{have.get(key)!r}, this run's {want[key]!r}; use another --out "
                    "directory, or the same settings to resume it"
                )
        commits = have.get("commits", [have.get("commit")])
        if not isinstance(commits, list):
            raise SelfPlayError(f"{path} is not a self-play manifest: its commits are not a list")
        if COMMIT not in commits:
            if not allow_other_commit:
                raise SelfPlayError(
                    f"{out} holds a run of another build: its commit is "
                    f"{have.get('commit')!r}, this build's {COMMIT!r}; use another --out "
                    "directory, or --allow-other-commit to go on with this build (each row "
                    "names its commit)"
                )
            have["commits"] = [*commits, COMMIT]
            _write_manifest(path, have)
        want = have
    else:
        _write_manifest(path, want)
    for stale in out.glob(".shard-*.tmp"):
        stale.unlink()
    return want


@dataclass
class Summary:
    """What a run did."""

    shards_written: int
    shards_skipped: int
    games: int
    positions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def run(
    out: Path,
    games: int,
    options: Options = Options(),
    *,
    workers: Optional[int] = None,
    shard_size: int = 50,
    address: Optional[str] = None,
    progress: Optional[TextIO] = sys.stderr,
    allow_other_commit: bool = False,
) -> Summary:
    """Plays games ``0`` to ``games - 1`` on Ray into ``out``, skipping the shards already
    there. Uses the Ray instance already started in this process if there is one, else
    connects to ``address``, else starts a local one with ``workers`` CPUs (all by default).
    At most ``workers`` shards are played at once (the cluster's CPUs by default). A run
    begun by another commit's build goes on only with ``allow_other_commit``."""
    if games < 1:
        raise SelfPlayError(f"--games must be at least 1, not {games}")
    if shard_size < 1:
        raise SelfPlayError(f"--shard-size must be at least 1, not {shard_size}")
    if games > 2**62:
        raise SelfPlayError(f"--games must be at most 2**62, not {games}")
    if workers is not None and workers < 1:
        raise SelfPlayError(f"--workers must be at least 1, not {workers}")
    out = Path(out)
    prepare(out, options, shard_size, allow_other_commit=allow_other_commit)
    ranges = shard_ranges(games, shard_size)
    todo = [(a, b) for a, b in ranges if not (out / shard_name(a, b)).exists()]
    skipped = len(ranges) - len(todo)
    total = sum(b - a for a, b in todo)
    ray = _need("ray")
    _need("pyarrow.parquet")
    started = False
    if not ray.is_initialized():
        # Ray reports usage statistics over the network unless told not to; a run of this
        # command sends nothing anywhere but to its own workers (set the variable to 1 to
        # let Ray report).
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        try:
            if address is not None:
                ray.init(address=address, logging_level="WARNING")
            else:
                cpus = workers or os.cpu_count() or 1
                ray.init(num_cpus=cpus, include_dashboard=False, logging_level="WARNING")
        except Exception as e:  # Ray's own errors: a cluster not reached, a start that failed
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise SelfPlayError(f"cannot start or reach {where}: {e}") from e
        started = True
    try:
        limit = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1)(play_shard)
        began = time.monotonic()
        done_games = positions = written = 0
        pending: dict[Any, tuple[int, int]] = {}
        queue = list(todo)
        if progress is not None and skipped:
            progress.write(f"{skipped} shard(s) already written, skipped\n")
        while queue or pending:
            while queue and len(pending) < limit:
                a, b = queue.pop(0)
                pending[task.remote(options, a, b)] = (a, b)
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                a, b = pending.pop(ref)
                try:
                    table = ray.get(ref)
                except Exception as e:  # a worker that failed or was lost: the shards done stay
                    raise SelfPlayError(
                        f"the task of games {a} to {b - 1} failed (the shards written are kept; "
                        f"run the same command again to resume): {e}"
                    ) from e
                write_shard(table, out / shard_name(a, b))
                written += 1
                done_games += b - a
                positions += table.num_rows
                if progress is not None:
                    secs = time.monotonic() - began
                    progress.write(
                        f"games {done_games}/{total}, {positions} positions, "
                        f"{done_games / max(secs, 1e-9):.2f} games/s, shard {shard_name(a, b)}\n"
                    )
                    progress.flush()
        seconds = time.monotonic() - began
    finally:
        if started:
            ray.shutdown()
    return Summary(written, skipped, done_games, positions, seconds)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m quoridor.selfplay",
        description="The engine against itself on Ray, written as Parquet shards (see the "
        "module's documentation for the columns).",
    )
    p.add_argument("--out", required=True, type=Path, help="output directory of the shards")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--players", type=int, default=2, help="2, 3 or 4 (default 2)")
    p.add_argument("--variant", default="classic", help="classic or koth (default classic)")
    p.add_argument("--size", type=int, default=9, help="board side, odd, 5 to 11 (default 9)")
    p.add_argument("--walls", type=int, help="walls per player (default: the rules')")
    p.add_argument("--ply-limit", type=int, help="end a game drawn after this many plies (default 300)")
    p.add_argument("--nodes", type=int, help="nodes per move (the default limit: 20000)")
    p.add_argument("--depth", type=int, help="depth per move, in plies")
    p.add_argument("--movetime", type=int, metavar="MS", help="milliseconds per move")
    p.add_argument("--opening-plies", type=int, default=4, help="random moves at the start (default 4)")
    p.add_argument("--opening-walls", type=int, default=25, help="percent of them that are walls (default 25)")
    p.add_argument("--hash", type=int, default=16, metavar="MB", help="table per engine, MiB (default 16)")
    p.add_argument("--seed", type=int, default=1, help="seed of the openings and engines (default 1)")
    p.add_argument("--workers", type=int, help="shards played at once (default: every CPU)")
    p.add_argument("--shard-size", type=int, default=50, help="games per shard (default 50)")
    p.add_argument("--address", help="a Ray cluster to use (default: start a local instance)")
    p.add_argument(
        "--allow-other-commit",
        action="store_true",
        help="go on with a run begun by a build of another commit (each row names its commit)",
    )
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parser().parse_args(argv)
    options = Options(
        size=args.size,
        players=args.players,
        variant=args.variant,
        walls=args.walls,
        ply_limit=args.ply_limit,
        nodes=args.nodes,
        depth=args.depth,
        movetime_ms=args.movetime,
        opening_plies=args.opening_plies,
        opening_walls=args.opening_walls,
        hash_mb=args.hash,
        seed=args.seed,
    )
    try:
        s = run(
            args.out,
            args.games,
            options,
            workers=args.workers,
            shard_size=args.shard_size,
            address=args.address,
            allow_other_commit=args.allow_other_commit,
        )
    except (SelfPlayError, OSError) as e:
        sys.stderr.write(f"quoridor.selfplay: {e}\n")
        return 2
    sys.stderr.write(
        f"{s.shards_written} shard(s) written, {s.shards_skipped} skipped: {s.games} games, "
        f"{s.positions} positions in {s.seconds:.1f} s ({s.games_per_second:.2f} games/s)\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
