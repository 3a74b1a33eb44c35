"""Drive a guided first game in the real app with real pygame mouse events (not a test module)."""
from __future__ import annotations

from typing import Any

from client_helpers import make_app, run_until

from tools.tutorial_drive import act_on_ring, frames


def launcher_app(tmp_path: Any, lang: str = "ja", size: str = "1280x720") -> Any:
    """The app on its launcher (a fresh settings file: no guided game offered yet)."""
    from client import modes

    app = make_app(tmp_path, "--size", size, "--lang", lang)
    modes.start(app, app.args)
    app.frame(0.016)
    return app


def open_tutorial(tmp_path: Any, game: str, lang: str = "ja", size: str = "1280x720") -> Any:
    """The app on the launcher, then its guided game of ``game`` opened; returns the app at the first step."""
    from client.tutorial import offer

    app = launcher_app(tmp_path, lang, size)
    offer.start(app, game)
    run_until(app, lambda: app.find("tutorial") is not None and app.find("tutorial").view() is not None,
              what="the guided game's table")
    return app


def _moved_on(app: Any, step: str) -> bool:
    tut = app.find("tutorial")
    ready = tut is not None and tut.step.confirm and bool(tut.buttons) and tut.buttons[0].enabled
    return tut is None or tut.step.id != step or tut.step.reads or bool(tut.ring_nodes()) or ready


def _stuck(app: Any, tut: Any, done: list[tuple[str, str]]) -> str:
    """Why the same thing keeps being done without the step moving on (for the failure message)."""
    view = tut.view()
    ring = tut.ring_nodes()
    source = next((n for n in ring if n.draggable), None)
    under = view.nodes().at(source.anchor) if view is not None and source is not None else None
    return (f"step {tut.step.id!r} stuck after {done[-1][1]!r}: refused presses {tut.refused}, pending "
            f"{tut.pending!r}, view busy {view.busy() if view is not None else None}, ring "
            f"{[n.id for n in ring][:4]}, node under the piece {getattr(under, 'id', None)!r}, "
            f"shown phase {(getattr(view, 'shown', None) or {}).get('phase')!r} vs newest "
            f"{(view.view or {}).get('phase') if view is not None else None!r}, legal types "
            f"{sorted({a.get('type') for a in (view.legal or [])}) if view is not None else None}, toasts "
            f"{[getattr(t, 'text', t) for t in app.toasts]}")


def drive_to_end(app: Any, limit: int = 400, same_limit: int = 25) -> list[tuple[str, str]]:
    """Run the open guided game to its end; returns [(step id, what was done)]. The same thing done
    ``same_limit`` times in a row without the step moving on fails at once, saying what the table shows."""
    done: list[tuple[str, str]] = []
    for _ in range(limit):
        tut = app.find("tutorial")
        if tut is None:
            return done
        run_until(app, lambda: app.find("tutorial") is None or app.top is app.find("tutorial"),
                  what="the tutorial on top")
        tut = app.find("tutorial")
        if tut is None:
            return done
        step = tut.step.id
        did = act_on_ring(app, tut)
        if did:
            done.append((step, did))
            if len(done) >= same_limit and len(set(done[-same_limit:])) == 1:
                raise AssertionError(_stuck(app, tut, done))
        run_until(app, lambda step=step: _moved_on(app, step), what=f"step {step} to move on or show what to touch")
        frames(app, 3)
    raise AssertionError(f"the guided game did not end: {done}")
