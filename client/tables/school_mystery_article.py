"""The finished article: a school-newspaper page drawn from the view (title, the clues used, the
deduction, the 《解明》 result), and its export as Markdown (the rules' pure ``article_markdown``)
and as a PNG (``pygame.image.save`` of the page rendered at a fixed size).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.textfit import blit_layer
from client.kit.theme import INK, MUTED
from client.kit.widgets import fitter_for
from client.tables.school_mystery_texts import BAND_COLOUR, SUIT_CHAR

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable

NEWSPRINT = theme.SM_NEWSPRINT
RULE = theme.SM_NEWS_RULE
STAMP_OK = theme.SM_STAMP_OK
STAMP_NO = theme.SM_STAMP_NO
PNG_SIZE = (1240, 1754)  # A4 at 150 dpi
PAGE_RADIUS = 4


def result_from_view(view: dict[str, Any]) -> dict[str, Any]:
    """The shape of ``rules.result()`` rebuilt from the public view (the client holds no state)."""
    cards = {c["id"]: c for c in view.get("cards") or []}
    outcome = view.get("outcome")
    return {
        "over": view.get("phase") == "over", "title": view.get("title", ""), "subject": view.get("subject"),
        "deduction": view.get("deduction", ""),
        "clues": [dict(cards[i]) for i in view.get("clues_used") or [] if i in cards],
        "cards": [dict(c) for c in view.get("cards") or []], "links": list(view.get("links") or []),
        "answers": list(view.get("answers") or []), "objections": list(view.get("objections") or []),
        "resolve": dict(outcome) if outcome else None, "truth": bool(outcome and outcome.get("truth")),
        "students": [None if st is None else {"seat": i, "name": st["name"], "playbook": st["playbook"],
                                              "left": st.get("left", False)}
                     for i, st in enumerate(view.get("students") or [])],
        "calendar": view.get("calendar"), "scenes": (view.get("scene") or {}).get("number", 0),
        "custom_locations": list(view.get("custom_locations") or []),
    }


def markdown(t: SchoolMysteryTable) -> str:
    from shared.games.school_mystery.article import article_markdown

    return article_markdown(result_from_view(t.shown), t.tx.content, t.ctx.lang)


def _slug(text: str) -> str:
    s = re.sub(r"[\\/:*?\"<>|\s]+", "_", text).strip("_")
    return s[:40] or "article"


def export(t: SchoolMysteryTable, fmt: str, folder: Path) -> Path:
    """Write the article as ``.md`` or ``.png`` into ``folder`` (created); returns the path."""
    folder = Path(folder).expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    title = t.shown.get("title") or t.tx.subject_title(t.shown.get("subject"))
    stem = f"houkago_{_slug(title)}_{max(t.sid, 0)}"
    if fmt == "md":
        path = folder / f"{stem}.md"
        path.write_text(markdown(t), encoding="utf-8")
        return path
    page = render_png(t)
    path = folder / f"{stem}.png"
    pygame.image.save(page, str(path))
    return path


def render_png(t: SchoolMysteryTable) -> pygame.Surface:
    page = pygame.Surface(PNG_SIZE)
    page.fill(NEWSPRINT)
    draw_page(t, page, page.get_rect(), scale_unit=32.0)
    return page


def draw_page_kept(t: SchoolMysteryTable, surface: pygame.Surface, rect: pygame.Rect,
                   scale_unit: float | None = None) -> None:
    """:func:`draw_page`, its inside drawn once into a layer kept on the table (keyed by the view, the
    size, the unit and the language); the page's rounded edge and shadow are drawn each time (what
    lies under them shows at the corners)."""
    key = (rect.size, scale_unit, t.ctx.lang, t.L.u)
    kept = t.page_kept
    if kept is None or kept[0] is not t.shown or kept[1] != key:
        layer = pygame.Surface(rect.size)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        draw_page(t, layer, layer.get_rect(), scale_unit)
        kept = t.page_kept = (t.shown, key, layer)
    e = PAGE_RADIUS
    clip = surface.get_clip()
    edges = (pygame.Rect(rect.x, rect.y, rect.w, e), pygame.Rect(rect.x, rect.bottom - e, rect.w + 4, e + 6),
             pygame.Rect(rect.x, rect.y + e, e, rect.h - 2 * e), pygame.Rect(rect.right - e, rect.y + e, e + 4, rect.h - 2 * e))
    for strip in edges:  # the rounded edge and the shadow, only where the kept inside does not go
        surface.set_clip(strip.clip(clip))
        pygame.draw.rect(surface, theme.DROP_SHADOW_SOLID, rect.move(4, 6), border_radius=e)
        pygame.draw.rect(surface, NEWSPRINT, rect, border_radius=e)
    surface.set_clip(clip)
    blit_layer(surface, kept[2], (rect.x + e, rect.y + e), pygame.Rect(e, e, rect.w - 2 * e, rect.h - 2 * e))


def _lines(ctx: Any, text: str, size: float, width: int) -> list[str]:
    out: list[str] = []
    for para in (text or "").split("\n"):
        out.extend(ctx.wrap(para, size, width) or [""])
    return out


def draw_page(t: SchoolMysteryTable, surface: pygame.Surface, rect: pygame.Rect, scale_unit: float | None = None) -> None:
    """The newspaper page inside ``rect`` (reads only)."""
    ctx, tx, v = t.ctx, t.tx, t.shown
    u = scale_unit or min(t.L.u, rect.h / 36)
    pygame.draw.rect(surface, theme.DROP_SHADOW_SOLID, rect.move(4, 6), border_radius=PAGE_RADIUS)
    pygame.draw.rect(surface, NEWSPRINT, rect, border_radius=PAGE_RADIUS)
    small = rect.h < 520  # a small page (large text on a small window): narrower margins, a smaller headline
    m = int(u * (0.8 if small else 1.4))
    inner = rect.inflate(-m * 2, -m * 2)
    x, y, w = inner.left, inner.top, inner.w
    # masthead
    head = ctx.text(tx.ui("article_heading"), max(14.0, u * 1.6), INK, True)
    surface.blit(head, head.get_rect(midtop=(inner.centerx, y)))
    y += head.get_height()
    cal = v.get("calendar") or {}
    sub_title = tx.subject_title(v.get("subject"))
    meta = f"{tx.ui('article_subject')}: {sub_title}　{tx.ui('article_period')}: " \
           f"{tx.ui('day', n=cal.get('day', 1))} / {tx.ui('scene', n=(v.get('scene') or {}).get('number', 0))}"
    pygame.draw.line(surface, RULE, (x, y + 2), (inner.right, y + 2), 3)
    y += int(u * 0.35)
    ms = max(14.0, u * 0.72)
    fit = fitter_for(ctx)
    y += fit.draw_block(surface, meta, pygame.Rect(x, y, w, 2 * fit.line_h(ms)), ms, MUTED, align="center").height
    pygame.draw.line(surface, RULE, (x, y + 2), (inner.right, y + 2), 1)
    y += int(u * 0.6)
    # headline
    title = v.get("title") or sub_title
    hs = max(16.0, u * (1.7 if small else 2.2))
    ft = fit.draw_block(surface, title, pygame.Rect(x, y, w, 2 * fit.line_h(hs, True)), hs, INK, True)
    y += ft.height
    outcome = v.get("outcome") or {}
    truth = bool(outcome.get("truth"))
    # the stamp says "unsolved": the closing line "but the answer remained unknown" ends the body, once
    verdict = tx.ui("article_truth") if truth else (tx.ui("article_unsolved") if outcome else tx.ui("article_unfinished"))
    vs = max(14.0, u * 1.0)
    img = ctx.text(verdict, vs, STAMP_OK if truth else STAMP_NO, True)
    after = x + (fit.width_of(ft.lines[-1], ft.size, True) if ft.lines else 0) + int(u * 1.0)
    if small and after + img.get_width() <= x + w:  # a small page: the verdict ends the headline's last line
        surface.blit(img, img.get_rect(bottomleft=(after, y - int(ft.line_h * 0.15))))
        y += int(u * 0.3)
    else:
        surface.blit(img, (x, y))
        y += img.get_height() + int(u * 0.3)
    # two columns under the lede: deduction (wide) | clues used
    gap = int(u * 1.2)
    col_r = int(w * 0.5)
    col_l = w - col_r - gap
    # the footer holds up to three lines (team on two, the roll): never under 14 px, so it grows on small windows
    foot_h = max(int(u * 3.4), ctx.font(max(14.0, u * 0.72)).get_linesize() * 3 + int(u * 0.5))
    cards = {c["id"]: c for c in v.get("cards") or []}
    cs = max(14.0, u * 0.74)
    used = [cards[i] for i in v.get("clues_used") or [] if i in cards]
    clues = "\n".join(f"{SUIT_CHAR['clubs']}{i}. {tx.card_body(v, c)}" for i, c in enumerate(used, 1))
    # the lede: the situation the reporters started from, in the room the clue column leaves (shrunk, never cut)
    sub = tx.subject(v.get("subject"))
    if sub is not None:
        ls = max(14.0, u * 0.74)
        heads = fit.line_h(max(14.0, u * 0.95), True) + int(u * 0.6)
        clue_need = fit.block(clues, fit.floor(cs), col_r, None, floor=1.0).height if used else 0
        spare = inner.bottom - foot_h - int(u * 0.3) - y - int(u * 0.3) - heads - clue_need
        budget = (4 if rect.h < 1200 else 6) * fit.line_h(ls)
        room = pygame.Rect(x, y, w, max(2 * fit.line_h(fit.floor(ls)), min(budget, spare)))
        y += fit.draw_block(surface, tx.tr(sub.situation), room, ls, theme.SM_NEWS_LEAD).height + int(u * 0.3)
    pygame.draw.line(surface, RULE, (x, y), (inner.right, y), 1)
    y += int(u * 0.4)
    top = y
    pygame.draw.line(surface, RULE, (x + col_l + gap // 2, top), (x + col_l + gap // 2, inner.bottom - foot_h - int(u * 0.2)), 1)
    bs = max(14.0, u * 0.82)
    lh = ctx.font(bs).get_linesize()
    bottom_limit = inner.bottom - foot_h - int(u * 0.3)
    sec = ctx.text(tx.ui("article_deduction"), max(14.0, u * 0.95), INK, True)
    surface.blit(sec, (x, y))
    y += sec.get_height() + int(u * 0.2)
    body = (v.get("deduction") or "").strip()
    # a failed 《解明》: the article is the clues (listed in the right column) and the closing line, once;
    # the unproven deduction is not printed (as in the Markdown export)
    text = body if (truth and body) else (tx.ui("article_unknown") if outcome else tx.ui("article_unfinished"))
    y += fit.draw_block(surface, text, pygame.Rect(x, y, col_l, bottom_limit - y), bs, INK).height
    # the trail: where the reporters went, what happened, whom they met
    trail = [c for c in v.get("cards") or [] if c.get("kind") in ("location", "phenomenon", "character")]
    if trail and y + lh * 3 < bottom_limit:
        y += int(u * 0.6)
        sec = ctx.text(t.ctx.t("sm.article_trail"), max(14.0, u * 0.95), INK, True)
        surface.blit(sec, (x, y))
        y += sec.get_height() + int(u * 0.2)
        ts = max(14.0, u * 0.7)
        marks = {"location": SUIT_CHAR["hearts"], "phenomenon": SUIT_CHAR["diamonds"],
                 "character": SUIT_CHAR["spades"]}
        for c in trail:  # whole entries while they fit (the trail recaps the cards: the rest stay on the table)
            title = tx.card_title(v, c)
            body = tx.card_body(v, c)
            kind_name = tx.ui(f"kind_{c['kind']}")
            colon = ": " if ctx.lang == "en" else "："
            line = f"{marks[c['kind']]} {title}{colon}{body}" if title != kind_name else f"{marks[c['kind']]} {body}"
            f = fit.block(line, ts, col_l, None, floor=1.0)
            if y + f.height > bottom_limit:
                break
            y += fit.draw_block(surface, line, pygame.Rect(x, y, col_l, f.height), ts, theme.SM_NEWS_TEXT, fitted=f).height
    # clues column
    cx, cy = x + col_l + gap, top
    sec = ctx.text(tx.ui("article_clues"), max(14.0, u * 0.95), INK, True)
    surface.blit(sec, (cx, cy))
    cy += sec.get_height() + int(u * 0.2)
    if used:  # every clue used, shrunk together to fit the column (never cut)
        fit.draw_block(surface, clues, pygame.Rect(cx, cy, col_r, bottom_limit - cy), cs, INK)
    if not used:
        surface.blit(ctx.text("—", cs, MUTED), (cx, cy))
    # footer: team + the roll
    fy = inner.bottom - foot_h
    pygame.draw.line(surface, RULE, (x, fy), (inner.right, fy), 1)
    team = []
    for st in v.get("students") or []:
        if st is None:
            continue
        who = st['name'] + tx.paren(tx.playbook_name(st['playbook']))
        if st.get("left"):
            who += tx.ui("article_left")
        team.append(who)
    fs_ = max(14.0, u * 0.72)
    line = f"{tx.ui('article_team')}: " + tx.join(team)
    ty = fy + int(u * 0.3)
    room = pygame.Rect(x, ty, w - int(u * 8), 2 * fit.line_h(fs_))
    ty += fit.draw_block(surface, line, room, fs_, INK, kind="name").height
    if outcome:
        dice = " + ".join(str(d) for d in outcome.get("dice") or [])
        roll = f"{tx.ui('article_roll')}: {dice} − {outcome.get('difficulty', 0)} + {outcome.get('clues', 0)} = " \
               f"{outcome.get('total')} → {tx.band(outcome.get('band'))}"
        fit.draw_block(surface, roll, pygame.Rect(x, ty, w - int(u * 8), fit.line_h(fs_)), fs_, MUTED)
        # the stamp
        sr = int(u * 3.2)
        centre = (inner.right - sr - int(u * 0.3), fy + foot_h // 2 - int(u * 0.4))  # in the footer's free right
        # end, off the clue column's text
        col = STAMP_OK if truth else STAMP_NO
        stamp = pygame.Surface((sr * 2 + 8, sr * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(stamp, (*col, 210), (sr + 4, sr + 4), sr, max(3, int(u * 0.25)))
        pygame.draw.circle(stamp, (*col, 160), (sr + 4, sr + 4), int(sr * 0.82), 2)
        word = t.ctx.t("sm.stamp_solved") if truth else t.ctx.t("sm.stamp_unsolved")
        img = fitter_for(ctx).name(word, max(14.0, u * (1.3 if len(word) <= 4 else 0.8)), col, int(sr * 1.6),
                                   True)  # shrunk to the stamp, never cut
        stamp.blit(img, img.get_rect(center=(sr + 4, sr + 4)))
        stamp = pygame.transform.rotate(stamp, 12)
        surface.blit(stamp, stamp.get_rect(center=centre))
    _ = BAND_COLOUR
