"""Pass-and-play set-up, names and seat order: each person's name and where they sit (seat 1 plays first).

The set-up scene hands over its list of names (one per human seat, "" = the default "Player n");
this scene edits it in place: a click selects a seat, ▲/▼ move its player one seat up or down, the
entry renames the selected seat.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from client.kit.still import StillLayer
from client.scenes.base import Scene
from client.ui import CHALK, Button, draw_seat_badge

if TYPE_CHECKING:
    from client.app import App

PER_COLUMN = 6  # seats per column (two columns past six)


class PlayNamesScene(Scene):
    name = "play_names"
    uses_gui = True

    def __init__(self, app: App, names: list[str], humans: int) -> None:
        super().__init__(app)
        self.names = names  # the set-up's list, edited in place
        self.humans = max(1, min(humans, len(names)))
        self.selected = 0
        self.entry: Any = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.badges: list[tuple[int, tuple[int, int]]] = []
        self.entry_label_y = 0
        self.still = StillLayer()  # panel, title, badges, the rename line

    def shown_name(self, seat: int) -> str:
        return self.names[seat].strip() or self.app.strings.t("table.seat_name", n=seat + 1)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        cols = 1 if self.humans <= PER_COLUMN else 2
        rows = min(self.humans, PER_COLUMN)
        row_h, bh = int(u * 3.0), int(u * 2.4)
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * (30 if cols == 1 else 58))),
                               int(u * 2) + rows * row_h + int(u * 9.5))
        self.box.center = (w // 2, h // 2 + int(u * 1.5))
        col_w = (self.box.width - int(u * 2)) // cols
        self.buttons, self.badges = [], []
        for seat in range(self.humans):
            col, row = divmod(seat, PER_COLUMN)
            x = self.box.left + int(u) + col * col_w
            y = self.box.top + int(u * 1.5) + row * row_h
            self.badges.append((seat, (x + int(u * 1.4), y + bh // 2)))
            name_w = col_w - int(u * 3) - 2 * (bh + int(u * 0.4)) - int(u * 0.6)
            self.buttons.append(Button(self.shown_name(seat), pygame.Rect(x + int(u * 3), y, name_w, bh),
                                       partial(self.select, seat), key=f"name_{seat}", selected=seat == self.selected))
            ax = x + int(u * 3) + name_w + int(u * 0.4)
            self.buttons.append(Button("▲", pygame.Rect(ax, y, bh, bh), partial(self.move, seat, -1),
                                       key=f"up_{seat}", enabled=seat > 0))
            self.buttons.append(Button("▼", pygame.Rect(ax + bh + int(u * 0.4), y, bh, bh), partial(self.move, seat, 1),
                                       key=f"down_{seat}", enabled=seat < self.humans - 1))
        self.entry_label_y = self.box.top + int(u * 2) + rows * row_h
        entry_rect = pygame.Rect(self.box.left + int(u * 1.5), self.entry_label_y + int(u * 2.2),
                                 self.box.width - int(u * 3), bh)
        if self.entry is not None:
            self.entry.kill()
        self.entry = pygame_gui.elements.UITextEntryLine(entry_rect, manager=app.gui.manager)
        self.entry.set_text_length_limit(40)
        self.entry.set_text(self.names[self.selected])
        pygame.key.set_text_input_rect(self.entry.rect)
        self.buttons.append(Button(t("play_names.done"), pygame.Rect(self.box.centerx - int(u * 6),
                                                                     self.box.bottom - bh - int(u), int(u * 12), bh),
                                   self.close, primary=True, key="done"))

    def _keep(self) -> None:
        """The entry's text is the selected seat's name."""
        if self.entry is not None:
            self.names[self.selected] = self.entry.get_text().strip()[:40]

    def select(self, seat: int) -> None:
        self._keep()
        self.selected = seat
        self.layout()

    def move(self, seat: int, step: int) -> None:
        """The player in ``seat`` changes places with the one ``step`` seats on (the selection follows)."""
        self._keep()
        other = seat + step
        if 0 <= other < self.humans:
            self.names[seat], self.names[other] = self.names[other], self.names[seat]
            self.selected = other
        self.layout()

    def close(self) -> None:
        self._keep()
        self.app.pop(self)

    def leave(self) -> None:
        self._keep()
        if self.entry is not None:
            self.entry.kill()
            self.entry = None

    def update(self, dt: float) -> None:
        if self.entry is not None and self.entry.get_text().strip()[:40] != self.names[self.selected]:
            self._keep()  # typed: the seat's button shows the new name
            for b in self.buttons:
                if b.key == f"name_{self.selected}":
                    b.label = self.shown_name(self.selected)

    def escape(self) -> bool:
        self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        title = app.strings.t("play_names.title")
        rename = app.strings.t("play_names.rename", name=self.shown_name(self.selected))
        key = (surface.get_size(), app.unit, app.strings.lang, title, rename, tuple(self.box), tuple(self.badges), self.entry_label_y)
        self.still.draw(surface, key, lambda s: self._draw_still(s, title, rename))
        self.draw_buttons(surface)

    def _draw_still(self, surface: pygame.Surface, title: str, rename: str) -> None:
        """The panel, its title, the seat badges and the line naming the seat being renamed."""
        u, te = self.app.unit, self.app.text
        self.draw_titled_panel(surface, title, self.box)
        for seat, centre in self.badges:
            draw_seat_badge(surface, te, seat, centre, u * 0.9)
        te.blit(surface, rename, u * 1.1, CHALK, (self.box.left + int(u * 1.5), self.entry_label_y + int(u * 0.4)))
