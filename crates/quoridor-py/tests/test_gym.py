"""The Gymnasium environments: Gymnasium's checker (unseeded, many times: it never fails),
registration on import, the vector environment against ``SyncVectorEnv`` of the single one
step by step in the three autoreset modes, ``AsyncVectorEnv``, pickling, opponents written
in Python, self-play, start positions, the ply limit, illegal actions and rendering."""

import pickle
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

import quoridor as q
from quoridor.gym_env import ENV_ID, QuoridorEnv
from quoridor.gym_vector import QuoridorVectorEnv

CHECKED = [
    q.Config(),
    q.Config(size=5),
    q.Config(players=3),
    q.Config(players=4),
    q.Config(players=4, variant="koth"),
    q.Config(size=5, ply_limit=40),
]


def first_legal(obs, mask):
    """A deterministic Python opponent: the lowest legal id of every row."""
    return mask.argmax(axis=1)


def last_legal(obs, mask):
    return mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("config", CHECKED, ids=repr)
@pytest.mark.parametrize("opponent", ["random", "greedy", "self", first_legal])
def test_gymnasium_checker(config, opponent):
    check_env(QuoridorEnv(config, opponent=opponent), skip_render_check=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_unseeded_checker_never_fails_on_small_boards():
    # It samples an action in one position and plays it after a reset in another: before,
    # that was sometimes an illegal move that raised (15 times in 300). An illegal action
    # now loses the game, the same way every time: 300 runs, unseeded, pass.
    for i in range(300):
        config = [q.Config(size=5), q.Config(size=5, players=4), q.Config(size=7, players=3)][i % 3]
        check_env(QuoridorEnv(config), skip_render_check=True, skip_close_check=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_checker_passes_through_gymnasium_make_with_every_render_mode():
    env = gym.make(ENV_ID, config=q.Config(size=5), render_mode="rgb_array")
    check_env(env.unwrapped)
    assert env.spec.id == ENV_ID


def test_import_quoridor_registers_the_environments():
    code = (
        "import gymnasium as gym, quoridor\n"
        "env = gym.make('quoridor/Quoridor-v1', config=quoridor.Config(size=5))\n"
        "env.reset(seed=0)\n"
        "vec = gym.make_vec('quoridor/Quoridor-v1', num_envs=3)\n"
        "print(type(env.unwrapped).__name__, type(vec).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["QuoridorEnv", "QuoridorVectorEnv"]


def play_both(config, opponent, mode, steps, seed, agent_seat=None, n=4):
    """Steps QuoridorVectorEnv and SyncVectorEnv(QuoridorEnv) with the same actions and
    compares everything they return, step by step."""
    kwargs = dict(config=config, opponent=opponent, agent_seat=agent_seat)
    ours = QuoridorVectorEnv(n, autoreset_mode=mode, **kwargs)
    theirs = SyncVectorEnv([lambda: QuoridorEnv(**kwargs) for _ in range(n)], autoreset_mode=mode)
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.observation_space == theirs.observation_space
    assert ours.single_action_space == theirs.single_action_space
    assert ours.metadata["autoreset_mode"] == mode
    a, info_a = ours.reset(seed=seed)
    b, info_b = theirs.reset(seed=seed)
    assert data_equivalence(a, b, exact=True) and data_equivalence(info_a, info_b, exact=True)
    rng = np.random.default_rng(seed)
    ended = np.zeros(n, dtype=bool)
    counts = {"done": 0, "final_obs": 0}
    mask = info_a["action_mask"].astype(bool)
    for t in range(steps):
        # A partial reset reports the infos of the games reset only.
        fresh = info_a["_action_mask"]
        mask[fresh] = info_a["action_mask"][fresh].astype(bool)
        actions = np.where(mask.any(axis=1), (rng.random(mask.shape) * mask).argmax(axis=1), 0)
        if mode == AutoresetMode.DISABLED and ended.any():
            # The caller resets the games that ended (the others go on).
            a, info_a = ours.reset(options={"reset_mask": ended.copy()})
            b, info_b = theirs.reset(options={"reset_mask": ended.copy()})
            assert data_equivalence(a, b, exact=True) and data_equivalence(info_a, info_b, exact=True), t
            ended[:] = False
            continue
        out_a = ours.step(actions)
        out_b = theirs.step(actions)
        for k, (x, y) in enumerate(zip(out_a, out_b)):
            assert data_equivalence(x, y, exact=True), (t, k, x, y)
        a, info_a = out_a[0], out_a[4]
        assert not info_a["illegal_action"].any()
        ended |= out_a[2] | out_a[3]
        counts["done"] += int((out_a[2] | out_a[3]).sum())
        counts["final_obs"] += int(info_a.get("_final_obs", np.zeros(n, bool)).sum())
    return counts


MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize(
    "config, opponent, seat",
    [
        (q.Config(size=5, ply_limit=30), "random", None),
        (q.Config(size=5), "greedy", "N"),
        (q.Config(size=5, players=4, ply_limit=60), "random", None),
        (q.Config(size=7, players=3), first_legal, "W"),
        (q.Config(size=5, ply_limit=25), "self", None),
        (q.Config(size=7, players=4, variant="koth"), last_legal, None),
    ],
    ids=["5x5-random", "5x5-greedy-north", "5x5-4p-random", "7x7-3p-python", "5x5-selfplay", "koth-python"],
)
def test_the_vector_environment_is_sync_vector_env_of_the_single_one(mode, config, opponent, seat):
    # The vector environment check: spaces, observations, rewards, flags and infos (final
    # observations and infos in same-step mode, partial resets in disabled mode) equal to
    # Gymnasium's own vectorisation of QuoridorEnv, step by step, seeds and random seats
    # included.
    counts = play_both(config, opponent, mode, steps=150, seed=7, agent_seat=seat)
    assert counts["done"] > 0, "some games ended"
    if mode == AutoresetMode.SAME_STEP:
        assert counts["final_obs"] == counts["done"]


def test_vector_env_reset_with_seeds_per_game_and_positions():
    env = QuoridorVectorEnv(3, q.Config(size=5), opponent="random")
    a, _ = env.reset(seed=[4, None, 6])
    single = QuoridorEnv(q.Config(size=5), opponent="random")
    b, _ = single.reset(seed=6)
    assert (a[2] == b).all()
    start = q.Position.start(env.config).play("c2").play("c4")
    obs, info = env.reset(options={"reset_mask": np.array([False, True, False]), "position": start})
    assert env.positions()[1].ply >= 2 and info["_seat"].tolist() == [False, True, False]
    with pytest.raises(TypeError, match="reset_mask"):
        env.reset(options={"reset_mask": [True, False, True]})
    with pytest.raises(ValueError, match="seed has 2 entries"):
        env.reset(seed=[1, 2])


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_async_vector_env_with_two_workers_runs():
    for envs in [
        gym.make_vec(ENV_ID, num_envs=2, vectorization_mode="async", config=q.Config(size=5)),
        AsyncVectorEnv([lambda: QuoridorEnv(q.Config(size=5, players=4), opponent=first_legal)] * 2),
    ]:
        obs, info = envs.reset(seed=3)
        ended = 0
        for _ in range(200):
            obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
            assert envs.single_observation_space.contains(obs[0])
            ended += int((terminated | truncated).sum())
        envs.close()
        assert ended > 0


def test_make_vec_steps_in_rust_and_samples_legal_actions():
    envs = gym.make_vec(ENV_ID, num_envs=8, config=q.Config(size=7), autoreset_mode=AutoresetMode.SAME_STEP)
    assert isinstance(envs, QuoridorVectorEnv) and envs.autoreset_mode == AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=0)
    for _ in range(100):
        actions = envs.action_space.sample()
        assert info["action_mask"][np.arange(8), actions].all(), "sampled actions are legal"
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.dtype == np.float64 and obs.dtype == np.float32
        assert not info["illegal_action"].any()
    envs.close()
    envs.close()  # closing twice is allowed


def test_vector_env_returns_new_arrays_every_step():
    env = QuoridorVectorEnv(2, q.Config(size=5))
    obs, info = env.reset(seed=1)
    obs2, _, _, _, info2 = env.step(env.action_space.sample())
    assert not np.shares_memory(obs, obs2) and not np.shares_memory(info["action_mask"], info2["action_mask"])
    assert env.observation_space.contains(obs2)


def test_environments_pickle_and_go_on_identically():
    single = QuoridorEnv(q.Config(size=5), opponent="random")
    single.reset(seed=2)
    single.step(single.action_space.sample())
    copy = pickle.loads(pickle.dumps(single))
    assert copy.position == single.position and copy.seat == single.seat
    assert (copy.action_space.sample(),) and copy.action_space._env() is copy  # the space follows its env
    for _ in range(5):
        mask = single._legal_mask().astype(bool)
        if not mask.any():
            break
        a = int(np.flatnonzero(mask)[0])
        assert data_equivalence(single.step(a), copy.step(a), exact=True)
    space = pickle.loads(pickle.dumps(single.action_space))  # alone, as AsyncVectorEnv sends it
    assert space == single.action_space
    vec = QuoridorVectorEnv(3, q.Config(size=5), opponent=first_legal)
    vec.reset(seed=5)
    vec.step(vec.action_space.sample())
    vec_copy = pickle.loads(pickle.dumps(vec))
    actions = vec.action_space.sample()
    assert data_equivalence(vec.step(actions), vec_copy.step(actions), exact=True)


def test_a_python_opponent_gets_one_batch_of_one_row_and_its_view():
    calls = []

    def opponent(obs, mask):
        calls.append((obs.shape, mask.shape, obs.dtype, mask.dtype))
        assert (obs[:, 4] == 1).all(), "it sees the board as the side to move"
        return first_legal(obs, mask)

    env = QuoridorEnv(q.Config(size=5), opponent=opponent, agent_seat="S")
    env.reset(seed=0)
    env.step(int(np.flatnonzero(env._legal_mask())[0]))
    assert calls == [((1, 8, 5, 5), (1, 57), np.float32, np.bool_)]


def test_self_play_plays_every_seat_and_rewards_the_mover():
    env = QuoridorEnv(q.Config(size=5), opponent="self")
    obs, info = env.reset(seed=0)
    seats = set()
    done, reward = False, 0.0
    while not done:
        seats.add(info["seat"])
        assert env.position.turn.index == info["seat"]
        mover = info["seat"]
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        done = terminated or truncated
    assert seats == {0, 2}
    if terminated:
        assert reward == 1.0 and info["winner"] == mover == info["seat"]


def test_games_are_truncated_at_the_default_ply_limit():
    assert q.DEFAULT_PLY_LIMIT == 300
    env = QuoridorEnv(q.Config(size=5, walls=0), opponent="self")
    assert env.config.ply_limit == 300
    env.reset(seed=0)
    steps = 0
    while True:
        # Shuffle sideways forever: never a win.
        pos = env.position
        side = [m for m in pos.legal_moves() if pos.pawn(pos.turn)[1] == str(m)[1]]
        obs, reward, terminated, truncated, info = env.step(pos.move_to_action(side[0]))
        steps += 1
        if terminated or truncated:
            break
    assert truncated and not terminated and steps == 300 and reward == 0.0


def test_illegal_actions_lose_or_raise():
    env = QuoridorEnv(q.Config(size=5), agent_seat="S")
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.position
    obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert info["winner"] == 2 and env.position.winner == q.Seat.NORTH and before.winner is None
    with pytest.raises(ValueError, match="the game is over: call reset"):
        env.step(0)
    strict = QuoridorEnv(q.Config(size=5), agent_seat="S", illegal_action="raise")
    strict.reset(seed=0)
    before = strict.position
    with pytest.raises(q.IllegalMoveError, match=rf"^action {bad} \("):
        strict.step(bad)
    with pytest.raises(IndexError, match="57 is not an action id: ids run from 0 to 56 on a 5x5 board"):
        strict.step(57)
    with pytest.raises(TypeError, match="action must be an integer action id, not float 3.7"):
        strict.step(3.7)
    assert strict.position == before
    with pytest.raises(ValueError, match='illegal_action must be "raise" or "lose"'):
        QuoridorEnv(illegal_action="maybe")


def test_start_positions():
    config = q.Config(size=5)
    opening = q.Position.start(config).play("c2").play("c4")
    env = QuoridorEnv(config, opponent="greedy", agent_seat="S", start=[opening])
    env.reset(seed=0)
    assert env.position.ply >= 2 and env.position.pawn("S") == "c2"
    other = q.Position.start(config).play("b1h")
    env.reset(options={"position": other})
    assert env.position.walls == ["b1h"] or env.position.ply > 1
    with pytest.raises(ValueError, match="is a 9x9 game of 2 players"):
        env.reset(options={"position": q.Position()})
    with pytest.raises(ValueError, match="finished game"):
        QuoridorEnv(config, start=q.Position("5 S:c5:3,N:c4:3 - N 9"))


def test_rgb_array_rendering():
    env = QuoridorEnv(q.Config(size=5, players=4), render_mode="rgb_array")
    assert env.render() is None  # before the first reset
    env.reset(seed=0)
    frames = [env.render()]
    for _ in range(6):
        env.step(env.action_space.sample())
        frames.append(env.render())
    assert all(f.shape == frames[0].shape and f.dtype == np.uint8 for f in frames)
    side = 5 * (28 + 8) + 8
    assert frames[0].shape == (side, side, 3)
    # Each seat's pawn in its colour at its square: South on c1 (bottom row, middle column).
    image = q.rgb_image(q.Position.start(q.Config(size=5, players=4)))
    y, x = 8 + 4 * 36 + 14, 8 + 2 * 36 + 14
    assert tuple(image[y, x]) == (200, 40, 40)
    assert tuple(q.rgb_image(q.Position.start(q.Config(size=5)))[8 + 14, 8 + 2 * 36 + 14]) == (40, 80, 200)
    vec = QuoridorVectorEnv(2, q.Config(size=5), render_mode="rgb_array")
    vec.reset(seed=0)
    assert [f.shape for f in vec.render()] == [(side, side, 3)] * 2
    with pytest.raises(ValueError, match="square must be from 4 to 256"):
        q.rgb_image(q.Position(), square=10**6)
