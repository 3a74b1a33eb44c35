"""What the mind_swap table draws, read out of a view (and the content's texts).

:func:`read_view` turns the rules' view dict into a small typed :class:`Model`
so the drawing and input code never depend on the view's exact keys; the
content lookups (names, clubs, location rows) degrade to numbers when a text is
missing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LOCATIONS: tuple[str, ...] = ("library", "classroom", "garden", "sports_ground", "other")
SUIT_LOCS: tuple[str, ...] = LOCATIONS[:4]
SUIT_OF: dict[str, str] = {"library": "heart", "classroom": "diamond", "garden": "club", "sports_ground": "spade"}
ACTION_KINDS: tuple[str, ...] = ("move_self", "move_negi", "relocate", "extra_magic", "bath", "event")


@dataclass
class Pair:
    body: int
    mind: int
    loc: str

    @property
    def restored(self) -> bool:
        return self.body == self.mind


@dataclass
class PlayerInfo:
    seat: int
    name: str
    character: int | None  # student number whose mind is this player's
    score: int = 0
    pile: list[int] = field(default_factory=list)  # mind ids in the score pile
    hand_count: int = 0


@dataclass
class HandCard:
    id: int
    type: str
    actions: tuple[str, ...]


@dataclass
class Model:
    pairs: dict[int, Pair] = field(default_factory=dict)  # body no -> pair on the map
    waiting: int = 0  # students still to enter the map
    negi: str = "classroom"
    players: list[PlayerInfo] = field(default_factory=list)
    turn: int | None = None
    phase: str = ""
    hand: list[HandCard] = field(default_factory=list)
    deck: int = 0
    discard: int = 0
    cup: int = 0
    magic_left: int = 0
    bath: bool = False
    over: bool = False
    winners: list[int] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)  # a half-finished action (e.g. great success)

    def pair_of_mind(self, mind: int) -> Pair | None:
        for p in self.pairs.values():
            if p.mind == mind:
                return p
        return None

    def player_of_mind(self, mind: int) -> PlayerInfo | None:
        for pl in self.players:
            if pl.character == mind:
                return pl
        return None

    def at(self, loc: str) -> list[Pair]:
        return sorted((p for p in self.pairs.values() if p.loc == loc), key=lambda p: p.body)


def _int(x: Any, default: int = 0) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return default


def _count(x: Any) -> int:
    if isinstance(x, (list, tuple, dict)):
        return len(x)
    return _int(x)


def read_view(view: dict[str, Any], card_actions: dict[str, tuple[str, ...]] | None = None) -> Model:
    """A :class:`Model` from a mind_swap view (tolerant of missing keys)."""
    m = Model()
    if not view:
        return m
    raw_pairs = view.get("pairs") or view.get("map") or {}
    items = raw_pairs.items() if isinstance(raw_pairs, dict) else ((None, p) for p in raw_pairs)
    for key, p in items:
        if not isinstance(p, dict):
            continue
        body = _int(p.get("body", key))
        m.pairs[body] = Pair(body=body, mind=_int(p.get("mind", body)), loc=str(p.get("loc") or p.get("at")
                                                                               or "other"))
    waiting = view.get("waiting", view.get("offmap", 0))
    m.waiting = _count(waiting)
    m.negi = str(view.get("negi", "classroom"))
    for i, pl in enumerate(view.get("players") or []):
        if not isinstance(pl, dict):
            continue
        pile = [int(x) for x in (pl.get("pile") or pl.get("score_pile") or [])]
        m.players.append(PlayerInfo(seat=_int(pl.get("seat", i)), name=str(pl.get("name") or ""),
                                    character=(None if pl.get("character") is None else _int(pl.get("character"))),
                                    score=_int(pl.get("score", 0)), pile=pile,
                                    hand_count=_count(pl.get("hand", pl.get("hand_count", 0)))))
    turn = view.get("turn", view.get("current"))
    m.turn = None if turn is None else _int(turn)
    m.phase = str(view.get("phase", ""))
    card_actions = card_actions or {}
    for c in view.get("hand") or []:
        if isinstance(c, dict):
            ctype = str(c.get("type", c.get("card", "")))
            acts = tuple(c.get("actions") or card_actions.get(ctype) or (ctype,))
            m.hand.append(HandCard(id=_int(c.get("id")), type=ctype, actions=acts))
    m.deck = _count(view.get("deck", 0))
    m.discard = _count(view.get("discard", 0))
    m.cup = _count(view.get("cup", 0))
    m.magic_left = _int(view.get("magic_left", view.get("magic", 0)))
    m.bath = bool(view.get("bath", False))
    m.over = bool(view.get("over", False)) or m.phase == "over"
    m.winners = [int(w) for w in (view.get("winners") or [])]
    m.pending = dict(view.get("pending") or {})
    return m


# --- content lookups ---------------------------------------------------------------

def _students(content: Any) -> dict[int, Any]:
    return getattr(content, "students", None) or {}


def student_name(content: Any, no: int, lang: str) -> str:
    st = _students(content).get(no)
    names = getattr(st, "name", None) or {}
    return names.get(lang) or names.get("en") or f"No. {no}"


def short_name(content: Any, no: int, lang: str) -> str:
    """The given name (what fits on a small card): the last word in English, after a space/・ in ja/zh."""
    full = student_name(content, no, lang)
    if full.startswith("No. "):
        return full
    if lang == "en":
        parts = full.replace("A. K. ", "").split()
        return parts[0] if no == 26 or len(parts) < 2 else parts[-1]
    for sep in ("・", "·", " ", "　"):
        if sep in full:
            head, _, tail = full.partition(sep)
            return tail if no not in (26, 31) else head
    return full[-2:] if len(full) > 3 else full


def student_text(content: Any, no: int, attr: str, lang: str) -> str:
    st = _students(content).get(no)
    value = getattr(st, attr, None) or {}
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or ""
    return str(value)


def student_rows(content: Any, no: int) -> list[str]:
    """Locations for rows 2..12 (empty when unknown)."""
    st = _students(content).get(no)
    return list(getattr(st, "where", ()) or ())


def student_abilities(content: Any, no: int) -> list[Any]:
    st = _students(content).get(no)
    return list(getattr(st, "abilities", ()) or ())


def location_name(content: Any, loc: str, lang: str, fallback: str) -> str:
    locs = getattr(content, "locations", None) or {}
    return (locs.get(loc) or {}).get(lang) or fallback


def card_type(content: Any, type_id: str) -> Any:
    for c in getattr(content, "cards", None) or ():
        if c.id == type_id:
            return c
    return None


def card_actions_map(content: Any) -> dict[str, tuple[str, ...]]:
    return {c.id: tuple(c.actions) for c in getattr(content, "cards", None) or ()}
