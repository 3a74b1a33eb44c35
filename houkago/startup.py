"""The client's start-up: Python's cyclic garbage collector waits until the first frame is on screen.

Importing the client and building its first screen makes tens of thousands of objects that stay (modules,
classes, fonts, layouts); the collector went over them ~40 times before the first frame and found next to
nothing to free (~5 ms). :func:`hold_gc` pauses it (only if it runs); :func:`release_gc` lets it run again —
the app calls it once its first frame is shown, and ``houkago`` when the client returns or fails before that.
"""
from __future__ import annotations

import gc

_held: list[bool] = []


def hold_gc() -> None:
    """Pause the cyclic collector until :func:`release_gc` (nothing happens if it is already off)."""
    if gc.isenabled() and not _held:
        gc.disable()
        _held.append(True)


def release_gc() -> None:
    """Let the collector run again if :func:`hold_gc` paused it."""
    if _held:
        _held.clear()
        gc.enable()
