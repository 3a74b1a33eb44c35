"""fate_votes table: real mouse events become exactly the legal actions, and only after a confirm.

Everything is checked through what the view shows (its node map, banner, toasts) and sends.
"""
from __future__ import annotations

import pygame

from bench import fv_scenes as S
from tests.fv_helpers import (
    area,
    button,
    click,
    drag,
    empty_spot,
    legal,
    loose_cards,
    message,
    plate,
    post,
    shown,
    staged,
    table_at,
    token,
    top_card,
)


def _vote_discard(s):
    return s["phase"] == "vote_discard" and s["acts"][0] and s["pending"][0] is None


def test_drag_two_cards_then_confirm_sends_exactly_the_discard():
    ctx, state, t = table_at(_vote_discard)
    assert state["round"] == 1
    first, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert staged(t) == [first] and ctx.sent == []
    assert not button(t, "confirm").enabled  # one card is not enough
    second, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert staged(t) == [first, second] and ctx.sent == []
    confirm = button(t, "confirm")
    rules = legal(state)
    assert confirm.enabled and confirm.action in rules and t.nodes().legal(confirm, rules)
    click(t, confirm.rect.center)
    assert len(ctx.sent) == 1
    seat, action = ctx.sent[0]
    assert seat == 0 and action["type"] == "discard" and sorted(action["cards"]) == sorted([first, second])
    assert action in rules


def test_third_card_is_refused_and_springs_back_with_a_message():
    ctx, _, t = table_at(_vote_discard)
    for _ in range(2):
        _, pos = top_card(t)
        drag(t, pos, area(t, "discard").center)
    third, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert third in loose_cards(t) and len(staged(t)) == 2
    assert message(t) == ctx.t("fv_msg_discard_count", n=2)
    assert "error" in ctx.sounds and ctx.sent == []


def test_drop_in_the_wrong_phase_or_on_nothing_sends_nothing():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion" and s["round"] == 2)
    c, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert staged(t) == [] and ctx.sent == [] and c in loose_cards(t)
    assert message(t) == ctx.t("fv_msg_not_discard_time")
    # dropped on the empty table (top-left corner, no target there)
    _, pos = top_card(t)
    drag(t, pos, empty_spot(t))
    assert message(t) == ctx.t("fv_msg_drop_card") and ctx.sent == []


def test_server_rejection_springs_back_and_explains():
    ctx, _, t = table_at(_vote_discard)
    for _ in range(2):
        _, pos = top_card(t)
        drag(t, pos, area(t, "discard").center)
    click(t, button(t, "confirm").rect.center)
    assert len(ctx.sent) == 1 and not button(t, "confirm").enabled  # waiting for the server
    t.on_error("action/wrong_phase", "a 'discard' action is not possible now")
    assert staged(t) == []
    assert message(t) == ctx.t("fv_msg_not_discard_time")  # the rule broken: a discard outside the discard steps
    assert ctx.toasts and ctx.toasts[-1] == (ctx.t("fv_msg_not_discard_time"), "error")


def test_vote_by_dragging_the_token_onto_a_player():
    ctx, _state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    drag(t, token(t), plate(t, 2).center)
    target = shown(t, ("target", 2))  # the token now sits by player 3, a "+1" beside it
    assert ctx.sent == [] and target is not None and target.payload == ("target", 2, "+1")
    assert target.rect.collidepoint(token(t))
    confirm = button(t, "confirm")
    assert confirm.enabled and confirm.action == {"type": "target", "seat": 2}
    click(t, confirm.rect.center)
    assert ctx.sent == [(0, {"type": "target", "seat": 2})]


def test_voting_for_yourself_is_refused():
    ctx, _state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    home = token(t)
    drag(t, home, plate(t, 0).center)
    assert token(t) == home and ctx.sent == [] and not button(t, "confirm").enabled
    assert shown(t, ("target", 0)) is None
    assert message(t) == ctx.t("fv_msg_not_self")


def test_clicking_a_player_also_selects_the_target():
    ctx, _state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    click(t, plate(t, 3).center)
    assert button(t, "confirm").action == {"type": "target", "seat": 3}
    click(t, button(t, "confirm").rect.center)
    assert ctx.sent == [(0, {"type": "target", "seat": 3})]


def test_ready_and_choice_buttons_send_legal_actions_only():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    click(t, button(t, "ready").rect.center)
    assert ctx.sent == [(0, {"type": "ready"})]
    ctx2, _state2, t2 = table_at(lambda s: s["phase"] == "choose" and s["pending"][0] is None)
    click(t2, button(t2, "vote").rect.center)
    assert ctx2.sent == [] and button(t2, "confirm").action == {"type": "choose", "choice": "vote"}
    click(t2, button(t2, "confirm").rect.center)
    assert ctx2.sent == [(0, {"type": "choose", "choice": "vote"})]


def test_round_five_needs_choice_then_target():
    ctx, _state, t = table_at(lambda s: s["phase"] == "final" and s["pending"][0] is None)
    drag(t, token(t), plate(t, 1).center)
    assert message(t) == ctx.t("fv_msg_choose_first") and not button(t, "confirm").enabled
    click(t, button(t, "strike").rect.center)
    drag(t, token(t), plate(t, 0).center)  # striking yourself is allowed in round 5
    assert shown(t, ("target", 0)).payload == ("target", 0, "−1")
    click(t, button(t, "confirm").rect.center)
    assert ctx.sent == [(0, {"type": "choose", "choice": "strike", "seat": 0})]


def test_right_click_zooms_a_hand_card_and_the_zoom_is_modal():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    c, pos = top_card(t)
    post(t, pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=3)
    t.update(0)
    top = t.nodes().at(button(t, "ready").rect.center)
    assert top is not None and top.modal and top.zoom.key == f"fv:{c}"
    assert t.nodes().drag_sources() == []  # nothing under the zoom can be picked up
    click(t, button(t, "ready").rect.center)  # the click closes the zoom, it does not press Ready
    assert ctx.sent == []


def test_enter_presses_confirm_when_it_is_enabled():
    ctx, _state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    post(t, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    assert ctx.sent == []  # nothing chosen yet
    click(t, plate(t, 4).center)
    post(t, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    assert ctx.sent == [(0, {"type": "target", "seat": 4})]


def test_a_card_staged_for_discard_stays_when_another_seat_discards():
    """A human stages a card in real time (animations play); another voter's discard lands meanwhile:
    the staged card stays staged and the drag goes on from there (choices are checked against the
    snapshot that landed, not cleared while it lands)."""
    from shared.engine import REGISTRY
    from tests.fakes import FakeCtx
    from tests.fv_helpers import screen

    sp = REGISTRY["fate_votes"]
    screen()
    state, _ = S.play_to(6, 3, lambda s: _vote_discard(s) and any(
        sp.legal_actions(s, o) for o in range(1, 6)))
    ctx = FakeCtx(lang="en", unit=20, fast=False)
    t = S.make_table(ctx, state, 0, "en")
    for _ in range(120):
        t.update(1 / 60)
    first, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert staged(t) == [first]
    other = next(o for o in range(1, 6) if sp.legal_actions(state, o))
    state, events = sp.apply(state, other, sp.legal_actions(state, other)[0])
    S.feed(t, state, events, 0, sid=2)
    for _ in range(600):
        t.update(1 / 60)
        if not t.busy():
            break
    assert staged(t) == [first], "a snapshot that landed cleared the staged card"
    second, pos = top_card(t)
    drag(t, pos, area(t, "discard").center)
    assert staged(t) == [first, second] and button(t, "confirm").enabled
