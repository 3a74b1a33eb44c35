"""Why the rules refuse an action, asked of the rules themselves from what a seat sees.

A client holds a seat's view, not the state. Every check the rules make before an action changes
anything reads only what the view shows (places, rooms, minds, pieces, Negi, the seat's own hand,
the turn, the phase, the pending great success): :func:`probe_state` rebuilds a state with those
and blanks for the hidden parts (other hands, the deck's and the cup's order, the generator), and
:func:`why_not` runs :func:`rules.apply` on it. The refusal that comes back is the rules' own
(code, message and params, with ``rule`` naming which rule of the action was broken), so a table
says the rule actually broken and never works it out again. Pure: no I/O.
"""
from __future__ import annotations

import re
from typing import Any

from shared.errors import RuleError
from shared.games.mind_swap import rules

_ROOM_NO = re.compile(r"^r(\d+)$")


def probe_state(view: dict[str, Any], card_actions: dict[str, Any]) -> dict[str, Any]:
    """A rules state that agrees with ``view`` on everything the rules check before an action acts
    (``card_actions``: each card type's actions, from the content)."""
    n = int(view.get("players") or 0)
    N = rules.N
    mind, loc, room = [0] * N, [None] * N, [None] * N
    for p in view.get("pairs") or []:
        b = int(p["body"])
        mind[b] = 0 if p["mind"] == b else int(p["mind"])
        loc[b] = rules._LOC.get(p["loc"], p["loc"])
        room[b] = p.get("room")
    for p in view.get("waiting") or []:
        b = int(p["body"])
        mind[b] = 0 if p["mind"] == b else int(p["mind"])
    hand = view.get("hand") or []
    size = max([40, *(int(c["id"]) + 1 for c in hand)])
    ctypes = [""] * size
    for c in hand:
        ctypes[int(c["id"])] = c["type"]
    seat = view.get("seat")
    hands: list[list[int]] = [[] for _ in range(n)]
    if isinstance(seat, int) and 0 <= seat < n:
        hands[seat] = [int(c["id"]) for c in hand]
    pieces = view.get("pieces") or []
    rooms = [int(m.group(1)) for r in [*room, *(pc.get("room") for pc in pieces)] if r and (m := _ROOM_NO.match(r))]
    pending = view.get("pending")
    return {
        "game": "mind_swap", "players": n, "rng": 1, "opts": dict(view.get("options") or {}),
        "table": [None] * N, "abil": [None] * N, "groups": [None] * N, "ctypes": ctypes,
        "cacts": {t: list(a) for t, a in card_actions.items()},
        "students": list(view.get("students") or []), "left": list(view.get("left") or []),
        "chars": list(view.get("chars") or []), "mind": mind, "loc": loc, "room": room,
        "room_seq": max(rooms, default=0), "waiting": [int(p["body"]) for p in view.get("waiting") or []],
        "pile": [list(p) for p in view.get("piles") or [[] for _ in range(n)]],
        "negi": rules._LOC.get(str(view.get("negi")), view.get("negi")),
        "piece": [rules._LOC.get(str(pc.get("loc")), pc.get("loc")) for pc in pieces],
        "proom": [pc.get("room") for pc in pieces],
        "hands": hands, "deck": [], "discard": [], "cup": sorted(m for m in mind if m),
        "turn": view.get("turn"), "turn_no": int(view.get("turn_no") or 0), "played": bool(view.get("played")),
        "magic_left": int(view.get("magic_left") or 0), "bath": bool(view.get("bath")),
        "pending": None if not pending else {"kind": "great", "seat": pending.get("seat"), "at": pending.get("at"),
                                             "exclude": list(pending.get("exclude") or [])},
        "over": view.get("phase") == "over", "opening": [],
    }


def why_not(view: dict[str, Any], seat: int, action: Any, card_actions: dict[str, Any]) -> RuleError | None:
    """The rules' refusal of ``action`` by ``seat`` at the position ``view`` shows, or None when the rules
    would take it (or cannot tell from the view)."""
    try:
        rules.apply(probe_state(view, card_actions), seat, action)
    except RuleError as err:
        return err
    except Exception:  # noqa: BLE001 (an accepted action runs on into the blanks of the probe: no refusal)
        return None
    return None
