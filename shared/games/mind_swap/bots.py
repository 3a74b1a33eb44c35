"""mind_swap bots: each sees only its seat's view and its legal actions.

``random``: any legal action. ``sensible``: brings Negi to its character (or goes to
where a swap would restore someone, taking Negi along), casts magic on swaps that
restore students (its own character first), uses extra magic and bath time when they
pay, and otherwise splits the big cycle of minds so that restorable pairs appear.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from shared.rng import Rng

OTHER = "other"


def random_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    return rng.choice(legal)


class _Board:
    """What the bot reads from its view: minds, places, Negi, its own character."""

    def __init__(self, view: dict) -> None:
        self.seat = view["seat"]
        self.char = view["chars"][self.seat]
        self.mind = {p["body"]: p["mind"] for p in view["pairs"]}
        self.loc = {p["body"]: p["loc"] for p in view["pairs"]}
        for w in view["waiting"]:
            self.mind[w["body"]] = w["mind"]
        self.where_mind = {m: b for b, m in self.mind.items()}
        self.negi = view["negi"]
        self.here = view["pieces"][self.seat]["loc"]
        self.own = self.where_mind.get(self.char)

    def swap_value(self, a: int, b: int) -> int:
        """Restorations (own character counts triple) ×10, plus cycle progress."""
        ma, mb = self.mind.get(a), self.mind.get(b)
        if ma is None or mb is None:
            return -100
        value = 0
        for body, new in ((a, mb), (b, ma)):
            if body == new:
                value += 30 if new == self.char else 10
        if value:
            return value
        # same cycle → the swap splits it; a new 2-cycle means a restoration next time
        if self._same_cycle(a, b):
            value = 1
            if self.mind.get(mb) == a or self.mind.get(ma) == b:
                value = 3
            return value
        return -5

    def _same_cycle(self, a: int, b: int) -> bool:
        x = self.mind.get(a)
        seen = 0
        while x is not None and x != a and seen < 40:
            if x == b:
                return True
            x = self.mind.get(x)
            seen += 1
        return False

    def best_pair_at(self, place: str, extra: tuple[int, ...] = ()) -> int:
        """The best swap value among students at ``place`` (plus ``extra`` brought along)."""
        if place == OTHER:
            if self.own is None:
                return 0
            others = [b for b, w in self.loc.items() if w == OTHER and b != self.own]
            return max((self.swap_value(self.own, b) for b in others), default=0)
        group = sorted({b for b, w in self.loc.items() if w == place} | set(extra))
        return max((self.swap_value(a, b) for a, b in combinations(group, 2)), default=0)

    def best_pair_anywhere(self) -> int:
        group = sorted(self.loc)
        return max((self.swap_value(a, b) for a, b in combinations(group, 2)), default=0)


def sensible_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    if len(legal) == 1:
        return legal[0]
    board = _Board(view)
    by_type: dict[str, list[dict]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    if view["phase"] == "great":
        best = max(by_type.get("great_swap", []), key=lambda a: board.swap_value(a["a"], a["b"]), default=None)
        if best is not None and board.swap_value(best["a"], best["b"]) > 0:
            return best
        return {"type": "great_skip"}
    magics = by_type.get("magic", [])
    if magics:
        best = max(magics, key=lambda a: board.swap_value(a["a"], a["b"]))
        value = board.swap_value(best["a"], best["b"])
        if value >= 10 or (value > 0 and view["played"]):
            return best
    plays = by_type.get("play", [])
    if plays:
        return _choose_play(board, view, plays, rng)
    return by_type.get("end_turn", legal)[0]


def _choose_play(board: _Board, view: dict, plays: list[dict], rng: Rng) -> dict:
    def score(a: dict) -> float:
        act = a["action"]
        negi_here = board.negi == board.here
        if act == "extra_magic":
            return 40 if negi_here and board.best_pair_at(board.here) >= 10 else 0
        if act == "bath":
            if not negi_here:
                return 0
            return 35 if board.best_pair_anywhere() >= 10 and board.best_pair_at(board.here) < 10 else 0
        if act == "move_negi":
            if a["to"] == board.here:
                return 20 + board.best_pair_at(board.here) / 10
            return 0
        if act == "move_self":
            to, take = a["to"], a["take"]
            extra = (board.own,) if board.own is not None else ()
            negi_after = to if take == "negi" else board.negi
            if isinstance(take, int):
                extra = extra + (take,)
            if negi_after != to:
                return 0
            gain = board.best_pair_at(to, extra)
            return 15 + gain if gain > 0 else 5
        if act == "event":
            return 1
        return 3  # relocate: shake things up
    relocations = [a for a in plays if a["action"] == "relocate"]
    others = [a for a in plays if a["action"] != "relocate"]
    if relocations:
        others.append(rng.choice(relocations))  # all relocations score alike: consider one at random
    return max(others, key=score)


BOTS: dict[str, Any] = {"random": random_bot, "sensible": sensible_bot}
