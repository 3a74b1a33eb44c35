"""The mind_swap map at any window size: every pair inside its area, none overlapping, text fits."""
from __future__ import annotations

import itertools

import pygame
import pytest

from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M


def _model(counts: dict[str, int]) -> M.Model:
    m = M.Model()
    no = 2
    for loc, n in counts.items():
        for _ in range(n):
            m.pairs[no] = M.Pair(body=no, mind=no + 1 if no < 31 else 2, loc=loc, room=f"r{no}")
            no += 1
    return m


CASES = [
    {"library": 4, "classroom": 4, "garden": 3, "sports_ground": 3, "other": 2},
    {"library": 0, "classroom": 0, "garden": 16, "sports_ground": 0, "other": 0},
    {"library": 1, "classroom": 2, "garden": 5, "sports_ground": 1, "other": 7},
    {"library": 6, "classroom": 6, "garden": 6, "sports_ground": 6, "other": 6},  # all 30
]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768)])
@pytest.mark.parametrize("counts", CASES)
@pytest.mark.parametrize("display", [False, True])
def test_pairs_fit_their_areas(size, counts, display):
    unit = size[1] / 54 * (1.5 if display else 1.0)
    model = _model(counts)
    lay = L.compute(pygame.Rect(0, 0, *size), unit, model, display)
    assert set(lay.slots) == set(model.pairs)
    # areas do not overlap each other, the sidebar or the hand
    rects = list(lay.areas.values())
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    for r in rects:
        assert lay.map.contains(r) and not r.colliderect(lay.sidebar) and not r.colliderect(lay.hand)
    # every pair is inside its place's field (or the place says it scrolls); in a grid pairs never overlap,
    # in a stack each shows at least MIN_STEP of its width (its number and name fitted there)
    fw, _fh = lay.foot
    for loc in lay.areas:
        pairs = [lay.pair_rect(p.body) for p in model.at(loc)]
        step = lay.stacked.get(loc)
        for a, b in itertools.combinations(pairs, 2):
            if step is None:
                assert not a.colliderect(b)
            elif a.y == b.y:
                assert abs(a.x - b.x) >= round(fw * L.MIN_STEP)
        if step is not None:
            assert all(b in lay.visible for b in (p.body for p in model.at(loc)[:-1])
                       if lay.slots[b][1] == lay.slots[model.at(loc)[-1].body][1])
        if lay.overflow.get(loc):
            continue
        field = lay.field(loc).inflate(lay.gap * 2, lay.gap * 2)
        for pr in pairs:
            assert field.contains(pr), (loc, pr, field)
        assert not any(pr.colliderect(lay.pieces[loc]) for pr in pairs)  # Negi's column stays clear
    # cards stay readable: wide enough for a 14 px name
    assert lay.card_w >= L.MIN_CARD_W


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768)])
@pytest.mark.parametrize("unit_scale", [1.0, 1.5])
def test_places_never_move_or_resize_with_who_stands_there(size, unit_scale):
    """The school is fixed: every place, its piece column and the card size depend on the window alone."""
    unit = size[1] / 54 * unit_scale
    lays = [L.compute(pygame.Rect(0, 0, *size), unit, _model(c), False) for c in CASES + [{}]]
    first = lays[0]
    for lay in lays[1:]:
        assert lay.areas == first.areas and lay.pieces == first.pieces
        assert (lay.card_w, lay.card_h, lay.off) == (first.card_w, first.card_h, first.off)


def test_at_720p_and_150_percent_a_place_holds_a_whole_pair_and_sixteen_students_show():
    """The issue's case: 1280x720 at 150 % text. One pair fits a place's height whole (cards not cut to their
    number), and 16 students spread as the rules deal them never need a scroll."""
    lay = L.compute(pygame.Rect(0, 0, 1280, 600), 720 / 54 * 1.5, _model(CASES[0]), False)
    _fw, fh = lay.foot
    for loc in lay.areas:
        assert lay.field(loc).h >= fh - lay.gap, loc
        assert not lay.overflow.get(loc), loc
    assert lay.areas["library"].h >= 130


def test_scrolling_an_overflowing_area():
    """A place too crowded for a small window scrolls under the wheel (its pairs reach past it in the
    layout; their nodes are the part the place shows, and move up when the wheel turns over it). All
    thirty students at 1024x600: the "other" band, which never stacks, holds more than its row."""
    from client.kit.headless import HeadlessContext, LocalGame
    from client.tables.mind_swap import MindSwapTable
    from tests._ms_table_util import settle

    pygame.init()
    ctx = HeadlessContext("en", height=600, fast=True)
    game = LocalGame("mind_swap", 4, 3, {"students": "all30", "entry": "all_at_start"})
    table = MindSwapTable(ctx, 0)
    game.attach(0, table)
    small = pygame.Surface((1024, 600))
    settle(table, small)
    nodes = table.nodes()
    areas = {n.id[1]: n.rect for n in nodes.of_kind("place") if n.id[0] == "area"}
    pairs = {n.id[1]: n.rect for n in nodes.of_kind("pair")}
    lay = table.layout()
    loc = next((loc for loc, r in areas.items()
                if any(game.state["loc"][b] == loc and not r.contains(lay.pair_rect(b)) for b in pairs)), None)
    assert loc is not None and lay.overflow.get(loc), lay.overflow
    assert all(areas[loc].contains(pairs[b]) for b in pairs if game.state["loc"][b] == loc)  # the part shown
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=areas[loc].center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0))
    for ev in pygame.event.get():
        table.handle_event(ev)
    settle(table, small, 1)
    after = {n.id[1]: n.rect.y for n in table.nodes().of_kind("pair")}
    moved = [b for b, y in after.items() if y < pairs[b].y]  # the crowded place scrolled up
    assert moved and all(game.state["loc"][b] == loc for b in moved)


def test_drawing_into_an_offset_rect():
    """The table may be given part of the window: everything stays inside that rect."""
    from tests._ms_table_util import make

    _game, table, _ctx, screen = make(3)
    screen.fill((255, 0, 255))
    rect = pygame.Rect(200, 100, 1500, 900)
    for _ in range(3):
        table.update(1 / 60)
        table.draw(screen, rect)
    assert screen.get_at((rect.x - 1, rect.y - 1))[:3] == (255, 0, 255)
    assert screen.get_at((rect.x + 1, rect.y + 1))[:3] != (255, 0, 255)
    nodes = table.nodes()
    shown = [n for n in nodes if n.kind in ("place", "pair", "mind", "card", "button", "text") and n.rect.w
             and n.id != ("slot", "play")]  # the play slot's drop area reaches past it on purpose
    assert nodes.of_kind("pair") and nodes.find(("turn", 0)) is not None
    assert all(rect.contains(n.rect) for n in shown), [n.id for n in shown if not rect.contains(n.rect)]


@pytest.mark.parametrize("width", [60, 150, 420])
def test_a_glowing_student_card_draws_at_every_size(width):
    """The glow's alpha stays a colour at 4K card sizes (it once went past 255 and raised)."""
    from client.kit.headless import HeadlessContext
    from client.tables.mind_swap_draw import Painter

    ctx = HeadlessContext("en")
    painter = Painter(ctx)
    for mind in (False, True):
        surf = painter.student_card(ctx.content("mind_swap"), 1, width, width * 4 // 3, mind, glow=True)
        assert surf.get_width() > width



def test_card_titles_rules_and_sidebar_texts_go_through_the_fitter():
    """The layout walk sees what the table writes: each hand card's titles (a one-action card's short rule
    too), every sidebar caption (whose turn, names, cup/deck/discard) are recorded by the fitter, none cut."""
    from client.kit.textfit import recording
    from tests._ms_table_util import make

    for seed in range(1, 30):
        with recording() as rec:
            _game, table, ctx, _screen = make(seed, lang="ja")
        singles = [n for n in table.nodes().of_kind("card") if len(n.zoom.actions) == 1]
        if singles:
            break
    assert singles, "no hand with a one-action card"
    drawn = {r.text: r for r in rec.records}
    sidebar = [n for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] in ("turn", "player", "pile")]
    assert len(sidebar) >= 1 + 4 + 3
    for n in sidebar:
        assert n.label in drawn, n.id
    for n in table.nodes().of_kind("card"):
        for act in n.zoom.actions:
            assert drawn[ctx.t(f"ms.act.{act}")].kind == "label", act
    rules = {ctx.t(f"ms.act.{n.zoom.actions[0]}.text") for n in singles}
    assert rules & {r.text for r in rec.records if r.kind == "rule"}, rules
    assert not rec.cut(), rec.cut()
    names = {r.text for r in rec.records if r.kind == "name"}
    assert {table.texts.seat_name(s) for s in range(4)} <= names


@pytest.mark.parametrize("size,scale", [((1920, 1080), 1.0), ((1280, 600), 1.5)])
def test_negi_and_a_restored_piece_stand_inside_their_place_clear_of_the_cards(size, scale):
    """Negi is drawn inside the place the rules say (never on the halls between places), in its piece column,
    and so is a restored player's piece: neither covers a student's card."""
    from client.kit.headless import HeadlessContext, LocalGame
    from client.tables.mind_swap import MindSwapTable
    from tests import mind_swap_helpers as H

    pygame.init()
    for loc in M.LOCATIONS:
        s = H.make({2: 2, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7}, {3: "library", 4: "classroom", 5: "garden",
                                                              6: "sports_ground", 7: "other", 8: "other"},
                   [2, 5], negi=loc)
        s["piece"][0], s["pile"][0] = loc, [2]
        game = LocalGame("mind_swap", 2, 1)
        game.state = s
        ctx = HeadlessContext("en", unit=size[1] / 54 * scale, fast=True)
        table = MindSwapTable(ctx, 1)
        game.attach(1, table, opening=False)
        table.set_rect(pygame.Rect(0, 0, *size))
        for _ in range(3):
            table.update(1 / 60)
        nodes = table.nodes()
        area = nodes.find(("area", loc)).rect
        cards = [n.rect for n in nodes if n.kind in ("pair", "mind")]
        for token in (nodes.find(("negi", 0)), nodes.find(("piece", 0))):
            assert token is not None and area.contains(token.rect), (loc, token)
            assert not any(token.rect.colliderect(c) for c in cards), (loc, token.id)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768)])
@pytest.mark.parametrize("unit_scale", [1.0, 1.5])
def test_the_other_band_never_stacks_so_a_card_never_straddles_two_rooms(size, unit_scale):
    """Each student at "other" stands in its own room: the band lays its pairs in a grid (rooms a
    gap apart), and scrolls past its row rather than stacking them over each other."""
    unit = size[1] / 54 * unit_scale
    crowded = {"library": 0, "classroom": 0, "garden": 0, "sports_ground": 0, "other": 30}
    lay = L.compute(pygame.Rect(0, 0, *size), unit, _model(crowded), False)
    assert "other" not in lay.stacked
    rects = [lay.pair_rect(b) for b in lay.slots]
    for a, b in itertools.combinations(rects, 2):
        assert not a.inflate(lay.gap * 2, 0).colliderect(b.inflate(lay.gap * 2, 0)), (a, b)
    assert lay.overflow.get("other")  # thirty never fit one row: the band scrolls


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("unit_scale", [1.0, 1.5])
def test_the_play_slot_takes_drops_inside_the_hand_clear_of_the_buttons_beside_it(size, unit_scale):
    """The play slot's drop margin stays in the hand's strip (never over the "other" place) and clear of
    the button beside it (Cancel, Magic, Skip) and of End turn under it."""
    unit = size[1] / 54 * unit_scale
    lay = L.compute(pygame.Rect(0, 0, *size), unit, _model(CASES[0]), False)
    drop = L.slot_drop(lay)
    assert drop.contains(lay.play_slot) and lay.hand.contains(drop)
    assert not any(drop.colliderect(r) for r in lay.areas.values())
    end_turn = lay.cast_button.move(0, lay.cast_button.h + round(unit * 0.6))
    assert not drop.colliderect(lay.cast_button) and not drop.colliderect(end_turn)
