"""fate_votes bots: ``fn(view, legal, rng) -> action``; they see only their own view.

Levels: ``easy`` (plays for a card picked on a whim and often does something else),
``normal`` (plays for the card the situation favours, with a temperament that varies from
game to game: no single dominant line), ``strong`` (information-set Monte Carlo, see
:mod:`shared.games.fate_votes.strong`). ``random`` and ``sensible`` are the older bots.
"""
from __future__ import annotations

from typing import Any

from shared.games.fate_votes.policy import BASE as _BASE
from shared.games.fate_votes.policy import (
    CARD_ID,
    FastRng,
    final_action,
    goal_scores,
    standing_score,
    strike_target,
    temperament,
    vote_target,
    wants_strike,
)
from shared.games.fate_votes.strong import strong_bot
from shared.rng import Rng


def random_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Any legal action, uniformly."""
    return rng.choice(legal)


def _goal(view: dict[str, Any]) -> str:
    """The card this bot is playing for, judged from its hand and the public votes."""
    me = view["seat"]
    votes = view["votes"]
    mine = votes[me]
    top_other = max((v for s, v in enumerate(votes) if s != me), default=0)
    score = {}
    for card in view["hand"]:
        # (Keiichi's spread over every seat's votes, its own included, as this bot has always judged it)
        score[card] = standing_score(card, mine, top_other, votes) + me * 1e-6  # a stable tie-break per seat
    return max(score, key=lambda c: (score[c], -list(score).index(c)))


def _discard(view: dict[str, Any], legal: list[dict[str, Any]], goal: str) -> dict[str, Any]:
    keep_order = sorted(view["hand"], key=lambda c: _BASE[c])
    worth = {c: i for i, c in enumerate(keep_order)}
    options = [a for a in legal if goal not in a["cards"]] or legal
    return min(options, key=lambda a: sum(worth[c] for c in a["cards"]))


def _pick_target(view: dict[str, Any], legal: list[dict[str, Any]], goal: str, rng: Rng,
                 choice: str) -> dict[str, Any]:
    me = view["seat"]
    votes = view["votes"]
    targets = [a for a in legal if a.get("choice", choice) == choice] or legal
    if goal == "satoko" and choice == "strike":
        own = [a for a in targets if a["seat"] == me]
        if own:
            return own[0]
    if goal == "mion" and choice == "strike":
        others = [a for a in targets if a["seat"] != me]
        if others:
            return max(others, key=lambda a: votes[a["seat"]])
    if choice == "vote" and goal == "mion":  # lift the players far behind, never a rival at the top
        return min(targets, key=lambda a: (votes[a["seat"]], rng.below(1000)))
    if choice == "vote" and goal == "satoko":  # votes belong on somebody else: the leader
        return max(targets, key=lambda a: (votes[a["seat"]], rng.below(1000)))
    if choice == "vote" and goal == "keiichi":  # make the counts as different as possible
        def spread(a: dict[str, Any]) -> tuple[int, int]:
            after = list(votes)
            after[a["seat"]] += 1
            return len(set(after)), rng.below(1000)
        return max(targets, key=spread)
    return rng.choice(targets)


def _wants_strike(view: dict[str, Any], goal: str) -> bool:
    me = view["seat"]
    votes = view["votes"]
    if goal == "satoko":
        return votes[me] > 0
    if goal == "mion":
        return any(v >= votes[me] and v > 0 for s, v in enumerate(votes) if s != me)
    return False


def sensible_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Plays for one card: keeps it, discards the rest, and votes/strikes toward its condition."""
    kind = legal[0]["type"]
    if kind == "ready":
        return legal[0]
    goal = _goal(view)
    if kind == "discard":
        return _discard(view, legal, goal)
    if kind == "choose" and "seat" not in legal[0]:
        want = "strike" if _wants_strike(view, goal) else "vote"
        return next((a for a in legal if a["choice"] == want), legal[0])
    if kind == "choose":  # round 5: choice and target together
        want = "strike" if _wants_strike(view, goal) else "vote"
        return _pick_target(view, legal, goal, rng, want)
    # target step: strikers or voters, as the view's roles tell
    role = view["roles"][view["seat"]] or "vote"
    return _pick_target(view, legal, goal, rng, role)




# --- levels ---------------------------------------------------------------------------------
def _plan(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng, goal: str) -> dict[str, Any]:
    """This step's submission for a player of ``goal`` (the shared policy on this view)."""
    g, me = CARD_ID[goal], view["seat"]
    votes = list(view["votes"])
    fast = FastRng(rng.next64())
    kind, phase = legal[0]["type"], view["phase"]
    if kind == "discard":
        return _discard(view, legal, goal)
    if phase == "choose":
        want = "strike" if wants_strike(g, me, votes) else "vote"
        return next((a for a in legal if a["choice"] == want), legal[0])
    if phase == "final":
        strike, t = final_action(g, me, votes, fast)
        wanted: dict[str, Any] = {"type": "choose", "choice": "strike" if strike else "vote", "seat": t}
        return wanted if wanted in legal else rng.choice(legal)
    t = strike_target(g, me, votes, fast) if phase == "strike_target" else vote_target(g, me, votes, fast)
    wanted = {"type": "target", "seat": t}
    return wanted if wanted in legal else rng.choice(legal)


def normal_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """Plays for the card its judgement and temperament favour; keeps it and votes/strikes toward it."""
    if len(legal) == 1:
        return legal[0]
    scores = goal_scores(view, rng)
    goal = max(scores, key=lambda c: (scores[c], -CARD_ID[c]))
    return _plan(view, legal, rng, goal)


def easy_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """A beginner: plays for a card on a whim and, one time in three, just does anything."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(3) == 0:
        return rng.choice(legal)
    hand = view["hand"]
    goal = hand[Rng.from_seed(temperament(view) + view["round"]).below(len(hand))]
    return _plan(view, legal, rng, goal)


BOTS = {"easy": easy_bot, "normal": normal_bot, "strong": strong_bot, "random": random_bot, "sensible": sensible_bot}
