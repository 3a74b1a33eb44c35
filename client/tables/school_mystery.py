"""The school_mystery table: character sheets, suit decks, information cards, rolls and the article.

The players tell the story; this table keeps it: the decks with their duty players (drag
the top card onto the table to draw), the drawn card's three options, information cards
the players arrange (drag), edit (CJK text entry with IME composition) and link; the roll
dialog (move, stat, advantage/disadvantage sources, friends' help, 3d6 keep two, secrets
raising the band, the rival's reroll); the calendar; the resolution and the article page.

On the table kit (client/kit/README.md): the kit Presenter (``school_mystery_present``: event steps, the
turn/duty reader) keeps the shown snapshot every part reads; the kit Interaction takes pointer input over the
node map ``school_mystery_input`` builds (with the intents); refusals are a kit Banner; the dialogs are
built on ``client.kit.dialog``. Modules: ``school_mystery_layout`` (rects), ``_texts`` (content look-ups, log
lines, step help), ``_panels`` (the dialogs as widget lists), ``_board`` (drawing the table), ``_frame`` (the
resting frame as one cached layer), ``_article`` (the newspaper page, Markdown/PNG export).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame

from client.kit.dialog import (
    ActionButton,
    EntrySlot,
    Widget,
    fs,
)
from client.kit.interact import Interaction
from client.kit.nodes import NodeMap
from client.kit.presenter import Presenter, Shown
from client.kit.widgets import Banner, LogPanel, fitter_for
from client.tables import school_mystery_board as board
from client.tables import school_mystery_claim as claim_mod
from client.tables import school_mystery_frame as frame
from client.tables import school_mystery_input as inp
from client.tables import school_mystery_layout as lay
from client.tables import school_mystery_panels as panels
from client.tables import school_mystery_present as present
from client.tables.base import TableView
from client.tables.school_mystery_texts import SUITS, SmTexts
from client.ui import Background
from client.widgets.anim import Tween, ease_out
from client.widgets.cards import CardRenderer, HoverHold
from client.widgets.dice import DiceRoll, DieFaces
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
        self.zoom = inp.SmZoom(ctx, self.renderer)
        self.badges = BadgeCache(ctx)
        self.background = Background()
        self.faces = DieFaces()
        # pointer input over the node map (the kit's): drags, clicks, right-click zoom, the resting-pointer peek
        self.input = Interaction(self.zoom, accept=lambda p, n: inp.accept(self, p, n),
                                 drop=lambda p, n: inp.drop(self, p, n),
                                 click=lambda n: inp.click(self, n, self._button_of), refuse=self._refused,
                                 fast=bool(ctx.fast))
        self.input.hold = HoverHold(HOLD_SECONDS)
        self.drag = self.input.drag
        self._nodes = NodeMap()
        self._nodes_key: tuple | None = None  # what the node map was built from (kept while it is the same)
        self._button_of: dict[int, Any] = {}
        self.banner = Banner(4.0)  # why something cannot be done now (the kit's, as on the other tables)
        self.drag.on_pickup = lambda _payload: self._sync_nodes()  # a red string picked up: the clues take it
        surf = pygame.display.get_surface()
        self.rect = surf.get_rect() if surf is not None else pygame.Rect(0, 0, 1920, 1080)
        self.auto_rect = True
        self.bar_rows = 1  # rows of the action bar (large text on a small window needs two)
        self.tab_rows = 1  # rows of student tabs (long names, large text on a small window need two)
        self.L = self._layout()
        self.sel: dict[str, Any] = {"tab": seat if seat is not None else 0}
        self.entries: dict[str, TextEntry] = {}
        self.focus: str | None = None
        self.widgets: list[Widget] = []
        self.buttons: list[ActionButton] = []
        self.slots: list[EntrySlot] = []
        self.log_panel = LogPanel()
        self.sheet_scale = 1.0  # the text scale dialogs are being built at (see school_mystery_panels.build)
        self.tone_compact = False  # ... and whether the tone talk's guide is folded away to fit
        self.dirty = True
        # the kit presenter: server batches -> steps (dice, flying cards, sounds) -> the shown snapshot and the
        # log, which every part of the table reads (never the newest snapshot: see client/kit/README.md)
        self.pres = Presenter(present.steps_for(self), present.log_for(self), fast=bool(ctx.fast),
                              on_land=self._landed, reader=present.turn_duty)
        self._landed_view: dict[str, Any] = {}
        self._log_seen = 0
        self.dice: DiceRoll | None = None
        self.dice_event: dict[str, Any] | None = None
        self.pending_pos: dict[int, tuple[int, int]] = {}
        self.auto_pos: dict[int, tuple[int, int]] = {}
        self.card_tweens: dict[int, Tween] = {}  # cards moved by someone else glide to their new spot
        self.card_born: dict[int, float] = {}  # new cards turn face up
        self.hover: int | None = None  # the card under the pointer lifts a little
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
        self.claim = claim_mod.ClaimClock()  # the humans' window on a step (school_mystery_claim)
        self.version = 0  # bumps on every rebuild: the static layer is redrawn then
        self.card_memo: tuple[int, dict[tuple[str, Any], Any]] = (-1, {})  # the cards' faces and full texts, per rebuild
        self.nodes_memo: tuple[Any, dict[Any, Any]] = (None, {})  # the node map's parts made once per rebuild
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
    def dialog_unit(self) -> float:
        """The unit the dialogs are laid out on (client.kit.dialog.DialogHost)."""
        return self.L.u

    @property
    def controls(self) -> bool:
        """Whether this viewer gets buttons (a seat, not the table display)."""
        return self.seat is not None and not self.display

    def _layout(self) -> lay.Layout:
        """The panels' geometry: on the window's unit, but never wider than the table's 84 units
        allow (large text on a small window: the panels keep their places, their text shrinks)."""
        unit = float(self.ctx.unit)
        return lay.compute(self.rect, min(unit, self.rect.w / lay.MIN_UNITS_WIDE), self.display, self.bar_rows, unit,
                           self.tab_rows)

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
    @property
    def newest(self) -> dict[str, Any]:
        """The newest snapshot the server sent (only the log's words read it; the table shows :attr:`shown`)."""
        return self.view

    @property
    def shown(self) -> dict[str, Any]:
        """The view the table shows: the presenter's landed snapshot (it trails the newest while dice roll)."""
        return self.pres.shown.view

    @property
    def shown_legal(self) -> list[dict[str, Any]]:
        """The legal actions controls may take now (none until the newest snapshot is shown)."""
        return self.pres.now().legal

    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        super().set_snapshot(view, legal, sid)
        if self.secrets_curtained and sid != self.sid_seen:
            self.secrets_open = self.secrets_curtained = False
        self.sid_seen = sid
        self.pres.queue.fast = bool(self.ctx.fast)  # a context may replay a history fast (bench.sm_scenes)
        self.pres.snapshot(view, legal, sid)
        self.dirty = True

    def _landed(self, snap: Shown) -> None:
        """A snapshot is shown now: what the table kept locally follows it."""
        old, view = self._landed_view, snap.view
        self._landed_view = view
        for cid, pos in list(self.pending_pos.items()):
            card = self.card(cid)
            if card is None or (card["x"], card["y"]) == pos:
                self.pending_pos.pop(cid, None)
        if old.get("phase") != view.get("phase") or (old.get("roll") is None) != (view.get("roll") is None):
            for key in ("declare", "give", "goto", "note", "edit"):
                self.sel.pop(key, None)
        if old.get("tasks") != view.get("tasks"):
            self.sel.pop("invent", None)
            self.sel.pop("propose_cond", None)
        students = view.get("students") or []
        if self.sel.get("tab") is not None and self.sel["tab"] >= len(students):
            self.sel["tab"] = 0
        self._sync_entries()
        self.dirty = True

    def _sync_entries(self) -> None:
        """Shared texts (tone, title, deduction) follow the shown view unless being typed."""
        for key, value in (("tone", self.shown.get("tone", "")), ("title", self.shown.get("title", "")),
                           ("deduction", self.shown.get("deduction", ""))):
            e = self.entries.get(key)
            if e is not None and not e.focused and not e.dirty:
                e.set_text(value or "")

    def push_events(self, events: list[dict[str, Any]]) -> None:
        """The events that led to the last snapshot: the presenter plays their steps, then lands it."""
        self.pres.queue.fast = bool(self.ctx.fast)
        self.pres.events(events)
        self.dirty = True

    def set_past(self, events: list[dict[str, Any]]) -> None:
        """A seat taken back (or a late spectator): the log of the earlier moves, without dice or sound."""
        lines = []
        for ev in events:
            line = self.tx.event_line(self.newest, ev)
            if line:
                lines.append((line, ev.get("seat") if isinstance(ev.get("seat"), int) else None))
        self.pres.seed_log(lines[-LOG_KEEP:])
        self.dirty = True

    def clear_dice(self) -> None:
        """A new roll is declared: a fresh tray."""
        self.dice, self.dice_event = None, None
        self.dirty = True

    def start_dice(self, ev: dict[str, Any]) -> None:
        """The dice of ``ev`` (a ``dice_rolled`` event) tumble onto the tray (the presenter's dice step)."""
        dice = [int(d) for d in ev.get("dice") or []]
        if not dice:
            return
        size, start, rest = self._dice_place(len(dice))
        dropped = ev.get("dropped")
        self.dice = DiceRoll(sides=[6] * len(dice), faces=dice, start=start, rest=rest, size=size,
                             dropped=frozenset([dropped]) if isinstance(dropped, int) else frozenset(),
                             label=str(ev.get("total")), fast=bool(self.ctx.fast))
        self.dice_event = ev
        self.dirty = True

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

    def fly(self, suit: str) -> None:
        """A drawn card flies from its deck to the table (cosmetic)."""
        if self.ctx.fast or suit not in SUITS:
            return
        i = SUITS.index(suit)
        start = self.L.deck_card(i).center
        self.flying.append({"suit": suit, "t": 0.0, "from": start, "to": self.L.canvas.center})

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game-over box: the finished article (headline, verdict, deduction, clues used, the reporters
        by their students' names and playbooks, the 《解明》 roll) — the page the table shows."""
        from client.tables import school_mystery_article as article

        if not self.shown:
            super().draw_results(surface, rect)
            return
        article.draw_page_kept(self, surface, pygame.Rect(rect), scale_unit=min(self.ctx.unit, rect.h / 30))

    def on_error(self, code: str, message: str) -> None:
        """The server refused: a card dropped springs back; the toast and the banner say why."""
        for cid in list(self.pending_pos):
            self.pending_pos.pop(cid, None)
        super().on_error(code, message)
        self.refuse(self.refusal_text(code, message))
        self.dirty = True

    def refuse(self, message: str, kind: str = "error") -> None:
        """Say why something cannot be done now (a banner over the table; an error with its sound)."""
        if message:
            self.banner.show(message, kind)
        if kind == "error":
            self.ctx.play_sound("error")

    # --- queries on the view -----------------------------------------------------------------
    def card(self, cid: Any) -> dict[str, Any] | None:
        for c in self.shown.get("cards") or []:
            if c["id"] == cid:
                return c
        return None

    def student(self, seat: int | None) -> dict[str, Any] | None:
        students = self.shown.get("students") or []
        if seat is None or not 0 <= seat < len(students):
            return None
        return students[seat]

    def task(self) -> dict[str, Any] | None:
        tasks = self.shown.get("tasks") or []
        return tasks[0] if tasks and self.shown.get("roll") is None else None

    def can(self, kind: str, **match: Any) -> bool:
        """Whether this seat may now send an action of ``kind`` (with these fields)."""
        if not self.controls:
            return False
        if kind == "set_tone":  # accepted from anyone during setup (the rules list it for one seat)
            return self.shown.get("phase") in ("setup_subject", "setup_leader", "setup_students")
        if kind in FREE_ACTIONS:  # accepted at any time in play (the rules list them only when calm)
            return self._play_phase() and (kind != "unlink_cards" or bool(self.shown.get("links")))
        for a in self.shown_legal:
            if a.get("type") == kind and all(a.get(k) == v for k, v in match.items()):
                return True
        return False

    def options(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.shown_legal if a.get("type") == kind] if self.controls else []

    def send(self, action: dict[str, Any]) -> None:
        if not self.controls:
            return
        self.ctx.send_action(self.seat, action)  # type: ignore[arg-type]  # controls: a seated player
        self.ctx.play_sound("click")

    def name(self, seat: int | None) -> str:
        return self.tx.seat_name(self.shown, seat)

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
        """Typing goes to the focused entry; the wheel scrolls the log; the rest is the kit's Interaction over
        the node map (school_mystery_input: what each node does)."""
        if self.focus and self.focus in self.entries:
            e = self.entries[self.focus]
            if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.KEYDOWN):
                used = e.handle_event(event)
                if not e.focused:
                    self.focus = None
                self.dirty = True
                return used
        if not self.shown:
            return False
        if event.type == pygame.MOUSEWHEEL and self.log_panel.handle_event(event, self.L.log,
                                                                                   len(self.pres.log_lines)):
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.focus
                and inp.entry_at(self, event.pos) is None):
            self.focus_entry(None)  # a click anywhere else ends the typing
            self.dirty = True
        if event.type == pygame.MOUSEMOTION:
            top = self._nodes.at(event.pos)
            self.hover = top.id[1] if top is not None and top.kind == "card" else None
            rel = getattr(event, "rel", (STILL_PX, 0)) or (STILL_PX, 0)
            if not (self.zoom.open and not self.zoom.sticky) and abs(rel[0]) + abs(rel[1]) >= STILL_PX:
                self.input.hold.held = 0.0  # only a pointer held still opens the peek
        used = self.input.handle_event(event)
        if used:
            self.dirty = True
        return used

    def _refused(self, message: str) -> None:
        """A refused drop (an error, its target flashing red) or a disabled control's click (its reason):
        the banner says why."""
        self.refuse(message, "error" if self.drag.red.active else "info")

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
        return self.controls and self.shown.get("phase") in ("introduction", "investigation", "resolution")

    def set_clock(self, clock: Any) -> None:
        """The humans' claim window (the only clock of this game): shown on the step line and the bar."""
        self.claim.set(clock)
        self.dirty = True

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.claim.tick(dt):
            self.dirty = True
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
            if self.dice.landed != was:
                self.dirty = True
        self.pres.update(dt)  # after the dice: a roll's snapshot lands in the frame its dice land
        if len(self.pres.log_lines) != self._log_seen:  # lines landed: the log panel shows them
            del self.pres.log_lines[:-LOG_KEEP]
            self._log_seen = len(self.pres.log_lines)
            self.dirty = True
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
        self.banner.update(dt)
        if self.dirty:
            self.rebuild()
        self._sync_nodes()
        self.input.update(dt)
        if self.input.hovered is None and self.zoom.open and not self.zoom.sticky:
            self.zoom.close()
        inp.label_zoom(self, self._nodes)

    def rebuild(self, relayout: bool = True) -> None:
        """Recompute the panels' widgets and the drag sources from the view and local choices
        (and the layout once more when the action bar needs another number of rows)."""
        self.dirty = False
        self.version += 1
        if not self.shown:
            self.widgets, self.buttons, self.slots = [], [], []
            return
        self.auto_pos = board.auto_layout(self)
        self._animate_cards()
        widgets = panels.build(self)
        rows, tab_rows = panels.bar_rows(widgets), board.tab_rows_needed(self)
        if relayout and (rows, tab_rows) != (self.bar_rows, self.tab_rows) and not self.display:
            self.bar_rows, self.tab_rows = rows, tab_rows
            self._relayout()
            self.rebuild(relayout=False)
            return
        self.widgets = widgets
        self.buttons = [w for w in widgets if isinstance(w, ActionButton)]
        self.slots = [w for w in widgets if isinstance(w, EntrySlot)]
        for s in self.slots:
            s.entry.rect = s.rect

    def _animate_cards(self) -> None:
        """Start glides for cards whose resting spot changed (not my own drop) and flips for new cards."""
        layout = (tuple(self.rect), self.L.u)
        same_layout = layout == self.shown_layout and bool(self.shown_pos)
        targets = {}
        for c in self.shown.get("cards") or []:
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

    def _sync_nodes(self) -> None:
        """This frame's node map (built in update, never in draw), handed to the Interaction; kept as it is
        while nothing it shows has changed (no rebuild, nothing moving, the same pointer state)."""
        moving = bool(self.card_tweens or self.card_born or (self.dice is not None and not self.dice.landed))
        key = None if moving else (
            self.version, tuple(self.rect), self.L.u, self.focus, self.sel.get("tab"), self.secrets_open,
            self.banner.visible and self.banner.message, None if self.dice is None else id(self.dice),
            self.drag.held.id if self.drag.held is not None else None, self.drag.dragging,
            self.zoom.open, self.zoom.sticky, id(getattr(self.zoom, "card", None)))
        if key is not None and key == self._nodes_key:
            return
        self._nodes_key = key
        self._nodes, self._button_of = inp.build_nodes(self)
        self.input.sync(self._nodes)
        inp.label_zoom(self, self._nodes)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        frame.draw(self, surface)

    def nodes(self) -> NodeMap:
        """This frame's node map (see :mod:`client.tables.school_mystery_input` for every id): the panels'
        buttons with what they send, the dialog paper, entries, decks, cards, the red string's knobs and
        knots, tabs, secrets, duty labels, the banner, the dice and, while a card is shown large, ``"zoom"``
        (right-click: modal) or ``"peek"`` (a resting pointer: never hit), their label the card's full text."""
        return self._nodes

    def banner_rect(self) -> pygame.Rect:
        """Where the banner is centred: over the lower part of the table, above the action bar."""
        c = self.L.canvas
        return pygame.Rect(c.centerx, c.bottom - int(self.L.u * 2.5), 0, 0)

    def log_lines(self) -> list[tuple[str, int | None]]:
        """The log as shown (a roll's lines appear when its dice land)."""
        return list(self.pres.log_lines)

    def frame_due(self) -> float | None:
        """Full rate while anything moves or the banner fades; the claim window's next second while it counts."""
        due, tick = (0.0 if self.busy() or self.banner.visible else None), self.claim.until_tick()
        return tick if due is None else (due if tick is None else min(due, tick))

    def busy(self) -> bool:
        return bool((self.dice is not None and not self.dice.done) or self.flying or self.drag.busy
                    or self.card_tweens or self.card_born or self.pres.busy)

    def skip_animations(self) -> None:
        self.pres.skip()  # every queued step lands (the dice too), then the newest snapshot
        if self.dice is not None:
            if not self.dice.landed:
                self.dirty = True
            self.dice.skip()
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

