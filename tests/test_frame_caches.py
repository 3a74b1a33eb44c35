"""The frame caches draw what the plain drawing draws.

A view that keeps part of its frame as a layer (the table under a modal zoom, a dimmed map
under a chooser, a button's face) must show the same pixels as drawing it all again — and keep
showing what moves with time. Each test draws a frame through the cache and through the plain
path and compares them (within the two levels the veil's fills may differ from a blend).
"""
from __future__ import annotations

from typing import Any

import pygame
from typedmsg import typed

from bench import fv_scenes
from client.kit.headless import HeadlessContext


def same_pixels(a: pygame.Surface, b: pygame.Surface, tolerance: int = 2) -> bool:
    """True when no channel of any pixel differs by more than ``tolerance``."""
    if a.get_size() != b.get_size():
        return False
    up, down = a.copy(), b.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_SUB)  # a - b, floored at 0
    down.blit(a, (0, 0), special_flags=pygame.BLEND_SUB)
    for diff in (up, down):
        diff.set_colorkey(None)
        mask = pygame.mask.from_threshold(diff, (0, 0, 0), (tolerance + 1, tolerance + 1, tolerance + 1, 255))
        if mask.count() != diff.get_width() * diff.get_height():
            return False
    return True


def chooser_drawn_in_order(t: Any, lay: Any, size: tuple[int, int]) -> pygame.Surface:
    """mind_swap's two-action chooser frame drawn part by part (no kept layer): what the cached frame must equal."""
    plain = pygame.Surface(size).convert()
    t.draw_play(plain, lay)
    t.controls.draw_overlays(plain, lay)
    t.controls.draw_top(plain, lay)
    return plain


def _zoomed_table() -> tuple[object, pygame.Surface, pygame.Rect]:
    pygame.display.set_mode((1280, 720))
    screen = pygame.display.get_surface()
    ctx = HeadlessContext("en", unit=720 / 54, fast=True)
    t = fv_scenes.register_walk_scene("fate_votes_zoom")(ctx)
    rect = screen.get_rect()
    t.set_rect(rect)
    return t, screen, rect


def test_same_pixels_sees_a_difference() -> None:
    a = pygame.Surface((8, 8))
    b = a.copy()
    assert same_pixels(a, b)
    b.set_at((3, 4), (0, 0, 3))
    assert not same_pixels(a, b)


def test_fate_votes_table_under_a_zoom_is_drawn_as_the_plain_frame_and_keeps_pulsing() -> None:
    t, screen, rect = _zoomed_table()
    zoom, painter = t.input.zoom, t.painter
    assert zoom.open and zoom.sticky
    frames = []
    for _ in range(3):
        for _ in range(7):
            t.update(1 / 60)
        assert painter.under_zoom(rect, painter.still_layer(rect)) is not None  # the cached path is taken
        t.draw(screen, rect)
        cached = screen.copy()
        plain = pygame.Surface(rect.size).convert()
        painter.draw_table(plain, rect, painter.still_layer(rect))
        zoom.draw(plain, rect)
        assert same_pixels(cached, plain)
        frames.append(cached)
    assert not same_pixels(frames[0], frames[1], 0) or not same_pixels(frames[1], frames[2], 0)  # dots pulse


def test_mind_swap_chooser_over_a_map_at_rest_is_one_layer_and_the_hand_still_moves() -> None:
    from bench import ms_scenes

    pygame.display.set_mode((1280, 720))
    screen = pygame.display.get_surface()
    rect = screen.get_rect()
    ctx = HeadlessContext("en", unit=720 / 54, fast=True)
    t = ms_scenes.choose_scene(ctx)
    t.set_rect(rect)
    lay = t.layout(rect)
    hand = t.nodes().of_kind("card")
    assert t.intents.choices and hand
    for at in (hand[0].rect.center, (5, 5)):  # a hand card rises under the pointer, then settles back
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
        for _ in range(4):
            for ev in pygame.event.get():
                t.handle_event(ev)
            t.update(1 / 60)
            assert t.controls.under_chooser(lay) is not None  # the cached path is taken
            t.draw(screen, rect)
            assert same_pixels(screen, chooser_drawn_in_order(t, lay, rect.size), 0)


def test_a_cached_button_is_the_painted_button_and_recording_sees_its_label() -> None:
    from client.kit import theme
    from client.kit.textfit import recording
    from client.kit.widgets import Button

    ctx = HeadlessContext("ja", unit=20.0)
    for kw in ({}, {"primary": True}, {"selected": True}, {"enabled": False}, {"hint": "ひとこと説明"},
               {"accent": (200, 90, 60)}):
        b = Button("投票する", pygame.Rect(13, 7, 190, 52), **kw)
        for hover in (False, True):
            cached, painted = pygame.Surface((240, 80)), pygame.Surface((240, 80))
            cached.fill(theme.TABLE)
            painted.fill(theme.TABLE)
            b.draw(cached, ctx, 20.0, hover=hover)
            b.draw(cached, ctx, 20.0, hover=hover)  # the second time from the cache
            with recording() as rec:
                b.draw(painted, ctx, 20.0, hover=hover)
            assert same_pixels(cached, painted, 0), kw
            assert "投票する" in [r.text for r in rec.on(painted)]


def test_a_still_layer_repaints_when_its_key_changes_and_paints_afresh_while_recording() -> None:
    from client.kit.still import StillLayer
    from client.kit.textfit import recording

    still, painted = StillLayer(), []

    def paint(colour: tuple[int, int, int]) -> object:
        return lambda s: (painted.append(colour), s.fill(colour))
    screen = pygame.Surface((20, 10))
    still.draw(screen, "a", paint((1, 2, 3)))
    still.draw(screen, "a", paint((9, 9, 9)))  # same key: the layer, not a repaint
    assert painted == [(1, 2, 3)] and tuple(screen.get_at((5, 5)))[:3] == (1, 2, 3)
    still.draw(screen, "b", paint((4, 5, 6)))
    assert tuple(screen.get_at((5, 5)))[:3] == (4, 5, 6)
    with recording():
        still.draw(screen, "b", paint((7, 8, 9)))
    assert painted[-1] == (7, 8, 9) and tuple(screen.get_at((5, 5)))[:3] == (7, 8, 9)


def test_fate_votes_still_layer_updated_in_place_through_a_reveal_is_the_layer_made_afresh() -> None:
    from client.tables.fate_votes_draw import FvPainter

    pygame.display.set_mode((1280, 720))
    screen = pygame.display.get_surface()
    rect = screen.get_rect()
    ctx = HeadlessContext("en", unit=720 / 54)
    t = fv_scenes.final_reveal_scene(ctx, n=12, seat=0, progress=0.0)
    t.set_rect(rect)
    kept, kept_key, updated = None, None, 0
    for _ in range(240):
        t.update(1 / 30)
        t.draw(screen, rect)
        still = t.painter.still_layer(rect)
        if still is None:
            continue
        if still is kept and t.painter.still_key != kept_key:
            updated += 1
        kept, kept_key = still, t.painter.still_key
        fresh = FvPainter(t).still_layer(rect)
        assert fresh is not None and same_pixels(still, fresh, 0)
    assert updated  # some frames changed only a plate or the log: the layer was updated in place


def test_mind_swap_scores_panel_from_its_layer_is_the_painted_panel() -> None:
    from bench import results_scenes
    from client.kit.textfit import recording

    pygame.display.set_mode((1280, 720))
    screen = pygame.display.get_surface()
    ctx = HeadlessContext("ja", unit=720 / 54)
    _game, t = results_scenes.finished_mind_swap(ctx)
    area = pygame.Rect(100, 80, 1000, 560)
    cached, painted = screen.copy(), screen.copy()
    for s in (cached, painted):
        s.fill((40, 90, 70))
    t.draw_results(cached, area)
    t.draw_results(cached, area)  # from the layer
    with recording() as rec:
        t.draw_results(painted, area)
    assert same_pixels(cached, painted, 0)
    assert any(r.kind == "rule" for r in rec.on(painted))  # painted afresh while recording: the stories are seen


def test_table_scene_chrome_from_its_layers_is_the_painted_chrome() -> None:
    """The table scene's step line, control bar and open chat panel come from layers (the panel's rounded
    corners see-through: the table under them shows); the frame is the frame painted afresh, and a new chat
    line repaints the panel."""
    from bench import app_scenes, fv_scenes
    from client.kit.textfit import recording
    from tools.layout_walk import AppScene

    AppScene._apps.clear()  # (an app of an earlier test holds a closed window)
    pygame.display.set_mode((1280, 720))
    ctx = HeadlessContext("ja", unit=720 / 54, fast=True)
    ctx.window, ctx.text_scale = (1280, 720), 1.0  # type: ignore[attr-defined]
    shown = AppScene(ctx, opener=app_scenes.lan_table("fate_votes", fv_scenes.register_walk_scene("fate_votes_choose"),
                                                      chat_open=True))
    try:
        scene = shown.app.scenes[-1]
        assert scene.chat_open and scene.step_line.rect.h > 0
        for line in ("一行目", "二行目です"):
            scene.match.chat.append(("ミオ", 3, line))
            shown.update(0.016)
            cached, painted = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
            scene.draw(cached)
            scene.draw(cached)  # the second time from the layers
            with recording() as rec:
                scene.draw(painted)
            assert same_pixels(cached, painted, 0)
            assert any(line in r.text for r in rec.on(painted))
    finally:
        AppScene._apps.clear()


def _app_scene_pixels_match(shown: object) -> bool:
    """The app's frame drawn through its layers (twice: the second time from them) is the frame painted
    afresh (while text is recorded every layer paints anew)."""
    from client.kit.textfit import recording

    app = shown.app  # type: ignore[attr-defined]
    cached, painted = pygame.Surface(app.screen.get_size()), pygame.Surface(app.screen.get_size())
    app.draw(cached)
    app.draw(cached)
    with recording():
        app.draw(painted)
    return same_pixels(cached, painted, 0)


def test_still_screens_and_the_dimmed_screen_under_an_overlay_are_the_painted_ones() -> None:
    """The lobby, the TV display and the launcher under the Esc menu are kept as layers; each is the screen
    painted afresh, and again after what it shows changed (a seat ready, a table waiting, another game)."""
    from bench import app_scenes
    from tools.layout_walk import AppScene

    AppScene._apps.clear()  # (an app of an earlier test holds a closed window)
    pygame.display.set_mode((1280, 720))
    ctx = HeadlessContext("en", unit=720 / 54, fast=True)
    ctx.window, ctx.text_scale = (1280, 720), 1.0  # type: ignore[attr-defined]
    try:
        lobby = AppScene(ctx, opener=app_scenes.lobby_host("fate_votes"))
        assert _app_scene_pixels_match(lobby)
        lobby.app.match.lobby["seats"][2]["ready"] = True
        assert _app_scene_pixels_match(lobby)
        shown = AppScene(ctx, opener=app_scenes.display(True))
        assert _app_scene_pixels_match(shown)
        display = shown.app.scenes[-1]
        display.on_message(typed({"t": "tables", "tables": [{"id": "T7", "game": "mind_swap", "host_name": "Rena",
                                                      "free": 1, "seats": 4, "lang": "en", "phase": "lobby"}]}))
        assert _app_scene_pixels_match(shown)
        menu = AppScene(ctx, opener=app_scenes.menu(False))
        assert menu.app.scenes[-1].dims and menu.app.scenes[0].still_key() is not None
        assert _app_scene_pixels_match(menu)
        launcher = menu.app.scenes[0]
        launcher.game = next(g for g in launcher.games if g != launcher.game)
        launcher.layout()
        assert _app_scene_pixels_match(menu)
    finally:
        AppScene._apps.clear()


def test_the_results_frame_kept_as_a_layer_matches_the_frame_drawn_rect_by_rect() -> None:
    """The results box's frame (shadow, paper, border, title) from its kept layer: the same pixels as the
    three rounded rects and the title drawn in turn, over a busy background, at several sizes, twice."""
    from client.scenes.results import ResultsFrame
    from client.ui import ACCENT, INK, PAPER

    def title(on: pygame.Surface, paper: pygame.Rect) -> None:
        pygame.draw.rect(on, INK, pygame.Rect(paper.centerx - 40, paper.top + 12, 80, 14))

    def busy(size: tuple[int, int]) -> pygame.Surface:
        s = pygame.Surface(size)
        for x in range(0, size[0], 7):
            pygame.draw.line(s, ((x * 5) % 256, 90, (x * 3) % 256), (x, 0), (size[0] - x, size[1]), 3)
        return s

    frame = ResultsFrame()
    for unit, box in ((18.0, pygame.Rect(100, 40, 1150, 640)), (27.0, pygame.Rect(240, 60, 1437, 950)),
                      (9.6, pygame.Rect(30, 20, 611, 421))):
        want = busy((1920, 1080))
        u = unit
        pygame.draw.rect(want, (10, 20, 18), box.move(int(u * 0.3), int(u * 0.4)), border_radius=int(u))
        pygame.draw.rect(want, PAPER, box, border_radius=int(u))
        pygame.draw.rect(want, ACCENT, box, width=max(3, int(u * 0.2)), border_radius=int(u))
        title(want, box)
        for _ in range(2):
            got = busy((1920, 1080))
            frame.draw(got, box, unit, "t", title)
            assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), (unit, box)
