"""The humans' claim on a step of school_mystery: which decision any student may take now, and who passed it.

At a table of humans and bots a bot never takes a decision a human could take in the same step
before the humans have had their chance (docs/bots.md). The rules say which step the table is
at (:func:`claim_step`: a key that changes when the step does) and record who passed it
(``pass_claim``, :func:`claim_passes`); the runner (the server's stand-ins, the bench) keeps the
wall-clock window (``shared.claims``) and tells a bot whether it is still open.

The steps a human claims are the next roll of an open investigation scene (declaring a roll or a
special move, or calling a supporting character) and a condition the table chooses (proposing it). Every other decision a bot leaves to the humans
anyway while they sit (moving on, the resolution, the introduction, rerolls of their rolls) or is
its own (its duties, its roll's modifiers, its conditions and secrets).
"""
from __future__ import annotations

from typing import Any

from shared.games.school_mystery.helping import helped


def claim_step(state: dict[str, Any]) -> list[Any] | None:
    """The key of the step any student may take now (None: no such step). It changes with the
    step: a new scene, or a roll declared there (``scene.rollers`` grows), or a condition the table
    chooses (a ``condition`` step: any student proposes, its student confirms)."""
    if state["phase"] != "investigation":
        return None
    roll = state["roll"]
    if roll is not None:  # a declared roll: the friends may help before it is thrown
        if roll["stage"] != "declared" or roll["move"] == "resolve" or state["tasks"]:
            return None
        return ["help", state["scene"]["number"], len(state["scene"].get("rollers", []))]
    if state["tasks"]:
        task = state["tasks"][0]
        if task["kind"] != "condition":
            return None
        student = state["students"][task["seat"]]
        return ["condition", task["seat"], len(student["conditions"]) if student else 0]
    scene = state["scene"]
    if scene["closed"]:
        return None
    return ["scene", scene["number"], len(scene.get("rollers", []))]


def claim_for(state: dict[str, Any]) -> int | None:
    """The seat the claimable step falls on, when it is one student's (a condition step: the table
    proposes, that student confirms; a declared roll: its roller throws once the friends had their
    chance to help); None when any student may take it (the next roll). A human's own step needs no
    window: bots do not take it."""
    key = claim_step(state)
    if key is None or key[0] == "scene":
        return None
    return key[1] if key[0] == "condition" else state["roll"]["roller"]


def claim_wanted(state: dict[str, Any], humans: Any) -> bool:
    """Whether the humans have anything to claim on this step: any of them may roll (the scene), may
    still help (a declared roll), or the step is a bot's condition (the humans propose)."""
    key = claim_step(state)
    if key is None:
        return False
    owner = claim_for(state)
    if owner is not None and owner in humans:
        return False
    if key[0] == "help":
        roll = state["roll"]
        return any(h != roll["roller"] and _may_help(state, h) for h in humans)
    return True


def _may_help(state: dict[str, Any], seat: int) -> bool:
    """The rules' help check (a student still in the investigation, not helping yet, help unspent)."""
    st = state["students"][seat] if 0 <= seat < len(state["students"]) else None
    return (st is not None and not st["left"] and seat not in state["roll"]["helpers"]
            and not helped(state, seat, state["roll"]["roller"]))


def claim_passes(state: dict[str, Any]) -> tuple[list[int], bool]:
    """The seats that passed the current step and whether one of them let the bots go
    (([], False) when nobody passed it, or the passes were for an earlier step)."""
    claim = state.get("claim")
    if not claim or claim["key"] != claim_step(state):
        return [], False
    return list(claim["seats"]), bool(claim["go"])


def pass_claim(state: dict[str, Any], seat: int, go: bool) -> dict[str, Any] | None:
    """The ``claim`` record after ``seat`` passes the current step (``go``: and lets the bots go);
    None when there is no step to pass."""
    key = claim_step(state)
    if key is None:
        return None
    seats, went = claim_passes(state)
    if seat not in seats:
        seats = sorted(seats + [seat])
    return {"key": key, "seats": seats, "go": went or go}
