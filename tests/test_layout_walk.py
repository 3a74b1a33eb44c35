"""The layout walk: every registered scene renders without cut text, overlapping controls or
anything outside the window (at 1280×720 in ja/zh/en and with text at 150 %; the tool
``tools/layout_walk.py`` also walks 1080p and 4K) — and the walk does catch each of those."""
from __future__ import annotations

import pygame
import pytest

from client.kit.nodes import Node, NodeMap, never_hit
from client.kit.textfit import blit_layer, cover, recording
from client.kit.widgets import fitter_for
from tools import layout_walk as W

SMALL = [c for c in W.CONFIGS if c.width == 1280]
LARGE_TEXT = [c for c in SMALL if c.text_scale == 1.5]
FAST = [c for c in LARGE_TEXT if c.lang == "ja"]  # the fast tier's walk
REST = [c for c in W.CONFIGS if c not in FAST]  # the slow tier's: together they walk every configuration once


def _report(problems: list[W.Problem]) -> str:
    return "\n".join(f"{p.scene} {p.config}: {p.kind}: {p.detail}" for p in problems)


def test_the_small_configurations_are_720p_in_each_language_at_100_and_150_percent():
    assert {(c.lang, c.text_scale) for c in SMALL} == {(lang, scale) for lang in ("ja", "zh", "en")
                                                       for scale in (1.0, 1.5)}


def test_every_scene_fits_at_720p_with_150_percent_text_in_japanese():
    """The fast subset: the smallest window with the largest text, in one language."""
    count, problems = W.walk(configs=FAST)
    assert count >= 10
    assert problems == [], _report(problems)


def test_the_fast_and_slow_walks_cover_every_configuration_once():
    assert len(FAST) == 1 and sorted(c.name for c in FAST + REST) == sorted(c.name for c in W.CONFIGS)


# one configuration a test (parallel workers share the walk): 720p, 1080p and 4K in ja/zh/en, 150 % at 720p
# (but the fast test's)
@pytest.mark.slow
@pytest.mark.parametrize("config", REST, ids=[c.name for c in REST])
def test_every_scene_fits(config):
    count, problems = W.walk(configs=[config])
    assert count >= 10
    assert problems == [], _report(problems)


def test_every_scene_of_the_app_is_walked():
    """Each scene the app can show (its registry) has walk scenes, and they are registered."""
    from client.scenes.registry import SCENES as APP_SCENES

    if not W.SCENES:
        W._load_scenes()
    assert set(APP_SCENES) <= set(W.SHOWN_BY), set(APP_SCENES) - set(W.SHOWN_BY)
    missing = [(app, name) for app, names in W.SHOWN_BY.items() for name in names if name not in W.SCENES]
    assert not missing


class _Broken:
    """A view that does everything the walk must catch."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fit = fitter_for(self.ctx)
        fit.draw_block(surface, "rule text " * 80, pygame.Rect(10, 10, 200, 30), 20, (0, 0, 0))

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        nm.add(Node("a", pygame.Rect(0, 0, 100, 40), kind="button"))
        nm.add(Node("b", pygame.Rect(50, 10, 100, 40), kind="button"))
        nm.add(Node("c", pygame.Rect(-30, 600, 100, 40), kind="button"))
        return nm


def test_the_walk_reports_cut_text_overlaps_and_things_outside():
    kinds = {p.kind for p in W.check("broken", _Broken, SMALL[0])}
    assert kinds == {"cut", "overlap", "outside", "hidden"}  # hidden: the long text runs under the buttons


def test_a_long_chat_line_in_the_bar_says_who_wrote_and_a_short_one_is_shown_whole():
    from bench import app_scenes

    if not W.SCENES:
        W._load_scenes()
    cfg = SMALL[0]
    build = W.SCENES["table_lan_fate_votes"]
    drawn: dict[str, list[str]] = {}
    for label, text in (("short", "OK!"), ("long", "a very long chat message " * 8)):
        app_scenes.CHAT["ja"] = text
        try:
            with recording() as rec:
                W.check("table_lan_fate_votes", build, cfg)  # the walk finds nothing wrong either way
                drawn[label] = [r.text for r in rec.records if not r.cut]
            assert W.check("table_lan_fate_votes", build, cfg) == []
        finally:
            app_scenes.CHAT["ja"] = "先に図書室を見に行こうよ。"
    assert any(t.endswith(": OK!") for t in drawn["short"])
    assert any("チャットに書きました" in t for t in drawn["long"])
    assert not any("a very long chat message" in t for t in drawn["long"])


class _Covered(_Broken):
    """Text under a card, text in a cached layer under a button, text under a dialog's paper (hidden on
    purpose) and a tooltip over a button (floats on purpose): the walk reports the first two only."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fit = fitter_for(self.ctx)
        fit.draw_block(surface, "under the card", pygame.Rect(100, 100, 300, 30), 20, (0, 0, 0))
        layer = pygame.Surface((300, 60))
        fit.draw_block(layer, "in a layer", pygame.Rect(10, 10, 280, 30), 20, (0, 0, 0))
        blit_layer(surface, layer, (100, 400))  # the text lands at (110, 410)
        fit.draw_block(surface, "under the dialog", pygame.Rect(600, 100, 300, 30), 20, (0, 0, 0))
        cover(surface, pygame.Rect(580, 80, 400, 300))
        cover(surface, pygame.Rect(600, 500, 300, 100), popup=True)
        fit.draw_block(surface, "a tooltip", pygame.Rect(610, 510, 280, 30), 20, (0, 0, 0))

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        nm.add(Node("card", pygame.Rect(200, 90, 80, 110), z=2, kind="card", solid=False))
        nm.add(Node("layer_button", pygame.Rect(150, 405, 60, 30), kind="button"))
        nm.add(Node("dialog_button", pygame.Rect(650, 95, 100, 40), z=5, kind="button"))
        nm.add(Node("tooltip_button", pygame.Rect(650, 505, 100, 40), kind="button"))
        return nm


def test_the_walk_reports_text_under_a_card_or_a_control_it_does_not_belong_to():
    found = W.check("covered", _Covered, SMALL[0])
    assert {p.kind for p in found} == {"hidden"}
    hidden = sorted(p.detail.split("'")[1] for p in found)
    assert hidden == ["in a layer", "under the card"], found


class _Fanned(_Broken):
    """Two hand cards drawn by the card renderer, the second laid over the first one's name."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        from client.widgets.cards import CardFace, CardRenderer, CardSprite
        self.renderer = CardRenderer(ctx)
        self.under = CardSprite(CardFace("a", "Sonozaki Mion", "I'm the Club President"), (300, 300), 300)
        self.over = CardSprite(CardFace("b", "Maebara Keiichi", "Magician of Words"), (360, 310), 300)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.under.draw(surface, self.renderer)
        self.over.draw(surface, self.renderer)

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        nm.add(Node("under", self.under.rect(), z=1, kind="card", solid=False))
        nm.add(Node("over", self.over.rect(), z=2, kind="card", solid=False))
        return nm


def test_the_walk_sees_a_card_faces_name_and_reports_the_card_laid_over_it():
    """A card face's text lives in the renderer's cached layers: the walk follows it onto the screen."""
    found = [p for p in W.check("fanned", _Fanned, SMALL[0]) if p.kind == "hidden"]
    texts = {p.detail.split("'")[1] for p in found}
    assert "Sonozaki Mion" in texts, found
    assert not any("Maebara Keiichi" in p.detail.split(" / ")[0] for p in found)  # the top card is whole


class _Crowded(_Broken):
    """A prompt over a drop area, a pill over a name, a card in the drop area that takes it, a name on
    its plate, a tooltip-like popup and a modal veil over everything: the walk reports the first two."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        nm.add(Node("discard", pygame.Rect(300, 100, 300, 200), kind="area", accepts=frozenset({"card"})))
        nm.add(Node("prompt", pygame.Rect(320, 280, 260, 60), z=5, kind="text", label="Drag two cards here"))
        nm.add(Node(("card", 1), pygame.Rect(320, 120, 60, 90), z=2, kind="card", payload=("card", 1), label="Rika"))
        nm.add(Node(("plate", 0), pygame.Rect(700, 100, 200, 80), kind="plate", label="Aki"))
        nm.add(Node(("seat", 0), pygame.Rect(710, 110, 80, 30), kind="info", hit=never_hit, label="Aki"))
        nm.add(Node(("name", 1), pygame.Rect(850, 150, 120, 40), kind="info", hit=never_hit, label="Ben"))
        nm.add(Node("tip", pygame.Rect(0, 0, 1280, 720), z=50, kind="popup", label="a tooltip"))
        return nm


def test_the_walk_reports_nodes_with_text_or_a_drop_over_each_other():
    found = [p for p in W.check("crowded", _Crowded, SMALL[0]) if p.kind == "covers"]
    pairs = sorted(p.detail.split(" (")[0] for p in found)
    assert pairs == ["('plate', 0)", "discard"], found
    veiled = _Crowded(None).nodes()
    veiled.add(Node("veil", pygame.Rect(0, 0, 1280, 720), z=40, kind="veil", modal=True))
    assert W.overlapping(veiled) == []  # under a modal layer nothing is checked


class _Zoned(_Broken):
    """Two places: one holds three students with room for four but scrolls one out; the other holds
    six with room for four (crowded: it may scroll); and a card cut by the edge of the area it lies in."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass

    def nodes(self) -> NodeMap:
        nm = NodeMap()
        nm.add(Node(("area", "a"), pygame.Rect(0, 0, 400, 200), kind="place", label="Classroom"))
        nm.add(Node(("area", "b"), pygame.Rect(500, 0, 400, 200), kind="place", label="Garden"))
        nm.add(Node(("area", "c"), pygame.Rect(0, 300, 400, 200), kind="area", accepts=frozenset({"card"})))
        for i in range(3):
            nm.add(Node(("pair", i), pygame.Rect(10 + 100 * i, 10 - (250 if i == 2 else 0), 80, 120), z=1, kind="pair"))
        for i in range(6):
            nm.add(Node(("pair", 10 + i), pygame.Rect(510 + 100 * (i % 4), 10 + 150 * (i // 4), 80, 120), z=1,
                        kind="pair"))
        nm.add(Node(("card", 7), pygame.Rect(300, 420, 60, 90), z=1, kind="card", payload=("card", 7)))
        return nm

    def zones(self) -> list[W.Zone]:
        return [W.Zone(("area", "a"), pygame.Rect(0, 0, 400, 200), (("pair", 0), ("pair", 1), ("pair", 2)), 4),
                W.Zone(("area", "b"), pygame.Rect(500, 0, 400, 200), tuple(("pair", 10 + i) for i in range(6)), 4)]


def test_the_walk_reports_what_is_scrolled_out_of_a_zone_with_room_to_spare():
    found = [p.detail for p in W.check("zoned", _Zoned, SMALL[0]) if p.kind == "scrolled"]
    assert len(found) == 2, found
    assert found[0].startswith("('pair', 2)") and "3 held, room for 4" in found[0]
    assert found[1].startswith("('card', 7)") and "edge" in found[1]
