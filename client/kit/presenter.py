"""The presenter: server batches (snapshot + the events that led to it) → animation steps.

A game gives a *presenter table*: ``steps[event type](event) -> [steps]`` (on
:mod:`client.widgets.anim`) and ``log(event) -> [lines]``. The presenter queues each
event's steps, then that event's log lines (the log never runs ahead of the animation),
then the batch's snapshot: the *shown* state advances only as each batch lands.
When a newer batch has waited more than ``max_lag`` seconds behind the one being animated,
everything before the newest is fast-forwarded, so the screen is never more than about a
second behind the server however fast bots play. Controls use
:attr:`Presenter.legal`, which is empty until the newest snapshot is the one shown.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.widgets.anim import AnimQueue, Call

StepFn = Callable[[dict[str, Any]], list[Any]]
LogFn = Callable[[dict[str, Any]], list[Any]]

MAX_LAG = 1.0  # seconds the shown state may trail the newest snapshot


@dataclass
class Shown:
    """One snapshot: the seat's view, its legal actions, the state id."""

    view: dict[str, Any] = field(default_factory=dict)
    legal: list[dict[str, Any]] = field(default_factory=list)
    sid: int = -1


class Presenter:
    """Turns batches into steps; keeps the shown snapshot and the log in step with the animation."""

    def __init__(self, steps: dict[str, StepFn] | StepFn, log: LogFn, fast: bool = False, max_lag: float = MAX_LAG,
                 on_land: Callable[[Shown], None] | None = None) -> None:
        self.steps = steps  # event type -> its steps, or one function for every event
        self.log = log
        self.queue = AnimQueue(fast=fast)
        self.max_lag = max_lag
        self.on_land = on_land  # the view re-syncs what it shows from the landed snapshot
        self.latest = Shown()
        self.shown = Shown()
        self.log_lines: list[Any] = []
        self.clock = 0.0
        self._open: Shown | None = None  # a snapshot whose events have not come (yet)
        self._pending: list[tuple[float, int]] = []  # (received at, sid) of batches not yet landed
        self.fast_forwards = 0

    # --- input ------------------------------------------------------------------------------
    def snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        """A new snapshot (its events, if any, follow with :meth:`events`)."""
        self._close()
        snap = Shown(view, list(legal), sid)
        self.latest = snap
        if self.shown.sid < 0 and not self.queue.busy:
            self._land(snap)  # the first picture: nothing to animate from
            return
        self._open = snap
        self._pending.append((self.clock, sid))

    def events(self, events: list[dict[str, Any]]) -> None:
        """The events that led to the last snapshot, in order."""
        for ev in events:
            fn = self.steps if callable(self.steps) else self.steps.get(str(ev.get("type")))
            if fn is not None:
                for step in fn(ev):
                    self.queue.add(step)
            lines = self.log(ev)
            if lines:
                self.queue.add(Call(self._appender(lines)))
        self._close()

    def _appender(self, lines: list[Any]) -> Callable[[], None]:
        return lambda: self.log_lines.extend(lines)

    def seed_log(self, lines: Iterable[Any]) -> None:
        """Log lines known without animation (a table joining late rebuilds its log)."""
        self.log_lines = list(lines)

    def _close(self) -> None:
        if self._open is not None:
            snap = self._open
            self._open = None
            self.queue.add(Call(lambda: self._land(snap)))

    def _land(self, snap: Shown) -> None:
        self.shown = snap
        self._pending = [p for p in self._pending if p[1] > snap.sid]
        if self.on_land is not None:
            self.on_land(snap)

    # --- the loop ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self._close()
        if self.lag > self.max_lag and self.queue.busy:
            # a backlog: land everything but the newest batch at once, then let the newest play
            target = self._pending[-2][1]
            self.fast_forwards += 1
            guard = 0
            while self.queue.busy and self.shown.sid < target and guard < 100000:
                head = self.queue.steps.pop(0)
                head.skip()
                guard += 1
        self.queue.update(dt)

    def skip(self) -> None:
        """A click or Space: everything queued lands now."""
        self._close()
        self.queue.skip_all()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.busy:
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
            self.skip()
            return True
        return False

    # --- what the view reads ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.queue.busy or self._open is not None

    @property
    def caught_up(self) -> bool:
        """The newest snapshot is the one shown."""
        return self.shown.sid == self.latest.sid and not self.busy

    @property
    def legal(self) -> list[dict[str, Any]]:
        """The legal actions — only once the shown state is the newest (controls act on what is shown)."""
        return self.shown.legal if self.caught_up else []

    @property
    def lag(self) -> float:
        """Seconds a newer batch has waited behind the one being animated (0 without a backlog).

        One batch plays in full however long its animation (the round-5 reveal); once a newer
        one waits more than ``max_lag``, everything before the newest is fast-forwarded.
        """
        return self.clock - self._pending[1][0] if len(self._pending) >= 2 else 0.0
