"""mind_swap rules: put every student's mind (心) back into their own body (体).

Read docs/rules/mind_swap.md for the rules as enforced. Students are named by
attendance number (2–31). **A pair on the map is named by its body number**: the
body card stays where it is and minds move between bodies.

Actions (``seat`` is the caller; only the seat whose turn it is may act)::

    {"type": "play", "card": id, "action": "move_self", "to": loc, "take": body | "negi" | None}
    {"type": "play", "card": id, "action": "move_negi", "to": loc}
    {"type": "play", "card": id, "action": "relocate", "students": [body, ...]}   # 3 (or all, if fewer)
    {"type": "play", "card": id, "action": "extra_magic"}
    {"type": "play", "card": id, "action": "bath"}
    {"type": "play", "card": id, "action": "event", "student": body | None}     # None only if nobody is there
    {"type": "magic", "a": body, "b": body}
    {"type": "great_swap", "a": body, "b": body}     # only while pending great success
    {"type": "great_skip"}                            # only while pending great success
    {"type": "end_turn"}                              # after the card, to decline a remaining magic

``timeout_actions`` (for a server turn clock) plays the mildest legal action for the seat
to act: skip the great success, end the turn, or play a card (extra magic, bath, move Negi,
event, move yourself, relocate — the first the hand allows), never magic.

``loc`` is one of "library", "classroom", "garden", "sports_ground", "other".
``card`` is a card instance id (0..39). ``legal_actions`` lists each distinct card
*type* in hand once (its lowest instance id); ``apply`` accepts any instance of that
type. Relocation targets: every 3-combination is listed while there are at most
``RELOCATE_CAP`` of them; beyond that a deterministic spread of ``RELOCATE_CAP``
combinations is listed, and ``apply`` accepts every legal combination (any order).
The turn ends by itself once the card is played and no magic is possible any more;
otherwise ``end_turn`` ends it. The card is drawn at the end of the turn.

View (``view(state, seat)``; ``seat`` None = spectator)::

    {"game": "mind_swap", "seat": s|None, "players": n, "phase": "play"|"great"|"over",
     "turn": seat to act, "turn_no": k, "students": [numbers in play], "left": [restored by the
     quick shuffle, out of the game], "chars": [character (mind number) per seat],
     "pairs": [{"body": b, "mind": m, "loc": loc, "room": str|None}, ...],   # on the map
     "waiting": [{"body": b, "mind": m}, ...],                              # not yet on the map
     "negi": loc, "pieces": [{"loc": loc, "room": str|None}, ...] per seat,
     "hand": [{"id": id, "type": card_type}] (own seat) | None, "hand_sizes": [...],
     "deck": count, "discard": count, "discard_top": card_type|None, "cup": count,
     "piles": [[student numbers] per seat], "scores": [...],
     "played": bool, "magic_left": int, "bath": bool, "can_magic": bool,
     "pending": None | {"kind": "great", "seat": s, "at": loc|None, "exclude": [a, b]},
     "opening": [events of the setup: start dice, entries], "options": {resolved options},
     "result": None | result(state)}   # result: {"over", "scores", "winners", "piles", "why"}

``room``: pairs at "other" are each in their own room (club room, dorm, pool, staff
room…) unless something put them together (take-along, Chachamaru, Asakura, an event
moving to someone at "other"); pairs share a room when their ``room`` strings match.

Events (public unless noted)::

    {"type": "dice", "purpose": p, "dice": ["d6"|"d10", ...], "faces": [...], "seat": s|None, ...}
        (seat None: a roll of the table itself — start locations, Chachamaru)
        purposes: start (seat), start_location (student), control (student), location (student,
        total, row_of "mind"|"body"), magic (a, b), runaway, event (student, ability), chachamaru (student)
        e.g. {"type":"dice","purpose":"magic","dice":["d6","d6"],"faces":[3,5],"seat":1,"a":4,"b":9}
    {"type": "turn", "seat": s, "turn_no": k}
    {"type": "move", "student": b, "from": loc|None, "to": loc, "room": str|None, "why": w}
        why: enter, move_self, take, relocate, reporter, servant, companion, chachamaru, asakura
    {"type": "piece", "seat": s, "to": loc, "room": str|None}
    {"type": "negi", "from": loc, "to": loc}
    {"type": "play", "seat": s, "card": id, "card_type": t, "action": a, ...the action's targets}
    {"type": "control", "seat": s, "student": b, "ok": bool}
    {"type": "marker", "seat": s|None, "student": m, "why": "runaway"|"reporter"|"asakura"}
    {"type": "magic", "seat": s, "a": a, "b": b, "outcome": "sneeze"|"runaway"|"great"|"success"}
    {"type": "fizzle", "seat": s, "why": "empty_cup"}
    {"type": "minds", "moves": [{"mind": m, "from": body, "to": body}, ...], "why": "magic"|"great"|"runaway"}
    {"type": "ability", "student": b, "mind": m, "index": i, "kind": k, "n": n, "ok": bool}
    {"type": "restored", "student": n, "seat": s}          # pair leaves to s's score pile
    {"type": "cup", "count": n}
    {"type": "draw", "seat": s, "card": id, "card_type": t, "vis": [s]}   # private
    {"type": "drew", "seat": s}                                          # public
    {"type": "reshuffle", "count": n}
    {"type": "great", "seat": s}                    # great success: choose a follow-up swap
    {"type": "end_turn", "seat": s}
    {"type": "game_over", "scores": [...], "winners": [...]}
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import compress
from typing import Any, TypeAlias

from shared.errors import RuleError, echo
from shared.legal import expand, spread_combinations
from shared.memo import StateMemo
from shared.rng import Rng

LOCS: tuple[str, ...] = ("library", "classroom", "garden", "sports_ground", "other")
_LOC = {loc: loc for loc in LOCS}  # a location name -> the one str object of that name the rules use (a state
# holds only these, so the rules' comparisons of places find them identical at once: a journal's strings,
# each decoded anew, are read through this)
OTHER = "other"
N = 32  # list slots indexed by attendance number (0, 1 unused)
_BODIES = range(2, N)  # the attendance numbers, i.e. the used slots
_PAIRS = frozenset((a, b) for a in _BODIES for b in _BODIES if a != b)  # two different numbers (if ints)
HAND = 4
PER_TURN_ENTRY = 3
RELOCATE_CAP = 600
CHACHAMARU, EVANGELINE, ASAKURA = 10, 26, 3
CONTROL_MIN = 9  # d10 9–10 moves another player's character
RUNAWAY_LOW = 5  # d10 1–5 lower attendance number, 6–10 higher
PLAY_ACTIONS = ("move_self", "move_negi", "relocate", "extra_magic", "bath", "event")
Events: TypeAlias = "list[dict] | None"  # where a handler puts its events; None in a replay (dropped)
# A die is read as ``rng.below(k) + 1``: what ``rng.randint(1, k)`` returns, one call less (every action rolls).


# --- pure pieces with their own tests -------------------------------------------------------------
def magic_outcome(d1: int, d2: int) -> str:
    """Read the magic 2d6: both 1–2 sneeze; else a 3 runaway; else both 5–6 great; else success."""
    if d1 <= 2 and d2 <= 2:
        return "sneeze"
    if d1 == 3 or d2 == 3:
        return "runaway"
    if d1 >= 5 and d2 >= 5:
        return "great"
    return "success"


_OUTCOMES = tuple(tuple(magic_outcome(x + 1, y + 1) for y in range(6)) for x in range(6))  # by draws (face − 1)


def runaway_target(a: int, b: int, d10: int) -> tuple[int, int]:
    """(receiving body, other body): d10 1–5 the lower attendance number, 6–10 the higher."""
    lo, hi = (a, b) if a < b else (b, a)
    return (lo, hi) if d10 <= RUNAWAY_LOW else (hi, lo)


def runaway_move(mind_of: dict[int, int], a: int, b: int, drawn: int | None, d10: int) -> dict[int, int]:
    """The runaway's three-way move over ``mind_of`` (body -> mind); returns a new mapping.

    The drawn mind goes into the receiving body T (chosen by the d10), T's mind goes to the
    other named body O, and O's mind goes to the body the drawn mind left. No marker
    (``drawn`` None) or a drawn mind that is on no body: nothing changes. A drawn mind
    already in T or O gives a plain swap of T and O.
    """
    out = dict(mind_of)
    if drawn is None:
        return out
    source = next((body for body, mind in mind_of.items() if mind == drawn), None)
    if source is None:
        return out
    t, o = runaway_target(a, b, d10)
    if source in (t, o):
        out[t], out[o] = mind_of[o], mind_of[t]
        return out
    out[t] = drawn
    out[o] = mind_of[t]
    out[source] = mind_of[o]
    return out


# --- setup -----------------------------------------------------------------------------------------
def _bad_option(name: str, msg: str) -> RuleError:
    return RuleError("setup/bad_option", msg, option=name)


def _sample(rng: Rng, seq: list[int], k: int) -> list[int]:
    """k distinct items, drawing only k numbers (a partial Fisher–Yates)."""
    pool = list(seq)
    for i in range(k):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def _choose_students(players: int, sel: Any, content: Any, rng: Rng) -> tuple[list[int], list[int]]:
    """(students in play sorted, characters per seat)."""
    every = sorted(content.students)
    if isinstance(sel, str) and sel.startswith("random"):
        try:
            count = int(sel[len("random"):])
        except ValueError:
            raise _bad_option("students", "students must be random16, all30 or a list of numbers") from None
        count = max(min(count, len(every)), players, 2)
        chars = _sample(rng, every, players)
        rest = [n for n in every if n not in chars]
        return sorted(chars + _sample(rng, rest, count - players)), chars
    if sel == "all30":
        pool = every
    elif isinstance(sel, (list, tuple)):
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in sel):
            raise _bad_option("students", "the student list must hold attendance numbers")
        if len(set(sel)) != len(sel) or any(n not in content.students for n in sel):
            raise _bad_option("students", "the student list must hold distinct numbers 2–31")
        if len(sel) < max(players, 2):
            raise _bad_option("students", "the student list needs at least one student per player and two in all")
        pool = sorted(sel)
    else:
        raise _bad_option("students", "students must be random16, all30 or a list of numbers")
    return list(pool), _sample(rng, pool, players)


def _shuffle_minds(students: list[int], chars: list[int], method: str, rng: Rng) -> tuple[list[int], list[int]]:
    """(mind per body slot, students left out because the quick shuffle restored them)."""
    mind = [0] * N
    if method == "cycle":
        order = list(students)
        rng.shuffle(order)
        for i, body in enumerate(order):
            mind[body] = order[(i + 1) % len(order)]
        return mind, []
    while True:  # quick: a random arrangement; redeal while a character (or everyone) is restored
        perm = list(students)
        rng.shuffle(perm)
        fixed = [b for b, m in zip(students, perm) if b == m]
        if len(fixed) <= len(students) - 2 and not any(c in fixed for c in chars):
            break
    for body, m in zip(students, perm):
        if body != m:
            mind[body] = m
    return mind, sorted(fixed)


def setup(players: int, seed: int, options: dict[str, Any], content: Any) -> dict[str, Any]:
    rng = Rng.from_seed(seed)
    shuffle = options.get("shuffle", "cycle")
    entry = options.get("entry", "three_per_turn")
    if shuffle not in ("cycle", "quick"):
        raise _bad_option("shuffle", "shuffle must be cycle or quick")
    if entry not in ("three_per_turn", "all_at_start"):
        raise _bad_option("entry", "entry must be three_per_turn or all_at_start")
    students, chars = _choose_students(players, options.get("students", "random16"), content, rng)
    mind, left = _shuffle_minds(students, chars, shuffle, rng)
    table: list[Any] = [None] * N
    abil: list[Any] = [None] * N
    groups: list[Any] = [None] * N
    for no in students:
        st = content.students[no]
        table[no] = [_LOC.get(w, w) for w in st.where]
        abil[no] = [a.as_data() for a in st.abilities]
        groups[no] = list(st.groups)
    ctypes = content.deck_types()
    cacts = {c.id: list(c.actions) for c in content.cards}
    deck = list(range(len(ctypes)))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(HAND):
        for seat in range(players):
            hands[seat].append(deck.pop())
    unrestored = [n for n in students if mind[n]]
    s: dict[str, Any] = {
        "game": "mind_swap", "players": players, "rng": 0,
        "opts": {"students": options.get("students", "random16"), "shuffle": shuffle, "entry": entry},
        "table": table, "abil": abil, "groups": groups, "ctypes": ctypes, "cacts": cacts,
        "students": students, "left": left, "chars": chars,
        "mind": mind, "loc": [None] * N, "room": [None] * N, "room_seq": 0,
        "waiting": [], "pile": [[] for _ in range(players)],
        "negi": "classroom", "piece": [None] * players, "proom": [None] * players,
        "hands": hands, "deck": deck, "discard": [],
        "cup": sorted(unrestored),
        "turn": 0, "turn_no": 0, "played": False, "magic_left": 1, "bath": False, "pending": None,
        "over": False, "opening": [],
    }
    events: list[dict] = []
    first = [b for b in unrestored if mind[b] in chars] if entry == "three_per_turn" else list(unrestored)
    s["waiting"] = [b for b in unrestored if b not in first]
    f = _fields(s)
    for b in first:
        _enter(f, rng, b, events)
    _sync_pieces(f, events)
    # highest d10 starts; ties reroll
    contenders = list(range(players))
    while len(contenders) > 1:
        faces = {}
        for seat in contenders:
            faces[seat] = rng.below(10) + 1
            events.append(_dice("start", ["d10"], [faces[seat]], seat))
        top = max(faces.values())
        contenders = [seat for seat in contenders if faces[seat] == top]
    s["turn"] = contenders[0]
    _begin_turn(f, rng, events)
    s["rng"] = rng.state
    s["opening"] = events
    return s


# --- small helpers over a working copy ------------------------------------------------------------
def _dice(purpose: str, dice: list[str], faces: list[int], seat: int | None, **extra: Any) -> dict:
    ev = {"type": "dice", "purpose": purpose, "dice": dice, "faces": faces, "seat": seat}
    ev.update(extra)
    return ev


class _Fields:
    """A state dict read and written as attributes: the object's ``__dict__`` *is* the dict, so
    ``_fields(d).loc`` is ``d["loc"]`` and setting it sets ``d["loc"]``. The rules' helpers and handlers
    take one (a state, or a working copy): reading an attribute costs less than a subscript of the dict
    (the interpreter remembers where the key sits in the dict) and they read a few dozen per action.
    The annotations are the state's keys (see setup); there are no class attributes."""

    game: str
    players: int
    rng: int
    opts: dict[str, Any]
    table: list[Any]  # per body: its location table (rows 2–12 at 0–10)
    abil: list[Any]  # per mind: its event abilities
    groups: list[Any]  # per mind: its groups
    ctypes: list[str]  # per card id: its type
    cacts: dict[str, list[str]]  # per card type: its actions
    students: list[int]
    left: list[int]
    chars: list[int]  # per seat: its character's number
    mind: list[int]  # per body: the mind in it (0: restored, or not in play)
    loc: list[Any]  # per body: its location on the map, None if not on it
    room: list[Any]  # per body: its room at "other", else None
    room_seq: int
    waiting: list[int]
    pile: list[list[int]]
    negi: str
    piece: list[Any]  # per seat: its piece's location
    proom: list[Any]  # per seat: its piece's room at "other"
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    cup: list[int]
    turn: int
    turn_no: int
    played: bool
    magic_left: int
    bath: bool
    pending: Any
    over: bool
    opening: list[dict]


_new_object = object.__new__


def _fields(d: dict) -> _Fields:
    """``d`` as a :class:`_Fields` (no copy: reads and writes go to ``d``)."""
    f = _new_object(_Fields)
    f.__dict__ = d
    return f


def _work(state: dict, seat: int | None = None, handler: Any = None, act: Any = None) -> _Fields:
    """The next state (as :class:`_Fields`): a shallow copy of ``state`` whose lists the action may change in place are
    fresh copies; the rest (static tables, and "cup" and "pending", which are only ever replaced) are
    shared with ``state``. Without ``seat`` every changing list is fresh (a working copy for any
    number of actions, as ``replay`` uses). With ``seat`` (the seat to act), ``handler`` (the action's,
    see _handler) and ``act`` (a play's "action") only what that action can change:

    - the seat's hand and the deck (it plays a card, and any action may end the turn: a draw);
    - the discard pile for a play, or when the deck is empty (the turn's end reshuffles the pile);
    - the waiting pairs if there are any (the turn's start enters some; restorations remove them);
    - locations, rooms and pieces for a spell or a play that moves pairs, or when pairs are waiting;
    - minds and the seat's score pile for a spell (it swaps minds and restores pairs).
    """
    s = _fields(dict(state))  # (its lists, read below, are still ``state``'s)
    if seat is None:  # (written out: every replay makes one)
        s.loc, s.room, s.waiting = s.loc[:], s.room[:], s.waiting[:]
        s.piece, s.proom, s.mind = s.piece[:], s.proom[:], s.mind[:]
        s.deck, s.discard = s.deck[:], s.discard[:]
        s.hands, s.pile = [*map(list.copy, s.hands)], [*map(list.copy, s.pile)]
        return s
    hands = s.hands = s.hands[:]
    hands[seat] = hands[seat][:]
    deck = s.deck
    s.deck = deck[:]
    if handler is _do_play or not deck:
        s.discard = s.discard[:]
    waiting = s.waiting
    if waiting:
        s.waiting = waiting[:]
    spell = handler in _SPELLS
    if spell or waiting or (handler is _do_play and act in _MOVING_PLAYS):
        s.loc = s.loc[:]
        s.room = s.room[:]
        s.piece = s.piece[:]
        s.proom = s.proom[:]
    if spell:
        s.mind = s.mind[:]
        pile = s.pile = s.pile[:]
        pile[seat] = pile[seat][:]
    return s
    hands = s["hands"] = state["hands"][:]
    hands[seat] = hands[seat][:]
    s["deck"] = state["deck"][:]
    if handler is _do_play or not state["deck"]:
        s["discard"] = state["discard"][:]
    waiting = state["waiting"]
    if waiting:
        s["waiting"] = waiting[:]
    spell = handler in _SPELLS
    if spell or waiting or (handler is _do_play and act in _MOVING_PLAYS):
        s["loc"] = state["loc"][:]
        s["room"] = state["room"][:]
        s["piece"] = state["piece"][:]
        s["proom"] = state["proom"][:]
    if spell:
        s["mind"] = state["mind"][:]
        pile = s["pile"] = state["pile"][:]
        pile[seat] = pile[seat][:]
    return s


_HOST = [0] * N  # a hint per mind number: the body it was last found in (in any state of any game, by any
# thread). Read only to skip a search of the 32 slots when it is right (checked against the state: a mind is in
# one body at most), so no answer depends on it. (A search compares slot by slot: about 2k instructions.)


def _host(minds: list[int], m: int) -> int:
    """The body holding mind ``m`` (2 ≤ m < N), which must be in ``minds``: ``minds.index(m)``, the hint
    first."""
    b = _HOST[m]
    if minds[b] != m:
        b = _HOST[m] = minds.index(m)
    return b


def _body_of(s: _Fields, mind: Any) -> int | None:
    """The body holding ``mind`` (any value), None if none does."""
    minds = s.mind
    if mind.__class__ is int and 1 < mind < N and minds[_HOST[mind]] == mind:
        return _HOST[mind]
    if mind in minds:
        b = minds.index(mind)
        if mind.__class__ is int and 1 < mind < N:
            _HOST[mind] = b
        return b
    return None


def _own_body(s: _Fields, seat: int) -> int | None:
    """The body holding ``seat``'s character's mind (None once restored). A character's own body is in
    play, so its slot holds 0 exactly when the character was restored (its mind left the game)."""
    ch = s.chars[seat]
    minds = s.mind
    return _host(minds, ch) if minds[ch] else None


def _on_map(s: _Fields) -> list[int]:
    return list(compress(_BODIES, s.loc[2:]))  # a location is a non-empty name: truthy


def _with_piece(s: _Fields, seat: int, body: int) -> bool:
    """Is the pair ``body`` together with ``seat``'s character (piece)?"""
    where = s.loc[body]
    if where is None or where != s.piece[seat]:
        return False
    return where != OTHER or s.room[body] == s.proom[seat]


def _negi_with(s: _Fields, seat: int) -> bool:
    return s.negi == s.piece[seat]


def _new_room(s: _Fields) -> str:
    s.room_seq += 1
    return f"r{s.room_seq}"


def _sync_pieces(s: _Fields, events: Events, bodies: Iterable[int] | None = None) -> None:
    """Player pieces follow the pair holding the player's mind (restored: they stay put). With
    ``bodies`` (the only pairs whose mind or place changed since the pieces were last synced: every
    action leaves them synced) just the seats whose mind one of them holds, in seat order."""
    minds, chars = s.mind, s.chars
    if bodies is None:  # restored characters (slot 0, see _own_body) are left out
        held = [(seat, _host(minds, ch)) for seat, ch in enumerate(chars) if minds[ch]]
    else:
        found: list[tuple[int, Any]] | None = None
        for b in bodies:
            if minds[b] in chars:
                if found is None:
                    found = []
                found.append((chars.index(minds[b]), b))
        if found is None:
            return  # (none of them holds a player's mind: often)
        found.sort()
        held = found
    loc, rooms, piece, proom = s.loc, s.room, s.piece, s.proom
    for seat, b in held:
        where = loc[b]
        if where is not None and (piece[seat] != where or proom[seat] != rooms[b]):
            piece[seat], proom[seat] = where, rooms[b]
            if events is not None:
                events.append({"type": "piece", "seat": seat, "to": where, "room": rooms[b]})


def _place(s: _Fields, rng: Rng, b: int, to: str, why: str, events: Events, room: str | None = None) -> None:
    """Move pair ``b`` to ``to`` (joining ``room`` at "other" if given), then the "other" specials."""
    loc, rooms = s.loc, s.room
    old = loc[b]
    if to == OTHER:
        rooms[b] = room or _new_room(s)
    else:
        rooms[b] = None
    loc[b] = to
    if events is not None:
        events.append({"type": "move", "student": b, "from": old, "to": to, "room": rooms[b], "why": why})
    if to != OTHER or room is not None:
        return
    m = s.mind[b]
    if m in s.chars:
        return  # a player decides where their own character is
    if m == CHACHAMARU:
        face = rng.below(10) + 1
        if events is not None:
            events.append(_dice("chachamaru", ["d10"], [face], None, student=b))
        eva = _body_of(s, EVANGELINE)
        if face <= 5 and eva is not None and eva != b and s.loc[eva] is not None:
            _join(s, rng, b, eva, "chachamaru", events)
    elif m == ASAKURA and s.cup:
        _join_drawn(s, rng, None, b, "asakura", events)


def _join_drawn(s: _Fields, rng: Rng, seat: int | None, b: int, why: str, events: Events) -> None:
    """A marker drawn from the cup (``why``: whose effect; ``seat``: the player who drew it, None for a student's
    own effect): ``b`` joins the body of the drawn student's mind, when that is another body on the map."""
    drawn = rng.choice(s.cup)
    if events is not None:
        events.append({"type": "marker", "seat": seat, "student": drawn, "why": why})
    host = _body_of(s, drawn)
    if host is not None and host != b and s.loc[host] is not None:
        _join(s, rng, b, host, why, events)


def _join(s: _Fields, rng: Rng, b: int, host: int, why: str, events: Events) -> None:
    """Pair ``b`` goes to be with pair ``host`` (same room when the host is at "other")."""
    where = s.loc[host]
    if where == OTHER:
        if s.loc[b] == OTHER and s.room[b] == s.room[host]:
            return
        _place(s, rng, b, OTHER, why, events, room=s.room[host])
    elif s.loc[b] != where:
        _place(s, rng, b, where, why, events)


def _start_location(s: _Fields, rng: Rng, b: int, events: Events) -> str:
    row11, row12 = s.table[b][9], s.table[b][10]
    if row11 == row12:
        return row11
    face = rng.below(6) + 1
    if events is not None:
        events.append({"type": "dice", "purpose": "start_location", "dice": ["d6"], "faces": [face], "seat": None, "student": b})
    return row11 if face <= 3 else row12


def _enter(s: _Fields, rng: Rng, b: int, events: Events) -> None:
    try:
        s.waiting.remove(b)
    except ValueError:  # (not waiting: nothing to remove)
        pass
    _place(s, rng, b, _start_location(s, rng, b, events), "enter", events)


def _begin_turn(s: _Fields, rng: Rng, events: Events) -> None:
    if events is not None:
        events.append({"type": "turn", "seat": s.turn, "turn_no": s.turn_no})
    waiting = s.waiting
    if not waiting:
        return  # nobody enters: the pieces are where the last action left them (every action syncs them)
    entered = []
    for _ in range(PER_TURN_ENTRY):
        if not waiting:
            break
        b = rng.choice(waiting)
        _enter(s, rng, b, events)
        entered.append(b)
    _sync_pieces(s, events, entered)


def _control(s: _Fields, rng: Rng, seat: int, b: int, events: Events) -> bool:
    """d10 9–10 to move a pair holding another player's mind; True without a roll otherwise."""
    m, chars = s.mind[b], s.chars
    if m not in chars or m == chars[seat]:
        return True
    face = rng.below(10) + 1
    ok = face >= CONTROL_MIN
    if events is not None:
        events.append(_dice("control", ["d10"], [face], seat, student=b))
        events.append({"type": "control", "seat": seat, "student": b, "ok": ok})
    return ok


def _enter_character_bodies(s: _Fields, rng: Rng, events: Events) -> None:
    """A player's mind always stands on the map: a waiting body that received one enters now."""
    minds, loc = s.mind, s.loc
    for ch in s.chars:
        if minds[ch]:  # not restored (see _own_body)
            b = _host(minds, ch)
            if loc[b] is None and b != ch:
                _enter(s, rng, b, events)


def _resolve_restorations(s: _Fields, seat: int, bodies: Any, events: Events) -> None:
    """Restored pairs leave (map or waiting) to the caster's pile; refill the cup; check the end.
    ``bodies``: the pairs whose mind changed since the last call (every spell ends with one), the
    only ones that can be restored."""
    mind = s.mind
    for b in bodies:
        if mind[b] == b:
            break
    else:
        return  # (the usual case)
    restored = []
    for b in bodies:
        if mind[b] == b and b not in restored:
            restored.append(b)
    restored.sort()
    loc, rooms, waiting, pile = s.loc, s.room, s.waiting, s.pile[seat]
    for b in restored:
        mind[b] = 0
        loc[b] = rooms[b] = None
        if b in waiting:
            waiting.remove(b)
        pile.append(b)
        if events is not None:
            events.append({"type": "restored", "student": b, "seat": seat})
    cup = s.cup = s.cup[:]  # (replaced, never changed in place: states share it)
    for b in restored:  # a restored pair holds its own mind, which was in the cup
        try:
            cup.remove(b)
        except ValueError:  # (not there: nothing to remove)
            pass
    if events is not None:
        events.append({"type": "cup", "count": len(s.cup)})
    if not s.cup:
        s.over = True
        if events is not None:
            res = result(vars(s))
            events.append({"type": "game_over", "scores": res["scores"], "winners": res["winners"]})


def _swap(s: _Fields, a: int, b: int, why: str, events: Events) -> None:
    mind = s.mind
    mind[a], mind[b] = mind[b], mind[a]
    if events is not None:
        events.append({"type": "minds", "why": why, "moves": [{"mind": mind[a], "from": b, "to": a},
                                                              {"mind": mind[b], "from": a, "to": b}]})
    _sync_pieces(s, events, (a, b))


# --- whose magic is possible ----------------------------------------------------------------------
def _magic_scope(s: _Fields, seat: int, on_map: list[int]) -> tuple[list[int], int | None]:
    """(bodies, own): magic may name any two of ``bodies`` (own None), or ``own`` and one of them."""
    if not _negi_with(s, seat):
        return [], None
    if s.bath:
        return on_map, None
    here = s.piece[seat]
    if here != OTHER:
        return [b for b in on_map if s.loc[b] == here], None
    own = _own_body(s, seat)
    if own is None:
        return [], None
    return [b for b in on_map if b != own and s.loc[b] == OTHER], own


def _magic_pair_ok(s: _Fields, seat: int, here: str, a: int, b: int) -> bool:
    """Whether ``seat``, whose piece is ``here`` with Negi, may name the pair (a, b), a != b, for magic
    now (ignoring attempts left): one of the pairs :func:`_magic_scope` allows, checked without listing
    them."""
    loc = s.loc
    if s.bath:
        return loc[a] is not None and loc[b] is not None
    if here != OTHER:
        return loc[a] == here and loc[b] == here
    own = _own_body(s, seat)
    other = b if a == own else a if b == own else None
    return other is not None and loc[other] == OTHER


def _magic_refusal(s: _Fields, seat: int, here: str, a: int, b: int) -> str:
    """Which rule of naming two students for magic the pair (a, b) breaks (``_magic_pair_ok`` said it
    does): the name of that rule, a refusal's ``rule`` param."""
    loc = s.loc
    if loc[a] is None or loc[b] is None:
        return "magic_off_map"
    if here != OTHER:
        return "magic_not_here"
    if _own_body(s, seat) is None:
        return "magic_other_restored"
    return "magic_other_self"


def _great_refusal(s: _Fields, a: int, b: int) -> str:
    """Which rule of the great success's second swap the pair (a, b) breaks (a refusal's ``rule``)."""
    p = s.pending
    if a in p["exclude"] or b in p["exclude"]:
        return "great_named"
    if s.loc[a] is None or s.loc[b] is None:
        return "great_off_map"
    return "great_not_here"


def _great_cands(s: _Fields) -> list[int]:
    """The pairs a pending great success may still swap (any two of them)."""
    p = s.pending
    return [b for b in _on_map(s) if b not in p["exclude"] and (p["at"] is None or s.loc[b] == p["at"])]


def _is_great_cand(s: _Fields, b: int) -> bool:
    """``b in _great_cands(s)`` for a student number ``b``, without listing them."""
    p = s.pending
    where = s.loc[b]
    return where is not None and b not in p["exclude"] and (p["at"] is None or where == p["at"])


def _two_great_cands(s: _Fields, at: str | None) -> bool:
    """``len(_great_cands(s)) >= 2`` for the great success just pending at ``at`` (None: anywhere, the
    bath), without listing them: its magic's two pairs, left out, are on the map and (``at`` not None)
    at ``at`` — the magic named them there — so two others there (or on the map) are needed."""
    loc = s.loc
    return (len(loc) - loc.count(None) if at is None else loc.count(at)) >= 4


def _can_magic(s: _Fields, seat: int) -> bool:
    """Whether ``seat`` has a magic attempt left and two pairs it may name."""
    here = s.piece[seat]
    return s.magic_left > 0 and s.negi == here and _two_to_name(s, seat, here)


def _two_to_name(s: _Fields, seat: int, here: str) -> bool:
    """Whether ``seat``, its piece ``here`` with Negi, has two pairs it may name for magic."""
    loc = s.loc
    if s.bath:
        return len(loc) - loc.count(None) >= 2
    if here != OTHER:
        return loc.count(here) >= 2
    own = _own_body(s, seat)
    return own is not None and loc.count(OTHER) >= 2


# --- legal actions ---------------------------------------------------------------------------------
def _first_of_each_type(s: _Fields, seat: int) -> list[int]:
    seen: dict[str, int] = {}
    for cid in sorted(s.hands[seat]):
        seen.setdefault(s.ctypes[cid], cid)
    return sorted(seen.values())


@lru_cache(maxsize=64)
def _relocate_combos(cands: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The listed relocation targets for these candidates: every k-combination, k = min(3, n),
    or an even spread of ``RELOCATE_CAP`` of them. Pure, so cached: the on-map set repeats
    from turn to turn and listing the combinations is the costly part of ``legal_actions``."""
    return spread_combinations(cands, min(3, len(cands)), RELOCATE_CAP)


@lru_cache(maxsize=256)
def _relocate_plays(cid: int, cands: tuple[int, ...]) -> tuple[dict, ...]:
    """The relocation actions of card ``cid`` (shared between calls: legal actions are never changed)."""
    return tuple({"type": "play", "card": cid, "action": "relocate", "students": [*c]} for c in _relocate_combos(cands))


def _pairs_with_piece(s: _Fields, seat: int, on_map: list[int]) -> list[int]:
    """The pairs on the map that are with ``seat``'s piece (``_with_piece`` over ``on_map``)."""
    here, loc = s.piece[seat], s.loc
    if here != OTHER:
        return [b for b in on_map if loc[b] == here]
    room, proom = s.room, s.proom[seat]
    return [b for b in on_map if loc[b] == OTHER and room[b] == proom]


def _play_parts(s: _Fields, seat: int, cid: int, act: str, on_map: list[int], own: int | None,
                with_me: list[int]) -> list[dict]:
    """The play actions of card ``cid`` used for ``act`` in the compact form of :mod:`shared.legal`
    (``with_me``: ``_pairs_with_piece``)."""
    base = {"type": "play", "card": cid, "action": act}
    if act == "relocate":
        cands = [b for b in on_map if b != own]
        return [{"$choose": base, "of": cands, "k": min(3, len(cands)), "limit": RELOCATE_CAP, "key": "students"}]
    if act == "move_self":
        here = s.piece[seat]
        takes: list[Any] = [None]
        if _negi_with(s, seat):
            takes.append("negi")
        takes += [b for b in with_me if b != own]
        return [{"$product": base, "keys": [["to", [to for to in LOCS if to != here]], ["take", takes]]}]
    if act == "move_negi":
        negi = s.negi
        return [{"$product": base, "keys": [["to", [to for to in LOCS if to != negi]]]}]
    if act == "event":
        return [{"$product": base, "keys": [["student", with_me or [None]]]}]
    return [base]


def _event_targets(s: _Fields, seat: int) -> list[int]:
    return _pairs_with_piece(s, seat, _on_map(s))


def legal_compact(state: dict, seat: int) -> list[dict]:
    """``legal_actions(state, seat)`` in the compact form of :mod:`shared.legal` (what the server
    sends to delta connections): one entry per card and action, and one for magic or great-success
    pairs of a set; ``shared.legal.expand`` gives exactly the list. Remembered for the seat to act
    per state object (``legal_actions`` and the server's packing share it; read it, never change it)."""
    if state["over"] or seat != state["turn"]:
        return []
    hit = _COMPACT.get(state, seat)
    if hit is not None:
        return hit
    return _COMPACT.put(state, _legal_compact(_fields(state), seat), seat)


_COMPACT: StateMemo[list[dict]] = StateMemo()  # the seat to act's compact legal list


def _legal_compact(state: _Fields, seat: int) -> list[dict]:
    if state.pending is not None:
        return [{"$choose": {"type": "great_swap"}, "of": _great_cands(state), "k": 2, "limit": None, "keys": ["a", "b"]},
                {"type": "great_skip"}]
    out: list[dict] = []
    on_map = _on_map(state)
    if not state.played:
        own = _own_body(state, seat)
        with_me = _pairs_with_piece(state, seat, on_map)
        cacts, ctypes = state.cacts, state.ctypes
        for cid in _first_of_each_type(state, seat):
            for act in cacts[ctypes[cid]]:
                out += _play_parts(state, seat, cid, act, on_map, own, with_me)
    else:
        out.append({"type": "end_turn"})
    if state.magic_left > 0:
        bodies, own = _magic_scope(state, seat, on_map)
        if own is None:
            out.append({"$choose": {"type": "magic"}, "of": bodies, "k": 2, "limit": None, "keys": ["a", "b"]})
        else:
            out += [{"type": "magic", "a": min(own, b), "b": max(own, b)} for b in bodies]
    return out


def legal_actions(state: dict, seat: int) -> list[dict]:
    out: list[dict] = []
    for part in legal_compact(state, seat):
        base = part.get("$choose")
        if base is not None and base.get("action") == "relocate":
            out += _relocate_plays(base["card"], tuple(part["of"]))
        else:
            out += expand([part])
    return out


def legal_seats(before: dict, after: dict) -> set[int]:
    """Only the seat to act has legal actions: an action changes those of the seat whose turn it
    was and of the seat whose turn it is now (every seat's, when the game ends: the server's rule)."""
    return {before["turn"], after["turn"]}


# --- apply -----------------------------------------------------------------------------------------
def _need(cond: bool, code: str, msg: str, **params: Any) -> None:
    if not cond:
        raise RuleError(code, msg, **params)


def _is_no(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 2 <= x < N


def apply(state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
    """Apply one action of ``seat``: a new state (a copy of the changing parts) and the events."""
    try:  # _handler's checks, the usual case first (as replay): a known type for the phase, the game on, the
        handler = (_TURN_HANDLERS if state["pending"] is None else _GREAT_HANDLERS)[action["type"]]
    except (KeyError, TypeError):  # seat to act (anything else goes to _handler for its error)
        handler = None
    if handler is None or state["over"] or seat != state["turn"]:
        handler = _handler(_fields(state), seat, action)
    act = action.get("action")
    s = _work(state, seat, handler, act)
    events: list[dict] = []
    # the draws worked out together where an action usually takes several (a magic 2–4, a relocation
    # about 6: a batch of 4 costs less than 2 draws one at a time), one at a time for the others
    rng = Rng(s.rng, ahead=8 if act == "relocate" else 0)
    handler(s, rng, seat, action, events)
    s.rng = rng.state
    return vars(s), events


def replay(state: dict, actions: Any) -> dict:
    """The state after ``actions`` (journaled, accepted once): what ``apply`` step by step gives,
    changed in place on one working copy, no events made (``events`` None). Raises RuleError like
    ``apply``."""
    s = _work(state)
    rng = Rng(s.rng, ahead=5 * len(actions) // 2 if isinstance(actions, list) else 8)  # one generator
    # for them all, its draws worked out in batches (2.2 per action on average: 2.5 expected, small batches
    # beyond); "rng" is written once, at the end
    turn_handlers, great_handlers = _TURN_HANDLERS, _GREAT_HANDLERS
    for seat, action in actions:
        # _handler's checks, the usual case first: a plain dict, the game on, the seat to act, a known
        # type for the phase (anything else, even a type that is no key, goes to _handler)
        if action.__class__ is dict and not s.over and seat == s.turn:
            try:
                handler = (turn_handlers if s.pending is None else great_handlers)[action["type"]]
            except (KeyError, TypeError):  # (no "type", or an unhashable one)
                handler = _journalled_handler(s, seat, action)
        else:
            handler = _journalled_handler(s, seat, action)
        handler(s, rng, seat, action, None)
    s.rng = rng.state
    return vars(s)


def _journalled_handler(s: _Fields, seat: int, action: Any) -> Any:
    """``_handler`` for a journalled action that is no plain dict (a dict subclass), or is refused."""
    if not isinstance(action, dict):
        raise RuleError("action/bad_shape", "an action is a map with a 'type'")
    return _handler(s, seat, action)


def _handler(state: _Fields, seat: int, action: dict) -> Any:
    """The handler of an action ``seat`` may try now (RuleError when it may try none). A handler
    ``(s, rng, seat, action, events)`` checks the action's targets against ``s``, a working copy
    (:func:`_work`), before it changes it in place; it draws from ``rng`` (the caller reads it from
    and writes it back to ``s.rng``)."""
    # hot path: plain ifs, so no error message is formatted unless it is raised
    if state.over:
        raise RuleError("game/over", "the game is over")
    if seat != state.turn:
        raise RuleError("action/not_your_turn", "it is not your turn", turn=state.turn)
    kind = action.get("type")
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RuleError("action/unknown_type", f"unknown action {echo(kind)!r}", type=echo(kind))
    pending = state.pending is not None
    if pending != (kind in _GREAT_KINDS):
        raise RuleError("action/wrong_phase",
                        "finish the great success first" if pending else "there is no great success to finish",
                        rule="great_first" if pending else "no_great")
    return handler


_GREAT_KINDS = frozenset(("great_swap", "great_skip"))


def _pair(a: Any, b: Any) -> tuple[int, int]:
    """The named pair (an action's "a", "b") in order: two different students (RuleError if not)."""
    if not ((a.__class__ is int and b.__class__ is int or isinstance(a, int) and isinstance(b, int)
             and not isinstance(a, bool) and not isinstance(b, bool))
            and 2 <= a < N and 2 <= b < N and a != b):  # _is_no(a) and _is_no(b), written out
        raise RuleError("action/bad_shape", "name two different students", a=echo(a), b=echo(b))
    return (a, b) if a < b else (b, a)


def _do_magic(s: _Fields, rng: Rng, seat: int, action: dict, events: Events) -> None:
    a, b = action.get("a"), action.get("b")
    if not (a.__class__ is int and b.__class__ is int and (a, b) in _PAIRS):
        a, b = _pair(a, b)  # (an int subclass, or it raises the error)
    elif b < a:
        a, b = b, a
    if s.magic_left <= 0:
        raise RuleError("action/illegal", "no magic left this turn", rule="no_magic_left")
    here = s.piece[seat]
    if s.negi != here:
        raise RuleError("action/illegal", "Negi is not with your character", rule="negi_away")
    if not _magic_pair_ok(s, seat, here, a, b):
        raise RuleError("action/illegal_target", "those two cannot be named for magic here", a=a, b=b,
                        rule=_magic_refusal(s, seat, here, a, b))
    s.magic_left -= 1
    x, y = rng.below2(6)  # the 2d6, each face − 1
    outcome = _OUTCOMES[x][y]  # magic_outcome(x + 1, y + 1)
    if events is not None:
        events.append({"type": "dice", "purpose": "magic", "dice": ["d6", "d6"], "faces": [x + 1, y + 1], "seat": seat,
                       "a": a, "b": b})  # (_dice, written out: every magic)
        events.append({"type": "magic", "seat": seat, "a": a, "b": b, "outcome": outcome})
    changed: Any = ()  # the bodies whose mind may have changed
    if outcome == "success":  # (the likeliest: 17 of 36)
        _swap(s, a, b, "magic", events)
        changed = (a, b)
    elif outcome == "runaway":
        if not s.cup:
            if events is not None:
                events.append({"type": "fizzle", "seat": seat, "why": "empty_cup"})
        else:
            drawn = rng.choice(s.cup)
            if events is not None:
                events.append({"type": "marker", "seat": seat, "student": drawn, "why": "runaway"})
            face = rng.below(10) + 1
            if events is not None:
                events.append(_dice("runaway", ["d10"], [face], seat))
            mind = s.mind
            # only the named bodies and the drawn mind's body can change: the move over just those
            # (in body order, as the moves are listed); drawn is in the cup, never 0
            source = _body_of(s, drawn)
            bodies = (a, b) if source is None or source == a or source == b else sorted((a, b, source))
            before = {body: mind[body] for body in bodies}
            after = runaway_move(before, a, b, drawn, face)
            changed = before
            for body, m in after.items():
                mind[body] = m
            if events is not None:
                source_of = {m: body for body, m in reversed(before.items())}  # (the first body of a mind)
                events.append({"type": "minds", "why": "runaway", "moves": [
                    {"mind": m, "from": source_of[m], "to": body}
                    for body, m in after.items() if before[body] != m]})
            _enter_character_bodies(s, rng, events)  # (bodies that received a mind: among ``before``)
            _sync_pieces(s, events, before)
    elif outcome == "great":
        _swap(s, a, b, "magic", events)
        changed = (a, b)
        at = None if s.bath else s.piece[seat]
        if at != OTHER:
            s.pending = {"kind": "great", "seat": seat, "at": at, "exclude": [a, b]}
            if _two_great_cands(s, at):  # (len(_great_cands(s)) >= 2)
                if events is not None:
                    events.append({"type": "great", "seat": seat})
                return  # (the great success's follow-up ends the spell)
            s.pending = None
    _resolve_restorations(s, seat, changed, events)
    if (not s.over and s.played  # _maybe_end_turn, written out (no great success is pending)
            and (s.magic_left <= 0 or s.negi != (here := s.piece[seat])
                 or not _two_to_name(s, seat, here))):
        _end_turn(s, rng, seat, events)


def _after_spell(s: _Fields, rng: Rng, seat: int, changed: Any, events: Events) -> None:
    """Restorations among the ``changed`` bodies (see _resolve_restorations), then the end of the
    turn if it is over. (The pieces were synced by the spell: a restored pair's player keeps their
    piece where it is.)"""
    _resolve_restorations(s, seat, changed, events)
    _maybe_end_turn(s, rng, seat, events)


def _do_great_swap(s: _Fields, rng: Rng, seat: int, action: dict, events: Events) -> None:
    a, b = _pair(action.get("a"), action.get("b"))
    if not (_is_great_cand(s, a) and _is_great_cand(s, b)):
        raise RuleError("action/illegal_target", "those two cannot be swapped now", a=a, b=b,
                        rule=_great_refusal(s, a, b))
    magic = s.pending["exclude"]  # the magic's pair: not resolved while the great success was pending
    s.pending = None
    _swap(s, a, b, "great", events)
    _after_spell(s, rng, seat, (*magic, a, b), events)


def _do_great_skip(s: _Fields, rng: Rng, seat: int, action: dict, events: Events) -> None:
    magic = s.pending["exclude"]  # the magic's pair: not resolved while the great success was pending
    s.pending = None
    _after_spell(s, rng, seat, magic, events)


def _do_end_turn(s: _Fields, rng: Rng, seat: int, action: dict, events: Events) -> None:
    _need(s.played, "action/illegal", "play a card first (passing is not allowed)", rule="play_first")
    _end_turn(s, rng, seat, events)


def _maybe_end_turn(s: _Fields, rng: Rng, seat: int, events: Events) -> None:
    if not s.over and s.played and s.pending is None and (  # (no attempt left or Negi
            s.magic_left <= 0 or s.negi != s.piece[seat] or not _can_magic(s, seat)):  # elsewhere: no magic)
        _end_turn(s, rng, seat, events)


def _end_turn(s: _Fields, rng: Rng, seat: int, events: Events) -> None:
    if events is not None:
        events.append({"type": "end_turn", "seat": seat})
    deck = s.deck
    if not deck and s.discard:
        deck = s.deck = s.discard
        s.discard = []
        rng.shuffle(deck)
        if events is not None:
            events.append({"type": "reshuffle", "count": len(deck)})
    if deck:
        cid = deck.pop()
        s.hands[seat].append(cid)
        if events is not None:
            events.append({"type": "draw", "seat": seat, "card": cid, "card_type": s.ctypes[cid], "vis": [seat]})
            events.append({"type": "drew", "seat": seat})
    s.turn = (seat + 1) % s.players
    s.turn_no += 1
    s.played = False
    s.magic_left = 1
    s.bath = False
    if s.waiting or events is not None:  # (else _begin_turn does nothing)
        _begin_turn(s, rng, events)


def _do_play(s: _Fields, rng: Rng, seat: int, action: dict, events: Events) -> None:
    if s.played:
        raise RuleError("action/illegal", "you have already played a card this turn", rule="played")
    cid = action.get("card")
    hand = s.hands[seat]
    if not ((cid.__class__ is int or isinstance(cid, int) and not isinstance(cid, bool)) and cid in hand):
        raise RuleError("action/illegal_target", "that card is not in your hand", card=echo(cid), rule="no_card")
    hand.remove(cid)  # it leaves the hand now (on a RuleError below the working copy is dropped: no matter)
    act = action.get("action")
    ctype = s.ctypes[cid]
    if act not in s.cacts[ctype]:
        raise RuleError("action/illegal_target", "that card does not carry that action",
                        card=cid, action=echo(act), rule="card_action")
    # ev is None exactly when events is (a replay); the handlers read ev only when events is not None
    moved = _PLAYS[act](s, rng, seat, action, events, None if events is None else  # type: ignore[arg-type]
                        {"type": "play", "seat": seat, "card": cid, "card_type": ctype, "action": act})
    s.discard.append(cid)
    s.played = True
    if moved is None:
        _sync_pieces(s, events)
    elif moved:
        _sync_pieces(s, events, moved)
    here = s.piece[seat]
    if s.negi != here or s.magic_left <= 0 or not _two_to_name(s, seat, here):  # _maybe_end_turn (a play
        _end_turn(s, rng, seat, events)  # neither ends the game nor leaves a great success pending)


_MOVING_PLAYS = ("move_self", "relocate", "event")  # the plays that may move pairs (a tuple: "action" may be any data)


# A play handler ``(s, rng, seat, action, events, ev)`` checks the action, then changes ``s`` and returns
# the pairs it may have moved (their seats' pieces are synced after it; it may leave out those holding no
# player's mind, which _sync_pieces passes over), None for "any". ``ev`` (None in a
# replay) is the play's event, made for this call: the handler adds the action's targets to it and lists it.
Moved: TypeAlias = "tuple[int, ...] | list[int] | None"


def _play_move_self(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    to: Any = action.get("to")
    take = action.get("take")
    try:
        to = _LOC[to]
    except (KeyError, TypeError):  # (not a location, or unhashable)
        raise RuleError("action/bad_shape", "choose a location", to=echo(to)) from None
    if to == s.piece[seat]:
        raise RuleError("action/illegal_target", "your character is already there", to=to, rule="self_there")
    own = _own_body(s, seat)
    if take is None:
        pass
    elif take == "negi":
        if s.negi != s.piece[seat]:
            raise RuleError("action/illegal_target", "Negi is not with your character", rule="take_negi_away")
    elif not (_is_no(take) and take != own and _with_piece(s, seat, take)):
        raise RuleError("action/illegal_target", "that student is not with your character",
                        take=take if _is_no(take) else None, rule="take_not_with")
    if events is not None:
        ev["to"], ev["take"] = to, take
        events.append(ev)
    if own is not None:
        _place(s, rng, own, to, "move_self", events)
        _sync_pieces(s, events, (own,))
    else:
        s.piece[seat] = to
        s.proom[seat] = _new_room(s) if to == OTHER else None
        if events is not None:
            events.append({"type": "piece", "seat": seat, "to": to, "room": s.proom[seat]})
    if take is None:
        return ()
    if take == "negi":
        if events is not None:
            events.append({"type": "negi", "from": s.negi, "to": to})
        s.negi = to
    elif _control(s, rng, seat, take, events):
        _place(s, rng, take, to, "take", events, room=s.proom[seat] if to == OTHER else None)
        return (take,)  # (a pair moved to "other" may join another there: it is still the pair that moves)
    return ()


def _play_move_negi(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    to: Any = action.get("to")
    try:
        to = _LOC[to]
    except (KeyError, TypeError):  # (not a location, or unhashable)
        raise RuleError("action/bad_shape", "choose a location", to=echo(to)) from None
    if to == s.negi:
        raise RuleError("action/illegal_target", "Negi is already there", to=to, rule="negi_there")
    if events is not None:
        ev["to"] = to
        events.append(ev)
        events.append({"type": "negi", "from": s.negi, "to": to})
    s.negi = to
    return ()


def _play_relocate(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    chosen: Any = action.get("students")
    loc = s.loc
    own = _own_body(s, seat)
    # the usual case checked at once: three distinct plain numbers of pairs on the map, not the caster's
    # own (so at least three candidates: three must be chosen); anything else is checked step by step
    if chosen.__class__ is list and len(chosen) == 3:
        for b in chosen:
            if b.__class__ is not int or not 1 < b < N or loc[b] is None or b == own:
                _check_relocation(chosen, loc, own)
                break
        else:
            if len(set(chosen)) != 3:
                _check_relocation(chosen, loc, own)
    else:
        _check_relocation(chosen, loc, own)
    order = sorted(chosen)
    if events is not None:
        ev["students"] = order
        events.append(ev)
    minds, chars, table, rooms = s.mind, s.chars, s.table, s.room
    mine = chars[seat]
    held: list[int] = []  # the chosen pairs holding a player's mind: only their seats' pieces may follow them
    for b in order:
        if loc[b] is None:
            continue  # (a pair may have left by an earlier student's Asakura/Chachamaru move: never)
        m = minds[b]
        if m in chars:
            held.append(b)
            if m != mine and not _control(s, rng, seat, b, events):  # (the others: no roll)
                continue
        x, y = rng.below2(6)  # the location roll: 2d6 (each face − 1), rows 2–8 of the mind's table
        total = x + y + 2  # and 9–12 of the body's
        to = table[m if total <= 8 else b][total - 2]
        if events is not None:
            events.append({"type": "dice", "purpose": "location", "dice": ["d6", "d6"], "faces": [x + 1, y + 1],
                           "seat": seat, "student": b, "total": total, "row_of": "mind" if total <= 8 else "body"})
        elif to != OTHER:  # (_place's plain case, written out: no event, no room, nothing follows)
            loc[b], rooms[b] = to, None
            continue
        _place(s, rng, b, to, "relocate", events)
    return held


def _check_relocation(chosen: Any, loc: list, own: int | None) -> None:
    """A relocation's targets, checked step by step (RuleError for the first thing wrong): distinct
    student numbers, as many as there are candidates (the pairs on the map but the caster's own) up
    to three, each a candidate."""
    if not (isinstance(chosen, list) and all(map(_is_no, chosen))) or len(set(chosen)) != len(chosen):
        raise RuleError("action/bad_shape", "choose students by number")
    # the candidates counted and checked without listing them (slots 0 and 1 are never on the map)
    cands = N - loc.count(None) - (1 if own is not None and loc[own] is not None else 0)
    k = cands if cands < 3 else 3  # noqa: FURB136 (min()'s call costs more on this path)
    if len(chosen) != k:
        raise RuleError("action/illegal_target", "choose three other students on the map (all of them if fewer)",
                        count=k, rule="relocate_count")
    for b in chosen:
        if loc[b] is None or b == own:
            raise RuleError("action/illegal_target", "choose other students on the map", rule="relocate_who")


def _play_extra(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    if events is not None:
        events.append(ev)
    s.magic_left += 1
    return ()


def _play_bath(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    if events is not None:
        events.append(ev)
    s.bath = True
    return ()


def _play_event(s: _Fields, rng: Rng, seat: int, action: dict, events: Events, ev: dict) -> Moved:
    """(Returns None: an ability may move any pairs.)"""
    t = action.get("student")
    if t is None:
        _need(not _event_targets(s, seat), "action/illegal_target", "choose a student at your character's place",
              rule="event_choose")
        if events is not None:
            ev["student"] = None
            events.append(ev)
        return None
    # (t in _event_targets(s, seat), without listing them)
    _need(_is_no(t) and _with_piece(s, seat, t), "action/illegal_target", "that student is not with your character",
          student=t if _is_no(t) else None, rule="event_not_with")
    if events is not None:
        ev["student"] = t
        events.append(ev)
    m = s.mind[t]
    for i, (kind, n, arg, to) in enumerate(s.abil[m] or []):
        face = rng.below(10) + 1
        if events is not None:
            events.append(_dice("event", ["d10"], [face], seat, student=t, ability=i))
        ok = face <= n
        if events is not None:
            events.append({"type": "ability", "student": t, "mind": m, "index": i, "kind": kind, "n": n, "ok": ok})
        if ok:
            _ability_effect(s, rng, seat, t, kind, arg, to, events)
            return None
    return None


def _ability_effect(s: _Fields, rng: Rng, seat: int, t: int, kind: str, arg: Any, to: Any, events: Events) -> None:
    if kind == "reporter":
        if not s.cup:
            return
        _join_drawn(s, rng, seat, t, "reporter", events)
    elif kind == "servant":
        if arg == "negi":
            if s.loc[t] != s.negi:
                _place(s, rng, t, s.negi, "servant", events, room=_new_room(s) if s.negi == OTHER else None)
            return
        host = _body_of(s, arg)
        if host is not None and host != t and s.loc[host] is not None:
            _join(s, rng, t, host, "servant", events)
    elif kind == "companion":
        for b in _on_map(s):
            if arg in (s.groups[s.mind[b]] or []) and s.loc[b] != to:
                _place(s, rng, b, to, "companion", events)


_PLAYS = {"move_self": _play_move_self, "move_negi": _play_move_negi, "relocate": _play_relocate,
          "extra_magic": _play_extra, "bath": _play_bath, "event": _play_event}
_SPELLS = frozenset((_do_magic, _do_great_swap, _do_great_skip))  # the handlers that move minds or restore
_HANDLERS = {"play": _do_play, "magic": _do_magic, "great_swap": _do_great_swap,
             "great_skip": _do_great_skip, "end_turn": _do_end_turn}
_GREAT_HANDLERS = {k: h for k, h in _HANDLERS.items() if k in _GREAT_KINDS}  # by phase: the handlers
_TURN_HANDLERS = {k: h for k, h in _HANDLERS.items() if k not in _GREAT_KINDS}  # _handler lets through


# --- view / end ------------------------------------------------------------------------------------
def _scores(s: dict) -> list[int]:
    return [sum(3 if m == s["chars"][seat] else 1 for m in pile) for seat, pile in enumerate(s["pile"])]


_TIMEOUT_PREFERENCE = ("great_skip", "end_turn", "extra_magic", "bath", "move_negi", "event", "move_self",
                       "relocate")


def timeout_actions(state: dict) -> list[tuple[int, dict]]:
    """What the server plays for a seat whose clock ran out: the mildest legal action (no magic)."""
    if state["over"]:
        return []
    seat = state["turn"]
    legal = legal_actions(state, seat)
    rank = {name: i for i, name in enumerate(_TIMEOUT_PREFERENCE)}
    best = min((a for a in legal if a["type"] != "magic" and a["type"] != "great_swap"),
               key=lambda a: rank.get(a.get("action", a["type"]), len(rank)), default=legal[0])
    return [(seat, best)]


def is_over(state: dict) -> bool:
    return bool(state["over"])


def result(state: dict) -> dict:
    scores = _scores(state)
    top = max(scores) if scores else 0
    winners = [seat for seat, sc in enumerate(scores) if sc == top] if state["over"] else []
    return {"over": bool(state["over"]), "scores": scores, "winners": winners,
            "piles": [list(p) for p in state["pile"]], "why": "all_restored" if state["over"] else None}


def view(state: dict, seat: int | None) -> dict:
    """The table as ``seat`` sees it. States are never changed in place, so the parts that never
    change after setup (students, left, chars, opening, options) are shared, not copied: the
    server's snapshot deltas then see them unchanged by identity. The public part is made once
    per state and shared by every seat's view (the server asks for one view per seat)."""
    s = state
    own_seat = seat if isinstance(seat, int) and 0 <= seat < s["players"] else None
    ctypes = s["ctypes"]
    hand = None if own_seat is None else [{"id": c, "type": ctypes[c]} for c in sorted(s["hands"][own_seat])]
    before, after = _public_view(s)
    return {"game": "mind_swap", "seat": own_seat, **before, "hand": hand, **after}


_PUBLIC: StateMemo[tuple[dict, dict]] = StateMemo()  # a state's public view keys (before "hand", after it)


def _public_view(s: dict) -> tuple[dict, dict]:
    """The keys of every seat's view but ``seat`` and ``hand`` (the parts before and after ``hand``),
    remembered per state object (states never change)."""
    hit = _PUBLIC.get(s)
    if hit is not None:
        return hit
    ctypes = s["ctypes"]
    f = _fields(s)
    if s["over"]:
        phase = "over"
    elif s["pending"] is not None:
        phase = "great"
    else:
        phase = "play"
    before = {
        "players": s["players"], "phase": phase,
        "turn": s["turn"], "turn_no": s["turn_no"], "students": s["students"], "left": s["left"],
        "chars": s["chars"],
        "pairs": [{"body": b, "mind": s["mind"][b], "loc": s["loc"][b], "room": s["room"][b]} for b in _on_map(f)],
        "waiting": [{"body": b, "mind": s["mind"][b]} for b in sorted(s["waiting"])],
        "negi": s["negi"],
        "pieces": [{"loc": s["piece"][i], "room": s["proom"][i]} for i in range(s["players"])],
    }
    after = {
        "hand_sizes": [len(h) for h in s["hands"]],
        "deck": len(s["deck"]), "discard": len(s["discard"]),
        "discard_top": ctypes[s["discard"][-1]] if s["discard"] else None,
        "cup": len(s["cup"]), "piles": [list(p) for p in s["pile"]], "scores": _scores(s),
        "played": s["played"], "magic_left": s["magic_left"], "bath": s["bath"],
        "can_magic": (not s["over"] and s["pending"] is None and _can_magic(f, s["turn"])),
        "pending": None if s["pending"] is None else dict(s["pending"], exclude=list(s["pending"]["exclude"])),
        "opening": s["opening"],
        "options": s["opts"],
        "result": result(s) if s["over"] else None,
    }
    _PUBLIC.put(s, (before, after))
    return before, after


_SECRET_KEYS = ("rng", "hands", "cup_order", "deck_order")


def leaks(state: dict, viewer: int | None, v: dict) -> list[str]:
    """What ``v`` shows that ``viewer`` may not see (empty list = fine)."""
    found: list[str] = []

    def walk(x: Any, path: str) -> None:
        if isinstance(x, dict):
            for k, val in x.items():
                if k in _SECRET_KEYS:
                    found.append(f"{path}.{k}")
                walk(val, f"{path}.{k}")
        elif isinstance(x, list):
            for i, val in enumerate(x):
                walk(val, f"{path}[{i}]")

    walk(v, "view")
    if isinstance(v.get("deck"), list):
        found.append("deck contents")
    if isinstance(v.get("cup"), list):
        found.append("cup contents")
    own = None if viewer is None else sorted(state["hands"][viewer])
    shown = v.get("hand")
    shown_ids = None if shown is None else sorted(c["id"] for c in shown)
    if shown_ids != own:
        found.append(f"hand shows {shown_ids}, seat holds {own}")
    for ev in v.get("opening", []):
        if ev.get("type") == "draw":
            found.append("a private draw in the opening")
    return found
