"""The humans' claim window at a school_mystery table: shown on the step line and as two buttons.

When bots sit beside humans, the server holds the bots back on a step any student may take (the
scene's next roll, a condition the table chooses) and sends the window as the snapshot's ``clock``
(``{"deadline_in", "paused", "total"}``, see server/claims.py). The step line then says how long the
bots wait, and the action bar offers **Pass** (this player leaves the step to the others; the window
closes when every human passed) and **Let the bots go** (it closes at once): the rules' ``pass_claim``
action, ``{"all": true}`` for the second. The window's seconds count down here between snapshots.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from shared.games.school_mystery.claims import claim_for, claim_passes, claim_step

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable


class ClaimClock:
    """The window's seconds left (None: no window), counted down locally between snapshots."""

    def __init__(self) -> None:
        self.left: float | None = None
        self.paused = False

    def set(self, clock: Any) -> None:
        """From the snapshot's ``clock`` (None: no window)."""
        left = clock.get("deadline_in") if isinstance(clock, dict) else None
        self.left = max(0.0, float(left)) if isinstance(left, (int, float)) and not isinstance(left, bool) else None
        self.paused = bool(clock.get("paused")) if isinstance(clock, dict) else False

    def tick(self, dt: float) -> bool:
        """Count down; True when the whole second shown changed."""
        if self.left is None or self.paused:
            return False
        before = self.shown()
        self.left = max(0.0, self.left - dt)
        return self.shown() != before

    def shown(self) -> int | None:
        return None if self.left is None else math.ceil(self.left)

    def until_tick(self) -> float | None:
        """Seconds until the shown second changes (None: nothing counts down)."""
        if self.left is None or self.paused or self.left <= 0:
            return None
        return self.left - (math.ceil(self.left) - 1)


def window_open(t: SchoolMysteryTable) -> int | None:
    """The seconds the bots still wait on this step (None: no window at this table now)."""
    seconds = t.claim.shown()
    if seconds is None or seconds <= 0 or not t.shown or claim_step(t.shown) is None or claim_for(t.shown) == t.seat:
        return None
    return seconds


def step_line(t: SchoolMysteryTable, line: str) -> str:
    """The step line with the window's countdown behind it, while one is open."""
    seconds = window_open(t)
    return line if seconds is None else f"{line} — {t.tx.ui('claim_window', seconds=seconds)}"


def add_buttons(t: SchoolMysteryTable, add: Callable[..., None]) -> None:
    """Pass (for a seated player who has not passed this step yet) and Let the bots go (always, while
    the window is open: a player who passed may still let the bots go at once)."""
    if window_open(t) is None or t.seat is None or not t.controls:
        return
    if t.seat not in claim_passes(t.shown)[0]:
        add("claim_pass", t.tx.ui("action_pass_claim"), lambda: t.send({"type": "pass_claim"}))
    add("claim_go", t.tx.ui("action_let_bots_go"), lambda: t.send({"type": "pass_claim", "all": True}))
