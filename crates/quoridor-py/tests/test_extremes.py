"""Every integer argument of the module against extreme values: huge, negative, NaN, floats,
bools, numpy scalars and strings. Each one is accepted (a huge limit saturates) or raises
``ValueError``, ``TypeError`` or ``IndexError`` with a message naming the argument or the
rule; never ``OverflowError``, never a panic (pyo3's ``PanicException`` is no ``Exception``,
so ``pytest.raises(Exception)`` would not catch it), and a bad call changes nothing."""

import numpy as np
import pytest

import quoridor as q

HUGE = [2**64, 10**100, np.uint64(2**64 - 1)]
TOO_BIG_FOR_U64 = [2**64, 10**100]
NEGATIVE = [-1, -(2**64), np.int64(-5)]
NOT_INTEGERS = [3.7, float("nan"), float("inf"), True, "x", None]


def outcome(call, value):
    """``"ok"`` or the exception's type and message; anything but the expected kinds fails."""
    try:
        call(value)
    except (ValueError, TypeError, IndexError) as e:
        return type(e), str(e)
    return "ok"


def check(call, name, *, huge_ok=False, none_ok=False, huge=HUGE):
    for v in huge:
        got = outcome(call, v)
        if huge_ok:
            assert got == "ok", f"{name}={v!r}: {got}"
        else:
            assert got != "ok" and got[0] is ValueError, f"{name}={v!r}: {got}"
            assert str(int(v))[:20] in got[1], f"{name}={v!r}: the value is named in {got[1]!r}"
    for v in NEGATIVE:
        got = outcome(call, v)
        assert got != "ok" and got[0] is ValueError, f"{name}={v!r}: {got}"
        assert str(int(v))[:20] in got[1], f"{name}={v!r}: {got[1]!r}"
    for v in NOT_INTEGERS:
        got = outcome(call, v)
        if v is None and none_ok is not False:
            want = "ok" if none_ok is True else (ValueError, none_ok)
            assert got == want, f"{name}=None: {got}"
            continue
        assert got != "ok" and got[0] is TypeError, f"{name}={v!r}: {got}"
        assert name in got[1] or "seat" in got[1], f"{name}={v!r}: {got[1]!r} names no argument"


def test_configuration_arguments():
    check(lambda v: q.Config(size=v), "size")
    check(lambda v: q.Config(players=v), "players")
    check(lambda v: q.Config(walls=v), "walls", none_ok=True)
    check(lambda v: q.Config(ply_limit=v), "ply_limit", none_ok=True)
    assert outcome(lambda v: q.Config(ply_limit=v), 0)[0] is ValueError


def test_engine_arguments():
    check(lambda v: q.Engine(threads=v), "threads")
    check(lambda v: q.Engine(hash_mb=v), "hash_mb")
    for v in [0, 2**64 - 1, np.uint64(2**64 - 1)]:
        assert outcome(lambda v: q.Engine(seed=v), v) == "ok"
    for v in [2**64, -1, 3.7, True]:
        assert outcome(lambda v: q.Engine(seed=v), v) != "ok"
    e, pos = q.Engine(), q.Position()
    # A huge depth or node limit is as good as none: another limit ends the search.
    check(lambda v: e.analyse(pos, depth=v, nodes=2000), "depth", huge_ok=True, none_ok=True)
    check(lambda v: e.analyse(pos, nodes=v, depth=2), "nodes", huge_ok=True, none_ok=True)
    assert outcome(lambda v: e.analyse(pos, depth=v), 0)[0] is ValueError
    assert outcome(lambda v: e.analyse(pos, nodes=v), 0)[0] is ValueError
    check(lambda v: e.analyse(pos, level=v), "level", none_ok="give a limit: depth, movetime, nodes or level")
    # Seconds: any positive float; NaN, zero and negative ones are refused.
    for v in [1e-30, 0.05, 2**64, float("inf"), 1e300]:
        assert outcome(lambda v: e.analyse(pos, movetime=v, depth=2), v) == "ok", v
    for v in [0, -1, -1e300, float("nan"), -(2**64)]:
        kind, text = outcome(lambda v: e.analyse(pos, movetime=v, depth=2), v)
        assert kind is ValueError and "movetime" in text, (v, text)
    for v in [True, "x"]:
        assert outcome(lambda v: e.analyse(pos, movetime=v), v)[0] is TypeError


def test_match_counts():
    check(lambda v: q.elo(v, 1, 1), "wins")
    check(lambda v: q.elo(1, v, 1), "draws")
    check(lambda v: q.elo(1, 1, v), "losses")
    for v in [0, 2**32 - 1, np.uint32(2**32 - 1), np.int64(3)]:
        assert outcome(lambda v: q.elo(v, v, v), v) == "ok", v


def test_action_ids_and_seats():
    pos = q.Position()
    for v in HUGE + NEGATIVE:
        kind, text = outcome(pos.play_action, v)
        assert kind is IndexError and "is not an action id: ids run from 0 to 208" in text, text
    for v in [3.7, float("nan"), True, "x", None]:
        kind, text = outcome(pos.play_action, v)
        assert kind is TypeError and "action must be an integer" in text, text
    assert pos == q.Position(), "a refused action changes nothing"
    for v in HUGE + NEGATIVE:
        kind, text = outcome(pos.pawn, v)
        assert kind is ValueError and "is not a seat index" in text, text
    for v in [3.7, True, None]:
        assert outcome(pos.pawn, v)[0] is TypeError


def test_vector_environment_arguments():
    check(lambda v: q.VecEnv(v), "num_envs")
    env = q.VecEnv(2)
    check(lambda v: env.reset(seed=v), "seed", none_ok=True, huge=TOO_BIG_FOR_U64)
    assert outcome(lambda v: env.reset(seed=v), np.uint64(2**64 - 1)) == "ok"
    obs, _ = env.reset(seed=3)
    before = [str(p) for p in env.positions()]
    for v in [2**64 - 1, np.uint64(2**64 - 1), -1, np.int64(-5)]:
        kind, text = outcome(env.step, np.array([v, v]))
        assert kind is IndexError and text.startswith("game 0: "), text
    for v in [3.7, float("nan"), True, "x", None]:
        assert outcome(env.step, [v, v])[0] is TypeError, v
    kind, text = outcome(env.step, [10**100, 0])
    assert kind is IndexError and text.startswith(f"game 0: {10**100} is not an action id"), text
    assert [str(p) for p in env.positions()] == before, "a refused step changes no game"


def test_gymnasium_step_takes_integers_only():
    from quoridor.gym_env import QuoridorEnv, action_id

    assert action_id(np.int16(7)) == 7 and action_id(np.array(5)) == 5
    env = QuoridorEnv()
    _, info = env.reset(seed=1)
    before = str(env.position)
    for v in [3.7, True, "e2", None]:
        with pytest.raises(TypeError, match="action must be an integer action id"):
            env.step(v)
    for v in [2**64, -1]:
        with pytest.raises(IndexError, match="is not an action id"):
            env.step(v)
    assert str(env.position) == before, "a refused action changes nothing"
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(np.uint64(legal))
    assert str(env.position) != before


def test_new_arguments_of_the_vector_environment_and_the_search():
    check(lambda v: q.VecEnv(2, seed=v), "seed", huge=TOO_BIG_FOR_U64)
    env = q.VecEnv(2, q.Config(size=5))
    check(lambda v: env.reset(seed=[v, 0]), "seed", none_ok=True, huge=TOO_BIG_FOR_U64)
    check(lambda v: q.MCTS(simulations=v), "simulations")
    check(lambda v: q.MCTS(leaves_per_game=v), "leaves_per_game")
    check(lambda v: q.MCTS(seed=v), "seed", huge=TOO_BIG_FOR_U64)
    m, pos = q.MCTS(2), [q.Position.start(q.Config(size=5))]

    def uniform(obs, mask):
        return np.ones(mask.shape), np.zeros(len(obs))

    check(lambda v: m.search(pos, uniform, simulations=v), "simulations", none_ok=True)
    for name in ["c_puct", "dirichlet_alpha", "dirichlet_fraction", "virtual_loss", "fpu_reduction"]:
        for v in [float("nan"), float("inf"), -1e300, 1e300, 10**100]:
            kind, text = outcome(lambda v: q.MCTS(**{name: v}), v)
            assert kind is ValueError and name in text, (name, v, text)
        for v in [True, "x", None]:
            kind, text = outcome(lambda v: q.MCTS(**{name: v}), v)
            assert kind is TypeError and name in text, (name, v, text)
    for v in [float("nan"), -1.0, 1e300, 10**100]:
        kind, text = outcome(lambda v: m.search(pos, uniform, temperature=v), v)
        assert kind is ValueError and "temperature" in text
    for v in HUGE + NEGATIVE:
        kind, text = outcome(lambda v: q.mirror_actions([v], size=9), v)
        assert kind is IndexError and "is not an action id" in text, text
    check(lambda v: q.mirror_actions([0], size=v), "size")


# Values for every argument of the whole API: the sweep below passes each, in turn, as each
# argument of every function and method (the others valid), and asks only that the answer be
# a result or an ordinary exception: never pyo3's PanicException (no `Exception`, it would
# escape `except Exception`), never a bare OverflowError, never SystemError.
EXTREMES = [
    2**64, 2**63, 2**32, -1, -(2**63) - 1, 10**100, 0,
    float("nan"), float("inf"), -float("inf"), 1e300, -0.0, 3.7,
    True, None, "x", "", "e2", b"x", [], [1, 2], {}, (), object(),
    np.uint64(2**64 - 1), np.int64(-1), np.float32("nan"), np.array([1, 2]), np.zeros((2, 2, 2)),
    np.array([]), np.array(["a"]), q.Position(), q.Seat.SOUTH,
]


def _policy(obs, mask):
    return np.ones(mask.shape), np.zeros(len(obs))


# A valid value of every argument name, for the arguments not under test.
VALID = {
    "size": 5, "players": 2, "variant": "classic", "walls": None, "first": None, "ply_limit": None,
    "config": q.Config(size=5), "text": None, "seat": None, "kind": "random", "seed": 0,
    "threads": 1, "hash_mb": 1, "action": 0, "move": "c2", "position": q.Position.start(q.Config(size=5)),
    "positions": [q.Position.start(q.Config(size=5))], "evaluator": _policy, "num_envs": 2,
    "opponent": None, "agent_seat": None, "autoreset": "same_step", "illegal_action": "raise",
    "start": None, "games": None, "actions": [0, 0], "obs": np.zeros((8, 5, 5)), "values": np.zeros(57),
    "wins": 1, "draws": 1, "losses": 1, "eval": 0, "mate": None, "square": 28, "groove": 8,
    "name": "Event", "value": "x", "record": "1. e2 *", "color": False, "simulations": 2,
    "noise": True, "temperature": 1.0, "depth": 1, "movetime": None, "nodes": 100, "level": None,
    "multipv": None, "memo": {}, "c_puct": 1.0, "dirichlet_alpha": 0.3, "dirichlet_fraction": 0.25,
    "leaves_per_game": 2, "virtual_loss": 1.0, "fpu_reduction": 0.0,
}


def sweep(target, call, skip=()):
    """Calls ``call(**kwargs)`` with each extreme value in each argument of ``target``'s
    signature in turn; returns how many calls were made."""
    import inspect

    params = [p for p in inspect.signature(target).parameters.values() if p.name not in ("self", "cls")]
    calls = 0
    for p in params:
        if p.name in skip or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        for v in EXTREMES:
            kwargs = {o.name: VALID[o.name] for o in params if o.name != p.name and o.default is o.empty or o.name in ("depth", "nodes") and o.name != p.name}
            kwargs[p.name] = v
            if p.name == "depth":
                kwargs.setdefault("nodes", 100)
            try:
                call(**kwargs)
            except BaseException as e:  # noqa: BLE001 (the point: which exceptions come out)
                assert isinstance(e, Exception), f"{target.__qualname__}({p.name}={v!r}): {type(e).__name__}: {e}"
                assert not isinstance(e, (OverflowError, SystemError)), f"{target.__qualname__}({p.name}={v!r}): {e!r}"
                assert type(e).__name__ != "PanicException", f"{target.__qualname__}({p.name}={v!r}): {e}"
            calls += 1
    return calls


def test_no_argument_anywhere_panics():
    from quoridor.gym_env import QuoridorEnv
    from quoridor.gym_vector import QuoridorVectorEnv

    calls = 0
    for name in q.__all__:
        f = getattr(q, name)
        if callable(f) and not isinstance(f, type) and name not in ("rgb_image",):
            calls += sweep(f, f)
    calls += sweep(q.rgb_image, q.rgb_image)
    for cls in [q.Config, q.Position, q.Game, q.Engine, q.Bot, q.MCTS, q.Seat, q.Move]:
        calls += sweep(cls, cls)
    calls += sweep(q.VecEnv, q.VecEnv, skip=("num_envs",))
    calls += sweep(q.VecEnv, lambda **k: q.VecEnv(*[k.pop("num_envs")] if "num_envs" in k else [2], **k) if k.get("num_envs") in (0, -1, True, None) or "num_envs" not in k else None)
    pos = q.Position.start(q.Config(size=5)).play("c2")
    game = q.Game(q.Config(size=5))
    env = q.VecEnv(2, q.Config(size=5))
    before = env.positions()
    instances = [pos, game, q.Engine(hash_mb=1), q.Bot("random"), env, q.MCTS(2), q.Config(size=5), q.Seat.NORTH, q.Move("e3h")]
    for obj in instances:
        for attr in dir(obj):
            method = getattr(obj, attr)
            if attr.startswith("_") or not callable(method):
                continue
            try:
                import inspect

                inspect.signature(method)
            except (TypeError, ValueError):
                continue
            if attr == "analyse":
                calls += sweep(method, lambda **k: method(**{"nodes": 100, **k}) if "position" in k and "depth" not in k and k.get("nodes") is None else method(**k))
            else:
                calls += sweep(method, method)
    assert env.positions() == before or all(p.ply <= 2 for p in env.positions())
    for cls in (QuoridorEnv,):
        calls += sweep(cls, lambda **k: cls(q.Config(size=5), **{x: y for x, y in k.items() if x != "config"}))
    calls += sweep(QuoridorVectorEnv, lambda **k: QuoridorVectorEnv(**{"num_envs": 2, **k}) if k.get("num_envs", 2) in (0, -1, 2, True, None, 3.7, "x") else None)
    print("sweep calls", calls)
    assert calls > 2000
