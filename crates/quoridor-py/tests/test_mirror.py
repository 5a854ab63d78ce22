"""The board's mirror symmetry for data augmentation: mirrored ids, masks, policies and
observations are those of the mirrored positions (built here from the position format,
independently of the package), in random games of every board size."""

import numpy as np
import pytest
from conftest import random_positions

import quoridor as q


def mirrored(pos):
    """The position mirrored left to right, by rewriting its text: pawn columns c -> N-1-c,
    wall anchor columns c -> N-2-c."""
    n = pos.size
    size, seats, walls, rest = str(pos).split(" ", 3)

    def square(sq, last):
        return chr(ord("a") + last - (ord(sq[0]) - ord("a"))) + sq[1:]

    out = []
    for seat in seats.split(","):
        letter, where, count = seat.split(":")
        out.append(f"{letter}:{square(where, n - 1) if where[0].isalpha() and where[1:].isdigit() else where}:{count}")
    walls = "-" if walls == "-" else ",".join(square(w[:-1], n - 2) + w[-1] for w in walls.split(","))
    return q.Position(f"{size} {','.join(out)} {walls} {rest}")


@pytest.mark.parametrize("size", [5, 7, 9, 11])
def test_mirrored_positions_have_mirrored_ids_masks_and_observations(size):
    config = q.Config(size=size)
    checked = 0
    for seed in range(6):
        for pos in random_positions(config, plies=40, seed=seed, wall_percent=50):
            image = mirrored(pos)
            assert mirrored(image) == pos
            for seat in pos.seats:
                obs = pos.observation(seat)
                assert (q.mirror_observation(obs) == image.observation(seat)).all()
                mask = pos.legal_action_mask(seat)
                assert (q.mirror_policy(mask) == image.legal_action_mask(seat)).all()
                legal = np.flatnonzero(mask)
                moves = {str(pos.action_to_move(int(a), seat)) for a in legal}
                image_moves = {str(image.action_to_move(int(a), seat)) for a in q.mirror_actions(legal, size)}
                assert {str(m) for m in image.legal_moves()} == image_moves and len(moves) == len(image_moves)
            assert pos.distance("S") == image.distance("S")
            checked += 1
    assert checked > 100


def test_batches_dtypes_and_involution():
    pos = q.Position("9 S:c2:9,N:e8:10 a1h,d4v N 3")
    batch = np.stack([pos.observation(), pos.observation("S")])[None]  # (1, 2, 8, 9, 9)
    twice = q.mirror_observation(q.mirror_observation(batch))
    assert twice.shape == batch.shape and twice.dtype == np.float32 and (twice == batch).all()
    assert (q.mirror_observation(batch)[0, 1] == q.Position("9 S:g2:9,N:e8:10 h1h,e4v N 3").observation("S")).all()
    policy = np.random.default_rng(0).random((3, 4, 209))
    mirrored_policy = q.mirror_policy(policy)
    assert mirrored_policy.dtype == policy.dtype and np.allclose(q.mirror_policy(mirrored_policy), policy)
    assert np.allclose(mirrored_policy.sum(axis=-1), policy.sum(axis=-1))
    ids = np.arange(209).reshape(11, 19)
    assert (q.mirror_actions(q.mirror_actions(ids)) == ids).all()
    assert q.mirror_actions([q.move_to_action("c2")]).tolist() == [q.move_to_action("g2")]
    assert q.mirror_actions(np.uint8(q.move_to_action("a1h"))).tolist() == q.move_to_action("h1h")


def test_what_is_no_symmetry_is_refused():
    four = q.Position.start(q.Config(players=4)).observation()
    with pytest.raises(ValueError, match="14 planes, a game of three or four players"):
        q.mirror_observation(four)
    with pytest.raises(ValueError, match="obs has shape"):
        q.mirror_observation(np.zeros((8, 9, 7)))
    with pytest.raises(ValueError, match="values has 100 entries along its last axis"):
        q.mirror_policy(np.zeros(100))
    with pytest.raises(IndexError, match="209 is not an action id: ids run from 0 to 208"):
        q.mirror_actions([3, 209])
    with pytest.raises(IndexError, match="-1 is not an action id"):
        q.mirror_actions(-1)
    with pytest.raises(TypeError, match="actions must be integers"):
        q.mirror_actions([1.5])
    with pytest.raises(ValueError, match="is not a board size"):
        q.mirror_actions([1], size=8)


def test_observations_in_any_layout_come_back_new_and_alike():
    pos = q.Position("9 S:c2:9,N:e8:10 a1h,d4v N 3")
    batch = np.stack([pos.observation(), pos.observation("S")])  # (2, 8, 9, 9), C order
    expected = q.mirror_observation(batch)
    # Fortran order, a strided view and float64 mirror to the same planes.
    for given in (np.asfortranarray(batch), np.stack([batch, batch], axis=1)[:, 0], batch.astype(np.float64)):
        before = given.copy()
        assert (q.mirror_observation(given) == expected).all()
        assert (given == before).all(), "the input is left as it was"


def test_a_value_of_no_shape_is_refused_for_its_shape_without_a_warning():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's float32 overflow warning would fail here
        for value in (10**100, 1e300, float("nan"), -1):
            with pytest.raises(ValueError, match=r"obs has shape \[\]"):
                q.mirror_observation(value)
    with pytest.raises(TypeError, match="obs must be an array of numbers"):
        q.mirror_observation(np.full((8, 9, 9), "x"))
