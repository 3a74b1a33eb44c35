"""The fate_votes table: players around an ellipse, your hand fanned below, discards in the middle.

Interaction turns drags into candidate actions that must appear in ``self.legal``;
nothing is sent before a confirm button. Reveals are animated from the server's
events (choices, discards flip, tokens fly; round 5 one seat at a time); the results
view explains condition by condition why each final card won or did not.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from client.tables import fate_votes_layout as lay
from client.tables.base import TableContext, TableView
from client.tables.fate_votes_draw import FvPainter
from client.tables.fate_votes_texts import FvTexts
from client.widgets.anim import AnimQueue, Call, Flash, Parallel, Staggered, Tween, Wait, ease_out
from client.widgets.cards import CardRenderer, CardSprite, CardZoom, HoverHold
from client.widgets.drag import DragController, DragSource, DropTarget
from client.widgets.tokens import BadgeCache

LAST_ROUND = 5


@dataclass
class Button:
    id: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    selected: bool = False
    primary: bool = False


@dataclass
class Flyer:
    """A token flying from one plate to another (vote +1 / strike −1)."""

    src: int
    dst: int
    sign: int
    tween: Tween


@dataclass
class CentreCard:
    sprite: CardSprite
    owner: int | None
    count: int = 1  # voters' discards: identical cards are stacked as one with a count


class FateVotesTable(TableView):
    """fate_votes for one local seat, or the public table display (``seat=None``)."""

    game_id = "fate_votes"

    def __init__(self, ctx: TableContext, seat: int | None) -> None:
        super().__init__(ctx, seat)
        self.names: list[str] = []
        self.texts = FvTexts(ctx, self.player_name)
        self.cards = CardRenderer(ctx)
        self.badges = BadgeCache(ctx)
        self.zoom = CardZoom(ctx, self.cards)
        self.hover_hold = HoverHold(0.9)
        self.queue = AnimQueue(fast=bool(getattr(ctx, "fast", False)))
        self.queue.on_idle = self._on_idle
        self.drag = DragController(fast=bool(getattr(ctx, "fast", False)))
        self.drag.on_click = self._on_click_payload
        self.drag.on_reject = self._reject
        self.drag.fallback_message = self._drop_nothing_message
        surf = pygame.display.get_surface()
        self.rect = surf.get_rect() if surf is not None else pygame.Rect(0, 0, 1920, 1080)
        self.auto_rect = True
        self.L = self._compute_layout()
        # interaction state
        self.staged: list[str] = []
        self.sel_choice: str | None = None
        self.sel_target: int | None = None
        self.awaiting = False
        self.message = ""
        self.message_flash = Flash(4.0)
        self.buttons: list[Button] = []
        self.hand_sprites: dict[str, CardSprite] = {}
        self.hovered_card: str | None = None
        self.mouse = (0, 0)
        # shown state (lags the view while animations run)
        self.disp_votes: list[int] = []
        self.disp_tokens: list[int] = []
        self.role_shown: list[str | None] = []
        self.role_flash: list[float] = []
        self.highlight: int | None = None
        self.flyers: list[Flyer] = []
        self.centre_cards: list[CentreCard] = []
        self.centre_round = 0
        self.centre_hidden = False
        self.final_cards: dict[int, CardSprite] = {}
        self.log_lines: list[tuple[str, int | None]] = []
        self.show_results = False  # the game is over and its last animations have played
        self._settle = False
        # the table's own results view (the app also shows draw_results in its results frame)
        self.results_toggle = self.display
        self.clock: Any = None
        self.clock_left: float | None = None
        self.clock_total: float | None = None
        self.clock_paused = False
        self.time = 0.0
        self._warned = False
        self._seen_log = 0
        self.painter = FvPainter(self)

    # --- names and area ---------------------------------------------------------------
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
            self._relayout()

    def set_clock(self, clock: Any) -> None:
        """The discussion clock from the snapshot: seconds left, or a dict with them; None = no timer."""
        self.clock = clock
        left: float | None = None
        self.clock_total = None
        self.clock_paused = False
        if isinstance(clock, (int, float)) and not isinstance(clock, bool):
            left = float(clock)
        elif isinstance(clock, dict):
            for key in ("deadline_in", "remaining", "left", "seconds_left", "seconds"):
                if isinstance(clock.get(key), (int, float)) and not isinstance(clock.get(key), bool):
                    left = float(clock[key])
                    break
            total = clock.get("total")
            if isinstance(total, (int, float)) and not isinstance(total, bool) and total > 0:
                self.clock_total = float(total)
            self.clock_paused = bool(clock.get("paused", False))
        self.clock_left = None if left is None else max(0.0, left)
        self._warned = self.clock_left is not None and self.clock_left <= 10

    @property
    def over_shown(self) -> bool:
        """The game is over and the animations have caught up (results may be shown)."""
        return bool(self.view.get("over")) and self.show_results

    @property
    def display(self) -> bool:
        return self.seat is None or bool(getattr(self.ctx, "display_mode", False))

    @property
    def players(self) -> int:
        return int(self.view.get("players", 0) or 0)

    def hand(self) -> list[str]:
        if self.seat is None:
            return []
        return list(self.view.get("hand") or [])

    def _compute_layout(self) -> lay.Layout:
        hand = [c for c in self.hand() if c not in getattr(self, "staged", [])]
        return lay.compute(self.rect, float(self.ctx.unit), max(1, self.players), self.seat,
                           with_hand=not self.display, hand_count=len(hand), display=self.display)

    def _relayout(self) -> None:
        self.L = self._compute_layout()
        self._place_hand()
        self._place_centre()
        self._place_final_cards()
        self._refresh_drag()
        self._refresh_buttons()

    # --- server data -------------------------------------------------------------------
    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        old_phase = (self.view.get("round"), self.view.get("phase"))
        first = not self.view
        super().set_snapshot(view, legal, sid)
        n = self.players
        if len(self.disp_votes) != n or not self.queue.busy:
            self._sync_shown()
        if first:
            self._rebuild_from_log()
        new_phase = (view.get("round"), view.get("phase"))
        if new_phase != old_phase:
            self.staged, self.sel_choice, self.sel_target = [], None, None
        self.awaiting = False
        hand = self.hand()
        if not self._discard_need():
            self.staged = []
        self.staged = [c for c in self.staged if c in hand]
        if self.sel_target is not None and not self._target_legal(self.sel_target, self.sel_choice):
            self.sel_target = None
        if view.get("over") and not self.show_results:
            self._settle = True  # show the results once the events of this snapshot have been animated
        self._sync_hand_sprites()
        self._relayout()

    def _sync_shown(self) -> None:
        n = self.players
        self.disp_votes = list(self.view.get("votes") or [0] * n)
        self.disp_tokens = list(self.view.get("tokens") or [0] * n)
        roles = list(self.view.get("roles") or [None] * n)
        if len(self.role_shown) != n or self.view.get("phase") in ("discussion", "final") or any(roles):
            self.role_shown = roles
        if len(self.role_flash) != n:
            self.role_flash = [0.0] * n

    def _rebuild_from_log(self) -> None:
        """A fresh table (join / reconnect): log lines and the latest discards without animation."""
        log = list(self.view.get("log") or [])
        self.log_lines = []
        for entry in log:
            self.log_lines.extend(self.texts.log_lines(entry, self.seat))
        self._seen_log = len(log)
        last = None
        for entry in log:
            if entry.get("type") in ("strike_discards", "voter_discards"):
                last = entry.get("round")
        if last is not None:
            self._set_centre_round(last, log, flip=False)

    def _set_centre_round(self, rnd: int, log: list[dict], flip: bool) -> list[CardSprite]:
        """The centre shows one round's revealed discards; returns the newly added sprites."""
        if rnd != self.centre_round:
            self.centre_cards, self.centre_round, self.centre_hidden = [], rnd, False
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
                    self.centre_hidden = True
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
        self.centre_cards.append(CentreCard(sp, owner, count))
        return sp

    def push_events(self, events: list[dict[str, Any]]) -> None:
        """Animate a batch of events; log lines appear when their animation lands."""
        if not events:
            return
        if not self.queue.busy:
            self._set_before(events)
        for ev in events:
            self._animate(ev)
        if any(ev.get("type") in _LOG_TYPES for ev in events):
            self._seen_log = len(self.view.get("log") or [])

    def _set_before(self, events: list[dict[str, Any]]) -> None:
        """Shown counts at the start of a batch (undo the first absolute change if it is already shown)."""
        n = self.players
        for ev in events:
            kind = ev.get("type")
            if kind == "roles":
                self.role_shown = [None] * n
            if kind in ("strikes", "votes") and len(ev.get("votes", [])) == n:
                votes, tokens = list(ev["votes"]), list(ev["tokens"])
                for x in ev["targets"]:
                    votes[x["target"]] += 1 if kind == "strikes" else -1
                    tokens[x["seat"]] += 1
                self.disp_votes, self.disp_tokens = votes, tokens
                return
            if kind == "final_step" and len(ev.get("votes", [])) == n:
                votes = list(ev["votes"])
                votes[ev["target"]] -= 1 if ev["choice"] == "vote" else -1
                self.disp_votes = votes
                self.role_shown = [None] * n
                return

    def _log_step(self, ev: dict[str, Any]) -> Call:
        lines = self.texts.log_lines(ev, self.seat)
        return Call(lambda: self.log_lines.extend(lines))

    def _animate(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        q = self.queue
        if kind == "roles":
            roles = list(ev.get("roles") or [])

            def show_roles() -> None:
                self.role_shown = roles
                self.role_flash = [1.0 if r else 0.0 for r in roles]
                self.ctx.play_sound("flip")
            q.add(Call(show_roles))
            q.add(self._log_step(ev))
            q.add(Wait(0.7))
        elif kind in ("strike_discards", "voter_discards"):
            rnd = int(ev.get("round", 0))

            def reveal(ev: dict[str, Any] = ev, rnd: int = rnd) -> list[Any]:
                added = self._set_centre_round(rnd, [ev], flip=True)
                return [self._flip_action(sp) for sp in added if sp.card is not None]
            q.add(Staggered(reveal, 0.12, 0.3))
            q.add(Wait(0.35))
            q.add(self._log_step(ev))
            q.add(Wait(0.5))
        elif kind in ("strikes", "votes"):
            sign = -1 if kind == "strikes" else 1
            flyers = [Flyer(x["seat"], x["target"], sign, Tween(0.0, 1.0, 0.5, ease_out, delay=0.06 * i))
                      for i, x in enumerate(ev.get("targets", []))]

            def launch() -> None:
                self.flyers.extend(flyers)

            def land() -> None:
                self.disp_votes = list(ev["votes"])
                self.disp_tokens = list(ev["tokens"])
                self.ctx.play_sound("token")
            q.add(Call(launch))
            q.add(Parallel([f.tween for f in flyers]))
            q.add(Call(land))
            q.add(self._log_step(ev))
            q.add(Wait(0.3))
        elif kind == "round_end":
            def clamp() -> None:
                self.disp_votes = list(ev.get("votes") or self.disp_votes)
            q.add(Call(clamp))
            q.add(self._log_step(ev))
        elif kind == "final_step":
            s, t = int(ev["seat"]), int(ev["target"])
            sign = 1 if ev.get("choice") == "vote" else -1
            flyer = Flyer(s, t, sign, Tween(0.0, 1.0, 0.55, ease_out))

            def start() -> None:
                self.highlight = s
                if len(self.role_shown) > s:
                    self.role_shown[s] = ev.get("choice")
                    self.role_flash[s] = 1.0
                self.flyers.append(flyer)

            def land() -> None:
                self.disp_votes = list(ev["votes"])
                self.ctx.play_sound("token")
            q.add(Call(start))
            q.add(Wait(0.35))
            q.add(flyer.tween)
            q.add(Call(land))
            q.add(self._log_step(ev))
            q.add(Wait(0.45))
            q.add(Call(lambda: setattr(self, "highlight", None)))
        elif kind == "final_reveal":
            cards = list(ev.get("cards") or [])

            def place() -> list[Any]:
                self.highlight = None
                self.final_cards = {}
                for s, c in enumerate(cards):
                    self.final_cards[s] = CardSprite(self.texts.card_face(c), (0, 0), self.L.pu * 5.0, face_up=False)
                self._place_final_cards()
                return [self._flip_action(sp) for sp in self.final_cards.values()]
            q.add(Staggered(place, 0.12, 0.3))
            q.add(Wait(0.3))
            q.add(self._log_step(ev))
        elif kind == "game_over":
            q.add(Wait(0.8))
            q.add(self._log_step(ev))
            q.add(Call(lambda: (self.ctx.play_sound("gong"), setattr(self, "show_results", True))))
        elif kind == "phase":
            q.add(self._log_step(ev))
        elif kind == "ready" and ev.get("seat") == self.seat:
            self.ctx.play_sound("click")

    def _flip_action(self, sp: CardSprite) -> Any:
        def flip() -> None:
            sp.flip(True, fast=self.queue.fast)
            self.ctx.play_sound("flip")
        return flip

    def on_error(self, code: str, message: str) -> None:
        """The server refused: staged cards and the token spring back; show why."""
        self.awaiting = False
        for c in self.staged:
            sp = self.hand_sprites.get(c)
            if sp is not None:
                self.drag.spring_back(("card", c), sp.pos, None)
        old_target = self.sel_target
        self.staged, self.sel_target = [], None
        self._relayout()
        for c, sp in self.hand_sprites.items():
            src = next((s for s in self.drag.sources if s.id == ("card", c)), None)
            if src is not None and ("card", c) in self.drag.springs:
                self.drag.springs[("card", c)].tween.end = src.home
        if old_target is not None and self.L.token_home is not None:
            self.drag.spring_back(("token", self.seat), self.L.token_spot(old_target), self.L.token_home)
        self._say(self._server_message(code, message))
        self.ctx.toast(self.message, "error")

    def _server_message(self, code: str, message: str) -> str:
        key = "fv_err_" + code.replace("/", "_")
        text = self.ctx.t(key)
        return message if text == key else text

    # --- the loop ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.zoom.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.queue.handle_event(event):
            self._skip_extras()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for b in self.buttons:  # Enter presses the confirm (or Ready) button
                if b.id in ("confirm", "ready") and b.enabled:
                    self._press(b.id)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card = self._card_at(event.pos)
            if card:
                face = self.texts.card_face(card)
                self.zoom.show(face)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    if b.enabled:
                        self._press(b.id)
                    return True
        if self.show_results and self.view.get("over") and self.results_toggle:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if self.display:
            return False
        if self.drag.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seat = self._plate_at(event.pos)
            if seat is not None:
                self._click_player(seat)
                return True
        return False

    def update(self, dt: float) -> None:
        self.time += dt
        if self.auto_rect:
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_rect() != self.rect:
                self.rect = surf.get_rect()
                self._relayout()
        if self._settle and not self.queue.busy:
            self._settle = False
            self._on_idle()
        self.queue.fast = bool(getattr(self.ctx, "fast", False))
        self.drag.fast = self.queue.fast
        self.queue.update(dt)
        self.drag.update(dt)
        self.zoom.update(dt)
        self.message_flash.update(dt)
        for f in self.flyers:
            if not f.tween.done and f.tween not in _steps_of(self.queue):
                f.tween.update(dt)
        self.flyers = [f for f in self.flyers if not f.tween.done]
        self.role_flash = [max(0.0, x - dt / 0.6) for x in self.role_flash]
        if self.clock_left is not None and self.view.get("phase") == "discussion" and not self.clock_paused:
            self.clock_left = max(0.0, self.clock_left - dt)
            if self.clock_left <= 10 and not self._warned:
                self._warned = True
                self.ctx.play_sound("warn")
        self.hovered_card = None if self.drag.dragging else self._card_at(self.mouse)
        for c, sp in self.hand_sprites.items():
            sp.hovered = c == self.hovered_card and c not in self.staged
            sp.update(dt)
        for cc in self.centre_cards:
            cc.sprite.update(dt)
        for sp in self.final_cards.values():
            sp.update(dt)
        held = self.hover_hold.update(self.hovered_card, dt)
        if held and not self.zoom.open:
            self.zoom.show(self.texts.card_face(held), sticky=False)
        if self.zoom.open and not self.zoom.sticky and (
                self.hovered_card is None or self.zoom.card is None
                or self.zoom.card.key != self.texts.card_face(self.hovered_card).key):
            self.zoom.close()
        self._refresh_buttons()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.painter.draw(surface, pygame.Rect(rect))

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The results screen (everyone's last card and votes, why each card won or not, the if-story)."""
        self.painter.draw_results(surface, pygame.Rect(rect))

    def busy(self) -> bool:
        return self.queue.busy or bool(self.flyers) or self.drag.busy or any(
            sp.animating for sp in list(self.hand_sprites.values()) + [c.sprite for c in self.centre_cards]
            + list(self.final_cards.values()))

    def skip_animations(self) -> None:
        self.queue.skip_all()
        self._skip_extras()

    def _skip_extras(self) -> None:
        for f in self.flyers:
            f.tween.skip()
        self.flyers = []
        self.drag.skip()
        for sp in list(self.hand_sprites.values()) + [c.sprite for c in self.centre_cards] + list(
                self.final_cards.values()):
            sp.skip()

    def _on_idle(self) -> None:
        """Animations caught up: show the view as it is now."""
        self._sync_shown()
        self.highlight = None
        if self.view.get("over"):
            self.show_results = True
            if not self.final_cards:
                self._place_final_cards()

    # --- what is legal now ----------------------------------------------------------------
    def _types(self) -> set[str]:
        return {a.get("type", "") for a in self.legal}

    def _discard_need(self) -> int:
        if "discard" not in self._types():
            return 0
        return len(next(a for a in self.legal if a.get("type") == "discard")["cards"])

    def _choices(self) -> list[str]:
        return sorted({a["choice"] for a in self.legal if a.get("type") == "choose"},
                      key=lambda c: 0 if c == "vote" else 1)

    def _final_mode(self) -> bool:
        return any(a.get("type") == "choose" and "seat" in a for a in self.legal)

    def _target_legal(self, seat: int, choice: str | None) -> bool:
        for a in self.legal:
            if a.get("type") == "target" and a.get("seat") == seat:
                return True
            if a.get("type") == "choose" and a.get("seat") == seat and (choice is None or a.get("choice") == choice):
                return choice is not None
        return False

    def _targets_possible(self) -> bool:
        return "target" in self._types() or self._final_mode()

    def candidate(self) -> dict[str, Any] | None:
        """The action the confirm button would send now (one of ``self.legal``), or None."""
        for a in self.legal:
            kind = a.get("type")
            if kind == "discard" and sorted(a["cards"]) == sorted(self.staged):
                return a
            if kind == "target" and a.get("seat") == self.sel_target:
                return a
            if kind == "choose" and a.get("choice") == self.sel_choice:
                if "seat" in a and a["seat"] != self.sel_target:
                    continue
                return a
        return None

    # --- interactions ----------------------------------------------------------------------
    def _say(self, message: str) -> None:
        self.message = message
        self.message_flash.trigger()

    def _reject(self, message: str) -> None:
        self._say(message)
        self.ctx.play_sound("error")

    def _drop_nothing_message(self, payload: Any) -> str:
        if payload and payload[0] == "token":
            return self.ctx.t("fv_msg_drop_token")
        if payload and payload[0] == "staged":
            return ""
        return self.ctx.t("fv_msg_drop_card")

    def _accept_card(self, payload: Any) -> tuple[bool, str]:
        if payload[0] != "card":
            return False, ""
        need = self._discard_need()
        if self.awaiting:
            return False, self.ctx.t("fv_msg_wait")
        if not need:
            return False, self.ctx.t("fv_msg_not_discard_time")
        if len(self.staged) >= need:
            return False, self.ctx.t("fv_msg_discard_count", n=need)
        return True, ""

    def _drop_card(self, payload: Any) -> None:
        card = payload[1]
        sp = self.hand_sprites.get(card)
        at = self.drag.position_of(("card", card), sp.pos if sp else self.L.centre)
        self.staged.append(card)
        self.ctx.play_sound("card")
        self._relayout()
        if sp is not None:
            sp.pos = at
            sp.move_to(sp.home, 0.18, fast=self.queue.fast)

    def _accept_unstage(self, payload: Any) -> tuple[bool, str]:
        return (payload[0] == "staged"), ""

    def _unstage(self, payload: Any) -> None:
        card = payload[1]
        if card in self.staged:
            sp = self.hand_sprites.get(card)
            at = self.drag.position_of(("staged", card), sp.pos if sp else self.L.centre)
            self.staged.remove(card)
            self._relayout()
            if sp is not None:
                sp.pos = at
                sp.move_to(sp.home, 0.18, fast=self.queue.fast)

    def _accept_token(self, seat: int) -> Any:
        def accepts(payload: Any) -> tuple[bool, str]:
            if payload[0] != "token":
                return False, ""
            if self.awaiting:
                return False, self.ctx.t("fv_msg_wait")
            return self._target_check(seat)
        return accepts

    def _target_check(self, seat: int) -> tuple[bool, str]:
        if not self._targets_possible():
            return False, self.ctx.t("fv_msg_not_target_time")
        if self._final_mode() and self.sel_choice is None:
            return False, self.ctx.t("fv_msg_choose_first")
        if self._target_legal(seat, self.sel_choice):
            return True, ""
        if seat == self.seat and (self.view.get("phase") == "vote_target" or self.sel_choice == "vote"):
            return False, self.ctx.t("fv_msg_not_self")
        return False, self.ctx.t("fv_msg_no_votes")

    def _drop_token(self, seat: int) -> Any:
        def on_drop(payload: Any) -> None:
            self.sel_target = seat
            self.ctx.play_sound("token")
            self._refresh_buttons()
        return on_drop

    def _click_player(self, seat: int) -> None:
        if self.awaiting or not self._targets_possible():
            return
        ok, msg = self._target_check(seat)
        if ok:
            self.sel_target = seat
            self.ctx.play_sound("token")
            self._refresh_buttons()
        else:
            self._reject(msg)

    def _on_click_payload(self, payload: Any) -> None:
        if payload[0] == "staged":
            self._unstage(payload)
        elif payload[0] == "token" and self.sel_target is not None:
            self.sel_target = None
            self._refresh_buttons()

    def _press(self, button_id: str) -> None:
        self.ctx.play_sound("click")
        if button_id == "results":
            self.results_toggle = not self.results_toggle
            return
        if button_id in ("vote", "strike"):
            self.sel_choice = None if self.sel_choice == button_id else button_id
            if self.sel_target is not None and not self._target_legal(self.sel_target, self.sel_choice):
                self.sel_target = None
            self._refresh_buttons()
            return
        if button_id == "clear":
            for c in list(self.staged):
                self._unstage(("staged", c))
            self.sel_target = None
            self._refresh_buttons()
            return
        if button_id == "ready":
            self._send({"type": "ready"})
            return
        if button_id == "confirm":
            action = self.candidate()
            if action is not None:
                self._send(action)

    def _send(self, action: dict[str, Any]) -> None:
        """Send ``action`` only if it is one of the legal actions (the server still decides)."""
        if action not in self.legal or self.seat is None or self.awaiting:
            return
        self.awaiting = True
        self.ctx.send_action(self.seat, dict(action))
        self._refresh_buttons()

    # --- hit tests -------------------------------------------------------------------------
    def _card_at(self, pos: tuple[int, int]) -> str | None:
        for c in reversed(self._hand_order()):
            sp = self.hand_sprites.get(c)
            if sp and sp.hit(pos):
                return c
        for cc in reversed(self.centre_cards):
            if cc.sprite.card and cc.sprite.face_up and cc.sprite.hit(pos):
                return cc.sprite.card.key.split(":", 1)[1]
        for sp in self.final_cards.values():
            if sp.card and sp.face_up and sp.hit(pos):
                return sp.card.key.split(":", 1)[1]
        return None

    def _plate_at(self, pos: tuple[int, int]) -> int | None:
        for s, r in enumerate(self.L.plates):
            if r.collidepoint(pos):
                return s
        return None

    # --- placing sprites -------------------------------------------------------------------
    def _hand_order(self) -> list[str]:
        return [c for c in self.hand() if c not in self.staged] + [c for c in self.staged]

    def _sync_hand_sprites(self) -> None:
        hand = self.hand()
        for c in list(self.hand_sprites):
            if c not in hand:
                del self.hand_sprites[c]
        for c in hand:
            if c not in self.hand_sprites:
                self.hand_sprites[c] = CardSprite(self.texts.card_face(c), self.L.centre, self.L.hand_card_h)

    def _place_hand(self) -> None:
        if self.display:
            return
        loose = [c for c in self.hand() if c not in self.staged]
        for (pos, ang), c in zip(self.L.hand_slots, loose):
            sp = self.hand_sprites.get(c)
            if sp is None:
                continue
            sp.home, sp.angle, sp.selected = pos, ang, False
            if not sp.animating:
                sp.pos = pos
            sp.size = _size(self.L.hand_card_h)
        slots = lay.staged_slots(self.L.discard, len(self.staged), self.L.hand_card_h * lay.STAGED_SCALE, self.L.u)
        for pos, c in zip(slots, self.staged):
            sp = self.hand_sprites.get(c)
            if sp is None:
                continue
            sp.home, sp.angle, sp.selected = pos, 0.0, True
            sp.size = _size(self.L.hand_card_h * lay.STAGED_SCALE)
            if not sp.animating:
                sp.pos = pos

    def _place_centre(self) -> None:
        d = self.L.discard
        u = self.L.u
        n = len(self.centre_cards)
        if not n:
            return
        # keep the bottom free for the cards being discarded now, and room under cards for owner badges
        reserve = (self.L.hand_card_h * lay.STAGED_SCALE + u * 2.0) if (not self.display and (
            self._discard_need() or self.staged)) else 0.0
        gap = u * 2.1 if any(cc.owner is not None or cc.count > 1 for cc in self.centre_cards) else u * 0.6
        h = u * 5.2
        while True:  # shrink until every card fits in the discard area
            w = h * 5 / 7
            per_row = max(1, int((d.w - u * 1.5) // (w + u * 0.5)))
            rows = math.ceil(n / per_row)
            if rows * (h + gap) + u * 2.4 + reserve <= d.h or h < u * 2.2:
                break
            h *= 0.92
        y0 = d.y + u * 2.4 + h / 2
        for i, cc in enumerate(self.centre_cards):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x0 = d.centerx - (in_row - 1) * (w + u * 0.5) / 2
            pos = (x0 + col * (w + u * 0.5), y0 + row * (h + gap))
            cc.sprite.home = pos
            cc.sprite.size = _size(h)
            if not cc.sprite.animating:
                cc.sprite.pos = pos
        _ = rows

    def _place_final_cards(self) -> None:
        if not self.final_cards and self.show_results and self.view.get("final") and not self.queue.busy:
            for s, c in enumerate(self.view["final"].get("cards", [])):
                self.final_cards[s] = CardSprite(self.texts.card_face(c), (0, 0), self.L.pu * 5.0)
        for s, sp in self.final_cards.items():
            if s >= len(self.L.plates):
                continue
            sp.size = _size(self.L.pu * 5.0)
            pos = self.L.beside_plate(s, sp.size[0] / 2, sp.size[1] / 2, self.L.u * 0.4)
            sp.home = pos
            if not sp.animating:
                sp.pos = pos

    def _refresh_drag(self) -> None:
        if self.display:
            self.drag.set_sources([])
            self.drag.set_targets([])
            return
        sources: list[DragSource] = []
        for c in self.hand():
            sp = self.hand_sprites.get(c)
            if sp is None:
                continue
            kind = "staged" if c in self.staged else "card"
            sources.append(DragSource(id=(kind, c) if kind == "staged" else ("card", c), home=sp.home,
                                      hit=sp.hit, payload=(kind, c)))
        # the topmost fan card is last in the hand order
        order = {c: i for i, c in enumerate(self._hand_order())}
        sources.sort(key=lambda s: order.get(s.payload[1], 0))
        if self.L.token_home is not None and self.seat is not None:
            home = self.L.token_spot(self.sel_target) if self.sel_target is not None else self.L.token_home
            r = self.L.u * 1.9
            sources.append(DragSource(id=("token", self.seat), home=home,
                                      hit=lambda p, h=home, r=r: math.hypot(p[0] - h[0], p[1] - h[1]) <= r,
                                      payload=("token", self.seat)))
        self.drag.set_sources(sources)
        targets = [DropTarget("discard", self.L.discard, self._accept_card, self._drop_card,
                              radius=int(self.L.u * 0.8))]
        if self.L.hand is not None:
            targets.insert(0, DropTarget("hand", self.L.hand, self._accept_unstage, self._unstage))
        for s, r in enumerate(self.L.plates):
            targets.append(DropTarget(("plate", s), r, self._accept_token(s), self._drop_token(s),
                                      radius=int(self.L.u * 0.6)))
        self.drag.set_targets(targets)

    def _refresh_buttons(self) -> None:
        """Buttons for what this seat can do now (computed in update, drawn as they are)."""
        self._refresh_drag_homes()
        buttons: list[Button] = []
        u = self.L.u
        if self.view.get("over"):
            if not self.show_results or self.display:  # the display shows the results, no controls
                self.buttons = buttons
                return
            r = pygame.Rect(0, 0, int(u * 9), int(u * 2.2))
            r.topright = (self.L.main.right - int(u * 0.6), self.L.main.y + int(u * 0.9))
            label = self.ctx.t("fv_btn_table") if self.results_toggle else self.ctx.t("fv_btn_results")
            buttons.append(Button("results", r, label, enabled=self.show_results))
            self.buttons = buttons
            return
        if self.display or self.L.controls is None:
            self.buttons = buttons
            return
        c = self.L.controls
        bh = int(u * 2.3)
        x1 = c.x + int(u * 5.0)  # right of the token and its label
        bw = (c.right - int(u * 0.4) - x1 - int(u * 0.5)) // 2  # two buttons that stay inside the panel
        x2 = x1 + bw + int(u * 0.5)
        y = c.y + int(u * 0.4)
        types = self._types()
        busy = self.awaiting
        if "ready" in types:
            buttons.append(Button("ready", pygame.Rect(x1, c.centery - bh // 2, bw * 2 + int(u * 0.5), bh),
                                  self.ctx.t("fv_btn_ready"), enabled=not busy, primary=True))
        choices = self._choices()
        if choices:
            buttons.append(Button("vote", pygame.Rect(x1, y, bw, bh), self.ctx.t("fv_btn_vote"),
                                  enabled="vote" in choices and not busy, selected=self.sel_choice == "vote"))
            buttons.append(Button("strike", pygame.Rect(x2, y, bw, bh), self.ctx.t("fv_btn_strike"),
                                  enabled="strike" in choices and not busy, selected=self.sel_choice == "strike"))
        cand = self.candidate()
        need = self._discard_need()
        label = ""
        if need:
            label = self.ctx.t("fv_btn_discard", n=need)
        elif "target" in types:
            name = self.player_name(self.sel_target) if self.sel_target is not None else self.painter.ellipsis()
            key = "fv_btn_confirm_strike" if self.view.get("phase") == "strike_target" else "fv_btn_confirm_vote"
            label = self.ctx.t(key, name=name)
        elif self._final_mode():
            name = self.player_name(self.sel_target) if self.sel_target is not None else self.painter.ellipsis()
            key = "fv_btn_confirm_strike" if self.sel_choice == "strike" else "fv_btn_confirm_vote"
            label = self.ctx.t(key, name=name)
        elif choices:
            label = self.ctx.t("fv_btn_confirm_choice",
                               choice=self.ctx.t("fv_btn_" + self.sel_choice) if self.sel_choice else self.painter.ellipsis())
        if label:
            yc = c.bottom - bh - int(u * 0.4)
            buttons.append(Button("confirm", pygame.Rect(x1, yc, bw * 2 + int(u * 0.5) - bh - int(u * 0.4), bh),
                                  label, enabled=cand is not None and not busy, primary=True))
            if self.staged or self.sel_target is not None:
                buttons.append(Button("clear", pygame.Rect(x2 + bw - bh, yc, bh, bh), "×", enabled=not busy))
        self.buttons = buttons

    def _refresh_drag_homes(self) -> None:
        """Keep the token's home on the chosen player (or in the controls)."""
        for s in self.drag.sources:
            if s.payload and s.payload[0] == "token" and self.L.token_home is not None:
                home = self.L.token_spot(self.sel_target) if self.sel_target is not None else self.L.token_home
                r = self.L.u * 1.9
                s.home = home
                s.hit = lambda p, h=home, r=r: math.hypot(p[0] - h[0], p[1] - h[1]) <= r


_LOG_TYPES = frozenset(("roles", "strike_discards", "strikes", "votes", "voter_discards", "round_end", "final_step",
                        "final_reveal"))


def _size(h: float) -> tuple[int, int]:
    from client.widgets.cards import card_size
    return card_size(h)


def _steps_of(queue: AnimQueue) -> list[Any]:
    out: list[Any] = []
    for s in queue.steps:
        out.append(s)
        if isinstance(s, Parallel):
            out.extend(s.steps)
    return out
