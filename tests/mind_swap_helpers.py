"""Helpers for mind_swap rule examples: hand-built positions and forced dice."""
from __future__ import annotations

from collections.abc import Callable

from shared.engine import REGISTRY
from shared.games.mind_swap import rules
from shared.rng import Rng, seed_state

SPEC = REGISTRY["mind_swap"]


def make(arrangement: dict[int, int], locs: dict[int, str], chars: list[int], *, negi: str = "classroom",
         hands: list[list[str]] | None = None, waiting: dict[int, int] | None = None) -> dict:
    """A position: ``arrangement`` body -> mind on the map at ``locs``; ``waiting`` body -> mind off it."""
    waiting = waiting or {}
    students = sorted(set(arrangement) | set(waiting))
    s = SPEC.setup(len(chars), 1, {"students": students, "entry": "all_at_start"})
    s = vars(rules._work(s))
    s["chars"] = list(chars)
    s["mind"] = [0] * rules.N
    s["loc"] = [None] * rules.N
    s["room"] = [None] * rules.N
    for body, mind in {**arrangement, **waiting}.items():
        s["mind"][body] = mind if mind != body else 0
    for body, where in locs.items():
        s["loc"][body] = where
        if where == "other":
            s["room_seq"] += 1
            s["room"][body] = f"r{s['room_seq']}"
    s["waiting"] = sorted(waiting)
    s["cup"] = sorted(m for m in s["mind"] if m)
    s["negi"] = negi
    s["turn"], s["played"], s["magic_left"], s["bath"], s["pending"], s["over"] = 0, False, 1, False, None, False
    s["pile"] = [[] for _ in chars]
    s["piece"] = [None] * len(chars)
    s["proom"] = [None] * len(chars)
    if hands is not None:
        pool = list(range(len(s["ctypes"])))
        s["hands"] = []
        for want in hands:
            hand = []
            for t in want:
                cid = next(c for c in pool if s["ctypes"][c] == t)
                pool.remove(cid)
                hand.append(cid)
            s["hands"].append(hand)
        s["deck"], s["discard"] = pool, []
    rules._sync_pieces(rules._fields(s), [])
    return s


def card(s: dict, seat: int, ctype: str) -> int:
    return next(c for c in s["hands"][seat] if s["ctypes"][c] == ctype)


def force(s: dict, check: Callable[[Rng], bool], tries: int = 400000) -> dict:
    """Set the state's generator to one whose next draws satisfy ``check``."""
    for i in range(tries):
        st = seed_state(i)
        if check(Rng(st)):
            out = dict(s)
            out["rng"] = st
            return out
    raise AssertionError("no generator state gives those dice")


def d6s(*faces: int) -> Callable[[Rng], bool]:
    return lambda r: all(r.randint(1, 6) == f for f in faces)


def dice(events: list[dict], purpose: str) -> list[dict]:
    return [e for e in events if e["type"] == "dice" and e["purpose"] == purpose]
