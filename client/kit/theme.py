"""The look, defined once: palette, seat colours and shapes, ``ink_on``, radii and type scale.

Every module of the client takes its colours from here (visual.md: blackboard-green table,
ivory paper, dark ink, sunset-orange accent, a colour-blind-safe seat set always paired with
a shape and the seat number).
"""
from __future__ import annotations

from functools import lru_cache

Colour = tuple[int, int, int]

# --- palette ---------------------------------------------------------------------------
TABLE: Colour = (31, 58, 52)  # blackboard green-slate
TABLE_DARK: Colour = (20, 38, 34)
PANEL: Colour = (44, 76, 68)  # panels on the table
PANEL_LIGHT: Colour = (60, 96, 86)
PANEL_DEEP: Colour = (8, 20, 18)  # translucent shade behind table areas
SHADOW: Colour = (12, 24, 20)
PAPER: Colour = (246, 241, 228)  # cards, sheets
PAPER_DIM: Colour = (226, 219, 202)
PAPER_WARM: Colour = (250, 226, 204)  # a highlighted row on paper
PAPER_ROW: Colour = (236, 229, 212)
PAPER_SHADE: Colour = (233, 224, 203)
PAPER_EDGE: Colour = (205, 196, 176)
LINE: Colour = (196, 186, 166)  # rules and outlines on paper
INK: Colour = (42, 42, 46)
MUTED: Colour = (110, 104, 96)  # secondary ink on paper
CHALK: Colour = (236, 236, 226)  # text on the table
CHALK_SOFT: Colour = (200, 214, 206)
CHALK_DIM: Colour = (160, 178, 170)
ACCENT: Colour = (240, 138, 75)  # your turn / act now
ACCENT_DEEP: Colour = (196, 92, 36)  # the accent, darkened to read on paper
ERROR: Colour = (214, 78, 66)  # illegal, errors
ERROR_DEEP: Colour = (150, 40, 36)
OK: Colour = (120, 200, 140)
BACK: Colour = (38, 62, 80)  # card backs
DISABLED: Colour = (70, 86, 80)
GLASS = (255, 255, 255, 20)  # a faint light panel on the table (RGBA)
# each game's colour on the launcher's cards and in its tables' headers (client/games/<game>.py)
GAME_FATE_VOTES: Colour = (214, 96, 77)
GAME_MIND_SWAP: Colour = (86, 140, 200)
GAME_SCHOOL_MYSTERY: Colour = (96, 160, 96)

# --- seats: Okabe–Ito (grey for black on a dark table) + white, wine, olive, slate blue -----
SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
    (0, 114, 178), (213, 94, 0), (204, 121, 167), (153, 153, 153),
    (240, 240, 240), (136, 34, 85), (153, 153, 51), (106, 90, 205),
)
SEAT_SHAPES: tuple[str, ...] = (
    "circle", "square", "triangle", "diamond", "pentagon", "hexagon",
    "star", "cross", "triangle_down", "octagon", "star4", "ring",
)


def seat_colour(seat: int) -> Colour:
    """The colour of seat ``seat`` (0-based); always shown with :func:`seat_shape` and the number."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def luminance(c: Colour | tuple[int, ...]) -> float:
    """Relative luminance (sRGB, 0..1)."""
    return _luminance(int(c[0]), int(c[1]), int(c[2]))


@lru_cache(maxsize=1024)
def _luminance(r: int, g: int, b: int) -> float:
    def ch(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: Colour | tuple[int, ...], b: Colour | tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours (1..21)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(c: Colour | tuple[int, ...]) -> Colour:
    """Dark ink or paper, whichever has the higher contrast on ``c`` (one rule everywhere)."""
    return _ink_on(int(c[0]), int(c[1]), int(c[2]))


@lru_cache(maxsize=1024)
def _ink_on(r: int, g: int, b: int) -> Colour:
    return INK if contrast(INK, (r, g, b)) >= contrast(PAPER, (r, g, b)) else PAPER


# --- geometry and type (in units: one unit ≈ window height / 54, 20 px at 1080p) -----------
RADIUS = {"card": 0.35, "button": 0.5, "panel": 0.6, "pill": 1.0}
TYPE = {
    "tiny": 0.7,  # counters, captions
    "small": 0.8,  # secondary lines, the log
    "body": 0.95,  # rule text, buttons
    "label": 1.05,  # prompts, phase names
    "heading": 1.3,
    "title": 1.6,
    "display": 3.0,  # the timer
}
MIN_TEXT_PX = 12  # nothing is drawn smaller than this (the fitter's hard floor)
FIT_FLOOR = 0.72  # the fitter shrinks text to at most this fraction of its size before growing


def radius(kind: str, unit: float) -> int:
    return max(2, int(RADIUS[kind] * unit))


def type_px(kind: str, unit: float) -> float:
    """A text size of the type scale, in px, for ``unit``."""
    return max(float(MIN_TEXT_PX), TYPE[kind] * unit)
