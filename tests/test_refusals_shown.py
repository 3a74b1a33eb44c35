"""No table shows an error code or raw exception text: illegal drops and clicks in every game (real pygame
mouse events) and every server refusal the rules and the server can send come out as a player sentence."""
from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from client.kit.headless import HeadlessContext
from tests import fv_helpers as FV
from tests import sm_table_helpers as SM
from tests._ms_table_util import (
    banner,
    click,
    drag,
    find_seed,
    hand_card_centre,
    make,
    mind_centre,
)
from tests.fakes import FakeCtx
from tests.test_refusal_texts import CODE, error_codes

RAW = "RuleError: 'seat' at rules.py:612 <KeyError>"
KEY = re.compile(r"^[a-z]+[._][a-z_.]+$")  # an untranslated string key (fv_msg_x, ms.err.x, sm.hint_x)


def assert_player_sentence(text: str, lang: str) -> None:
    assert text and text.strip(), "an empty refusal"
    assert not CODE.search(f'"{text}"') and not KEY.match(text), f"a code or key on screen: {text!r}"
    assert RAW not in text and "Error" not in text and "Traceback" not in text, text
    if lang != "en":
        assert any(ord(ch) > 0x3000 for ch in text), f"not in {lang}: {text!r}"


def shown(ctx: Any, before: int) -> list[str]:
    return [msg for msg, _kind in ctx.toasts[before:]]


# --- fate_votes ---------------------------------------------------------------------------------
def test_fate_votes_refusals_are_reasons() -> None:
    ctx, _state, t = FV.table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None, lang="ja")
    FV.drag(t, FV.token(t), FV.plate(t, 0).center)  # voting for yourself
    assert ctx.sent == []
    assert_player_sentence(FV.message(t), "ja")
    ctx, _state, t = FV.table_at(lambda s: s["phase"] == "discussion" and s["round"] == 2, lang="zh")
    _card, pos = FV.top_card(t)
    FV.drag(t, pos, FV.area(t, "discard").center)  # a discard during the discussion
    assert ctx.sent == []
    assert_player_sentence(FV.message(t), "zh")
    _card, pos = FV.top_card(t)
    FV.drag(t, pos, FV.empty_spot(t))  # dropped on nothing
    assert_player_sentence(FV.message(t), "zh")
    ctx, _state, t = FV.table_at(lambda s: s["phase"] == "choose" and s["pending"][0] is None, lang="ja")
    confirm = FV.button(t, "confirm")
    assert confirm is not None and not confirm.enabled
    FV.click(t, confirm.rect.center)  # Confirm before choosing: says what is missing
    assert ctx.sent == [] and FV.message(t) == FV.instruction(t) != ""
    assert_player_sentence(FV.message(t), "ja")


# --- mind_swap ------------------------------------------------------------------------------------
def _own_body(state: dict, seat: int = 0) -> int:
    return int(state["mind"].index(state["chars"][seat]))


def _magic_ready(s: dict) -> bool:
    own = _own_body(s)
    here = s["loc"][own]
    far = [b for b in range(2, 32) if s["loc"][b] not in (None, here)]
    return s["turn"] == 0 and here == s["negi"] and here != "other" and bool(far)


def test_mind_swap_refusals_are_reasons() -> None:
    game, table, ctx, screen = make(find_seed(_magic_ready), lang="ja")
    own = _own_body(game.state)
    far = next(b for b in range(2, 32) if game.state["loc"][b] not in (None, game.state["loc"][own]))
    drag(table, screen, mind_centre(table, own), mind_centre(table, far))  # magic across two places
    assert ctx.sent == []
    assert_player_sentence(banner(table), "ja")
    game, table, ctx, screen = make(find_seed(lambda s: s["turn"] != 0), lang="zh")
    card_type = game.state["ctypes"][min(game.state["hands"][0])]
    click(table, screen, hand_card_centre(table, card_type))  # a card while it is another player's turn
    assert ctx.sent == []
    assert_player_sentence(banner(table), "zh")


# --- school_mystery ---------------------------------------------------------------------------------
def _draw_state() -> tuple[dict, list]:
    def stop(s: dict) -> bool:
        return bool(s["roll"] is None and s["tasks"] and s["tasks"][0]["kind"] == "draw")
    state, hist = SM.play_until(stop)
    assert stop(state)
    return state, hist


def test_school_mystery_refusals_are_reasons() -> None:
    from client.tables.school_mystery_texts import SUITS

    state, hist = _draw_state()
    task = state["tasks"][0]
    other = (task["seat"] + 1) % state["players"]
    ctx = FakeCtx("ja")
    table = SM.table_for(ctx, state, other, hist)
    deck = table.L.deck_card(SUITS.index(task["suit"]))  # drawn, but no node: not this seat's to draw
    duty = table.tx.seat_name(table.view, task["seat"])
    SM.drag(table, deck.center, table.L.canvas.center)  # the duty deck of another seat
    assert duty in _sm_banner(table)  # whose deck it is (the kit's banner, as on the other tables)
    table.banner.show("")
    SM.click(table, deck.center)  # … and a click on it
    assert duty in _sm_banner(table)
    assert ctx.sent == []
    disabled = [b for b in SM.buttons(table) if not b.enabled and b.why_not]
    assert disabled
    for b in disabled[:3]:  # action buttons that cannot act now say why
        table.banner.show("")
        SM.click(table, b.rect.center)
        assert_player_sentence(_sm_banner(table), "ja")


def _sm_banner(table: Any) -> str:
    table.update(0)
    node = table.nodes().find("banner")
    return node.label if node is not None else ""


# --- server refusals, every code, every game ---------------------------------------------------------
def _tables(lang: str) -> dict[str, Any]:
    from bench import fv_scenes
    from client.kit.headless import LocalGame
    from client.tables.mind_swap import MindSwapTable

    ctx = HeadlessContext(lang, fast=True)
    fv = fv_scenes.round_scene(ctx)
    game = LocalGame("mind_swap", 3, 1)
    ms = MindSwapTable(ctx, 0)
    game.attach(0, ms)
    state, hist = SM.play_until(lambda s: s["phase"] == "investigation")
    sm = SM.table_for(ctx, state, 0, hist)
    return {"fate_votes": fv, "mind_swap": ms, "school_mystery": sm, "ctx": ctx}


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_every_server_refusal_is_a_player_sentence_on_every_table(lang: str) -> None:
    pygame.init()
    FV.screen()
    tables = _tables(lang)
    ctx = tables.pop("ctx")
    codes = sorted(error_codes()) + ["action/made_up_later", "zz/unknown"]
    for game, table in tables.items():
        for code in codes:
            before = len(ctx.toasts)
            table.on_error(code, RAW)
            table.update(1 / 60)
            messages = shown(ctx, before)
            assert messages, (game, code)
            for text in messages:
                assert_player_sentence(text, lang)


def test_a_disabled_control_says_why_when_clicked() -> None:
    """The kit: a click on a disabled node with ``why_not`` refuses with that sentence; without one, silence."""
    from client.kit.interact import Interaction
    from client.kit.nodes import NodeMap
    from client.kit.widgets import Button
    from client.widgets.cards import CardZoom

    pygame.init()
    FV.screen()
    refused: list[str] = []
    clicked: list[Any] = []
    ctx = HeadlessContext("en")
    it = Interaction(CardZoom(ctx, None), lambda p, n: (True, ""), lambda p, n: None, clicked.append, refused.append)
    nm = NodeMap()
    nm.add(Button("Strike", pygame.Rect(10, 10, 100, 40), enabled=False, key="strike", why_not="Nobody has a vote").node())
    nm.add(Button("Vote", pygame.Rect(200, 10, 100, 40), enabled=False, key="vote").node())
    it.sync(nm)
    for pos in ((50, 30), (250, 30)):
        for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            it.handle_event(pygame.event.Event(etype, pos=pos, button=1))
    assert refused == ["Nobody has a vote"] and clicked == []
