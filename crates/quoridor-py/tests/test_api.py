"""The rules API: configurations, moves, positions, games, their errors, and pickling."""

import copy
import pickle

import pytest

import quoridor as q


def test_config_defaults_and_checks():
    c = q.Config()
    assert (c.size, c.players, c.variant, c.walls, c.first, c.ply_limit) == (9, 2, "classic", 10, q.Seat.SOUTH, None)
    assert q.Config(players=4, variant="koth").seats == [q.Seat.SOUTH, q.Seat.WEST, q.Seat.NORTH, q.Seat.EAST]
    assert q.Config(size=7).walls == 8
    with pytest.raises(ValueError, match="`8` is not a board size: the side must be odd, from 5 to 11"):
        q.Config(size=8)
    with pytest.raises(ValueError, match="King of the Hill is played by four players, not 2"):
        q.Config(variant="koth")
    with pytest.raises(ValueError, match="West cannot move first: it does not play in a 2-player game"):
        q.Config(first="W")
    with pytest.raises(ValueError, match="`5` is not a number of players: a game has 2, 3 or 4 players"):
        q.Config(players=5)
    with pytest.raises(ValueError, match="`chess` is not a variant"):
        q.Config(variant="chess")


def test_seats_read_letters_names_and_indices():
    assert q.Seat("S") == q.Seat("south") == q.Seat(0) == q.Seat(q.Seat.SOUTH) == q.Seat.SOUTH
    assert [s.letter for s in q.Config(players=4).seats] == ["S", "W", "N", "E"]
    assert int(q.Seat.EAST) == q.Seat.EAST.index == 3
    assert str(q.Seat.NORTH) == "North"
    with pytest.raises(ValueError, match="`X` is not a seat"):
        q.Seat("X")
    with pytest.raises(ValueError, match="4 is not a seat index"):
        q.Seat(4)


def test_moves_read_and_write_the_notation():
    assert str(q.Move("e2")) == "e2" and repr(q.Move("e3h")) == "Move('e3h')"
    assert q.Move("e3h").is_wall and q.Move("e2").is_pawn
    assert q.Move("e2") == q.Move("e2") and hash(q.Move("e2")) == hash(q.Move("e2"))
    assert sorted([q.Move("e3h"), q.Move("a1")])[0] == q.Move("a1")
    with pytest.raises(ValueError, match="`x9` is not a move: `x` is not a column"):
        q.Move("x9")
    with pytest.raises(ValueError, match="`e3x` is not a move"):
        q.Move("e3x")
    with pytest.raises(ValueError, match="`k5h` is not a wall: no wall fits"):
        q.Move("k5h")


def test_position_basics():
    pos = q.Position()
    assert pos == q.Position.start() == q.Position("9 S:e1:10,N:e9:10 - S 0")
    assert str(pos) == "9 S:e1:10,N:e9:10 - S 0" and repr(pos) == "Position('9 S:e1:10,N:e9:10 - S 0')"
    assert (pos.size, pos.players, pos.variant, pos.turn, pos.ply) == (9, 2, "classic", q.Seat.SOUTH, 0)
    assert pos.count_legal_moves() == len(pos.legal_moves()) == 131
    assert pos.pawn("S") == "e1" and pos.pawn(q.Seat.WEST) is None
    after = pos.play("e2").play(q.Move("e8")).play("e3h")
    assert str(after) == "9 S:e2:9,N:e8:10 e3h N 3"
    assert after.walls == ["e3h"] and after.walls_in_hand("S") == 9
    assert after.distance("S") == 8 and len(after.shortest_path("S")) == 9
    assert after.shortest_path("S")[0] == "e2"
    assert after.wall_threat("S") == 1 and after.wall_threat(q.Seat.WEST) is None
    barrier = q.Position("9 S:a1:10,N:e9:10 a3h,c3h,e3h,g3h S 0")
    assert barrier.distance("S") == 16 and barrier.wall_threat("S") == 2
    corner = q.Position("9 S:e3:10,N:e9:10 d3h,d2v S 0")  # two walls round South's pawn
    assert corner.wall_threat("S") == 4 and corner.wall_threat("S", least=3) == 4
    assert barrier.wall_threat("S", 3) == 0 and barrier.wall_threat("S", least=2) == 2
    assert barrier.wall_threat("S", 10**30) == 0
    with pytest.raises(ValueError, match="least must be at least 0, not -1"):
        barrier.wall_threat("S", -1)
    with pytest.raises(TypeError, match="least must be an integer"):
        barrier.wall_threat("S", "3")
    assert str(pos) == "9 S:e1:10,N:e9:10 - S 0"  # positions are immutable
    assert after.ranking() == {q.Seat.SOUTH: 1, q.Seat.NORTH: 1}  # both 8 steps away
    assert pos.play("e2").ranking() == {q.Seat.SOUTH: 1, q.Seat.NORTH: 2}


def test_illegal_moves_name_the_rule_and_change_nothing():
    pos = q.Position("9 S:e2:9,N:e8:10 e3h N 3")
    cases = {
        "e3v": "wall e3v crosses the placed wall e3h",
        "d3h": "wall d3h overlaps the placed wall e3h",
        "e6": "the pawn on e8 cannot reach e6: not a free step, a straight jump over a pawn, or a side-step around one whose jump is blocked",
        "e2": "e2 is occupied by a pawn",
        "i9h": "wall i9h is not wholly on the board",
    }
    for move, message in cases.items():
        assert not pos.is_legal(move)
        assert pos.why_illegal(move) == message
        with pytest.raises(q.IllegalMoveError) as err:
            pos.play(move)
        assert str(err.value) == message
        assert isinstance(err.value, ValueError)
    assert str(pos) == "9 S:e2:9,N:e8:10 e3h N 3"
    assert pos.why_illegal("e7") is None
    with pytest.raises(ValueError, match="is not a move"):
        pos.is_legal("zz")
    with pytest.raises(TypeError):
        pos.play(42)
    blocked = q.Position("9 S:e2:9,N:e8:10 e2h N 3").play("e7")
    assert blocked.why_illegal("e3") == "a wall stands between e2 and e3"
    no_walls = q.Position("5 S:c1:0,N:c5:3 - S 0")
    assert no_walls.why_illegal("a1h") == "South has no walls left"
    cut = q.Position("5 S:c1:3,N:c5:3 b1v,c1v N 2")
    assert cut.why_illegal("b2h") == "wall b2h would cut South off from its goal"


def test_positions_that_do_not_read_say_why():
    with pytest.raises(ValueError, match="a position has 5 fields"):
        q.Position("9 S:e1:10,N:e9:10 - S")
    with pytest.raises(ValueError, match="illegal position: South and North both stand on e1"):
        q.Position("9 S:e1:10,N:e1:10 - S 0")


def test_the_end_of_a_game():
    pos = q.Position("5 S:c4:3,N:b2:3 - S 10")
    won = pos.play("c5")
    assert won.is_game_over and won.winner == q.Seat.SOUTH and not won.is_draw
    assert won.legal_moves() == [] and not won.legal_action_mask().any()
    with pytest.raises(q.IllegalMoveError, match=r"the game is over \(South wins\)"):
        won.play("b1")
    drawn = q.Position.start(q.Config(ply_limit=2)).play("e2").play("e8")
    assert drawn.is_draw and drawn.winner is None and drawn.is_game_over
    four = q.Position.start(q.Config(players=4)).resign("N")
    assert four.active_seats == [q.Seat.SOUTH, q.Seat.WEST, q.Seat.EAST]
    with pytest.raises(q.IllegalMoveError, match="North is not in the game"):
        four.resign("N")


def test_hash_and_equality_follow_the_position():
    a = q.Position().play("e2").play("e8")
    b = q.Position().play("e2").play("e8")
    assert a == b and hash(a) == hash(b) and a.zobrist == b.zobrist
    assert a != q.Position() and a != "not a position"
    assert len({a, b, q.Position()}) == 2
    assert copy.copy(a) == a and copy.deepcopy(a) == a and a.copy() == a


@pytest.mark.parametrize(
    "value",
    [
        q.Seat.WEST,
        q.Move("e3h"),
        q.Config(size=7, players=3, walls=4, first="N", ply_limit=100),
        q.Config(players=4, variant="koth"),
        q.Position("7 S:d3:2,W:left1:5,N:d5:4 c2h N 17"),
    ],
)
def test_values_pickle(value):
    back = pickle.loads(pickle.dumps(value))
    assert back == value and hash(back) == hash(value) and repr(back) == repr(value)


def test_games_undo_write_records_and_pickle():
    game = q.Game()
    for m in ["e2", "e8", "e3h"]:
        game.play(m)
    assert len(game) == 3 and game.moves == [q.Move("e2"), q.Move("e8"), q.Move("e3h")]
    with pytest.raises(q.IllegalMoveError, match="wall e3v crosses the placed wall e3h"):
        game.play("e3v")
    assert len(game) == 3
    game.set_tag("Event", "Test")
    assert game.tag("Event") == "Test"
    with pytest.raises(ValueError, match=r"tag `Result` is written by the record itself \(.*\): it cannot be set"):
        game.set_tag("Result", "S+")
    record = str(game)
    assert record.splitlines()[-1] == "1. e2 e8 2. e3h *"
    assert q.Game.parse(record) == game
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.undo() == q.Move("e3h") and game.position == q.Position().play("e2").play("e8")
    game.resign("N")
    assert game.winner == q.Seat.SOUTH and game.result == "S+"
    assert game.undo() == q.Seat.NORTH and not game.is_game_over
    with pytest.raises(TypeError):
        hash(game)
    with pytest.raises(ValueError, match=r"ply 2 \(round 1, North\): `e3` is illegal"):
        q.Game.parse("1. e2 e3 *")
    kid = q.Game(q.Config(size=7, players=3))
    kid.play_action(kid.position.move_to_action("d2"))
    assert kid.moves == [q.Move("d2")] and kid.start == q.Position.start(q.Config(size=7, players=3))
    assert q.Game.from_position(q.Position("7 S:d3:2,N:d5:4 c2h N 17")).position.ply == 17


def test_engine_analyses_within_limits():
    engine = q.Engine(hash_mb=8)
    pos = q.Position("9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6")
    a = engine.analyse(pos, depth=4)
    assert a.depth == 4 and pos.is_legal(a.best) and a.pv[0] == a.best and a.nodes > 0
    assert (a.eval is None) != (a.mate is None) and isinstance(a.score, str)
    assert "Analysis(best=" in repr(a)
    assert engine.analyse(pos, nodes=2000).nodes >= 1
    assert pos.is_legal(engine.analyse(pos, movetime=0.05).best)
    assert pos.is_legal(engine.analyse(pos, level=3).best)
    with pytest.raises(ValueError, match="give a limit"):
        engine.analyse(pos)
    with pytest.raises(ValueError, match="11 is not a level"):
        engine.analyse(pos, level=11)
    with pytest.raises(ValueError, match="movetime -1"):
        engine.analyse(pos, movetime=-1)
    with pytest.raises(ValueError, match="the game is over"):
        engine.analyse(q.Position("5 S:c5:3,N:b2:3 - N 11"), depth=2)
    engine.threads = 2
    assert engine.threads == 2 and pos.is_legal(engine.analyse(pos, depth=5).best)
    win = engine.analyse(q.Position("5 S:c4:0,N:a2:0 - S 20"), depth=3)
    assert win.best == q.Move("c5") and win.mate == 1


def test_engine_analyse_multipv_gives_ordered_lines_and_the_single_best_first():
    pos = q.Position("9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6")
    single = q.Engine(hash_mb=8).analyse(pos, depth=4)
    a = q.Engine(hash_mb=8).analyse(pos, depth=4, multipv=3)
    assert len(a.lines) == 3 and a.complete
    assert (a.best, a.score, a.pv) == (single.best, single.score, single.pv)
    assert a.lines[0].move == a.best and a.lines[0].score == a.score
    assert len({c.move for c in a.lines}) == 3
    assert all(c.pv[0] == c.move for c in a.lines)
    evals = [c.eval for c in a.lines]
    assert all(e is not None for e in evals) and evals == sorted(evals, reverse=True)
    assert "Candidate(move=" in repr(a.lines[1])
    chances = [c.chance for c in a.lines]
    assert all(0.0 < p < 1.0 for p in chances) and chances == sorted(chances, reverse=True)
    assert a.chance == a.lines[0].chance
    assert q.Engine(hash_mb=8).analyse(q.Position("5 S:c4:0,N:a2:0 - S 20"), depth=3).chance == 1.0
    assert len(single.lines) == 1
    # More than the legal moves gives them all, however large.
    few = q.Position("5 S:c2:1,N:c4:0 b2h,c3v S 4")
    legal = len(few.legal_moves())
    for n in (legal + 1, 10**30):
        assert len(q.Engine(hash_mb=8).analyse(few, depth=3, multipv=n).lines) == legal
    for bad in (0, -1):
        with pytest.raises(ValueError, match="is not a number of lines: multipv is a whole number, at least 1"):
            q.Engine(hash_mb=8).analyse(pos, depth=2, multipv=bad)
    with pytest.raises(TypeError):
        q.Engine(hash_mb=8).analyse(pos, depth=2, multipv="3")


def test_engine_and_bots_given_a_game_know_its_repetitions():
    # Three players: after these six plies South's best move alone is e2, back to the
    # position after the game's first move; in the game that is a repetition (a draw).
    game = q.Game(q.Config(players=3))
    for m in ["e2", "b5", "e8", "e1", "a5", "e9"]:
        game.play(m)
    again = q.Move("e2")
    alone = q.Engine(hash_mb=8).analyse(game.position, depth=2, multipv=100)
    in_game = q.Engine(hash_mb=8).analyse(game, depth=2, multipv=100)
    assert alone.best == again and in_game.best != again
    score = {c.move: c.eval for c in alone.lines}
    assert [c.move for c in in_game.lines if c.move == again] and len(in_game.lines) == len(alone.lines)
    assert next(c.eval for c in in_game.lines if c.move == again) < score[again]
    assert game.position.is_legal(in_game.best)
    assert all(q.Bot(6, seed=s).choose(game) != again for s in range(4))
    for kind in ["random", "greedy", 3]:
        assert game.position.is_legal(q.Bot(kind, seed=2).choose(game))
    for bad in ("e2", 3, None, [game]):
        with pytest.raises(TypeError, match="expected a Position or a Game"):
            q.Engine(hash_mb=8).analyse(bad, depth=1)
        with pytest.raises(TypeError, match="expected a Position or a Game"):
            q.Bot("random").choose(bad)
    over = q.Game.from_position(q.Position("5 S:c5:3,N:b2:3 - N 11"))
    with pytest.raises(ValueError, match="the game is over"):
        q.Engine(hash_mb=8).analyse(over, depth=2)
    with pytest.raises(ValueError, match="the game is over"):
        q.Bot(3).choose(over)


def test_engine_releases_the_gil_and_stops():
    import threading
    import time

    engine = q.Engine(hash_mb=8)
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("a", engine.analyse(q.Position(), movetime=30)))
    thread.start()
    ticks, start = 0, time.perf_counter()
    while time.perf_counter() - start < 0.3:  # Python keeps running while the engine searches
        ticks += 1
    engine.stop()
    thread.join(timeout=10)
    assert not thread.is_alive() and ticks > 1000
    assert q.Position().is_legal(result["a"].best) and result["a"].time < 10


def test_bots_choose_legal_moves():
    pos = q.Position.start(q.Config(players=3))
    for kind in ["random", "greedy", 1, 5]:
        bot = q.Bot(kind, seed=3)
        assert pos.is_legal(bot.choose(pos)), kind
    assert q.Bot("greedy").choose(q.Position()) == q.Move("e2")
    with pytest.raises(ValueError, match="`smart` is not an opponent"):
        q.Bot("smart")
    with pytest.raises(ValueError, match="0 is not a level"):
        q.Bot(0)
    with pytest.raises(ValueError, match="the game is over"):
        q.Bot("random").choose(q.Position("5 S:c5:3,N:b2:3 - N 11"))


def test_elo_is_the_match_estimate():
    e = q.elo(6, 2, 2)
    assert (e.wins, e.draws, e.losses, e.games) == (6, 2, 2, 10)
    assert e.score == pytest.approx(0.7)
    # The figures `quoridor match` prints for a 6-2-2 result.
    assert (round(e.elo, 1), round(e.low, 1), round(e.high, 1)) == (147.2, -57.6, 331.9)
    assert repr(e) == "EloEstimate(wins=6, draws=2, losses=2, score=0.7000, elo=147.2, low=-57.6, high=331.9)"
    mirror = q.elo(wins=2, draws=2, losses=6)
    assert mirror.elo == pytest.approx(-e.elo) and mirror.low == pytest.approx(-e.high)
    assert q.elo(5, 0, 5).elo == 0.0
    all_won = q.elo(4, 0, 0)
    assert all_won.elo == all_won.high == float("inf") and 0 < all_won.low < float("inf")
    assert q.elo(0, 0, 0) is None
    assert q.elo(2**32 - 1, 2**32 - 1, 2**32 - 1).games == 3 * (2**32 - 1)
    assert pickle.loads(pickle.dumps(e)) == e and e != mirror
    with pytest.raises(ValueError, match="draws must be at least 0, not -1"):
        q.elo(1, -1, 1)
    with pytest.raises(ValueError, match="losses must be at most 4294967295, not 4294967296"):
        q.elo(1, 1, 2**32)
    with pytest.raises(TypeError, match="wins must be an integer, not float 1.5"):
        q.elo(1.5, 1, 1)


def test_reward_is_the_one_rule_of_the_environments():
    won = q.Position("9 S:e9:0,N:e5:0 - N 3")
    assert (won.reward("S"), won.reward("N"), won.reward("W")) == (1.0, -1.0, 0.0)
    assert q.Position().reward(q.Seat.SOUTH) == 0.0
    with pytest.raises(ValueError, match="is not a seat"):
        won.reward("X")


def test_diagram_is_the_cli_drawing():
    pos = q.Position.start(q.Config(size=5))
    for m in ["c2", "b3h", "c4v"]:
        pos = pos.play(m)
    text = pos.diagram()
    lines = text.splitlines()
    assert len(lines) == 2 * 5 - 1 + 4
    assert lines[0].split() == list("abcde")
    assert " 2 │ ·   ·   S   ·   · │ 2" in lines
    assert text.count("━") == 7 and text.count("┃") == 3
    assert "\x1b" not in text and "\x1b[" in pos.diagram(color=True)
    with pytest.raises(TypeError):
        pos.diagram(color="yes")


def test_winning_chances_of_scores_and_of_every_seat():
    pos = q.Position("9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6")
    a = q.Engine(hash_mb=8).analyse(pos, depth=3)
    assert q.win_chance(pos, eval=a.eval) == a.chance
    assert q.win_chance(pos, eval=300) > q.win_chance(pos, eval=0) > q.win_chance(pos, eval=-300)
    assert q.win_chance(pos, mate=3) == 1.0 and q.win_chance(pos, mate=-3) == 0.0
    for bad in ({}, {"eval": 1, "mate": 1}, {"mate": 0}):
        with pytest.raises(ValueError, match="give eval"):
            q.win_chance(pos, **bad)
    assert q.seat_chances(pos) is None
    four = q.Position.start(q.Config(players=4))
    chances = q.seat_chances(four)
    assert [s for s, _ in chances] == [q.Seat(s) for s in "SWNE"]
    assert abs(sum(p for _, p in chances) - 1.0) < 1e-9
