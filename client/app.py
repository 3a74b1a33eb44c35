"""The client app: the window, the loop and the scene stack (scenes by name, ``client.scenes.registry``).

``main(args)`` is called by ``houkago`` (launcher), ``houkago play``, ``host``, ``join``
and ``display``. Loop: events → network messages → update(dt) → draw (draw changes
nothing). Everything lives on the :class:`App` instance (no module globals).

Idle like a desktop app: a frame runs only when something changed — input, a network
message, a scene change, an animation (full frame rate) or a scene's next visible tick
(``Scene.frame_due``, e.g. a clock second). Otherwise the loop sleeps on the event queue
(``pygame.event.wait``); the network thread wakes it with an event when a message arrives.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from client import settings as settings_mod
from client.i18n import Strings
from client.kit import theme
from client.kit.still import StillLayer
from client.scenes.base import Scene, draw_scenes
from client.scenes.registry import SCENES
from client.seatbook import SeatBook
from client.sound import Sounds
from client.text import TextEngine
from client.ui import ACCENT, CHALK, ERROR, INK, PAPER, Background
from houkago import startup

# Imported where first needed, not here: the launcher's first frame waits for none of them (pygame-gui, the
# network session, the match and its games' rules; bench/idle.py measures the first frame).
if TYPE_CHECKING:
    from client.gui import Gui
    from client.localgames import Keeper
    from client.match import Match
    from client.router import Router
    from client.session import ClientSession
    from client.wire import NetStatus

MIN_SIZE = (1280, 720)
MAX_SIZE = (3840, 2160)
FPS = 60
UNTIL_OVER_LIMIT = 900.0  # seconds: an automated run taking longer than this fails
SETTLE = 1.2  # seconds of full-rate frames after input, a message or a scene change (hover, peeks, fades)
MESSAGE_SETTLE = 0.05  # seconds of frames after a network message (what it starts, a scene reports as frame_due)
IDLE_MAX = 1.0  # seconds: the longest single sleep (the loop then asks the scenes again, without drawing)
TEXT_BLINK = 0.5  # seconds: the caret of a focused text entry blinks at this pace
SAVING_TTL = 3600.0  # the "saving failed — retrying" banner stays until the change is saved
WAKE = pygame.event.custom_type()  # posted by the network thread: a message is waiting


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = text.lower().split("x")
        return max(320, min(MAX_SIZE[0], int(w))), max(240, min(MAX_SIZE[1], int(h)))
    except ValueError:
        return None


def init_pygame() -> None:
    """pygame's modules the app uses — not the mixer: ``pygame.init()`` would open it at 44.1 kHz stereo
    (and print ALSA errors on a machine without sound); :class:`Sounds` opens it after the first frame.

    On Linux the window's pixels go to X11 directly (SDL's own framebuffer), not through an OpenGL texture:
    SDL's default there makes a GL renderer for the window, which costs ~80 ms of CPU before the first
    frame (loading and starting the GL driver; a software one on machines without a GPU) and gains a 2D app
    drawing into one surface nothing. ``SDL_FRAMEBUFFER_ACCELERATION=1`` in the environment brings it back."""
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.init()
    if sys.platform.startswith("linux"):
        set_pygame_icon()
    pygame.font.init()


def init_freetype() -> None:
    """pygame's freetype module, which pygame-gui draws its text with (the app's own text uses pygame.font):
    started when the GUI is first made, not before the first frame."""
    try:
        from pygame import freetype

        freetype.init()
    except (ImportError, pygame.error):
        pass


def pygame_icon() -> pygame.Surface | None:
    """pygame's own window icon as its ``set_mode`` makes it (its bitmap, magenta see-through), loaded by
    path: ``set_mode`` looks it up through ``importlib.resources``, whose readers import ``zipfile`` and more
    (~4 ms before the first frame). None when the file is not there (``set_mode`` then finds it itself)."""
    try:
        icon = pygame.image.load(os.path.join(os.path.dirname(pygame.__file__), "pygame_icon.bmp"))
    except (pygame.error, OSError):
        return None
    icon.set_colorkey(theme.ICON_COLOURKEY)
    return icon


def set_pygame_icon() -> None:
    """Give the window pygame's icon before its first ``set_mode`` (:func:`pygame_icon`)."""
    icon = pygame_icon()
    if icon is not None:
        pygame.display.set_icon(icon)


class Toast:
    def __init__(self, message: str, kind: str, ttl: float = 3.5) -> None:
        self.message, self.kind, self.ttl = message, kind, ttl


class App:
    """The window, the loop and the scene stack; also holds the session, server and match."""

    def __init__(self, args: argparse.Namespace, settings_path: Path | None = None) -> None:
        self.args = args
        self.settings_path = settings_path
        self.settings = settings_mod.load(settings_path)
        if getattr(args, "lang", None):
            self.settings.lang = args.lang
        if getattr(args, "name", None):
            self.settings.name = args.name
        self.fast = bool(getattr(args, "until_over", False))
        self.strings = Strings(self.settings.lang)
        self.text = TextEngine(self.settings.lang)
        init_pygame()
        pygame.key.set_repeat(350, 35)
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.display_cmd = getattr(args, "command", None) == "display"
        size = parse_size(getattr(args, "size", None))
        fullscreen = bool(getattr(args, "fullscreen", False)) or (
            self.settings.fullscreen and size is None) or (self.display_cmd and size is None)
        self.windowed_size = size or MIN_SIZE
        self.fullscreen = False
        self.screen = self._set_mode(self.windowed_size, fullscreen)
        pygame.display.set_caption(self.strings.t("app.title"))
        self._gui: Gui | None = None  # made when a scene that uses pygame-gui is first shown (self.gui)
        self.laid_out_size = self.screen.get_size()  # the window size the scenes and the GUI are laid out for
        self.warm_type_scale()
        self.scenes: list[Scene] = []
        self.toasts: list[Toast] = []
        self.saving: Toast | None = None  # "saving failed — retrying" while the server cannot save a change
        self.session: ClientSession | None = None
        self.router: Router | None = None  # subscriptions to the session's messages (client.router.app_router)
        self.server: Any = None  # server.runtime.ServerThread (client.services starts it)
        self.match: Match | None = None
        self.keeper: Keeper | None = None  # the local game's game.json (client.localgames), if this is one
        self.replay: dict[str, Any] | None = None  # pass-and-play settings for "play again"
        self.exit_code: int | None = None
        self.started = time.monotonic()
        self.shot_dir = Path(args.screenshot_dir) if getattr(args, "screenshot_dir", None) else None
        self._shot_pending = False
        self._shots = 0
        self._contents: dict[str, Any] = {}
        self._deferred: list[Callable[[], object]] = []
        self.clock = pygame.time.Clock()
        self.background = Background()
        self.background.in_place = True  # until the first frame is shown (no window-sized copy made before it)
        self._dimmed = StillLayer()  # what lies under a dimming overlay (scenes.base.draw_scenes)
        self._awake_until = 0.0  # time.monotonic() until which frames run at full rate
        self._held: list[pygame.event.Event] = []  # the event that ended an idle sleep
        self.frames = 0  # frames drawn (the idle tests count them)

    @property
    def gui(self) -> Gui:
        """pygame-gui's manager and our theme for it, made on first use (the launcher draws without it)."""
        if self._gui is None:
            from client import gui_cjk
            from client.gui import Gui

            gui_cjk.install()  # CJK line breaking in pygame-gui text boxes
            init_freetype()
            self._gui = Gui(self.screen.get_size(), self.strings.lang, self.unit)
        return self._gui

    # --- idle -------------------------------------------------------------------------
    def wake(self, seconds: float | None = None) -> None:
        """Something changed: draw at full rate for ``seconds`` (default SETTLE: hover effects, fades, peeks)."""
        self._awake_until = max(self._awake_until, time.monotonic() + (SETTLE if seconds is None else seconds))

    def frame_due(self, asleep: bool = False) -> float | None:
        """Seconds until the next frame must be drawn: 0.0 now, None only on input or a message.
        ``asleep``: asked by the sleeping loop, which takes the events and network messages itself (an input
        event ends up in ``_held``; a message draws only if it changes the screen) — a message waiting in
        the inbox, or its wake-up event still queued, is then no reason to draw."""
        if self.fast or self._held or self._deferred or self._shot_pending:
            return 0.0
        if not asleep:
            session = self.session
            if pygame.event.peek() or (session is not None and not session.inbox.empty()):
                return 0.0
        now = time.monotonic()
        if now < self._awake_until:
            return 0.0
        first = self._first_visible()
        dues: list[float | None] = []
        for i, scene in enumerate(list(self.scenes)):
            due = scene.frame_due()
            # a scene under an opaque one shows nothing: its clock seconds need no frame, its animations do
            if due is not None and (i >= first or due <= 0.0):
                dues.append(due)
        dues += [toast.ttl for toast in self.toasts]
        if self.top is not None and self.top.uses_gui and self.gui.focused_entry() is not None:
            dues.append(TEXT_BLINK)
        known = [max(0.0, d) for d in dues if d is not None]
        return min(known) if known else None

    def notify(self) -> None:
        """Thread-safe: end the main loop's sleep (a helper thread has something for a scene)."""
        self._notify_from_network()

    def _notify_from_network(self) -> None:
        """Called on the network thread for each message: end the main loop's sleep."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:  # the window is closing
            pass

    def sleep(self, seconds: float | None) -> None:
        """Wait for an event (kept for the next frame), a network message or ``seconds`` (at most IDLE_MAX)."""
        session = self.session
        if session is not None:
            session.on_inbox = self._notify_from_network
            if not session.inbox.empty():
                return
        wait = IDLE_MAX if seconds is None else min(IDLE_MAX, seconds)
        event = pygame.event.wait(max(1, int(wait * 1000)))
        if event.type not in (pygame.NOEVENT, WAKE):
            self._held.append(event)

    # --- window -----------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        try:
            screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            fullscreen = False
        self.fullscreen = fullscreen
        try:  # layouts are made for 16:9 from 1280×720 up; smaller windows still work
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = (960, 540)
        except (AttributeError, pygame.error):
            pass
        return screen

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.screen = self._set_mode(self.windowed_size, not self.fullscreen)
        self.relayout()

    @property
    def unit(self) -> float:
        """The base size: window height / 54 × UI scale (20 px at 1080p), at least 13.3 (720p)."""
        h = self.screen.get_height() if hasattr(self, "screen") else 720
        return max(h, 480) / 54.0 * self.settings.ui_scale

    def relayout(self) -> None:
        """The window, language or UI scale changed: rebuild the GUI and every scene's layout."""
        self.screen = pygame.display.get_surface() or self.screen
        self.laid_out_size = self.screen.get_size()
        self.text.set_lang(self.strings.lang)
        self.warm_type_scale()
        if self._gui is not None:
            self._gui.rebuild(self.screen.get_size(), self.strings.lang, self.unit)
        for scene in self.scenes:
            scene.layout()
        self.wake()

    def set_lang(self, lang: str) -> None:
        self.settings.lang = lang
        self.strings.set_lang(lang)
        pygame.display.set_caption(self.strings.t("app.title"))
        self.relayout()

    def save_settings(self) -> None:
        self.sounds.set_volume(self.settings.volume, self.settings.muted)
        settings_mod.save(self.settings, self.settings_path)

    @property
    def seatbook(self) -> SeatBook:
        """Seats held on LAN servers (``seats.json`` next to the settings), for coming back after a restart."""
        return SeatBook((self.settings_path or settings_mod.default_path()).parent / "seats.json")

    def player_name(self) -> str:
        return self.settings.name or self.strings.t("table.seat_name", n=1)

    # --- scene stack (by name) --------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def mark_changed(self) -> None:
        """What the top scene shows changed (screenshot runs take a new picture)."""
        self._shot_pending = True

    def make(self, name: str, **params: Any) -> Scene:
        """A new scene of the registered ``name`` (``params`` go to its constructor)."""
        try:
            kind = SCENES[name]
        except KeyError:
            raise KeyError(f"no scene named {name!r} (client.scenes.registry)") from None
        return kind(self, **params)

    def push(self, name: str, enter: bool = True, **params: Any) -> Scene:
        """Put a new ``name`` scene on top (the one below is covered). ``enter=False``: the caller covers it
        at once or enters it itself (a scene not entered is never drawn)."""
        scene = self.make(name, **params)
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        if enter:
            scene.enter()
        self._shot_pending = True
        self.wake()
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Remove ``scene`` (default: the top one); the uncovered scene re-enters."""
        if not self.scenes:
            return
        target = scene or self.scenes[-1]
        if target not in self.scenes:
            return
        was_top = target is self.scenes[-1]
        target.leave()
        self.scenes.remove(target)
        if was_top and self.scenes:
            self.scenes[-1].enter()
        self._shot_pending = True
        self.wake()

    def replace(self, name: str, enter: bool = True, **params: Any) -> Scene:
        """Replace the whole stack with a new ``name`` scene (``enter``: as in :meth:`push`)."""
        while self.scenes:
            self.scenes.pop().leave()
        return self.push(name, enter, **params)

    def find(self, name: str) -> Scene | None:
        """The topmost scene on the stack called ``name``."""
        for scene in reversed(self.scenes):
            if scene.name == name:
                return scene
        return None

    def later(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` after the current frame's event handling (safe stack changes)."""
        self._deferred.append(fn)

    # --- services ------------------------------------------------------------------------
    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append(Toast(message, kind))
        self.toasts = self.toasts[-4:]
        self.wake()
        if kind == "error":
            self.sounds.play("error")

    def content(self, game_id: str) -> Any:
        if game_id not in self._contents:
            from shared.engine import REGISTRY

            spec = REGISTRY.get(game_id)
            self._contents[game_id] = spec.content() if spec else None
        return self._contents[game_id]

    def quit(self, code: int = 0) -> None:
        if self.exit_code is None:
            self.exit_code = code

    def screenshot(self, label: str = "") -> Path | None:
        if self.shot_dir is None:
            return None
        self.shot_dir.mkdir(parents=True, exist_ok=True)
        self._shots += 1
        name = label or (self.top.name if self.top else "empty")
        path = self.shot_dir / f"{self._shots:03d}_{name}.png"
        pygame.image.save(self.screen, str(path))
        return path

    # --- the loop ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == WAKE:
            return
        self.wake()
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            shown = pygame.display.get_surface()
            if shown is not None and shown.get_size() != self.laid_out_size:
                self.relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            path = self.screenshot("f12")
            if path:
                self.toast(self.strings.t("toast.copied", file=path.name))
            return
        top = self.top
        if top is None:
            return
        if top.uses_gui and self.gui.process(event):
            return
        top.handle_event(event)

    def poll_network(self) -> None:
        """Hand this frame's network messages, typed, to their subscribers (client.router.Router): the
        status handler, the local game's keeper, the packs sync, the match, then the scenes."""
        session = self.session
        if session is None:
            return

        def woken(msg: Any) -> None:
            top = self.top
            if top is None or not top.quiet(msg):  # a message that changes nothing on screen draws nothing
                self.wake(MESSAGE_SETTLE)
        session.dispatch(before=woken)

    def on_net_status(self, msg: NetStatus) -> None:
        """Connection down → the reconnecting overlay; up again → remove it. The server could not save a
        change → a calm banner while the session sends it again by itself; saved → a short "saved"."""
        state = msg.state
        if state == "saving":
            text = self.strings.t("net.saving", n=msg.attempt or 1)
            if self.saving is None or self.saving not in self.toasts:
                self.saving = Toast(text, "info", ttl=SAVING_TTL)
                self.toasts = (self.toasts + [self.saving])[-4:]
            self.saving.message, self.saving.ttl = text, SAVING_TTL
            return
        if state == "saved":
            if self.saving is not None and self.saving in self.toasts:
                self.toasts.remove(self.saving)
            self.saving = None
            self.toast(self.strings.t("net.saved"))
            return
        overlay = self.find("reconnecting")
        if state == "down" and self.match is not None:
            if overlay is None:  # it follows the attempts itself (it sees every message)
                self.push("reconnecting", attempt=msg.attempt or 1)
        elif state == "up" and overlay is not None:
            self.pop(overlay)

    def leave_table(self) -> None:
        """Close the connection and any local server; forget the match."""
        from client import services

        services.close_session(self)
        services.stop_local_server(self)
        if self.saving is not None and self.saving in self.toasts:  # nothing is being saved any more
            self.toasts.remove(self.saving)
        self.saving = None
        self.match = None
        self.keeper = None

    def back_to_launcher(self) -> None:
        def go() -> None:
            self.leave_table()
            self.replace("launcher")

        self.later(go)

    def play_again(self) -> None:
        """Pass-and-play: the same game with the same seats, a new seed."""
        replay = self.replay
        if replay is None:
            return
        def go() -> None:
            from client import modes

            self.leave_table()
            self.replace("launcher")
            modes.start_play(self, replay["game"], replay["players"], replay["bots"], replay["bot_level"],
                             options=replay["options"], until_over=self.fast, names=replay.get("names"))

        self.later(go)

    def frame(self, dt: float) -> None:
        """One frame: events, network, update, draw."""
        held, self._held = self._held, []
        for event in held + pygame.event.get():
            self.handle_event(event)
        self.poll_network()
        while self._deferred:
            self._deferred.pop(0)()
        for toast in self.toasts:
            toast.ttl -= dt
        self.toasts = [t for t in self.toasts if t.ttl > 0]
        for scene in list(self.scenes):
            scene.update(dt)
        if self.top is not None and self.top.uses_gui:
            self.gui.manager.update(dt)
        self.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        self.background.in_place = False
        if self.frames == 1:
            startup.release_gc()  # (houkago held the cyclic collector until the first frame is shown)
        if not self.sounds.started:  # the mixer opens once the first frame is on screen
            self.sounds.start()
        if self._shot_pending:
            self._shot_pending = False
            self.screenshot()
        if self.fast and time.monotonic() - self.started > UNTIL_OVER_LIMIT:
            self.quit(3)

    def _first_visible(self) -> int:
        """Index of the lowest scene that is drawn (the topmost opaque one; 0 if none is opaque)."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return i
        return 0

    def draw(self, surface: pygame.Surface) -> None:
        first = self._first_visible()
        if not self.scenes:
            surface.fill(theme.TABLE_DARK)  # (no scene: nothing but the table's colour)
        draw_scenes(surface, self.scenes[first:], self._dimmed)
        top = self.top
        if top is not None and top.uses_gui:
            self.gui.manager.draw_ui(surface)
            entry = self.gui.focused_entry()
            if entry is not None:
                self.gui.composition.draw(surface, self.text, entry.rect, self.unit)
        self.draw_toasts(surface)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        u = self.unit
        y = int(u * 3.2)
        for toast in self.toasts:
            lines = self.text.wrap(toast.message, u, int(u * 30))
            h = int(len(lines) * self.text.font(u).get_linesize() + u)
            w = max(self.text.size(line, u)[0] for line in lines) + int(u * 1.6) if lines else int(u * 4)
            rect = pygame.Rect(0, y, w, h)
            rect.centerx = surface.get_width() // 2
            color = ERROR if toast.kind == "error" else PAPER
            pygame.draw.rect(surface, color, rect, border_radius=int(u * 0.5))
            pygame.draw.rect(surface, ACCENT if toast.kind != "error" else INK, rect, 2, border_radius=int(u * 0.5))
            ty = rect.top + int(u * 0.5)
            for line in lines:
                img = self.text.render(line, u, CHALK if toast.kind == "error" else INK)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, ty)))
                ty += self.text.font(u).get_linesize()
            y = rect.bottom + int(u * 0.4)

    def catch_up(self, seconds: float) -> None:
        """Time passed while the loop slept (nothing was animating): timers and clocks advance, nothing is drawn."""
        for toast in self.toasts:
            toast.ttl -= seconds
        for scene in list(self.scenes):
            scene.update(seconds)

    def run(self) -> int:
        """Frames at up to FPS while something changes; sleeps on the event queue while nothing does."""
        try:
            while self.exit_code is None:
                due = self.frame_due()
                if due is not None and due <= 0:
                    dt = self.clock.tick(FPS) / 1000.0
                    self.frame(min(dt, 0.1))
                    self.spare_time()
                    continue
                # Nothing is updated while sleeping, so the scenes' answers stay relative to ``slept_from``.
                slept_from = time.monotonic()
                while due is None or due > time.monotonic() - slept_from:
                    if self.spare_time():  # work done ahead: look at the events, then go on
                        self.sleep(0.0)
                    else:
                        self.sleep(None if due is None else due - (time.monotonic() - slept_from))
                    if not self._held:  # messages are handled while asleep; only those that change the screen draw
                        self.poll_network()
                    due = self.frame_due(asleep=True)  # one that came after the poll is taken on the next turn
                self.catch_up(time.monotonic() - slept_from)
                self.clock.tick()  # the sleep is not the next frame's dt
                self.frame(1.0 / FPS)
        except KeyboardInterrupt:
            self.exit_code = 130
        finally:
            self.shutdown()
        return self.exit_code or 0

    def warm_type_scale(self) -> None:
        """Queue the fonts of the type scale at this size and language for :meth:`spare_time`."""
        self.text.warm((theme.type_px(kind, self.unit), bold) for kind in theme.TYPE for bold in (False, True))

    def spare_time(self) -> bool:
        """One piece of work done ahead, between frames, so that no frame does it: a sound made, a font
        of the type scale loaded. False when nothing is left to do."""
        return self.sounds.prepare_next() or self.text.warm_next()

    def shutdown(self) -> None:
        """Leave the table (connection, local server) and close the window."""
        self.leave_table()
        pygame.quit()


def main(args: argparse.Namespace) -> int:
    """Entry point for ``houkago`` [play|host|join|display]."""
    from client import modes

    app = App(args)
    try:
        modes.start(app, args)
    except modes.StartError as exc:
        print(f"houkago: {exc}", file=sys.stderr)
        app.shutdown()
        return 2
    return app.run()
