"""What a mind_swap bot reads from its view: minds, places, Negi, its own character, swap values."""
from __future__ import annotations

from itertools import combinations

OTHER = "other"


class Board:
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
