"""The school_mystery table: character sheets, suit decks, information cards, rolls and the article.

The players tell the story; this table keeps it: the decks with their duty players (drag
the top card onto the table to draw), the drawn card's three options, information cards
the players arrange (drag), edit (CJK text entry with IME composition) and link; the roll
dialog (move, stat, advantage/disadvantage sources, friends' help, 3d6 keep two, secrets
raising the band, the rival's reroll); the calendar; the resolution and the article page.

Modules: ``school_mystery_layout`` (rects), ``_texts`` (content look-ups, log lines),
``_sheet`` (the dialog builder on the kit's widgets), ``_panels`` (the dialogs as widget lists), ``_board`` (drawing the
table), ``_article`` (the newspaper page, Markdown/PNG export).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from client.kit.interact import ZOOM_Z
from client.kit.nodes import Node, NodeMap, never_hit
from client.kit.widgets import LogPanel, fitter_for
from client.tables import school_mystery_board as board
from client.tables import school_mystery_frame as frame
from client.tables import school_mystery_layout as lay
from client.tables import school_mystery_panels as panels
from client.tables.base import TableView
from client.tables.school_mystery_sheet import (
    ActionButton,
    Custom,
    EntrySlot,
    Sheet,
    Widget,
    fs,
)
from client.tables.school_mystery_texts import SUITS, SmTexts, deck_refusal
from client.ui import Background
from client.widgets.anim import Tween, ease_out
from client.widgets.cards import CardRenderer, CardZoom, HoverHold
from client.widgets.dice import DiceRoll, DieFaces
from client.widgets.drag import DragController, DragSource, DropTarget
from client.widgets.text_entry import TextEntry
from client.widgets.tokens import BadgeCache
from houkago import paths

LOG_KEEP = 200
HOLD_SECONDS = 0.6  # the pointer resting this long on an information card shows it large
STILL_PX = 4  # a move shorter than this still counts as holding still
FREE_ACTIONS = ("add_note", "edit_card", "move_card", "link_cards", "unlink_cards")


def default_export_dir() -> Path:
    """Where articles are saved: $HOUKAGO_EXPORT_DIR, else ~/Documents/houkago, else the data dir."""
    env = os.environ.get("HOUKAGO_EXPORT_DIR")
    if env:
        return Path(env).expanduser()
    docs = paths.documents_dir()
    if docs.is_dir():
        return docs / "houkago"
    return paths.data_dir() / "articles"


class SchoolMysteryTable(TableView):
    game_id = "school_mystery"
    paints_area = True  # an opaque base layer first

    def __init__(self, ctx: Any, seat: int | None) -> None:
        super().__init__(ctx, seat)
        self.tx = SmTexts(ctx)
        self.renderer = CardRenderer(ctx)
        self.zoom = CardZoom(ctx, self.renderer)
        self.badges = BadgeCache(ctx)
        self.background = Background()
        self.faces = DieFaces()
        self.drag = DragController(fast=ctx.fast)
        self.drag.on_click = self._on_drag_click
        self.drag.on_reject = lambda msg: self.ctx.toast(msg, "error") if msg else None
        self.drag.on_pickup = self._on_pickup
        surf = pygame.display.get_surface()
        self.rect = surf.get_rect() if surf is not None else pygame.Rect(0, 0, 1920, 1080)
        self.auto_rect = True
        self.bar_rows = 1  # rows of the action bar (large text on a small window needs two)
        self.L = self._layout()
        self.sel: dict[str, Any] = {"tab": seat if seat is not None else 0}
        self.entries: dict[str, TextEntry] = {}
        self.focus: str | None = None
        self.widgets: list[Widget] = []
        self.buttons: list[ActionButton] = []
        self.slots: list[EntrySlot] = []
        self.log_panel = LogPanel()
        self.sheet_scale = 1.0
        self.bar_rows = 1  # rows of the action bar (large text on a small window needs two)  # the text scale dialogs are being built at (see school_mystery_panels.build)
        self.dirty = True
        self.log: list[tuple[str, int | None]] = []
        self.pending_log: list[tuple[str, int | None]] = []
        self.dice: DiceRoll | None = None
        self.dice_event: dict[str, Any] | None = None
        self.pending_pos: dict[int, tuple[int, int]] = {}
        self.auto_pos: dict[int, tuple[int, int]] = {}
        self.card_tweens: dict[int, Tween] = {}  # cards moved by someone else glide to their new spot
        self.card_born: dict[int, float] = {}  # new cards turn face up
        self.hover: int | None = None  # the card under the pointer lifts a little
        self.hover_hold = HoverHold(HOLD_SECONDS)  # ... and, held still, shows its full text (a peek)
        self.peek: int | None = None  # the card the hover peek shows
        self.shown_pos: dict[int, tuple[int, int]] = {}
        self.shown_layout: tuple | None = None
        self.flying: list[dict[str, Any]] = []  # drawn cards flying from a deck (cosmetic)
        self.card_cache: dict[tuple, pygame.Surface] = {}
        self.secrets_open = False  # the owner's secrets shown (pass-and-play: behind the curtain)
        self.secrets_curtained = False
        self.sid_seen = -1
        self.export_dir = default_export_dir()
        self.exported: list[str] = []
        self.clock = 0.0
        self.version = 0  # bumps on every rebuild: the static layer is redrawn then
        self.static: pygame.Surface | None = None
        self.static_key: tuple | None = None
        self.page_kept: tuple[dict, tuple, pygame.Surface] | None = None  # the results box's article page (a cache)
        self.still = frame.StillFrame()  # the whole resting frame, drawn again only when what it shows changes
        self.blink = 0.0  # the focused entry's caret phase (0..1; shown in the first half)

    # --- geometry ---------------------------------------------------------------------
    @property
    def display(self) -> bool:
        return self.ctx.display_mode

    @property
    def controls(self) -> bool:
        """Whether this viewer gets buttons (a seat, not the table display)."""
        return self.seat is not None and not self.display

    def _layout(self) -> lay.Layout:
        """The panels' geometry: on the window's unit, but never wider than the table's 84 units
        allow (large text on a small window: the panels keep their places, their text shrinks)."""
        unit = float(self.ctx.unit)
        return lay.compute(self.rect, min(unit, self.rect.w / lay.MIN_UNITS_WIDE), self.display, self.bar_rows, unit)

    def log_area(self) -> pygame.Rect | None:
        """The log at the right, above the dice tray (the display's log band is no column: None)."""
        return None if self.display else pygame.Rect(self.L.log)

    def set_rect(self, rect: pygame.Rect) -> None:
        """Fix the drawing rect (tests, screenshots); otherwise the window's size is followed."""
        self.auto_rect = False
        self.rect = pygame.Rect(rect)
        self._relayout()
        self.dirty = True

    # --- data from the server -----------------------------------------------------------
    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        old = self.view
        super().set_snapshot(view, legal, sid)
        if self.secrets_curtained and sid != self.sid_seen:
            self.secrets_open = self.secrets_curtained = False
        self.sid_seen = sid
        for cid, pos in list(self.pending_pos.items()):
            card = self.card(cid)
            if card is None or (card["x"], card["y"]) == pos:
                self.pending_pos.pop(cid, None)
        if old.get("phase") != view.get("phase") or (old.get("roll") is None) != (view.get("roll") is None):
            for key in ("declare", "give", "goto", "note", "edit"):
                self.sel.pop(key, None)
        if old.get("tasks") != view.get("tasks"):
            self.sel.pop("invent", None)
        students = view.get("students") or []
        if self.sel.get("tab") is not None and self.sel["tab"] >= len(students):
            self.sel["tab"] = 0
        self._sync_entries()
        self.dirty = True

    def _sync_entries(self) -> None:
        """Shared texts (tone, title, deduction) follow the server unless being typed."""
        for key, value in (("tone", self.view.get("tone", "")), ("title", self.view.get("title", "")),
                           ("deduction", self.view.get("deduction", ""))):
            e = self.entries.get(key)
            if e is not None and not e.focused and not e.dirty:
                e.set_text(value or "")

    def push_events(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            kind = ev.get("type")
            line = self.tx.event_line(self.view, ev)
            seat = ev.get("seat") if isinstance(ev.get("seat"), int) else None
            if kind == "roll_declared":
                self._flush_log()
                self.dice, self.dice_event = None, None  # a fresh tray for the new roll
            if kind == "dice_rolled":
                self._start_dice(ev)
                self.ctx.play_sound("dice")
            elif kind == "card_drawn":
                self.ctx.play_sound("card")
                self._fly(ev.get("suit", "hearts"))
            elif kind in ("info_card", "card_moved"):
                self.ctx.play_sound("card" if kind == "card_moved" else "flip")
            elif kind in ("secret_unlocked", "band_raised", "condition_gained"):
                self.ctx.play_sound("token")
            elif kind in ("student_left", "condition_blocked"):
                self.ctx.play_sound("warn")
            elif kind == "resolved":
                self.ctx.play_sound("gong")
            if line:
                if self.dice is not None and not self.dice.landed:
                    self.pending_log.append((line, seat))  # the log waits for the dice to land
                else:
                    self._log(line, seat)
        self.dirty = True

    def set_past(self, events: list[dict[str, Any]]) -> None:
        """A seat taken back (or a late spectator): the log of the earlier moves, without dice or sound."""
        self.log, self.pending_log = [], []
        for ev in events:
            line = self.tx.event_line(self.view, ev)
            if line:
                self._log(line, ev.get("seat") if isinstance(ev.get("seat"), int) else None)
        self.dirty = True

    def _log(self, line: str, seat: int | None) -> None:
        self.log.append((line, seat))
        del self.log[:-LOG_KEEP]

    def _start_dice(self, ev: dict[str, Any]) -> None:
        dice = [int(d) for d in ev.get("dice") or []]
        if not dice:
            return
        size, start, rest = self._dice_place(len(dice))
        dropped = ev.get("dropped")
        self.dice = DiceRoll(sides=[6] * len(dice), faces=dice, start=start, rest=rest, size=size,
                             dropped=frozenset([dropped]) if isinstance(dropped, int) else frozenset(),
                             label=str(ev.get("total")), fast=bool(self.ctx.fast))
        self.dice_event = ev
        if self.dice.landed:
            self._flush_log()

    def _dice_place(self, n: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
        """Size, start and resting centre of ``n`` dice in the tray."""
        tray, u = self.L.tray, self.L.u
        fit = fitter_for(self.ctx)  # under the dice: the result and its note (two lines), as draw_dice sets them
        text_h = fit.line_h(fs(self.ctx, 1.25), True) + 2 * fit.line_h(fs(self.ctx, 0.62)) + int(u * 0.3)
        room = tray.h - int(u * 0.6) - text_h
        size = int(min(u * (3.0 if n == 3 else 3.6), tray.w / (6.4 if n == 3 else 5.0), room * 0.75))
        return size, (tray.right - size, tray.top + size), (tray.centerx - int(size * 0.6), tray.top + int(u * 0.3) + room // 2)

    def _relayout(self) -> None:
        """The layout for the current rect; dice already thrown move into the tray's new place."""
        self.L = self._layout()
        if self.dice is not None:
            self.dice.size, self.dice.start, self.dice.rest = self._dice_place(len(self.dice.faces))

    def _flush_log(self) -> None:
        for line, seat in self.pending_log:
            self._log(line, seat)
        self.pending_log = []
        self.dirty = True

    def _fly(self, suit: str) -> None:
        if self.ctx.fast or suit not in SUITS:
            return
        i = SUITS.index(suit)
        start = self.L.deck_card(i).center
        self.flying.append({"suit": suit, "t": 0.0, "from": start, "to": self.L.canvas.center})

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game-over box: the finished article (headline, verdict, deduction, clues used, the reporters
        by their students' names and playbooks, the 《解明》 roll) — the page the table shows."""
        from client.tables import school_mystery_article as article

        if not self.view:
            super().draw_results(surface, rect)
            return
        article.draw_page_kept(self, surface, pygame.Rect(rect), scale_unit=min(self.ctx.unit, rect.h / 30))

    def on_error(self, code: str, message: str) -> None:
        for cid in list(self.pending_pos):
            self.pending_pos.pop(cid, None)
        self.ctx.toast(self.refusal_text(code, message), "error")
        self.dirty = True

    # --- queries on the view -----------------------------------------------------------------
    def card(self, cid: Any) -> dict[str, Any] | None:
        for c in self.view.get("cards") or []:
            if c["id"] == cid:
                return c
        return None

    def student(self, seat: int | None) -> dict[str, Any] | None:
        students = self.view.get("students") or []
        if seat is None or not 0 <= seat < len(students):
            return None
        return students[seat]

    def task(self) -> dict[str, Any] | None:
        tasks = self.view.get("tasks") or []
        return tasks[0] if tasks and self.view.get("roll") is None else None

    def can(self, kind: str, **match: Any) -> bool:
        """Whether this seat may now send an action of ``kind`` (with these fields)."""
        if not self.controls:
            return False
        if kind == "set_tone":  # accepted from anyone during setup (the rules list it for one seat)
            return self.view.get("phase") in ("setup_subject", "setup_leader", "setup_students")
        if kind in FREE_ACTIONS:  # accepted at any time in play (the rules list them only when calm)
            return self._play_phase() and (kind != "unlink_cards" or bool(self.view.get("links")))
        for a in self.legal:
            if a.get("type") == kind and all(a.get(k) == v for k, v in match.items()):
                return True
        return False

    def options(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a.get("type") == kind] if self.controls else []

    def send(self, action: dict[str, Any]) -> None:
        if not self.controls:
            return
        self.ctx.send_action(self.seat, action)  # type: ignore[arg-type]  # controls: a seated player
        self.ctx.play_sound("click")

    def name(self, seat: int | None) -> str:
        return self.tx.seat_name(self.view, seat)

    def entry(self, key: str, text: str = "", *, limit: int = 500, multiline: bool = False,
              placeholder: str = "", on_submit: Any = None) -> TextEntry:
        e = self.entries.get(key)
        if e is None:
            e = TextEntry(key, text, limit=limit, multiline=multiline, placeholder=placeholder)
            self.entries[key] = e
        e.placeholder = placeholder
        e.on_submit = on_submit
        return e

    def focus_entry(self, key: str | None) -> None:
        if self.focus and self.focus in self.entries and self.focus != key:
            self.entries[self.focus].blur()
        self.focus = key
        if key and key in self.entries:
            self.entries[key].focus()
        elif key is None:
            try:
                pygame.key.stop_text_input()
            except pygame.error:
                pass

    def mark(self) -> None:
        self.dirty = True

    # --- the loop ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.zoom.handle_event(event):
            return True
        if self.focus and self.focus in self.entries:
            e = self.entries[self.focus]
            if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.KEYDOWN):
                used = e.handle_event(event)
                if not e.focused:
                    self.focus = None
                self.dirty = True
                return used
        if not self.view:
            return False
        if event.type == pygame.MOUSEWHEEL and self.log_panel.handle_event(event, self.L.log, len(self.log)):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self._right_click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for slot in reversed(self.slots):
                if slot.rect.collidepoint(event.pos):
                    self.focus_entry(slot.entry.key)
                    self.dirty = True
                    return True
            for b in reversed(self.buttons):
                if b.rect.collidepoint(event.pos):
                    if b.enabled and b.on_click is not None:
                        self.focus_entry(None)
                        b.on_click()
                        self.dirty = True
                    elif b.why_not:
                        self.ctx.toast(b.why_not, "info")
                    return True
            if self.focus:
                self.focus_entry(None)
            if self._panel_blocks(event.pos):
                return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.drag.held
                and self._panel_blocks(event.pos)):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = None if self._panel_blocks(event.pos) else board.card_at(self, event.pos)
            rel = getattr(event, "rel", (STILL_PX, 0)) or (STILL_PX, 0)
            if self.peek is None and abs(rel[0]) + abs(rel[1]) >= STILL_PX:
                self.hover_hold.held = 0.0  # only a pointer held still opens the peek
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
                and self.drag.handle_event(event)):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click_board(event.pos)
        return False

    def _panel_blocks(self, pos: tuple[int, int]) -> bool:
        """A click on an open panel's paper never reaches the table under it."""
        return any(isinstance(w, (Sheet, Custom)) and w.modal and w.rect.collidepoint(pos) for w in self.widgets)

    def _right_click(self, pos: tuple[int, int]) -> bool:
        cid = board.card_at(self, pos)
        if cid is not None:
            card = self.card(cid)
            if card is not None:
                self.zoom.show(board.card_face(self, card), board.card_zoom_text(self, card))
                return True
        return False

    def _click_board(self, pos: tuple[int, int]) -> bool:
        if self.controls:
            for i, suit in enumerate(SUITS):  # a deck this seat cannot draw from now: say whose it is
                if self.L.deck_card(i).collidepoint(pos) and board.deck_action(self, suit) is None:
                    self.ctx.toast(deck_refusal(self.view, suit, self.seat, self.ctx), "info")
                    return True
        for i, rect in enumerate(board.tab_rects(self)):
            if rect.collidepoint(pos):
                self.sel["tab"] = i
                self.secrets_open = False
                self.dirty = True
                return True
        if board.secrets_rect(self).collidepoint(pos) and self.seat is not None and not self.display:
            tab = self.sel.get("tab")
            if tab == self.seat:
                self.toggle_secrets()
                return True
            target = self.ctx.show_seat(tab) if isinstance(tab, int) else None
            if target is not None:  # another player at this screen opens their own sheet
                target.secrets_open = target.secrets_curtained = True
                target.sel["tab"] = tab
                target.dirty = True
                return True
        for a, b, mid in board.link_marks(self):
            near = (mid[0] - pos[0]) ** 2 + (mid[1] - pos[1]) ** 2 <= (self.L.u * 0.8) ** 2
            if near and self._play_phase():
                self.send({"type": "unlink_cards", "a": a, "b": b})
                return True
        return False

    def toggle_secrets(self) -> None:
        """Open or close the owner's secrets; with several players at one screen, behind the app's curtain."""
        self.dirty = True
        if self.secrets_open:
            self.secrets_open = False
            return
        target = self.ctx.show_seat(self.seat) if self.seat is not None else None
        if target is not None:
            target.secrets_open = True
            target.secrets_curtained = True  # closes again with the next change at the table
            target.sel["tab"] = self.seat
            target.dirty = True
            return
        self.secrets_open = True

    def _play_phase(self) -> bool:
        return self.controls and self.view.get("phase") in ("introduction", "investigation", "resolution")

    def _on_drag_click(self, payload: Any) -> None:
        if not isinstance(payload, dict):
            return
        if payload.get("kind") == "card":
            cid = payload["id"]
            picked = self.card(cid)
            if self.view.get("phase") == "resolution" and picked and picked["kind"] == "clue" \
                    and self.can("use_clue", card=cid):
                used = cid in (self.view.get("clues_used") or [])
                self.send({"type": "use_clue", "card": cid, "used": not used})
                return
            card = self.card(cid)
            if card is not None:
                self.sel["edit"] = cid
                e = self.entry(f"edit:{cid}", limit=500, multiline=True)
                e.set_text(self.tx.card_body(self.view, card) if card.get("text") else card.get("text", ""))
                self.focus_entry(None)
                self.dirty = True
        elif payload.get("kind") == "deck":
            self.ctx.toast(self.ctx.t("sm.hint_drag_deck"), "info")

    def _on_pickup(self, payload: Any) -> None:
        self.drag.set_targets(self._targets_for(payload))

    def _targets_for(self, payload: Any) -> list[DropTarget]:
        canvas = self.L.canvas
        if not isinstance(payload, dict):
            return []
        if payload.get("kind") == "link":
            src = payload["id"]
            out = []
            for c in self.view.get("cards") or []:
                if c["kind"] == "clue" and c["id"] != src:
                    r = board.card_rect(self, c)
                    pair = sorted((src, c["id"]))
                    linked = pair in (self.view.get("links") or [])
                    out.append(DropTarget(("clue", c["id"]), r,
                                          (lambda p, linked=linked: (not linked, self.ctx.t("sm.err_linked"))),
                                          (lambda p, other=c["id"]: self._link(p["id"], other)), radius=8))
            return out
        return [DropTarget("canvas", canvas.copy(), _accept_anything, self._drop_on_canvas,
                           radius=int(self.L.u * 0.6))]

    def _drop_on_canvas(self, payload: Any) -> None:
        kind = payload.get("kind")
        if kind == "deck":
            suit = payload["suit"]
            action = payload["action"]
            self.send(action)
            self.ctx.play_sound("card")
            _ = suit
        elif kind == "card":
            cx = self.drag.pointer[0] + self.drag.grab_offset[0]
            cy = self.drag.pointer[1] + self.drag.grab_offset[1]
            cw, ch = self.L.card_size
            x, y = self.L.to_canvas(cx - cw / 2, cy - ch / 2)
            self.pending_pos[payload["id"]] = (x, y)
            self.send({"type": "move_card", "card": payload["id"], "x": x, "y": y})
        self.dirty = True

    def _link(self, a: int, b: int) -> None:
        pair = sorted((a, b))
        self.send({"type": "link_cards", "a": pair[0], "b": pair[1]})

    def update(self, dt: float) -> None:
        self.clock += dt
        self.blink = self.clock % 1.0
        if self.auto_rect:
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_rect() != self.rect:
                self.rect = surf.get_rect()
                self._relayout()
                self.card_cache.clear()
                self.dirty = True
        if self.dice is not None:
            was = self.dice.landed
            self.dice.update(dt)
            if self.dice.landed and (not was or self.pending_log):
                self._flush_log()
        for cid in list(self.card_tweens):
            tw = self.card_tweens[cid]
            tw.update(dt)
            if tw.done:
                del self.card_tweens[cid]
        for cid in list(self.card_born):
            self.card_born[cid] -= dt
            if self.card_born[cid] <= 0:
                del self.card_born[cid]
        for f in self.flying:
            f["t"] += dt
        self.flying = [f for f in self.flying if f["t"] < 0.45]
        self.drag.update(dt)
        self._update_peek(dt)
        self.zoom.update(dt)
        if self.dirty:
            self.rebuild()

    def _update_peek(self, dt: float) -> None:
        """Hover-and-hold: the card under a still pointer opens large (not sticky: clicks pass through)."""
        hovered = self.hover if self.view and not self.drag.dragging and self.card(self.hover) is not None else None
        held = self.hover_hold.update(hovered, dt)
        if held is not None and not self.zoom.open:
            card = self.card(held)
            if card is not None:
                self.zoom.show(board.card_face(self, card), board.card_zoom_text(self, card), sticky=False)
                self.peek = held
        if self.peek is not None and (not self.zoom.open or self.zoom.sticky or hovered != self.peek):
            if self.zoom.open and not self.zoom.sticky:
                self.zoom.close()
            self.peek = None

    def rebuild(self, relayout: bool = True) -> None:
        """Recompute the panels' widgets and the drag sources from the view and local choices
        (and the layout once more when the action bar needs another number of rows)."""
        self.dirty = False
        self.version += 1
        if not self.view:
            self.widgets, self.buttons, self.slots = [], [], []
            return
        self.auto_pos = board.auto_layout(self)
        self._animate_cards()
        widgets = panels.build(self)
        rows = panels.bar_rows(widgets)
        if relayout and rows != self.bar_rows and not self.display:
            self.bar_rows = rows
            self._relayout()
            self.rebuild(relayout=False)
            return
        self.widgets = widgets
        self.buttons = [w for w in widgets if isinstance(w, ActionButton)]
        self.slots = [w for w in widgets if isinstance(w, EntrySlot)]
        for s in self.slots:
            s.entry.rect = s.rect
        self.drag.set_sources(self._sources())
        if not self.drag.dragging:
            self.drag.set_targets([])

    def _animate_cards(self) -> None:
        """Start glides for cards whose resting spot changed (not my own drop) and flips for new cards."""
        layout = (tuple(self.rect), self.L.u)
        same_layout = layout == self.shown_layout and bool(self.shown_pos)
        targets = {}
        for c in self.view.get("cards") or []:
            cid = c["id"]
            target = board.target_pos(self, c)
            targets[cid] = target
            before = self.shown_pos.get(cid)
            if not same_layout or self.ctx.fast:
                continue
            if before is None:
                self.card_born[cid] = board.BORN_SECONDS
            elif before != target and cid not in self.pending_pos and not self.drag.is_held(("card", cid)):
                start = board.card_pos(self, c) if cid in self.card_tweens else before
                self.card_tweens[cid] = Tween(start, target, board.MOVE_SECONDS, ease_out)
        self.shown_pos, self.shown_layout = targets, layout

    def _sources(self) -> list[DragSource]:
        if not self.controls:
            return []
        out: list[DragSource] = []
        modal = board.modal_open(self)
        # the duty player's deck: drag its top card onto the table
        for i, suit in enumerate(SUITS):
            action = board.deck_action(self, suit)
            if action is None:
                continue
            r = self.L.deck_card(i)
            out.append(DragSource(("deck", suit), r.center, (lambda p, r=r: r.collidepoint(p)),
                                  {"kind": "deck", "suit": suit, "action": action}))
        if modal or self.view.get("phase") not in ("introduction", "investigation", "resolution"):
            return out
        for c in self.view.get("cards") or []:
            r = board.card_rect(self, c)
            out.append(DragSource(("card", c["id"]), r.center, (lambda p, r=r: r.collidepoint(p)),
                                  {"kind": "card", "id": c["id"]}))
            if c["kind"] == "clue":
                k = board.link_knob(self, r)
                out.append(DragSource(("link", c["id"]), k.center, (lambda p, k=k: k.collidepoint(p)),
                                      {"kind": "link", "id": c["id"]}))
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        frame.draw(self, surface)

    def nodes(self) -> NodeMap:
        """This frame's controls: the panel buttons (with what they send), the decks the viewer may draw from
        (and the table they are dropped on), and the information cards; shown, never hit, for tests and
        tools: ``("die", i)`` per die on the table (payload ``("die", face on top, dropped, landed)``) and
        ``("entry", key)`` per text entry (label: its text; payload ``("entry", key, IME composition, focused,
        placeholder)``; typing goes to the focused one), ``"zoom"`` / ``"peek"`` while a card is shown large
        (``zoom``: its face, label: its full text), ``("tab", i)`` per student tab (payload ``("tab", i,
        open)``) and ``("secrets", tab)`` (the secrets box of the open tab; payload ``("secrets", tab, shown)``)."""
        nm = NodeMap()
        for b in self.buttons:
            nm.add(b.node(z=20))
        nm.extend(board.deck_nodes(self))
        if self.view and not board.modal_open(self):
            for c in self.view.get("cards") or []:
                nm.add(board.card_node(self, c))
        tab = self.sel.get("tab")
        for i, r in enumerate(board.tab_rects(self)):
            nm.add(Node(("tab", i), pygame.Rect(r), z=1, kind="info", solid=False, hit=never_hit,
                        payload=("tab", i, i == tab)))
        if self.view and not self.display and isinstance(tab, int):
            nm.add(Node(("secrets", tab), pygame.Rect(board.secrets_rect(self)), z=1, kind="info", solid=False,
                        hit=never_hit, payload=("secrets", tab, self.secrets_open)))
        for slot in self.slots:
            e = slot.entry
            nm.add(Node(("entry", e.key), pygame.Rect(slot.rect), z=21, kind="entry", solid=False, hit=never_hit,
                        label=e.text, payload=("entry", e.key, e.composition, e.key == self.focus, e.placeholder)))
        if self.zoom.open:  # a right-click zoom (modal) or a hover peek (never hit): the face, the full text
            if self.zoom.sticky:
                nm.add(Node("zoom", pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6), z=ZOOM_Z, kind="overlay",
                            modal=True, solid=False, zoom=self.zoom.card, label=self.zoom.extra))
            else:
                nm.add(Node("peek", pygame.Rect(0, 0, 0, 0), z=ZOOM_Z, kind="overlay", solid=False, hit=never_hit,
                            zoom=self.zoom.card, label=self.zoom.extra))
        roll = self.dice
        if roll is not None:
            for i, (r, face) in enumerate(zip(roll.die_rects(), roll.shown_faces(), strict=True)):
                nm.add(Node(("die", i), r, z=7, kind="info", payload=("die", face, i in roll.dropped, roll.landed),
                            solid=False, hit=never_hit))
        return nm

    def log_lines(self) -> list[tuple[str, int | None]]:
        """The log as shown (a roll's lines appear when its dice land)."""
        return list(self.log)

    def busy(self) -> bool:
        return bool((self.dice is not None and not self.dice.done) or self.flying or self.drag.busy
                    or self.card_tweens or self.card_born)

    def skip_animations(self) -> None:
        if self.dice is not None:
            landing = not self.dice.landed or bool(self.pending_log)
            self.dice.skip()
            if landing:  # (already landed: nothing changes, nothing to rebuild)
                self._flush_log()
        self.flying = []
        self.card_tweens.clear()
        self.card_born.clear()
        self.drag.skip()

    # --- export --------------------------------------------------------------------------------
    def export_article(self, fmt: str) -> Path | None:
        from client.tables import school_mystery_article as article

        try:
            path = article.export(self, fmt, self.export_dir)
        except OSError:  # the folder, not the exception's text: no raw error reaches the screen
            self.ctx.toast(self.ctx.t("sm.export_failed", error=str(self.export_dir)), "error")
            return None
        self.exported.append(str(path))
        self.ctx.toast(self.ctx.t("sm.exported", path=str(path)), "info")
        self.dirty = True
        return path


def _accept_anything(payload: Any) -> tuple[bool, str]:
    """The canvas takes any card dropped on it."""
    return True, ""
