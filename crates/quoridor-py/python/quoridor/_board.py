"""The environments' renderings of a position: text (the board as the ``quoridor`` command
draws it, and a line of state) and an RGB image for videos."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._quoridor import Position, Seat

__all__ = ["rgb_image", "text_board"]

# Colours of the image: the grooves (and border), the squares, the crown square of King of the
# Hill, the walls, and each seat's pawn (South, West, North, East) and its goal edge.
GROOVE = (120, 84, 52)
SQUARE = (236, 214, 176)
CROWN = (250, 226, 120)
WALL = (40, 28, 20)
PAWNS = {
    Seat.SOUTH: (200, 40, 40),
    Seat.WEST: (40, 150, 60),
    Seat.NORTH: (40, 80, 200),
    Seat.EAST: (220, 170, 20),
}


def text_board(position: Position) -> str:
    """The board (``Position.diagram``), then the walls in hand and who is to move or won."""
    walls = ", ".join(f"{s.letter}:{position.walls_in_hand(s)}" for s in position.active_seats)
    if position.winner is not None:
        state = f"{position.winner} wins"
    elif position.is_draw:
        state = "draw"
    else:
        state = f"{position.turn} to move"
    return f"{position.diagram()}walls in hand {walls}; {state}"


def _cell(square: str) -> tuple[int, int]:
    """Column and row, from 0, of a square in notation (``"e1"`` is (4, 0))."""
    return ord(square[0]) - ord("a"), int(square[1:]) - 1


def rgb_image(position: Position, square: int = 28, groove: int = 8) -> npt.NDArray[np.uint8]:
    """The board as an RGB image, ``uint8`` of shape ``(height, width, 3)``, row 1 at the
    bottom as the text diagram: squares ``square`` pixels wide, grooves ``groove`` pixels,
    walls dark in their grooves, pawns as discs in their seat's colour (South red, West green,
    North blue, East yellow), a finished game's winner ringed in white. Every frame of a game
    has the same shape, as video writers need."""
    if not (isinstance(square, int) and isinstance(groove, int)) or isinstance(square, bool) or isinstance(groove, bool):
        raise TypeError("square and groove must be integers (pixels)")
    if not 4 <= square <= 256:
        raise ValueError(f"square must be from 4 to 256 pixels, not {square}")
    if not 2 <= groove <= square:
        raise ValueError(f"groove must be from 2 pixels to square ({square}), not {groove}")
    n = position.size
    step = square + groove
    side = n * step + groove
    image = np.empty((side, side, 3), dtype=np.uint8)
    image[:] = GROOVE

    def top_left(col: int, row: int) -> tuple[int, int]:
        # Image rows grow downwards; the board's row 0 is at the bottom.
        return groove + (n - 1 - row) * step, groove + col * step

    for row in range(n):
        for col in range(n):
            y, x = top_left(col, row)
            image[y : y + square, x : x + square] = SQUARE
    if position.variant == "koth":
        y, x = top_left(n // 2, n // 2)
        image[y : y + square, x : x + square] = CROWN
    for wall in position.walls:
        col, row = _cell(wall[:-1])
        y, x = top_left(col, row)  # the anchor square: the wall runs above it, or to its right
        if wall[-1] == "h":
            image[y - groove : y, x : x + 2 * square + groove] = WALL
        else:
            image[y - step : y + square, x + square : x + step] = WALL
    yy, xx = np.mgrid[0:square, 0:square]
    centre = (square - 1) / 2
    dist2 = (yy - centre) ** 2 + (xx - centre) ** 2
    disc = dist2 <= (0.38 * square) ** 2
    ring = (dist2 <= (0.48 * square) ** 2) & ~disc
    for seat in position.active_seats:
        where = position.pawn(seat)
        if where is None:
            continue
        y, x = top_left(*_cell(where))
        cell = image[y : y + square, x : x + square]
        cell[disc] = PAWNS[seat]
        if position.winner == seat:
            cell[ring] = (255, 255, 255)
    return image
