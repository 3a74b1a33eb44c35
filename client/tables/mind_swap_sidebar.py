"""The mind_swap table's right side: whose turn, players and score piles, cup/deck/discard, the log."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.kit import theme
from client.kit.nodes import Node, never_hit
from client.kit.widgets import LogPanel, fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


class SidebarPainter:
    """Paints the sidebar of one :class:`MindSwapTable`: reads its shown model and log, writes nothing."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table
        self.log = LogPanel()
        self._log_rect: tuple[tuple, pygame.Rect] | None = None  # (what places it, the log panel's rect)

    def pile_point(self, seat: int) -> tuple[float, float]:
        lay = self.t.layout()
        r = self.player_rows(lay).get(seat)
        return (r.right - r.h, r.centery) if r else lay.sidebar.center

    def player_rows(self, lay: L.Layout) -> dict[int, pygame.Rect]:
        u = side_unit(lay)
        row_h = round(u * 2.5)
        y = lay.sidebar.y + round(u * 3.6)
        out = {}
        for pl in self.t.model.players:
            out[pl.seat] = pygame.Rect(lay.sidebar.x + round(u * 0.6), y, lay.sidebar.w - round(u * 1.2), row_h)
            y += row_h + round(u * 0.25)
        return out

    def cup_point(self, lay: L.Layout) -> tuple[int, int]:
        rows = self.player_rows(lay)
        u = side_unit(lay)
        bottom = max((r.bottom for r in rows.values()), default=lay.sidebar.y + round(u * 3.6))
        return lay.sidebar.x + round(u * 2.2), bottom + round(u * 2.0)

    def heading(self) -> tuple[str, tuple[int, int, int]]:
        """Whose turn it is (or that the game is over), and its colour: as the shown snapshot says (the landed
        one, :meth:`MindSwapTable.shown_turn`, like the step line), not the events played so far."""
        t = self.t
        m = t.shown_turn()
        if m.over:
            return t.ctx.t("ms.game_over"), D.ACCENT
        if m.turn is not None:
            mine = t.seat is not None and m.turn == t.seat
            return (t.ctx.t("ms.your_turn") if mine else t.ctx.t("ms.turn_of", name=t.texts.seat_name(m.turn)),
                    D.ACCENT if mine else D.LIGHT)
        return "", D.LIGHT

    def nodes(self, lay: L.Layout) -> list[Node]:
        """What the sidebar shows, for the node map (not hit: it is read, not touched): ``("turn", 0)``
        (label: the heading; payload ``("turn", seat)``), ``("player", seat)`` (label: the name;
        payload ``("player", seat, score, restored students)``) and ``("pile", "cup" | "deck" |
        "discard")`` (label: its caption; payload ``(name, count)``)."""
        t, m = self.t, self.t.model
        u = side_unit(lay)
        sb = lay.sidebar
        shown = t.shown_turn()
        out = [Node(("turn", 0), pygame.Rect(sb.x, sb.y, sb.w, round(u * 3.2)), kind="text", solid=False,
                    label=self.heading()[0], payload=("turn", None if shown.over else shown.turn), hit=never_hit)]
        rows = self.player_rows(lay)
        for pl in m.players:
            out.append(Node(("player", pl.seat), pygame.Rect(rows[pl.seat]), kind="text", solid=False,
                            label=t.texts.seat_name(pl.seat), payload=("player", pl.seat, pl.score, tuple(pl.pile)),
                            hit=never_hit))
        cx, cy = self.cup_point(lay)
        for i, (name, n) in enumerate((("cup", m.cup), ("deck", m.deck), ("discard", m.discard))):
            r = pygame.Rect(0, 0, round(u * 4), round(u * 4))
            r.center = (cx + round(u * 4.6) * i, cy + round(u * 0.5))
            caption = t.ctx.t(f"ms.{name}", n=n)  # drawn under the pile (draw_sidebar): part of it
            cap = t.ctx.text(caption, max(14, u * 0.8), D.LIGHT).get_rect(
                midtop=(r.centerx, cy + round(u * (1.1 if name == "cup" else 1.5))))
            out.append(Node(("pile", name), r.union(cap), kind="text", solid=False, label=caption,
                            payload=(name, n), hit=never_hit))
        return out

    def status(self) -> list[str]:
        """The status lines under the cup and deck (students to come, bath time, magic left)."""
        t, m = self.t, self.t.model
        out = []
        if m.waiting and not m.over:
            out.append(t.ctx.t("ms.waiting", n=m.waiting))
        if m.bath and not m.over:
            out.append(t.ctx.t("ms.bath_on"))
        if not m.over and m.magic_left and t.seat is not None and m.turn == t.seat:
            out.append(t.ctx.t("ms.magic_left", n=m.magic_left))
        return out

    def _status_images(self, lay: L.Layout) -> list[pygame.Surface]:
        u = side_unit(lay)
        return [self.t.painter.fit_text(s, u * 0.78, theme.MS_STATUS_TEXT, lay.sidebar.w - round(u * 1.2))
                for s in self.status()]

    def log_rect(self, lay: L.Layout) -> pygame.Rect:
        """The log panel: the rest of the sidebar under the status lines (kept per what places it)."""
        key = (tuple(lay.sidebar), lay.unit, len(self.t.model.players), tuple(self.status()), self.t.ctx.lang)
        if self._log_rect is None or self._log_rect[0] != key:
            u = side_unit(lay)
            top = self.cup_point(lay)[1] + round(u * 2.9) + sum(img.get_height() for img in self._status_images(lay))
            top += round(u * 0.4)
            sb = lay.sidebar
            self._log_rect = (key, pygame.Rect(sb.x, top, sb.w, max(1, sb.bottom - top)))
        return pygame.Rect(self._log_rect[1])

    def log_layer(self, lay: L.Layout) -> pygame.Surface:
        """The log panel (kit LogPanel: wrapped, a seat colour bar per line), re-rendered only when it changes."""
        t = self.t
        r = self.log_rect(lay)
        lines = t.presenter.log_lines
        key = ("log", r.size, len(lines), lines[-1] if lines else None, self.log.scroll)
        return t.layers.get(key, lambda: self._draw_log(lay, r.size))

    def _draw_log(self, lay: L.Layout, size: tuple[int, int]) -> pygame.Surface:
        u = side_unit(lay)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.line(surf, theme.MS_SIDEBAR_RULE, (round(u * 0.6), 0), (size[0] - round(u * 0.6), 0), 1)
        self.log.draw(surf, self.t.ctx, surf.get_rect(), list(self.t.presenter.log_lines[-60:]), u * 0.85)
        return surf

    def scroll_log(self, event: pygame.event.Event, pointer: tuple[int, int]) -> bool:
        """The wheel over the log scrolls it back (and forward again)."""
        r = self.log_rect(self.t.layout())
        if not r.collidepoint(pointer):
            return False
        count = len(self.t.presenter.log_lines)
        self.log.scroll = max(0, min(max(0, count - 1), self.log.scroll + event.y))
        return True

    def draw_sidebar(self, surface: pygame.Surface, lay: L.Layout) -> None:
        u = side_unit(lay)
        sb = lay.sidebar
        x = sb.x + round(u * 0.6)
        # whose turn
        t = self.t
        m = t.model
        fit = fitter_for(t.ctx)  # every text is recorded (the layout walk sees it), cut when it leaves its box
        head, col = self.heading()
        landed = t.shown_turn()
        if landed.turn is not None and not landed.over:
            b = t.painter.player_badge(landed.turn, round(u * 0.9))
            surface.blit(b, b.get_rect(midleft=(x, sb.y + round(u * 1.6))))
            x2 = x + b.get_width() + round(u * 0.4)
        else:
            x2 = x
        img = t.painter.fit_text(head, u * 1.15, col, sb.right - x2 - round(u * 0.5), True)
        fit.blit_label(surface, img, head, "label", sb, midleft=(x2, sb.y + round(u * 1.6)))
        # scores
        rows = self.player_rows(lay)
        for pl in m.players:
            r = rows[pl.seat]
            bg = theme.SHEEN if pl.seat != landed.turn else (*D.ACCENT, 60)
            panel = t.painter.get(("row", r.size, bg), partial(_rounded, r.size, bg, round(u * 0.5)))
            surface.blit(panel, r.topleft)
            b = t.painter.player_badge(pl.seat, round(r.h * 0.34))
            surface.blit(b, b.get_rect(midleft=(r.x + round(u * 0.3), r.centery)))
            tx = r.x + round(u * 0.3) + b.get_width() + round(u * 0.3)
            name = t.texts.seat_name(pl.seat)
            nm = t.painter.fit_text(name, u * 0.85, D.LIGHT, r.w // 2 - b.get_width(), True)
            fit.blit_label(surface, nm, name, "name", r, topleft=(tx, r.y + round(u * 0.12)))
            if pl.character is not None:
                as_char = t.ctx.t("ms.as_character", no=pl.character, name=t.texts.name(pl.character, True))
                ch = t.painter.fit_text(as_char, u * 0.7, theme.MS_CHAR_TEXT, r.w // 2)
                fit.blit_label(surface, ch, as_char, "name", r, topleft=(tx, r.bottom - ch.get_height() - round(u * 0.1)))
            sc = t.ctx.text(str(pl.score), max(14, u * 1.3), D.LIGHT, True)
            fit.blit_label(surface, sc, str(pl.score), "label", r, midright=(r.right - round(u * 0.4), r.centery))
            # the score pile: a little stack of mind cards
            pw, ph = max(22, round(r.h * 0.42)), round(r.h * 0.72)
            px = r.right - round(u * 0.4) - sc.get_width() - round(u * 0.6) - pw
            room = max(1, (px + pw - (r.x + r.w // 2)) // (pw + 2))
            shown = pl.pile[-room:] if len(pl.pile) <= room else pl.pile[-(room - 1):]
            for i, mind in enumerate(reversed(shown)):
                card = t.painter.mini_card(mind, pw, ph)
                surface.blit(card, (px - i * (pw + 2), r.centery - ph // 2))
            if len(shown) < len(pl.pile):
                extra = f"+{len(pl.pile) - len(shown)}"
                more = t.ctx.text(extra, 14, D.LIGHT, True)
                fit.blit_label(surface, more, extra, "label", r, midright=(px - len(shown) * (pw + 2) + pw - 2, r.centery))
        # cup, deck, discard
        cx, cy = self.cup_point(lay)
        _draw_cup(surface, (cx, cy), u, m.cup)
        caption = t.ctx.t("ms.cup", n=m.cup)
        cup = t.ctx.text(caption, max(14, u * 0.8), D.LIGHT)
        fit.blit_label(surface, cup, caption, "label", sb, midtop=(cx, cy + round(u * 1.1)))
        dx = cx + round(u * 4.6)
        back = t.painter.card_back(round(u * 1.8), round(u * 2.5))
        surface.blit(back, back.get_rect(center=(dx, cy)))
        caption = t.ctx.t("ms.deck", n=m.deck)
        dk = t.ctx.text(caption, max(14, u * 0.8), D.LIGHT)
        fit.blit_label(surface, dk, caption, "label", sb, midtop=(dx, cy + round(u * 1.5)))
        caption = t.ctx.t("ms.discard", n=m.discard)
        ds = t.ctx.text(caption, max(14, u * 0.8), D.LIGHT)
        fit.blit_label(surface, ds, caption, "label", sb, midtop=(dx + round(u * 4.6), cy + round(u * 1.5)))
        pile = pygame.Rect(0, 0, round(u * 1.8), round(u * 2.5)).move(dx + round(u * 3.7), cy - round(u * 1.25))
        top = t.card_actions.get(m.discard_top or "") if m.discard else None
        if top:  # the top discard, face up: its action's colour strip and pictogram
            pygame.draw.rect(surface, D.PAPER, pile, border_radius=round(u * 0.2))
            pygame.draw.rect(surface, D.ACTION_COLOUR.get(top[0], D.ACCENT), (pile.x, pile.y, pile.w, round(u * 0.35)),
                             border_top_left_radius=round(u * 0.2), border_top_right_radius=round(u * 0.2))
            D.draw_action_icon(surface, top[0], (pile.centerx, pile.centery + u * 0.15), u * 0.5,
                               D.ACTION_COLOUR.get(top[0], D.ACCENT))
            pygame.draw.rect(surface, D.INK, pile, 1, border_radius=round(u * 0.2))
        else:
            pygame.draw.rect(surface, theme.MS_PILE_EMPTY, pile, 1, border_radius=round(u * 0.2))
        yy = cy + round(u * 2.9)
        for line, img in zip(self.status(), self._status_images(lay), strict=True):
            fit.blit_label(surface, img, line, "label", sb, topleft=(x, yy))
            yy += img.get_height()

    def draw_recent(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """Table display: the last few events in a line instead of a hand."""
        u = lay.unit
        y = lay.hand.y + round(u * 0.6)
        size = max(14, round(u * 0.9))
        fit = fitter_for(self.t.ctx)
        for entry, _seat in self.t.presenter.log_lines[-2:]:
            img = self.t.painter.fit_text(entry, size, D.LIGHT, lay.hand.w - round(u * 2))
            fit.blit_label(surface, img, entry, "label", lay.hand, topleft=(lay.hand.x + round(u), y))
            y += img.get_height() + round(u * 0.2)


def side_unit(lay: L.Layout) -> float:
    """The sidebar's size unit: never so small that 14 px text crowds its rows."""
    return max(lay.unit, 18.0)


def _rounded(size: tuple[int, int], colour: tuple, rad: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=rad)
    return s


def _draw_cup(surface: pygame.Surface, c: tuple[int, int], u: float, markers: int = 0) -> None:
    """The cup, with the tops of (up to seven of) its markers peeking out."""
    x, y = c
    w, h = u * 2.2, u * 1.9
    pts = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w * 0.36, y + h / 2), (x - w * 0.36, y + h / 2)]
    pygame.draw.ellipse(surface, theme.MS_CUP_RIM, (x - w / 2, y - h / 2 - u * 0.3, w, u * 0.6))
    shown = min(markers, 7)
    for i in range(shown):
        mx = x - w * 0.36 + (w * 0.72) * (i + 0.5) / max(1, shown)
        my = y - h / 2 - u * 0.12 - (i % 2) * u * 0.22
        pygame.draw.circle(surface, theme.MS_CUP_MARKER, (mx, my), u * 0.26)
        pygame.draw.circle(surface, D.INK, (mx, my), u * 0.26, 1)
    pygame.draw.polygon(surface, theme.MS_CUP, pts)
    pygame.draw.polygon(surface, D.INK, pts, 2)

