"""The humans' claim window, for runners that seat bots beside humans (the server's stand-ins, the bench).

A game whose rules define ``claim_step(state)`` (a key of the step any seat may take now, None when
there is none), ``claim_passes(state) -> (seats that passed, let the bots go)`` and optionally
``claim_wanted(state, humans)`` (whether those humans have anything to claim there) gives its humans
the first chance at such a step: while the window is open a bot is asked with ``view["claim_open"]``
true and leaves that step alone (school_mystery: the scene's next roll). The window opens when the
step changes and closes when every human passed, one of them let the bots go, or
``CLAIM_WINDOW_S`` ran out. The rules never read the time: the runner keeps the deadline (the
server shows it as the table's clock) and passes ``now`` in.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

CLAIM_WINDOW_S = 20.0  # how long bots leave a step to the humans unless they pass it sooner


def open_step(spec: Any, state: Any, humans: Collection[int]) -> tuple[Any, ...] | None:
    """The key of the step the humans may still claim: None when the game has no claims, no human
    sits, there is no such step, or every human passed it / let the bots go."""
    if not humans:
        return None
    step = spec._hook("claim_step")
    if step is None:
        return None
    key = step(state)
    if key is None:
        return None
    wanted = spec._hook("claim_wanted")
    if wanted is not None and not wanted(state, humans):
        return None  # nothing here a human could take (a human's own step, nobody left to help)
    passed, go = spec._hook("claim_passes")(state)
    if go or set(humans) <= set(passed):
        return None
    return ("claim", *key)


def with_claim(view: dict[str, Any], is_open: bool) -> dict[str, Any]:
    """The view a runner hands a bot, saying whether the humans' window on this step is still open."""
    out = dict(view)
    out["claim_open"] = is_open
    return out
