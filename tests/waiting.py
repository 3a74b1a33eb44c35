"""The one way tests wait: poll a condition under a generous bound; on giving up, say what was awaited.

A loaded machine (CI, several engineers, a CPU hog) gets the time it needs: the bound is a safety net,
never a speed threshold. ``HOUKAGO_TEST_WAIT`` (seconds, default 60) scales every bound at once.
"""
from __future__ import annotations

import inspect
import os
import time
from collections.abc import Callable
from typing import Any

WAIT_SECONDS = float(os.environ.get("HOUKAGO_TEST_WAIT", "60"))
GAME_WAIT_SECONDS = 4 * WAIT_SECONDS  # for a whole game played by bots while the app draws every frame


class WaitTimeout(AssertionError):
    """A wait gave up; the message names what it waited for."""


def describe(what: str | Callable[[], Any] | None, cond: Callable[[], Any] | None = None) -> str:
    """Text for a failure: ``what`` itself, what it returns (state at give-up time), or ``cond``'s source."""
    if isinstance(what, str):
        return what
    if what is not None:
        try:
            return str(what())
        except Exception as exc:  # noqa: BLE001 - describing must never hide the timeout
            return f"<description failed: {exc!r}>"
    if cond is not None:
        try:
            return inspect.getsource(cond).strip()
        except (OSError, TypeError):
            return repr(cond)
    return "a condition"


def wait_until(cond: Callable[[], Any], what: str | Callable[[], Any] | None = None, *,
               timeout: float | None = None, interval: float = 0.005,
               step: Callable[[], Any] | None = None, min_polls: int = 0) -> Any:
    """Poll ``cond()`` until it is truthy and return its value; ``step()`` runs before each poll
    (e.g. one app frame). Raises :class:`WaitTimeout` naming ``what`` once ``timeout`` seconds have
    passed and at least ``min_polls`` polls were made."""
    bound = WAIT_SECONDS if timeout is None else timeout
    start = time.monotonic()
    polls = 0
    while True:
        if step is not None:
            step()
        value = cond()
        polls += 1
        if value:
            return value
        if polls >= min_polls and time.monotonic() - start > bound:
            raise WaitTimeout(f"gave up after {bound:g} s ({polls} polls) waiting for: {describe(what, cond)}")
        if interval:
            time.sleep(interval)


def expect_message(session: Any, kinds: set[str] | str, what: str | None = None,
                   timeout: float | None = None) -> Any:
    """The next typed message of ``kinds`` from a ``client.session.ClientSession`` (others are dropped), or
    :class:`WaitTimeout` naming it."""
    bound = WAIT_SECONDS if timeout is None else timeout
    msg = session.wait_for(kinds, timeout=bound)
    if msg is None:
        raise WaitTimeout(f"gave up after {bound:g} s waiting for a {kinds!r} message"
                          + (f": {what}" if what else ""))
    return msg
