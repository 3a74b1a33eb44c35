"""school_mystery table: real mouse events drive draws, choices, card moves, links, notes (IME)."""
from __future__ import annotations

import pygame
import pytest

from client.tables import school_mystery_board as board
from client.tables.school_mystery_texts import SUITS
from tests.fakes import FakeCtx
from tests.sm_table_helpers import (
    apply_sent,
    button,
    button_keys,
    card_rect,
    click,
    click_button,
    drag,
    drawn_texts,
    entry,
    play_until,
    pump,
    spec,
    table_for,
)


def _draw_state(suit: str | None = None) -> tuple[dict, list]:
    def stop(s: dict) -> bool:
        return bool(s["roll"] is None and s["tasks"] and s["tasks"][0]["kind"] == "draw"
                    and (suit is None or s["tasks"][0]["suit"] == suit))
    state, hist = play_until(stop)
    assert stop(state), "the bots never reached a draw step"
    return state, hist


def test_dragging_the_top_card_of_the_duty_deck_sends_the_draw():
    state, hist = _draw_state()
    task = state["tasks"][0]
    seat, suit = task["seat"], task["suit"]
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    deck = table.L.deck_card(SUITS.index(suit))
    # dropped outside the table: nothing is sent, the card springs back
    drag(table, deck.center, table.L.log.center)
    assert ctx.sent == []
    drag(table, deck.center, table.L.canvas.center)
    assert ctx.sent == [(seat, {"type": "draw_card"})]
    state, events = apply_sent(table, ctx, state)
    assert any(e["type"] == "card_drawn" and e["suit"] == suit for e in events)
    assert table.view["tasks"][0]["kind"] == "pick"
    assert any(k.startswith("option:") for k in button_keys(table))  # the drawn card's options to pick from


def test_another_seat_cannot_drag_the_duty_deck():
    state, hist = _draw_state()
    task = state["tasks"][0]
    other = (task["seat"] + 1) % state["players"]
    ctx = FakeCtx("en")
    table = table_for(ctx, state, other, hist)
    deck = table.L.deck_card(SUITS.index(task["suit"]))
    drag(table, deck.center, table.L.canvas.center)
    assert ctx.sent == []


def test_a_drawn_phenomenon_shows_three_options_and_choosing_sends_it():
    state, hist = _draw_state("diamonds")
    seat = state["tasks"][0]["seat"]
    state, _ = spec().apply(state, seat, {"type": "draw_card"})
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    keys = set(button_keys(table))
    assert {"option:0", "option:1", "option:2", "redraw"} <= keys
    # the three texts are the subject's options of the drawn rank
    rank = state["tasks"][0]["card"]
    opts = table.tx.drawn(table.view, "diamonds", rank)["options"]
    assert all(opt in button(table, f"option:{i}").label for i, opt in enumerate(opts))
    click_button(table, "option:1")
    assert ctx.sent == [(seat, {"type": "choose_option", "option": 1})]
    state, events = apply_sent(table, ctx, state)
    card = next(e["card"] for e in events if e["type"] == "info_card")
    assert card["kind"] == "phenomenon" and card["option"] == 1 and card["rank"] == rank


def test_doesnt_fit_is_one_click_discard_and_redraw():
    state, hist = _draw_state("diamonds")
    seat = state["tasks"][0]["seat"]
    state, _ = spec().apply(state, seat, {"type": "draw_card"})
    first = state["tasks"][0]["card"]
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    click_button(table, "redraw")
    assert ctx.sent == [(seat, {"type": "redraw"})]
    state, events = apply_sent(table, ctx, state)
    assert [e["type"] for e in events][:2] == ["card_discarded", "card_drawn"]
    assert state["tasks"][0]["card"] != first
    # the others only see the options, with no buttons
    other = table_for(FakeCtx("en"), state, (seat + 1) % state["players"], hist)
    assert not any(b.key.startswith("option:") for b in other.buttons)


def _calm_with_cards(n: int = 3) -> tuple[dict, list]:
    def stop(s: dict) -> bool:
        return (len(s["cards"]) >= n and s["roll"] is None and not s["tasks"]
                and s["phase"] == "investigation")
    state, hist = play_until(stop)
    assert stop(state)
    return state, hist


def _free_drop(table, card_id: int) -> tuple[int, int]:
    """An offset from the card's spot to a place on the canvas clear of every other card."""
    r = card_rect(table, card_id)
    others = [n.rect for n in table.nodes().of_kind("card") if n.id != ("card", card_id)]
    gap = int(table.L.u)
    canvas = table.L.canvas
    for y in range(canvas.bottom - r.h, canvas.top, -gap):
        for x in range(canvas.right - r.w, canvas.left, -gap):
            box = pygame.Rect(x, y, r.w, r.h)
            if not any(box.inflate(gap, gap).colliderect(o) for o in others):
                return x - r.left, y - r.top
    raise AssertionError("no free spot on the canvas")


def test_moving_an_information_card_sends_its_new_position():
    state, hist = _calm_with_cards()
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    card = state["cards"][0]
    r = card_rect(table, card["id"])
    dx, dy = _free_drop(table, card["id"])
    drag(table, (r.centerx - 20, r.centery), (r.centerx - 20 + dx, r.centery + dy))
    assert len(ctx.sent) == 1
    seat, action = ctx.sent[0]
    assert seat == 0 and action["type"] == "move_card" and action["card"] == card["id"]
    assert (action["x"], action["y"]) == table.L.to_canvas(r.left + dx, r.top + dy)
    # shown at the drop spot at once, and still there once the server agrees
    assert abs(card_rect(table, card["id"]).left - (r.left + dx)) <= 2
    state, events = apply_sent(table, ctx, state)
    assert events[-1]["type"] == "card_moved"
    moved = card_rect(table, card["id"])
    assert abs(moved.left - (r.left + dx)) <= 2 and abs(moved.top - (r.top + dy)) <= 2
    table.update(0.5)  # and it stays there: nothing glides back to where it was
    assert card_rect(table, card["id"]) == moved and not table.busy()


def test_a_card_dropped_over_another_lands_beside_it_and_stays_there():
    state, hist = _calm_with_cards()
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    card, other = state["cards"][0], state["cards"][1]
    r, o = card_rect(table, card["id"]), card_rect(table, other["id"])
    drag(table, (r.centerx, r.centery), (o.centerx + 10, o.centery + 10))  # right onto the other card
    state, events = apply_sent(table, ctx, state)
    assert events[-1]["type"] == "card_moved"
    table.update(0.5)
    moved = card_rect(table, card["id"])
    cards = [n.rect for n in table.nodes().of_kind("card") if n.id != ("card", card["id"])]
    assert not any(moved.colliderect(c) for c in cards), (moved, cards)
    assert table.L.canvas.contains(moved) and not table.busy()
    assert abs(moved.centerx - o.centerx) + abs(moved.centery - o.centery) < 3 * max(o.w, o.h)  # nearby


def test_a_card_players_left_over_another_is_shown_beside_it():
    """The shared spot of a card may lie over a tidy column on a smaller window (a note in the corner
    at 720p with large text): it is drawn at the nearest free spot, its shared position untouched."""
    state, hist = _calm_with_cards()
    target = state["cards"][1]
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    spot = card_rect(table, target["id"])
    x, y = table.L.to_canvas(spot.left + 5, spot.top + 5)
    state, _ = spec().apply(state, 0, {"type": "add_note", "text": "who has the key?"})
    note = state["cards"][-1]
    state, _ = spec().apply(state, 0, {"type": "move_card", "card": note["id"], "x": x, "y": y})
    table2 = table_for(FakeCtx("en"), state, 0, hist)
    shown = card_rect(table2, note["id"])
    others = [n.rect for n in table2.nodes().of_kind("card") if n.id != ("card", note["id"])]
    assert not any(shown.colliderect(c) for c in others)
    assert next(c for c in state["cards"] if c["id"] == note["id"])["x"] == x  # the shared spot is the players'
    assert table2.L.to_screen(x, y) != shown.topleft


def test_clicking_a_card_opens_its_editor_and_saves_cjk_text_typed_through_an_ime():
    state, hist = _calm_with_cards()
    ctx = FakeCtx("ja")
    table = table_for(ctx, state, 1, hist)
    card = state["cards"][-1]
    click(table, card_rect(table, card["id"]).center)
    key = f"edit:{card['id']}"
    click(table, entry(table, key).rect.center)
    assert entry(table, key).payload[3]  # focused
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="かぎ", start=2, length=0))
    pump(table)
    assert entry(table, key).payload[2] == "かぎ"  # the composition is shown, not yet committed
    screen = pygame.display.get_surface()
    table.draw(screen, screen.get_rect())
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="鍵"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="の跡"))
    pump(table)
    assert entry(table, key).payload[2] == "" and entry(table, key).label.endswith("鍵の跡")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    pump(table)
    assert ctx.sent and ctx.sent[-1][0] == 1
    action = ctx.sent[-1][1]
    assert action["type"] == "edit_card" and action["card"] == card["id"] and action["text"].endswith("鍵の跡")
    state, _ = apply_sent(table, ctx, state)
    assert next(c for c in table.view["cards"] if c["id"] == card["id"])["text"].endswith("鍵の跡")


def test_linking_two_clues_by_dragging_the_knot_and_cutting_the_link():
    def stop(s: dict) -> bool:
        return (sum(1 for c in s["cards"] if c["kind"] == "clue") >= 2 and s["roll"] is None and not s["tasks"]
                and s["phase"] == "investigation")
    state, hist = play_until(stop)
    assert stop(state)
    for a, b in list(state["links"]):
        state, _ = spec().apply(state, 0, {"type": "unlink_cards", "a": a, "b": b})
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    clues = [c for c in table.view["cards"] if c["kind"] == "clue"][:2]
    knob = board.link_knob(table, card_rect(table, clues[0]["id"]))
    drag(table, knob.center, card_rect(table, clues[1]["id"]).center)
    pair = sorted((clues[0]["id"], clues[1]["id"]))
    assert ctx.sent == [(0, {"type": "link_cards", "a": pair[0], "b": pair[1]})]
    state, _ = apply_sent(table, ctx, state)
    assert pair in table.view["links"]
    _, _, mid = board.link_marks(table)[0]
    click(table, mid)
    assert ctx.sent == [(0, {"type": "unlink_cards", "a": pair[0], "b": pair[1]})]


def test_a_note_typed_in_chinese_is_added_to_the_table():
    state, hist = _calm_with_cards()
    ctx = FakeCtx("zh")
    table = table_for(ctx, state, 2, hist)
    click_button(table, "act_note")
    click(table, entry(table, "note").rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="谁能借到钥匙？"))
    pump(table)
    click_button(table, "submit:note")
    assert ctx.sent == [(2, {"type": "add_note", "text": "谁能借到钥匙？"})]
    state, events = apply_sent(table, ctx, state)
    assert events[-1]["type"] == "info_card" and events[-1]["card"]["kind"] == "note"


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_every_scene_draws_in_every_language(lang):
    from bench import sm_scenes as S

    screen = pygame.display.set_mode((1280, 720))
    for make in (lambda: S.scene_setup(lang), lambda: S.scene_table(lang), lambda: S.scene_resolution(lang),
                 lambda: S.scene_over(lang)):
        state, hist = make()
        for seat in (0, None):
            ctx = FakeCtx(lang, unit=720 / 54, display_mode=seat is None)
            table = S.make_table(ctx, state, hist, seat, screen.get_rect())
            table.update(0.1)
            table.draw(screen, screen.get_rect())
            texts = drawn_texts(table)
            assert texts and not any(k.startswith("sm.") for k in texts), "a missing UI string"


def test_a_card_moved_by_another_player_glides_to_its_new_spot():
    state, hist = _calm_with_cards()
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    card = state["cards"][0]
    before = card_rect(table, card["id"]).topleft
    state, events = spec().apply(state, 2, {"type": "move_card", "card": card["id"], "x": 7000, "y": 6000})
    table.set_snapshot(spec().view(state, 0), spec().legal_actions(state, 0), 99)
    table.push_events(events)
    table.update(0.0)
    assert table.busy()
    assert card_rect(table, card["id"]).topleft == before
    table.update(0.1)
    mid = card_rect(table, card["id"]).topleft
    assert mid != before and mid != table.L.to_screen(7000, 6000)
    table.update(0.3)
    assert card_rect(table, card["id"]).topleft == table.L.to_screen(7000, 6000)
    assert not table.busy()


def test_anyone_writes_the_tone_notes_during_setup():
    from bench import sm_scenes as S

    state, hist = S.scene_setup("ja")
    ctx = FakeCtx("ja")
    table = table_for(ctx, state, 3, hist)
    click(table, entry(table, "tone").rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="図書室の場面を多めに。"))
    pump(table)
    click_button(table, "submit:tone")
    seat, action = ctx.sent[-1]
    assert seat == 3 and action["type"] == "set_tone" and action["text"].endswith("図書室の場面を多めに。")
    state, _ = apply_sent(table, ctx, state)
    assert table.view["tone"].endswith("図書室の場面を多めに。")


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
def test_each_suit_has_its_own_invent_hint(lang):
    ctx = FakeCtx(lang)
    hints = {s: ctx.t(f"sm.invent_hint_{s}") for s in SUITS}
    assert all(h and not h.startswith("sm.") for h in hints.values())
    assert len(set(hints.values())) == 4


def test_the_invent_entry_shows_the_drawn_suits_hint():
    state, hist = _draw_state("diamonds")
    seat = state["tasks"][0]["seat"]
    state, _ = spec().apply(state, seat, {"type": "draw_card"})
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    click_button(table, "invent")
    table.update(0)
    assert entry(table, "invent").payload[4] == ctx.t("sm.invent_hint_diamonds")


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_the_tone_talk_shows_the_contents_guidance_and_prompts(lang):
    from bench import sm_scenes as S
    from shared.games.school_mystery.describe import tone_prompts

    state, hist = S.scene_setup(lang)
    table = table_for(FakeCtx(lang), state, 0, hist)
    shown = "".join(drawn_texts(table))
    prompts = tone_prompts(table.tx.content, lang)
    assert len(prompts) >= 3
    for prompt in prompts:  # each prompt is on the page (wrapped lines joined back)
        assert prompt.replace(" ", "")[:12] in shown.replace(" ", "")
    assert table.tx.ui("tone_guide").replace(" ", "")[:12] in shown.replace(" ", "")
