"""Continue: the unfinished local games (pass-and-play and hosted), newest first — game, players, when.

A game whose journal needs the older version it was started with is shown as such and not offered
(Forget only); one whose journal is damaged says it can only be watched (the table stops at its last
good move)."""
from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client import campaigns, games, lanwords, localgames, modes, records
from client.campaigns import Campaign
from client.localgames import LocalGame
from client.scenes.base import Scene
from client.ui import CHALK, CHALK_DIM, PAPER, Button, panel

if TYPE_CHECKING:
    from client.app import App

ROWS = 6  # games shown (the newest)
NAMES = 4  # player names shown in a row


class ContinueScene(Scene):
    name = "continue"

    def __init__(self, app: App, saved: list[LocalGame] | None = None,
                 kept: list[Campaign] | None = None, finished: list[dict] | None = None) -> None:
        super().__init__(app)
        self.saved: list[LocalGame] = localgames.unfinished(check=True) if saved is None else list(saved)
        self.campaigns: list[Campaign] = campaigns.listed() if kept is None else list(kept)
        self.rows: list[tuple[LocalGame, pygame.Rect]] = []
        self.campaign_rows: list[tuple[Campaign, pygame.Rect]] = []
        self.finished: list[dict] = records.listed() if finished is None else list(finished)
        self.record_rows: list[tuple[dict, pygame.Rect]] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        t = app.strings.t
        w, h = app.screen.get_size()
        row_h = int(u * 5.4)
        rows = max(1, min(ROWS, (h - int(u * 14)) // (row_h + int(u * 0.6))))  # as many as the window holds
        shown = self.saved[:rows]
        kept = self.campaigns[:max(0, rows - len(shown))]
        done = self.finished[:max(0, rows - len(shown) - len(kept))]  # the finished games' records, newest first
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 62)),
                               int(u * 3) + max(1, len(shown) + len(kept) + len(done)) * (row_h + int(u * 0.6))
                               + int(u * 5))
        self.box.center = (w // 2, h // 2 + int(u * 1.5))
        bw, bh = int(u * 9.5), int(u * 2.6)
        self.rows, self.buttons = [], []
        y = self.box.top + int(u * 1.5)
        for i, saved in enumerate(shown):
            rect = pygame.Rect(self.box.left + int(u * 1.5), y, self.box.width - int(u * 3), row_h)
            self.rows.append((saved, rect))
            old = saved.status == lanwords.OLD_VERSION
            self.buttons.append(Button(t("continue.go"), pygame.Rect(rect.right - bw - int(u * 0.8),
                                                                     rect.centery - bh // 2, bw, bh),
                                       partial(self.go, saved), key=f"continue_{i}", primary=not old,
                                       enabled=not old, why_not=t("lan.status.old_version_note") if old else ""))
            self.buttons.append(Button(t("continue.forget"), pygame.Rect(rect.right - 2 * bw - int(u * 1.6),
                                                                         rect.centery - bh // 2, bw, bh),
                                       partial(self.forget, saved), key=f"forget_{i}"))
            y += row_h + int(u * 0.6)
        self.campaign_rows = []
        for i, c in enumerate(kept):  # the school_mystery campaigns: go on (advances, next subject), articles
            rect = pygame.Rect(self.box.left + int(u * 1.5), y, self.box.width - int(u * 3), row_h)
            self.campaign_rows.append((c, rect))
            cy = rect.centery - bh // 2
            self.buttons.append(Button(t("campaign.go"), pygame.Rect(rect.right - bw - int(u * 0.8), cy, bw, bh),
                                       partial(self.go_campaign, c), key=f"campaign_{i}", primary=True))
            self.buttons.append(Button(t("campaign.export"), pygame.Rect(rect.right - 2 * bw - int(u * 1.6), cy, bw, bh),
                                       partial(self.export_campaign, c), key=f"articles_{i}",
                                       enabled=bool(c.subjects)))
            y += row_h + int(u * 0.6)
        self.record_rows = []
        for i, rec in enumerate(done):
            rect = pygame.Rect(self.box.left + int(u * 1.5), y, self.box.width - int(u * 3), row_h)
            self.record_rows.append((rec, rect))
            self.buttons.append(Button(t("record.open"), pygame.Rect(rect.right - bw - int(u * 0.8),
                                                                    rect.centery - bh // 2, bw, bh),
                                       partial(self.open_record, rec), key=f"record_{i}"))
            y += row_h + int(u * 0.6)
        self.buttons.append(Button(t("launcher.back"), pygame.Rect(self.box.left + int(u * 1.5),
                                                                   self.box.bottom - bh - int(u * 1.2), bw, bh),
                                   lambda: app.pop(self), key="back"))

    def go(self, saved: LocalGame) -> None:
        self.app.pop(self)
        modes.continue_game(self.app, saved)

    def open_record(self, rec: dict) -> None:
        self.app.push("record", record=rec)

    def describe_record(self, rec: dict) -> tuple[str, str, str]:
        """(the game and "finished", the players, moves · when) of a finished game's record."""
        t = self.app.strings.t
        title = f"{games.title(rec['game'], self.app.strings)} — {t('record.finished')}"
        sep = ", " if self.app.strings.lang == "en" else "、"
        names = sep.join(n for n in rec.get("names", [])[:NAMES] if n)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.get("when", 0)))
        return title, names, t("continue.details", moves=rec.get("moves", 0), when=when)

    def go_campaign(self, c: Campaign) -> None:
        self.app.pop(self)
        self.app.push("advance", campaign=c)

    def export_campaign(self, c: Campaign) -> None:
        """The campaign's articles, one Markdown file per subject and an index, in the export folder."""
        from client.tables.school_mystery import default_export_dir

        try:
            path = campaigns.export(c, self.app.content("school_mystery"), self.app.strings.lang,
                                    default_export_dir())
        except OSError as exc:
            self.app.toast(str(exc), "error")
            return
        self.app.toast(self.app.strings.t("campaign.exported", path=str(path)))

    def describe_campaign(self, c: Campaign) -> tuple[str, str, str]:
        """(the game and "Campaigns", the students, subjects · when) of a campaign row."""
        t = self.app.strings.t
        title = f"{games.title('school_mystery', self.app.strings)} — {t('campaign.section')}"
        sep = ", " if self.app.strings.lang == "en" else "、"
        names = sep.join(st["name"] for st in c.students[:NAMES])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(c.updated))
        return title, names, t("campaign.details", n=len(c.subjects), when=when)

    def forget(self, saved: LocalGame) -> None:
        localgames.forget(saved)
        self.saved = [g for g in self.saved if g.folder != saved.folder]
        if not self.saved and not self.campaigns and not self.finished:
            self.app.pop(self)
            return
        self.layout()

    def escape(self) -> bool:
        self.app.pop(self)
        return True

    def describe(self, saved: LocalGame) -> tuple[str, str, str]:
        """(the game and how it is played, the players, moves · when) of one row."""
        t = self.app.strings.t
        title = f"{games.title(saved.game, self.app.strings)} — {t('continue.mode_' + saved.mode)}"
        sep = ", " if self.app.strings.lang == "en" else "、"
        listed = [n for n in saved.names if n]
        if len(listed) > NAMES:  # a big table: the first names and how many more
            listed = listed[:NAMES - 1] + [t("continue.more", n=len(listed) - NAMES + 1)]
        names = sep.join(listed)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.when))
        details = t("continue.details", moves=saved.moves, when=when)
        if saved.status:  # needs the older version / damaged: said before anything else on its line
            details = " · ".join(lanwords.status_words(self.app.strings, {"phase": saved.status,
                                                                          "damaged": saved.status == "damaged"})
                                 + [details])
        return title, names, details

    def draw(self, surface: pygame.Surface) -> None:
        app, u, te = self.app, self.app.unit, self.app.text
        self.draw_titled_panel(surface, app.strings.t("continue.title"), self.box)
        if not self.rows and not self.campaign_rows and not self.record_rows:
            te.blit(surface, app.strings.t("continue.none"), u * 1.2, CHALK_DIM,
                    (self.box.centerx, self.box.top + int(u * 3)), "midtop")
        described = [(self.describe(saved), rect) for saved, rect in self.rows]
        described += [(self.describe_campaign(c), rect) for c, rect in self.campaign_rows]
        described += [(self.describe_record(r), rect) for r, rect in self.record_rows]
        for lines, rect in described:
            panel(surface, rect, alpha=120)
            width = rect.width - int(u * 22)
            for i, (line, size, colour, bold) in enumerate(zip(lines, (u * 1.2, u * 0.95, u * 0.95),
                                                               (PAPER, CHALK, CHALK_DIM), (True, False, False))):
                te.blit_wrapped(surface, line, size, colour,
                                pygame.Rect(rect.left + int(u), rect.top + int(u * (0.4 + 1.7 * i)), width,
                                            int(u * 1.7)), bold=bold, max_lines=1)
        self.draw_buttons(surface)
