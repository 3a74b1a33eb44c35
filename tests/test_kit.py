"""The table toolkit: theme, cache, text fitting, node map, presenter, widgets, headless context."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from client.kit import theme
from client.kit.cache import LruCache
from client.kit.headless import HeadlessContext
from client.kit.nodes import Node, NodeMap
from client.kit.presenter import Presenter
from client.kit.textfit import (
    Fitter,
    blit_layer,
    copy_layer,
    forget_texts,
    keeping_texts,
    layer_texts,
    recording,
    wrap_measured,
)
from client.kit.widgets import Button, LogPanel, Prompt, flow
from client.widgets.anim import Wait

ROOT = Path(__file__).resolve().parent.parent


def fixed(s: str) -> int:
    return 10 * len(s)


# --- theme ------------------------------------------------------------------------------------
def test_palette_and_seat_identity_are_defined_once():
    pattern = re.compile(r"^(INK|PAPER|ACCENT|MUTED|CHALK|TABLE|PANEL|RED|ERROR|SOFT|DIM|SEAT_COLOU?RS|"
                         r"PLAYER_COLOURS)\w*\s*(:[^=]*)?=\s*\(\s*\(?\d", re.MULTILINE)
    offenders = []
    for path in (ROOT / "client").rglob("*.py"):
        if path.name == "theme.py" and path.parent.name == "kit":
            continue
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert not offenders, offenders
    defs = [p for p in (ROOT / "client").rglob("*.py") if re.search(r"^def ink_on\(", p.read_text(), re.MULTILINE)]
    assert [p.relative_to(ROOT).as_posix() for p in defs] == ["client/kit/theme.py"]


def test_lobby_and_table_agree_on_seat_colours_and_badge_ink():
    from client import ui
    from client.widgets import tokens
    for seat in range(12):
        assert ui.seat_color(seat) == tokens.seat_colour(seat) == theme.seat_colour(seat)
        assert ui.ink_on(theme.seat_colour(seat)) == tokens.ink_on(theme.seat_colour(seat))
    assert len(set(theme.SEAT_COLOURS)) == 12 and len(set(theme.SEAT_SHAPES)) == 12
    # the ink chosen always reads: contrast at least 3:1 on every seat colour
    assert all(theme.contrast(theme.ink_on(c), c) >= 3.0 for c in theme.SEAT_COLOURS)


# --- cache ------------------------------------------------------------------------------------
def test_lru_cache_forgets_least_recent_and_empties_on_context_change():
    made = []
    cache: LruCache[str] = LruCache(2)
    for k in ("a", "b", "a", "c"):
        cache.get(k, lambda k=k: made.append(k) or k.upper())
    assert made == ["a", "b", "c"] and "b" not in cache and "a" in cache
    cache.context("ja", (1280, 720))
    assert len(cache) == 2
    cache.context("zh", (1280, 720))
    assert len(cache) == 0


# --- text fitting ------------------------------------------------------------------------------
def test_phrases_are_kept_together_and_no_character_is_left_alone():
    from client.kit.textfit import phrases_for
    seg = phrases_for("ja")
    text = "ここでテーブルを開き、みんなは自分のPCから参加"
    for width in range(60, 240, 10):
        lines = wrap_measured(text, fixed, width, seg)
        assert "".join(lines) == text
        assert all(fixed(ln) <= width for ln in lines)
        if width >= 60:  # every phrase fits: no break inside one
            for bad in ("み\nんな", "テー\nブル", "自\n分", "参\n加"):
                assert bad not in "\n".join(lines), (width, lines)
        assert not (len(lines) > 1 and len(lines[-1]) == 1), lines
    assert wrap_measured("居場所変更", fixed, 40, seg) != ["居場所変", "更"]


def test_rule_text_is_never_cut_it_shrinks_then_reports_overflow():
    pygame.init()
    ctx = HeadlessContext("ja", unit=20)
    fit = Fitter(ctx)
    text = "このカードが最後の一枚のとき、票が一番多い人が勝つ。同数なら誰も勝たない。" * 2
    roomy = fit.block(text, 20, 300, 400)
    assert not roomy.overflow and "".join(roomy.lines) == text and roomy.size == 20
    tight = fit.block(text, 20, 300, roomy.height * 0.8)
    assert not tight.overflow and tight.size < 20 and "".join(tight.lines) == text
    hopeless = fit.block(text, 20, 300, 30)
    assert hopeless.overflow and "".join(hopeless.lines) == text and hopeless.size >= theme.MIN_TEXT_PX
    surf = pygame.Surface((400, 200))
    with recording() as rec:
        fit.draw_block(surf, text, pygame.Rect(0, 0, 300, 30), 20, theme.INK)
        fit.draw_block(surf, "短い", pygame.Rect(0, 40, 300, 30), 20, theme.INK)
    assert [r.cut for r in rec.records] == [True, False]


def test_names_are_never_cut_mid_name():
    pygame.init()
    ctx = HeadlessContext("ja", unit=20)
    fit = Fitter(ctx)
    full, short = "雪広あやか", "あやか"
    img = fit.name(full, 20, theme.INK, fit.width_of(full, 20) + 2)
    assert img.get_width() <= fit.width_of(full, 20) + 2
    narrow = fit.width_of(short, 20)
    img = fit.name(full, 20, theme.INK, narrow, short=short)
    assert img.get_width() <= narrow  # the short name, whole


# --- node map ------------------------------------------------------------------------------------
def test_node_map_hit_test_modal_drops_and_legality():
    nm = NodeMap()
    card = nm.add(Node("card:a", pygame.Rect(0, 0, 50, 70), z=1, kind="card", payload=("card", "a"),
                       draggable=True, zoom="face-a"))
    area = nm.add(Node("discard", pygame.Rect(100, 0, 200, 200), kind="area", accepts=frozenset({"card"})))
    ok = nm.add(Node("confirm", pygame.Rect(0, 100, 80, 30), z=5, kind="button", action={"type": "ready"}))
    assert nm.at((10, 10)) is card and nm.hover((10, 10)) is card and nm.zoom_at((10, 10)) == "face-a"
    assert nm.drag_source_at((10, 10)) is card and nm.drop_target_at((150, 50), "card") is area
    assert nm.drop_target_at((150, 50), "token") is None
    assert nm.legal(ok, [{"type": "ready"}]) and not nm.legal(ok, [])
    nm.add(Node("zoom", pygame.Rect(0, 0, 400, 400), z=50, kind="overlay", modal=True))
    assert nm.at((10, 10)).id == "zoom" and nm.drag_sources() == [] and not nm.legal(ok, [{"type": "ready"}])
    assert nm.outside(pygame.Rect(0, 0, 300, 300)) != []


# --- presenter --------------------------------------------------------------------------------------
def _presenter(fast: bool = False) -> Presenter:
    return Presenter({"move": lambda ev: [Wait(0.6)]}, lambda ev: [f"moved {ev['n']}"], fast=fast)


def test_log_lines_and_shown_state_land_with_the_animation():
    p = _presenter()
    p.snapshot({"n": 0}, [], 0)
    assert p.shown.sid == 0 and p.caught_up
    p.snapshot({"n": 1}, [{"type": "pass"}], 1)
    p.events([{"type": "move", "n": 1}])
    p.update(0.1)
    assert p.shown.sid == 0 and p.log_lines == [] and p.legal == []
    for _ in range(40):
        p.update(1 / 60)
    assert p.shown.sid == 1 and p.log_lines == ["moved 1"] and p.legal == [{"type": "pass"}]


def test_fast_bots_never_leave_the_screen_more_than_a_second_behind():
    p = _presenter()
    p.snapshot({"n": 0}, [], 0)
    worst = 0.0
    t = 0.0
    sid = 0
    for frame in range(60 * 8):  # a batch every 0.1 s, each with 0.6 s of animation
        if frame % 6 == 0:
            sid += 1
            p.snapshot({"n": sid}, [], sid)
            p.events([{"type": "move", "n": sid}])
        p.update(1 / 60)
        t += 1 / 60
        worst = max(worst, p.lag)
    assert worst <= 1.0 + 2 / 60
    assert p.fast_forwards > 0 and p.shown.sid >= sid - 10
    assert p.log_lines == [f"moved {i}" for i in range(1, len(p.log_lines) + 1)]  # nothing skipped from the log


# --- widgets ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_button_labels_wrap_instead_of_being_cut(lang):
    pygame.init()
    ctx = HeadlessContext(lang, unit=720 / 54 * 1.5)
    b = Button(ctx.t("fv_btn_confirm_vote", name="プレイヤー12"), pygame.Rect(0, 0, 160, 60), key="confirm")
    surf = pygame.Surface((400, 200))
    with recording() as rec:
        b.draw(surf, ctx, ctx.unit, hover=False)
        Prompt.draw(surf, ctx, ctx.t("fv_instr_final"), ctx.unit, 380, center=(200, 150))
        LogPanel().draw(surf, ctx, pygame.Rect(0, 0, 400, 200), [("a " * 40, 1), ("b", None)], ctx.unit)
    assert rec.records and not rec.cut(), rec.cut()
    assert b.node().label == b.label and b.node().kind == "button"


def test_flow_rows_stay_inside_the_width():
    rects = flow([(100, 20)] * 7, 330, 10)
    assert all(r.right <= 330 for r in rects) and len({r.y for r in rects}) == 3


def test_headless_context_wraps_like_the_app():
    from client.text import TextEngine
    pygame.init()
    ctx = HeadlessContext("ja", unit=20)
    engine = TextEngine("ja")
    text = "ここでテーブルを開き、みんなは自分のPCから参加します。"
    assert ctx.wrap(text, 20, 150) == engine.wrap(text, 20, 150)
    ctx.send_action(0, {"type": "ready"})
    ctx.toast("x", "error")
    assert ctx.sent == [(0, {"type": "ready"})] and ctx.toasts == [("x", "error")]


def test_balanced_centred_text_breaks_only_where_the_plain_wrap_may():
    from client.kit.textfit import balance, breaks_inside_phrases, phrases_for
    text = "ここでテーブルを開き、みんなは自分のPCから参加します"
    for width in range(80, 200, 10):
        plain = wrap_measured(text, fixed, width, phrases_for("ja"))
        lines = balance(text, plain, lambda w: wrap_measured(text, fixed, w, phrases_for("ja")), width, "ja")
        assert len(lines) == len(plain) and "".join(lines) == text
        assert breaks_inside_phrases(text, lines, "ja") <= breaks_inside_phrases(text, plain, "ja")
        assert max(map(fixed, lines)) <= max(map(fixed, plain))


def test_a_cached_layer_keeps_its_texts_where_they_land() -> None:
    """Text drawn into a layer stays readable with it (no recording, no repaint): blitted into another layer it
    moves there and replaces what it covers, a copy keeps it, the window keeps nothing."""
    with keeping_texts():
        _layer_texts_kept()
    label = pygame.Surface((120, 40))  # outside keeping_texts() nothing is kept
    Fitter(HeadlessContext("en", unit=12)).draw_block(label, "Vote", pygame.Rect(4, 4, 100, 30), 14,
                                                      (255, 255, 255), kind="label")
    assert layer_texts(label) == []


def _layer_texts_kept() -> None:
    pygame.display.set_mode((320, 200))
    fit = Fitter(HeadlessContext("en", unit=12))
    label = pygame.Surface((120, 40))
    fit.draw_block(label, "Vote", pygame.Rect(4, 4, 100, 30), 14, (255, 255, 255), kind="label")
    assert [(t.text, t.rect.topleft) for t in layer_texts(label)] == [("Vote", (4, 4))]
    board = pygame.Surface((320, 200))
    fit.draw_block(board, "Strike", pygame.Rect(50, 60, 100, 30), 14, (255, 255, 255), kind="label")
    fit.draw_block(board, "Log", pygame.Rect(200, 150, 100, 30), 14, (255, 255, 255), kind="label")
    blit_layer(board, label, (40, 50))  # covers "Strike": the label's text lies there now
    assert sorted((t.text, t.rect.topleft) for t in layer_texts(board)) == [("Log", (200, 150)), ("Vote", (44, 54))]
    part = board.subsurface(pygame.Rect(100, 100, 200, 100))
    blit_layer(part, label, (100, 50), pygame.Rect(0, 0, 110, 40))  # a part of it, into a subsurface
    assert ("Vote", (204, 154)) in {(t.text, t.rect.topleft) for t in layer_texts(board)}
    assert ("Log", (200, 150)) not in {(t.text, t.rect.topleft) for t in layer_texts(board)}  # covered
    copy = copy_layer(board)
    assert [t.text for t in layer_texts(copy)] == [t.text for t in layer_texts(board)]
    forget_texts(board)
    assert layer_texts(board) == [] and layer_texts(copy)
    screen = pygame.display.get_surface()
    fit.draw_block(screen, "Vote", pygame.Rect(4, 4, 100, 30), 14, (255, 255, 255), kind="label")
    blit_layer(screen, copy, (0, 0))
    assert layer_texts(screen) == []


def test_copy_blit_puts_the_same_pixels_where_a_plain_blit_does() -> None:
    """copy_blit splits tall copies of odd widths in two: every pixel and the returned rect as one blit gives,
    clipped areas, negative offsets and layers with a colour key or alpha included."""
    import random

    from client.kit.textfit import copy_blit

    rng = random.Random(1)
    for trial in range(300):
        w, h = rng.randint(1, 300), rng.randint(1, 300)
        layer = pygame.Surface((w, h), pygame.SRCALPHA if trial % 7 == 0 else 0)
        if trial % 11 == 0:
            layer.set_colorkey((0, 0, 0))
        for _ in range(12):
            layer.fill([rng.randint(0, 255) for _ in range(3)],
                       pygame.Rect(rng.randint(0, w), rng.randint(0, h), rng.randint(1, 60), rng.randint(1, 60)))
        at = (rng.randint(-200, 600), rng.randint(-200, 380))
        area = None if rng.random() < 0.3 else pygame.Rect(rng.randint(-30, w), rng.randint(-30, h),
                                                            rng.randint(0, w + 40), rng.randint(0, h + 40))
        plain = pygame.Surface((640, 400))
        plain.fill((9, 9, 9))
        split = plain.copy()
        want = plain.blit(layer, at, area)
        got = copy_blit(split, layer, at, area)
        assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(split, "RGB"), (w, h, at, area)
        if want.w and want.h:
            assert got == want, (w, h, at, area)
