"""The club meets again: each student takes one advance, then the next subject starts.

One row per student: who it is (name, playbook, stats) and its advance. A human seat's player browses
the advances with ◀ ▶ and takes one with **Choose** (pass the screen: the row says whose turn); a bot's
row shows the advance the bot chose for itself (``Campaign.choose_bots``: never a human's). Below, the
next subject (◀ ▶ through the subjects the club has not played yet) and **Start**, enabled once everyone
has chosen. The rules are ``shared/games/school_mystery/campaign.py``; the file ``client/campaigns.py``.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from client import campaigns, modes
from client.campaigns import Campaign
from client.scenes.base import Scene
from client.ui import CHALK, CHALK_DIM, PAPER, Button, panel
from shared.games.school_mystery import campaign as rules
from shared.games.school_mystery.content import pack_list, rules_data

if TYPE_CHECKING:
    from client.app import App

GAME = "school_mystery"


def advance_text(app: App, content: Any, c: Campaign, seat: int, adv: dict[str, Any]) -> str:
    """One advance as the player reads it."""
    t, lang = app.strings.t, app.strings.lang
    if adv["kind"] == "move":
        move = content.moves.get(adv["move"])
        return t("advance.move", move=move.name[lang] if move else adv["move"])
    if adv["kind"] == "stat":
        stat = next((s for s in content.stats if s.id == adv["stat"]), None)
        old = c.students[seat]["stats"][adv["stat"]]
        return t("advance.stat", stat=stat.name[lang] if stat else adv["stat"], old=f"{old:+d}", new=f"{old + 1:+d}")
    return t("advance.bond", name=c.students[adv["seat"]]["name"])


class AdvanceScene(Scene):
    name = "advance"

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.content = app.content(GAME)
        self.db = rules_data(self.content, pack_list(campaign.options.get("packs", "")))
        if len(campaign.advances) != campaign.players:
            campaign.advances = [None] * campaign.players
        campaign.choose_bots(self.db)
        campaign.save()
        self.browse = [0] * campaign.players  # the advance each human row shows
        fresh = [s for s in self.content.subjects if s not in campaign.played() and s in self.db["subjects"]]
        self.subjects = fresh or [s for s in self.content.subjects if s in self.db["subjects"]]
        self.subject = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[int, pygame.Rect]] = []

    def options(self, seat: int) -> list[dict[str, Any]]:
        return rules.advance_options(self.db, self.campaign.students, seat)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        n = self.campaign.players
        row_h = int(u * 4.4)
        gap = int(u * 0.5)
        bh = int(u * 2.5)
        below = int(u * 1.0) + bh + int(u * 1.0) + bh + int(u * 1.2)  # the next subject, the buttons
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 70)),
                               min(h - int(u * 6.5), int(u * 1.2) + n * (row_h + gap) + below))
        self.box.center = (w // 2, max(h // 2 + int(u * 1.5), int(u * 5.5) + self.box.height // 2))
        row_h = min(row_h, (self.box.height - int(u * 1.2) - below) // max(1, n) - gap)
        self.rows, self.buttons = [], []
        arrow = int(u * 2.5)
        y = self.box.top + int(u * 1.2)
        for seat in range(n):
            rect = pygame.Rect(self.box.left + int(u * 1.2), y, self.box.width - int(u * 2.4), row_h)
            self.rows.append((seat, rect))
            opts = self.options(seat)
            if not self.campaign.bot_seat(seat) and opts and not self.campaign.playing:
                right = rect.right - int(u * 0.6)
                cy = rect.centery - bh // 2
                choose = Button(t("advance.choose"), pygame.Rect(right - int(u * 7), cy, int(u * 7), bh),
                                partial(self.choose, seat), key=f"choose_{seat}",
                                selected=self.campaign.advances[seat] == opts[self.browse[seat] % len(opts)])
                nxt = Button("▶", pygame.Rect(choose.rect.left - arrow - int(u * 0.4), cy, arrow, bh),
                             partial(self.turn, seat, 1), key=f"next_{seat}")
                prev = Button("◀", pygame.Rect(rect.left + self.left_w(rect) + int(u * 0.8), cy, arrow, bh),
                              partial(self.turn, seat, -1), key=f"prev_{seat}")
                self.buttons += [prev, nxt, choose]
            y += row_h + gap
        by = self.box.bottom - bh - int(u * 1.2)
        sy = by - bh - int(u * 1.0)
        sw = int(self.box.width * 0.46)
        sx = self.box.centerx - sw // 2 + int(u * 4)
        self.subject_rect = pygame.Rect(sx + arrow, sy, sw - 2 * arrow, bh)
        self.buttons += [
            Button("◀", pygame.Rect(sx, sy, arrow, bh), partial(self.turn_subject, -1), key="subject_prev"),
            Button("▶", pygame.Rect(sx + sw - arrow, sy, arrow, bh), partial(self.turn_subject, 1), key="subject_next"),
            Button(t("launcher.back"), pygame.Rect(self.box.left + int(u * 1.2), by, int(u * 10), bh),
                   lambda: app.pop(self), key="back"),
            Button(t("advance.start"), pygame.Rect(self.box.right - int(u * 15), by, int(u * 13.8), bh), self.start,
                   key="start", primary=True, enabled=self.campaign.ready(self.db),
                   why_not=t("advance.not_ready")),
        ]

    def left_w(self, row: pygame.Rect) -> int:
        """The width of a row's left column (the student: name, playbook, stats)."""
        return int(row.width * 0.36)

    # --- choices ------------------------------------------------------------------------
    def turn(self, seat: int, d: int) -> None:
        self.browse[seat] += d
        self.layout()

    def turn_subject(self, d: int) -> None:
        self.subject = (self.subject + d) % max(1, len(self.subjects))

    def choose(self, seat: int) -> None:
        opts = self.options(seat)
        if opts:
            self.campaign.choose(self.db, seat, opts[self.browse[seat] % len(opts)])
            self.campaign.save()
        self.layout()

    def start(self) -> None:
        c = self.campaign
        if not c.ready(self.db) or not self.subjects:
            return
        options = c.next_options(self.db, self.subjects[self.subject % len(self.subjects)])
        c.save()
        self.app.pop(self)
        modes.start_play(self.app, GAME, c.players, c.bots, bot_level=c.bot_level, options=options,
                         names=c.names or None)

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    # --- drawing ------------------------------------------------------------------------
    def describe(self, seat: int) -> tuple[str, str]:
        """(name — playbook, stats) of a row."""
        lang = self.app.strings.lang
        st = self.campaign.students[seat]
        book = self.content.playbooks.get(st["playbook"])
        stats = "  ".join(f"{s.name[lang]} {st['stats'][s.id]:+d}" for s in self.content.stats)
        return f"{st['name']} — {book.name[lang] if book else st['playbook']}", stats

    def _centred(self, surface: pygame.Surface, text: str, size: float, colour: Any, box: pygame.Rect,
                 bold: bool = False, align: str = "center") -> None:
        """``text`` wrapped into ``box`` (at most two lines, never cut), centred on its height."""
        te = self.app.text
        height = te.fit(text, size, box, bold, align, 2).height
        top = box.top + max(0, (box.height - height) // 2)
        te.blit_wrapped(surface, text, size, colour, pygame.Rect(box.left, top, box.width, box.bottom - top),
                        bold=bold, align=align, max_lines=2)

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        t = app.strings.t
        n_done = len(self.campaign.subjects)
        self.draw_titled_panel(surface, t("advance.title", n=n_done + 1), self.box)
        for seat, rect in self.rows:
            panel(surface, rect, alpha=120)
            who, stats = self.describe(seat)
            left = pygame.Rect(rect.left + int(u * 0.8), rect.top + int(u * 0.3), self.left_w(rect) - int(u * 0.4),
                               rect.height)
            te.blit_wrapped(surface, who, u * 1.1, PAPER, pygame.Rect(left.left, left.top, left.width, int(u * 1.6)),
                            bold=True, max_lines=1)
            te.blit_wrapped(surface, stats, u * 0.85, CHALK_DIM,
                            pygame.Rect(left.left, left.top + int(u * 1.7), left.width, int(u * 2.2)), max_lines=2)
            opts = self.options(seat)
            chosen = self.campaign.advances[seat]
            area = pygame.Rect(left.right + int(u * 0.8), rect.top, rect.right - left.right - int(u * 1.6), rect.height)
            if self.campaign.playing:
                self._centred(surface, t("advance.taken"), u * 1.0, CHALK_DIM, area, align="left")
                continue
            if self.campaign.bot_seat(seat) or not opts:
                text = (t("advance.bot_chose", what=advance_text(app, self.content, self.campaign, seat, chosen))
                        if chosen else t("advance.none_left"))
                self._centred(surface, text, u * 1.0, CHALK, area, align="left")
                continue
            prev = next(b for b in self.buttons if b.key == f"prev_{seat}")
            nxt = next(b for b in self.buttons if b.key == f"next_{seat}")
            box = pygame.Rect(prev.rect.right + int(u * 0.3), rect.top + int(u * 0.3),
                              nxt.rect.left - prev.rect.right - int(u * 0.6), rect.height - int(u * 0.6))
            shown = opts[self.browse[seat] % len(opts)]
            colour = PAPER if chosen == shown else CHALK
            self._centred(surface, advance_text(app, self.content, self.campaign, seat, shown), u * 1.0, colour,
                          box, bold=chosen == shown)
            if chosen is not None and chosen != shown:
                te.blit(surface, t("advance.chosen", what=advance_text(app, self.content, self.campaign, seat, chosen)),
                        u * 0.75, CHALK_DIM, (rect.right - int(u * 0.6), rect.bottom - int(u * 0.2)), "bottomright")
        # the next subject
        if self.subjects:
            sid = self.subjects[self.subject % len(self.subjects)]
            title = self.content.subjects[sid].title[app.strings.lang]
            te.blit(surface, t("advance.next_subject"), u * 1.0, CHALK,
                    (self.subject_rect.left - int(u * 3.0), self.subject_rect.centery), "midright", bold=True)
            self._centred(surface, title, u * 1.0, PAPER, self.subject_rect, bold=True)
        self.draw_buttons(surface)


def open_campaign(app: App, c: Campaign) -> None:
    """Continue a campaign: its advances (then the next subject)."""
    app.push("advance", campaign=c)


def club_meets_again(app: App, result: dict[str, Any]) -> None:
    """From a finished pass-and-play subject's results: the campaign grows by it; the advances follow."""
    if app.replay is None:
        return
    c = campaigns.finish_subject(app.replay, result)
    app.back_to_launcher()
    app.later(lambda: open_campaign(app, c))
