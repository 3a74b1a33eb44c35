"""Where the mind_swap pieces are drawn now: pairs, mind cards, Negi, hand cards and flyers.

Each frame the sprites glide toward where the shown model and the layout put them (a
piece being dragged, or dropped and sent, is held where it is); new students walk in from
the map's edge, Negi walks along the halls, restored pairs fly to their caster's score
pile (on :class:`~client.widgets.anim.Tween`). Presentation state only: the game state is
the server's snapshot.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from client.tables import mind_swap_fx as FX
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables import mind_swap_school as S
from client.widgets.anim import Tween, ease_out

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable

EASE_RATE = 13.0  # per second: ~250 ms to settle
NEGI_SPEED = 40.0  # units per second Negi walks along the halls


class Sprites:
    """The drawn positions of one :class:`MindSwapTable`'s pieces."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table
        self.body_pos: dict[int, list[float]] = {}  # body no -> top-left of the body card
        self.mind_pos: dict[int, list[float]] = {}  # mind no -> top-left of the mind card
        self.negi_pos: list[float] | None = None
        self.negi_path: list[tuple[float, float]] = []  # waypoints along the halls Negi still walks
        self.hand_pos: dict[int, list[float]] = {}
        self.hand_still = False  # no hand card moved in the last update (each is at its place)
        self.flyers: list[FX.Flyer] = []

    def update(self, dt: float) -> None:
        for f in self.flyers:
            f.tween.update(dt)
        self.flyers = [f for f in self.flyers if not f.tween.done]
        self.ease(dt)

    def fly_restored(self, old: M.Model, new: M.Model, lay: L.Layout) -> None:
        """Pairs restored between ``old`` and ``new`` fly (glowing) to their caster's score pile."""
        t = self.t
        for body, pair in old.pairs.items():
            pos = self.body_pos.get(body)
            if body in new.pairs or pos is None:
                continue
            owner = next((pl for pl in new.players if pair.mind in pl.pile or body in pl.pile), None)
            if owner is None:
                continue
            surf = t.painter.student_card(t.content, body, lay.card_w, lay.card_h, True, glow=True)
            fast = t.ctx.fast
            tween = Tween(0.0, 1.0, 0.0 if fast else 0.7, ease_out, delay=0.0 if fast else 0.35)
            self.flyers.append(FX.Flyer(surf, (pos[0] + lay.card_w / 2, pos[1] + lay.card_h / 2),
                                        t.sidebar.pile_point(owner.seat), tween))
            t.ctx.play_sound("card")

    def follow(self, old: M.Model, new: M.Model, lay: L.Layout) -> None:
        """The shown model became ``new``: Negi sets off along the halls, gone pieces are dropped,
        new students walk in from the map's edge."""
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

    def targets(self) -> tuple[dict[int, tuple[float, float]], dict[int, tuple[float, float]]]:
        lay = self.t.layout()
        bodies: dict[int, tuple[float, float]] = {}
        minds: dict[int, tuple[float, float]] = {}
        for body, pair in self.t.model.pairs.items():
            slot = lay.slots.get(body)
            if slot is None:
                continue
            bodies[body] = slot
            minds[pair.mind] = (slot[0] + lay.off[0], slot[1] + lay.off[1])
        for kind, ref, pos in self.pinned():
            if kind == "pair" and ref in bodies:
                bodies[ref] = pos
                mind = self.t.model.pairs[ref].mind
                minds[mind] = (pos[0] + lay.off[0], pos[1] + lay.off[1])
            elif kind == "mind" and ref in minds:
                minds[ref] = pos
        return bodies, minds

    def ease(self, dt: float) -> None:
        bodies, minds = self.targets()
        k = 1.0 if self.t.ctx.fast else 1 - math.exp(-EASE_RATE * dt)
        pinned = {(kind, ref) for kind, ref, _ in self.pinned()}
        for table, targets, kind in ((self.body_pos, bodies, "pair"), (self.mind_pos, minds, "mind")):
            for ref, (tx, ty) in targets.items():
                pos = table.setdefault(ref, [tx, ty])
                if pinned and ((kind, ref) in pinned or kind == "mind" and ("pair", self._body_of(ref)) in pinned):
                    pos[0], pos[1] = tx, ty
                    continue
                pos[0] += (tx - pos[0]) * k
                pos[1] += (ty - pos[1]) * k
                if abs(tx - pos[0]) < 0.5 and abs(ty - pos[1]) < 0.5:
                    pos[0], pos[1] = tx, ty
        lay = self.t.layout()
        nt = self.pinned_negi() or self.negi_target(lay)
        if self.negi_pos is None:
            self.negi_pos = list(nt)
        if self.negi_path and not self.t.ctx.fast and self.pinned_negi() is None:
            S.walk(self.negi_pos, self.negi_path, lay.unit * NEGI_SPEED * dt)
            self.ease_hand(k)
            return
        self.negi_path = []
        self.negi_pos[0] += (nt[0] - self.negi_pos[0]) * k
        self.negi_pos[1] += (nt[1] - self.negi_pos[1]) * k
        self.ease_hand(k)

    def pinned(self) -> list[tuple[str, int, tuple[float, float]]]:
        """Pairs and mind cards held at a spot (being dragged, or dropped and sent): kind, ref, top-left."""
        lay = self.t.layout()
        pieces = [p for p in (self.t.held(),) if p is not None]
        pin = self.t.intents.pin
        if pin is not None:
            pieces.append((pin.kind, pin.ref, pin.centre))
        return [(kind, ref, (cx - lay.card_w / 2, cy - lay.card_h / 2)) for kind, ref, (cx, cy) in pieces
                if kind in ("pair", "mind")]

    def pinned_negi(self) -> tuple[float, float] | None:
        """Where Negi is held (dragged, or dropped and sent), else None."""
        held, pin = self.t.held(), self.t.intents.pin
        if held is not None and held[0] == "negi":
            return held[2]
        return pin.centre if pin is not None and pin.kind == "negi" else None

    def dragged_refs(self) -> set[tuple[str, int]]:
        held = self.t.held()
        return {(held[0], held[1])} if held is not None else set()

    def ease_hand(self, k: float) -> None:
        """Hand cards glide to their places (the played one onto the slot, the dragged one under the pointer)."""
        lay = self.t.layout()
        w, h = lay.hand_card
        playing = self.t.intents.card.id if self.t.intents.card is not None else None
        loose = [c for c in self.t.latest.hand if c.id != playing]
        rects = L.hand_rects(lay, len(loose), self._hover_hand_index(lay, len(loose)))
        slots = {c.id: r for c, r in zip(loose, rects)}
        held = self.t.held()
        still = True
        for card in self.t.latest.hand:
            if held is not None and held[0] == "card" and held[1] == card.id:
                self.hand_pos[card.id] = [held[2][0] - w / 2, held[2][1] - h / 2]
                still = False
                continue
            tx, ty = lay.play_slot.topleft if card.id == playing else slots.get(card.id, lay.play_slot).topleft
            pos = self.hand_pos.setdefault(card.id, [tx, lay.rect.bottom])
            if pos[0] == tx and pos[1] == ty:
                continue
            still = False
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
            if abs(tx - pos[0]) < 0.5 and abs(ty - pos[1]) < 0.5:
                pos[0], pos[1] = tx, ty
        self.hand_still = still
        live = {c.id for c in self.t.latest.hand}
        for cid in list(self.hand_pos):
            if cid not in live:
                del self.hand_pos[cid]

    def _hover_hand_index(self, lay: L.Layout, n: int) -> int | None:
        """The hand card under the pointer (it rises), unless something is held."""
        if self.t.input.drag.held is not None:
            return None
        rects = L.hand_rects(lay, n)
        return next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(self.t.input.pointer)), None)

    def _body_of(self, mind: int) -> int | None:
        p = self.t.model.pair_of_mind(mind)
        return p.body if p else None

    def snap(self) -> None:
        bodies, minds = self.targets()
        self.body_pos = {b: [x, y] for b, (x, y) in bodies.items()}
        self.mind_pos = {m: [x, y] for m, (x, y) in minds.items()}
        self.negi_pos = list(self.negi_target(self.t.layout()))
        self.negi_path = []
        self.ease_hand(1.0)

    def settled(self) -> bool:
        bodies, minds = self.targets()
        for table, targets in ((self.body_pos, bodies), (self.mind_pos, minds)):
            for ref, (tx, ty) in targets.items():
                pos = table.get(ref)
                if pos is None or abs(pos[0] - tx) > 1 or abs(pos[1] - ty) > 1:
                    return False
        return True

    def negi_target(self, lay: L.Layout) -> tuple[float, float]:
        """Where Negi stands now: inside the place the rules say, at the top of its piece column."""
        return L.negi_spot(lay, self.t.model.negi, self.negi_radius(lay))

    def negi_radius(self, lay: L.Layout) -> int:
        """The radius of Negi's token: the column inside each place is made for it."""
        return min(L.piece_radius(lay.header, lay.unit), lay.pieces["classroom"].w // 2)

    def place_point(self, ev: dict[str, Any]) -> tuple[int, int]:
        """Where an event happens on the map (its students' area), else the map centre."""
        lay = self.t.layout()
        for key in ("a", "student", "caster"):
            no = ev.get(key)
            if isinstance(no, int) and no in self.body_pos:
                p = self.body_pos[no]
                return round(p[0] + lay.card_w / 2), round(p[1] + lay.card_h / 2)
        for key in ("students", "named"):
            lst = ev.get(key)
            if isinstance(lst, list):
                for no in lst:
                    pair = self.t.model.pair_of_mind(no) if isinstance(no, int) else None
                    if pair and pair.body in self.body_pos:
                        p = self.body_pos[pair.body]
                        return round(p[0] + lay.card_w / 2), round(p[1] + lay.card_h / 2)
        return lay.map.center
