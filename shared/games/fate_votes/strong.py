"""The strong fate_votes bot: determinized (information-set) Monte Carlo over what is public.

For each decision it samples the other players' possible hands from the public record
(strikers' discards with owner, voters' face-up discards of rounds 1–3 spread over that
round's voters, the face-down round-4 discards as unknown), weighs which card each of them
plays for by what they did (striking oneself, choosing to strike), and then plays the rest of
the game out many times with the policy of :mod:`shared.games.fate_votes.policy` for every
seat. Each candidate is a pair (the card to play for, this step's submission); candidates
share the same samples and are narrowed by successive halving within an iteration budget
(:class:`shared.bots.Budget`, which also honours a runner's time cap).

The card to play for is therefore chosen from the situation: it keeps Oyashiro when Rika
looks rare, Rena when another Rena is likely, Shion behind a Satoko or a Mion, and so on.
A simulated win shared by k players is worth 1/k² (``SHARED``): the bot plays to win, not to
share a crowd's win, so a table of strong bots does not all pile onto one card.
"""
from __future__ import annotations

import math
from typing import Any

from shared.bots import Budget
from shared.games.fate_votes.policy import (
    CARD_ID,
    MION,
    RENA,
    RIKA,
    SATOKO,
    FastRng,
    final_action,
    goal_scores,
    strike_target,
    vote_target,
    wants_strike,
    winners,
)
from shared.games.fate_votes.rules import DISCARDS, LAST_ROUND
from shared.games.fate_votes.winning import CARDS
from shared.rng import Rng

ITERATIONS = 120  # simulated games per decision (the budget; a runner's clock may stop it earlier)
EARLY_ITERATIONS = 60  # rounds 1–2: long simulations, and the early steps decide less
FINAL_ITERATIONS = 400  # round 5: one simultaneous step left, so each simulation is short
SAMPLES = 8  # card assignments drawn per decision and shared by every candidate
NOISE = 0.12  # how often a simulated player does something off its card's plan
PRIOR = (1.0, 1.0, 1.2, 1.2, 0.8, 1.0, 1.2)  # how often anyone plays for each card, before evidence
POPULARITY = 0.7  # how strongly "nobody drops this card" raises the guess that people keep it
MIX = 0.03  # temperature of the choice between cards when discarding (0: always the best)
EXPLORE = 0.02  # and a small share of choices spread over every card in hand
FAVOUR = 0.03  # win share added to the seat's favourite card when it decides what to keep
SHARED = 2.0  # a win shared by k players is worth 1 / k ** SHARED
HAPPY = 1.0  # the happy world (everyone holds Rika, everyone wins): nobody is crowded out, a full win
PRIOR_PLAYS = 10.0  # simulations' worth of trust in the plain policy before the search overrules it
LEAD = 0.1  # how far above the mean that trust puts the plain policy's arm (LEAD × PRIOR_PLAYS: one solo win)
MAX_GOALS = 3
MAX_TARGETS = 4


# --- what the public record says about the others' hands ---------------------------------------
class Record:
    """The others' possible cards and how likely each is their goal, read from one view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me = me = view["seat"]
        self.n = n = view["players"]
        self.removed: list[set[int]] = [set() for _ in range(n)]  # cards each seat is known to have discarded
        self.anon: list[tuple[int, list[int], list[int]]] = []  # (round, voters, cards) to spread
        self.weight = [list(PRIOR) for _ in range(n)]
        roles_of: dict[int, list[Any]] = {}
        shown = [0] * 7  # public discards per card: cards nobody drops are cards people play for
        mine_by_round: dict[int, list[int]] = {}
        for d in view.get("my_discards") or []:
            if d.get("as") == "vote":
                mine_by_round.setdefault(d["round"], []).extend(CARD_ID[c] for c in d["cards"])
        for entry in view["log"]:
            kind = entry["type"]
            if kind == "roles":
                roles_of[entry["round"]] = entry["roles"]
                if not entry.get("auto"):
                    for s, role in enumerate(entry["roles"]):
                        if role == "strike" and s != me:
                            for g in (SATOKO, MION, RIKA):
                                self.weight[s][g] *= 1.5
            elif kind == "strike_discards":
                for d in entry["discards"]:
                    self.removed[d["seat"]].update(CARD_ID[c] for c in d["cards"])
                    for c in d["cards"]:
                        shown[CARD_ID[c]] += 1
            elif kind == "strikes":
                for t in entry["targets"]:
                    if t["seat"] == t["target"] and t["seat"] != me:
                        self.weight[t["seat"]][SATOKO] *= 4.0
            elif kind == "voter_discards" and not entry.get("face_down") and entry.get("cards"):
                r = entry["round"]
                roles = roles_of.get(r) or ["vote"] * n
                voters = [s for s in range(n) if roles[s] == "vote" and s != me]
                cards = [CARD_ID[c] for c in entry["cards"]]
                for c in cards:
                    shown[c] += 1
                for c in mine_by_round.get(r, []):
                    if c in cards:
                        cards.remove(c)
                self.anon.append((r, voters, cards))
        total = sum(shown)
        if total:
            for c in range(7):
                pop = ((total + 3.5) / 7.0 / (shown[c] + 0.5)) ** POPULARITY
                for s in range(n):
                    self.weight[s][c] *= pop

    def sample(self, rng: FastRng) -> list[list[int]]:
        """One consistent guess of every other seat's remaining cards (own seat: empty)."""
        n, me = self.n, self.me
        possible = [set(range(7)) - self.removed[s] if s != me else set() for s in range(n)]
        for r, voters, cards in self.anon:
            k = DISCARDS[r]
            for _try in range(4):
                got = _spread(cards, voters, k, possible, rng)
                if got is not None:
                    for s, cs in got.items():
                        possible[s] -= cs
                    break
        return [sorted(p) for p in possible]


def _spread(cards: list[int], voters: list[int], k: int, possible: list[set[int]],
            rng: FastRng) -> dict[int, set[int]] | None:
    """Deal the anonymous discards to the voters (k distinct each, only cards they may hold)."""
    got: dict[int, set[int]] = {s: set() for s in voters}
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    for c in order:
        cands = [s for s in voters if len(got[s]) < k and c in possible[s] and c not in got[s]]
        if not cands:
            return None
        got[cands[rng.below(len(cands))]].add(c)
    return got


def _draw_goals(record: Record, hands: list[list[int]], rng: FastRng) -> list[int]:
    goals = [0] * record.n
    for s in range(record.n):
        if s == record.me:
            continue
        cards = hands[s] or list(range(7))
        w = record.weight[s]
        total = sum(w[c] for c in cards)
        x = rng.below(1 << 20) * total / (1 << 20)
        pick = cards[-1]
        for c in cards:
            x -= w[c]
            if x < 0:
                pick = c
                break
        goals[s] = pick
    return goals


# --- simulated rest of the game ---------------------------------------------------------------
def simulate(goals: list[int], votes: list[int], rnd: int, stage: str, roles: list[Any] | None,
             me: int, first: Any, rng: FastRng) -> list[int]:
    """Play from (round, stage) to the end with every seat on its goal's policy; the winners.

    ``stage`` is ``start`` (a round begins), ``choose``, ``strike``, ``vote`` or ``final``;
    ``first`` is this seat's submission in the current stage (None: its policy decides).
    """
    n = len(goals)
    votes = list(votes)
    chance, below = rng.chance, rng.below  # bound once: this loop runs millions of times per game
    while True:
        if rnd >= LAST_ROUND:
            snap = list(votes)
            for s in range(n):
                if s == me and first is not None and stage == "final":
                    strike, t = first
                elif chance(NOISE):
                    strike = below(3) == 0
                    t = below(n)
                    if not strike and t == s:
                        t = (t + 1) % n
                else:
                    strike, t = final_action(goals[s], s, snap, rng)
                votes[t] += -1 if strike else 1
            return winners(goals, [max(0, v) for v in votes])
        if stage == "start":
            stage = "vote" if rnd == 1 else "choose"
            roles = None
        if stage == "choose":
            can = max(votes) > 0
            roles = []
            for s in range(n):
                if s == me and first is not None:
                    strike = bool(first)
                    first = None
                elif chance(NOISE):
                    strike = below(3) == 0
                else:
                    strike = wants_strike(goals[s], s, votes)
                roles.append("strike" if strike and can else "vote")
            stage = "strike"
        if stage == "strike":
            snap = list(votes)
            if roles is not None:
                for s in range(n):
                    if roles[s] != "strike":
                        continue
                    if s == me and first is not None:
                        t, first = first, None
                    else:
                        t = strike_target(goals[s], s, snap, rng)
                    votes[t] -= 1
            stage = "vote"
        if stage == "vote":
            snap = list(votes)
            for s in range(n):
                if roles is not None and roles[s] != "vote":
                    continue
                if s == me and first is not None:
                    t, first = first, None
                elif chance(NOISE):
                    t = below(n - 1)
                    t = t + 1 if t >= s else t
                else:
                    t = vote_target(goals[s], s, snap, rng)
                votes[t] += 1
            votes = [max(0, v) for v in votes]
            rnd += 1
            stage = "start"
        if stage == "final":
            rnd = LAST_ROUND


# --- the decision ---------------------------------------------------------------------------
_STAGE = {"choose": "choose", "strike_discard": "strike", "strike_target": "strike", "vote_target": "vote",
          "final": "final"}


def _arms(view: dict[str, Any], legal: list[dict[str, Any]], goals: list[int],
          rng: FastRng) -> list[tuple[int, Any, dict[str, Any] | None]]:
    """Candidates (goal, first submission for the simulation, action or None for a discard)."""
    kind, phase = legal[0]["type"], view["phase"]
    me, votes = view["seat"], view["votes"]
    if kind == "discard":
        return [(g, None, None) for g in goals]
    if phase == "choose":
        return [(g, a["choice"] == "strike", a) for g in goals for a in legal]
    if phase == "final":
        return [(g, (a["choice"] == "strike", a["seat"]), a) for g in goals for a in legal]
    out: list[tuple[int, Any, dict[str, Any] | None]] = []
    for g in goals:
        targets = [a["seat"] for a in legal]
        fav = (strike_target(g, me, list(votes), rng) if phase == "strike_target"
               else vote_target(g, me, list(votes), rng))
        picked = [fav] if fav in targets else []
        rest = [t for t in targets if t not in picked]
        while rest and len(picked) < MAX_TARGETS:
            picked.append(rest.pop(rng.below(len(rest))))
        out += [(g, t, {"type": "target", "seat": t}) for t in picked]
    return out


def _likely_goals(view: dict[str, Any]) -> list[int]:
    """The cards in hand worth considering, best first by the plain situational judgement (all of
    them in a discard, at most MAX_GOALS otherwise)."""
    hand = [CARD_ID[c] for c in view["hand"]]
    scores = goal_scores(view, None)
    ranked = sorted(hand, key=lambda g: -scores[CARDS[g]])
    if view["phase"] in ("strike_discard", "vote_discard"):
        return ranked
    return ranked[:MAX_GOALS]


def _default_arm(view: dict[str, Any], arms: list[tuple[int, Any, Any]], goal: int, rng: FastRng) -> int:
    """The arm the plain policy would play (``goal``, the judgement's card, and its submission):
    what the search falls back to when it has too few simulations to tell the arms apart."""
    me, votes, phase = view["seat"], list(view["votes"]), view["phase"]
    if phase == "choose":
        first: Any = wants_strike(goal, me, votes)
    elif phase == "final":
        first = final_action(goal, me, votes, rng)
    elif phase == "strike_target":
        first = strike_target(goal, me, votes, rng)
    elif phase == "vote_target":
        first = vote_target(goal, me, votes, rng)
    else:
        first = None
    for i, (g, f, _) in enumerate(arms):
        if g == goal and f == first:
            return i
    return next(i for i, arm in enumerate(arms) if arm[0] == goal)


def _shrunk(wins: list[float], plays: list[int], default: int) -> list[float]:
    """Each arm's value pulled toward the mean of every simulation (and the default arm's a little
    above it) by ``PRIOR_PLAYS`` simulations' worth: few simulations mean little, many overrule it.
    A search cut short by a busy machine then plays the plain policy instead of a noisy guess."""
    total = sum(plays)
    mean = sum(wins) / total if total else 0.0
    return [(wins[i] + PRIOR_PLAYS * (mean + (LEAD if i == default else 0.0))) / (plays[i] + PRIOR_PLAYS)
            for i in range(len(wins))]


def decide(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng,
           iterations: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The strong choice and what it was based on (``values`` per candidate, ``spent`` iterations).

    Anytime: every round of the successive halving plays the alive arms in turn, one simulation
    each, all arms on the same sampled deals; values are shrunk toward the plain policy's arm, so
    a search stopped early by the runner's clock still plays sensibly."""
    if iterations is None:
        iterations = (FINAL_ITERATIONS if view["phase"] == "final" else
                      EARLY_ITERATIONS if view["round"] <= 2 else ITERATIONS)
    fast = FastRng(rng.next64())
    record = Record(view)
    me, phase = view["seat"], view["phase"]
    rnd = view["round"]
    goals = _likely_goals(view)
    arms = _arms(view, legal, goals, fast)
    default = _default_arm(view, arms, goals[0], fast)
    stage = _STAGE.get(phase, "start")
    votes = list(view["votes"])
    roles = list(view["roles"]) if stage in ("strike", "vote") else None
    if phase == "vote_discard":
        votes = [max(0, v) for v in votes]
        rnd += 1
    samples: list[list[int]] = []  # drawn as needed: a search cut short draws few
    budget = Budget(iterations)
    wins = [0.0] * len(arms)
    plays = [0] * len(arms)
    alive = list(range(len(arms)))
    rounds = max(1, (len(arms) - 1).bit_length())
    per_round = max(len(arms), iterations // rounds)
    while len(alive) > 1 and budget.left > 0:
        for _ in range(max(1, per_round // len(alive))):
            for i in alive:
                if not budget.take():
                    break
                g, first, _ = arms[i]
                j = plays[i] % SAMPLES
                if j == len(samples):
                    samples.append(_draw_goals(record, record.sample(fast), fast))
                goals_now = list(samples[j])
                goals_now[me] = g
                won = simulate(goals_now, votes, rnd, stage, roles, me, first, fast)
                if me in won:
                    wins[i] += _worth(won, goals_now)
                plays[i] += 1
        values = _shrunk(wins, plays, default)
        alive.sort(key=lambda i: -values[i])
        alive = alive[:max(1, (len(alive) + 1) // 2)]
    values = _shrunk(wins, plays, default)
    best = max(range(len(arms)), key=lambda i: (values[i], plays[i]))
    if arms[best][2] is None:  # a discard commits to a card: a favourite, and a mix between near-equal ones
        fav = _favourite(view)
        values = [v + (FAVOUR if arms[i][0] == fav else 0.0) for i, v in enumerate(values)]
        best = max(range(len(arms)), key=lambda i: (values[i], plays[i]))
        if MIX > 0:
            best = _mixed(values, plays, fast, best)
    g, _, action = arms[best]
    if action is None:
        action = _discard_keeping(view, legal, arms, values, g)
    return action, {"values": values, "spent": budget.spent, "goal": CARDS[g], "default": default,
                    "actions": [arm[2] for arm in arms]}


def _worth(won: list[int], goals: list[int]) -> float:
    """What a simulated win is worth to a winner: 1/k² when k players share it (a strong player
    plays to win, not to share a crowd's win), counted beyond the partners the condition itself
    needs: Rena's pair (two Renas level) is a full win, and so is the happy world, where everyone
    kept Rika and everyone wins (``HAPPY``): nobody crowded anybody out."""
    k = len(won)
    if k == len(goals) and goals.count(RIKA) == k:
        return HAPPY
    if k > 1 and all(goals[w] == RENA for w in won):
        return (2.0 / k) ** SHARED
    return 1.0 / k ** SHARED


def _favourite(view: dict[str, Any]) -> int:
    """This seat's favourite card for this game, fixed from round 1's public votes on (a persona:
    six strong bots at one table do not all reason their way to the same two cards)."""
    seed = 1 + view["seat"]
    for entry in view["log"]:
        if entry["type"] == "votes" and entry["round"] == 1:
            for t in entry["targets"]:
                seed = seed * 31 + t["seat"] * 7 + t["target"] + 1
    return Rng.from_seed(seed).below(7)


def _mixed(values: list[float], plays: list[int], fast: FastRng, best: int) -> int:
    """A card chosen with probability growing with its value (softmax, temperature ``MIX``): a table
    of strong bots that all took the single best line would be predictable, and so beatable."""

    weights = [math.exp((values[i] - values[best]) / MIX) if plays[i] else 0.0 for i in range(len(values))]
    total = sum(weights)
    weights = [w + EXPLORE * total / len(weights) for w in weights]  # now and then any card
    x = fast.below(1 << 20) * sum(weights) / (1 << 20)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return best


def _discard_keeping(view: dict[str, Any], legal: list[dict[str, Any]], arms: list, values: list[float],
                     goal: int) -> dict[str, Any]:
    worth = {CARDS[g]: v for (g, _, _), v in zip(arms, values)}
    keep = CARDS[goal]
    options = [a for a in legal if keep not in a["cards"]] or legal
    return min(options, key=lambda a: sum(worth.get(c, 0.0) for c in a["cards"]))


def strong_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Information-set Monte Carlo: the submission whose simulated games this seat wins most."""
    if len(legal) == 1:
        return legal[0]
    return decide(view, legal, rng)[0]


__all__ = ["ITERATIONS", "Record", "decide", "simulate", "strong_bot"]
