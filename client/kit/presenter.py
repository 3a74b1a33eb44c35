"""The presenter: server batches (snapshot + the events that led to it) → animation steps.

A game gives a *presenter table*: ``steps[event type](event) -> [steps]`` (on
:mod:`client.widgets.anim`) and ``log(event) -> [lines]``. The presenter queues each
event's steps, then that event's log lines (the log never runs ahead of the animation),
then the batch's snapshot: the *shown* state advances only as each batch lands.
When a newer batch has waited more than ``max_lag`` seconds behind the one being animated,
everything before the newest is fast-forwarded, so the screen is never more than about a
second behind the server however fast bots play. Controls use
:attr:`Presenter.legal`, which is empty until the newest snapshot is the one shown.

**One shown truth.** :meth:`Presenter.now` is the :class:`Shown` the whole table reads — board,
buttons, header, step line, tooltips and refusals — never the newest snapshot: its ``view``, the
``legal`` actions controls may take now (empty while the table catches up), ``turn`` (the seats the
shown table waits for; empty while a batch plays: its actions have happened), ``duty`` (named seats
a game shows, e.g. school_mystery's clue duty) and ``clock`` (the phase clock that came with the
shown snapshot). A game reads ``turn`` and ``duty`` out of its view with a ``reader`` (default:
:func:`default_turn`, no duty).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from client.widgets.anim import AnimQueue, Call, asks_to_skip

StepFn = Callable[[dict[str, Any]], list[Any]]
LogFn = Callable[[dict[str, Any]], list[Any]]

MAX_LAG = 1.0  # seconds the shown state may trail the newest snapshot


@dataclass
class Shown:
    """What a table shows: one snapshot (the seat's view, its legal actions, the state id) and what is derived
    from it. Read it, never change it.

    ``turn``: the seats the shown table waits for (in seat order); ``duty``: named seats the game shows
    (``{"clue": 2}``); ``clock``: the phase clock that came with this snapshot (``{"deadline_in", "paused",
    "total"}``) or None; ``settled``: the newest snapshot is the one shown and nothing is animating (only then
    is ``legal`` non-empty in :meth:`Presenter.now`).
    """

    view: dict[str, Any] = field(default_factory=dict)
    legal: list[dict[str, Any]] = field(default_factory=list)
    sid: int = -1
    turn: tuple[int, ...] = ()
    duty: Mapping[str, Any] = field(default_factory=dict)
    clock: Any = None
    settled: bool = True


Reader = Callable[[dict[str, Any]], tuple[tuple[int, ...], Mapping[str, Any]]]


def default_turn(view: Mapping[str, Any]) -> tuple[tuple[int, ...], Mapping[str, Any]]:
    """(turn, duty) of a view by the common keys: ``turn`` (one seat) or ``to_act``, else ``actors`` less
    ``submitted``; no duty. A game with other keys gives the presenter its own reader."""
    if view.get("over"):
        return (), {}
    turn = view.get("turn")
    if isinstance(turn, int) and not isinstance(turn, bool):
        return (turn,), {}
    to_act = view.get("to_act")
    if isinstance(to_act, (list, tuple)):
        return tuple(s for s in to_act if isinstance(s, int)), {}
    done = set(view.get("submitted") or [])
    return tuple(s for s in view.get("actors") or [] if isinstance(s, int) and s not in done), {}


def shown_of(view: dict[str, Any], legal: list[dict[str, Any]], sid: int, clock: Any = None,
             reader: Reader | None = None) -> Shown:
    """A :class:`Shown` for a view that is shown as it comes (a table without a presenter)."""
    turn, duty = (reader or default_turn)(view) if view else ((), {})
    return Shown(view, list(legal), sid, tuple(turn), dict(duty), clock, True)


class Presenter:
    """Turns batches into steps; keeps the shown snapshot and the log in step with the animation."""

    def __init__(self, steps: dict[str, StepFn] | StepFn, log: LogFn, fast: bool = False, max_lag: float = MAX_LAG,
                 on_land: Callable[[Shown], None] | None = None, reader: Reader | None = None) -> None:
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
        self.reader: Reader = reader or default_turn  # a view -> (turn, duty)
        self._now: tuple[Any, Shown] | None = None  # (what it was made from, the Shown of now())

    # --- input ------------------------------------------------------------------------------
    def snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int, clock: Any = None) -> None:
        """A new snapshot (its events, if any, follow with :meth:`events`; its clock may follow with
        :meth:`set_clock`)."""
        self._close()
        turn, duty = self.reader(view) if view else ((), {})
        snap = Shown(view, list(legal), sid, tuple(turn), dict(duty), clock)
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

    def set_clock(self, clock: Any) -> None:
        """The phase clock of the newest snapshot (a ``clock`` message, or the one that came with it); shown
        with that snapshot."""
        self.latest.clock = clock
        if self.shown is self.latest:
            self._now = None

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
        """A click or Space skips the batch being shown (only while one is)."""
        if self.busy and asks_to_skip(event):
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

    def now(self) -> Shown:
        """The one shown truth: the landed snapshot with the ``legal`` actions controls may take now (none until
        the newest is shown and nothing animates) and ``turn`` (none while a batch plays: the seats it shows
        acting have acted). Every part of the table reads this, never the newest snapshot."""
        settled = self.caught_up
        key = (id(self.shown), self.shown.sid, settled, self.busy, id(self.shown.clock))
        if self._now is None or self._now[0] != key:
            snap = self.shown
            self._now = (key, replace(snap, legal=snap.legal if settled else [],
                                      turn=snap.turn if not self.busy else (), settled=settled))
        return self._now[1]

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
