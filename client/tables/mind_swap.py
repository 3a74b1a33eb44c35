"""The mind_swap table on the kit: the location map, drag-and-drop pairs, dice you can watch.

Pieces: :mod:`mind_swap_model` (view → model, content texts), :mod:`mind_swap_layout`
(where things go), :mod:`mind_swap_present` (event → steps: the presenter table),
:mod:`mind_swap_fx` (dice, announcements, flyers), :mod:`mind_swap_map` (the places, pairs
and pieces), :mod:`mind_swap_draw` (program-drawn cards and badges, cached in a kit
SurfaceCache), :mod:`mind_swap_intents` (which drop or click makes which candidate action),
:mod:`mind_swap_controls` (the hand, buttons, instruction, chooser), :mod:`mind_swap_sidebar`
(turn, scores, counts, log), :mod:`mind_swap_texts` (names, log lines),
:mod:`mind_swap_zoom` and :mod:`mind_swap_final`.
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
from dataclasses import replace
from typing import Any

import pygame

from client.kit.cache import SurfaceCache
from client.kit.interact import Interaction
from client.kit.nodes import Node, NodeMap, never_hit
from client.kit.presenter import Presenter, Shown
from client.kit.textfit import blit_layer
from client.kit.widgets import Banner, Button, Prompt
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_fx as FX
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables.base import TableView
from client.tables.mind_swap_controls import ControlsPainter
from client.tables.mind_swap_final import draw_final, draw_scores
from client.tables.mind_swap_frame import RestingFrame
from client.tables.mind_swap_intents import MsIntents
from client.tables.mind_swap_map import MapPainter
from client.tables.mind_swap_present import MsPresent
from client.tables.mind_swap_sidebar import SidebarPainter
from client.tables.mind_swap_sprites import Sprites
from client.tables.mind_swap_texts import MsTexts
from client.tables.mind_swap_zoom import MsZoom, ZoomFace
from client.widgets.anim import Call
from client.widgets.dice import DieFaces

EASE_RATE = 13.0  # per second: ~250 ms to settle
NEGI_SPEED = 40.0  # units per second Negi walks along the halls


class MindSwapTable(TableView):
    """The mind_swap table for one seat (or the public display when ``seat`` is None)."""

    game_id = "mind_swap"
    paints_area = True  # an opaque base layer first

    def __init__(self, ctx: Any, seat: int | None) -> None:
        super().__init__(ctx, seat)
        self.texts = MsTexts(ctx, self.player_name)
        self.content = self.texts.content
        self.card_actions = self.texts.card_actions
        self.painter = D.Painter(ctx)
        self.faces = DieFaces()
        self.model = M.Model()  # what is drawn (the shown snapshot with the events played so far)
        self.latest = M.Model()  # the snapshot shown (the newest once every batch has landed)
        self.newest = M.Model()  # the newest snapshot received
        self.present = MsPresent(self)
        self._your_turn_due = False  # a batch passed the turn to this seat: "Your turn" once it has landed
        self.presenter = Presenter(self.present.steps, self.texts.log_for, fast=ctx.fast, on_land=self._on_land)
        self._caught: tuple[int, bool] = (-1, False)
        self.scroll: dict[str, int] = {}
        self.clock = 0.0
        self._rect = pygame.Rect(0, 0, 1920, 1080)
        self._lay_key: tuple | None = None
        self._lay: L.Layout | None = None
        self.layers = SurfaceCache(8)  # opaque layers (background, base, still pairs, scratch) and the log
        self._seen_events = False
        self._opening: list[dict[str, Any]] = []
        self.intents = MsIntents(self)
        self.zoom = MsZoom(self)
        self.input = Interaction(self.zoom, self.intents.accept, self.intents.drop, self.intents.click, self.refuse,
                                 self.intents.nothing_here, fast=ctx.fast)
        self.banner = Banner(4.0)
        self.buttons: list[Button] = []
        self.choosers: list[Button] = []  # the two-action card's choices (over the veil)
        self.controls = ControlsPainter(self)
        self.map_painter = MapPainter(self)
        self.sprites = Sprites(self)
        self.sidebar = SidebarPainter(self)
        self.resting = RestingFrame(self)
        self._base = NodeMap()  # the node map without the effect playing (rebuilt when what it shows changes)
        self._nodes = NodeMap()  # the base and the effect's nodes
        self._built: tuple[Any, ...] | None = None
        self._fx_built: tuple[Any, ...] | None = None
        self.shows = 0  # how many times the shown model changed (part of the node map's key)
        self._moved = False  # the pointer moved since the last click, drop or change of the shown table

    # --- data from the server -------------------------------------------------------
    @property
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
        self.presenter.seed_log([line for ev in events for line in self.texts.log_for(ev)])

    def _on_land(self, snap: Shown) -> None:
        """A batch has played: its snapshot is what the table shows now (and the sidebar says whose turn it
        is); "Your turn" plays after it, when the batch passed the turn to this seat."""
        self.latest = M.read_view(snap.view, self.card_actions)
        self._show(self.latest)
        if self._your_turn_due:
            self._your_turn_due = False
            if self.latest.turn == self.seat and not self.latest.over:
                self.presenter.queue.add(self.present.your_turn_banner())

    def shown_turn(self) -> M.Model:
        """The landed snapshot's model (whose turn, over): what the sidebar heading reads, like the step line."""
        return self.latest

    def shown(self) -> dict[str, Any]:
        """The server view the table shows now (the newest once every batch has played)."""
        return self.presenter.shown.view

    def log_area(self) -> pygame.Rect | None:
        """The log panel in the sidebar (the table scene opens the chat panel over it)."""
        if self.ctx.display_mode or self._lay is None:
            return None
        return pygame.Rect(self.sidebar.log_rect(self._lay))

    def nodes(self) -> NodeMap:
        """This frame's node map (rebuilt in ``update``): the places (drop areas), the students'
        pairs and mind cards, Negi, the hand and play slot, the buttons with the action they send,
        the chooser, the instruction. Ids: ``("area", loc)``, ``("pair", body)``, ``("mind", mind)``,
        ``("negi", 0)``, ``("card", card id)``, ``("slot", "play")``, ``("button", "magic" |
        "end_turn" | "great_skip")``, ``("choice", action)``, ``"prompt"``, ``"banner"``; the rooms at
        "other" ``("room", i)`` (label: the room's name); the sidebar's ``("turn", 0)``, ``("player", seat)``,
        ``("pile", name)`` (:meth:`SidebarPainter.nodes`); and while an effect plays ``("fx", kind)`` (with
        ``("die", i)`` during a roll: :meth:`_fx_nodes`). Nodes that are only shown are never hit. A pair or mind
        card standing in a scrolled place is the part the place shows (empty when scrolled wholly out)."""
        return self._nodes

    def _build_nodes(self, lay: L.Layout) -> NodeMap:
        nm = NodeMap()
        it = self.intents
        live = self.seat is not None and not self.ctx.display_mode
        minds = frozenset({"mind"}) if live and it.minds_draggable() else frozenset()
        for loc, r in lay.areas.items():
            nm.add(Node(("area", loc), pygame.Rect(r), z=0, kind="place", solid=False, label=self.texts.loc_name(loc),
                        accepts=frozenset({"pair", "negi", "card"}) if live else frozenset()))
        for i, (r, name) in enumerate(self.map_painter.rooms(lay)):
            nm.add(Node(("room", i), pygame.Rect(r), z=0, kind="place", solid=False, label=name, hit=never_hit))
        nm.extend(self.sidebar.nodes(lay))
        mine = it.my_pair()
        picks = it.candidates()
        held = self.held()
        bodies, _minds = self.sprites.targets()
        for loc in lay.areas:
            field = lay.field(loc).inflate(lay.gap * 2, lay.gap * 2).clip(lay.areas[loc])
            seen = lay.field(loc).inflate(lay.gap * 2, lay.gap * 2).clip(lay.areas[loc].inflate(-2, -2))
            shown: list[tuple[M.Pair, pygame.Rect, pygame.Rect | None]] = []
            for pair in self.model.at(loc):
                bp = self.sprites.body_pos.get(pair.body)
                if bp is None:
                    continue
                mp = self.sprites.mind_pos.get(pair.mind)
                rect = pygame.Rect(round(bp[0]), round(bp[1]), lay.foot[0], lay.foot[1])
                mr = None if mp is None else pygame.Rect(round(mp[0]), round(mp[1]), lay.card_w, lay.card_h)
                if not _moving(bp, bodies.get(pair.body)):  # standing in a scrolled place: the part drawn
                    rect = _seen_part(rect, seen)
                    mr = None if mr is None else _seen_part(mr, seen)
                shown.append((pair, rect, mr))
            for i, (pair, rect, mr) in enumerate(shown):
                bp = self.sprites.body_pos[pair.body]
                covers = [r for _p, pr, m in shown[i + 1:] for r in (pr, m) if r is not None]  # drawn over it
                own = live and it.mode == "move_self" and mine is not None and pair.body == mine.body
                nm.add(Node(("pair", pair.body), rect, z=1, kind="pair", payload=("pair", pair.body), solid=False,
                            draggable=own, accepts=minds, zoom=ZoomFace("body", pair.body),
                            home=(bp[0] + lay.card_w / 2, bp[1] + lay.card_h / 2),
                            label=M.student_name(self.content, pair.body, self.ctx.lang),
                            selected=pair.body in picks,  # (a click on any student: taken, or refused with the rule)
                            hit=_shows(rect, field, covers)))
                if mr is not None:
                    moving = held is not None and held[:2] == ("mind", pair.mind)  # not a target of itself
                    nm.add(Node(("mind", pair.mind), mr, z=1, kind="mind", payload=("mind", pair.mind), solid=False,
                                draggable=bool(minds), accepts=frozenset() if moving else minds,
                                zoom=ZoomFace("mind", pair.mind), hit=_shows(mr, field, covers),
                                label=M.student_name(self.content, pair.mind, self.ctx.lang)))
        for seat, spot in self.map_painter.piece_spots(lay).items():  # restored players' pieces
            pr = self.map_painter.piece_radius(lay)
            nm.add(Node(("piece", seat), pygame.Rect(round(spot[0] - pr), round(spot[1] - pr), 2 * pr, 2 * pr), z=2,
                        kind="token", payload=("piece", seat), solid=False, home=spot, hit=_within(spot, pr + 4),
                        draggable=live and seat == self.seat and it.mode == "move_self",
                        label=self.player_name(seat)))
        if self.sprites.negi_pos is not None:
            nr = self.sprites.negi_radius(lay)
            c = (self.sprites.negi_pos[0], self.sprites.negi_pos[1])
            nm.add(Node(("negi", 0), pygame.Rect(round(c[0] - nr), round(c[1] - nr), 2 * nr, 2 * nr), z=2,
                        kind="token", payload=("negi", 0), draggable=live and it.mode == "move_negi", solid=False,
                        home=c, hit=_within(c, nr + 4)))
        if live:
            nm.add(Node(("slot", "play"), L.slot_drop(lay), z=0,
                        kind="place", accepts=frozenset({"card"}), solid=False, label=self.ctx.t("ms.play_here")))
            w, h = lay.hand_card
            idle = it.mode is None and not it.choices
            for card in it.in_hand():
                p = self.sprites.hand_pos.get(card.id)
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
            for b in self.choosers:
                nm.add(replace(b.node(z=20), id=("choice", b.key), payload=("choice", b.key)))
        if self.banner.visible:
            nm.add(Node("banner", pygame.Rect(lay.map.centerx, lay.map.bottom, 0, 0), z=30, kind="text", solid=False,
                        label=self.banner.message))
        return nm

    def _fx_nodes(self, lay: L.Layout, step: FX.Effect) -> list[Node]:
        """The effect playing now, as the player sees it: ``("fx", "dice")`` is the tray (payload
        ``("dice", faces on top, landed)``, label its caption) with a ``("die", i)`` node per die
        (payload ``("die", face, sides)``); ``("fx", "announce" | "marker" | "sneeze")`` the others (label:
        what it says). They are not hit (clicks skip them)."""
        if isinstance(step, FX.DiceStep):
            roll = step.roll
            faces = tuple(roll.shown_faces())
            tray = FX.tray_rect(lay.map, lay.unit, self.dice_size(lay))
            out = [Node(("fx", "dice"), tray, z=6, kind="fx", payload=("dice", faces, roll.landed),
                        label=step.caption, hit=never_hit)]
            out += [Node(("die", i), r, z=6, kind="fx", payload=("die", f, int(sides)), solid=False, hit=never_hit)
                    for i, (r, f, sides) in enumerate(zip(roll.die_rects(), faces, roll.sides))]
            return out
        return [Node(("fx", step.kind), pygame.Rect(lay.map), z=6, kind="fx", solid=False, label=step.text,
                     payload=(step.kind, *step.focus), hit=never_hit)]

    def prompt_rect(self, lay: L.Layout) -> pygame.Rect | None:
        """Where the instruction pill goes (the strip above the hand, clear of the area names), or None."""
        text = self.intents.prompt()
        if not text or self.presenter.busy or self.seat is None or self.ctx.display_mode:
            return None
        u = lay.unit
        room = lay.play_slot.x - lay.hand.x - round(u * 2)  # left of the play slot: the buttons stay clear
        pill = Prompt.measure(self.ctx, text, room, u)
        pill.midtop = (lay.hand.x + round(u) + room // 2, lay.hand.y + round(u * 0.15))
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

    def refusal_sentence(self, code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
        """A mind_swap refusal as the sentence of the rule it broke: the rules name it (``rule`` in the
        params: ``ms.rule.<rule>``); else the sentence of its code."""
        rule = (params or {}).get("rule")
        if isinstance(rule, str) and self.ctx.t(f"ms.rule.{rule}") != f"ms.rule.{rule}":
            return str(self.ctx.t(f"ms.rule.{rule}"))
        return self.refusal_text(code, message)

    def log_lines(self) -> list[str]:
        """The log as shown (a line appears when its event has played)."""
        return [text for text, _seat in self.presenter.log_lines]

    def player_name(self, seat: int) -> str:
        """How the table names a seat: "you" for this seat, else the player's name (the game's, then
        the lobby's)."""
        if seat == self.seat and not self.ctx.display_mode:
            return self.ctx.t("ms.you")
        for pl in self.latest.players or self.model.players:
            if pl.seat == seat and pl.name:
                return pl.name
        return self.ctx.seat_name(seat)  # the app knows the lobby's names

    def apply_event(self, ev: dict[str, Any]) -> None:
        """One event has played: the map shows its change (the batch's snapshot corrects the rest)."""
        if self.model.players:
            shown = M.apply_event(self.model, ev, self.newest)
            if shown is not None:
                self._show(shown)

    def current_step(self) -> FX.Effect | None:
        """The effect playing now (drawn over the map), if any."""
        head = self.presenter.queue.current
        return head if isinstance(head, FX.Effect) else None

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
        sp = self.sprites
        return self.presenter.busy or bool(sp.flyers or sp.negi_path) or not sp.settled()

    def skip_animations(self) -> None:
        self.presenter.skip()
        self.sprites.flyers.clear()
        self.input.drag.skip()
        self.sprites.snap()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Space or a click skips running animations; right-click or Esc cancels a choice in progress;
        the wheel scrolls a crowded place; the rest is the kit's Interaction over the node map."""
        it = self.intents
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._moved = False  # no hover card right after a click or a drop
        elif event.type == pygame.MOUSEMOTION:
            self._moved = True
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
            return self.sidebar.scroll_log(event, self.input.pointer) or self._scroll(event.y)
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
        self.banner.update(dt)
        self._place_dice()
        self.input.drag.fast = self.ctx.fast
        self.sprites.update(dt)
        lay = self.layout()
        key = self._frame_key(lay)
        if key != self._built:  # the node map and buttons change only when what they show does
            self._built = key
            self.buttons = self.intents.buttons(lay)
            self.choosers = self.intents.chooser(lay) if self.intents.choices else []
            self._base = self._build_nodes(lay)
            self.input.sync(self._base)
            self._fx_built = None
        step = self.current_step()
        fx_key = _fx_key(step)
        if fx_key != self._fx_built:  # the effect playing changes every frame of a roll: only its nodes
            self._fx_built = fx_key
            self._nodes = self._base if step is None else NodeMap([*self._base.nodes, *self._fx_nodes(lay, step)])
        self._hold_still()
        self.input.update(dt)

    def _hold_still(self) -> None:
        """A hover card opens only once the pointer, after it moved, rests on a new target: until it
        moves after a click, a drop or a change of the table shown, what lies under it now counts as
        already seen (the kit's hover hold will not fire for it)."""
        if self._moved:
            return
        under = self.input.hovered
        hold = self.input.hold
        hold.current = under.id if under is not None else None
        hold.held = math.inf

    def _frame_key(self, lay: L.Layout) -> tuple[Any, ...]:
        """Everything the node map and the buttons are made from."""
        it, pres = self.intents, self.presenter
        sp = self.sprites
        spots = tuple((k, round(p[0]), round(p[1])) for table in (sp.body_pos, sp.mind_pos, sp.hand_pos)
                      for k, p in table.items())
        negi = None if sp.negi_pos is None else (round(sp.negi_pos[0]), round(sp.negi_pos[1]))
        return (self._lay_key, self.ctx.lang, self.shows, pres.shown.sid, pres.caught_up, pres.busy, it.mode,
                None if it.card is None else it.card.id, tuple(it.picks), it.along, tuple(it.choices), it.pin,
                self.held(), self.banner.visible and self.banner.message, self.zoom.open, self.zoom.sticky, spots,
                negi)

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
        old, lay_old = self.model, self.layout()
        self.sprites.fly_restored(old, new, lay_old)
        self.model = new
        self.shows += 1
        self._moved = False
        self._lay_key = None
        self.sprites.follow(old, new, self.layout())
        self.intents.after_model_change()
        if self.ctx.fast:
            self.sprites.snap()

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
            self.sprites.snap()
        r = pygame.Rect(rect) if rect is not None else self._rect
        key = (tuple(r), self.ctx.unit, id(self.model), self.ctx.display_mode, tuple(sorted(self.scroll.items())))
        if key != self._lay_key or self._lay is None:
            self._lay = L.compute(r, self.ctx.unit, self.model, self.ctx.display_mode, self.scroll)
            self._lay_key = key
            if rect is not None:
                self._rect = r
        return self._lay

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lay = self.layout(rect)
        # layers are in window coordinates (as big as the rect's bottom-right corner)
        under = self.controls.under_chooser(lay)
        front = self.controls.chooser_front(lay, under) if under is not None else None
        if front is not None:  # the chooser, its buttons and a hand at rest over a map at rest: one layer
            blit_layer(surface, front, lay.rect.topleft, area=lay.rect)
        elif under is not None:  # the chooser over a map at rest: all under its buttons is one layer
            blit_layer(surface, under, lay.rect.topleft, area=lay.rect)
            self.controls.draw_hand(surface, lay)
            self.controls.draw_prompt(surface, lay)
        else:
            self.draw_play(surface, lay)
            self.controls.draw_overlays(surface, lay)
        self.controls.draw_top(surface, lay, chooser=front is None)

    def draw_play(self, surface: pygame.Surface, lay: L.Layout, hand: bool = True) -> None:
        """The map, the sidebar's log, the marks, flyers, the ``hand`` (or the recent moves) and the effect playing
        (at rest, the first of them from the resting layer: :mod:`mind_swap_frame`)."""
        if not hand or not self.resting.draw(surface, lay):
            self.draw_under(surface, lay, hand)
        step = self.current_step()
        if step is not None:
            fxc = FX.FxContext(self.ctx, self.painter, self.faces, lay.map, self.sidebar.cup_point(lay), lay.unit,
                               FX.tray_rect(lay.map, lay.unit, self.dice_size(lay)))
            self.map_painter.draw_focus(surface, lay, step.focus)
            step.draw(surface, fxc)
        elif self.model.over and not self.sprites.flyers and not self.presenter.busy:
            draw_final(self, surface, lay)

    def draw_under(self, surface: pygame.Surface, lay: L.Layout, hand: bool = True) -> None:
        """The map, the log, the marks, flyers and the ``hand`` (or the recent moves), in order."""
        blit_layer(surface, self.map_painter.base_layer(lay), lay.rect.topleft, area=lay.rect)
        blit_layer(surface, self.sidebar.log_layer(lay), self.sidebar.log_rect(lay).topleft)
        self.map_painter.draw_area_marks(surface, lay)
        for f in self.sprites.flyers:
            f.draw(surface)
        if not self.ctx.display_mode and self.seat is not None:
            if hand:
                self.controls.draw_hand(surface, lay)
        else:
            self.sidebar.draw_recent(surface, lay)

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The app's results frame: the final scores of the newest snapshot (not the animated model)."""
        if not self.newest.players:
            super().draw_results(surface, rect)
            return
        draw_scores(self, self.newest, surface, pygame.Rect(rect), self.ctx.unit)

def _within(centre: tuple[float, float], radius: float) -> Callable[[tuple[float, float]], bool]:
    """A round hit test (Negi's badge)."""
    return lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2 <= radius * radius


def _moving(pos: list[float] | None, target: tuple[float, float] | None, slack: float = 3.0) -> bool:
    """A card on its way to ``target`` (drawn unclipped, crossing the map)."""
    return pos is not None and target is not None and (abs(pos[0] - target[0]) > slack
                                                       or abs(pos[1] - target[1]) > slack)


def _seen_part(rect: pygame.Rect, seen: pygame.Rect) -> pygame.Rect:
    """The part of a card standing in a place that the place shows (all of it unless the place is
    scrolled); a card scrolled wholly out keeps an empty rect at its place's edge."""
    part = rect.clip(seen)
    if part.w == 0 or part.h == 0:
        return pygame.Rect(min(max(rect.x, seen.x), seen.right), min(max(rect.y, seen.y), seen.bottom), 0, 0)
    return part


def _shows(rect: pygame.Rect, field: pygame.Rect, covers: list[pygame.Rect]) -> Callable[[tuple[float, float]], bool]:
    """The hit test of a student's card in a place: where it is drawn and seen (inside the place's field,
    not under the cards of the pairs stacked over it), so a press on a crowded place's card takes that
    card, never one beneath it."""
    return lambda p: (rect.collidepoint(p) and field.collidepoint(p)
                      and not any(c.collidepoint(p) for c in covers))


def _fx_key(step: FX.Effect | None) -> tuple[Any, ...]:
    """What the effect nodes are made from: the effect, and for a roll where its dice are."""
    if step is None:
        return ()
    if isinstance(step, FX.DiceStep):
        return id(step), step.roll.t, step.roll.size
    return (id(step),)
