"""The game record of a finished fate_votes or mind_swap game: who held what, every vote and strike, every
magic roll — hidden information included, so it exists only once the game is over.

Pure: :func:`build` replays the game from its seed, options and actions (as the journal keeps them) and
returns None unless the replay ends the game. The record is plain data (``items``: one dict per thing
that happened, ``k`` its kind); clients word it (``client/records.py``, ``client/scenes/record.py``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

RECORDED = ("fate_votes", "mind_swap")


def _fate_votes_start(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"k": "dealt", "seat": s, "cards": list(hand)} for s, hand in enumerate(state["hands"])]


def _fate_votes_step(before: dict[str, Any], seat: int, action: dict[str, Any],
                     events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ev in events:
        kind = ev.get("type")
        if kind == "my_submission":  # a secret choice: a vote's or a strike's target, discarded cards
            out.append({"k": "choice", "seat": ev["seat"], "round": before["round"], "phase": ev["phase"],
                        "value": ev["value"]})
        elif kind == "roles":
            out.append({"k": "roles", "round": ev["round"], "roles": list(ev["roles"])})
        elif kind in ("strikes", "votes"):
            out.append({"k": kind, "round": ev["round"], "votes": list(ev["votes"]), "tokens": list(ev["tokens"])})
        elif kind == "final_reveal":
            out.append({"k": "reveal", "cards": ev["cards"]})
        elif kind == "game_over":
            out.append({"k": "over", "winners": list(ev["winners"])})
    return out


def _mind_swap_start(state: dict[str, Any]) -> list[dict[str, Any]]:
    out = [{"k": "dealt", "seat": s, "char": state["chars"][s], "cards": [state["ctypes"][c] for c in hand]}
           for s, hand in enumerate(state["hands"])]
    out.append({"k": "minds", "minds": {str(body): mind for body, mind in enumerate(state["mind"]) if mind}})
    return out


def _mind_swap_step(before: dict[str, Any], seat: int, action: dict[str, Any],
                    events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if action.get("type") == "play" and isinstance(action.get("card"), int):
        out.append({"k": "play", "seat": seat, "card": before["ctypes"][action["card"]],
                    "action": action.get("action")})
    faces: list[int] = []
    for ev in events:
        kind = ev.get("type")
        if kind == "dice" and ev.get("purpose") == "magic":
            faces = list(ev["faces"])
        elif kind == "magic":
            out.append({"k": "magic", "seat": ev["seat"], "a": ev["a"], "b": ev["b"], "faces": faces,
                        "outcome": ev["outcome"]})
        elif kind == "draw":  # private while playing
            out.append({"k": "draw", "seat": ev["seat"], "card": ev["card_type"]})
        elif kind == "restored":
            out.append({"k": "restored", "seat": ev["seat"], "student": ev["student"]})
        elif kind == "game_over":
            out.append({"k": "over", **{k: v for k, v in ev.items() if k != "type"}})
    return out


STEPS = {"fate_votes": (_fate_votes_start, _fate_votes_step), "mind_swap": (_mind_swap_start, _mind_swap_step)}


def build(spec: Any, players: int, seed: int, options: dict[str, Any], actions: Iterable[tuple[int, dict[str, Any]]],
          names: list[str]) -> dict[str, Any] | None:
    """The record of the game (seed, options, actions), or None while it is not over (nothing hidden leaves
    before the end) or for a game that keeps none."""
    if spec.id not in STEPS:
        return None
    start, step = STEPS[spec.id]
    state = spec.setup(players, seed, options)
    items = start(state)
    moves = 0
    for seat, action in actions:
        before = state
        state, events = spec.apply(state, seat, action)
        items += step(before, seat, action, events)
        moves += 1
    if not spec.is_over(state):
        return None
    return {"game": spec.id, "players": players, "names": list(names), "moves": moves, "items": items,
            "result": spec.result(state)}
