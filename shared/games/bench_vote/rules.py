"""Rules of bench_vote (the server benchmark game).

Public: ``votes`` (one int per player), ``seq`` (moves applied), ``last``
({player, target} or None). Secret per player p: ``hand`` (8 ints),
``discarded``, ``drawn`` (starts at 8). ``card(p, n) = ((p+1)*7919 + n*104729) % 52``.
Move ``{"type": "vote", "target": t}`` by anyone at any time: ``votes[t] += 1``,
``seq += 1``, ``last = {player, target}``; the mover's hand drops its first card
and draws ``card(p, drawn)``. The game never ends.

State: ``players``, ``votes``, ``seq``, ``last`` and ``own``: per player the own part of its view,
``{"me": {hand, discarded, drawn}}`` — one object per player, replaced only by that player's moves, so the
server, which packs a seat's own part once per object, packs only the mover's anew.
"""
from __future__ import annotations

from typing import Any

from shared.errors import RuleError

HAND = 8


def card(p: int, n: int) -> int:
    return ((p + 1) * 7919 + n * 104729) % 52


def setup(players: int, seed: int, options: dict[str, Any], content: Any) -> dict[str, Any]:
    return {
        "players": players,
        "votes": [0] * players,
        "seq": 0,
        "last": None,
        "own": [{"me": {"hand": [card(p, n) for n in range(HAND)], "discarded": 0, "drawn": HAND}}
                for p in range(players)],
    }


def legal_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [{"type": "vote", "target": t} for t in range(state["players"])]


def legal_seats(before: dict[str, Any], after: dict[str, Any]) -> tuple[int, ...]:
    """No action changes anyone's legal actions (they depend on the player count only)."""
    return ()


def apply(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], list[dict]]:
    if action.get("type") != "vote":
        raise RuleError("action/unknown_type", "the only move is 'vote'")
    target = action.get("target")
    n = state["players"]
    if (type(target) is not int or not 0 <= target < n) and (  # (the common case first, at C speed)
            not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < n):
        raise RuleError("action/illegal_target", "vote for a player at this table", target=str(target)[:20])
    votes = list(state["votes"])
    votes[target] += 1
    own = list(state["own"])
    mine = own[seat]["me"]
    drawn = mine["drawn"]
    hand = mine["hand"][1:]
    hand.append(card(seat, drawn))
    own[seat] = {"me": {"hand": hand, "discarded": mine["discarded"] + 1, "drawn": drawn + 1}}
    new = {"players": n, "votes": votes, "seq": state["seq"] + 1, "last": {"player": seat, "target": target},
           "own": own}
    return new, [{"type": "voted", "player": seat, "target": target}]


def view_shared(state: dict[str, Any]) -> dict[str, Any]:
    """What every seat's view holds alike: the public part."""
    return {"players": state["players"], "votes": state["votes"], "seq": state["seq"], "last": state["last"]}


def view_owns(state: dict[str, Any]) -> list[dict[str, Any]]:
    """What only each seat's view holds, by seat: its secret (the same object while the seat has not moved)."""
    return state["own"]


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The public part, and a seat's own part behind it (see ``shared.spec``: view_shared, view_owns)."""
    out = view_shared(state)
    if seat is not None:
        out.update(state["own"][seat])
    return out


def is_over(state: dict[str, Any]) -> bool:
    return False


def result(state: dict[str, Any]) -> dict[str, Any]:
    return {"winners": [], "scores": list(state["votes"]), "why": "bench_vote never ends"}


def leaks(state: dict[str, Any], viewer: int | None, view_: dict[str, Any]) -> list[str]:
    """Names what ``view_`` shows that ``viewer`` may not see (empty = fine)."""
    found = []
    allowed = {"players", "votes", "seq", "last"} | ({"me"} if viewer is not None else set())
    found += [f"key {k}" for k in view_ if k not in allowed]
    if viewer is not None and view_.get("me") != state["own"][viewer]["me"]:
        found.append("me is not the viewer's own secret")
    return found
