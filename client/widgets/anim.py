"""Tweens and a skippable animation queue.

``Tween`` interpolates a float or a tuple of floats over a duration with an easing;
``AnimQueue`` runs steps one after another (``Tween``, ``Wait``, ``Call``, or a
``Parallel`` group). A click or Space skips everything queued (:meth:`AnimQueue.handle_event`);
``fast=True`` makes every step finish the moment it starts. Steps do their work in
``update`` only, so drawing never changes anything.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import pygame

Value = float | tuple[float, ...]


# --- easings ------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing (the default for moves)."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Ease-out with a small overshoot (token drops)."""
    t = min(1.0, max(0.0, t))
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: Value, b: Value, k: float) -> Value:
    """Interpolate floats or equal-length tuples."""
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return tuple(x + (y - x) * k for x, y in zip(a, b))
    assert not isinstance(b, tuple)
    return a + (b - a) * k


def asks_to_skip(event: pygame.event.Event) -> bool:
    """Whether ``event`` is the gesture that skips what is animating: a left click or Space."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE)

class Step(Protocol):
    """Anything the queue can run."""

    def update(self, dt: float) -> None: ...

    def skip(self) -> None: ...

    @property
    def done(self) -> bool: ...


class Tween:
    """A value moving from ``start`` to ``end`` in ``duration`` seconds after ``delay``."""

    def __init__(self, start: Value, end: Value, duration: float, ease: Callable[[float], float] = ease_out,
                 delay: float = 0.0, on_done: Callable[[], None] | None = None) -> None:
        self.start, self.end = start, end
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0
        self.on_done = on_done
        self._fired = False

    @property
    def progress(self) -> float:
        """0..1 of the raw time (before easing)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> Value:
        return lerp(self.start, self.end, self.ease(self.progress))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)
        self._fire()

    def skip(self) -> None:
        self.elapsed = self.delay + self.duration
        self._fire()

    def _fire(self) -> None:
        if self.done and not self._fired:
            self._fired = True
            if self.on_done:
                self.on_done()


class Wait(Tween):
    """A pause (e.g. to let a reveal be read)."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(0.0, 1.0, duration, linear, on_done=on_done)


class Call:
    """Run a function when the queue reaches this step (instant)."""

    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def update(self, dt: float) -> None:
        self.skip()

    def skip(self) -> None:
        if not self._done:
            self._done = True
            self.fn()


class Parallel:
    """Several steps at once; done when all are."""

    def __init__(self, steps: Iterable[Step]) -> None:
        self.steps = list(steps)

    @property
    def done(self) -> bool:
        return all(s.done for s in self.steps)

    def update(self, dt: float) -> None:
        for s in self.steps:
            if not s.done:
                s.update(dt)

    def skip(self) -> None:
        for s in self.steps:
            s.skip()


class AnimQueue:
    """Steps run in order. ``skip_all`` (a click / Space) jumps every queued step to its end."""

    def __init__(self, fast: bool = False) -> None:
        self.fast = fast
        self.steps: list[Step] = []
        self.on_idle: Callable[[], None] | None = None  # called once each time the queue empties
        self._was_busy = False

    def add(self, step: Any) -> Any:
        self.steps.append(step)
        self._was_busy = True
        if self.fast:
            self._drain_fast()
        return step

    def extend(self, steps: Iterable[Step]) -> None:
        for s in steps:
            self.add(s)

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    def update(self, dt: float) -> None:
        if self.fast:
            self._drain_fast()
            return
        while self.steps and dt >= 0:
            head = self.steps[0]
            head.update(dt)
            if not head.done:
                break
            self.steps.pop(0)
            dt = 0.0  # the next step starts fresh next frame (its own zero-time steps run now)
        self._idle_check()

    def skip_all(self) -> None:
        # steps may enqueue more steps when they finish (Call); loop until empty
        guard = 0
        while self.steps and guard < 10000:
            head = self.steps.pop(0)
            head.skip()
            guard += 1
        self._idle_check()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click or Space skips the running animations (only when something is running)."""
        if self.busy and asks_to_skip(event):
            self.skip_all()
            return True
        return False

    def _drain_fast(self) -> None:
        self.skip_all()

    def _idle_check(self) -> None:
        if not self.steps and self._was_busy:
            self._was_busy = False
            if self.on_idle:
                self.on_idle()


class Flash:
    """A value that jumps to 1 and fades to 0 over ``duration`` (highlights, red outlines)."""

    def __init__(self, duration: float = 0.8) -> None:
        self.duration = duration
        self.left = 0.0
        self.data: Any = None

    def trigger(self, data: Any = None) -> None:
        self.left = self.duration
        self.data = data

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def alpha(self) -> float:
        return 0.0 if self.duration <= 0 else self.left / self.duration

    @property
    def active(self) -> bool:
        return self.left > 0


def pulse(t: float, period: float = 1.2) -> float:
    """0..1 soft pulse for glows (pure function of a clock the caller advances in update)."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * t / period)


class Staggered:
    """Run ``setup()`` when reached; it returns actions fired one every ``gap`` seconds (e.g. card flips).

    Done ``tail`` seconds after the last action; ``skip`` fires everything left at once.
    """

    def __init__(self, setup: Callable[[], list[Callable[[], None]]], gap: float = 0.12, tail: float = 0.3) -> None:
        self.setup = setup
        self.gap = gap
        self.tail = tail
        self.actions: list[Callable[[], None]] | None = None
        self.fired = 0
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        if self.actions is None:
            return False
        return self.fired >= len(self.actions) and self.elapsed >= max(0, len(self.actions) - 1) * self.gap + self.tail

    def _start(self) -> None:
        if self.actions is None:
            self.actions = list(self.setup())

    def update(self, dt: float) -> None:
        self._start()
        assert self.actions is not None
        self.elapsed += dt
        while self.fired < len(self.actions) and self.fired * self.gap <= self.elapsed:
            self.actions[self.fired]()
            self.fired += 1

    def skip(self) -> None:
        self._start()
        assert self.actions is not None
        while self.fired < len(self.actions):
            self.actions[self.fired]()
            self.fired += 1
        self.elapsed = max(0, len(self.actions) - 1) * self.gap + self.tail
