"""fate_votes play toward one card, on plain numbers: the shared policy of the normal bot and of
the strong bot's simulated opponents, a fast winner check and a fast random source.

Cards are small ints in :data:`CARDS` order (``OYASHIRO`` … ``RIKA``). A policy function takes
the seat, the card it plays for (its goal), the vote counts and a random source, and returns a
role or a target seat, exactly what a player of that goal would submit in that step.
"""
from __future__ import annotations

from typing import Any

from shared.games.fate_votes.winning import CARDS
from shared.rng import Rng

OYASHIRO, RENA, SATOKO, MION, SHION, KEIICHI, RIKA = range(7)
CARD_ID: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
_MASK = (1 << 64) - 1
# How much a player likes keeping each card, before looking at the table.
BASE = {"oyashiro": 1.0, "rena": 1.0, "satoko": 2.0, "mion": 1.5, "shion": 0.5, "keiichi": 1.5, "rika": 2.0}


def standing_score(card: str, mine: int, top_other: int, counts: list[int]) -> float:
    """``card``'s worth from the public votes alone: its base, plus how its condition stands for a player with
    ``mine`` votes against a best other of ``top_other`` (Satoko: none; Mion: the most; Keiichi: the vote
    ``counts`` spread out). The easy bot's whole judgement and the first part of :func:`goal_scores`."""
    s = BASE[card]
    if card == "satoko":
        s += 2.0 if mine == 0 else -1.0 * mine
    elif card == "mion":
        s += 2.0 if mine > top_other else (0.5 if mine == top_other and mine > 0 else -1.0)
    elif card == "keiichi":
        s += 0.5 * (len(set(counts)) - len(counts) / 2)
    return s


class FastRng:
    """A small LCG for simulations (not for the rules: those use :class:`shared.rng.Rng`)."""

    __slots__ = ("x",)

    def __init__(self, seed: int) -> None:
        self.x = (seed * 0x9E3779B97F4A7C15 + 1) & _MASK

    def below(self, n: int) -> int:
        self.x = x = (self.x * 6364136223846793005 + 1442695040888963407) & _MASK
        return ((x >> 33) * n) >> 31

    def chance(self, p: float) -> bool:
        self.x = x = (self.x * 6364136223846793005 + 1442695040888963407) & _MASK
        return (x >> 40) < p * (1 << 24)


def winners(goals: list[int], votes: list[int]) -> list[int]:
    """Who wins with these final cards and votes (same answer as ``winning.decide_winners``)."""
    n = len(goals)
    oy = rk = 0
    for g in goals:
        if g == OYASHIRO:
            oy += 1
        elif g == RIKA:
            rk += 1
    if oy == 1 and not rk:
        return [goals.index(OYASHIRO)]
    rn = [s for s in range(n) if goals[s] == RENA]
    if len(rn) > 1:
        w = [p for p in rn if any(q != p and votes[q] == votes[p] for q in rn)]
        if w:
            return w
    sat = [s for s in range(n) if goals[s] == SATOKO and votes[s] == 0]
    if sat:
        return sat + [s for s in range(n) if goals[s] == SHION]
    top = max(votes)
    tops = [s for s in range(n) if votes[s] == top]
    if len(tops) == 1 and goals[tops[0]] == MION:
        return sorted(tops + [s for s in range(n) if goals[s] == SHION])
    ke = [s for s in range(n) if goals[s] == KEIICHI]
    if ke:
        others = [votes[s] for s in range(n) if goals[s] != KEIICHI]
        if len(others) >= 2 and len(set(others)) == len(others):
            return ke
    if rk:
        return list(range(n)) if rk == n else [s for s in range(n) if goals[s] == RIKA]
    return []


def _pick(cands: list[int] | tuple[int, ...], rng: FastRng) -> int:
    return cands[rng.below(len(cands))] if len(cands) > 1 else cands[0]


_OTHERS = [[tuple(s for s in range(n) if s != me) for me in range(n)] for n in range(17)]


def _others(n: int, me: int) -> tuple[int, ...]:
    """Every seat but ``me`` (made once per table size: the simulations ask millions of times)."""
    return _OTHERS[n][me] if n < len(_OTHERS) else tuple(s for s in range(n) if s != me)


def wants_strike(goal: int, me: int, votes: list[int]) -> bool:
    """Whether a player of ``goal`` strikes rather than votes this round."""
    mine = votes[me]
    if goal == SATOKO:
        return mine > 0
    if goal == MION:  # somebody else at or above this seat, with a vote
        top = max(votes)
        return top > 0 if top > mine else mine > 0 and votes.count(mine) > 1
    return False


def strike_target(goal: int, me: int, votes: list[int], rng: FastRng, any_seat: bool = False) -> int:
    """Whom a striker of ``goal`` strikes (a seat with a vote unless ``any_seat``, as in round 5)."""
    n = len(votes)
    if goal == SATOKO and votes[me] > 0:
        return me
    if goal == MION or goal == RIKA or goal == SHION:  # pull the leader back (Rika: so that Mion does not win)
        others: list[int] | tuple[int, ...] = (
            _others(n, me) if any_seat else [s for s in _others(n, me) if votes[s] > 0])
        if others:
            top = max([votes[s] for s in others])
            return _pick([s for s in others if votes[s] == top], rng)
    voted = [s for s in range(n) if votes[s] > 0 and s != me] or [s for s in range(n) if votes[s] > 0]
    if not voted:
        return _pick(_others(n, me), rng)
    return _pick(voted, rng)


def vote_target(goal: int, me: int, votes: list[int], rng: FastRng) -> int:
    """Whom a voter of ``goal`` votes for (never itself)."""
    n = len(votes)
    others = _others(n, me)
    if goal == MION:  # lift the players far behind, never a rival at the top
        low = min([votes[s] for s in others])
        return _pick([s for s in others if votes[s] == low], rng)
    if goal == SATOKO:  # votes belong on somebody else: the leader
        top = max([votes[s] for s in others])
        return _pick([s for s in others if votes[s] == top], rng)
    if goal == KEIICHI:  # make the counts as different as possible: lift a shared count to a free one
        seen: dict[int, int] = {}
        for s in others:
            seen[votes[s]] = seen.get(votes[s], 0) + 1
        best: list[int] | tuple[int, ...] = [s for s in others if seen[votes[s]] > 1 and votes[s] + 1 not in seen]
        if not best:
            best = [s for s in others if votes[s] + 1 not in seen] or others
        return _pick(best, rng)
    if goal == RIKA:  # nobody at zero (no Satoko) and no lone leader (no Mion)
        zero = [s for s in others if votes[s] == 0]
        if zero:
            return _pick(zero, rng)
        top = max(votes)
        if votes.count(top) == 1:
            near = [s for s in others if votes[s] == top - 1]
            if near:
                return _pick(near, rng)
    return _pick(others, rng)


def final_action(goal: int, me: int, votes: list[int], rng: FastRng) -> tuple[bool, int]:
    """Round 5: (strike?, target) for a player of ``goal``."""
    if goal == RENA:
        return _rena_final(me, votes, rng)
    if wants_strike(goal, me, votes) or (goal == RIKA and _lone_leader(votes, me)):
        return True, strike_target(goal, me, votes, rng, any_seat=True)
    return False, vote_target(goal, me, votes, rng)


def _rena_final(me: int, votes: list[int], rng: FastRng) -> tuple[bool, int]:
    """Rena wins with another Rena on the same count: end level with somebody (whoever it may be)."""
    n, mine = len(votes), votes[me]
    others = _others(n, me)
    if votes.count(mine) > 1:  # already level: put the vote where it changes nothing near
        far = [s for s in others if abs(votes[s] - mine) > 1] or [s for s in others if votes[s] != mine]
        if far:
            return False, _pick(far, rng)
    if mine > 0 and mine - 1 in votes:
        return True, me  # one down to meet them
    above = [s for s in others if votes[s] == mine + 1]
    if above:
        return True, _pick(above, rng)  # bring one of them down to us
    return False, _pick(others, rng)


def _lone_leader(votes: list[int], me: int) -> bool:
    top = max(votes)
    return top > 0 and votes[me] != top and votes.count(top) == 1


def temperament(view: dict[str, Any]) -> int:
    """A number fixed for this seat for the whole game once it has discarded (varies across games)."""
    seed = 7919 * (view["seat"] + 1)
    for d in view.get("my_discards") or []:
        if d["round"] == 1:
            for c in d["cards"]:
                seed = seed * 31 + CARD_ID[c] + 1
    return seed


def goal_scores(view: dict[str, Any], rng: Rng | None) -> dict[str, float]:
    """How much this seat wants each card of its hand now, from the public situation.

    With ``rng`` the scores carry a per-game temperament and a little noise (the normal bot);
    without, they are the plain situational judgement (used by the strong bot to narrow its search).
    """
    me, n = view["seat"], view["players"]
    votes = view["votes"]
    mine = votes[me]
    others = [v for s, v in enumerate(votes) if s != me]
    top_other = max(others, default=0)
    shown: dict[str, int] = {c: 0 for c in BASE}  # face-up discards of everyone else
    for entry in view["log"]:
        if entry["type"] == "strike_discards":
            for d in entry["discards"]:
                if d["seat"] != me:
                    for c in d["cards"]:
                        shown[c] += 1
        elif entry["type"] == "voter_discards" and entry.get("cards"):
            for c in entry["cards"]:
                shown[c] += 1
    for d in view.get("my_discards") or []:
        if d["as"] == "vote" and d["round"] < 4:
            for c in d["cards"]:
                shown[c] -= 1
    rounds_done = max(1, view["round"] - 1)
    gone = {c: min(1.0, shown[c] / max(1, n - 1) / rounds_done * 2.5) for c in BASE}  # how much others drop it
    score: dict[str, float] = {}
    for card in view["hand"]:
        s = standing_score(card, mine, top_other, others)
        if card == "oyashiro":
            s += 2.0 * gone["rika"] + 1.0 * gone["oyashiro"] - 0.5
        elif card == "rena":
            s += 1.5 * (1.0 - gone["rena"]) - 0.5
        elif card == "shion":
            s += 1.0 * (1.0 - gone["satoko"]) + 0.5 * (1.0 - gone["mion"])
        elif card == "rika":
            s += 0.5 * gone["oyashiro"]
        score[card] = s
    if rng is not None:
        temper = Rng.from_seed(temperament(view))
        for card in score:
            score[card] += (temper.below(1000) / 1000.0) * 2.0 + rng.below(100) / 400.0
    return score
