"""The mind_swap map: the places drawn as places, the students' pairs standing in them, the
players' pieces and Negi, the glow of legal drops and the red outline of a refused one.

Reads the table's shown model and sprite positions; never writes them. The static part
(background, places, sidebar) and, while nothing moves, the pairs are cached layers in the
table's :class:`~client.kit.cache.SurfaceCache`.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.textfit import blit_layer, copy_layer
from client.kit.widgets import fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables import mind_swap_school as S
from client.tables.mind_swap_intents import ALONG_NEGI

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


MARK_REACH = 8  # how far past its place a drop's glow (6) or a refusal's outline (4) reaches, both sides together


class MapPainter:
    """Paints the location map of one :class:`MindSwapTable`."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table

    def draw_focus(self, surface: pygame.Surface, lay: L.Layout, bodies: tuple[int, ...]) -> None:
        """Outline the students an effect is about (the two named for magic, the one rolling)."""
        pulse = 2 + round(2 * (1 + math.sin(self.t.clock * 8)))
        for b in bodies:
            pos = self.t.sprites.body_pos.get(b)
            if pos is None:
                continue
            r = pygame.Rect(round(pos[0]), round(pos[1]), lay.foot[0], lay.foot[1]).inflate(6 + pulse, 6 + pulse)
            pygame.draw.rect(surface, D.ACCENT, r, 3, border_radius=max(6, lay.card_w // 7))

    def still(self) -> bool:
        """Nothing on the map moves (pairs can come from the cached layer)."""
        return not self.t.sprites.flyers and not self.t.sprites.dragged_refs() and not self.t.sprites.pinned() and self.t.sprites.settled()

    def base_layer(self, lay: L.Layout) -> pygame.Surface:
        """Background, areas and sidebar (and the pairs when nothing moves), cached."""
        self.t.layers.context(self.t.ctx.lang, tuple(lay.rect))
        key1 = ("base", id(self.t.model), tuple(sorted(self.t.scroll.items())), self.t.seat)
        base = self.t.layers.get(key1, lambda: self._draw_base(lay))
        if not self.still():
            out = self.t.layers.get(("scratch", base.get_size()), base.copy)
            blit_layer(out, base, (0, 0))
            self.draw_pairs(out, lay)
            return out
        it = self.t.intents
        key2 = ("pairs", key1, tuple(it.highlighted()), tuple(sorted(it.candidates())), it.along)
        return self.t.layers.get(key2, lambda: self._draw_still_pairs(base, lay))

    def _draw_base(self, lay: L.Layout) -> pygame.Surface:
        base = copy_layer(self._background(lay))
        self.draw_areas(base, lay)
        self.t.sidebar.draw_sidebar(base, lay)
        return base

    def _draw_still_pairs(self, base: pygame.Surface, lay: L.Layout) -> pygame.Surface:
        full = copy_layer(base)
        self.draw_pairs(full, lay)
        return full

    def _background(self, lay: L.Layout) -> pygame.Surface:
        return self.t.layers.get(("bg",), lambda: self._draw_background(lay))

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
        side.fill(theme.MS_SIDE_GLASS)
        bg.blit(side, lay.sidebar.topleft)
        return bg.convert() if pygame.display.get_surface() else bg

    def draw_areas(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """The places with suit, name and head count (static: cached in the base layer); the four
        suit places name themselves in their top line, the "other" band in a column at its left."""
        u = lay.unit
        S.draw_halls(surface, lay)
        fit = fitter_for(self.t.ctx)
        for loc, r in lay.areas.items():
            suit = M.SUIT_OF.get(loc, "other")
            col = D.SUIT_COLOUR.get(suit, D.OTHER_COLOUR)
            surface.blit(self._area_panel(r.size, col), r.topleft)
            surface.blit(S.place_art(loc, r.size, u, lay.header if loc != "other" else 0), r.topleft)
            if loc == "other":
                S.draw_rooms(surface, lay, self.rooms(lay), lambda text, rect: None)
            hs = lay.header
            n = len(self.t.model.at(loc))
            name = self.t.texts.loc_name(loc)
            size = max(14, u * 0.95)
            if loc == "other":  # the title column: the mark, the name (wrapped), the count
                x0, w = float(r.x + lay.gap), lay.title_w - lay.gap * 2
                img = fit.name(name, size, D.LIGHT, round(w - hs * 0.8), True)
                D.draw_suit(surface, suit, (x0 + hs * 0.3, r.y + hs * 0.2 + img.get_height() / 2), hs * 0.62, col)
                surface.blit(img, (x0 + hs * 0.75, r.y + hs * 0.2))
                top = r.y + hs * 0.2 + img.get_height() + 2
                cnt = self.t.ctx.text(self.t.ctx.t("ms.count", n=n), max(14, u * 0.75), theme.MS_COUNT)
                surface.blit(cnt, (x0, top))
                more_at: tuple[float, float] = (x0, top + cnt.get_height() + 2)
            else:
                D.draw_suit(surface, suit, (r.x + hs * 0.6, r.y + hs * 0.52), hs * 0.62, col)
                room = lay.pieces[loc].x - (r.x + hs * 1.1) - u
                title = fit.name(name, size, D.LIGHT, max(20, round(room * 0.7)), True)
                surface.blit(title, title.get_rect(midleft=(r.x + hs * 1.1, r.y + hs * 0.52)))
                cnt = self.t.ctx.text(self.t.ctx.t("ms.count", n=n), max(14, u * 0.75), theme.MS_COUNT)
                surface.blit(cnt, cnt.get_rect(midleft=(r.x + hs * 1.1 + title.get_width() + u * 0.6,
                                                        r.y + hs * 0.55)))
                more_at = (r.x + hs * 1.1 + title.get_width() + u * 1.2 + cnt.get_width(), r.y + hs * 0.55)
            if lay.overflow.get(loc):  # in the title line (or column), never over the cards
                more = self.t.ctx.text(self.t.ctx.t("ms.scroll_more"), max(14, u * 0.7), D.ACCENT)
                if loc == "other":
                    if more.get_width() > lay.title_w - lay.gap * 2:
                        more = fit.name(self.t.ctx.t("ms.scroll_more"), max(14, u * 0.7), D.ACCENT,
                                        lay.title_w - lay.gap * 2)
                    surface.blit(more, more_at)
                else:
                    surface.blit(more, more.get_rect(midleft=more_at))

    def _marks(self) -> tuple[set[str], str | None]:
        """The places that glow as legal drops, and the one outlined in red (a refused drop)."""
        held = self.t.held()
        targets = self.t.intents.drop_places(held[0] if held is not None else None)
        red = self.t.input.drag.red
        refused = None
        if red.active:
            node = self.t.nodes().find(red.data)
            refused = self.t.place_of(node) if node is not None else None
        return targets, refused

    def mark_rects(self, lay: L.Layout) -> list[pygame.Rect]:
        """What :meth:`draw_area_marks` draws over now: its marks' outer bounds (none: nothing drawn)."""
        targets, refused = self._marks()
        return [r.inflate(MARK_REACH, MARK_REACH) for loc, r in lay.areas.items() if loc in targets or loc == refused]

    def draw_area_marks(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Live marks on areas: the glow of legal drops, the red outline of a refused one."""
        u = lay.unit
        targets, refused = self._marks()
        for loc, r in lay.areas.items():
            if loc in targets:
                glow = 2 + round(2 * (1 + math.sin(self.t.clock * 6)))
                pygame.draw.rect(surface, D.ACCENT, r.inflate(glow, glow), 3, border_radius=round(u * 0.8))
            if loc == refused:
                pygame.draw.rect(surface, D.RED, r.inflate(4, 4), 4, border_radius=round(u * 0.8))

    def draw_pairs(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Every pair (clipped to its area), the "other" labels and the pieces; cards on their way
        somewhere are drawn last and unclipped, so they are seen crossing the map."""
        picks = set(self.t.intents.highlighted())
        hints = self.t.intents.candidates()
        dragged = self.t.sprites.dragged_refs()
        bodies, minds = self.t.sprites.targets()
        travelling_pairs: list[M.Pair] = []
        travelling_minds: list[int] = []
        for loc, r in lay.areas.items():
            clip = surface.get_clip()
            room = lay.field(loc).inflate(lay.gap * 2, lay.gap * 2).clip(r.inflate(-2, -2))
            surface.set_clip(room.clip(clip) if clip else room)
            for pair in self.t.model.at(loc):
                if ("pair", pair.body) in dragged:
                    continue
                if _away(self.t.sprites.body_pos.get(pair.body), bodies.get(pair.body)):
                    travelling_pairs.append(pair)
                    continue
                mind_away = _away(self.t.sprites.mind_pos.get(pair.mind), minds.get(pair.mind))
                if mind_away:
                    travelling_minds.append(pair.mind)
                self.draw_pair(surface, lay, pair, pair.body in picks,
                               ("mind", pair.mind) in dragged or mind_away, pair.body in hints)
            if loc == "other":
                self.draw_room_labels(surface, lay)
            surface.set_clip(clip)
        for pair in travelling_pairs:
            self.draw_pair(surface, lay, pair, pair.body in picks, ("mind", pair.mind) in dragged)
        for mind in travelling_minds:
            mp = self.t.sprites.mind_pos.get(mind)
            if mp is not None:
                img = self.t.painter.student_card(self.t.content, mind, lay.card_w, lay.card_h, True, glow=True)
                pad = (img.get_width() - lay.card_w) // 2
                surface.blit(img, (round(mp[0]) - pad, round(mp[1]) - pad))
        self.draw_pieces(surface, lay)

    def rooms(self, lay: L.Layout) -> list[tuple[pygame.Rect, str]]:
        """The rooms at "other" (pairs in the same room share one), each with its name, as the band
        shows them (cut at its edge when it is scrolled). In a stack a pair's room reaches to the next
        pair (its cards lie over the rest)."""
        return [(shown, name) for shown, _whole, name in self._rooms(lay) if shown.w > 0 and shown.h > 0]

    def _rooms(self, lay: L.Layout) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
        """The rooms at "other": (the part shown, the whole room, its name)."""
        out: list[tuple[pygame.Rect, pygame.Rect, str]] = []  # (a room scrolled wholly out: an empty part)
        area = lay.field("other").inflate(lay.gap * 2, lay.gap * 2).clip(lay.areas["other"].inflate(-2, -2))
        step = lay.stacked.get("other")
        last_room: Any = object()
        pairs = self.t.model.at("other")
        for i, pair in enumerate(pairs):
            pr = lay.pair_rect(pair.body)
            if pr is None:
                continue
            nxt = lay.pair_rect(pairs[i + 1].body) if i + 1 < len(pairs) else None
            box = pr.inflate(lay.gap * 2, 0)
            if step is not None and nxt is not None and nxt.y == pr.y:
                box.w = step
            box.y -= lay.gap
            box.h += lay.gap + lay.other_label_h
            whole, box = box, box.clip(area)
            if out and pair.room is not None and pair.room == last_room:
                out[-1] = (out[-1][0].union(box), out[-1][1].union(whole), out[-1][2])
            else:
                host = self.room_host(pair)
                out.append((box, whole, M.student_text(self.t.content, host, "other", self.t.ctx.lang)
                            or self.t.texts.loc_name("other")))
            last_room = pair.room
        return out

    def _area_panel(self, size: tuple[int, int], col: tuple[int, int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            s = pygame.Surface(size, pygame.SRCALPHA)
            rad = round(self.t.ctx.unit * 0.8)
            pygame.draw.rect(s, (*col, 34), s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, theme.MS_AREA_GLASS, s.get_rect(), border_radius=rad)
            pygame.draw.rect(s, (*col, 150), s.get_rect(), 2, border_radius=rad)
            return s
        return self.t.painter.get(("area", size, col), make)

    def draw_pair(self, surface: pygame.Surface, lay: L.Layout, pair: M.Pair, picked: bool,
                  mind_dragged: bool, hint: bool = False) -> None:
        bp = self.t.sprites.body_pos.get(pair.body)
        if bp is None:
            return
        w, h = lay.card_w, lay.card_h
        vis = lay.visible.get(pair.body)
        body = self.t.painter.student_card(self.t.content, pair.body, w, h, False, glow=pair.restored, visible=vis)
        pad = (body.get_width() - w) // 2
        surface.blit(body, (round(bp[0]) - pad, round(bp[1]) - pad))
        if not mind_dragged:
            mp = self.t.sprites.mind_pos.get(pair.mind, [bp[0] + lay.off[0], bp[1] + lay.off[1]])
            mind = self.t.painter.student_card(self.t.content, pair.mind, w, h, True, glow=pair.restored,
                                                   visible=None if vis is None else vis - lay.off[0])
            surface.blit(mind, (round(mp[0]) - pad, round(mp[1]) - pad))
        if picked or hint:
            r = pygame.Rect(round(bp[0]) - 3, round(bp[1]) - 3, w + lay.off[0] + 6, h + lay.off[1] + 6)
            pygame.draw.rect(surface, D.ACCENT if picked else theme.MS_PAIR_EDGE, r, 3 if picked else 2,
                             border_radius=max(4, w // 8))

    def room_host(self, pair: M.Pair) -> int:
        """The first pair in ``pair``'s room at "other" (the room is named after that student)."""
        if pair.room is None:
            return pair.body
        for p in self.t.model.at("other"):
            if p.room == pair.room:
                return p.body
        return pair.body

    def draw_room_labels(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Each room's name at the foot of its room (under its students), never cut: shrunk, then
        the short form, then squeezed into the room's width; a stacked room too narrow even for that
        shows no name (the student's card says it on a hover or right-click)."""
        fit = fitter_for(self.t.ctx)
        for box, whole, name in self._rooms(lay):
            short = room_short(name, self.t.ctx.t("ms.room_prefix"), self.t.ctx.t("ms.room_suffix"))
            img = fit.name(name, lay.unit * 0.72, theme.MS_ROOM_LABEL, box.w - 4, short=short)
            if img.get_width() > box.w - 2:  # a room too narrow in a stack: its walls show it, never a cut name
                continue
            at = img.get_rect(midbottom=(whole.centerx, whole.bottom - 1))  # at the room's foot, scrolled with it
            if not box.contains(at):  # the foot is scrolled out of the band: no name half shown
                continue
            surface.blit(img, at)

    def piece_spots(self, lay: L.Layout) -> dict[int, tuple[float, float]]:
        """Where each restored player's piece stands: in its place's piece column, under Negi's spot
        (a piece stands for its player once the character's pair has left the map)."""
        out: dict[int, tuple[float, float]] = {}
        count: dict[str, int] = {}
        nr, r = self.t.sprites.negi_radius(lay), self.piece_radius(lay)
        rooms: dict[str | None, pygame.Rect | None] = {p.room: lay.pair_rect(p.body) for p in self.t.model.at("other")
                                                        if p.room is not None}
        for pl in self.t.model.players:
            if pl.character is None or self.t.model.pair_of_mind(pl.character) is not None:
                continue
            if pl.piece not in lay.pieces:
                continue
            shared = rooms.get(pl.room) if pl.piece == "other" else None
            if shared is not None:  # at "other" in a student's room: it stands in that room (on its pair's foot)
                out[pl.seat] = (shared.x + r + 2, shared.bottom - r)
                continue
            k = count.get(pl.piece, 0)
            count[pl.piece] = k + 1
            out[pl.seat] = L.piece_spot(lay, pl.piece, k, nr, r)
        return out

    def piece_radius(self, lay: L.Layout) -> int:
        return max(10, round(lay.unit * 0.75))

    def draw_pieces(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Player pieces ride on the pair holding their mind; a restored player's piece stands in its
        place's piece column under Negi (held under the pointer while dragged)."""
        r = self.piece_radius(lay)
        held = self.t.held()
        for pl in self.t.model.players:
            if pl.character is None:
                continue
            badge = self.t.painter.player_badge(pl.seat, r)
            pair = self.t.model.pair_of_mind(pl.character)
            mp = self.t.sprites.mind_pos.get(pair.mind) if pair else None
            if pair is not None and mp is not None:
                clip = surface.get_clip()
                _, minds = self.t.sprites.targets()
                if not _away(mp, minds.get(pair.mind)) and pair.loc in lay.areas:
                    surface.set_clip(lay.areas[pair.loc].clip(clip) if clip else lay.areas[pair.loc])
                surface.blit(badge, badge.get_rect(center=(round(mp[0] + lay.card_w - r * 0.4),
                                                          round(mp[1] + lay.card_h - r * 0.6))))
                surface.set_clip(clip)
        pin = self.t.intents.pin
        for seat, spot in self.piece_spots(lay).items():
            if held is not None and held[:2] == ("piece", seat):
                spot = held[2]
            elif pin is not None and pin.kind == "piece" and pin.ref == seat:
                spot = pin.centre
            badge = self.t.painter.player_badge(seat, r)
            surface.blit(badge, badge.get_rect(center=(round(spot[0]), round(spot[1]))))
        mine = self.t.intents.my_pair()
        along = self.t.intents.along == ALONG_NEGI
        me_held = held is not None and ((mine is not None and held[:2] == ("pair", mine.body))
                                        or held[:2] == ("piece", self.t.seat))
        negi_along = along and me_held
        if self.t.sprites.negi_pos is not None and ("negi", 0) not in self.t.sprites.dragged_refs() and not negi_along:
            nb = self.t.painter.negi_badge(self.t.sprites.negi_radius(lay))
            centre = (round(self.t.sprites.negi_pos[0]), round(self.t.sprites.negi_pos[1]))
            surface.blit(nb, nb.get_rect(center=centre))
            if along:  # chosen to come along
                pygame.draw.circle(surface, D.ACCENT, centre, self.t.sprites.negi_radius(lay) + 4, 3)


def room_short(name: str, prefix: str, suffix: str) -> str:
    """A room's name without the words every room shares in its language (``ms.room_prefix`` /
    ``ms.room_suffix``: "the … room", "…の部室"): the club or place is left, for a room too narrow
    for the whole name."""
    out = name.removeprefix(prefix) if prefix else name
    out = out.removesuffix(suffix) if suffix else out
    return out or name


def _away(pos: list[float] | None, target: tuple[float, float] | None, slack: float = 3.0) -> bool:
    return pos is not None and target is not None and (abs(pos[0] - target[0]) > slack
                                                       or abs(pos[1] - target[1]) > slack)
