"""The rules book on screen: a page list at the left, the page at the right, Previous / Next.

:class:`RulesBookView` works on any table context (the app's :class:`client.context.AppContext`
or the kit's :class:`client.kit.headless.HeadlessContext`): ``set_rect``, ``update``, ``draw``,
``handle_event`` and ``nodes()`` like a table view, so the app's scene and the layout walk
show the same thing. A page is its title, its paragraphs, an example on warm paper and its
illustrations (:mod:`client.rulesbook.art`); a page taller than its panel scrolls (wheel,
↑/↓, PageUp/PageDown, Home/End); ←/→ turn pages; Esc closes. All text goes through the kit's
fitter and is never cut: each block is recorded with the lines shown in the panel.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from assets.loaders import rules_book
from client.kit import theme
from client.kit.nodes import Node, NodeMap
from client.kit.still import StillLayer
from client.kit.textfit import Fitted, record
from client.kit.widgets import Button, Panel, fitter_for, flow
from client.rulesbook.art import draw_art

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


@dataclass
class Block:
    """One piece of the page at ``y`` (page coordinates, 0 = the top of the panel's inside)."""

    kind: str  # "title" | "text" | "example" | "art"
    y: int
    h: int
    text: str = ""
    fitted: Fitted | None = None
    size: float = 0.0
    bold: bool = False
    images: tuple[tuple[pygame.Surface, pygame.Rect], ...] = ()
    captions: tuple[tuple[str, Fitted, pygame.Rect], ...] = ()  # under each picture that has one


class RulesBookView:
    """One game's rules book, opened at ``page`` (a page id; the first page when unknown)."""

    def __init__(self, ctx: Any, game: str, page: str | None = None,
                 on_close: Callable[[], None] | None = None, title: str = "") -> None:
        self.ctx = ctx
        self.game = game
        self.book = rules_book.cached(game)
        self.index = self.book.index(page)
        self.on_close = on_close
        self.title = title or ctx.t("rules.title", game=ctx.t(f"game.{game}"))
        self.rect = pygame.Rect(0, 0, 1280, 720)
        self.scroll = 0
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.inside = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.hint = pygame.Rect(0, 0, 0, 0)
        self.blocks: list[Block] = []
        self.content_h = 0
        self._laid_for: tuple | None = None
        self._still = StillLayer()

    # --- what is shown ------------------------------------------------------------------
    @property
    def page(self) -> rules_book.Page:
        return self.book.pages[self.index]

    @property
    def page_id(self) -> str:
        return self.page.id

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.inside.h)

    def text3(self, text: Any) -> str:
        return str(text.get(self.ctx.lang) or text.get("en") or "")

    def open_page(self, index: int) -> None:
        """Show page ``index`` (clamped) from its top."""
        self.index = max(0, min(len(self.book.pages) - 1, index))
        self.scroll = 0
        self._laid_for = None
        self.layout()

    def scroll_by(self, dy: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, self.scroll + dy)))

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()

    # --- layout ---------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._laid_for = None
        self.layout()

    def _key(self) -> tuple:
        return (tuple(self.rect), self.ctx.unit, self.ctx.lang, self.index)

    def layout(self) -> None:
        """Place the buttons and the panel and build the page's blocks (only when something changed)."""
        if self._laid_for == self._key():
            return
        self._laid_for = self._key()
        u, r, t = self.ctx.unit, self.rect, self.ctx.t
        fit = fitter_for(self.ctx)
        m = int(u * 1.0)
        bh = int(u * 2.4)
        head_h = max(bh, fit.line_h(theme.type_px("title", u), True)) + m
        foot_h = bh + m
        top, bottom = r.y + m + head_h, r.bottom - m - foot_h
        list_w = int(max(u * 9, min(u * 17, r.w * 0.24)))
        keys = fit.block(t("rules.keys"), theme.type_px("tiny", u), list_w, None)
        hint_h = max(bh, keys.height)
        self.hint = pygame.Rect(r.x + m, r.bottom - m - hint_h, list_w, hint_h)
        self.list_rect = pygame.Rect(r.x + m, top, list_w, self.hint.y - m - top)
        self.panel = pygame.Rect(self.list_rect.right + m, top, r.right - m - self.list_rect.right - m, bottom - top)
        pad = int(u * 1.2)
        self.inside = self.panel.inflate(-2 * pad, -2 * pad)
        close_w = int(max(u * 6, fit.width_of(t("rules.close"), theme.type_px("label", u), True) + u * 1.6))
        self.buttons = [Button(t("rules.close"), pygame.Rect(r.right - m - close_w, r.y + m, close_w, bh),
                               self.close, key="rules_close")]
        pages = self.book.pages
        gap = max(2, int(u * 0.35))
        item_h = int(min(u * 2.8, (self.list_rect.h - gap * (len(pages) - 1)) / len(pages)))
        for i, p in enumerate(pages):
            rect = pygame.Rect(self.list_rect.x, self.list_rect.y + i * (item_h + gap), list_w, item_h)
            self.buttons.append(Button(self.text3(p.title), rect, partial(self.open_page, i),
                                       selected=i == self.index, key=f"rules_page_{p.id}"))
        nav_w = int(min(u * 10, self.panel.w * 0.3))
        fy = r.bottom - m - bh
        self.buttons.append(Button(t("rules.prev"), pygame.Rect(self.panel.x, fy, nav_w, bh),
                                   lambda: self.open_page(self.index - 1), enabled=self.index > 0, key="rules_prev"))
        self.buttons.append(Button(t("rules.next"), pygame.Rect(self.panel.right - nav_w, fy, nav_w, bh),
                                   lambda: self.open_page(self.index + 1), primary=True,
                                   enabled=self.index < len(pages) - 1, key="rules_next"))
        self._build_blocks()
        self.scroll = min(self.scroll, self.max_scroll)

    def _build_blocks(self) -> None:
        u, w = self.ctx.unit, self.inside.w
        fit = fitter_for(self.ctx)
        page = self.page
        blocks: list[Block] = []
        y = 0

        def text(kind: str, s: str, size: float, bold: bool = False, indent: int = 0, after: float = 0.6) -> None:
            nonlocal y
            f = fit.block(s, size, w - 2 * indent, None, bold)
            blocks.append(Block(kind, y, f.height + 2 * indent, s, f, size, bold))
            y += f.height + 2 * indent + int(u * after)

        text("title", self.text3(page.title), theme.type_px("title", u), True, after=1.0)
        for para in page.paragraphs:
            text("text", self.text3(para), theme.type_px("label", u))
        if page.example is not None:
            text("example", self.text3(page.example), theme.type_px("body", u), indent=int(u * 0.7), after=1.0)
        # the pictures: one row (wrapping) per run of the same kind — dice beside dice, cards beside cards
        groups: list[list[rules_book.Art]] = []
        for a in page.art:
            if groups and groups[-1][0].kind == a.kind:
                groups[-1].append(a)
            else:
                groups.append([a])
        for group in groups:
            block = self._art_block(group, y)
            blocks.append(block)
            y += block.h + int(u * 1.0)
        self.blocks = blocks
        self.content_h = max(b.y + b.h for b in blocks)

    def _art_block(self, arts: list[rules_book.Art], y: int) -> Block:
        """One row of pictures (wrapped when wider than the page), each with its caption under it."""
        u, w = self.ctx.unit, self.inside.w
        fit = fitter_for(self.ctx)
        art_h = int(min(u * 14, max(u * 9, self.inside.h * 0.45)))
        size = theme.type_px("body", u)
        items = []  # (picture, caption text, caption fitted, width)
        for a in arts:
            img = draw_art(self.ctx, a, art_h)
            if img.get_width() > w:
                scale = w / img.get_width()
                img = pygame.transform.smoothscale(img, (w, max(1, int(img.get_height() * scale))))
            caption = self.text3(a.caption) if a.caption else ""
            width = min(w, max(img.get_width(), int(u * 9)))
            fitted = fit.block(caption, size, width, None, balanced=True) if caption else None
            items.append((img, caption, fitted, width))
        sizes = [(width, img.get_height() + (f.height + int(u * 0.4) if f else 0)) for img, _, f, width in items]
        cells = [rc.move(0, y) for rc in flow(sizes, w, int(u * 1.2), align="center")]
        placed, captions = [], []
        for (img, caption, f, _), cell in zip(items, cells):
            placed.append((img, img.get_rect(midtop=(cell.centerx, cell.y))))
            if f is not None:
                captions.append((caption, f, pygame.Rect(cell.x, cell.y + img.get_height() + int(u * 0.4),
                                                         cell.w, f.height)))
        return Block("art", y, max(c.bottom for c in cells) - y, images=tuple(placed), captions=tuple(captions))

    # --- loop ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.layout()

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        for b in self.buttons:
            nm.add(b.node())
        nm.add(Node(id=("rules_panel", self.page_id), rect=pygame.Rect(self.panel), kind="area", solid=False))
        return nm

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.close()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.open_page(self.index + (1 if key == pygame.K_RIGHT else -1))
            elif key in SCROLL_KEYS:
                self.scroll_by(SCROLL_KEYS[key] * self.ctx.unit * 3)
            elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll_by((-1 if key == pygame.K_PAGEUP else 1) * self.inside.h * 0.9)
            elif key in (pygame.K_HOME, pygame.K_END):
                self.scroll = 0 if key == pygame.K_HOME else self.max_scroll
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.ctx.unit * 3)
            return True
        for b in list(self.buttons):
            if b.handle(event):
                return True
        return False

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        """The page and everything around it (one layer kept per page, scroll and size), then the buttons.

        While text is being recorded the page is drawn afresh, so the layout walk sees every line."""
        if rect is not None and pygame.Rect(rect) != self.rect:
            self.set_rect(rect)
        self._still.draw(surface, (self._key(), self.scroll, self.title), self._draw_still, self.rect)
        for b in self.buttons:
            b.draw(surface, self.ctx, self.ctx.unit)

    def _draw_still(self, surface: pygame.Surface) -> None:
        """The title, the page on its panel, "page n of m", the keys — all but the buttons."""
        u, t = self.ctx.unit, self.ctx.t
        fit = fitter_for(self.ctx)
        r = self.rect
        surface.fill(theme.TABLE, r)
        close = self.buttons[0].rect
        title_w = close.x - r.x - int(u * 2)
        img = fit.label(self.title, theme.type_px("title", u), theme.CHALK, title_w, True)
        fit.blit_label(surface, img, self.title, "label", r, midleft=(r.x + int(u), close.centery))
        Panel.draw(surface, self.panel, theme.PAPER, theme.radius("panel", u))
        self._draw_page(surface)
        nav = [b.rect for b in self.buttons if b.key in ("rules_prev", "rules_next")]
        between = pygame.Rect(nav[0].right + int(u), nav[0].y, nav[1].x - nav[0].right - 2 * int(u), nav[0].h)
        page_of = t("rules.page_of", n=self.index + 1, total=len(self.book.pages))
        img = fit.label(page_of, theme.type_px("small", u), theme.CHALK_SOFT, between.w)
        fit.blit_label(surface, img, page_of, "label", between, center=between.center)
        keys = t("rules.keys")
        f = fit.block(keys, theme.type_px("tiny", u), self.hint.w, None)
        fit.draw_block(surface, keys, self.hint, f.size, theme.CHALK_DIM, valign="center", kind="label", fitted=f)

    def _draw_page(self, surface: pygame.Surface) -> None:
        u = self.ctx.unit
        view = self.inside
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip) if old_clip else view)
        for b in self.blocks:
            top = view.y + b.y - self.scroll
            if top > view.bottom or top + b.h < view.y:
                continue
            if b.kind == "art":
                for img, rc in b.images:
                    surface.blit(img, rc.move(view.x, view.y - self.scroll))
                for text, f, rc in b.captions:
                    where = rc.move(view.x, view.y - self.scroll)
                    self._draw_lines(surface, Block("caption", 0, f.height, text, f, f.size), where, "center")
                continue
            x, width = view.x, view.w
            if b.kind == "example":
                box = pygame.Rect(view.x, top, view.w, b.h)
                Panel.draw(surface, box, theme.PAPER_WARM, theme.radius("card", u), border=theme.LINE)
                pad = (b.h - (b.fitted.height if b.fitted else 0)) // 2
                x, top, width = view.x + pad, top + pad, view.w - 2 * pad
            self._draw_lines(surface, b, pygame.Rect(x, top, width, b.h))
        surface.set_clip(old_clip)
        if self.max_scroll > 0:  # the scroll bar: where this view is on the page
            track = pygame.Rect(self.panel.right - int(u * 0.7), view.y, max(3, int(u * 0.3)), view.h)
            pygame.draw.rect(surface, theme.PAPER_DIM, track, border_radius=track.w // 2)
            thumb_h = max(int(u * 2), int(view.h * view.h / self.content_h))
            thumb_y = track.y + int((view.h - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.ACCENT_DEEP, (track.x, thumb_y, track.w, thumb_h),
                             border_radius=track.w // 2)

    def _draw_lines(self, surface: pygame.Surface, b: Block, box: pygame.Rect, align: str = "left") -> None:
        """Draw a block's lines in ``box`` (clipped to the panel while it scrolls) and record the lines
        shown whole; a line wider than ``box`` is recorded as cut."""
        f = b.fitted
        if f is None:
            return
        shown: pygame.Rect | None = None
        y = box.y
        for ln in f.lines:
            img = self.ctx.text(ln, f.size, theme.MUTED if b.kind == "caption" else theme.INK, b.bold)
            x = box.centerx - img.get_width() // 2 if align == "center" else box.x
            surface.blit(img, (x, y))
            line = pygame.Rect(x, y, img.get_width(), f.line_h)
            if self.inside.top <= line.top and line.bottom <= self.inside.bottom:
                shown = line if shown is None else shown.union(line)
            y += f.line_h
        if shown is not None:
            record(b.text, shown, "rule", f.overflow or f.width > box.w, surface)
