"""The results frame: the table view draws what is inside; the app adds title and buttons."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client.kit import theme
from client.kit.still import PanelLayer
from client.scenes.base import Scene
from client.tables.base import TableView
from client.ui import ACCENT, INK, PAPER, Button
from shared.records import RECORDED

if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


def carries_on(game: str, result: Any) -> bool:
    """Whether a finished game's students can go on into a campaign (school_mystery; the result reveals
    what they carry)."""
    students = result.get("students") if isinstance(result, dict) else None
    return (game == "school_mystery" and bool(result.get("over")) and isinstance(students, list)
            and all(isinstance(s, dict) and "stats" in s for s in students))


def keep_campaign_subject(app: App, game: str, result: Any) -> None:
    """A campaign's subject that ended: its article joins the campaign at once (the advances wait for
    The club meets again, or for Continue)."""
    options = (app.replay or {}).get("options") or {}
    if isinstance(options.get("campaign"), dict) and result is not None and carries_on(game, result):
        from client import campaigns

        campaigns.finish_subject(app.replay or {}, result)


def show_record(app: App, folder: Any, table: str | None) -> None:
    """The finished game's record (built from the journal: the game is over), kept for Continue too."""
    from client import records

    record = records.from_journal(folder, table) if table else None
    if record is None:
        app.toast(app.strings.t("record.unavailable"), "error")
        return
    records.save(record)
    app.push("record", record=record)


def club_meets_again(app: App, result: dict[str, Any]) -> None:
    from client.scenes.advance import club_meets_again as go

    go(app, result)


class ResultsSource(Protocol):
    """The scene under the results (the table scene): its match and the view it shows."""

    match: Match

    def current_view(self) -> TableView | None: ...

    def layout(self) -> None: ...


class ResultsFrame:
    """The results box's frame — drop shadow, paper, accent border and the title — kept as one layer
    (three window-high rounded rects drawn every frame cost more than the rest of the box)."""

    def __init__(self) -> None:
        self._layer = PanelLayer()

    def draw(self, surface: pygame.Surface, box: pygame.Rect, unit: float, key: Hashable,
             title: Callable[[pygame.Surface, pygame.Rect], object]) -> None:
        """The frame of ``box`` at ``unit``; ``title(surface, box)`` draws the title onto the paper (``key``:
        what the title is drawn from)."""
        u = unit
        shadow = box.move(int(u * 0.3), int(u * 0.4))
        area = box.union(shadow)

        def paint(layer: pygame.Surface, at: pygame.Rect) -> None:
            dx, dy = at.x - area.x, at.y - area.y
            pygame.draw.rect(layer, theme.VEIL, shadow.move(dx, dy), border_radius=int(u))
            paper = box.move(dx, dy)
            pygame.draw.rect(layer, PAPER, paper, border_radius=int(u))
            pygame.draw.rect(layer, ACCENT, paper, width=max(3, int(u * 0.2)), border_radius=int(u))
            title(layer, paper)

        # the see-through parts (the box's and the shadow's rounded corners, the shadow's offset) lie in
        # corner squares of 1.5 units
        self._layer.draw(surface, (tuple(box), u, key), area, int(u * 1.5) + 1, paint)


class ResultsScene(Scene):
    name = "results"
    opaque = False
    dims = 150  # the finished table darkened under the box (the app draws that: scenes.base.draw_scenes)

    def __init__(self, app: App, table_scene: ResultsSource) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.box = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.frame = ResultsFrame()
        for view in table_scene.match.all_views():
            if view.result is None:
                view.result = table_scene.match.result or {}
        keep_campaign_subject(app, table_scene.match.game_id, table_scene.match.result)

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        w, h = app.screen.get_size()
        t = app.strings.t
        self.box = pygame.Rect(0, 0, min(w - int(u * 4), int(u * 64)), min(h - int(u * 4), int(u * 44)))
        self.box.center = (w // 2, h // 2)
        self.inner = pygame.Rect(self.box.left + int(u * 1.5), self.box.top + int(u * 4.6),
                                 self.box.width - int(u * 3), self.box.height - int(u * 9.4))
        bw, bh = int(u * 14), int(u * 2.8)
        y = self.box.bottom - bh - int(u * 1.2)
        self.buttons = [Button(t("results.back"), pygame.Rect(self.box.right - bw - int(u * 1.5), y, bw, bh),
                               app.back_to_launcher, key="launcher")]
        if self.table_scene.match.mode == "display":  # the TV takes no input: it moves on by itself
            self.buttons = []
        if app.replay is not None:
            self.buttons.append(Button(t("results.play_again"),
                                       pygame.Rect(self.box.right - 2 * bw - int(u * 2.5), y, bw, bh),
                                       app.play_again, key="again", primary=True))
        result = self.table_scene.match.result
        if app.replay is not None and result is not None and carries_on(self.table_scene.match.game_id, result):
            self.buttons.append(Button(t("campaign.club"), pygame.Rect(self.box.left + int(u * 1.5), y, bw, bh),
                                       lambda: club_meets_again(app, result), key="club"))
        kept = app.keeper.game if app.keeper is not None else None
        if (self.table_scene.match.game_id in RECORDED and self.table_scene.match.over and kept is not None
                and kept.table == self.table_scene.match.table):  # the game record, from the local journal
            self.buttons.append(Button(t("record.open"), pygame.Rect(self.box.left + int(u * 1.5), y, bw, bh),
                                       lambda: show_record(app, kept.folder, kept.table), key="record"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)  # look at the table; its Results button brings this back
            self.table_scene.layout()
            return True
        super().handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        u, te = self.app.unit, self.app.text
        title = self.app.strings.t("results.title")
        self.frame.draw(surface, self.box, u, title, lambda on, paper: te.blit(
            on, title, u * 2.2, INK, (paper.centerx, paper.top + int(u * 1.2)), "midtop", bold=True))
        match = self.table_scene.match
        view = self.table_scene.current_view() or next(iter(match.all_views()), None)
        if view is not None:
            clip = surface.get_clip()
            surface.set_clip(self.inner)
            view.draw_results(surface, self.inner)
            surface.set_clip(clip)
        self.draw_buttons(surface)
