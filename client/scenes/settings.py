"""Settings: language, volume, mute, text size, fullscreen, player name (saved between runs)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from client.kit.widgets import centred_box
from client.scenes.base import Scene
from client.settings import UI_SCALES
from client.ui import CHALK, PAPER, Button

if TYPE_CHECKING:
    from client.app import App

LANG_LABELS = (("ja", "日本語"), ("zh", "中文"), ("en", "English"))
# the rows, top to bottom, one step apart (each a label, then its controls)
ROWS = ("settings.language", "settings.volume", "settings.mute", "settings.ui_scale", "settings.fullscreen",
        "settings.name")


class SettingsScene(Scene):
    name = "settings"
    uses_gui = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, int]] = []
        self.name_entry: Any = None
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        s = app.settings
        t = app.strings.t
        self.box = centred_box(app.screen, u, 46, 28.5)
        x_label = self.box.left + int(u * 2)
        x_ctl = self.box.left + int(u * 17)
        step = int(u * 3.6)
        bh = int(u * 2.4)
        top = self.box.top + int(u * 2.2)
        self.rows = [(key, top + i * step) for i, key in enumerate(ROWS)]
        y = dict(self.rows)
        self.buttons = [Button(label, pygame.Rect(x_ctl + i * int(u * 8.6), y["settings.language"], int(u * 8), bh),
                               partial(self.set_lang, code), selected=s.lang == code, key=f"lang_{code}")
                        for i, (code, label) in enumerate(LANG_LABELS)]
        self.buttons += self._stepper(x_ctl, y["settings.volume"], bh, partial(self.volume, -0.1),
                                      partial(self.volume, 0.1), "vol")
        self.buttons.append(self._switch(x_ctl, y["settings.mute"], bh, s.muted, self.toggle_mute, "mute"))
        self.buttons += self._stepper(x_ctl, y["settings.ui_scale"], bh, partial(self.scale, -1),
                                      partial(self.scale, 1), "scale")
        self.buttons.append(self._switch(x_ctl, y["settings.fullscreen"], bh, app.fullscreen, self.toggle_fullscreen,
                                         "fullscreen"))
        if self.name_entry is not None:
            self.name_entry.kill()
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x_ctl, y["settings.name"], int(u * 25), bh), manager=app.gui.manager)
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(s.name)
        pygame.key.set_text_input_rect(self.name_entry.rect)
        back_y = y["settings.name"] + step + int(u * 0.8)
        self.buttons.append(Button(t("settings.back"),
                                   pygame.Rect(self.box.centerx - int(u * 6), back_y, int(u * 12), bh),
                                   self.close, primary=True, key="back"))
        self._x_label = x_label
        self._x_ctl = x_ctl

    def _switch(self, x: int, y: int, h: int, on: bool, toggle: Callable[[], None], key: str) -> Button:
        """An on/off button showing its state (selected when on)."""
        t = self.app.strings.t
        return Button(t("settings.on") if on else t("settings.off"), pygame.Rect(x, y, int(self.app.unit * 8), h),
                      toggle, selected=on, key=key)

    def _stepper(self, x: int, y: int, size: int, down: Callable[[], None], up: Callable[[], None],
                 key: str) -> list[Button]:
        """A − and a + button (keys ``<key>_down``, ``<key>_up``), the value shown between them."""
        return [Button("−", pygame.Rect(x, y, size, size), down, key=f"{key}_down"),
                Button("+", pygame.Rect(x + int(self.app.unit * 9), y, size, size), up, key=f"{key}_up")]

    def set_lang(self, lang: str) -> None:
        self._keep_name()
        self.app.set_lang(lang)
        self.app.save_settings()

    def volume(self, delta: float) -> None:
        self.app.settings.volume = round(min(1.0, max(0.0, self.app.settings.volume + delta)), 2)
        self.app.save_settings()
        self.app.sounds.play("token")

    def toggle_mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.app.save_settings()
        self.layout()

    def scale(self, step: int) -> None:
        cur = self.app.settings.ui_scale
        idx = min(range(len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - cur))
        idx = max(0, min(len(UI_SCALES) - 1, idx + step))
        self.app.settings.ui_scale = UI_SCALES[idx]
        self._keep_name()
        self.app.save_settings()
        self.app.relayout()

    def toggle_fullscreen(self) -> None:
        self._keep_name()
        self.app.toggle_fullscreen()
        self.app.settings.fullscreen = self.app.fullscreen
        self.app.save_settings()

    def _keep_name(self) -> None:
        if self.name_entry is not None:
            self.app.settings.name = self.name_entry.get_text().strip()[:40]

    def close(self) -> None:
        self._keep_name()
        self.app.save_settings()
        self.app.pop(self)

    def leave(self) -> None:
        if self.name_entry is not None:
            self._keep_name()
            self.name_entry.kill()
            self.name_entry = None

    def escape(self) -> bool:
        self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        self.draw_titled_panel(surface, app.strings.t("settings.title"), self.box, size=2.4)
        bh = int(u * 2.4)
        for key, y in self.rows:
            te.blit(surface, app.strings.t(key), u * 1.15, CHALK, (self._x_label, y + bh // 2), "midleft", bold=True)
        vol_y = self.rows[1][1]
        te.blit(surface, f"{round(app.settings.volume * 100)}%", u * 1.15, PAPER,
                (self._x_ctl + int(u * 5.7), vol_y + bh // 2), "center")
        if app.sounds.started and not app.sounds.available:  # sound could not start: it is off, and says why
            mute_y = self.rows[2][1]
            te.blit(surface, app.strings.t("settings.no_sound"), u * 0.95, CHALK,
                    (self._x_ctl + int(u * 9), mute_y + bh // 2), "midleft")
        sc_y = self.rows[3][1]
        te.blit(surface, f"{round(app.settings.ui_scale * 100)}%", u * 1.15, PAPER,
                (self._x_ctl + int(u * 5.7), sc_y + bh // 2), "center")
        self.draw_buttons(surface)
