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


def claim_step(state: dict[str, Any]) -> list[Any] | None:
    """The key of the step any student may take now (None: no such step). It changes with the
    step: a new scene, or a roll declared there (``scene.rollers`` grows), or a condition the table
    chooses (a ``condition`` step: any student proposes, its student confirms)."""
    if state["phase"] != "investigation" or state["roll"] is not None:
        return None
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
    proposes, that student confirms); None when any student may take it (the next roll). A human's
    own step needs no window: bots do not take it."""
    key = claim_step(state)
    return key[1] if key is not None and key[0] == "condition" else None


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
