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

# --- light, shade and see-through (RGBA where the alpha is part of the look) --------------
CLEAR_SCREEN: Colour = (0, 0, 0)  # what a window is cleared to before a frame is drawn
TRANSPARENT = (0, 0, 0, 0)  # a hole cut in a layer or a mask
ICON_COLOURKEY = (255, 0, 255)  # the magenta pygame's window icon (pygame_icon.bmp) marks as transparent
COLOUR_KEY: Colour = (255, 0, 254)  # a still's see-through key: no panel, text or seat colour is this
DIM: Colour = (0, 0, 0)  # what kit.widgets.dim darkens a screen with
LIGHTEN: Colour = (255, 255, 255)  # what a hovered or pulsing colour is mixed towards
VEIL: Colour = (10, 20, 18)  # the dark shade over the table behind a sheet, and a sheet's shadow
DROP_SHADOW_SOLID: Colour = (0, 0, 0)  # a drop shadow in a layer the screen shows translucent (pages, decks)
CARD_SHADOW = (0, 0, 0, 60)  # under a card
TOKEN_SHADOW = (0, 0, 0, 70)  # under a die or a seat token
PILL_SHADOW = (0, 0, 0, 80)  # under an effect's pill
SOFT_SHADOW = (0, 0, 0, 90)  # under Negi's badge and the final scores
ZOOM_SHADOW = (0, 0, 0, 110)  # under a zoomed card
SHEEN = (255, 255, 255, 26)  # a faint light band: a card's gloss, a player's row
GLASS_BRIGHT = (255, 255, 255, 34)  # the glass of your own panel (GLASS: everyone else's)
DIMMED_BADGE = (255, 255, 255, 110)  # multiplied into a seat badge out of play (BLEND_RGBA_MULT)
DIMMED_TOKEN = (255, 255, 255, 90)  # multiplied into a seat token out of play (BLEND_RGBA_MULT)
GREY_CARD: Colour = (120, 120, 120)  # a card face with no colour of its own; a deck out of reach

# --- dice (client/widgets/dice.py) ---------------------------------------------------------
DIE_GREY_PAPER: Colour = (150, 150, 150)  # a die that does not count
DIE_GREY_INK: Colour = (95, 95, 95)
DIE_D10_PAPER: Colour = (236, 220, 190)
DIE_ONE: Colour = (200, 40, 40)  # the pip of a 1

# --- the mind_swap table (client/tables/mind_swap_*.py) -------------------------------------
MS_MIND_PAPER: Colour = (236, 232, 248)  # mind cards: a lavender paper of their own
MS_SUITS: dict[str, Colour] = {  # the four places' suits (always with the symbol)
    "heart": (222, 96, 120), "diamond": (232, 168, 64), "club": (96, 184, 110), "spade": (104, 150, 222),
}
MS_OTHER: Colour = (170, 160, 190)  # the "other" place
MS_ACTIONS: dict[str, Colour] = {  # each action card's colour strip and pictogram
    "move_self": (240, 138, 75), "move_negi": (96, 170, 100), "relocate": (104, 150, 222),
    "extra_magic": (190, 110, 200), "bath": (110, 190, 210), "event": (222, 180, 70),
}
MS_ACTION_UNKNOWN: Colour = (200, 200, 200)  # an action with no colour of its own
MS_DIM_CARD = (20, 30, 28, 110)  # the veil over a card that cannot be played now
MS_CARD_BACK: Colour = (120, 70, 60)
MS_NEGI_FACE: Colour = (250, 250, 240)
MS_NEGI_RING: Colour = (70, 150, 80)
MS_MARKER: Colour = (200, 180, 130)  # a student's marker drawn from the cup
MS_WAND: Colour = (120, 90, 60)  # the move-Negi pictogram
MS_CUP: Colour = (200, 180, 130)
MS_CUP_RIM: Colour = (120, 100, 70)
MS_CUP_MARKER: Colour = (226, 208, 160)  # the markers left in the cup
MS_CONTROL_IDLE: Colour = (150, 175, 165)  # a control not active now
MS_HINT: Colour = (170, 190, 182)  # "no cards" and such quiet lines on the table
MS_SCORE_ROW: Colour = (232, 226, 210)  # a final-scores row of a player who did not win
MS_CONFETTI: tuple[Colour, ...] = (
    (250, 250, 250), (238, 150, 170), (140, 180, 230), (250, 220, 120), (170, 220, 170))
MS_SIDE_GLASS = (255, 255, 255, 16)  # the map's side band
MS_AREA_GLASS = (255, 255, 255, 14)  # over a place's own colour
MS_COUNT: Colour = (190, 205, 198)  # a place's "n students" count
MS_PAIR_EDGE: Colour = (240, 214, 170)  # a pair's outline on the map (picked: ACCENT)
MS_ROOM_LABEL: Colour = (215, 222, 218)
MS_OUTCOMES: dict[str, Colour] = {  # a magic roll's outcome
    "sneeze": (200, 210, 230), "runaway": (222, 96, 90), "great": (240, 200, 80), "success": (150, 210, 140)}
MS_STATUS_TEXT: Colour = (220, 228, 222)  # the sidebar's status lines
MS_SIDEBAR_RULE: Colour = (90, 120, 110)  # a line between the sidebar's parts
MS_CHAR_TEXT: Colour = (200, 212, 206)  # a player's character under their name
MS_PILE_EMPTY: Colour = (200, 200, 190)  # the outline of the empty discard pile
MS_ZOOM_GREY: Colour = (150, 150, 155)  # a zoomed card's abilities not in play
MS_ZOOM_OFF_INK: Colour = (160, 160, 165)  # a count the card does not show
MS_ZOOM_OFF_SUIT: Colour = (190, 190, 195)
MS_ZOOM_MIND_ROW: Colour = (226, 220, 240)  # the row a mind card shows
MS_ZOOM_BODY_ROW: Colour = (236, 228, 206)  # the row a body card shows
# the school map (client/tables/mind_swap_school.py)
MS_FLOOR: Colour = (52, 84, 74)  # the halls
MS_FLOOR_LINE: Colour = (96, 130, 118)
MS_WOOD: Colour = (122, 92, 62)
MS_BOOKS: tuple[Colour, ...] = ((170, 70, 66), (70, 110, 160), (200, 170, 90), (90, 140, 100), (150, 110, 170),
                                (210, 130, 80))
MS_BOARD: Colour = (34, 64, 50)  # a blackboard
MS_CHALK_WRITING = (230, 230, 220, 140)
MS_CHAIR = (120, 130, 140, 80)
MS_GRASS: Colour = (70, 120, 72)
MS_GRASS_BLADE = (120, 170, 110, 90)
MS_STONE = (190, 185, 170, 90)
MS_TREE = (40, 90, 50, 150)
MS_TREE_LIGHT = (90, 150, 90, 120)
MS_FLOWERS: tuple[Colour, ...] = ((240, 150, 170), (250, 220, 110), (240, 240, 240))
MS_TRACK: Colour = (172, 96, 72)
MS_TRACK_LINE = (240, 240, 235, 110)
MS_TRACK_START = (240, 240, 235, 150)

# --- the school_mystery table (client/tables/school_mystery_*.py) --------------------------
SM_SUITS: dict[str, Colour] = {  # (always with the symbol) library red, classroom amber, ground blue, garden green
    "hearts": (196, 78, 82), "diamonds": (214, 140, 48), "spades": (70, 104, 160), "clubs": (58, 136, 92)}
SM_BANDS: dict[str, Colour] = {  # a roll's result band
    "great": (240, 138, 75), "success": (86, 180, 120), "narrow": (214, 180, 60), "failure": (200, 90, 80)}
SM_NOTE: Colour = (150, 140, 120)  # a note card
SM_SEALED: Colour = (120, 52, 60)  # a secret still sealed
SM_SEAL_OPEN: Colour = (200, 170, 120)
SM_SEAL: Colour = (200, 80, 70)
SM_SEAL_EDGE: Colour = (150, 40, 40)
SM_SECRETS_PAPER: Colour = (252, 246, 236)
SM_SECRET_OPEN: Colour = (236, 226, 206)
SM_LAST_SECRET: Colour = (212, 176, 90)  # the outline of a last secret
SM_USED_STAMP: Colour = (190, 60, 50)  # "used" on a clue the deduction uses
SM_USED_STAMP_PAPER: Colour = (252, 236, 220)
SM_CARD_EDGE: Colour = (200, 190, 170)  # an info card's outline (selected: ACCENT)
SM_SHADE: Colour = (20, 40, 36)  # the panel behind the static layer's areas
SM_HOLIDAY: Colour = (240, 200, 120)  # the calendar's day pill on a holiday
SM_CONDITION: Colour = (240, 200, 140)  # a student's conditions (text on the table, tags on the sheet)
SM_CONDITION_SLOT: Colour = (250, 226, 200)
SM_CONDITION_SLOT_EDGE: Colour = (200, 120, 80)
SM_TAB_IDLE: Colour = (70, 100, 92)  # a sheet tab not shown
SM_DECK_EDGES: Colour = (30, 44, 56)  # the stacked edges under a deck's top card
SM_DECK_EMPTY: Colour = (60, 90, 82)  # the outline where an empty deck stood
SM_CANVAS_HINT: Colour = (90, 120, 110)  # the empty board's hint
SM_LINK: Colour = (200, 60, 60)  # a red thread between two cards, and its knob
SM_LINK_DRAGGED: Colour = (230, 80, 80)
SM_TRAY_WOOD: Colour = (60, 42, 30)
SM_TRAY_FELT: Colour = (40, 92, 70)
SM_TRAY_FELT_EDGE: Colour = (30, 70, 54)
SM_TRAY_LABEL: Colour = (90, 140, 120)
SM_ADVANTAGE: Colour = (40, 120, 70)  # the roll sheet's advantage column
SM_DISADVANTAGE: Colour = (170, 60, 50)
SM_OFFER_SECRET: Colour = (150, 50, 60)  # a roll's offer to spend a secret
SM_OFFER_RIVAL: Colour = (60, 90, 160)  # a rival's offer on a roll
SM_EXPORT_NOTE: Colour = (200, 210, 200)  # where the article was saved
# the exported article's page (client/tables/school_mystery_article.py)
SM_NEWSPRINT: Colour = (244, 238, 222)
SM_NEWS_RULE: Colour = (60, 56, 52)
SM_STAMP_OK: Colour = (190, 50, 44)
SM_STAMP_NO: Colour = (80, 90, 120)
SM_NEWS_LEAD: Colour = (80, 74, 66)  # the subject's situation under the headline
SM_NEWS_TEXT: Colour = (70, 66, 60)

# --- the app's own scenes (client/scenes/*.py) ---------------------------------------------
CURTAIN_FOLD: Colour = (28, 48, 43)  # the pass-and-play curtain's lighter fold
CURTAIN_FOLD_DARK: Colour = (24, 42, 38)  # and its darker fold between them
QUIET_INK: Colour = (90, 90, 96)  # a quiet line on a paper card (the curtain's hint, a game's player count)
TAGLINE_INK: Colour = (80, 80, 88)  # a game's tagline on its launcher card
LAUNCHER_CARD_SHADOW: Colour = (10, 22, 18)  # under a game's card on the launcher
LOBBY_RULE: Colour = (90, 120, 110)  # the line between the lobby's seat count and its options
LOBBY_SEAT: Colour = (52, 88, 78)  # a seat's chip in the lobby
LOBBY_SEAT_MINE: Colour = (70, 104, 92)  # a seat this laptop holds
SPINNER_DOT: Colour = (200, 190, 170)  # the reconnecting overlay's turning dots (the leading one: ACCENT)
TABLE_STRIP: Colour = (22, 40, 35)  # the table scene's bottom strip (chat, status)
TABLE_STRIP_EDGE: Colour = (70, 100, 90)  # the line along its top

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
