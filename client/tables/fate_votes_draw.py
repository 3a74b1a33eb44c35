"""Drawing of the fate_votes table (reads the table's state, changes none of it; keeps surface caches)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from client.widgets.cards import ACCENT, card_size, rounded
from client.widgets.drag import draw_glow
from client.widgets.tokens import INK, PAPER, draw_shape, seat_colour

if TYPE_CHECKING:
    from client.tables.fate_votes import FateVotesTable

TABLE = (31, 58, 52)
PANEL = (255, 255, 255, 20)
PANEL_DARK = (8, 20, 18, 120)
SOFT = (200, 214, 206)
DIM = (150, 170, 162)
RED = (226, 88, 80)
GREEN_OK = (120, 200, 140)


class FvPainter:
    """Draws one :class:`FateVotesTable`."""

    def __init__(self, table: FateVotesTable) -> None:
        self.t = table
        self._bg: dict[tuple, pygame.Surface] = {}
        self._panels: dict[tuple, pygame.Surface] = {}

    # --- helpers ---------------------------------------------------------------------
    @property
    def ctx(self) -> Any:
        return self.t.ctx

    def text(self, s: str, size: float, colour: Any, bold: bool = False) -> pygame.Surface:
        return self.ctx.text(s, size, colour, bold)

    def fit(self, s: str, size: float, colour: Any, width: int, bold: bool = False) -> pygame.Surface:
        """Text shrunk (down to 70 %) and then clipped with an ellipsis to fit ``width``."""
        f = self.ctx.font(size, bold)
        if f.size(s)[0] > width:
            size2 = max(size * 0.7, size * width / max(1, f.size(s)[0]))
            f = self.ctx.font(size2, bold)
            size = size2
            while len(s) > 1 and f.size(s)[0] > width:
                s = s[:-2] + "…"
        return self.text(s, size, colour, bold)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple, radius: int) -> None:
        key = (rect.size, colour, radius)
        p = self._panels.get(key)
        if p is None:
            if len(self._panels) > 300:
                self._panels.clear()
            p = pygame.Surface(rect.size, pygame.SRCALPHA)
            rounded(p, colour, (0, 0, *rect.size), radius)
            self._panels[key] = p
        surface.blit(p, rect.topleft)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        bg = self._bg.get(size)
        if bg is None:
            self._bg.clear()
            w, h = size
            bg = pygame.Surface(size)
            bg.fill(TABLE)
            small = pygame.Surface((64, 36), pygame.SRCALPHA)
            for y in range(36):
                for x in range(64):
                    dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
                    d = min(1.0, math.hypot(dx, dy) / 1.35)
                    small.set_at((x, y), (0, 0, 0, int(110 * d ** 2.2)))
            bg.blit(pygame.transform.smoothscale(small, size), (0, 0))
            self._bg[size] = bg
        return bg

    # --- the table ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.t
        surface.blit(self.background(rect.size), rect.topleft)
        if not t.view:
            msg = self.text(self.ctx.t("fv_waiting_table"), t.L.u * 1.4, SOFT)
            surface.blit(msg, msg.get_rect(center=rect.center))
            return
        if t.over_shown and t.results_toggle:
            self.draw_log(surface)
            self.draw_results(surface, t.L.main)
            self.draw_buttons(surface)
            return
        self.draw_top(surface)
        self.draw_centre(surface)
        for s in range(t.players):
            self.draw_plate(surface, s)
        t.drag.draw_targets(surface)
        self.draw_final_cards(surface)
        self.draw_flyers(surface)
        self.draw_log(surface)
        if not t.display:
            self.draw_controls(surface)
            self.draw_hand(surface)
        self.draw_buttons(surface)
        self.draw_message(surface)
        t.zoom.draw(surface, rect)

    def draw_top(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        v = t.view
        rnd = v.get("round", 1)
        over = t.over_shown
        title = self.ctx.t("fv_round", n=min(rnd, 5)) if not over else t.texts.phase_name("over")
        img = self.text(title, u * 1.6, PAPER, True)
        surface.blit(img, (L.main.x + u, L.top.y + u * 0.5))
        shown_phase = "final" if (v.get("over") and not over) else str(v.get("phase", ""))
        phase = self.text(t.texts.phase_name(shown_phase), u * 1.05, SOFT)
        surface.blit(phase, (L.main.x + u, L.top.y + u * 0.6 + img.get_height()))
        # round markers
        x = L.main.x + u * 1.3 + max(img.get_width(), phase.get_width()) + u
        for r in range(1, 6):
            c = (x + (r - 1) * u * 1.3, L.top.y + u * 1.5)
            pygame.draw.circle(surface, ACCENT if r == rnd and not over else (PAPER if r < rnd or over else DIM),
                               c, u * 0.42, 0 if (r <= rnd or over) else 2)
        # timer (big) or phase status
        cx = L.main.centerx
        if v.get("phase") == "discussion" and t.clock_left is not None:
            left = int(math.ceil(t.clock_left))
            col = ACCENT if left <= 30 else PAPER
            img = self.text(f"{left // 60}:{left % 60:02d}", u * 3.0, col, True)
            surface.blit(img, img.get_rect(midtop=(cx, L.top.y + u * 0.1)))
        else:
            waiting = self.waiting_count()
            if waiting and not over:
                img = self.text(self.ctx.t("fv_waiting", n=waiting), u * 1.3, SOFT)
                surface.blit(img, img.get_rect(midtop=(cx, L.top.y + u * 1.0)))

    def waiting_count(self) -> int:
        v = self.t.view
        actors = v.get("actors") or []
        done = set(v.get("submitted") or [])
        return sum(1 for s in actors if s not in done)

    def instruction(self) -> str:
        t = self.t
        v = t.view
        if t.display or t.seat is None:
            return ""
        types = t._types()
        if t.awaiting:
            return self.ctx.t("fv_msg_wait")
        if not types:
            if v.get("over"):
                return ""
            if t.seat in (v.get("submitted") or []):
                return self.ctx.t("fv_instr_done")
            return self.ctx.t("fv_instr_watch")
        if "ready" in types:
            return self.ctx.t("fv_instr_discussion")
        if "discard" in types:
            return self.ctx.t("fv_instr_discard", n=t._discard_need())
        if "target" in types:
            return self.ctx.t("fv_instr_strike_target" if v.get("phase") == "strike_target" else "fv_instr_vote_target")
        if t._final_mode():
            return self.ctx.t("fv_instr_final")
        return self.ctx.t("fv_instr_choose")

    def draw_centre(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        d = L.discard
        self.panel(surface, d, PANEL_DARK, int(u * 0.8))
        pygame.draw.rect(surface, (*SOFT, ), d, 1, border_radius=int(u * 0.8))
        if t.centre_cards:
            title = self.ctx.t("fv_centre_round", n=t.centre_round)
            if t.centre_hidden:
                title = self.ctx.t("fv_centre_hidden", n=t.centre_round)
        else:
            title = self.ctx.t("fv_discard_area")
        img = self.fit(title, u * 1.0, SOFT, d.w - int(u * 2))
        surface.blit(img, img.get_rect(midtop=(d.centerx, d.y + u * 0.6)))
        for cc in t.centre_cards:
            cc.sprite.draw(surface, t.cards)
            if cc.owner is not None:
                b = t.badges.badge(cc.owner, int(u * 1.6))
                x, y = cc.sprite.pos
                surface.blit(b, b.get_rect(center=(x, y + cc.sprite.size[1] / 2 + u * 0.5)))
        instr = self.instruction()
        if instr and not t.display:
            need = t._discard_need()
            if need and not t.staged:
                slots = card_size(L.hand_card_h * 0.72)
                box = pygame.Rect(0, 0, slots[0] * need + u * 0.6 * (need - 1) + u, slots[1] + u)
                box.midbottom = (d.centerx, d.bottom - u * 0.3)
                _dashed(surface, box, ACCENT, int(u * 0.5))
            img = self.fit(instr, u * 1.05, PAPER, int(d.w * 1.1), True)
            r = img.get_rect(midtop=(d.centerx, d.bottom + u * 0.7))
            pill = r.inflate(u * 1.2, u * 0.5)
            self.panel(surface, pill, (*INK, 200), pill.h // 2)
            surface.blit(img, r)

    def draw_plate(self, surface: pygame.Surface, s: int) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        r = L.plates[s]
        v = t.view
        me = s == t.seat
        self.panel(surface, r, (255, 255, 255, 34) if me else PANEL, int(u * 0.7))
        if t.highlight == s:
            draw_glow(surface, r, ACCENT, int(u * 0.7), 1.0)
        elif me:
            pygame.draw.rect(surface, ACCENT, r, 2, border_radius=int(u * 0.7))
        bd = int(u * 2.9)
        badge = t.badges.badge(s, bd)
        surface.blit(badge, badge.get_rect(center=(r.x + u * 0.3 + bd / 2, r.y + u * 0.35 + bd / 2)))
        name = t.player_name(s)
        nx = r.x + u * 0.6 + bd
        vote_w = u * 3.2
        img = self.fit(name, u * 1.0, PAPER, int(r.right - nx - vote_w - u * 0.3), True)
        surface.blit(img, (nx, r.y + u * 0.35))
        # votes: big number + token stack
        votes = t.disp_votes[s] if s < len(t.disp_votes) else 0
        col = RED if votes < 0 else PAPER
        num = self.text(str(votes), u * 2.0, col, True)
        surface.blit(num, num.get_rect(topright=(r.right - u * 0.5, r.y + u * 0.05)))
        lab = self.text(self.ctx.t("fv_votes_label"), u * 0.7, SOFT)
        surface.blit(lab, lab.get_rect(topright=(r.right - u * 0.5, r.y + u * 2.35)))
        ty = r.y + u * 2.0
        td = int(u * 0.95)
        for i in range(min(max(0, votes), 8)):
            _vote_token(surface, (nx + td / 2 + i * td * 0.62, ty + td / 2), td / 2)
        if votes > 8:
            more = self.text(f"+{votes - 8}", u * 0.75, SOFT)
            surface.blit(more, (nx + 8 * td * 0.62 + td * 0.6, ty))
        # bottom line: tokens left, hand size, role, ready/chosen tick
        by = r.bottom - u * 1.25
        left = t.disp_tokens[s] if s < len(t.disp_tokens) else 0
        tok = t.badges.token(s, int(u * 0.9))
        x = r.x + u * 0.45
        for i in range(left):
            surface.blit(tok, (x + i * u * 0.62, by))
        x += 5 * u * 0.62 + u * 0.5
        hs = (v.get("hand_sizes") or [0] * t.players)[s] if s < len(v.get("hand_sizes") or []) else 0
        _mini_back(surface, pygame.Rect(x, by - u * 0.05, u * 0.7, u * 0.98))
        hi = self.text(f"×{hs}", u * 0.78, SOFT)
        surface.blit(hi, (x + u * 0.85, by - u * 0.05))
        x += u * 2.4
        role = t.role_shown[s] if s < len(t.role_shown) else None
        if role:
            flash = t.role_flash[s] if s < len(t.role_flash) else 0.0
            label = self.ctx.t("fv_role_" + role)
            img = self.text(label, u * 0.78, INK if role == "vote" else PAPER, True)
            pill = img.get_rect(topleft=(x + u * 0.3, by - u * 0.1)).inflate(u * 0.8, u * 0.15)
            pygame.draw.rect(surface, PAPER if role == "vote" else RED, pill, border_radius=pill.h // 2)
            if flash > 0:
                pygame.draw.rect(surface, ACCENT, pill.inflate(u * 0.4 * flash, u * 0.4 * flash), 2,
                                 border_radius=pill.h // 2 + 2)
            surface.blit(img, img.get_rect(center=pill.center))
        # chosen tick (who has acted in this step; never what)
        acted = s in (v.get("submitted") or [])
        acting = s in (v.get("actors") or []) and not acted and not v.get("over")
        tc = (r.right - u * 0.9, r.bottom - u * 0.75)
        if acted:
            pygame.draw.circle(surface, GREEN_OK, tc, u * 0.62)
            pygame.draw.lines(surface, INK, False, [(tc[0] - u * 0.3, tc[1]), (tc[0] - u * 0.08, tc[1] + u * 0.25),
                                                    (tc[0] + u * 0.32, tc[1] - u * 0.25)], max(2, int(u * 0.14)))
        elif acting:
            k = 0.5 + 0.5 * math.sin(t.time * 4 + s)
            for i in range(3):
                pygame.draw.circle(surface, SOFT if i != int(t.time * 3) % 3 else ACCENT,
                                   (tc[0] - u * 0.45 + i * u * 0.45, tc[1]), u * (0.12 + 0.03 * k))
        if t.sel_target == s and not t.drag.is_held(("token", t.seat)):
            self.draw_my_token(surface, L.plate_centre(s), staged=True)

    def draw_final_cards(self, surface: pygame.Surface) -> None:
        for sp in self.t.final_cards.values():
            sp.draw(surface, self.t.cards)

    def draw_flyers(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        for f in t.flyers:
            if f.tween.elapsed < f.tween.delay or f.src >= len(L.plates) or f.dst >= len(L.plates):
                continue
            a, b = L.plate_centre(f.src), L.plate_centre(f.dst)
            k = float(f.tween.value)  # type: ignore[arg-type]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - u * 4)
            x = (1 - k) ** 2 * a[0] + 2 * (1 - k) * k * mid[0] + k * k * b[0]
            y = (1 - k) ** 2 * a[1] + 2 * (1 - k) * k * mid[1] + k * k * b[1]
            if t.highlight == f.src:
                pygame.draw.line(surface, (*ACCENT,), a, b, 2)
            tok = t.badges.token(f.src, int(u * 2.0))
            surface.blit(tok, tok.get_rect(center=(x, y)))
            sign = self.text("+1" if f.sign > 0 else "−1", u * 1.1, PAPER if f.sign > 0 else RED, True)
            surface.blit(sign, sign.get_rect(midbottom=(x, y - u * 1.0)))

    def draw_log(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        r = L.log.inflate(-u * 0.6, -u * 0.6)
        self.panel(surface, r, (*INK, 150), int(u * 0.6))
        pad = u * 0.7
        y = r.y + pad
        # public discard tally
        img = self.text(self.ctx.t("fv_tally_title"), u * 0.9, SOFT, True)
        surface.blit(img, (r.x + pad, y))
        y += img.get_height() + u * 0.3
        tally = self.tally()
        cw = (r.w - pad * 2) / 7
        ch = card_size(u * 3.2)
        for i, cid in enumerate(("oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika")):
            face = t.texts.card_face(cid)
            img = t.cards.surface(face, ch, True, shadow=False)
            cx = r.x + pad + cw * i + cw / 2
            surface.blit(img, img.get_rect(midtop=(cx, y)))
            n = self.text(f"×{tally.get(cid, 0)}", u * 0.8, PAPER, True)
            surface.blit(n, n.get_rect(midtop=(cx, y + ch[1] + u * 0.5)))
        y += ch[1] + u * 2.0
        pygame.draw.line(surface, DIM, (r.x + pad, y), (r.right - pad, y), 1)
        y += u * 0.4
        img = self.text(self.ctx.t("fv_log_title"), u * 0.9, SOFT, True)
        surface.blit(img, (r.x + pad, y))
        y += img.get_height() + u * 0.2
        fs = u * 0.85
        lh = self.ctx.font(fs).get_linesize()
        width = int(r.w - pad * 2 - u * 1.1)
        rows: list[tuple[str, int | None, bool]] = []
        room = int((r.bottom - pad - y) // lh)
        for text, seat in reversed(t.log_lines):
            lines = self.ctx.wrap(text, fs, width)
            for j, ln in enumerate(reversed(lines)):
                rows.append((ln, seat, j == len(lines) - 1))
            if len(rows) >= room:
                break
        rows = rows[:room]
        yy = y + (room - len(rows)) * lh
        for ln, seat, first in reversed(rows):
            if first:
                dot = (r.x + pad + u * 0.35, yy + lh / 2)
                if seat is not None:
                    draw_shape(surface, "circle", dot, u * 0.3, seat_colour(seat))
                else:
                    pygame.draw.circle(surface, DIM, dot, u * 0.12)
            surface.blit(self.text(ln, fs, PAPER), (r.x + pad + u * 1.1, yy))
            yy += lh

    def tally(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.t.view.get("log") or []:
            if e.get("type") == "strike_discards":
                for d in e.get("discards", []):
                    for c in d["cards"]:
                        out[c] = out.get(c, 0) + 1
            elif e.get("type") == "voter_discards" and e.get("cards"):
                for c in e["cards"]:
                    out[c] = out.get(c, 0) + 1
        return out

    def draw_hand(self, surface: pygame.Surface) -> None:
        t = self.t
        held_top = None
        for c in t._hand_order():
            sp = t.hand_sprites.get(c)
            if sp is None:
                continue
            kind = "staged" if c in t.staged else "card"
            if t.drag.is_held((kind, c)):
                held_top = (sp, (kind, c))
                continue
            at = t.drag.position_of((kind, c), sp.draw_pos())
            sp.draw(surface, t.cards, at=at)
        if held_top is not None:
            sp, key = held_top
            at = t.drag.position_of(key, sp.home)
            img = t.cards.surface(sp.card, sp.size, True, 0.0, 1.0, True, (ACCENT, 3))
            surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))

    def draw_controls(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        c = L.controls
        if c is None or t.seat is None:
            return
        self.panel(surface, c, (*INK, 140), int(u * 0.7))
        home = L.token_home
        if home is None:
            return
        lab = self.text(self.ctx.t("fv_your_token"), u * 0.75, SOFT)
        surface.blit(lab, lab.get_rect(midbottom=(home[0], home[1] - u * 1.9)))
        left = t.disp_tokens[t.seat] if t.seat < len(t.disp_tokens) else 0
        cnt = self.text(self.ctx.t("fv_tokens_left", n=left), u * 0.75, SOFT)
        surface.blit(cnt, cnt.get_rect(midtop=(home[0], home[1] + u * 1.9)))
        key = ("token", t.seat)
        if t.sel_target is None or t.drag.is_held(key) or key in t.drag.springs:
            pos = t.drag.position_of(key, home if t.sel_target is None else L.plate_centre(t.sel_target))
            if t._targets_possible() and not t.awaiting and not t.drag.is_held(key):
                k = 0.5 + 0.5 * math.sin(t.time * 3)
                pygame.draw.circle(surface, ACCENT, pos, u * (1.75 + 0.15 * k), 2)
            self.draw_my_token(surface, pos, staged=False)
        else:
            pygame.draw.circle(surface, DIM, home, u * 1.6, 1)

    def draw_my_token(self, surface: pygame.Surface, pos: tuple[float, float], staged: bool) -> None:
        t, u = self.t, self.t.L.u
        if t.seat is None:
            return
        tok = t.badges.token(t.seat, int(u * (2.4 if staged else 3.2)))
        surface.blit(tok, tok.get_rect(center=(round(pos[0]), round(pos[1]))))
        if staged:
            sign = "−1" if (t.view.get("phase") == "strike_target" or t.sel_choice == "strike") else "+1"
            img = self.text(sign, u * 0.9, ACCENT, True)
            surface.blit(img, img.get_rect(midbottom=(pos[0], pos[1] - u * 1.2)))

    def draw_buttons(self, surface: pygame.Surface) -> None:
        t, u = self.t, self.t.L.u
        for b in t.buttons:
            if b.selected:
                fill, ink = ACCENT, INK
            elif b.primary and b.enabled:
                fill, ink = PAPER, INK
            elif b.enabled:
                fill, ink = (70, 96, 90), PAPER
            else:
                fill, ink = (52, 70, 66), DIM
            rounded(surface, (0, 0, 0, 60), b.rect.move(0, 3), b.rect.h // 3)
            rounded(surface, fill, b.rect, b.rect.h // 3)
            if b.primary and b.enabled:
                rounded(surface, ACCENT, b.rect, b.rect.h // 3, 2)
            img = self.fit(b.label, u * 0.95, ink, b.rect.w - int(u * 0.8), True)
            surface.blit(img, img.get_rect(center=b.rect.center))

    def draw_message(self, surface: pygame.Surface) -> None:
        t, L, u = self.t, self.t.L, self.t.L.u
        if not t.message_flash.active or not t.message:
            return
        a = min(1.0, t.message_flash.alpha * 3)
        img = self.fit(t.message, u * 1.05, PAPER, int(L.main.w * 0.6), True)
        y = (L.hand.y - u * 1.4) if L.hand is not None else L.main.bottom - u * 2.5
        r = img.get_rect(center=(L.main.centerx, y)).inflate(u * 1.6, u * 0.7)
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        rounded(box, (150, 40, 36, int(230 * a)), (0, 0, *r.size), r.h // 2)
        img2 = img.copy()
        img2.set_alpha(int(255 * a))
        box.blit(img2, img2.get_rect(center=(r.w / 2, r.h / 2)))
        surface.blit(box, r)

    # --- results ---------------------------------------------------------------------------
    def draw_results(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.t
        final = t.view.get("final") or {}
        res = final.get("result") or {}
        if not res:
            return
        u = t.L.u
        r = rect.inflate(-u * 1.2, -u * 1.2)
        self.panel(surface, r, (*INK, 170), int(u * 0.8))
        pad = u
        x0, y = r.x + pad, r.y + pad
        winners = res.get("winners") or []
        cond = res.get("condition")
        head = (self.ctx.t("fv_winners", names=t.texts.names(winners)) if winners
                else self.ctx.t("fv_no_winner"))
        img = self.fit(head, u * 1.8, PAPER, int(r.w - pad * 2 - u * 10), True)
        surface.blit(img, (x0, y))
        y += img.get_height()
        sub = self.text(self.ctx.t("fv_by_condition", name=t.texts.condition_name(cond)), u * 1.05, ACCENT, True)
        surface.blit(sub, (x0, y))
        y += sub.get_height() + u * 0.6
        # left: seats (card, votes, why) ; right: conditions + story
        left_w = int(r.w * 0.55)
        cards = final.get("cards") or []
        votes = final.get("votes") or []
        rows = res.get("seats") or []
        n = max(1, len(rows))
        avail = r.bottom - pad - y
        row_h = min(u * 4.2, avail / n)
        ch = card_size(row_h * 0.92)
        fs = min(u * 0.85, row_h * 0.3)
        for i, row in enumerate(rows):
            s = row["seat"]
            ry = y + i * row_h
            won = row.get("won")
            box = pygame.Rect(x0, ry, left_w - pad, row_h - u * 0.15)
            self.panel(surface, box, (255, 255, 255, 40) if won else (255, 255, 255, 14), int(u * 0.4))
            if won:
                pygame.draw.rect(surface, ACCENT, box, 2, border_radius=int(u * 0.4))
            b = t.badges.badge(s, int(min(u * 2.2, row_h * 0.7)))
            surface.blit(b, b.get_rect(midleft=(box.x + u * 0.2, box.centery)))
            cx = box.x + u * 2.8
            card = cards[s] if s < len(cards) else row.get("card")
            face = t.texts.card_face(card)
            img = t.cards.surface(face, ch, True, shadow=False)
            surface.blit(img, img.get_rect(midleft=(cx, box.centery)))
            tx = cx + ch[0] + u * 0.6
            width = int(box.right - tx - u * 3.2)
            nm = self.fit(f"{t.player_name(s)} · {face.title}", fs * 1.1, PAPER, width, True)
            surface.blit(nm, (tx, box.y + u * 0.15))
            why = t.texts.reason(row.get("reason_code", ""), row.get("params") or {}, by=cond)
            lines = self.ctx.wrap(why, fs, width)
            yy = box.y + u * 0.2 + nm.get_height()
            lh = self.ctx.font(fs).get_linesize()
            for ln in lines[: max(1, int((box.bottom - yy) // lh))]:
                surface.blit(self.text(ln, fs, SOFT), (tx, yy))
                yy += lh
            vv = votes[s] if s < len(votes) else row.get("votes", 0)
            num = self.text(str(vv), u * 1.5, PAPER, True)
            surface.blit(num, num.get_rect(midright=(box.right - u * 1.8, box.centery)))
            mark = self.text("★" if won else "", u * 1.2, ACCENT, True)
            if won:
                surface.blit(mark, mark.get_rect(midright=(box.right - u * 0.4, box.centery)))
        # conditions
        rx = x0 + left_w
        rw = int(r.right - pad - rx)
        yy = y
        img = self.text(self.ctx.t("fv_conditions_title"), u * 1.0, SOFT, True)
        surface.blit(img, (rx, yy))
        yy += img.get_height() + u * 0.2
        fs2 = u * 0.82
        lh = self.ctx.font(fs2).get_linesize()
        for i, c in enumerate(res.get("conditions") or []):
            state = "fired" if c.get("fired") else ("met" if c.get("met") else "not")
            col = ACCENT if state == "fired" else (PAPER if state == "met" else DIM)
            mark = {"fired": "◎", "met": "○", "not": "×"}[state]
            name = f"{i + 1}. {t.texts.condition_name(c.get('condition'))}"
            head = self.fit(name, fs2 * 1.08, col, rw - int(u * 1.6), True)
            m = self.text(mark, fs2 * 1.1, col, True)
            surface.blit(m, (rx, yy))
            surface.blit(head, (rx + u * 1.4, yy))
            yy += head.get_height()
            why = t.texts.reason(c.get("reason_code", ""), c.get("params") or {}, by=cond)
            for ln in self.ctx.wrap(why, fs2, rw - int(u * 1.4))[:2]:
                surface.blit(self.text(ln, fs2, SOFT), (rx + u * 1.4, yy))
                yy += lh
            yy += u * 0.15
        # story
        yy += u * 0.4
        stories = res.get("stories") or [res.get("story") or cond or "none"]
        box = pygame.Rect(rx, yy, rw, r.bottom - pad - yy)
        if box.h > u * 4:
            rounded(surface, PAPER, box, int(u * 0.5))
            sy = box.y + u * 0.6
            for sid in stories:
                title, text = t.texts.story(sid)
                if not title and not text:
                    continue
                img = self.fit(title, u * 1.1, INK, box.w - int(u * 1.6), True)
                surface.blit(img, (box.x + u * 0.8, sy))
                sy += img.get_height() + u * 0.2
                fs3 = u * 0.85
                lh3 = self.ctx.font(fs3).get_linesize()
                for ln in self.ctx.wrap(text, fs3, box.w - int(u * 1.6)):
                    if sy + lh3 > box.bottom - u * 0.4:
                        break
                    surface.blit(self.text(ln, fs3, INK), (box.x + u * 0.8, sy))
                    sy += lh3
                sy += u * 0.4


def _vote_token(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    pygame.draw.circle(surface, INK, c, r)
    pygame.draw.circle(surface, PAPER, c, r - max(1, r * 0.18))
    pygame.draw.circle(surface, ACCENT, c, r * 0.35)


def _mini_back(surface: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.rect(surface, PAPER, r, border_radius=3)
    pygame.draw.rect(surface, (38, 62, 80), r.inflate(-4, -4), border_radius=2)


def _dashed(surface: pygame.Surface, r: pygame.Rect, colour: tuple, radius: int) -> None:
    dash = 10
    for x in range(r.x + radius, r.right - radius, dash * 2):
        pygame.draw.line(surface, colour, (x, r.y), (min(x + dash, r.right - radius), r.y), 2)
        pygame.draw.line(surface, colour, (x, r.bottom), (min(x + dash, r.right - radius), r.bottom), 2)
    for y in range(r.y + radius, r.bottom - radius, dash * 2):
        pygame.draw.line(surface, colour, (r.x, y), (r.x, min(y + dash, r.bottom - radius)), 2)
        pygame.draw.line(surface, colour, (r.right, y), (r.right, min(y + dash, r.bottom - radius)), 2)
