"""Self-play: the binding (the games of ``quoridor selfplay``), and the whole flow on a local
Ray instance with two workers: shards written, a restart that skips them, another run's
settings refused, and one pass of the trainer (``quoridor-train``) on the shards.

The flow needs the ``selfplay`` extra (ray, pyarrow) and the two binaries (``quoridor`` and
``quoridor-train``, debug builds of the workspace by default, or ``QUORIDOR_BIN`` and
``QUORIDOR_TRAIN``). Without them these tests are skipped, unless
``QUORIDOR_REQUIRE_SELFPLAY=1`` (as ``.ci/run`` sets it) makes their absence a failure.
"""

import hashlib
import importlib
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

import quoridor as q
from quoridor import selfplay as sp

REPO = Path(__file__).resolve().parents[3]
REQUIRED = os.environ.get("QUORIDOR_REQUIRE_SELFPLAY") == "1"


def need_module(name):
    if REQUIRED:
        return importlib.import_module(name)
    return pytest.importorskip(name)


def binary(var, name):
    path = Path(os.environ.get(var, REPO / "target" / "debug" / name))
    if not path.exists():
        if REQUIRED:
            pytest.fail(f"{path} is missing: build it (cargo build -p quoridor-cli -p quoridor-train)")
        pytest.skip(f"{path} is not built")
    return path


def test_a_game_is_fixed_by_its_number_seed_and_settings():
    player = q.SelfPlay(q.Config(size=5), depth=1, seed=3)
    assert player.settings == (
        "nodes=- depth=1 movetime=- opening-plies=4 opening-walls=25 hash=16 seed=3"
    )
    assert player.start == "5 S:c1:5,N:c5:5 - S 0/300"
    game = player.play(2)
    assert game.game == 2 and len(game) > 3
    columns = [game.position, game.score, game.result, game.side, game.ply]
    assert all(len(c) == len(game) for c in columns)
    # The same game from a new player, and after others; another number, another opening.
    assert q.SelfPlay(q.Config(size=5), depth=1, seed=3).play(2).position == game.position
    player.play(0)
    assert player.play(2).score == game.score
    assert player.play(3).position != game.position
    # Every seat's points, and the side to move's among them.
    seats = dict(cell.split(":") for cell in game.results.split(","))
    assert sorted(seats) == ["N", "S"]
    for side, result in zip(game.side, game.result):
        assert float(seats[side]) == result
    assert game.winner in (None, "S", "N")
    assert q.SELFPLAY_COLUMNS == [
        "position", "score", "result", "game", "side", "ply", "results", "engine", "commit",
        "settings",
    ]
    assert q.ENGINE.startswith("quoridor-ai ") and q.COMMIT


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"nodes": 0}, "nodes must be at least 1, not 0"),
        ({"depth": 65}, "depth must be at most 64, not 65"),
        ({"movetime_ms": 0}, "movetime_ms must be at least 1"),
        ({"opening_plies": 61}, "opening_plies must be at most 60"),
        ({"opening_walls": 101}, "opening_walls must be at most 100"),
        ({"hash_mb": 0}, "hash_mb must be at least 1"),
        ({"seed": -1}, "seed must be at least 0"),
        ({"seed": 2**64}, "seed must be at most"),
    ],
)
def test_bad_settings_name_the_option(kwargs, message):
    with pytest.raises(ValueError, match=message):
        q.SelfPlay(q.Config(size=5), **kwargs)


def test_bad_starts_and_game_numbers_are_refused():
    with pytest.raises(TypeError, match="start must be a Config or a Position"):
        q.SelfPlay("9")  # type: ignore[arg-type]
    over = q.Position("5 S:c5:5,N:c4:5 - N 9")
    with pytest.raises(ValueError, match="already finished"):
        q.SelfPlay(over)
    player = q.SelfPlay(q.Position("5 S:c2:5,N:c4:5 - S 2"), depth=1)
    with pytest.raises(ValueError, match="game must be at least 0, not -1"):
        player.play(-1)
    with pytest.raises(TypeError, match="game must be an integer"):
        player.play(1.5)
    assert len(player.play(0)) > 0


def test_the_command_refuses_bad_options_with_their_name(tmp_path, capsys):
    assert sp.main(["--out", str(tmp_path / "a"), "--games", "0"]) == 2
    assert "--games must be at least 1, not 0" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "b"), "--size", "4"]) == 2
    assert "size" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "c"), "--shard-size", "0"]) == 2
    assert "--shard-size must be at least 1" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "d"), "--nodes", "0"]) == 2
    assert "nodes must be at least 1" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "e"), "--players", "5"]) == 2
    assert "players" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "f"), "--variant", "chess"]) == 2
    assert "chess" in capsys.readouterr().err
    assert sp.main(["--out", str(tmp_path / "g"), "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert sp.main(["--out", str(tmp_path / "file"), "--games", "1"]) == 2
    assert "cannot make the output directory" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        sp.main(["--out", str(tmp_path / "h"), "--games", "many"])
    assert e.value.code == 2


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_selfplay_on_ray_writes_shards_resumes_and_trains(tmp_path):
    ray = need_module("ray")
    pq = need_module("pyarrow.parquet")
    quoridor_bin = binary("QUORIDOR_BIN", "quoridor")
    train_bin = binary("QUORIDOR_TRAIN", "quoridor-train")
    out = tmp_path / "shards"
    options = sp.Options(size=9, nodes=150, seed=21)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # nothing sent off the machine
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    try:
        log = io.StringIO()
        first = sp.run(out, 6, options, workers=2, shard_size=2, progress=log)
        assert (first.shards_written, first.shards_skipped, first.games) == (3, 0, 6)
        assert "games 6/6" in log.getvalue() and "games/s" in log.getvalue()
        names = sorted(p.name for p in out.glob("*.parquet"))
        assert names == [sp.shard_name(0, 2), sp.shard_name(2, 4), sp.shard_name(4, 6)]
        rows = []
        for name in names:
            table = pq.read_table(out / name)
            assert table.schema.equals(sp.schema()), table.schema
            rows += table.to_pylist()
        assert len(rows) == first.positions > 100
        assert sorted({r["game"] for r in rows}) == list(range(6))
        assert {r["commit"] for r in rows} == {q.COMMIT}
        # The same games as `quoridor selfplay` plays for the same seed and settings.
        text = subprocess.run(
            [quoridor_bin, "selfplay", "--games", "6", "--nodes", "150", "--seed", "21",
             "--out", "-"],
            check=True, capture_output=True, text=True,
        ).stdout.splitlines()
        assert text[0].split("\t") == q.SELFPLAY_COLUMNS
        points = {1.0: "1", 0.5: "0.5", 0.0: "0"}
        for line, row in zip(text[1:], rows):
            cells = line.split("\t")
            row_text = [points[v] if k == "result" else str(v) for k, v in row.items()]
            del cells[8], row_text[8]  # the commits of two builds may differ
            assert cells == row_text
        assert len(text) - 1 == len(rows)

        # A restart skips every shard and writes nothing.
        stamps = {p: p.stat().st_mtime_ns for p in out.glob("*.parquet")}
        again = sp.run(out, 6, options, workers=2, shard_size=2, progress=None)
        assert (again.shards_written, again.shards_skipped) == (0, 3)
        assert {p: p.stat().st_mtime_ns for p in out.glob("*.parquet")} == stamps
        # A stopped run: one shard missing, a temporary file left; more games extend it.
        (out / names[1]).unlink()
        (out / f".{names[1]}.999.tmp").write_bytes(b"partial")
        more = sp.run(out, 8, options, workers=2, shard_size=2, progress=None)
        assert (more.shards_written, more.shards_skipped, more.games) == (2, 2, 4)
        assert not list(out.glob(".*.tmp"))
        assert pq.read_table(out / names[1]).to_pylist() == [r for r in rows if r["game"] in (2, 3)]
        # Another run's settings are refused, with what differs.
        with pytest.raises(sp.SelfPlayError, match="other settings: its settings is"):
            sp.run(out, 8, sp.Options(size=9, nodes=150, seed=22), workers=2, shard_size=2)
        with pytest.raises(sp.SelfPlayError, match="its shard_size is 2"):
            sp.run(out, 8, options, workers=2, shard_size=3)
    finally:
        ray.shutdown()

    # One pass of the trainer on the shards: the weights name the data by its hash.
    weights = tmp_path / "weights.rs"
    done = subprocess.run(
        [train_bin, out, "--lambda", "1", "--out", weights],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "fitted evaluation" in done.stdout
    source = weights.read_text()
    digests = sorted(sha256(p) for p in out.glob("*.parquet"))
    data_hash = hashlib.sha256("".join(d + "\n" for d in digests).encode()).hexdigest()
    assert f"//! Data: 4 file(s), SHA-256 {data_hash} " in source, source
    assert f"commit {q.COMMIT}" in source and "seed=21" in source
    assert "pub const TWO_PLAYER: [i32; 20] = [" in source


def test_a_run_of_another_build_goes_on_only_when_allowed(tmp_path):
    out = tmp_path / "run"
    options = sp.Options(size=5, nodes=10, seed=3)
    made = sp.prepare(out, options, 4)
    assert made["commits"] == [q.COMMIT]
    manifest = out / sp.MANIFEST
    # The same directory as a build of another commit left it (no shards needed).
    other = json.loads(manifest.read_text())
    other["commit"] = "0" * 40
    del other["commits"]  # as the first format wrote it
    manifest.write_text(json.dumps(other))
    with pytest.raises(sp.SelfPlayError, match="another build: its commit is '0000"):
        sp.prepare(out, options, 4)
    assert json.loads(manifest.read_text()) == other  # refused: nothing changed
    sp.prepare(out, options, 4, allow_other_commit=True)
    assert json.loads(manifest.read_text())["commits"] == ["0" * 40, q.COMMIT]
    sp.prepare(out, options, 4)  # this build is now one of the run's
    # Other settings stay refused, allowed or not.
    with pytest.raises(sp.SelfPlayError, match="its settings is"):
        sp.prepare(out, sp.Options(size=5, nodes=11, seed=3), 4, allow_other_commit=True)
    # A manifest that is not an object is named, not a crash.
    manifest.write_text("[1, 2]")
    with pytest.raises(sp.SelfPlayError, match="not a JSON object"):
        sp.prepare(out, options, 4)
    manifest.write_text(json.dumps({**other, "commits": "abc"}))
    with pytest.raises(sp.SelfPlayError, match="commits are not a list"):
        sp.prepare(out, options, 4, allow_other_commit=True)
