"""The scene interface: one screen (or overlay) on the app's scene stack."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from client.kit.still import StillLayer
from client.kit.widgets import Panel, buttons_key
from client.ui import PAPER

if TYPE_CHECKING:
    from client.app import App


class Scene:
    """A screen on the stack. The top scene gets input; opaque scenes hide those below.

    Loop: ``handle_event`` → ``on_message`` (the network messages it listens to) → ``update(dt)`` → ``draw``;
    ``draw`` changes nothing. Idle: ``frame_due`` says when the scene needs its next frame. ``layout`` runs on entry and whenever the window size,
    UI scale or language changes.
    """

    name = "scene"
    opaque = True  # False: the scene below is drawn first (overlays)
    dims = 0  # an overlay that darkens what lies under it by this alpha (the app draws that: App.draw)
    uses_gui = False  # True: pygame_gui elements are drawn on top of this scene
    listens: tuple[str, ...] = ()  # the message kinds :meth:`on_message` gets, typed, while on the stack

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: list[Any] = []
        if self.listens:
            self.listen(self.listens, lambda msg: self.on_message(msg))

    def listen(self, kinds: tuple[str, ...], handler: Callable[[Any], None]) -> None:
        """``handler(msg)`` for each typed message of ``kinds`` (``"_net"``: the connection's state) while
        this scene is on the stack; the subscription ends once the scene has left it (a scene is pushed in
        the frame it is made: one not on the stack a frame later has gone)."""
        from client.router import app_router

        app, born = self.app, getattr(self.app, "frames", 0)

        def deliver(msg: Any) -> None:
            if self in app.scenes:
                handler(msg)

        def alive() -> bool:
            return self in app.scenes or getattr(app, "frames", 0) <= born
        app_router(app).subscribe(kinds, deliver, alive=alive)

    def enter(self) -> None:
        """Pushed (or uncovered) — build the layout."""
        self.layout()

    def leave(self) -> None:
        """Popped or covered."""

    def layout(self) -> None:
        """Recompute rects/buttons for the current window size and language."""

    def escape(self) -> bool:
        """Esc was pressed: True when this scene handled it (closing itself, going back). Default: not handled."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.escape():
            return True
        for b in list(self.buttons):
            if b.handle(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.app.sounds.play("click")
                return True
        return False

    def on_message(self, msg: Any) -> None:
        """A typed server message of a kind in :attr:`listens` (or a ``client.wire.NetStatus``)."""

    def quiet(self, msg: Any) -> bool:
        """True when ``msg`` (not yet handled) will change nothing this scene shows, so that the app need not
        draw for it (a poll's unchanged answer); asked of the top scene only."""
        return False

    def update(self, dt: float) -> None:
        pass

    def frame_due(self) -> float | None:
        """When this scene changes by itself: ``0.0`` while it animates (full frame rate), seconds until its
        next visible tick (a clock second, a retry), or None when only input or a network message changes it.

        The app draws only when something changed and otherwise sleeps on the event queue (``App.run``).
        """
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def still_key(self) -> Hashable | None:
        """A key that holds everything :meth:`draw` shows now (the same key: the same pixels), so an overlay
        over this scene may keep it as a layer; None (the default): it may change any frame."""
        return None

    def buttons_key(self) -> tuple[Any, ...]:
        """What the buttons show: labels, places, states and which one the pointer is on."""
        return buttons_key(self.buttons, pygame.mouse.get_pos())

    def draw_titled_panel(self, surface: pygame.Surface, title: str, box: pygame.Rect, size: float = 2.0) -> None:
        """A set-up style screen's frame: the app's background, ``title`` centred above ``box`` and its panel."""
        app, u = self.app, self.app.unit
        app.background.with_panels(surface, [(box, 200)])
        app.text.blit(surface, title, u * size, PAPER, (surface.get_width() // 2, box.top - int(u * 4)), "midtop",
                      bold=True)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface, self.app.text, self.app.unit)


def draw_scenes(surface: pygame.Surface, scenes: list[Scene], dimmed: StillLayer | None = None) -> None:
    """Draw ``scenes`` bottom up. Under the topmost overlay that dims (``Scene.dims``) the scenes below it are
    drawn, then darkened; with ``dimmed``, that picture is kept as one layer while every scene below says
    what it shows (:meth:`Scene.still_key`), so an Esc menu over a still screen costs one blit."""
    k = next((i for i in range(len(scenes) - 1, 0, -1) if scenes[i].dims), 0)
    if not k:
        for scene in scenes:
            scene.draw(surface)
        return
    below, alpha = scenes[:k], scenes[k].dims

    def paint(layer: pygame.Surface) -> None:
        draw_scenes(layer, below)
        Panel.dim(layer, alpha)
    keys = tuple(scene.still_key() for scene in below)
    if dimmed is None or any(key is None for key in keys):
        paint(surface)
    else:
        dimmed.draw(surface, (keys, alpha), paint)
    for scene in scenes[k:]:
        scene.draw(surface)
