"""The humans' claim window at a server table (see :mod:`shared.claims`), shown as the table's clock.

A table of a game with claims (school_mystery) where bots sit beside humans: when the table reaches
a step any seat may take, its bots are held back for ``CLAIM_WINDOW_S`` seconds, shown to everyone
as the snapshot's ``clock`` (``{"deadline_in", "paused", "total"}``; the host's clock ops pause it
or add time), unless every human passes it or one lets the bots go first (the rules' ``pass_claim``
action). The window's clock has no ``timeout_actions``: when it runs out, the bots may act.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from server.clock import Clock
from shared.claims import CLAIM_WINDOW_S, open_step

if TYPE_CHECKING:
    from server.tables import Table


def humans(t: Table) -> list[int]:
    """The seats no bot plays (an empty seat or an absent human still counts: they may come back)."""
    return [s for s, seat in enumerate(t.seats) if not seat.bot_level]


def claim_clock(t: Table, now: float, over: bool) -> Clock | None:
    """The table's clock after a change: the open window of the current step (the same Clock while
    the step is the same, so it keeps running), None when no window is open. A window closed by
    the humans' passes brings the bots' next moves forward to the usual beat."""
    people = humans(t)
    key = None if over or t.damaged or t.state is None or len(people) == t.n else open_step(t.spec, t.state, people)
    old = t.clock
    if key is None:
        if old is not None and not old.expired:
            for s, due in t.bot_due.items():
                t.bot_due[s] = min(due, now + t.bot_delay)
        return None
    if old is not None and old.key == key:
        return old
    return Clock(total=CLAIM_WINDOW_S, key=key, deadline=now + CLAIM_WINDOW_S)


def claim_open(t: Table) -> bool:
    """Whether the humans' window on the current step is still open (the hub marks an expired clock
    before it runs the bots due)."""
    c = t.clock
    return c is not None and not t.timed and not c.expired


def wait_for_claim(t: Table, seat: int, now: float) -> None:
    """A bot left the step to the humans: ask it again when the window closes."""
    c = t.clock
    if c is not None:
        t.bot_due[seat] = now + max(c.remaining(now), 0.05)
