"""Small overlays: the reconnecting notice and the in-game menu."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from client import modes
from client.kit import theme
from client.rulesbook import has_rules, open_rules
from client.scenes.base import Scene
from client.ui import ACCENT, INK, PAPER, Button, panel

if TYPE_CHECKING:
    from client.app import App
    from client.wire import NetStatus


class ReconnectingScene(Scene):
    """Shown while the connection is down; the session resumes every seat with its token."""

    name = "reconnecting"
    opaque = False
    dims = 150
    listens = ("_net",)

    def __init__(self, app: App, attempt: int = 1) -> None:
        super().__init__(app)
        self.attempt = attempt
        self.spin = 0.0

    def on_message(self, msg: NetStatus) -> None:
        if msg.state == "down":
            self.attempt = msg.attempt or self.attempt

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.leave_table()
            self.app.replace("launcher")
        return True

    def update(self, dt: float) -> None:
        self.spin += dt

    def frame_due(self) -> float | None:
        """The turning dots move ten times a second (the screen visibly lives without a full frame rate)."""
        return 0.1

    def draw(self, surface: pygame.Surface) -> None:
        u, te = self.app.unit, self.app.text
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, int(u * 34), int(u * 10))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, PAPER, box, border_radius=int(u))
        te.blit(surface, self.app.strings.t("net.reconnecting"), u * 1.8, INK, (box.centerx, box.top + int(u * 1.5)),
                "midtop", bold=True)
        inner = pygame.Rect(box.left + int(u * 2), box.top + int(u * 4.6), box.width - int(u * 4), int(u * 3.5))
        display = self.app.match is not None and self.app.match.mode == "display"
        detail = "lan.display.reconnecting_detail" if display else "net.reconnecting_detail"
        te.blit_wrapped(surface, self.app.strings.t(detail, n=max(1, self.attempt)), u, INK, inner, align="center")
        # A small turning dot so the screen visibly lives.
        cx, cy = box.centerx, box.bottom - int(u * 1.4)
        for i in range(8):
            a = self.spin * 4 + i * math.pi / 4
            col = ACCENT if i == 0 else theme.SPINNER_DOT
            pygame.draw.circle(surface, col, (int(cx + math.cos(a) * u * 0.8), int(cy + math.sin(a) * u * 0.8)),
                               max(2, int(u * 0.18)))


class MenuScene(Scene):
    """Esc during a game: resume, settings, back to the launcher (asking first while the game runs)."""

    name = "menu"
    opaque = False
    dims = 140

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.confirming = False  # "Back to the launcher" was clicked during a game: Leave / Stay
        self.question = pygame.Rect(0, 0, 0, 0)

    def game_in_progress(self) -> bool:
        """A game this client plays (pass-and-play or a LAN seat) has started and is not over."""
        match = self.app.match
        return match is not None and match.mode != "display" and match.started and not match.over

    def ask_to_leave(self) -> None:
        if self.game_in_progress():
            self.confirming = True
            self.layout()
        else:
            self.app.back_to_launcher()

    def stay(self) -> None:
        self.confirming = False
        self.layout()

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        t = app.strings.t
        bw, bh = int(u * 16), int(u * 2.8)
        x = (w - bw) // 2
        y = h // 2 - int(u * 5)
        if self.confirming:
            self.question = pygame.Rect(x - int(u * 1.2), y - int(u * 0.8), bw + int(u * 2.4), int(u * 7.0))
            self.buttons = [
                Button(t("menu.leave_no"), pygame.Rect(x, y + int(u * 6.8), bw, bh), self.stay, key="leave_no",
                       primary=True),
                Button(t("menu.leave_yes"), pygame.Rect(x, y + int(u * 10.0), bw, bh), app.back_to_launcher,
                       key="leave_yes"),
            ]
            return
        self.buttons = [
            Button(t("menu.resume"), pygame.Rect(x, y, bw, bh), lambda: app.pop(self), key="resume", primary=True),
            Button(t("launcher.settings"), pygame.Rect(x, y + int(u * 3.6), bw, bh),
                   lambda: modes.open_settings(app), key="settings"),
            Button(t("results.back"), pygame.Rect(x, y + int(u * 7.2), bw, bh), self.ask_to_leave,
                   key="launcher"),
        ]
        if self.app.match is not None and has_rules(self.app.match.game_id):
            self.buttons.append(Button(t("rules.open"), pygame.Rect(x, y + int(u * 10.8), bw, bh), self.open_rules,
                                       key="rules"))
        match = self.app.match
        if match is not None and match.mode == "lan" and match.started and not match.over:  # (client/scenes/seat_vote)
            self.buttons.append(Button(t("lan.seats.open"), pygame.Rect(x, y + int(u * 3.6 * len(self.buttons)), bw, bh),
                                       self.open_seats, key="seats"))

    def open_seats(self) -> None:
        """Seats and votes over the table, in place of this menu."""
        self.app.pop(self)
        self.app.push("seats")

    def open_rules(self) -> None:
        """The rules book of this game, at the page of the table's current step."""
        match = self.app.match
        if match is None:
            return
        table = self.app.find("table")
        page = table.rules_page() if table is not None and hasattr(table, "rules_page") else None
        open_rules(self.app, match.game_id, page)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.confirming:
                self.stay()
            else:
                self.app.pop(self)
            return True
        super().handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.unit
        w, h = surface.get_size()
        rows = 0 if self.confirming else len(self.buttons)  # 3 or 4 buttons, 3.6 units apart
        box = pygame.Rect(0, 0, int(u * 20), int(u * (18.4 if self.confirming else 3.6 * rows + 3.2)))
        box.center = (w // 2, h // 2 + int(u * (1.7 if self.confirming else 1.8 * rows - 5.8)))
        panel(surface, box, alpha=245)
        if self.confirming:
            self.app.text.blit_wrapped(surface, self.app.strings.t("menu.leave_question"), u * 1.0, PAPER,
                                       self.question, bold=True, align="center")
        self.draw_buttons(surface)
