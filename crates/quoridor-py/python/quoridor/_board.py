"""A plain-text picture of a position, for the environments' ``render``."""

from __future__ import annotations

from ._quoridor import Position

_COLUMNS = "abcdefghijk"


def text_board(position: Position) -> str:
    """The board as text: pawns by seat letter, walls as ``|`` and ``---``, row 1 at the bottom."""
    n = position.size
    pawns = {}
    for seat in position.active_seats:
        square = position.pawn(seat)
        pawns[(_COLUMNS.index(square[0]), int(square[1:]) - 1)] = seat.letter
    below = set()  # (col, row): a wall between row and row + 1 in this column
    beside = set()  # (col, row): a wall between col and col + 1 in this row
    for wall in position.walls:
        col, row, orientation = _COLUMNS.index(wall[0]), int(wall[1:-1]) - 1, wall[-1]
        if orientation == "h":
            below.update({(col, row), (col + 1, row)})
        else:
            beside.update({(col, row), (col, row + 1)})
    lines = []
    for row in reversed(range(n)):
        cells = []
        for col in range(n):
            cells.append(f" {pawns.get((col, row), '.')} ")
            if col < n - 1:
                cells.append("|" if (col, row) in beside else " ")
        lines.append(f"{row + 1:>2} " + "".join(cells))
        if row > 0:
            gap = "".join(
                ("---" if (col, row - 1) in below else "   ") + " " for col in range(n)
            )
            lines.append("   " + gap.rstrip())
    lines.append("   " + " ".join(f" {c} " for c in _COLUMNS[:n]).rstrip())
    walls = ", ".join(f"{s.letter}:{position.walls_in_hand(s)}" for s in position.active_seats)
    state = (
        f"{position.winner} wins"
        if position.winner is not None
        else "draw"
        if position.is_draw
        else f"{position.turn} to move"
    )
    lines.append(f"walls in hand {walls}; {state}")
    return "\n".join(lines)
