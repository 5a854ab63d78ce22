"""The batched tree search: it finds wins, counts its visits right, calls the evaluator once
per round with the leaves of every game (distinct leaves, thanks to the virtual loss), mixes
Dirichlet noise with the right statistics, draws moves with its temperature, serves three
and four players, repeats with a seed, and refuses bad arguments and bad evaluators."""

import numpy as np
import pytest

import quoridor as q

A5 = q.action_count(5)


def uniform(obs, mask):
    return np.ones(mask.shape, np.float32), np.zeros(len(obs), np.float32)


def test_finds_a_win_in_one_and_sees_a_loss_coming():
    win = q.Position("5 S:c4:0,N:a5:0 - S 10")
    m = q.MCTS(64)
    r = m.search([win], uniform, noise=False, temperature=0)
    assert win.action_to_move(int(r.actions[0])) == q.Move("c5")
    assert r.values[0] > 0.5 and r.q[0, win.move_to_action("c5")] == 1.0
    # North to move cannot stop South (c4, no walls left for North) from winning next.
    lost = q.Position("5 S:c4:0,N:a4:0 - N 11")
    r = m.search([lost], uniform, noise=False, temperature=0)
    assert r.values[0] < -0.5


def test_visits_policy_and_priors_add_up():
    positions = [q.Position.start(q.Config(size=5)), q.Position.start(q.Config(size=5)).play("c2")]
    r = q.MCTS(50, seed=3).search(positions, uniform)
    assert r.visits.dtype == np.int32 and r.visits.shape == (2, A5)
    assert r.visits.sum(axis=1).tolist() == [50, 50]
    assert np.allclose(r.policy.sum(axis=1), 1.0) and np.allclose(r.policy, r.visits / 50)
    for row, pos in enumerate(positions):
        legal = pos.legal_action_mask()
        assert not r.visits[row][~legal].any() and np.allclose(r.prior[row][legal].sum(), 1.0)
        assert np.isnan(r.q[row][r.visits[row] == 0]).all() and not np.isnan(r.q[row][r.visits[row] > 0]).any()
        assert legal[r.actions[row]]
    assert "SearchResult(2 positions" in repr(r)


def test_one_evaluator_call_per_round_for_every_game():
    calls = []

    def evaluator(obs, mask):
        calls.append(len(obs))
        # Each row is seen from its side to move: slot 0's to-move plane is all ones.
        assert (obs[:, 4] == 1).all() and mask.any(axis=1).all()
        return uniform(obs, mask)

    games = [q.Position.start(q.Config(size=7))] * 10
    r = q.MCTS(40, leaves_per_game=8).search(games, evaluator)
    assert calls[0] == 10  # the roots
    assert len(calls) == 1 + 40 // 8 == r.evaluations and sum(calls) == r.leaves
    assert max(calls[1:]) == 80  # 8 leaves of each of the 10 games in one call


def test_the_virtual_loss_spreads_a_round_over_distinct_leaves():
    batches = []

    def evaluator(obs, mask):
        batches.append(obs.copy())
        return uniform(obs, mask)

    q.MCTS(16, leaves_per_game=8).search([q.Position.start(q.Config(size=5))], evaluator, noise=False)
    second = batches[1]
    assert len(second) == 8 and len({row.tobytes() for row in second}) == 8


def test_dirichlet_noise_has_the_right_mean_and_variance():
    # Three legal moves (no walls), uniform priors, the noise alone: each prior is a
    # Dirichlet(alpha) coordinate, of mean 1/3 and variance (1/3)(2/3)/(3 alpha + 1).
    pos = q.Position("5 S:c1:0,N:c5:0 - S 0")
    legal = pos.legal_action_mask()
    assert legal.sum() == 3
    for alpha in (0.3, 2.0):
        m = q.MCTS(1, dirichlet_alpha=alpha, dirichlet_fraction=1.0, seed=11)
        priors = m.search([pos] * 6000, uniform).prior[:, legal]
        assert np.allclose(priors.sum(axis=1), 1.0, atol=1e-5)
        expected = (1 / 3) * (2 / 3) / (3 * alpha + 1)
        assert abs(priors.mean() - 1 / 3) < 0.01
        assert abs(priors.var() / expected - 1) < 0.08, (alpha, priors.var(), expected)
    plain = q.MCTS(1, dirichlet_fraction=1.0).search([pos], uniform, noise=False).prior[0, legal]
    assert np.allclose(plain, 1 / 3)


def test_temperature_draws_from_the_visit_counts():
    pos = q.Position.start(q.Config(size=5))
    m = q.MCTS(30, seed=5)
    greedy = m.search([pos] * 200, uniform, temperature=0)
    assert (greedy.visits[np.arange(200), greedy.actions] == greedy.visits.max(axis=1)).all()
    r = m.search([pos] * 2000, uniform, noise=False, temperature=1.0)
    # The same tree in every game (no noise): draws follow the visit distribution.
    assert (r.visits == r.visits[0]).all()
    freq = np.bincount(r.actions, minlength=A5) / 2000
    assert np.abs(freq - r.policy[0]).max() < 0.04
    cold = m.search([pos] * 2000, uniform, noise=False, temperature=0.25)
    top = r.visits[0].argmax()
    assert (cold.actions == top).mean() > (r.actions == top).mean()


@pytest.mark.parametrize("config", [q.Config(size=5, players=3), q.Config(size=5, players=4, variant="koth")], ids=repr)
def test_three_and_four_players(config):
    def per_slot(obs, mask):
        return np.ones(mask.shape, np.float32), np.zeros((len(obs), 4), np.float32)

    pos = q.Position.start(config)
    r = q.MCTS(24).search([pos, pos], per_slot)
    assert r.visits.sum(axis=1).tolist() == [24, 24] and r.prior.shape == (2, A5)
    r = q.MCTS(24).search([pos], uniform)  # one value per row also serves
    assert r.visits.sum() == 24


def test_a_seed_repeats_the_search():
    pos = [q.Position.start(q.Config(size=7))] * 3
    a = q.MCTS(20, seed=1).search(pos, uniform)
    b = q.MCTS(20, seed=1).search(pos, uniform)
    c = q.MCTS(20, seed=2).search(pos, uniform)
    assert (a.visits == b.visits).all() and (a.actions == b.actions).all()
    assert not (a.prior == c.prior).all()


def test_bad_evaluators_are_named():
    pos = [q.Position.start(q.Config(size=5))]
    m = q.MCTS(8)
    cases = [
        (lambda o, k: uniform(o, k)[0], TypeError, "must return a pair"),
        (lambda o, k: (np.ones((len(o), 10)), np.zeros(len(o))), ValueError, r"policy has shape \[1, 10\]: expected \(1, 57\)"),
        (lambda o, k: (np.ones(k.shape), np.zeros(len(o) + 1)), ValueError, r"value has shape \[2\]"),
        (lambda o, k: (np.full(k.shape, np.nan), np.zeros(len(o))), ValueError, "policy is not finite in row 0"),
        (lambda o, k: (-np.ones(k.shape), np.zeros(len(o))), ValueError, "policy is negative in row 0"),
        (lambda o, k: (np.ones(k.shape), np.full(len(o), np.inf)), ValueError, "value is not finite"),
        (lambda o, k: (np.ones(k.shape), ["a"] * len(o)), TypeError, "value must be an array of numbers"),
        (lambda o, k: 1 / 0, ZeroDivisionError, "division by zero"),
    ]
    for evaluator, kind, message in cases:
        with pytest.raises(kind, match=message):
            m.search(pos, evaluator)
    with pytest.raises(TypeError, match="evaluator must be a callable"):
        m.search(pos, "net")
    # All-zero priors mean uniform.
    r = m.search(pos, lambda o, k: (np.zeros(k.shape), np.zeros(len(o))), noise=False)
    legal = pos[0].legal_action_mask()
    assert np.allclose(r.prior[0][legal], 1 / legal.sum())


def test_bad_positions_and_settings_are_named():
    m = q.MCTS(4)
    with pytest.raises(ValueError, match="positions is empty"):
        m.search([], uniform)
    with pytest.raises(TypeError, match="wrap a single one in a list"):
        m.search(q.Position(), uniform)
    with pytest.raises(TypeError, match=r"positions\[1\] must be a Position"):
        m.search([q.Position(), "e2"], uniform)
    with pytest.raises(ValueError, match=r"positions\[0\] is a finished game"):
        m.search([q.Position("5 S:c5:3,N:c4:3 - N 9")], uniform)
    with pytest.raises(ValueError, match=r"positions\[1\] is a 5x5 game of 2 players, positions\[0\] 9x9"):
        m.search([q.Position(), q.Position.start(q.Config(size=5))], uniform)
    for kwargs, message in [
        ({"simulations": 0}, "simulations must be at least 1"),
        ({"c_puct": -1.0}, "c_puct must be a finite number, at least 0"),
        ({"dirichlet_alpha": 0.0}, "dirichlet_alpha must be a finite number, more than 0"),
        ({"dirichlet_fraction": 1.5}, "dirichlet_fraction must be a finite number, at least 0 and at most 1, not 1.5"),
        ({"leaves_per_game": 0}, "leaves_per_game must be at least 1"),
        ({"virtual_loss": float("nan")}, "virtual_loss must be a finite number"),
    ]:
        with pytest.raises(ValueError, match=message):
            q.MCTS(**kwargs)
    with pytest.raises(ValueError, match="temperature must be a finite number, at least 0"):
        m.search([q.Position()], uniform, temperature=-1)
    assert "MCTS(simulations=4" in repr(m) and m.simulations == 4 and m.leaves_per_game == 8
