"""The fate_votes painter: draws the shown state (reads the table, changes none of it; caches opaque layers).

All text goes through the kit's fitter (never cut; recorded for the layout walk)."""
from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from client.kit import theme
from client.kit.cache import SurfaceCache
from client.kit.textfit import blit_layer, copy_blit, copy_layer, is_recording, record
from client.kit.theme import ACCENT, INK, PAPER
from client.kit.widgets import Panel, Prompt
from client.widgets.cards import card_size, rounded
from client.widgets.drag import GLOW_RINGS, draw_glow
from client.widgets.tokens import draw_shape

if TYPE_CHECKING:
    from client.tables.fate_votes import FateVotesTable

TABLE, SOFT, DIM, RED, GREEN_OK = theme.TABLE, theme.CHALK_SOFT, theme.CHALK_DIM, theme.ERROR, theme.OK
PANEL_DARK = (*theme.PANEL_DEEP, 120)
DEEP_ACCENT, MUTED_INK = theme.ACCENT_DEEP, theme.MUTED
ROW_BG, WON_BG, STORY_BG = theme.PAPER_ROW, theme.PAPER_WARM, theme.PAPER_SHADE


GLOW_REACH = GLOW_RINGS * 3 + 1  # px a plate's highlight glow reaches past it


class StillKey(NamedTuple):
    """What the still layer is made of (its cache key)."""

    tag: str  # "still"
    rect: tuple
    base: pygame.Surface
    heading: tuple
    centre: pygame.Surface | None
    instruction: tuple | None
    plates: tuple
    log: pygame.Surface
    log_at: tuple

    def differs_only_in_plates_and_log(self, other: StillKey) -> bool:
        return self[:6] == other[:6] and self.log_at == other.log_at


class FvPainter:
    """Draws one :class:`FateVotesTable`."""

    def __init__(self, table: FateVotesTable) -> None:
        self.t = table
        self.cache = SurfaceCache(300)  # opaque layers: background, base, plates, centre, log
        self.still_key: StillKey | None = None  # what the last still layer shows (it may be updated in place)
        self._heading_x: tuple[tuple, float] | None = None  # (what it is measured from, where the markers start)
        self._tally_memo: tuple[list, int, dict[str, int]] | None = None  # (the log, its length, its tally)
        self._log_top: tuple[tuple, int] | None = None  # (the log head's key, where its lines start)

    # --- helpers ---------------------------------------------------------------------
    @property
    def ctx(self) -> Any:
        return self.t.ctx

    def text(self, s: str, size: float, colour: Any, bold: bool = False) -> pygame.Surface:
        return self.ctx.text(s, size, colour, bold)

    def label(self, surface: pygame.Surface, s: str, size: float, colour: Any, width: float, bold: bool = False,
              **anchor: Any) -> pygame.Rect:
        """A label fitted to ``width`` (shrunk, then wrapped — never cut), blitted at ``anchor``."""
        img = self.t.fit.label(s, size, colour, int(width), bold)
        return self.t.fit.blit_label(surface, img, s, "label", **anchor)

    def name(self, surface: pygame.Surface, s: str, size: float, colour: Any, width: float, bold: bool = False,
             **anchor: Any) -> pygame.Rect:
        """A player's name fitted to ``width`` without cutting it."""
        img = self.t.fit.name(s, size, colour, int(width), bold)
        return self.t.fit.blit_label(surface, img, s, "name", **anchor)

    def layer(self, key: tuple, make: Any, same: Any = None, convert: bool = True) -> pygame.Surface:
        """A cached opaque layer; on a miss, older layers of the same kind (``same(key)``) are dropped
        (``convert``: to the screen's format, unless ``make`` already made it so)."""
        hit = self.cache.peek(key)
        if hit is not None:
            return hit
        self.cache.drop(same or (lambda k: k[0] == key[0]))
        img = make()
        if convert and pygame.display.get_surface() is not None:
            img = img.convert()
        return self.cache.put(key, img)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple, radius: int) -> None:
        Panel.draw(surface, pygame.Rect(rect), colour, radius)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The table with its vignette (one per window size, shared by every fate_votes view)."""
        def make() -> pygame.Surface:
            bg = pygame.Surface(size)
            bg.fill(TABLE)
            bg.blit(pygame.transform.smoothscale(_vignette(), size), (0, 0))
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
            return bg
        return _BACKGROUNDS.get(size, make)

    def base_layer(self, rect: pygame.Rect) -> pygame.Surface:
        """Background + the panels that do not move, as one opaque surface."""
        L, u = self.t.L, self.t.L.u
        key = ("base", rect.size, tuple(L.discard), L.discard_shown, tuple(L.log),
               tuple(L.controls) if L.controls else None, self.t.display, self.t.seat is None, self.ctx.lang)

        def make() -> pygame.Surface:
            surf = self.background(rect.size).copy()
            off = (-rect.x, -rect.y)
            d = L.discard.move(off)
            if L.discard_shown:
                self.panel(surf, d, PANEL_DARK, int(u * 0.8))
                pygame.draw.rect(surf, SOFT, d, 1, border_radius=int(u * 0.8))
            self.panel(surf, L.log.inflate(-u * 0.6, -u * 0.6).move(off), (*INK, 150), int(u * 0.6))
            if L.controls is not None and not self.t.display and self.t.seat is not None:
                self.panel(surf, L.controls.move(off), (*INK, 140), int(u * 0.7))
            return surf
        return self.layer(key, make)

    # --- the table ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.t
        if t.shown and t.over_shown and t.results_toggle:
            self.draw_results_view(surface, rect)
            self.draw_log(surface)  # its own column, beside the results sheet
            self.draw_buttons(surface)
            return
        if not t.shown:
            copy_blit(surface, self.base_layer(rect), rect.topleft)
            self.label(surface, self.ctx.t("fv_waiting_table"), t.L.u * 1.4, SOFT, rect.w * 0.8, center=rect.center)
            return
        still = self.still_layer(rect)
        zoom = t.input.zoom
        under = self.under_zoom(rect, still)
        if under is not None:  # a modal zoom over a table at rest: the veiled table is one layer
            blit_layer(surface, under, rect.topleft, rect)
            self.draw_pulses(surface, zoom.shade)
            zoom.draw(surface, rect, veiled=False)
            return
        self.draw_table(surface, rect, still)
        zoom.draw(surface, rect)

    def draw_table(self, surface: pygame.Surface, rect: pygame.Rect, still: pygame.Surface | None,
                   pulses: bool = True) -> None:
        """The table at play (``pulses``: with the parts that pulse with time — see :meth:`draw_pulses`)."""
        t = self.t
        band = self.hand_band(still) if still is not None else None
        if still is not None:  # what does not move this frame: one blit (and the resting hand: a second)
            blit_layer(surface, still, rect.topleft, rect)
            if band is not None:
                blit_layer(surface, band[0], band[1].topleft)
            self.draw_clock(surface, pulses)
            thinking = self.thinking()
            for s in range(t.players):
                self.draw_plate_moving(surface, s, pulses, thinking)
        else:  # cards move in the discard area: the plates lie over them
            copy_blit(surface, self.base_layer(rect), rect.topleft)
            self.draw_top(surface)
            self.draw_centre(surface)
            for s in range(t.players):
                self.draw_plate(surface, s)
        t.input.drag.draw_targets(surface)
        self.draw_final_cards(surface)
        self.draw_flyers(surface)
        if still is None:
            self.draw_log(surface)
        if not t.display:
            self.draw_controls(surface, pulses)
            self.draw_hand(surface, skip=0 if band is None else band[2])
        self.draw_buttons(surface)
        self.draw_message(surface)

    def hand_band(self, still: pygame.Surface) -> tuple[pygame.Surface, pygame.Rect, int] | None:
        """Your hand at rest over the still layer under it, as one opaque band: (the band, where it goes, how
        many cards it holds) — the first cards, up to one that moves (a glide, a hover lift) or that what is
        drawn between the still layer and the hand (clock, plates, your token and its labels) reaches; the
        rest are drawn over that in order. None while a card is held or when the first card is not at rest
        or is reached (:meth:`draw_hand` draws them all)."""
        t, L = self.t, self.t.L
        drag = t.input.drag
        if (t.display or t.seat is None or L.hand is None or is_recording() or drag.dragging or drag.busy
                or drag.red.active or t.scene.final_cards or t.scene.flyers or self.still_key is None):
            return None
        cards: list[tuple[pygame.Surface, pygame.Rect]] = []
        live = self._live_rects()
        c = L.controls  # what draw_controls draws lies in this column (measured only where a card reaches it)
        column = None if c is None else pygame.Rect(c.x - 2, c.y - int(L.u * 4), c.w + 4, c.h + int(L.u * 8))
        for cid in t.hand_order():
            sp = t.hand_sprites.get(cid)
            if sp is None:
                continue
            if sp.animating or sp.lift not in (0.0, 1.0):
                break  # it moves (a glide, a hover lift): drawn live, and every card over it
            img = sp.image(t.cards)
            r = sp.image_rect(img)
            if r.collidelist(live) != -1 or (column is not None and r.colliderect(column)
                                             and r.collidelist(self._controls_rects()) != -1):
                break
            cards.append((img, r))
        clear = len(cards)
        if not cards:
            return None
        band = cards[0][1].unionall([r for _, r in cards[1:]]).clip(L.rect)
        key = ("hand_band", self.still_key, tuple(band), tuple((img, tuple(r)) for img, r in cards))

        def make() -> pygame.Surface:
            img = pygame.Surface(band.size)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            blit_layer(img, still, (0, 0), band)
            for card, r in cards:
                blit_layer(img, card, (r.x - band.x, r.y - band.y))
            return img
        return self.layer(key, make, convert=False), band, clear

    def _live_rects(self) -> list[pygame.Rect]:
        """Where :meth:`draw_table` draws, each frame, between the still layer and the hand (but for the
        controls: :meth:`_controls_rects`): the clock (in the top strip), what moves on the plates (a
        highlight's glow, a role's flash, the thinking dots) and your staged token."""
        t, L, u, pu = self.t, self.t.L, self.t.L.u, self.t.L.pu
        s = t.scene
        live = [L.top]
        thinking = self.thinking()
        for seat, r in enumerate(L.plates):
            if s.highlight == seat:
                live.append(r.inflate(2 * GLOW_REACH, 2 * GLOW_REACH))
            role = s.roles[seat] if seat < len(s.roles) else None
            if role and seat < len(s.role_flash) and s.role_flash[seat] > 0:
                live.append(self.role_pill(r, role).inflate(pu + 4, pu + 4))
            if seat in thinking:  # the three dots (see draw_thinking)
                cx, cy = r.right - pu * 0.9, r.bottom - pu * 0.75
                live.append(pygame.Rect(int(cx - pu * 0.6) - 1, int(cy - pu * 0.15) - 1, int(pu * 1.2) + 3,
                                        int(pu * 0.3) + 3))
        target = t.intents.sel_target
        if target is not None and target < len(L.plates):
            x, y = t.token_spot(target)
            live.append(pygame.Rect(int(x - u * 2), int(y - u * 2), int(u * 8), int(u * 4)))
        return live

    def _controls_rects(self) -> list[pygame.Rect]:
        """Where :meth:`draw_controls` draws over the controls panel: the two labels, your token (and its ring)
        or the empty circle where it rests, what you sent."""
        t, L, u = self.t, self.t.L, self.t.L.u
        c, home = L.controls, L.token_home
        if c is None or home is None or t.seat is None:
            return []
        room = (home[0] - c.x) * 2 - u * 0.4
        left = t.scene.tokens[t.seat] if t.seat < len(t.scene.tokens) else 0
        out = [t.fit.label(self.ctx.t("fv_your_token"), u * 0.75, SOFT, int(room)).get_rect(
                   midbottom=(home[0], home[1] - u * 1.9)),
               t.fit.label(self.ctx.t("fv_tokens_left", n=left), u * 0.75, SOFT, int(room)).get_rect(
                   midtop=(home[0], home[1] + u * 1.9))]
        pos = self.token_at() or home
        reach = u * 2.0 + 2  # the ring (1.9 u at most) round the token (1.6 u)
        out.append(pygame.Rect(int(pos[0] - reach), int(pos[1] - reach), int(2 * reach) + 1, int(2 * reach) + 1))
        x = c.x + u * 5.4
        out.append(pygame.Rect(int(x), c.y, int(c.right - x), c.h))
        return [r.inflate(2, 2) for r in out]

    def under_zoom(self, rect: pygame.Rect, still: pygame.Surface | None) -> pygame.Surface | None:
        """The table under a sticky zoom, veiled, as one layer — when the table is at rest (nothing moves
        but what pulses with time, which :meth:`draw_pulses` draws over it, shaded); else None."""
        t, zoom = self.t, self.t.input.zoom
        s = t.scene
        if (still is None or not zoom.open or not zoom.sticky or zoom.alpha < 1.0 or t.busy() or t.banner.visible
                or s.final_cards or any(s.role_flash) or t.input.drag.red.active):
            return None
        hover = tuple(b.rect.collidepoint(t.input.pointer) for b in t.buttons)
        key = ("under", tuple(rect), self.still_key, t.frame_built(), hover, zoom.veil_alpha)

        def make() -> pygame.Surface:
            img = pygame.Surface(rect.bottomright)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            self.draw_table(img, rect, still, pulses=False)
            zoom.veil(img, rect)
            return img
        return self.layer(key, make, convert=False)

    def draw_pulses(self, surface: pygame.Surface, shade: Any = None) -> None:
        """What pulses with time: the clock's bar, the "thinking" dots, the ring round your token
        (``shade``: each colour as it looks under a veil)."""
        t = self.t
        self.draw_clock_bar(surface, shade)
        thinking = self.thinking()
        for s in range(t.players):
            self.draw_thinking(surface, s, shade, thinking)
        if not t.display:
            self.draw_token_ring(surface, shade)

    def still_layer(self, rect: pygame.Rect) -> pygame.Surface | None:
        """Base, heading, resting discard area, instruction, plates and log as one opaque layer, keyed by
        the layers and values it is made of (None while cards move in the discard area). Sized to ``rect.bottomright`` so
        everything draws at screen coordinates; blit it with ``area=rect``."""
        t, L = self.t, self.t.L
        centre = None
        if L.discard_shown:
            if any(cc.sprite.animating for cc in t.scene.centre):
                return None
            centre = self.centre_layer()
        base = self.base_layer(rect)
        plates = tuple(self.plate_surface(s) for s in range(t.players))
        log, log_at = self.log_layer()
        instruction = self.instruction_key()
        heading = self.heading_key()
        key = StillKey("still", tuple(rect), base, heading, centre, instruction, plates, log, log_at)
        hit = self.cache.peek(key)
        if hit is None:
            hit = self._still_in_place(key)
        if hit is not None:
            self.still_key = key
            return hit

        def make() -> pygame.Surface:
            if rect.topleft == (0, 0):
                img = base.copy()  # already in the screen's format: no conversion after
            else:
                img = pygame.Surface(rect.bottomright).convert() if pygame.display.get_surface() else \
                    pygame.Surface(rect.bottomright)
                img.blit(base, rect.topleft)
            self.draw_heading(img)
            if centre is not None:
                blit_layer(img, centre, L.discard.topleft)
            self.draw_instruction(img, instruction)
            for s, plate in enumerate(plates):
                blit_layer(img, plate, L.plates[s].topleft)
            blit_layer(img, log, log_at)
            return img
        self.still_key = key
        return self.layer(key, make, convert=False)

    def _still_in_place(self, key: StillKey) -> pygame.Surface | None:
        """The last still layer with only its changed plates and log blitted anew (a vote, a log line), when
        all else in it is the same and nothing lies over what changed; else None (it is made afresh)."""
        last = self.still_key
        img = self.cache.peek(last) if last is not None else None
        if img is None or last is None or not key.differs_only_in_plates_and_log(last) or is_recording():
            return None
        L = self.t.L
        plates, log, log_rect = key.plates, key.log, pygame.Rect(key.log_at, key.log.get_size())
        if len(plates) != len(last.plates):
            return None
        changed = [s for s in range(len(plates)) if plates[s] is not last.plates[s]]
        for s in changed:
            r = L.plates[s]
            if r.colliderect(log_rect) or any(r.colliderect(L.plates[o]) for o in range(len(plates)) if o != s):
                return None
        for s in changed:
            blit_layer(img, plates[s], L.plates[s].topleft)
        if log is not last.log:
            blit_layer(img, log, key.log_at)
        self.cache.drop(lambda k: isinstance(k, tuple) and k[0] == "still")
        self.cache.put(key, img)
        return img

    def draw_top(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface)
        self.draw_clock(surface)

    def heading_key(self) -> tuple:
        """Everything :meth:`draw_heading` shows: round, over, title, the line under it, where."""
        t = self.t
        rnd, over = t.shown.get("round", 1), t.over_shown
        title = self.ctx.t("fv_round", n=min(rnd, 5)) if not over else t.texts.phase_name("over")
        return (rnd, over, title, self.heading_text(), tuple(t.L.top), tuple(t.L.main), t.L.u, self.ctx.lang)

    def heading_x(self, title: str, sub: str) -> float:
        """Where the round markers start (right of the wider of the title and the line under it)."""
        L, u, fit = self.t.L, self.t.L.u, self.t.fit
        key = (title, sub, L.main.x, L.main.w, u, fit.lang)
        if self._heading_x is not None and self._heading_x[0] == key:
            return self._heading_x[1]
        w = max(fit.label(title, u * 1.6, PAPER, int(L.main.w * 0.3), True).get_width(),
                fit.label(sub, u * 1.05, SOFT, int(L.main.w * 0.3)).get_width())
        x = L.main.x + u * 1.3 + w + u
        self._heading_x = (key, x)
        return x

    def draw_heading(self, surface: pygame.Surface) -> None:
        """The round title, the phase (or winners) under it, the five round markers."""
        L, u = self.t.L, self.t.L.u
        rnd, over, title, sub = self.heading_key()[:4]
        img = self.label(surface, title, u * 1.6, PAPER, L.main.w * 0.3, True, topleft=(L.main.x + u, L.top.y + u * 0.5))
        self.label(surface, sub, u * 1.05, SOFT, L.main.w * 0.3, topleft=(L.main.x + u, img.bottom + u * 0.1))
        x = self.heading_x(title, sub)
        for r in range(1, 6):
            c = (x + (r - 1) * u * 1.3, L.top.y + u * 1.5)
            pygame.draw.circle(surface, ACCENT if r == rnd and not over else (PAPER if r < rnd or over else DIM),
                               c, u * 0.42, 0 if (r <= rnd or over) else 2)

    def clock_face(self, heading: tuple | None = None) -> tuple[pygame.Surface, pygame.Rect, tuple[int, int, int]] | None:
        """The discussion timer's digits, where they go and their colour (None: no timer shown; ``heading``:
        :meth:`heading_key`, if known)."""
        t, L, u = self.t, self.t.L, self.t.L.u
        left = t.clock_shown()
        if left is None or t.clock_left is None:
            return None
        _, _, title, sub = (heading or self.heading_key())[:4]
        free_left = self.heading_x(title, sub) + 5 * u * 1.3 + u * 0.5
        col = ACCENT if left <= 30 else PAPER
        clock = self.text(f"{left // 60}:{left % 60:02d}", u * 3.0, col, True)
        cx = max(L.main.centerx, free_left + max(clock.get_width(), u * 9) / 2)
        return clock, clock.get_rect(midtop=(cx, L.top.y + u * 0.1)), col

    def draw_clock_bar(self, surface: pygame.Surface, shade: Any = None,
                       face: tuple[pygame.Surface, pygame.Rect, tuple[int, int, int]] | None = None) -> None:
        """The bar under the timer: the time left of the discussion (``face``: :meth:`clock_face`, if known)."""
        t, u = self.t, self.t.L.u
        face = face or self.clock_face()
        if face is None or not t.clock_total or t.clock_left is None:
            return
        _, cr, col = face
        tint = shade or (lambda c: c)
        bar = pygame.Rect(0, 0, int(u * 9), max(3, int(u * 0.22)))
        bar.midtop = (cr.centerx, cr.bottom - u * 0.35)
        pygame.draw.rect(surface, tint(DIM), bar, border_radius=bar.h // 2)
        part = bar.copy()
        part.w = int(bar.w * max(0.0, min(1.0, t.clock_left / t.clock_total)))
        if part.w > 0:
            pygame.draw.rect(surface, tint(col), part, border_radius=bar.h // 2)

    def draw_clock(self, surface: pygame.Surface, pulses: bool = True) -> None:
        """The discussion timer (big) or how many still act: centred, never over the title and round markers."""
        t, L, u = self.t, self.t.L, self.t.L.u
        over = t.over_shown
        heading = self.heading_key()
        _, _, title, sub = heading[:4]
        free_left = self.heading_x(title, sub) + 5 * u * 1.3 + u * 0.5
        cx: float = L.main.centerx
        face = self.clock_face(heading)
        if face is not None:
            clock, cr, _ = face
            surface.blit(clock, cr)
            if pulses:
                self.draw_clock_bar(surface, face=face)
            if t.clock_paused:
                p = self.text("II", u * 1.2, SOFT, True)
                surface.blit(p, p.get_rect(midleft=(cr.right + u * 0.6, cr.centery)))
        else:
            waiting = self.waiting_count()
            if waiting and not over:
                text = self.ctx.t("fv_waiting", n=waiting)
                room = L.main.right - free_left - u
                w = min(room, self.t.fit.width_of(text, u * 1.3))
                cx = max(cx, free_left + w / 2)
                self.label(surface, text, u * 1.3, SOFT, room, midtop=(cx, L.top.y + u * 1.0))

    def shown_phase(self) -> str:
        """The phase as the heading names it ("final" while the last reveal plays)."""
        v = self.t.shown
        return "final" if (v.get("over") and not self.t.over_shown) else str(v.get("phase", ""))

    def winners(self) -> list[int]:
        """The winning seats once the results are shown (else none)."""
        res = (self.t.shown.get("final") or {}).get("result") or {}
        return list(res.get("winners") or []) if self.t.over_shown else []

    def heading_text(self) -> str:
        """The line under the round title: the phase, or who won once the results are shown."""
        t = self.t
        res = (t.shown.get("final") or {}).get("result") or {}
        if t.over_shown and res:
            winners = self.winners()
            return self.ctx.t("fv_winners", names=t.texts.names(winners)) if winners else self.ctx.t("fv_no_winner")
        return t.texts.phase_name(self.shown_phase())

    def target_sign(self) -> str:
        """The sign written by your staged token: a strike takes a vote, a vote gives one."""
        t = self.t
        return "−1" if (t.shown.get("phase") == "strike_target" or t.intents.sel_choice == "strike") else "+1"

    def waiting_count(self) -> int:
        """How many seats the shown table waits for (none while a batch plays out or once it is over)."""
        return len(self.t.pres.now().turn)

    def draw_centre(self, surface: pygame.Surface) -> None:
        t, L = self.t, self.t.L
        d = L.discard
        moving = any(cc.sprite.animating for cc in t.scene.centre)
        if not L.discard_shown:
            pass  # the last cards lie around it: the round's discards are not shown any more
        elif moving:
            self._draw_centre_cards(surface, (0, 0))
        else:  # still: one cached opaque image of the discard area
            blit_layer(surface, self.centre_layer(), d.topleft)
        self.draw_instruction(surface)

    def centre_layer(self) -> pygame.Surface:
        """The discard area with its resting cards, opaque (the base under it included)."""
        t, L = self.t, self.t.L
        d = L.discard
        key = ("centre", tuple(d), t.scene.centre_round, t.scene.centre_hidden, self.ctx.lang,
               tuple((cc.sprite.card.key if cc.sprite.card else None, cc.sprite.face_up, cc.owner, cc.count,
                      tuple(map(round, cc.sprite.pos)), cc.sprite.size) for cc in t.scene.centre))

        def make() -> pygame.Surface:
            img = pygame.Surface(d.size)
            img.blit(self.base_layer(L.rect), (0, 0), d.move(-L.rect.x, -L.rect.y))
            self._draw_centre_cards(img, (-d.x, -d.y))
            return img
        return self.layer(key, make)

    def _draw_centre_cards(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        d = L.discard.move(off)
        title = t.centre_title()
        self.label(surface, title, u * 1.0, SOFT, d.w - int(u * 2), midtop=(d.centerx, d.y + u * 0.6))
        for cc in t.scene.centre:
            x, y = cc.sprite.draw_pos()
            cc.sprite.draw(surface, t.cards, at=(x + off[0], y + off[1]))
            if cc.owner is not None:
                b = t.badges.badge(cc.owner, int(u * 1.5))
                surface.blit(b, b.get_rect(midtop=(x + off[0], y + off[1] + cc.sprite.size[1] / 2 + u * 0.1)))
            elif cc.count > 1:
                k = self.text(f"×{cc.count}", u * 1.0, PAPER, True)
                t.fit.blit_label(surface, k, f"×{cc.count}", "label",
                                 midtop=(x + off[0], y + off[1] + cc.sprite.size[1] / 2 + u * 0.15))

    def instruction_key(self) -> tuple | None:
        """What :meth:`draw_instruction` draws: (text, dashed slots box, pill, pill box) or None."""
        t, L, u = self.t, self.t.L, self.t.L.u
        instr = t.intents.instruction()
        if not instr or t.display:
            return None
        box = None
        need = t.intents.discard_need()
        if need and not t.intents.staged:
            staged_h, bottom = t.staged_band()
            slots = card_size(staged_h)
            box = pygame.Rect(0, 0, slots[0] * need + u * 0.6 * (need - 1) + u, slots[1] + u)
            box.midbottom = (L.discard.centerx, bottom + u * 0.5)
        pill = t.prompt_rect()
        return (instr, tuple(box) if box else None, tuple(pill) if pill else None,
                t.prompt_box(instr) if pill else None, u, self.ctx.lang)

    def draw_instruction(self, surface: pygame.Surface, key: tuple | None = None) -> None:
        """The dashed slots for the cards to discard and the instruction pill (``key``: :meth:`instruction_key`)."""
        key = key or self.instruction_key()
        if key is None:
            return
        instr, box, pill, pbox, u, _ = key
        if box is not None:
            _dashed(surface, pygame.Rect(box), ACCENT, int(u * 0.5))
        # the whole instruction, wrapped: the pill grows upward from the discard area's lower edge
        if pill is not None:
            width, max_h = pbox
            Prompt.draw(surface, self.ctx, instr, u, width, max_h, midbottom=pygame.Rect(pill).midbottom)

    def plate_key(self, s: int) -> tuple:
        """Everything the static part of seat ``s``'s plate shows."""
        t, v = self.t, self.t.shown
        hs = v.get("hand_sizes") or []
        return (s, t.player_name(s), t.scene.votes[s] if s < len(t.scene.votes) else 0,
                t.scene.tokens[s] if s < len(t.scene.tokens) else 0, hs[s] if s < len(hs) else 0,
                t.scene.roles[s] if s < len(t.scene.roles) else None, s in (v.get("submitted") or []),
                s == t.seat, tuple(t.L.plates[s]))

    def plate_surface(self, s: int) -> pygame.Surface:
        """Seat ``s``'s plate, opaque (the table under it included), re-rendered when it changes."""
        key = ("plate", self.plate_key(s), self.ctx.lang)

        def make() -> pygame.Surface:
            L = self.t.L
            r = L.plates[s]
            img = pygame.Surface(r.size)
            img.blit(self.background(L.rect.size), (0, 0), r.move(-L.rect.x, -L.rect.y))
            self.draw_plate_static(img, s, pygame.Rect(0, 0, *r.size))
            return img
        return self.layer(key, make, lambda k: k[0] == "plate" and k[1][0] == s)

    def draw_plate_static(self, surface: pygame.Surface, s: int, r: pygame.Rect) -> None:
        """Panel, badge, name, votes, tokens left, hand size, role, tick (baked into the base layer)."""
        t, u = self.t, self.t.L.pu
        _, name, votes, left, hs, role, acted, me, _ = self.plate_key(s)
        self.panel(surface, r, theme.GLASS_BRIGHT if me else theme.GLASS, int(u * 0.7))
        if me:
            pygame.draw.rect(surface, ACCENT, r, 2, border_radius=int(u * 0.7))
        bd = int(u * 2.9)
        badge = t.badges.badge(s, bd)
        surface.blit(badge, badge.get_rect(center=(r.x + u * 0.3 + bd / 2, r.y + u * 0.35 + bd / 2)))
        nx = r.x + u * 0.6 + bd
        vote_w = u * 3.2
        self.name(surface, name, u * 1.0, PAPER, r.right - nx - vote_w - u * 0.3, True, topleft=(nx, r.y + u * 0.35))
        col = RED if votes < 0 else PAPER
        num = self.text(str(votes), u * 2.0, col, True)
        surface.blit(num, num.get_rect(topright=(r.right - u * 0.5, r.y + u * 0.05)))
        self.label(surface, self.ctx.t("fv_votes_label"), u * 0.7, SOFT, vote_w, topright=(r.right - u * 0.5, r.y + u * 2.35))
        ty = r.y + u * 2.0
        td = int(u * 0.95)
        for i in range(min(max(0, votes), 8)):
            _vote_token(surface, (nx + td / 2 + i * td * 0.62, ty + td / 2), td / 2)
        if votes > 8:
            more = self.text(f"+{votes - 8}", u * 0.75, SOFT)
            surface.blit(more, (nx + 8 * td * 0.62 + td * 0.6, ty))
        by = r.bottom - u * 1.25
        tok = t.badges.token(s, int(u * 0.9))
        x = r.x + u * 0.45
        for i in range(left):
            surface.blit(tok, (x + i * u * 0.62, by))
        x += 5 * u * 0.62 + u * 0.5
        _mini_back(surface, pygame.Rect(x, by - u * 0.05, u * 0.7, u * 0.98))
        hi = self.text(f"×{hs}", u * 0.78, SOFT)
        surface.blit(hi, (x + u * 0.85, by - u * 0.05))
        if role:
            pill = self.role_pill(r, role)
            img = self.text(self.ctx.t("fv_role_" + role), u * 0.78, INK if role == "vote" else PAPER, True)
            pygame.draw.rect(surface, PAPER if role == "vote" else RED, pill, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))
        if acted:
            tc = (r.right - u * 0.9, r.bottom - u * 0.75)
            pygame.draw.circle(surface, GREEN_OK, tc, u * 0.62)
            pygame.draw.lines(surface, INK, False, [(tc[0] - u * 0.3, tc[1]), (tc[0] - u * 0.08, tc[1] + u * 0.25),
                                                    (tc[0] + u * 0.32, tc[1] - u * 0.25)], max(2, int(u * 0.14)))

    def role_pill(self, r: pygame.Rect, role: str) -> pygame.Rect:
        u = self.t.L.pu
        img = self.text(self.ctx.t("fv_role_" + role), u * 0.78, INK, True)
        x = r.x + u * 0.45 + 5 * u * 0.62 + u * 0.5 + u * 2.4
        return img.get_rect(topleft=(x + u * 0.3, r.bottom - u * 1.35)).inflate(u * 0.8, u * 0.15)

    def draw_plate(self, surface: pygame.Surface, s: int) -> None:
        """The moving parts of a plate: highlight, role flash, "thinking" dots, the staged token."""
        blit_layer(surface, self.plate_surface(s), self.t.L.plates[s].topleft)
        self.draw_plate_moving(surface, s)

    def draw_plate_moving(self, surface: pygame.Surface, s: int, pulses: bool = True,
                          thinking: set[int] | None = None) -> None:
        """What moves on seat ``s``'s plate (over its static layer; ``thinking``: :meth:`thinking`)."""
        t, L, u = self.t, self.t.L, self.t.L.pu
        r = L.plates[s]
        if t.scene.highlight == s:
            draw_glow(surface, r, ACCENT, int(u * 0.7), 1.0)
        role = t.scene.roles[s] if s < len(t.scene.roles) else None
        flash = t.scene.role_flash[s] if s < len(t.scene.role_flash) else 0.0
        if role and flash > 0:
            pill = self.role_pill(r, role)
            pygame.draw.rect(surface, ACCENT, pill.inflate(u * 0.5 * flash, u * 0.5 * flash), 2,
                             border_radius=pill.h // 2 + 2)
        if pulses:
            self.draw_thinking(surface, s, thinking=thinking)
        if t.intents.sel_target == s and not t.input.drag.is_held(("token", t.seat)):
            self.draw_my_token(surface, t.token_spot(s), staged=True)

    def thinking(self) -> set[int]:
        """The seats that still have to act (their plates show the pulsing dots)."""
        return set(self.t.pres.now().turn)

    def draw_thinking(self, surface: pygame.Surface, s: int, shade: Any = None,
                      thinking: set[int] | None = None) -> None:
        """Three pulsing dots on the plate of a seat that still has to act (``thinking``: :meth:`thinking`)."""
        t, L, u = self.t, self.t.L, self.t.L.pu
        if s not in (self.thinking() if thinking is None else thinking):
            return
        r = L.plates[s]
        tint = shade or (lambda c: c)
        tc = (r.right - u * 0.9, r.bottom - u * 0.75)
        k = 0.5 + 0.5 * math.sin(t.time * 4 + s)
        for i in range(3):
            pygame.draw.circle(surface, tint(SOFT if i != int(t.time * 3) % 3 else ACCENT),
                               (tc[0] - u * 0.45 + i * u * 0.45, tc[1]), u * (0.12 + 0.03 * k))

    def draw_final_cards(self, surface: pygame.Surface) -> None:
        for sp in self.t.scene.final_cards.values():
            sp.draw(surface, self.t.cards)

    def draw_flyers(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        for f in t.scene.flyers:
            if f.tween.elapsed < f.tween.delay or f.src >= len(L.plates) or f.dst >= len(L.plates):
                continue
            a, b = L.plate_centre(f.src), L.plate_centre(f.dst)
            k = float(f.tween.value)  # type: ignore[arg-type]  # this tween moves a float
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - u * 4)
            x = (1 - k) ** 2 * a[0] + 2 * (1 - k) * k * mid[0] + k * k * b[0]
            y = (1 - k) ** 2 * a[1] + 2 * (1 - k) * k * mid[1] + k * k * b[1]
            if t.scene.highlight == f.src:
                pygame.draw.line(surface, (*ACCENT,), a, b, 2)
            tok = t.badges.token(f.src, int(u * 2.0))
            surface.blit(tok, tok.get_rect(center=(x, y)))
            sign = self.text("+1" if f.sign > 0 else "−1", u * 1.1, PAPER if f.sign > 0 else RED, True)
            surface.blit(sign, sign.get_rect(midbottom=(x, y - u * 1.0)))

    def draw_log(self, surface: pygame.Surface) -> None:
        layer, at = self.log_layer()
        blit_layer(surface, layer, at)

    def log_layer(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The log panel (tally, lines) as an opaque layer, and where it goes."""
        t, L, u = self.t, self.t.L, self.t.L.u
        r = L.log.inflate(-u * 0.6, -u * 0.6)
        tally = self.tally()
        lines = t.pres.log_lines
        key = ("log", r.size, len(lines), lines[-1] if lines else None, t.log_panel.scroll,
               tuple(sorted(tally.items())), self.ctx.lang, u)

        def make() -> pygame.Surface:  # opaque: the table under the panel, the panel, the tally, the lines
            head, y = self.log_head(r, tally)
            img = copy_layer(head)
            area = pygame.Rect(0, int(y), r.w, int(r.h - y))
            t.log_panel.draw(img, self.ctx, area, t.pres.log_lines, u, title=self.ctx.t("fv_log_title"))
            return img
        return self.layer(key, make, convert=False), r.topleft

    def log_head(self, r: pygame.Rect, tally: dict[str, int]) -> tuple[pygame.Surface, float]:
        """The log panel without its lines (the table under it, the panel, the discard tally), opaque and in the
        screen's format, and where the lines start (kept per size and tally: a new line is only drawn on a copy)."""
        L, u = self.t.L, self.t.L.u
        key = ("log_head", r.size, tuple(sorted(tally.items())), self.ctx.lang, u)
        top: list[float] = []

        def make() -> pygame.Surface:
            img = pygame.Surface(r.size)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            blit_layer(img, self.background(L.rect.size), (0, 0), r.move(-L.rect.x, -L.rect.y))
            self.panel(img, pygame.Rect(0, 0, *r.size), (*INK, 150), int(u * 0.6))
            top.append(self._render_tally(img, pygame.Rect(0, 0, *r.size), tally))
            return img
        head = self.layer(key, make, convert=False)
        return head, top[0] if top else self._tally_bottom(pygame.Rect(0, 0, *r.size))

    def _tally_bottom(self, r: pygame.Rect) -> float:
        """Where :meth:`_render_tally` ends in the log panel at ``r`` (the lines start there)."""
        u = self.t.L.u
        pad = u * 0.7
        title = self.t.fit.label(self.ctx.t("fv_tally_title"), u * 0.9, SOFT, int(r.w - pad * 2), True)
        return title.get_rect(topleft=(r.x + pad, r.y + pad)).bottom + u * 0.3 + card_size(u * 3.2)[1] + u * 2.0

    def _render_tally(self, surface: pygame.Surface, r: pygame.Rect, tally: dict[str, int]) -> float:
        """The public discard tally at the top of the log panel at ``r``; returns where the lines start."""
        t, u = self.t, self.t.L.u
        pad = u * 0.7
        y = r.y + pad
        # public discard tally
        head = self.label(surface, self.ctx.t("fv_tally_title"), u * 0.9, SOFT, r.w - pad * 2, True,
                          topleft=(r.x + pad, y))
        y = head.bottom + u * 0.3
        cw = (r.w - pad * 2) / 7
        ch = card_size(u * 3.2)
        for i, cid in enumerate(("oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika")):
            full = t.texts.card_face(cid)
            face = replace(full, key=full.key + ":chip", title="", subtitle="", body="")
            img = t.cards.surface(face, ch, True, shadow=False)
            cx = r.x + pad + cw * i + cw / 2
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            n = self.text(f"×{tally.get(cid, 0)}", u * 0.8, PAPER, True)
            surface.blit(n, n.get_rect(midtop=(cx, y + ch[1] + u * 0.5)))
        y += ch[1] + u * 2.0
        pygame.draw.line(surface, DIM, (r.x + pad, y), (r.right - pad, y), 1)
        return y

    def tally(self) -> dict[str, int]:
        """The public discard tally of the shown log (kept while the log is the same list, as long)."""
        log = self.t.shown.get("log") or []
        memo = self._tally_memo
        if memo is None or memo[0] is not log or memo[1] != len(log):
            memo = self._tally_memo = (log, len(log), self._tally(log))
        return dict(memo[2])

    def _tally(self, log: list) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in log:
            if e.get("type") == "strike_discards":
                for d in e.get("discards", []):
                    for c in d["cards"]:
                        out[c] = out.get(c, 0) + 1
            elif e.get("type") == "voter_discards" and e.get("cards"):
                for c in e["cards"]:
                    out[c] = out.get(c, 0) + 1
        return out

    def draw_hand(self, surface: pygame.Surface, skip: int = 0) -> None:
        """Your hand in order, the held card on top (``skip``: the first cards are drawn already)."""
        t = self.t
        held_top = None
        for c in t.hand_order():
            sp = t.hand_sprites.get(c)
            if sp is None:
                continue
            if skip:
                skip -= 1
                continue
            kind = "staged" if c in t.intents.staged else "card"
            if t.input.drag.is_held((kind, c)):
                held_top = (sp, (kind, c))
                continue
            at = t.input.drag.position_of((kind, c), sp.draw_pos())
            sp.draw(surface, t.cards, at=at)
        if held_top is not None:
            sp, key = held_top
            at = t.input.drag.position_of(key, sp.home)
            img = t.cards.surface(sp.card, sp.size, True, 0.0, 1.0, True, (ACCENT, 3))
            surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))

    def token_at(self) -> tuple[float, float] | None:
        """Where your token is drawn in the controls (None: it is staged on a plate, or no controls)."""
        t, L = self.t, self.t.L
        home = L.token_home
        if L.controls is None or t.seat is None or home is None:
            return None
        key = ("token", t.seat)
        if t.intents.sel_target is None or t.input.drag.is_held(key) or key in t.input.drag.springs:
            return t.input.drag.position_of(key, home if t.intents.sel_target is None else t.token_spot(t.intents.sel_target))
        return None

    def draw_token_ring(self, surface: pygame.Surface, shade: Any = None) -> None:
        """The pulsing ring round your token while it can be placed."""
        t, u = self.t, self.t.L.u
        pos = self.token_at()
        if pos is None or not t.intents.targets_possible() or t.intents.awaiting \
                or t.input.drag.is_held(("token", t.seat)):
            return
        k = 0.5 + 0.5 * math.sin(t.time * 3)
        pygame.draw.circle(surface, (shade or (lambda c: c))(ACCENT), pos, u * (1.75 + 0.15 * k), 2)

    def draw_controls(self, surface: pygame.Surface, pulses: bool = True) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        c = L.controls
        if c is None or t.seat is None:
            return
        home = L.token_home
        if home is None:
            return
        room = (home[0] - c.x) * 2 - u * 0.4  # the token's column, left of the buttons
        self.label(surface, self.ctx.t("fv_your_token"), u * 0.75, SOFT, room, midbottom=(home[0], home[1] - u * 1.9))
        left = t.scene.tokens[t.seat] if t.seat < len(t.scene.tokens) else 0
        self.label(surface, self.ctx.t("fv_tokens_left", n=left), u * 0.75, SOFT, room,
                   midtop=(home[0], home[1] + u * 1.9))
        pos = self.token_at()
        if pos is not None:
            if pulses:
                self.draw_token_ring(surface)
            self.draw_my_token(surface, pos, staged=False)
        else:
            pygame.draw.circle(surface, DIM, home, u * 1.6, 1)
        status = self.sent_text()
        if status:
            x = c.x + u * 5.4
            box = pygame.Rect(int(x), c.y + int(u * 0.3), int(c.right - x - u * 0.6), c.h - int(u * 0.6))
            t.fit.draw_block(surface, status, box, u * 0.8, PAPER, valign="center")

    def sent_text(self) -> str:
        """What this seat has already submitted in the current step (its own secret, shown only to it)."""
        t, v = self.t, self.t.shown
        mine = v.get("my_pending")
        if mine is None or t.seat is None:
            return ""
        tr = self.ctx.t
        if mine is True:
            return tr("fv_sent_ready")
        if isinstance(mine, str):
            return tr("fv_sent_choice", choice=tr("fv_role_" + mine))
        if isinstance(mine, int) and not isinstance(mine, bool):
            key = "fv_sent_strike" if v.get("phase") == "strike_target" else "fv_sent_vote"
            return tr(key, name=t.player_name(mine))
        if isinstance(mine, list) and len(mine) == 2 and mine[0] in ("vote", "strike") and isinstance(mine[1], int):
            return tr("fv_sent_" + mine[0], name=t.player_name(mine[1]))
        if isinstance(mine, list) and all(isinstance(c, str) for c in mine):
            return tr("fv_sent_discard", cards=t.texts.cards(mine))
        return ""

    def draw_my_token(self, surface: pygame.Surface, pos: tuple[float, float], staged: bool) -> None:
        t, u = self.t, self.t.L.u
        if t.seat is None:
            return
        tok = t.badges.token(t.seat, int(u * (2.4 if staged else 3.2)))
        surface.blit(tok, tok.get_rect(center=(round(pos[0]), round(pos[1]))))
        if staged:
            img = self.text(self.target_sign(), u * 0.9, ACCENT, True)
            surface.blit(img, img.get_rect(midleft=(pos[0] + u * 1.35, pos[1])))

    def draw_buttons(self, surface: pygame.Surface) -> None:
        t = self.t
        for b in t.buttons:
            b.draw(surface, self.ctx, t.L.u, hover=b.rect.collidepoint(t.input.pointer))

    def draw_message(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        y = (L.hand.y - u * 1.4) if L.hand is not None else L.main.bottom - u * 2.5
        t.banner.draw(surface, self.ctx, (L.main.centerx, y), int(L.main.w * 0.7), u)

    # --- results ---------------------------------------------------------------------------
    def draw_results_view(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The base layer with the results sheet on it: one kept opaque layer (the sheet does not move)."""
        base = self.base_layer(rect)
        main = self.t.L.main.move(-rect.x, -rect.y)

        def make() -> pygame.Surface:
            layer = base.copy()
            self.draw_results_frame(layer, main)
            return layer
        key = ("results_view", base, tuple(main), self.results_key())
        blit_layer(surface, self.layer(key, make), rect.topleft)

    def results_key(self) -> tuple:
        """Everything the results sheet shows (a change draws it afresh)."""
        t = self.t
        final = t.shown.get("final") or {}
        res = final.get("result") or getattr(t, "result", None) or {}
        names = tuple(t.player_name(row["seat"]) for row in res.get("seats") or [] if isinstance(row, dict))
        return (repr(final), repr(res), names, self.ctx.lang, t.L.u)

    def draw_results_frame(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The table's own results view: a paper sheet with :meth:`draw_results` inside."""
        u = self.t.L.u
        box = rect.inflate(-u * 1.2, -u * 1.2)
        rounded(surface, theme.VEIL, box.move(int(u * 0.3), int(u * 0.4)), int(u))
        rounded(surface, PAPER, box, int(u))
        rounded(surface, ACCENT, box, int(u), max(3, int(u * 0.2)))
        self.draw_results(surface, box.inflate(-u * 2, -u * 2))

    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Ink on paper (``rect`` lies on the paper): drawn once into a kept layer, blitted every frame."""
        t = self.t
        final = t.shown.get("final") or {}
        res = final.get("result") or getattr(t, "result", None) or {}
        if not res or not res.get("seats"):
            return
        rect = pygame.Rect(rect)
        key = ("results", rect.size, self.results_key())

        def make() -> pygame.Surface:
            sheet = pygame.Surface(rect.size)
            sheet.fill(PAPER)
            self.draw_results_on(sheet, sheet.get_rect())
            return sheet
        blit_layer(surface, self.layer(key, make), rect.topleft)

    def draw_results_on(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Winners, every seat's last card and votes with why, each condition, the if-story."""
        t = self.t
        final = t.shown.get("final") or {}
        res = final.get("result") or getattr(t, "result", None) or {}
        u = min(t.L.u, rect.h / 34)
        r = rect
        x0, y = r.x, float(r.y)
        winners = res.get("winners") or []
        cond = res.get("condition")
        head = (self.ctx.t("fv_winners", names=t.texts.names(winners)) if winners
                else self.ctx.t("fv_no_winner"))
        fit = t.fit
        hs = u * 1.7 if fit.width_of(head, u * 1.7, True) <= r.w * 0.78 else u * 1.25  # many winners: smaller
        f = fit.block(head, hs, int(r.w * 0.78), u * 3.2, True)
        y += fit.draw_block(surface, head, pygame.Rect(x0, int(y), int(r.w * 0.78), f.height), hs, INK, True,
                            kind="name", fitted=f).height
        sub = self.label(surface, self.ctx.t("fv_by_condition", name=t.texts.condition_label(cond)), u * 1.05,
                         DEEP_ACCENT, r.w * 0.75, True, topleft=(x0, y))
        y = sub.bottom + u * 0.5
        left_w = int(r.w * 0.56)
        cards = final.get("cards") or res.get("cards") or []
        votes = final.get("votes") or res.get("votes") or []
        rows = res.get("seats") or []
        n = max(1, len(rows))
        avail = r.bottom - y
        row_h = min(u * 4.2, avail / n)
        ch = card_size(row_h * 0.9)
        fs = max(u * 0.62, min(u * 0.85, row_h * 0.3))
        for i, row in enumerate(rows):
            s = row["seat"]
            ry = y + i * row_h
            won = row.get("won")
            box = pygame.Rect(x0, ry, left_w - u, row_h - max(2, u * 0.15))
            rounded(surface, WON_BG if won else ROW_BG, box, int(u * 0.4))
            if won:
                rounded(surface, ACCENT, box, int(u * 0.4), 2)
            b = t.badges.badge(s, int(min(u * 2.2, row_h * 0.72)))
            surface.blit(b, b.get_rect(midleft=(box.x + u * 0.2, box.centery)))
            cx = box.x + u * 0.5 + min(u * 2.2, row_h * 0.72) + u * 0.2
            card = cards[s] if s < len(cards) else row.get("card")
            face = t.texts.card_face(card)
            img = t.cards.surface(face, ch, True, shadow=False)
            surface.blit(img, img.get_rect(midleft=(cx, box.centery)))
            tx = cx + ch[0] + u * 0.5
            width = int(box.right - tx - u * 3.4)
            why = t.texts.reason(row.get("reason_code", ""), row.get("params") or {}, by=t.texts.condition_name(cond))
            who = f"{t.player_name(s)} · {face.title}"
            nm_img = fit.name(who, fs * 1.12, INK, width, True)
            wf = fit.block(why, fs, width, box.h - nm_img.get_height() - u * 0.2)
            top = box.y + max(1, (box.h - nm_img.get_height() - wf.height) / 2)
            nm = fit.blit_label(surface, nm_img, who, "name", topleft=(tx, top))
            fit.draw_block(surface, why, pygame.Rect(int(tx), nm.bottom, width, int(box.bottom - nm.bottom)), fs,
                           MUTED_INK, fitted=wf)
            vv = votes[s] if s < len(votes) else row.get("votes", 0)
            num = self.text(str(vv), u * 1.4, INK, True)
            surface.blit(num, num.get_rect(midright=(box.right - u * 1.9, box.centery - u * 0.25)))
            lab = self.text(self.ctx.t("fv_votes_label"), u * 0.6, MUTED_INK)
            surface.blit(lab, lab.get_rect(midtop=(num.get_rect(midright=(box.right - u * 1.9, 0)).centerx,
                                                   box.centery + u * 0.45)))
            if won:
                draw_shape(surface, "star", (box.right - u * 0.9, box.centery), u * 0.6, ACCENT)
        # conditions, in priority order
        rx = x0 + left_w
        rw = int(r.right - rx)
        yy = y
        yy = self.label(surface, self.ctx.t("fv_conditions_title"), u * 0.95, INK, rw, True,
                        topleft=(rx, yy)).bottom + u * 0.15
        conds = res.get("conditions") or []
        fs2 = u * 0.78
        lh = self.ctx.font(fs2).get_linesize()
        for i, c in enumerate(conds):
            state = "fired" if c.get("fired") else ("met" if c.get("met") else "not")
            col = DEEP_ACCENT if state == "fired" else (INK if state == "met" else MUTED_INK)
            name = t.texts.condition_label(c.get("condition"))  # the card's own number and name
            mark_c = (rx + u * 0.5, yy + lh * 0.55)
            if state == "fired":
                pygame.draw.circle(surface, ACCENT, mark_c, u * 0.42)
                pygame.draw.circle(surface, PAPER, mark_c, u * 0.2)
            elif state == "met":
                pygame.draw.circle(surface, INK, mark_c, u * 0.38, 2)
            else:
                k = u * 0.3
                pygame.draw.line(surface, MUTED_INK, (mark_c[0] - k, mark_c[1] - k), (mark_c[0] + k, mark_c[1] + k), 2)
                pygame.draw.line(surface, MUTED_INK, (mark_c[0] - k, mark_c[1] + k), (mark_c[0] + k, mark_c[1] - k), 2)
            yy = self.label(surface, name, fs2 * 1.08, col, rw - int(u * 1.3), True,
                            topleft=(rx + u * 1.2, yy)).bottom
            why = t.texts.reason(c.get("reason_code", ""), c.get("params") or {}, by=t.texts.condition_name(cond))
            yy += fit.draw_block(surface, why, pygame.Rect(int(rx + u * 1.2), int(yy), rw - int(u * 1.3), lh * 2),
                                 fs2, MUTED_INK).height
            yy += u * 0.1
        hidden = final.get("round4_voter_discards") or []
        if hidden:
            line = self.ctx.t("fv_round4_revealed", cards=t.texts.cards(hidden))
            yy += fit.draw_block(surface, line, pygame.Rect(rx, int(yy), rw, lh * 2), fs2, INK).height
        # the if-story of the condition that was met
        yy += u * 0.3
        stories = res.get("stories") or [res.get("story") or cond or "none"]
        box = pygame.Rect(rx, int(yy), rw, int(r.bottom - yy))
        readers = res.get("story_readers") or {}  # who reads each story aloud (Shion's: a Shion holder)
        texts = [(f"{st[0]} — {self.ctx.t('fv_story_reader', name=t.player_name(readers[sid]))}"
                  if readers.get(sid) is not None else st[0], st[1])
                 for sid, st in ((sid, t.texts.story(sid)) for sid in stories) if st[0] or st[1]]
        inner_w = box.w - int(u * 1.4)
        head_h = fit.line_h(u * 0.7, True) + u * 1.0
        per_title = fit.line_h(u * 1.05, True) + u * 0.4
        body = "\n\n".join(text for _, text in texts)
        room = box.h - head_h - per_title * len(texts)
        sf = fit.block(body, u * 0.8, inner_w, room, floor=0.7)  # the whole story, smaller if need be
        box.h = int(min(box.h, head_h + per_title * len(texts) + sf.height + u * 0.3))
        if box.h > u * 3:
            rounded(surface, STORY_BG, box, int(u * 0.5))
            sy: float = self.label(surface, self.ctx.t("fv_story_label"), u * 0.7, MUTED_INK, inner_w, True,
                                   topleft=(box.x + u * 0.7, box.y + u * 0.5)).bottom
            for title, text in texts:
                sy = self.label(surface, title, u * 1.05, INK, inner_w, True, topleft=(box.x + u * 0.7, sy)).bottom
                sy += u * 0.1
                tf = fit.block(text, sf.size, inner_w, None)
                fit.draw_block(surface, text, pygame.Rect(int(box.x + u * 0.7), int(sy), inner_w, tf.height),
                               sf.size, INK, fitted=tf)
                if sf.overflow:
                    record(text, pygame.Rect(int(box.x + u * 0.7), int(sy), inner_w, tf.height), "rule", True)
                sy += tf.height + u * 0.3


_BACKGROUNDS = SurfaceCache(3)


@lru_cache(maxsize=1)
def _vignette() -> pygame.Surface:
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, math.hypot(dx, dy) / 1.35)
            small.set_at((x, y), (0, 0, 0, int(110 * d ** 2.2)))
    return small


def _vote_token(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pygame.draw.circle(surface, INK, c, r)
    pygame.draw.circle(surface, PAPER, c, r - max(1, r * 0.18))
    pygame.draw.circle(surface, ACCENT, c, r * 0.35)


def _mini_back(surface: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.rect(surface, PAPER, r, border_radius=3)
    pygame.draw.rect(surface, theme.BACK, r.inflate(-4, -4), border_radius=2)


def _dashed(surface: pygame.Surface, r: pygame.Rect, colour: tuple, radius: int) -> None:
    dash = 10
    for x in range(r.x + radius, r.right - radius, dash * 2):
        pygame.draw.line(surface, colour, (x, r.y), (min(x + dash, r.right - radius), r.y), 2)
        pygame.draw.line(surface, colour, (x, r.bottom), (min(x + dash, r.right - radius), r.bottom), 2)
    for y in range(r.y + radius, r.bottom - radius, dash * 2):
        pygame.draw.line(surface, colour, (r.x, y), (r.x, min(y + dash, r.bottom - radius)), 2)
        pygame.draw.line(surface, colour, (r.right, y), (r.right, min(y + dash, r.bottom - radius)), 2)
