"""Action ids, masks and observations for every variant, and agreement of the Python-visible
moves with the Rust core's rules on random games."""

import numpy as np
import pytest
from conftest import random_positions

import quoridor as q


@pytest.mark.parametrize("size", [5, 7, 9, 11])
@pytest.mark.parametrize("seat", ["S", "W", "N", "E"])
def test_every_action_id_round_trips(size, seat):
    n = q.action_count(size)
    assert n == size * size + 2 * (size - 1) ** 2
    moves = [q.action_to_move(a, size, seat) for a in range(n)]
    assert len(set(moves)) == n
    assert [q.move_to_action(m, size, seat) for m in moves] == list(range(n))
    assert [q.move_to_action(str(m), size, seat) for m in moves] == list(range(n))
    for bad in [-1, n, 10**12]:
        with pytest.raises(IndexError, match=f"{bad} is not an action id: ids run from 0 to {n - 1}"):
            q.action_to_move(bad, size, seat)


def test_south_ids_follow_the_board_as_written_and_others_turn_it():
    assert [q.move_to_action(m) for m in ["a1", "e2", "i9", "a1h", "h8h", "a1v", "h8v"]] == [0, 13, 80, 81, 144, 145, 208]
    # Each seat's own first step forward has South's id for e2.
    for seat, step in [("S", "e2"), ("W", "b5"), ("N", "e8"), ("E", "h5")]:
        assert q.move_to_action(step, 9, seat) == 13
    with pytest.raises(ValueError, match="j1 is not on the 9x9 board"):
        q.move_to_action("j1")
    with pytest.raises(ValueError, match="`8` is not a board size: the side must be odd, from 5 to 11"):
        q.action_count(8)


def test_masks_observations_and_moves_agree_on_random_games(config):
    shape = q.observation_shape(config.size, config.players)
    assert shape == (8 if config.players == 2 else 14, config.size, config.size)
    every_move = [q.action_to_move(a, config.size) for a in range(q.action_count(config.size))]
    for seed in range(2):
        for pos in random_positions(config, plies=50, seed=seed):
            legal = pos.legal_moves()
            assert len(legal) == pos.count_legal_moves() == len(set(legal))
            # The generator and the rule checker (two code paths in the core) agree on every move.
            assert {m for m in every_move if pos.is_legal(m)} == set(legal), str(pos)
            for seat in pos.seats:
                mask = pos.legal_action_mask(seat)
                assert mask.dtype == np.bool_ and mask.shape == (pos.action_count,)
                ids = np.flatnonzero(mask).tolist()
                assert ids == pos.legal_actions(seat)
                assert {pos.action_to_move(a, seat) for a in ids} == set(legal)
                obs = pos.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == shape
                assert obs.min() >= 0 and (obs[2] == 1).sum() == (pos.pawn(seat) is not None)
            if legal:
                a = pos.legal_actions()[0]
                assert pos.play_action(a) == pos.play(pos.action_to_move(a))


def test_perft_from_python_matches_the_published_figures():
    def perft(pos, depth):
        if depth == 0:
            return 1
        if depth == 1:
            return pos.count_legal_moves()
        return sum(perft(pos.play(m), depth - 1) for m in pos.legal_moves())

    assert perft(q.Position(), 2) == 16_677
    assert perft(q.Position().play("e2").play("e8").play("e3h"), 2) == 15_918


def test_an_illegal_action_names_the_rule_and_changes_nothing():
    pos = q.Position("9 S:e2:9,N:e8:10 e3h N 3")
    crossing = pos.move_to_action("e3v")
    with pytest.raises(q.IllegalMoveError, match=rf"action {crossing} \(e3v\): wall e3v crosses the placed wall e3h"):
        pos.play_action(crossing)
    with pytest.raises(IndexError, match="209 is not an action id"):
        pos.play_action(209)
    game = q.Game.from_position(pos)
    with pytest.raises(q.IllegalMoveError, match="crosses the placed wall e3h"):
        game.play_action(crossing)
    assert len(game) == 0 and game.position == pos


def test_observation_is_the_position_seen_from_the_seat():
    pos = q.Position("9 S:e2:9,N:e8:10 e3h,c5v N 4")
    south, north = pos.observation("S"), pos.observation()
    assert np.argwhere(south[0]).tolist() == [[2, 4]]  # e3h: row 3, column e
    assert np.argwhere(north[0]).tolist() == [[5, 3]]  # turned half a turn: d6h
    assert south[2, 1, 4] == north[2, 1, 4] == 1  # each sees its own pawn on its second row
    assert south[3, 0, 0] == pytest.approx(0.9) and north[3, 0, 0] == 1.0
    assert (north[4] == 1).all() and (south[7] == 1).all()  # North to move
    with pytest.raises(ValueError, match="West does not play in this game"):
        pos.observation("W")
