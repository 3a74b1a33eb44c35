"""The strong mind_swap bot: plans the restore path one turn ahead, in expected points.

For every card it could play it works out where its character, Negi and any student it takes
along end up (who can then be paired where, and whether Negi must move to make a pair
castable), then values the magic it could cast afterwards: a swap lands with probability
21/36, restoring a student scores 3 for its own character and 1 for another, a 2-cycle it
creates is a restoration for whoever casts there next (its own next turn if it keeps Negi,
an opponent's if it leaves Negi beside their piece). Extra magic and bath time are played
when the extra attempts are worth more than moving; after a great success the second swap is
chosen by the same values (a restoration, else the best setup for its own next turn).
"""
from __future__ import annotations

from itertools import combinations

from shared.games.mind_swap.board import OTHER, Board, phase_bot
from shared.rng import Rng

P_SWAP = 21 / 36  # success (17) or great (4) of the 2d6
_POINTS = {"unknown": -1.0, "splits": 0.05, "joins": -0.3}  # Plan.points of a swap restoring none, no setup
SETUP = 0.35  # worth of a 2-cycle (a restoration next time), before who gets to cast there
LEAVE_PENALTY = 0.6  # share of a setup left to the next player when Negi stays beside their piece


class Plan(Board):
    """The board plus the values the strong bot plans with."""

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.view = view
        n = view["players"]
        self.next_piece = view["pieces"][(self.seat + 1) % n]["loc"] if n > 1 else None

    def points(self, a: int, b: int) -> float:
        """Expected-free value of swapping a and b: restorations in points, else setup value."""
        kind, own, others, mine = self.swap_kind(a, b)
        if kind == "restores":
            return 3.0 * own + 1.0 * others
        if kind == "setup":  # splitting a cycle: a new 2-cycle (or fixed point next time) is a setup
            return SETUP * (2.0 if mine else 1.0)
        return _POINTS[kind]

    def best_at(self, group: list[int]) -> tuple[float, tuple[int, int] | None]:
        best, pair = 0.0, None
        for a, b in combinations(sorted(set(group)), 2):
            v = self.points(a, b)
            if v > best:
                best, pair = v, (a, b)
        return best, pair

    def group_at(self, place: str, extra: tuple[int, ...] = ()) -> list[int]:
        if place == OTHER:
            if self.own is None:
                return []
            return [self.own] + [b for b, w in self.loc.items() if w == OTHER and b != self.own] + list(extra)
        return [b for b, w in self.loc.items() if w == place and b not in extra] + list(extra)

    def expected(self, value: float, tries: int) -> float:
        return value * (1.0 - (1.0 - P_SWAP) ** max(0, tries))

    def leave_cost(self, negi_at: str) -> float:
        """What Negi left at ``negi_at`` hands the next player (if their piece is there)."""
        if self.next_piece is None or self.next_piece != negi_at or negi_at == OTHER:
            return 0.0
        best, _ = self.best_at(self.group_at(negi_at))
        return LEAVE_PENALTY * best


def _value_play(p: Plan, a: dict, tries: int) -> float:
    act = a["action"]
    here = p.here
    if act == "extra_magic":
        if p.negi != here:
            return -0.5
        best, _ = p.best_at(p.group_at(here))
        return p.expected(best, tries + 1) - p.leave_cost(here) * 0.5
    if act == "bath":
        if p.negi != here:
            return -0.5
        anywhere, _ = p.best_at(list(p.loc))
        return p.expected(anywhere, tries) - 0.1
    if act == "move_negi":
        to = a["to"]
        if to != here:
            return -0.4 - p.leave_cost(to)
        best, _ = p.best_at(p.group_at(here))
        return p.expected(best, tries) - p.leave_cost(here) * 0.3
    if act == "move_self":
        to, take = a["to"], a["take"]
        extra: tuple[int, ...] = (p.own,) if p.own is not None else ()
        if isinstance(take, int):
            extra += (take,)
        negi_after = to if take == "negi" else p.negi
        best, _ = p.best_at(p.group_at(to, extra))
        if negi_after != to:
            return 0.15 * best - p.leave_cost(negi_after)  # a position for a later turn
        return p.expected(best, tries) * (0.85 if isinstance(take, int) else 1.0) - p.leave_cost(to) * 0.3
    if act == "event":
        return 0.05
    return 0.02  # relocate: shake things up when nothing better


@phase_bot
def strong_bot(view: dict, legal: list[dict], by_type: dict[str, list[dict]], rng: Rng) -> dict:
    """Plans the card, the magic and the great-success follow-up for expected points."""
    p = Plan(view)
    if view["phase"] == "great":
        swaps = by_type.get("great_swap", [])
        best = max(swaps, key=lambda a: p.points(a["a"], a["b"]), default=None)
        if best is not None and p.points(best["a"], best["b"]) > 0:
            return best
        return {"type": "great_skip"}
    tries = view["magic_left"]
    magics = by_type.get("magic", [])
    plays = by_type.get("play", [])
    cast = max(magics, key=lambda a: p.points(a["a"], a["b"]), default=None)
    cast_value = p.points(cast["a"], cast["b"]) if cast else 0.0
    if plays:
        relocations = [a for a in plays if a["action"] == "relocate"]
        others = [a for a in plays if a["action"] != "relocate"]
        if relocations:
            others.append(rng.choice(relocations))
        scored = [(_value_play(p, a, tries), a) for a in others]
        play_value, play = max(scored, key=lambda x: x[0])
        # cast first when the restoration is here now and the card cannot beat it
        if cast is not None and cast_value >= 1.0 and p.expected(cast_value, tries) >= play_value:
            return cast
        return play
    if cast is not None and cast_value > 0.2:
        return cast
    return by_type.get("end_turn", legal)[0]
