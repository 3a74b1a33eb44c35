"""The fate_votes table on the kit: players around an ellipse, your hand fanned below, discards in the middle.

The view wires the kit together: server batches go to a :class:`~client.kit.presenter.Presenter`
with the presenter table of :mod:`fate_votes_present` (the shown state advances as each
animation lands; a backlog is fast-forwarded); each frame builds a node map (cards, plates,
drop areas, the token, buttons) that the kit's :class:`~client.kit.interact.Interaction`
turns into the intents of :mod:`fate_votes_intents`; :mod:`fate_votes_draw` paints the shown
state, :mod:`fate_votes_layout` is the geometry, :mod:`fate_votes_texts` the words.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from client.kit import theme
from client.kit.interact import Interaction
from client.kit.nodes import Node, NodeMap, never_hit
from client.kit.presenter import Presenter, Shown
from client.kit.widgets import Banner, Button, LogPanel, Prompt, fitter_for
from client.tables import fate_votes_layout as lay
from client.tables.base import TableContext, TableView
from client.tables.fate_votes_draw import FvPainter
from client.tables.fate_votes_intents import FvIntents
from client.tables.fate_votes_present import CentreCard, FvShown, steps_table
from client.tables.fate_votes_refusals import REFUSALS
from client.tables.fate_votes_texts import FvTexts
from client.widgets.cards import CardRenderer, CardSprite, CardZoom, card_size
from client.widgets.tokens import BadgeCache

LAST_ROUND = 5


class FateVotesTable(TableView):
    """fate_votes for one local seat, or the public table display (``seat=None``)."""

    game_id = "fate_votes"
    paints_area = True  # an opaque base layer first
    refusals = REFUSALS

    def __init__(self, ctx: TableContext, seat: int | None) -> None:
        super().__init__(ctx, seat)
        fast = bool(getattr(ctx, "fast", False))
        self.names: list[str] = []
        self.texts = FvTexts(ctx, self.player_name)
        self.cards = CardRenderer(ctx)
        self.badges = BadgeCache(ctx)
        self.fit = fitter_for(ctx)
        self.scene = FvShown()
        self.intents = FvIntents(self)
        self.pres = Presenter(steps_table(self), lambda ev: self.texts.log_lines(ev, self.seat), fast=fast,
                              on_land=self._on_land)
        self.input = Interaction(CardZoom(ctx, self.cards), self.intents.accept, self.intents.drop,
                                 self.intents.click, self.refuse, self.intents.nothing_here, fast=fast)
        self.banner = Banner(4.0)
        self.log_panel = LogPanel()
        surf = pygame.display.get_surface()
        self.rect = surf.get_rect() if surf is not None else pygame.Rect(0, 0, 1920, 1080)
        self.auto_rect = True
        self.hand_sprites: dict[str, CardSprite] = {}
        self.buttons: list[Button] = []
        self.results_toggle = self.display  # the table's own results sheet (the display shows it at once)
        self.clock_left: float | None = None
        self.clock_total: float | None = None
        self.clock_paused = False
        self.time = 0.0
        self._warned = False
        self._phase: tuple[Any, Any] | None = None
        self._nodes = NodeMap()
        self._built: tuple[Any, ...] | None = None
        self._prompt: tuple[tuple, pygame.Rect] | None = None  # (what the instruction pill is placed from, its rect)
        self.L = self._compute_layout()
        self.painter = FvPainter(self)

    # --- names, area, clock ----------------------------------------------------------------------
    def set_names(self, names: list[str]) -> None:
        """Display names per seat (the app knows them from the lobby)."""
        self.names = list(names)

    def player_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        seat_name = getattr(self.ctx, "seat_name", None)
        if callable(seat_name):
            name = seat_name(seat)
            if name:
                return str(name)
        return self.ctx.t("fv_player", n=seat + 1)

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area the table is drawn in (else the whole window)."""
        self.auto_rect = False
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self.relayout()

    def log_area(self) -> pygame.Rect | None:
        """The log column (public discards and the log) at the right."""
        return pygame.Rect(self.L.log) if not self.display else None

    def set_clock(self, clock: Any) -> None:
        """The discussion clock: seconds left, or ``{"deadline_in", "paused", "total"}``; None = no timer."""
        left: float | None = None
        self.clock_total = None
        self.clock_paused = False
        if isinstance(clock, (int, float)) and not isinstance(clock, bool):
            left = float(clock)
        elif isinstance(clock, dict):
            for key in ("deadline_in", "remaining", "left", "seconds_left", "seconds"):
                value = clock.get(key)
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    left = float(value)
                    break
            total = clock.get("total")
            if isinstance(total, (int, float)) and not isinstance(total, bool) and total > 0:
                self.clock_total = float(total)
            self.clock_paused = bool(clock.get("paused", False))
        self.clock_left = None if left is None else max(0.0, left)
        self._warned = self.clock_left is not None and self.clock_left <= 10
        self.pres.set_clock(clock)  # shown with its snapshot

    # --- what is shown ---------------------------------------------------------------------------------
    @property
    def shown(self) -> dict[str, Any]:
        """The snapshot on screen (lags the newest one while its animations run): ``shown_now().view``."""
        return self.pres.now().view

    @property
    def display(self) -> bool:
        return self.seat is None or bool(getattr(self.ctx, "display_mode", False))

    @property
    def over_shown(self) -> bool:
        """The game is over and the animations have caught up (results may be shown)."""
        return bool(self.shown.get("over")) and self.scene.show_results

    @property
    def players(self) -> int:
        return int(self.shown.get("players", 0) or 0)

    def hand(self) -> list[str]:
        return [] if self.seat is None else list(self.shown.get("hand") or [])

    def hand_order(self) -> list[str]:
        """Loose cards in hand order, then the staged ones (the last drawn is on top)."""
        staged = self.intents.staged
        return [c for c in self.hand() if c not in staged] + list(staged)

    def log_lines(self) -> list[tuple[str, int | None]]:
        """The log as shown (a line appears when its animation lands)."""
        return list(self.pres.log_lines)

    def nodes(self) -> NodeMap:
        """This frame's node map (rebuilt in ``update``)."""
        return self._nodes

    # --- server data ---------------------------------------------------------------------------------
    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        super().set_snapshot(view, legal, sid)
        self.pres.snapshot(view, legal, sid)

    def push_events(self, events: list[dict[str, Any]]) -> None:
        """Animate a batch of events; log lines appear when their animation lands."""
        self.pres.events(events)

    def _on_land(self, snap: Shown) -> None:
        view = snap.view
        first = self._phase is None
        phase = (view.get("round"), view.get("phase"))
        changed = phase != self._phase
        self._phase = phase
        self.scene.sync(view)
        if first:
            self._rebuild_from_log(view)
        self.intents.reset(changed, snap.legal)
        if view.get("over") and not self.pres.queue.busy:
            self.scene.show_results = True
        self._sync_hand_sprites()
        self.relayout()

    def _rebuild_from_log(self, view: dict[str, Any]) -> None:
        """A fresh table (join / reconnect): log lines and the latest discards without animation."""
        log = list(view.get("log") or [])
        lines: list[tuple[str, int | None]] = []
        for entry in log:
            lines.extend(self.texts.log_lines(entry, self.seat))
        self.pres.seed_log(lines)
        last = None
        for entry in log:
            if entry.get("type") in ("strike_discards", "voter_discards"):
                last = entry.get("round")
        if last is not None:
            self.set_centre_round(last, log, flip=False)

    def on_error(self, code: str, message: str) -> None:
        """The server refused: staged cards and the token spring back; show why."""
        it = self.intents
        it.awaiting = False
        old_target = it.sel_target
        for c in list(it.staged):
            self.move_card(c, stage=False)
        it.sel_target = None
        if old_target is not None and self.L.token_home is not None and self.seat is not None:
            self.input.drag.spring_back(("token", self.seat), self.token_spot(old_target), self.L.token_home)
        text = self.refusal_text(code, message)
        self.refuse(text)
        self.ctx.toast(text, "error")

    def refuse(self, message: str) -> None:
        """Say why something cannot be done (a banner) with the error sound."""
        if message:
            self.banner.show(message, "error")
        self.ctx.play_sound("error")

    # --- the centre and the final cards (used by the presenter table) -----------------------------------
    def set_centre_round(self, rnd: int, log: list[dict[str, Any]], flip: bool) -> list[CardSprite]:
        """The centre shows one round's revealed discards; returns the newly added sprites."""
        s = self.scene
        if rnd != s.centre_round:
            s.centre, s.centre_round, s.centre_hidden = [], rnd, False
        added: list[CardSprite] = []
        for entry in log:
            if entry.get("round") != rnd:
                continue
            if entry.get("type") == "strike_discards":
                for d in entry.get("discards", []):
                    for c in d["cards"]:
                        added.append(self._centre_add(c, d["seat"], flip))
            elif entry.get("type") == "voter_discards":
                if entry.get("face_down") or not entry.get("cards"):
                    s.centre_hidden = True
                    if int(entry.get("count", 0)):
                        added.append(self._centre_add(None, None, False, int(entry.get("count", 0))))
                else:
                    counts: dict[str, int] = {}
                    for c in entry["cards"]:
                        counts[c] = counts.get(c, 0) + 1
                    for c, k in counts.items():
                        added.append(self._centre_add(c, None, flip, k))
        self._place_centre()
        return added

    def _centre_add(self, card: str | None, owner: int | None, flip: bool, count: int = 1) -> CardSprite:
        face = self.texts.card_face(card) if card else None
        sp = CardSprite(face, self.L.centre, self.L.u * 5.2, face_up=not flip and card is not None)
        self.scene.centre.append(CentreCard(sp, owner, count))
        return sp

    def place_final_cards(self) -> None:
        s = self.scene
        final = self.shown.get("final")
        if not s.final_cards and s.show_results and final and not self.pres.queue.busy:
            for seat, c in enumerate(final.get("cards", [])):
                s.final_cards[seat] = CardSprite(self.texts.card_face(c), (0, 0), self.L.pu * 5.0)
        if bool(s.final_cards) != self.L.final_cards:
            self.L = self._compute_layout()  # the discard area keeps clear of the last cards
            self._place_hand()
            self._place_centre()
        for seat, sp in s.final_cards.items():
            if seat >= len(self.L.plates):
                continue
            sp.size = self.L.final_card_size()
            pos = self.L.final_card_spot(seat)
            sp.rest_at(pos)

    # --- the hand ----------------------------------------------------------------------------------------
    def move_card(self, card: str, stage: bool) -> None:
        """Stage a hand card for discard (or put it back), animating from where it is drawn now."""
        staged = self.intents.staged
        if stage == (card in staged):
            return
        kind = "card" if stage else "staged"
        sp = self.hand_sprites.get(card)
        at = self.input.drag.position_of((kind, card), sp.pos if sp else self.L.centre)
        if stage:
            staged.append(card)
        else:
            staged.remove(card)
        self.relayout()
        if sp is not None:
            sp.pos = at
            sp.move_to(sp.home, 0.18, fast=self.pres.queue.fast)

    def _sync_hand_sprites(self) -> None:
        hand = self.hand()
        for c in list(self.hand_sprites):
            if c not in hand:
                del self.hand_sprites[c]
        for c in hand:
            if c not in self.hand_sprites:
                self.hand_sprites[c] = CardSprite(self.texts.card_face(c), self.L.centre, self.L.hand_card_h)

    # --- layout ---------------------------------------------------------------------------------------------
    def _compute_layout(self) -> lay.Layout:
        loose = [c for c in self.hand() if c not in self.intents.staged]
        return lay.compute(self.rect, float(self.ctx.unit), max(1, self.players), self.seat,
                           with_hand=not self.display, hand_count=len(loose), display=self.display,
                           final_cards=bool(self.scene.final_cards))

    def relayout(self) -> None:
        self.L = self._compute_layout()
        self._place_hand()
        self._place_centre()
        self.place_final_cards()

    def _place_hand(self) -> None:
        if self.display:
            return
        staged = self.intents.staged
        loose = [c for c in self.hand() if c not in staged]
        for (pos, ang), c in zip(self.L.hand_slots, loose):
            sp = self.hand_sprites.get(c)
            if sp is None:
                continue
            sp.angle, sp.selected = ang, False
            sp.rest_at(pos)
            sp.size = card_size(self.L.hand_card_h)
        staged_h, bottom = self.staged_band()
        slots = lay.staged_slots(self.L.discard, len(staged), staged_h, self.L.u, bottom)
        for pos, c in zip(slots, staged):
            sp = self.hand_sprites.get(c)
            if sp is None:
                continue
            sp.angle, sp.selected = 0.0, True
            sp.size = card_size(staged_h)
            sp.rest_at(pos)

    def centre_title(self) -> str:
        s = self.scene
        if not s.centre:
            return self.ctx.t("fv_discard_area")
        return self.ctx.t("fv_centre_hidden" if s.centre_hidden else "fv_centre_round", n=s.centre_round)

    def _title_h(self) -> float:
        """Height of the discard area's title line."""
        return float(self.fit.line(self.centre_title(), self.L.u * 1.0, self.L.discard.w - int(self.L.u * 2)).height)

    def staged_band(self) -> tuple[float, float]:
        """(card height, bottom y) of the cards staged for discard, above the instruction."""
        return lay.staged_band(self.L.discard, self.L.u, self._title_h(), self.prompt_rect(),
                               self.L.hand_card_h * lay.STAGED_SCALE, bool(self.scene.centre))

    def _place_centre(self) -> None:
        centre, u = self.scene.centre, self.L.u
        d = self.L.discard
        prompt = self.prompt_rect()
        reserve = (d.bottom - prompt.top + u * 0.3) if prompt is not None else 0.0  # a tall prompt reaches up
        if not self.display and (self.intents.discard_need() or self.intents.staged):
            staged_h, bottom = self.staged_band()
            reserve = max(reserve, d.bottom - bottom + staged_h + u * 0.3)
        title_h = self._title_h()
        spots = lay.centre_slots(self.L, len(centre), reserve,
                                 any(cc.owner is not None or cc.count > 1 for cc in centre), top=title_h + u * 0.9)
        for cc, (pos, h) in zip(centre, spots):
            cc.sprite.size = card_size(h)
            cc.sprite.rest_at(pos)

    # --- the node map ----------------------------------------------------------------------------------------
    def _build_nodes(self) -> NodeMap:
        nm = NodeMap()
        L, s = self.L, self.scene
        if self.shown and not (self.over_shown and self.results_toggle):
            live = not self.display
            nm.add(Node("discard", pygame.Rect(L.discard), kind="area", solid=False,
                        accepts=frozenset({"card"}) if live else frozenset()))
            if L.hand is not None and live:
                nm.add(Node("hand", pygame.Rect(L.hand), kind="area", solid=False, accepts=frozenset({"staged"})))
            for seat, r in enumerate(L.plates):
                nm.add(Node(("plate", seat), pygame.Rect(r), z=1, kind="plate", payload=("plate", seat),
                            accepts=frozenset({"token"}) if live else frozenset(), label=self.player_name(seat)))
            for i, cc in enumerate(s.centre):
                if cc.sprite.card is not None and cc.sprite.face_up and L.discard_shown:
                    nm.add(Node(("centre", i), cc.sprite.rect(), z=2, kind="card", zoom=cc.sprite.card,
                                hit=cc.sprite.hit, solid=False))
            for seat, fsp in s.final_cards.items():
                if fsp.card is not None and fsp.face_up:
                    nm.add(Node(("final", seat), fsp.rect(), z=3, kind="card", zoom=fsp.card, hit=fsp.hit))
            if live:
                for c in self.hand_order():
                    hsp = self.hand_sprites.get(c)
                    if hsp is None:
                        continue
                    key = ("staged" if c in self.intents.staged else "card", c)
                    nm.add(Node(key, hsp.rect(), z=4, kind="card", payload=key, draggable=True, zoom=hsp.card,
                                hit=hsp.hit, home=hsp.home, solid=False, label=hsp.card.title if hsp.card else c))
                home = self._token_home()
                if home is not None and self.seat is not None:
                    rad = self.L.u * 1.9  # the grab radius; the box is the token as drawn
                    drawn = self.L.u * (1.2 if self.intents.sel_target is not None else 1.6)
                    box = pygame.Rect(int(home[0] - drawn), int(home[1] - drawn), int(2 * drawn), int(2 * drawn))
                    nm.add(Node(("token", self.seat), box, z=6, kind="token", payload=("token", self.seat),
                                draggable=True, home=home, hit=_circle(home, rad)))
            prompt = self.prompt_rect()
            if prompt is not None:
                nm.add(Node("prompt", prompt, z=5, kind="text", label=self.intents.instruction()))
        nm.extend(self._shown_nodes())
        for b in self.buttons:
            nm.add(b.node(z=10))
        return nm

    def _shown_nodes(self) -> list[Node]:
        """What the table shows but nobody touches (never hit; kind "info", which the layout walk does not
        take for a control), for tests and tools: ``("seat", s)`` per plate (payload ``("seat", s, votes,
        tokens, role, highlighted, submitted)``), ``("heading", 0)`` (label: the phase line under the round
        title; payload ``("heading", round, phase, over shown)``), ``("clock", 0)`` (label: the clock as
        drawn; payload ``("clock", seconds, total, paused)``), ``("waiting", 0)`` (payload ``("waiting",
        n)``), ``("target", s)`` (your token staged on seat s; payload ``("target", s, "+1" | "−1")``),
        ``("sent", 0)`` (label: what you already submitted), ``("results", 0)`` while the results sheet is
        open (payload ``("results", winners, votes)``), ``"banner"`` (label: the message)."""
        if not self.shown:
            return []
        s, L, out = self.scene, self.L, []
        top = pygame.Rect(L.top)
        if self.over_shown and self.results_toggle:
            out.append(Node(("results", 0), pygame.Rect(self.rect), kind="info", solid=False, hit=never_hit,
                            payload=("results", tuple(self.painter.winners()), tuple(s.votes)),
                            label=self.painter.heading_text()))
        else:
            submitted = set(self.shown.get("submitted") or [])
            for seat, r in enumerate(L.plates):
                out.append(Node(("seat", seat), pygame.Rect(r), kind="info", solid=False, hit=never_hit,
                                label=self.player_name(seat),
                                payload=("seat", seat, _at(s.votes, seat, 0), _at(s.tokens, seat, 0),
                                         _at(s.roles, seat, None), s.highlight == seat, seat in submitted)))
            out.append(Node(("heading", 0), top, kind="info", solid=False, hit=never_hit,
                            label=self.painter.heading_text(),
                            payload=("heading", int(self.shown.get("round", 1) or 1), self.painter.shown_phase(),
                                     self.over_shown)))
            clock = self.clock_shown()
            if clock is not None:
                out.append(Node(("clock", 0), top, kind="info", solid=False, hit=never_hit,
                                label=f"{clock // 60}:{clock % 60:02d}",
                                payload=("clock", clock, self.clock_total, self.clock_paused)))
            elif self.painter.waiting_count() and not self.over_shown:
                n = self.painter.waiting_count()
                out.append(Node(("waiting", 0), top, kind="info", solid=False, hit=never_hit,
                                label=self.ctx.t("fv_waiting", n=n), payload=("waiting", n)))
            target = self.intents.sel_target
            if target is not None and self.seat is not None and target < len(L.plates):
                x, y = self.token_spot(target)
                rad = int(L.u * 1.2)
                out.append(Node(("target", target), pygame.Rect(int(x) - rad, int(y) - rad, 2 * rad, 2 * rad),
                                kind="info", solid=False, hit=never_hit, label=self.player_name(target),
                                payload=("target", target, self.painter.target_sign())))
            sent = self.painter.sent_text()
            if sent and L.controls is not None:
                out.append(Node(("sent", 0), pygame.Rect(L.controls), kind="info", solid=False, hit=never_hit,
                                label=sent))
        if self.banner.visible:
            out.append(Node("banner", pygame.Rect(L.main.centerx, L.main.bottom, 0, 0), z=30, kind="info",
                            solid=False, hit=never_hit, label=self.banner.message))
        return out

    def clock_shown(self) -> int | None:
        """The whole seconds the discussion clock shows (None: no clock on screen)."""
        if self.shown.get("phase") != "discussion" or self.clock_left is None or self.pres.now().clock is None:
            return None
        return math.ceil(self.clock_left)

    def frame_built(self) -> tuple[Any, ...] | None:
        """The key (everything shown but what pulses with time) the node map and buttons were last built from."""
        return self._built

    def _frame_key(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """Everything the node map and the buttons are made from: (all but where the cards are drawn, that)."""
        it, s = self.intents, self.scene
        sprites = self._card_sprites()
        return ((self.pres.shown.sid, self.pres.caught_up, self.pres.busy, tuple(it.staged), it.sel_choice, it.sel_target, it.awaiting,
                 self.results_toggle, s.show_results, tuple(self.rect), self.ctx.lang, self.input.zoom.open,
                 self.input.zoom.sticky, tuple((node_id, sp.face_up, sp.size) for node_id, sp in sprites),
                 tuple(self.names), tuple(s.votes), tuple(s.tokens), tuple(s.roles), s.highlight, self.clock_shown(),
                 self.clock_total, self.clock_paused, self.banner.visible and self.banner.message),
                tuple(sp.draw_pos() for _, sp in sprites))

    def _card_sprites(self) -> list[tuple[Any, CardSprite]]:
        """The cards' sprites, each with the id of the node it would be (hand, centre, final cards)."""
        s, staged = self.scene, self.intents.staged
        return ([(("staged" if c in staged else "card", c), sp) for c, sp in self.hand_sprites.items()]
                + [(("centre", i), cc.sprite) for i, cc in enumerate(s.centre)]
                + [(("final", seat), sp) for seat, sp in s.final_cards.items()])

    def _move_card_nodes(self) -> None:
        """Only cards moved (a hover lift, a glide): their nodes take the rects they are drawn at now."""
        where = dict(self._card_sprites())
        for node in self._nodes:
            sp = where.get(node.id)
            if sp is not None:
                node.rect = sp.rect()

    def prompt_rect(self) -> pygame.Rect | None:
        """Where the instruction pill goes (across the discard area's lower edge), or None (kept per text and
        place)."""
        text = self.intents.instruction()
        if not text or self.display:
            return None
        d, u = self.L.discard, self.L.u
        key = (text, tuple(d), self.L.main.w, u, self.ctx.lang)
        if self._prompt is None or self._prompt[0] != key:
            width, max_h = self.prompt_box(text)
            pill = Prompt.measure(self.ctx, text, width, u, max_h)
            band = self.L.prompt_band
            if band is not None:  # in its band under the discard area, never over the drop area (taller: downward)
                pill.midtop = (band.centerx, band.y + max(0, (band.h - pill.h) // 2))
            else:
                pill.midbottom = (d.centerx, d.bottom + min(pill.h // 2, int(u * 1.3)))
            self._prompt = (key, pill)
        return pygame.Rect(self._prompt[1])

    def prompt_box(self, text: str) -> tuple[int, float | None]:
        """(width, text height limit) of the instruction pill: as wide as the discard area; on a small
        area the text shrinks (to the fitter's floor) to two lines rather than grow over the cards."""
        d, u = self.L.discard, self.L.u
        width = int(min(d.w, self.L.main.w - u * 2))
        size = u * theme.TYPE["label"]
        two = 2 * self.fit.line_h(size, True)
        if self.fit.block(text, size, width - int(u * 1.2), None, True, balanced=True).height <= two:
            return width, None
        if (d.h >= u * 16 and self.L.prompt_band is None
                or self.fit.block(text, size, width - int(u * 1.2), two, True, balanced=True).overflow):
            return width, None  # room enough, or not even two lines at the floor: the pill grows
        return width, float(two)

    def token_spot(self, seat: int) -> tuple[float, float]:
        """Where your token sits once ``seat`` is chosen (clear of the instruction)."""
        return self.L.token_spot(seat, self.prompt_rect())

    def _token_home(self) -> tuple[float, float] | None:
        if self.L.token_home is None:
            return None
        t = self.intents.sel_target
        return self.token_spot(t) if t is not None and t < len(self.L.plates) else self.L.token_home

    # --- the loop ----------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.input.zoom.open and self.input.handle_event(event):
            return True
        if self.pres.handle_event(event):  # a click or Space skips the running animations
            self._skip_extras()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for b in self.buttons:  # Enter presses the confirm (or Ready) button
                if b.key in ("confirm", "ready") and b.enabled:
                    self.intents.press(b.key)
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.log_panel.handle_event(event, self.L.log, len(self.pres.log_lines)):
            return True
        return self.input.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.auto_rect:
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_rect() != self.rect:
                self.rect = surf.get_rect()
                self.relayout()
        fast = bool(getattr(self.ctx, "fast", False))
        self.pres.queue.fast = self.input.drag.fast = fast
        self.pres.update(dt)
        self.banner.update(dt)
        queued = _steps_of(self.pres.queue.steps)
        for f in self.scene.flyers:
            if not f.tween.done and f.tween not in queued:
                f.tween.update(dt)
        self.scene.flyers = [f for f in self.scene.flyers if not f.tween.done]
        self.scene.role_flash = [max(0.0, x - dt / 0.6) for x in self.scene.role_flash]
        if self.clock_left is not None and self.shown.get("phase") == "discussion" and not self.clock_paused:
            self.clock_left = max(0.0, self.clock_left - dt)
            if self.clock_left <= 10 and not self._warned:
                self._warned = True
                self.ctx.play_sound("warn")
        if self.shown.get("over") and not self.pres.busy and not self.scene.show_results:
            self.scene.show_results = True
        self.place_final_cards()
        hovered = self.input.hovered
        for c, sp in self.hand_sprites.items():
            sp.hovered = hovered is not None and hovered.id == ("card", c)
            sp.update(dt)
        for cc in self.scene.centre:
            cc.sprite.update(dt)
        for sp in self.scene.final_cards.values():
            sp.update(dt)
        key = self._frame_key()
        if key != self._built:  # the node map and buttons change only when what they show does
            if self._built is not None and key[0] == self._built[0]:
                self._move_card_nodes()  # only cards moved: the same nodes, at their new rects
            else:
                self.buttons = self.intents.buttons()
                self._nodes = self._build_nodes()
                self.input.sync(self._nodes)
            self._built = key
        self.input.update(dt)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.painter.draw(surface, pygame.Rect(rect))

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The results screen (everyone's last card and votes, why each card won or not, the if-story)."""
        self.painter.draw_results(surface, pygame.Rect(rect))

    def busy(self) -> bool:
        s = self.scene
        return self.pres.busy or bool(s.flyers) or self.input.drag.busy or any(
            sp.animating for sp in list(self.hand_sprites.values()) + [c.sprite for c in s.centre]
            + list(s.final_cards.values()))

    def frame_due(self) -> float | None:
        """Full rate while anything moves (steps, flyers, the banner, a role flash); else the next clock second."""
        if self.busy() or self.banner.visible or any(self.scene.role_flash):
            return 0.0
        left = self.clock_left
        if left is None or left <= 0 or self.clock_paused or self.shown.get("phase") != "discussion":
            return None
        return (left - math.floor(left)) or 1.0  # the shown number is ceil(left): it changes at whole seconds

    def skip_animations(self) -> None:
        self.pres.skip()
        self._skip_extras()

    def _skip_extras(self) -> None:
        s = self.scene
        for f in s.flyers:
            f.tween.skip()
        s.flyers = []
        self.input.drag.skip()
        for sp in list(self.hand_sprites.values()) + [c.sprite for c in s.centre] + list(s.final_cards.values()):
            sp.skip()


def _circle(centre: tuple[float, float], radius: float) -> Callable[[tuple[float, float]], bool]:
    return lambda p: math.hypot(p[0] - centre[0], p[1] - centre[1]) <= radius


def _at(values: list[Any], i: int, default: Any) -> Any:
    return values[i] if i < len(values) else default


def _steps_of(steps: list[Any]) -> list[Any]:
    out: list[Any] = []
    for s in steps:
        out.append(s)
        out.extend(getattr(s, "steps", []))
    return out
