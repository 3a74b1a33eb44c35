"""What a mind_swap bot reads from its view: minds, places, Negi, its own character, swap values."""
from __future__ import annotations

import functools
from collections.abc import Callable
from itertools import combinations

from shared.rng import Rng

OTHER = "other"
_SWAP_VALUE = {"unknown": -100, "setup": 3, "splits": 1, "joins": -5}  # Board.swap_value, restorations aside


def phase_bot(decide: Callable[[dict, list[dict], dict[str, list[dict]], Rng], dict]
              ) -> Callable[[dict, list[dict], Rng], dict]:
    """A bot ``(view, legal, rng)`` that takes the only legal action when there is one, else asks
    ``decide(view, legal, legal grouped by type, rng)``."""
    @functools.wraps(decide)
    def bot(view: dict, legal: list[dict], rng: Rng) -> dict:
        if len(legal) == 1:
            return legal[0]
        return decide(view, legal, by_action_type(legal), rng)
    return bot


def by_action_type(legal: list[dict]) -> dict[str, list[dict]]:
    """The legal actions grouped by their ``type``, each group in the order of ``legal``."""
    out: dict[str, list[dict]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


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

    def swap_kind(self, a: int, b: int) -> tuple[str, int, int, bool]:
        """What swapping the minds in bodies a and b does, as (kind, own, others, mine): kind "unknown" (a mind
        not in the view), "restores" (``own`` restorations of the bot's character, ``others`` of other
        students), "setup" (it splits a cycle leaving a 2-cycle: a restoration next time; ``mine`` when the bot's
        character is among the four minds and bodies concerned), "splits" (a cycle, no 2-cycle) or "joins" (two
        cycles: undoes progress)."""
        ma, mb = self.mind.get(a), self.mind.get(b)
        if ma is None or mb is None:
            return ("unknown", 0, 0, False)
        own = others = 0
        for body, new in ((a, mb), (b, ma)):
            if body == new:
                if new == self.char:
                    own += 1
                else:
                    others += 1
        if own or others:
            return ("restores", own, others, False)
        if not self._same_cycle(a, b):
            return ("joins", 0, 0, False)
        if self.mind.get(mb) == a or self.mind.get(ma) == b:
            return ("setup", 0, 0, self.char in (ma, mb, self.mind.get(ma), self.mind.get(mb)))
        return ("splits", 0, 0, False)

    def swap_value(self, a: int, b: int) -> int:
        """Restorations (own character counts triple) ×10, plus cycle progress."""
        kind, own, others, _ = self.swap_kind(a, b)
        if kind == "restores":
            return 30 * own + 10 * others
        return _SWAP_VALUE[kind]

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
