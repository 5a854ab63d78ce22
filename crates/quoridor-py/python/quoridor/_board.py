"""The environments' ``render`` text: core's board drawing and a line of state."""

from __future__ import annotations

from ._quoridor import Position


def text_board(position: Position) -> str:
    """The board (``Position.diagram``), then the walls in hand and who is to move or won."""
    walls = ", ".join(f"{s.letter}:{position.walls_in_hand(s)}" for s in position.active_seats)
    state = (
        f"{position.winner} wins"
        if position.winner is not None
        else "draw"
        if position.is_draw
        else f"{position.turn} to move"
    )
    return f"{position.diagram()}walls in hand {walls}; {state}"
