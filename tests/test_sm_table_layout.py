"""school_mystery table layout at 1280×720, 1920×1080 and 3840×2160: no panel overlaps another."""
from __future__ import annotations

import copy
import itertools

import pygame
import pytest

from bench import sm_scenes as S
from client.kit.headless import HeadlessContext
from client.kit.textfit import recording
from client.tables import school_mystery_board as board
from client.tables import school_mystery_layout as lay
from tests.fakes import FakeCtx
from tests.sm_table_helpers import screen

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
PANELS = ("tracker", "tabs", "sheet", "decks", "prompt", "canvas", "actions", "log", "tray")


@pytest.mark.parametrize("size", SIZES)
def test_panels_stay_inside_the_window_and_apart(size):
    rect = pygame.Rect((0, 0), size)
    L = lay.compute(rect, size[1] / 54, display=False)
    rects = {name: getattr(L, name) for name in PANELS}
    for name, r in rects.items():
        assert rect.contains(r), f"{name} {r} leaves the window {rect}"
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    for i in range(4):
        assert L.deck_slot(i).contains(L.deck_card(i))


@pytest.mark.parametrize("size", SIZES)
def test_cards_fit_their_columns_and_tabs_fit_the_sidebar(size):
    state, hist = S.scene_table("en")
    screen()
    rect = pygame.Rect((0, 0), size)
    table = S.make_table(FakeCtx("en", unit=size[1] / 54), state, hist, 0, rect)
    table.update(0)
    L = table.L
    cw, ch = L.card_size
    assert ch >= 7 * max(14, L.u * 0.7)  # a header, a title and three lines of >= 14 px text (1.3 spacing)
    shown = {n.id[1]: n.rect for n in table.nodes().of_kind("card")}
    assert len(shown) == len(table.view["cards"])
    # the cards not shown where a player put them are the ones the table lays out in tidy columns
    spots = [shown[c["id"]] for c in table.view["cards"] if shown[c["id"]].topleft != L.to_screen(c["x"], c["y"])]
    assert spots
    for r in spots:
        assert L.canvas.contains(r)
    columns = sorted({r.left for r in spots})
    for left, right in itertools.pairwise(columns):
        assert left + cw <= right, "cards of neighbouring columns overlap"
    tabs = board.tab_rects(table)
    assert len(tabs) == len(table.view["students"])
    for a, b in itertools.pairwise(tabs):
        assert a.right <= b.left
    assert all(L.tabs.contains(r) for r in tabs)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_tab_shows_its_whole_name_at_720p(lang):
    """Names are never cut mid-name: long names shrink (and squeeze) inside their tabs."""
    state, hist = S.scene_table(lang)
    state = copy.deepcopy(state)  # a state of its own: views are remembered per state object
    long = {"ja": ["佐々木あかり", "雪広あやか", "近衛木乃香", "桜咲刹那"],
            "en": ["Akari Sasaki", "Minato Kagurazaka", "Hinata Yukihiro", "Sora Konoe"]}[lang]
    for st, name in zip(state["students"], long):
        st["name"] = name
    surface = screen()
    table = S.make_table(HeadlessContext(lang, unit=720 / 54, fast=True), state, hist, 0, pygame.Rect(0, 0, 1280, 720))
    table.update(0)
    with recording() as rec:
        table.draw(surface, surface.get_rect())
    tabs = board.tab_rects(table)
    shown = {r.text: r for r in rec.records if r.kind == "name" and any(t.contains(r.rect) or r.cut for t in tabs)}
    assert long[0] in shown, f"the open tab's name is not drawn whole (drawn: {sorted(shown)})"
    for name, r in shown.items():
        assert not r.cut, f"{name!r} leaves its tab"
    assert not any(r.kind == "name" and r.text not in long and r.text.rstrip("…") in "".join(long)
                   for r in rec.records), "a name drawn cut"


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_every_tab_shows_its_name_with_large_text_at_720p(lang):
    """With text at 150 % on 1280×720 every tab says its student's name (a second row of tabs when one
    is not enough), never only its seat's number."""
    state, hist = S.scene_table(lang)
    state = copy.deepcopy(state)
    long = {"ja": ["佐々木あかり", "雪広あやか", "近衛木乃香", "桜咲刹那"],
            "zh": ["佐佐木小光", "雪广绫香", "近卫木乃香", "樱咲刹那"],
            "en": ["Akari Sasaki", "Minato Kagurazaka", "Hinata Yukihiro", "Sora Konoe"]}[lang]
    for st, name in zip(state["students"], long):
        st["name"] = name
    surface = screen()
    table = S.make_table(HeadlessContext(lang, unit=720 / 54 * 1.5, fast=True), state, hist, 0,
                         pygame.Rect(0, 0, 1280, 720))
    table.update(0)
    with recording() as rec:
        table.draw(surface, surface.get_rect())
    tabs = board.tab_rects(table)
    names = {r.text for r in rec.records if r.kind == "name" and not r.cut and any(t.contains(r.rect) for t in tabs)}
    assert names == set(long), f"tabs without their name: {set(long) - names}"
    assert [n.label for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] == "tab"] == long
    assert all(table.L.tabs.contains(r) for r in tabs) and table.L.sheet.top >= table.L.tabs.bottom


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.5), ((1280, 720), 1.0), ((1920, 1080), 1.0)])
def test_every_deck_label_keeps_its_suit_symbol(lang, size, scale):
    state, hist = S.scene_table(lang)
    surface = screen()
    table = S.make_table(HeadlessContext(lang, unit=size[1] / 54 * scale, fast=True), copy.deepcopy(state), hist, 0,
                         pygame.Rect((0, 0), size))
    table.update(0)
    with recording() as rec:
        table.draw(surface, surface.get_rect())
    for i, symbol in enumerate("♥♦♠♣"):
        slot = table.L.deck_slot(i)
        assert any(symbol in r.text for r in rec.records if slot.contains(r.rect)), (symbol, lang, size, scale)
