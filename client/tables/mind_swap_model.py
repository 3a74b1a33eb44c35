"""What the mind_swap table draws, read out of a view (and the content's texts).

:func:`read_view` turns the rules' view dict into a small typed :class:`Model`
so the drawing and input code never depend on the view's exact keys; the
content lookups (names, clubs, location rows) degrade to numbers when a text is
missing.
"""
from __future__ import annotations

import copy
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
    room: str | None = None  # at "other": pairs share a room when these match

    @property
    def restored(self) -> bool:
        return self.body == self.mind


@dataclass
class PlayerInfo:
    seat: int
    name: str
    character: int | None  # student number whose mind is this player's
    score: int = 0
    pile: list[int] = field(default_factory=list)  # students in the score pile
    hand_count: int = 0
    piece: str | None = None  # where the player's piece stands
    room: str | None = None


@dataclass
class HandCard:
    id: int
    type: str
    actions: tuple[str, ...]


@dataclass
class Model:
    pairs: dict[int, Pair] = field(default_factory=dict)  # body no -> pair on the map
    waiting: int = 0  # students still to enter the map
    waiting_minds: dict[int, int] = field(default_factory=dict)  # body -> mind, for those not yet on the map
    negi: str = "classroom"
    players: list[PlayerInfo] = field(default_factory=list)
    turn: int | None = None
    turn_no: int = 0
    phase: str = ""
    hand: list[HandCard] = field(default_factory=list)
    deck: int = 0
    discard: int = 0
    discard_top: str | None = None
    cup: int = 0
    played: bool = False
    magic_left: int = 0
    can_magic: bool = False
    bath: bool = False
    over: bool = False
    winners: list[int] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)  # great success: {"seat", "at", "exclude"}

    def pair_of_mind(self, mind: int) -> Pair | None:
        """The pair whose mind is ``mind`` (a student number), or None."""
        return next((p for p in self.pairs.values() if p.mind == mind), None)

    def player_of_mind(self, mind: int) -> PlayerInfo | None:
        """The player whose character is ``mind``, or None."""
        return next((pl for pl in self.players if pl.character == mind), None)

    def at(self, loc: str) -> list[Pair]:
        """Pairs at ``loc`` in a stable order (at "other": grouped by room)."""
        pairs = [p for p in self.pairs.values() if p.loc == loc]
        if loc == "other":
            first: dict[str | None, int] = {}
            for p in sorted(pairs, key=lambda p: p.body):
                first.setdefault(p.room, p.body)
            return sorted(pairs, key=lambda p: (first.get(p.room, p.body), p.body))
        return sorted(pairs, key=lambda p: p.body)


def _int(x: Any, default: int = 0) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return default


def _count(x: Any) -> int:
    if isinstance(x, (list, tuple, dict)):
        return len(x)
    return _int(x)


def _at(lst: Any, i: int, default: Any = None) -> Any:
    return lst[i] if isinstance(lst, list) and 0 <= i < len(lst) else default


def read_view(view: dict[str, Any], card_actions: dict[str, tuple[str, ...]] | None = None) -> Model:
    """A :class:`Model` from a mind_swap view (the shapes documented in the rules module)."""
    m = Model()
    if not view:
        return m
    for p in view.get("pairs") or []:
        body = _int(p.get("body"))
        m.pairs[body] = Pair(body=body, mind=_int(p.get("mind", body)), loc=str(p.get("loc") or "other"),
                             room=p.get("room"))
    m.waiting = _count(view.get("waiting", 0))
    for w in view.get("waiting") or []:
        if isinstance(w, dict):
            m.waiting_minds[_int(w.get("body"))] = _int(w.get("mind"))
    m.negi = str(view.get("negi") or "classroom")
    n = _int(view.get("players", 0))
    chars, piles, scores = view.get("chars") or [], view.get("piles") or [], view.get("scores") or []
    sizes, pieces, names = view.get("hand_sizes") or [], view.get("pieces") or [], view.get("names") or []
    for seat in range(n):
        piece = _at(pieces, seat) or {}
        ch = _at(chars, seat)
        m.players.append(PlayerInfo(seat=seat, name=str(_at(names, seat) or ""),
                                    character=None if ch is None else _int(ch),
                                    score=_int(_at(scores, seat, 0)), pile=[_int(x) for x in _at(piles, seat) or []],
                                    hand_count=_int(_at(sizes, seat, 0)), piece=piece.get("loc"),
                                    room=piece.get("room")))
    turn = view.get("turn")
    m.turn = None if turn is None else _int(turn)
    m.turn_no = _int(view.get("turn_no", 0))
    m.phase = str(view.get("phase", ""))
    card_actions = card_actions or {}
    for c in view.get("hand") or []:
        ctype = str(c.get("type", ""))
        m.hand.append(HandCard(id=_int(c.get("id")), type=ctype, actions=tuple(card_actions.get(ctype) or (ctype,))))
    m.deck = _count(view.get("deck", 0))
    m.discard = _count(view.get("discard", 0))
    m.discard_top = view.get("discard_top")
    m.cup = _count(view.get("cup", 0))
    m.played = bool(view.get("played", False))
    m.magic_left = _int(view.get("magic_left", 0))
    m.can_magic = bool(view.get("can_magic", False))
    m.bath = bool(view.get("bath", False))
    m.over = m.phase == "over"
    res = view.get("result") or {}
    m.winners = [int(w) for w in (res.get("winners") or [])]
    m.pending = dict(view.get("pending") or {})
    return m


def apply_event(model: Model, ev: dict[str, Any], newest: Model | None = None) -> Model | None:
    """The model after one public event (for showing a batch step by step), or None when
    the event changes nothing drawn. The next snapshot corrects anything this misses."""
    etype = ev.get("type")
    if etype not in ("minds", "move", "restored", "negi", "piece", "cup", "turn"):
        return None
    m = copy.deepcopy(model)
    if etype == "minds":
        for mv in ev.get("moves") or []:
            to, mind = mv.get("to"), mv.get("mind")
            if to in m.pairs:
                m.pairs[to].mind = _int(mind)
            elif isinstance(to, int):
                m.waiting_minds[to] = _int(mind)
    elif etype == "move":
        b = _int(ev.get("student"))
        if b in m.pairs:
            m.pairs[b].loc, m.pairs[b].room = str(ev.get("to")), ev.get("room")
        else:
            mind = m.waiting_minds.pop(b, None)
            if mind is None and newest is not None:
                mind = newest.pairs[b].mind if b in newest.pairs else newest.waiting_minds.get(b)
            m.pairs[b] = Pair(body=b, mind=b if mind is None else mind, loc=str(ev.get("to")), room=ev.get("room"))
            m.waiting = max(0, m.waiting - 1)
    elif etype == "restored":
        b = _int(ev.get("student"))
        m.pairs.pop(b, None)
        m.waiting_minds.pop(b, None)
        seat = ev.get("seat")
        for pl in m.players:
            if pl.seat == seat:
                pl.pile.append(b)
                pl.score += 3 if pl.character == b else 1
    elif etype == "negi":
        m.negi = str(ev.get("to"))
    elif etype == "piece":
        for pl in m.players:
            if pl.seat == ev.get("seat"):
                pl.piece, pl.room = ev.get("to"), ev.get("room")
    elif etype == "cup":
        m.cup = _int(ev.get("count"))
    elif etype == "turn":
        m.turn = _int(ev.get("seat"))
    return m


# --- content lookups ---------------------------------------------------------------

def _students(content: Any) -> dict[int, Any]:
    return getattr(content, "students", None) or {}


def student_name(content: Any, no: int, lang: str) -> str:
    st = _students(content).get(no)
    names = getattr(st, "name", None) or {}
    return names.get(lang) or names.get("en") or f"No. {no}"


def short_name(content: Any, no: int, lang: str) -> str:
    """The student's short display name from the content (``short_names.toml``: part of the full
    name, unique), else the full name."""
    st = _students(content).get(no)
    short = getattr(st, "short", None) or {}
    return short.get(lang) or short.get("en") or student_name(content, no, lang)


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
