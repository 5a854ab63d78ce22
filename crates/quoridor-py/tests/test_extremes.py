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
    for v in [3.7, float("nan"), True, "x", None, 10**100]:
        assert outcome(env.step, [v, v])[0] is TypeError, v
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
