"""The mind_swap table on the kit: the location map, drag-and-drop pairs, dice you can watch.

Pieces: :mod:`mind_swap_model` (view → model, content texts), :mod:`mind_swap_layout`
(where things go), :mod:`mind_swap_draw` (program-drawn cards and badges, cached in a kit
SurfaceCache), :mod:`mind_swap_fx` (dice, announcements, flyers), :mod:`mind_swap_intents`
(which drop or click makes which candidate action), :mod:`mind_swap_controls` (the hand,
buttons, instruction, chooser), :mod:`mind_swap_sidebar` (turn, scores, counts, log),
:mod:`mind_swap_texts` (names, log lines), :mod:`mind_swap_zoom` and :mod:`mind_swap_final`.
This module ties them together: each frame it builds the node map (``nodes()``) that the
kit's :class:`~client.kit.interact.Interaction` turns into the intents' calls (drag,
click, right-click zoom, hover peek, the chooser's modal veil).

Server batches go through the kit presenter (:class:`client.kit.presenter.Presenter`):
each event's steps play one after another and change the shown table when their
effect has played (a dice roll lands in the tray, then the minds travel, then
restored pairs fly to the caster's score pile), so nothing is spoiled; each batch's
snapshot is shown when its events have played, and a backlog (fast bots) is
fast-forwarded so the table is never more than about a second behind. Controls act
only on the shown, newest snapshot. New students walk in from the edge of the map.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pygame

from client.kit.cache import LruCache, SurfaceCache
from client.kit.interact import Interaction
from client.kit.nodes import Node, NodeMap
from client.kit.presenter import Presenter, Shown
from client.kit.widgets import Banner, Button, Prompt, fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_fx as FX
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables import mind_swap_school as S
from client.tables.base import TableView
from client.tables.mind_swap_controls import ControlsPainter
from client.tables.mind_swap_final import draw_final, draw_scores
from client.tables.mind_swap_intents import ALONG_NEGI, MsIntents
from client.tables.mind_swap_sidebar import SidebarMixin
from client.tables.mind_swap_texts import TextsMixin
from client.tables.mind_swap_zoom import MsZoom, ZoomFace
from client.widgets.anim import Call, Tween, ease_out
from client.widgets.dice import DiceRoll, DieFaces

EASE_RATE = 13.0  # per second: ~250 ms to settle
NEGI_SPEED = 40.0  # units per second Negi walks along the halls


class MindSwapTable(SidebarMixin, TextsMixin, TableView):
    """The mind_swap table for one seat (or the public display when ``seat`` is None)."""

    game_id = "mind_swap"

    def __init__(self, ctx: Any, seat: int | None) -> None:
        super().__init__(ctx, seat)
        self.content = ctx.content(self.game_id)
        self.card_actions = M.card_actions_map(self.content)
        self.painter = D.Painter(ctx)
        self.faces = DieFaces()
        self.model = M.Model()  # what is drawn (the shown snapshot with the events played so far)
        self.latest = M.Model()  # the snapshot shown (the newest once every batch has landed)
        self.newest = M.Model()  # the newest snapshot received
        self.presenter = Presenter(_EveryEvent(self.steps_for), self.log_for, fast=ctx.fast, on_land=self._on_land)
        self._caught: tuple[int, bool] = (-1, False)
        self.body_pos: dict[int, list[float]] = {}
        self.mind_pos: dict[int, list[float]] = {}  # keyed by mind no: top-left of the mind card
        self.negi_pos: list[float] | None = None
        self.negi_path: list[tuple[float, float]] = []  # waypoints along the halls Negi still walks
        self.hand_pos: dict[int, list[float]] = {}
        self.flyers: list[FX.Flyer] = []
        self.scroll: dict[str, int] = {}
        self.clock = 0.0
        self._rect = pygame.Rect(0, 0, 1920, 1080)
        self._lay_key: tuple | None = None
        self._lay: L.Layout | None = None
        self.layers = SurfaceCache(8)  # opaque layers (background, base, still pairs, scratch) and the log
        self.wraps: LruCache[list[str]] = LruCache(600)
        self._log_y = 0
        self._seen_events = False
        self._opening: list[dict[str, Any]] = []
        self.intents = MsIntents(self)
        self.zoom = MsZoom(self)
        self.input = Interaction(self.zoom, self.intents.accept, self.intents.drop, self.intents.click, self.refuse,
                                 self.intents.nothing_here, fast=ctx.fast)
        self.banner = Banner(4.0)
        self.buttons: list[Button] = []
        self.controls = ControlsPainter(self)
        self._nodes = NodeMap()

    # --- data from the server -------------------------------------------------------
    @property  # type: ignore[override]
    def legal(self) -> list[dict[str, Any]]:
        """The legal actions of the shown snapshot, once it is the newest (else none: controls wait)."""
        pres = getattr(self, "presenter", None)
        return pres.legal if pres is not None else []

    @legal.setter
    def legal(self, value: list[dict[str, Any]]) -> None:
        pass  # the presenter keeps the server's legal actions with their snapshot

    def set_snapshot(self, view: dict[str, Any], legal: list[dict[str, Any]], sid: int) -> None:
        first = not self.view
        super().set_snapshot(view, legal, sid)
        self.newest = M.read_view(view, self.card_actions)
        self.presenter.snapshot(view, legal, sid)
        if first and not self._seen_events and view.get("turn_no", 0) == 0 and view.get("opening"):
            # a table that joins at the start shows the setup (start dice, first students walking in):
            # the map starts without the students who enter during it
            self._opening = list(view.get("opening") or [])
            start = copy.deepcopy(self.newest)
            for ev in self._opening:
                b = ev.get("student")
                if ev.get("type") == "move" and ev.get("why") == "enter" and b in start.pairs:
                    start.waiting_minds[b] = start.pairs.pop(b).mind
                    start.waiting += 1
            self._show(start)
            self._seen_events = True
            self.presenter.events(self._opening)
            self.presenter.queue.add(Call(lambda: self._show(self.latest)))

    def push_events(self, events: list[dict[str, Any]]) -> None:
        if events and self._opening and events == self._opening and self._seen_events:
            return  # the opening was already shown from the first snapshot
        self._seen_events = True
        self.presenter.events(events)

    def set_past(self, events: list[dict[str, Any]]) -> None:
        """A seat taken back (or a late spectator): the log of the earlier moves, without animation."""
        self.presenter.seed_log([line for ev in events for line in self.log_for(ev)])

    def _on_land(self, snap: Shown) -> None:
        """A batch has played: its snapshot is what the table shows now."""
        self.latest = M.read_view(snap.view, self.card_actions)
        self._show(self.latest)

    def shown(self) -> dict[str, Any]:
        """The server view the table shows now (the newest once every batch has played)."""
        return self.presenter.shown.view

    def nodes(self) -> NodeMap:
        """This frame's node map (rebuilt in ``update``): the places (drop areas), the students'
        pairs and mind cards, Negi, the hand and play slot, the buttons with the action they send,
        the chooser, the instruction. Ids: ``("area", loc)``, ``("pair", body)``, ``("mind", mind)``,
        ``("negi", 0)``, ``("card", card id)``, ``("slot", "play")``, ``("button", "magic" |
        "end_turn" | "great_skip")``, ``("choice", action)``, ``"prompt"``, ``"banner"``."""
        return self._nodes

    def _build_nodes(self, lay: L.Layout) -> NodeMap:
        nm = NodeMap()
        it = self.intents
        live = self.seat is not None and not self.ctx.display_mode
        minds = frozenset({"mind"}) if live and it.minds_draggable() else frozenset()
        for loc, r in lay.areas.items():
            nm.add(Node(("area", loc), pygame.Rect(r), z=0, kind="place", solid=False, label=self.loc_name(loc),
                        accepts=frozenset({"pair", "negi", "card"}) if live else frozenset()))
        mine = it.my_pair()
        picks = it.candidates()
        held = self.held()
        for loc in lay.areas:
            for pair in self.model.at(loc):
                bp = self.body_pos.get(pair.body)
                if bp is None:
                    continue
                rect = pygame.Rect(round(bp[0]), round(bp[1]), lay.foot[0], lay.foot[1])
                own = live and it.mode == "move_self" and mine is not None and pair.body == mine.body
                nm.add(Node(("pair", pair.body), rect, z=1, kind="pair", payload=("pair", pair.body), solid=False,
                            draggable=own, accepts=minds, zoom=ZoomFace("body", pair.body),
                            home=(bp[0] + lay.card_w / 2, bp[1] + lay.card_h / 2),
                            label=M.student_name(self.content, pair.body, self.ctx.lang),
                            enabled=pair.body in picks or not it.mode))
                mp = self.mind_pos.get(pair.mind)
                if mp is not None:
                    mr = pygame.Rect(round(mp[0]), round(mp[1]), lay.card_w, lay.card_h)
                    moving = held is not None and held[:2] == ("mind", pair.mind)  # not a target of itself
                    nm.add(Node(("mind", pair.mind), mr, z=1, kind="mind", payload=("mind", pair.mind), solid=False,
                                draggable=bool(minds), accepts=frozenset() if moving else minds,
                                zoom=ZoomFace("mind", pair.mind),
                                label=M.student_name(self.content, pair.mind, self.ctx.lang)))
        if self.negi_pos is not None:
            nr = self.negi_radius(lay)
            c = (self.negi_pos[0], self.negi_pos[1])
            nm.add(Node(("negi", 0), pygame.Rect(round(c[0] - nr), round(c[1] - nr), 2 * nr, 2 * nr), z=2,
                        kind="token", payload=("negi", 0), draggable=live and it.mode == "move_negi", solid=False,
                        home=c, hit=_within(c, nr + 4)))
        if live:
            nm.add(Node(("slot", "play"), pygame.Rect(lay.play_slot).inflate(lay.unit * 2, lay.unit * 2), z=0,
                        kind="place", accepts=frozenset({"card"}), solid=False, label=self.ctx.t("ms.play_here")))
            w, h = lay.hand_card
            idle = it.mode is None and not it.choices
            for card in self.latest.hand:
                p = self.hand_pos.get(card.id)
                if p is not None:
                    nm.add(Node(("card", card.id), pygame.Rect(round(p[0]), round(p[1]), w, h), z=3, kind="card",
                                payload=("card", card.id), draggable=idle and it.card_playable(card),
                                zoom=ZoomFace("card", card.id, card.type, card.actions), solid=False,
                                home=(p[0] + w / 2, p[1] + h / 2), label=" / ".join(self.ctx.t(f"ms.act.{a}") for a in card.actions)))
            for b in self.buttons:
                nm.add(b.node(z=4))
        prompt = self.prompt_rect(lay)
        if prompt is not None:
            nm.add(Node("prompt", prompt, z=5, kind="text", label=it.prompt()))
        if it.choices:
            nm.add(Node(("veil", 0), pygame.Rect(lay.rect), z=19, kind="veil", modal=True, solid=False))
            played = it.card
            for r, act in it.chooser(lay):
                action = {"type": "play", "card": played.id, "action": act} if played is not None else None
                nm.add(Node(("choice", act), pygame.Rect(r), z=20, kind="button", action=action,
                            label=self.ctx.t(f"ms.act.{act}")))
        if self.banner.visible:
            nm.add(Node("banner", pygame.Rect(lay.map.centerx, lay.map.bottom, 0, 0), z=30, kind="text", solid=False,
                        label=self.banner.message))
        return nm

    def prompt_rect(self, lay: L.Layout) -> pygame.Rect | None:
        """Where the instruction pill goes (the strip above the hand, clear of the area names), or None."""
        text = self.intents.prompt()
        if not text or self.presenter.busy or self.seat is None or self.ctx.display_mode:
            return None
        pill = Prompt.measure(self.ctx, text, lay.hand.w - round(lay.unit * 4), lay.unit)
        pill.midtop = (lay.hand.centerx, lay.hand.y + round(lay.unit * 0.15))
        return pill

    # --- what the intents need from the view ---------------------------------------------------------
    def held(self) -> tuple[str, int, tuple[float, float]] | None:
        """The piece being dragged now: (kind, ref, where its centre is), else None."""
        d = self.input.drag
        if not d.dragging or d.held is None:
            return None
        kind, ref = d.held.payload
        return str(kind), int(ref), d.position_of(d.held.id, d.held.home)

    def let_go_centre(self) -> tuple[float, float]:
        """Where the centre of the piece just let go is."""
        d = self.input.drag
        return d.pointer[0] + d.grab_offset[0], d.pointer[1] + d.grab_offset[1]

    def pair_of(self, node: Node) -> M.Pair | None:
        """The pair a node shows (a pair or one of its mind cards)."""
        kind, ref = node.id if isinstance(node.id, tuple) else ("", None)
        if kind == "pair":
            return self.model.pairs.get(ref)
        if kind == "mind":
            return self.model.pair_of_mind(ref)
        return None

    def place_of(self, node: Node) -> str | None:
        """The place a node is in (a place itself, or the place of the pair it shows)."""
        if isinstance(node.id, tuple) and node.id[0] == "area":
            return str(node.id[1])
        pair = self.pair_of(node)
        return pair.loc if pair is not None else None

    def flash_place(self, loc: str) -> None:
        """Outline ``loc`` in red for a moment (a refused drop or choice)."""
        self.input.drag.red.trigger(("area", loc))

    def refuse(self, message: str, where: str | None = None) -> None:
        """Say why something cannot be done (a banner in the player's language) with the error sound."""
        if message:
            self.banner.show(message, "error")
        if where:
            self.flash_place(where)
        self.ctx.play_sound("error")

    def log_lines(self) -> list[str]:
        """The log as shown (a line appears when its event has played)."""
        return list(self.presenter.log_lines)

    def log_for(self, ev: dict[str, Any]) -> list[str]:
        line = self.describe(ev)
        return [line] if line else []

    def steps_for(self, ev: dict[str, Any]) -> list[Any]:
        """The effects one event plays (dice roll, announcement, marker, sneeze), then its change to the map."""
        etype = str(ev.get("type", ""))
        fast = self.ctx.fast
        out: list[FX.Step] = []
        if "faces" in ev and ev.get("faces"):
            lay = self.layout()
            size = self.dice_size(lay)
            tray = FX.tray_rect(lay.map, lay.unit, size)
            start, rest = FX.tray_path(tray, lay.unit, size)
            dropped = frozenset(int(i) for i in ev.get("dropped") or ())
            minor = str(ev.get("purpose")) in MINOR_ROLLS
            roll = DiceRoll(sides=FX.dice_sides(ev), faces=[int(f) for f in ev["faces"]], start=start, rest=rest,
                            size=size, dropped=dropped, fast=fast, label=None, duration=0.7 if minor else 0.85,
                            badge_hold=0.3 if minor else 0.6)
            out.append(FX.DiceStep(roll=roll, caption=self.dice_caption(ev), sound="dice"))
        outcome = ev.get("outcome")
        if isinstance(outcome, str) and outcome:
            out.append(FX.BannerStep(duration=0.0 if fast else 0.9, text=self.ctx.t(f"ms.outcome.{outcome}"),
                                     colour=OUTCOME_COLOUR.get(outcome, D.ACCENT), sound="flip"))
            if outcome == "sneeze" and etype == "magic":
                out.append(FX.SneezeStep(duration=0.0 if fast else 1.0, at=self.place_point(ev)))
        if etype == "marker" and isinstance(ev.get("student"), int):
            out.append(FX.MarkerStep(duration=0.0 if fast else 0.8, no=int(ev["student"]), sound="token"))
        if not out:
            out.append(FX.Step(duration=0.0, sound=EVENT_SOUND.get(etype) if self.describe(ev) else None))
        focus = tuple(int(ev[k]) for k in ("a", "b", "student") if isinstance(ev.get(k), int))
        for step in out:
            step.focus = focus
            step.on_start = self._step_started
        steps: list[Any] = [*out, Call(lambda: self._apply_event(ev))]
        if etype == "turn" and self.seat is not None and ev.get("seat") == self.seat and not self.ctx.display_mode:
            # after the turn is shown (the sidebar says "Your turn" with it), not before
            steps.append(FX.BannerStep(duration=0.0 if fast else 0.8, text=self.ctx.t("ms.your_turn"),
                                       colour=D.ACCENT, sound="token", on_start=self._step_started))
        if not fast and etype in EVENT_PAUSE:
            # the change is shown when the step ends; a pause after it lets the cards travel
            steps.append(FX.Step(duration=EVENT_PAUSE[etype]))
        return steps

    def _step_started(self, step: FX.Step) -> None:
        if step.sound:
            self.ctx.play_sound(step.sound)
        if isinstance(step, FX.SneezeStep) and step.focus:
            step.at = self.place_point({"a": step.focus[0]})

    def _apply_event(self, ev: dict[str, Any]) -> None:
        """One event has played: the map shows its change (the batch's snapshot corrects the rest)."""
        if self.model.players:
            shown = M.apply_event(self.model, ev, self.newest)
            if shown is not None:
                self._show(shown)

    def current_step(self) -> FX.Step | None:
        """The effect playing now (drawn over the map), if any."""
        head = self.presenter.queue.current
        return head if isinstance(head, FX.Step) else None

    def dice_size(self, lay: L.Layout) -> int:
        return round(lay.unit * (3.2 if self.ctx.display_mode else 2.6))

    def on_error(self, code: str, message: str) -> None:
        """The server refused: the toast and a banner say why in the player's language; the piece
        left where it was dropped springs back and its place flashes red."""
        super().on_error(code, message)
        self.intents.server_refused()
        self.refuse(self.refusal_text(code, message))

    # --- the loop -------------------------------------------------------------------
    def busy(self) -> bool:
        return self.presenter.busy or bool(self.flyers or self.negi_path) or not self._settled()

    def skip_animations(self) -> None:
        self.presenter.skip()
        self.flyers.clear()
        self.input.drag.skip()
        self._snap_sprites()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Space or a click skips running animations; right-click or Esc cancels a choice in progress;
        the wheel scrolls a crowded place; the rest is the kit's Interaction over the node map."""
        it = self.intents
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.skip_animations()
            return True
        if self.zoom.open and self.input.handle_event(event):
            return True
        cancel = (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
        if cancel and (it.mode or it.choices):
            it.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.presenter.busy:
            self.skip_animations()
            return True
        if event.type == pygame.MOUSEWHEEL:
            return self._scroll(event.y)
        return self.input.handle_event(event)

    def _scroll(self, dy: int) -> bool:
        lay = self.layout()
        loc = lay.area_at(self.input.pointer)
        if loc is None or not (lay.overflow.get(loc) or self.scroll.get(loc)):
            return False
        limit = lay.overflow.get(loc, 0) + self.scroll.get(loc, 0)
        self.scroll[loc] = max(0, min(limit, self.scroll.get(loc, 0) - dy * round(lay.unit * 2)))
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        self.presenter.queue.fast = self.ctx.fast
        self.presenter.update(dt)
        caught = (self.presenter.shown.sid, self.presenter.caught_up)
        if caught != self._caught:
            self._caught = caught
            if caught[1]:
                self.intents.on_snapshot()  # the controls follow the newest snapshot, now shown
        for f in self.flyers:
            f.tween.update(dt)
        self.flyers = [f for f in self.flyers if not f.tween.done]
        self.banner.update(dt)
        self._place_dice()
        self.input.drag.fast = self.ctx.fast
        self._ease_sprites(dt)
        lay = self.layout()
        self.buttons = self.intents.buttons(lay)
        self._nodes = self._build_nodes(lay)
        self.input.sync(self._nodes)
        self.input.update(dt)

    def _place_dice(self) -> None:
        """The rolling dice stay in the tray of the current layout (the window may have changed size)."""
        step = self.current_step()
        if isinstance(step, FX.DiceStep) and step.roll is not None:
            lay = self.layout()
            size = self.dice_size(lay)
            step.roll.size = size
            step.roll.start, step.roll.rest = FX.tray_path(FX.tray_rect(lay.map, lay.unit, size), lay.unit, size)

    def _show(self, new: M.Model) -> None:
        """Draw ``new`` from now on: restored pairs fly to score piles, new students walk in, the rest glide."""
        old = self.model
        lay_old = self.layout()
        for body, pair in old.pairs.items():
            if body in new.pairs:
                continue
            pos = self.body_pos.get(body)
            if pos is None:
                continue
            owner = next((pl for pl in new.players if pair.mind in pl.pile or body in pl.pile), None)
            if owner is None:
                continue
            surf = self.painter.student_card(self.content, body, lay_old.card_w, lay_old.card_h, True, glow=True)
            end = self.pile_point(owner.seat)
            fast = self.ctx.fast
            tween = Tween(0.0, 1.0, 0.0 if fast else 0.7, ease_out, delay=0.0 if fast else 0.35)
            self.flyers.append(FX.Flyer(surf, (pos[0] + lay_old.card_w / 2, pos[1] + lay_old.card_h / 2), end, tween))
            self.ctx.play_sound("card")
        self.model = new
        self._lay_key = None
        lay = self.layout()
        if old.negi and new.negi and old.negi != new.negi and self.negi_pos is not None:
            # Negi walks out of the old place's door, along the halls, into the new place
            self.negi_path = [*L.route(lay, old.negi, new.negi), self.negi_target(lay)]
        for body in list(self.body_pos):
            if body not in new.pairs:
                del self.body_pos[body]
        minds_now = {p.mind for p in new.pairs.values()}
        for mind in list(self.mind_pos):
            if mind not in minds_now:
                del self.mind_pos[mind]
        edge_x = lay.map.x - lay.card_w * 1.5
        for i, (body, pair) in enumerate(sorted(new.pairs.items())):
            if body not in self.body_pos:  # a student walks in from the edge
                slot = lay.slots.get(body, (lay.map.x, lay.map.y))
                self.body_pos[body] = [edge_x - (i % 3) * lay.card_w * 0.6, slot[1]]
            if pair.mind not in self.mind_pos:
                bp = self.body_pos[body]
                self.mind_pos[pair.mind] = [bp[0] + lay.off[0], bp[1] + lay.off[1]]
        if self.negi_pos is None:
            self.negi_pos = list(self.negi_target(lay))
        self.intents.after_model_change()
        if self.ctx.fast:
            self._snap_sprites()

    # --- sprites --------------------------------------------------------------------
    def _targets(self) -> tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]]]:
        lay = self.layout()
        bodies: dict[int, tuple[float, float]] = {}
        minds: dict[int, tuple[float, float]] = {}
        for body, pair in self.model.pairs.items():
            slot = lay.slots.get(body)
            if slot is None:
                continue
            bodies[body] = slot
            minds[pair.mind] = (slot[0] + lay.off[0], slot[1] + lay.off[1])
        for kind, ref, pos in self.pinned():
            if kind == "pair" and ref in bodies:
                bodies[ref] = pos
                mind = self.model.pairs[ref].mind
                minds[mind] = (pos[0] + lay.off[0], pos[1] + lay.off[1])
            elif kind == "mind" and ref in minds:
                minds[ref] = pos
        return bodies, minds

    def _ease_sprites(self, dt: float) -> None:
        bodies, minds = self._targets()
        k = 1.0 if self.ctx.fast else 1 - math.exp(-EASE_RATE * dt)
        pinned = {(kind, ref) for kind, ref, _ in self.pinned()}
        for table, targets, kind in ((self.body_pos, bodies, "pair"), (self.mind_pos, minds, "mind")):
            for ref, (tx, ty) in targets.items():
                pos = table.setdefault(ref, [tx, ty])
                if (kind, ref) in pinned or ("pair", self._body_of(ref)) in pinned and kind == "mind":
                    pos[0], pos[1] = tx, ty
                    continue
                pos[0] += (tx - pos[0]) * k
                pos[1] += (ty - pos[1]) * k
                if abs(tx - pos[0]) < 0.5 and abs(ty - pos[1]) < 0.5:
                    pos[0], pos[1] = tx, ty
        lay = self.layout()
        nt = self.pinned_negi() or self.negi_target(lay)
        if self.negi_pos is None:
            self.negi_pos = list(nt)
        if self.negi_path and not self.ctx.fast and self.pinned_negi() is None:
            S.walk(self.negi_pos, self.negi_path, lay.unit * NEGI_SPEED * dt)
            self.ease_hand(k)
            return
        self.negi_path = []
        self.negi_pos[0] += (nt[0] - self.negi_pos[0]) * k
        self.negi_pos[1] += (nt[1] - self.negi_pos[1]) * k
        self.ease_hand(k)

    def pinned(self) -> list[tuple[str, int, tuple[float, float]]]:
        """Pairs and mind cards held at a spot (being dragged, or dropped and sent): kind, ref, top-left."""
        lay = self.layout()
        pieces = [p for p in (self.held(),) if p is not None]
        pin = self.intents.pin
        if pin is not None:
            pieces.append((pin.kind, pin.ref, pin.centre))
        return [(kind, ref, (cx - lay.card_w / 2, cy - lay.card_h / 2)) for kind, ref, (cx, cy) in pieces
                if kind in ("pair", "mind")]

    def pinned_negi(self) -> tuple[float, float] | None:
        """Where Negi is held (dragged, or dropped and sent), else None."""
        held, pin = self.held(), self.intents.pin
        if held is not None and held[0] == "negi":
            return held[2]
        return pin.centre if pin is not None and pin.kind == "negi" else None

    def dragged_refs(self) -> set[tuple[str, int]]:
        held = self.held()
        return {(held[0], held[1])} if held is not None else set()

    def ease_hand(self, k: float) -> None:
        """Hand cards glide to their places (the played one onto the slot, the dragged one under the pointer)."""
        lay = self.layout()
        w, h = lay.hand_card
        playing = self.intents.card.id if self.intents.card is not None else None
        loose = [c for c in self.latest.hand if c.id != playing]
        rects = L.hand_rects(lay, len(loose), self._hover_hand_index(lay, len(loose)))
        slots = {c.id: r for c, r in zip(loose, rects)}
        held = self.held()
        for card in self.latest.hand:
            if held is not None and held[0] == "card" and held[1] == card.id:
                self.hand_pos[card.id] = [held[2][0] - w / 2, held[2][1] - h / 2]
                continue
            tx, ty = lay.play_slot.topleft if card.id == playing else slots.get(card.id, lay.play_slot).topleft
            pos = self.hand_pos.setdefault(card.id, [tx, lay.rect.bottom])
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
        live = {c.id for c in self.latest.hand}
        for cid in list(self.hand_pos):
            if cid not in live:
                del self.hand_pos[cid]

    def _hover_hand_index(self, lay: L.Layout, n: int) -> int | None:
        """The hand card under the pointer (it rises), unless something is held."""
        if self.input.drag.held is not None:
            return None
        rects = L.hand_rects(lay, n)
        return next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(self.input.pointer)), None)

    def _body_of(self, mind: int) -> int | None:
        p = self.model.pair_of_mind(mind)
        return p.body if p else None

    def _snap_sprites(self) -> None:
        bodies, minds = self._targets()
        self.body_pos = {b: [x, y] for b, (x, y) in bodies.items()}
        self.mind_pos = {m: [x, y] for m, (x, y) in minds.items()}
        self.negi_pos = list(self.negi_target(self.layout()))
        self.negi_path = []
        self.ease_hand(1.0)

    def _settled(self) -> bool:
        bodies, minds = self._targets()
        for table, targets in ((self.body_pos, bodies), (self.mind_pos, minds)):
            for ref, (tx, ty) in targets.items():
                pos = table.get(ref)
                if pos is None or abs(pos[0] - tx) > 1 or abs(pos[1] - ty) > 1:
                    return False
        return True

    def set_rect(self, rect: pygame.Rect) -> None:
        """The area the table is drawn into: everything is laid out for it from now on."""
        super().set_rect(rect)
        self.layout(pygame.Rect(rect))

    # --- geometry helpers -------------------------------------------------------------
    def layout(self, rect: pygame.Rect | None = None) -> L.Layout:
        """The layout for ``rect`` (or the last drawn rect). A new window size puts every card
        straight into its new place (a presentation cache, not game state)."""
        if rect is not None and pygame.Rect(rect) != self._rect:
            self._rect = pygame.Rect(rect)
            self._lay_key = None
            self._snap_sprites()
        r = pygame.Rect(rect) if rect is not None else self._rect
        key = (tuple(r), self.ctx.unit, id(self.model), self.ctx.display_mode, tuple(sorted(self.scroll.items())))
        if key != self._lay_key or self._lay is None:
            self._lay = L.compute(r, self.ctx.unit, self.model, self.ctx.display_mode, self.scroll)
            self._lay_key = key
            if rect is not None:
                self._rect = r
        return self._lay

    def negi_target(self, lay: L.Layout) -> tuple[float, float]:
        area = lay.areas.get(self.model.negi) or lay.areas["classroom"]
        r = self.negi_radius(lay)
        return area.right - r - lay.gap * 2, area.y + lay.header / 2 + 1

    def negi_radius(self, lay: L.Layout) -> int:
        label = self.ctx.text(self.ctx.t("ms.negi_short"), max(14, round(lay.header * 0.4)), D.INK, True)
        return max(12, round(lay.header * 0.5), round(label.get_width() * 0.62))

    def place_point(self, ev: dict[str, Any]) -> tuple[int, int]:
        """Where an event happens on the map (its students' area), else the map centre."""
        lay = self.layout()
        for key in ("a", "student", "caster"):
            no = ev.get(key)
            if isinstance(no, int) and no in self.body_pos:
                p = self.body_pos[no]
                return round(p[0] + lay.card_w / 2), round(p[1] + lay.card_h / 2)
        for key in ("students", "named"):
            lst = ev.get(key)
            if isinstance(lst, list):
                for no in lst:
                    pair = self.model.pair_of_mind(no) if isinstance(no, int) else None
                    if pair and pair.body in self.body_pos:
                        p = self.body_pos[pair.body]
                        return round(p[0] + lay.card_w / 2), round(p[1] + lay.card_h / 2)
        return lay.map.center

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lay = self.layout(rect)
        # layers are in window coordinates (as big as the rect's bottom-right corner)
        surface.blit(self._base_layer(lay), lay.rect.topleft, area=lay.rect)
        surface.blit(self._log_layer(lay), (lay.sidebar.x, lay.sidebar.y + self._log_top(lay)))
        self.draw_area_marks(surface, lay)
        for f in self.flyers:
            f.draw(surface)
        if not self.ctx.display_mode and self.seat is not None:
            self.controls.draw_hand(surface, lay)
        else:
            self.draw_recent(surface, lay)
        step = self.current_step()
        if step is not None:
            fxc = FX.FxContext(self.ctx, self.painter, self.faces, lay.map, self.cup_point(lay), lay.unit,
                               FX.tray_rect(lay.map, lay.unit, self.dice_size(lay)))
            self.draw_focus(surface, lay, step.focus)
            step.draw(surface, fxc)
        elif self.model.over and not self.flyers and not self.presenter.busy:
            draw_final(self, surface, lay)
        self.controls.draw_overlays(surface, lay)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The app's results frame: the final scores of the newest snapshot (not the animated model)."""
        if not self.newest.players:
            super().draw_results(surface, rect)
            return
        draw_scores(self, self.newest, surface, pygame.Rect(rect), self.ctx.unit)

    def draw_focus(self, surface: pygame.Surface, lay: L.Layout, bodies: tuple[int, ...]) -> None:
        """Outline the students an effect is about (the two named for magic, the one rolling)."""
        pulse = 2 + round(2 * (1 + math.sin(self.clock * 8)))
        for b in bodies:
            pos = self.body_pos.get(b)
            if pos is None:
                continue
            r = pygame.Rect(round(pos[0]), round(pos[1]), lay.foot[0], lay.foot[1]).inflate(6 + pulse, 6 + pulse)
            pygame.draw.rect(surface, D.ACCENT, r, 3, border_radius=max(6, lay.card_w // 7))

    def _still(self) -> bool:
        """Nothing on the map moves (pairs can come from the cached layer)."""
        return not self.flyers and not self.dragged_refs() and not self.pinned() and self._settled()

    def _base_layer(self, lay: L.Layout) -> pygame.Surface:
        """Background, areas and sidebar (and the pairs when nothing moves), cached."""
        self.layers.context(self.ctx.lang, tuple(lay.rect))
        key1 = ("base", id(self.model), tuple(sorted(self.scroll.items())), self.seat)
        base = self.layers.get(key1, lambda: self._draw_base(lay))
        if not self._still():
            out = self.layers.get(("scratch", base.get_size()), base.copy)
            out.blit(base, (0, 0))
            self.draw_pairs(out, lay)
            return out
        it = self.intents
        key2 = ("pairs", key1, tuple(it.highlighted()), tuple(sorted(it.candidates())), it.along)
        return self.layers.get(key2, lambda: self._draw_still_pairs(base, lay))

    def _draw_base(self, lay: L.Layout) -> pygame.Surface:
        base = self._background(lay).copy()
        self.draw_areas(base, lay)
        self.draw_sidebar(base, lay)
        return base

    def _draw_still_pairs(self, base: pygame.Surface, lay: L.Layout) -> pygame.Surface:
        full = base.copy()
        self.draw_pairs(full, lay)
        return full

    def _background(self, lay: L.Layout) -> pygame.Surface:
        return self.layers.get(("bg",), lambda: self._draw_background(lay))

    def _draw_background(self, lay: L.Layout) -> pygame.Surface:
        size = lay.rect.size
        bg = pygame.Surface((lay.rect.right, lay.rect.bottom))
        bg.fill(D.TABLE)
        vig = pygame.Surface((64, 36), pygame.SRCALPHA)
        for y in range(36):
            for x in range(64):
                d = math.hypot((x - 31.5) / 32, (y - 17.5) / 18)
                vig.set_at((x, y), (0, 0, 0, min(120, max(0, round((d - 0.55) * 160)))))
        bg.blit(pygame.transform.smoothscale(vig, size), lay.rect.topleft)
        side = pygame.Surface((lay.sidebar.w, lay.sidebar.h), pygame.SRCALPHA)
        side.fill((255, 255, 255, 16))
        bg.blit(side, lay.sidebar.topleft)
        return bg.convert() if pygame.display.get_surface() else bg

    def draw_areas(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """The area panels with suit, name and head count (static: cached in the base layer)."""
        u = lay.unit
        S.draw_halls(surface, lay)
        for loc, r in lay.areas.items():
            suit = M.SUIT_OF.get(loc, "other")
            col = D.SUIT_COLOUR.get(suit, D.OTHER_COLOUR)
            surface.blit(self._area_panel(r.size, col), r.topleft)
            surface.blit(S.place_art(loc, r.size, u, lay.header), r.topleft)
            if loc == "other":
                S.draw_rooms(surface, lay, self.rooms(lay), lambda text, rect: None)
            hs = lay.header
            D.draw_suit(surface, suit, (r.x + hs * 0.6, r.y + hs * 0.52), hs * 0.62, col)
            title = self.ctx.text(self.loc_name(loc), max(14, u * 0.95), D.LIGHT, True)
            surface.blit(title, title.get_rect(midleft=(r.x + hs * 1.1, r.y + hs * 0.52)))
            n = len(self.model.at(loc))
            cnt = self.ctx.text(self.ctx.t("ms.count", n=n), max(14, u * 0.75), (190, 205, 198))
            surface.blit(cnt, cnt.get_rect(midleft=(r.x + hs * 1.1 + title.get_width() + u * 0.6,
                                                    r.y + hs * 0.55)))
            if lay.overflow.get(loc):
                more = self.ctx.text(self.ctx.t("ms.scroll_more"), max(14, u * 0.7), D.ACCENT)
                surface.blit(more, more.get_rect(bottomright=(r.right - u * 0.5, r.bottom - u * 0.2)))

    def draw_area_marks(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Live marks on areas: the glow of legal drops, the red outline of a refused one."""
        u = lay.unit
        held = self.held()
        targets = self.intents.drop_places(held[0] if held is not None else None)
        red = self.input.drag.red
        refused = None
        if red.active:
            node = self._nodes.find(red.data)
            refused = self.place_of(node) if node is not None else None
        for loc, r in lay.areas.items():
            if loc in targets:
                glow = 2 + round(2 * (1 + math.sin(self.clock * 6)))
                pygame.draw.rect(surface, D.ACCENT, r.inflate(glow, glow), 3, border_radius=round(u * 0.8))
            if loc == refused:
                pygame.draw.rect(surface, D.RED, r.inflate(4, 4), 4, border_radius=round(u * 0.8))

    def draw_pairs(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Every pair (clipped to its area), the "other" labels and the pieces; cards on their way
        somewhere are drawn last and unclipped, so they are seen crossing the map."""
        picks = set(self.intents.highlighted())
        hints = self.intents.candidates()
        dragged = self.dragged_refs()
        bodies, minds = self._targets()
        travelling_pairs: list[M.Pair] = []
        travelling_minds: list[int] = []
        for loc, r in lay.areas.items():
            clip = surface.get_clip()
            surface.set_clip(r.inflate(-2, -2).clip(clip) if clip else r)
            for pair in self.model.at(loc):
                if ("pair", pair.body) in dragged:
                    continue
                if _away(self.body_pos.get(pair.body), bodies.get(pair.body)):
                    travelling_pairs.append(pair)
                    continue
                mind_away = _away(self.mind_pos.get(pair.mind), minds.get(pair.mind))
                if mind_away:
                    travelling_minds.append(pair.mind)
                self.draw_pair(surface, lay, pair, pair.body in picks,
                               ("mind", pair.mind) in dragged or mind_away, pair.body in hints)
                if loc == "other":
                    self.draw_other_label(surface, lay, pair)
            surface.set_clip(clip)
        for pair in travelling_pairs:
            self.draw_pair(surface, lay, pair, pair.body in picks, ("mind", pair.mind) in dragged)
        for mind in travelling_minds:
            mp = self.mind_pos.get(mind)
            if mp is not None:
                img = self.painter.student_card(self.content, mind, lay.card_w, lay.card_h, True, glow=True)
                pad = (img.get_width() - lay.card_w) // 2
                surface.blit(img, (round(mp[0]) - pad, round(mp[1]) - pad))
        self.draw_pieces(surface, lay)

    def rooms(self, lay: L.Layout) -> list[tuple[pygame.Rect, str]]:
        """The rooms at "other" (pairs in the same room share one), each with its name."""
        out: list[tuple[pygame.Rect, str]] = []
        area = lay.areas["other"]
        last_room: Any = object()
        for pair in self.model.at("other"):
            pr = lay.pair_rect(pair.body)
            if pr is None:
                continue
            box = pr.inflate(lay.gap * 2, 0)
            box.y -= lay.gap
            box.h += lay.gap + lay.other_label_h
            box = box.clip(area.inflate(-2, -2))
            if out and pair.room is not None and pair.room == last_room:
                out[-1] = (out[-1][0].union(box), out[-1][1])
            else:
                host = self.room_host(pair)
                out.append((box, M.student_text(self.content, host, "other", self.ctx.lang) or self.loc_name("other")))
            last_room = pair.room
        return out

    def _area_panel(self, size: tuple[int, int], col: tuple[int, int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            s = pygame.Surface(size, pygame.SRCALPHA)
            rad = round(self.ctx.unit * 0.8)
            pygame.draw.rect(s, (*col, 34), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, (255, 255, 255, 14), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, (*col, 150), s.get_rect(), 2, border_radius=rad)
            return s
        return self.painter.get(("area", size, col), make)

    def draw_pair(self, surface: pygame.Surface, lay: L.Layout, pair: M.Pair, picked: bool,
                  mind_dragged: bool, hint: bool = False) -> None:
        bp = self.body_pos.get(pair.body)
        if bp is None:
            return
        w, h = lay.card_w, lay.card_h
        body = self.painter.student_card(self.content, pair.body, w, h, False, glow=pair.restored)
        pad = (body.get_width() - w) // 2
        surface.blit(body, (round(bp[0]) - pad, round(bp[1]) - pad))
        if not mind_dragged:
            mp = self.mind_pos.get(pair.mind, [bp[0] + lay.off[0], bp[1] + lay.off[1]])
            mind = self.painter.student_card(self.content, pair.mind, w, h, True, glow=pair.restored)
            surface.blit(mind, (round(mp[0]) - pad, round(mp[1]) - pad))
        if picked or hint:
            r = pygame.Rect(round(bp[0]) - 3, round(bp[1]) - 3, w + lay.off[0] + 6, h + lay.off[1] + 6)
            pygame.draw.rect(surface, D.ACCENT if picked else (240, 214, 170), r, 3 if picked else 2,
                             border_radius=max(4, w // 8))

    def room_host(self, pair: M.Pair) -> int:
        """The first pair in ``pair``'s room at "other" (the room is named after that student)."""
        if pair.room is None:
            return pair.body
        for p in self.model.at("other"):
            if p.room == pair.room:
                return p.body
        return pair.body

    def draw_other_label(self, surface: pygame.Surface, lay: L.Layout, pair: M.Pair) -> None:
        bp = self.body_pos.get(pair.body)
        if bp is None:
            return
        host = self.room_host(pair)
        label = M.student_text(self.content, host, "other", self.ctx.lang) or self.loc_name("other")
        img = fitter_for(self.ctx).name(label, lay.unit * 0.72, (215, 222, 218), lay.foot[0] + lay.gap * 2)
        surface.blit(img, img.get_rect(midtop=(round(bp[0] + lay.foot[0] / 2), round(bp[1] + lay.foot[1] + 2))))

    def draw_pieces(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Player pieces ride on the pair holding their mind; a restored player's piece waits in
        the area's header beside Negi."""
        r = max(10, round(lay.unit * 0.75))
        header_slots: dict[str, int] = {}
        for pl in self.model.players:
            if pl.character is None:
                continue
            badge = self.painter.player_badge(pl.seat, r)
            pair = self.model.pair_of_mind(pl.character)
            mp = self.mind_pos.get(pair.mind) if pair else None
            if mp is not None:
                clip = surface.get_clip()
                _, minds = self._targets()
                if not _away(mp, minds.get(pair.mind)) and pair.loc in lay.areas:
                    surface.set_clip(lay.areas[pair.loc].clip(clip) if clip else lay.areas[pair.loc])
                surface.blit(badge, badge.get_rect(center=(round(mp[0] + lay.card_w - r * 0.4),
                                                          round(mp[1] + lay.card_h - r * 0.6))))
                surface.set_clip(clip)
                continue
            area = lay.areas.get(pl.piece or "")
            if area is None:
                continue
            k = header_slots.get(pl.piece or "", 0)
            header_slots[pl.piece or ""] = k + 1
            nr = self.negi_radius(lay)
            surface.blit(badge, badge.get_rect(center=(area.right - nr * 2 - lay.gap * 3 - r - k * (r * 2 + 4),
                                                      area.y + lay.header / 2 + 1)))
        mine = self.intents.my_pair()
        along = self.intents.along == ALONG_NEGI
        negi_along = along and mine is not None and ("pair", mine.body) in self.dragged_refs()
        if self.negi_pos is not None and ("negi", 0) not in self.dragged_refs() and not negi_along:
            nb = self.painter.negi_badge(self.negi_radius(lay))
            centre = (round(self.negi_pos[0]), round(self.negi_pos[1]))
            surface.blit(nb, nb.get_rect(center=centre))
            if along:  # chosen to come along
                pygame.draw.circle(surface, D.ACCENT, centre, self.negi_radius(lay) + 4, 3)

class _EveryEvent(dict[str, Any]):
    """The presenter table: every event type plays through one function (:meth:`MindSwapTable.steps_for`)."""

    def __init__(self, fn: Any) -> None:
        super().__init__()
        self.fn = fn

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self.fn


def _within(centre: tuple[float, float], radius: float) -> Callable[[tuple[float, float]], bool]:
    """A round hit test (Negi's badge)."""
    return lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2 <= radius * radius


def _away(pos: list[float] | None, target: tuple[float, float] | None, slack: float = 3.0) -> bool:
    return pos is not None and target is not None and (abs(pos[0] - target[0]) > slack
                                                       or abs(pos[1] - target[1]) > slack)


OUTCOME_COLOUR = {"sneeze": (200, 210, 230), "runaway": (222, 96, 90), "great": (240, 200, 80),
                  "success": (150, 210, 140)}
MINOR_ROLLS = frozenset({"start", "start_location", "location", "chachamaru"})
EVENT_PAUSE = {"minds": 0.6, "restored": 0.5, "move": 0.22, "negi": 0.2}
EVENT_SOUND = {"move": "card", "negi": "token", "play": "card", "draw": "card", "restored": "flip",
               "minds": "flip", "reshuffle": "card", "game_over": "gong", "turn": "click"}
