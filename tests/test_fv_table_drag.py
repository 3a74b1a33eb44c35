"""fate_votes table: real mouse events become exactly the legal actions, and only after a confirm."""
from __future__ import annotations

import pygame

from tests.fv_helpers import button, click, drag, table_at


def _vote_discard(s):
    return s["phase"] == "vote_discard" and s["acts"][0] and s["pending"][0] is None


def _top_card(t):
    """The hand card drawn on top (last in the fan) and where to grab it."""
    loose = [c for c in t._hand_order() if c not in t.staged]
    c = loose[-1]
    return c, t.hand_sprites[c].pos


def test_drag_two_cards_then_confirm_sends_exactly_the_discard():
    ctx, state, t = table_at(_vote_discard)
    assert state["round"] == 1 and t._discard_need() == 2
    first, pos = _top_card(t)
    drag(t, pos, t.L.discard.center)
    assert t.staged == [first] and ctx.sent == []
    assert not button(t, "confirm").enabled  # one card is not enough
    second, pos = _top_card(t)
    drag(t, pos, t.L.discard.center)
    assert t.staged == [first, second] and ctx.sent == []
    confirm = button(t, "confirm")
    assert confirm.enabled
    click(t, confirm.rect.center)
    assert len(ctx.sent) == 1
    seat, action = ctx.sent[0]
    assert seat == 0 and action["type"] == "discard" and sorted(action["cards"]) == sorted([first, second])
    assert action in t.legal


def test_third_card_is_refused_and_springs_back_with_a_message():
    ctx, _, t = table_at(_vote_discard)
    for _ in range(2):
        _, pos = _top_card(t)
        drag(t, pos, t.L.discard.center)
    third, pos = _top_card(t)
    t.drag.fast = False  # watch the spring
    t.queue.fast = False
    t.ctx.fast = False
    drag(t, pos, t.L.discard.center)
    assert third not in t.staged and len(t.staged) == 2
    assert ("card", third) in t.drag.springs
    assert t.message == ctx.t("fv_msg_discard_count", n=2)
    assert ctx.sent == []


def test_drop_in_the_wrong_phase_or_on_nothing_sends_nothing():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion" and s["round"] == 2)
    t.ctx.fast = False
    c = t._hand_order()[-1]
    drag(t, t.hand_sprites[c].pos, t.L.discard.center)
    assert t.staged == [] and ctx.sent == []
    assert t.message == ctx.t("fv_msg_not_discard_time")
    assert ("card", c) in t.drag.springs
    # dropped on empty table (top-left corner, no target there)
    drag(t, t.hand_sprites[c].pos, (t.L.main.x + 5, t.L.top.bottom + 5))
    assert t.message == ctx.t("fv_msg_drop_card") and ctx.sent == []


def test_server_rejection_springs_back_and_explains():
    ctx, _, t = table_at(_vote_discard)
    for _ in range(2):
        _, pos = _top_card(t)
        drag(t, pos, t.L.discard.center)
    click(t, button(t, "confirm").rect.center)
    assert len(ctx.sent) == 1 and t.awaiting
    t.on_error("action/wrong_phase", "a 'discard' action is not possible now")
    assert t.staged == [] and not t.awaiting
    assert t.message == ctx.t("fv_err_action_wrong_phase")
    assert ctx.toasts and ctx.toasts[-1][1] == "error"


def test_vote_by_dragging_the_token_onto_a_player():
    ctx, state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    home = t.L.token_home
    drag(t, home, t.L.plate_centre(2))
    assert t.sel_target == 2 and ctx.sent == []
    confirm = button(t, "confirm")
    assert confirm.enabled
    click(t, confirm.rect.center)
    assert ctx.sent == [(0, {"type": "target", "seat": 2})]


def test_voting_for_yourself_is_refused():
    ctx, state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    drag(t, t.L.token_home, t.L.plate_centre(0))
    assert t.sel_target is None and ctx.sent == []
    assert t.message == ctx.t("fv_msg_not_self")


def test_clicking_a_player_also_selects_the_target():
    ctx, state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    click(t, t.L.plates[3].center)
    assert t.sel_target == 3
    click(t, button(t, "confirm").rect.center)
    assert ctx.sent == [(0, {"type": "target", "seat": 3})]


def test_ready_and_choice_buttons_send_legal_actions_only():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion")
    click(t, button(t, "ready").rect.center)
    assert ctx.sent == [(0, {"type": "ready"})]
    ctx2, state2, t2 = table_at(lambda s: s["phase"] == "choose" and s["pending"][0] is None)
    click(t2, button(t2, "vote").rect.center)
    assert ctx2.sent == [] and t2.sel_choice == "vote"
    click(t2, button(t2, "confirm").rect.center)
    assert ctx2.sent == [(0, {"type": "choose", "choice": "vote"})]


def test_round_five_needs_choice_then_target():
    ctx, state, t = table_at(lambda s: s["phase"] == "final" and s["pending"][0] is None)
    drag(t, t.L.token_home, t.L.plate_centre(1))
    assert t.sel_target is None and t.message == ctx.t("fv_msg_choose_first")
    click(t, button(t, "strike").rect.center)
    drag(t, t.L.token_home, t.L.plate_centre(0))  # striking yourself is allowed in round 5
    assert t.sel_target == 0
    click(t, button(t, "confirm").rect.center)
    assert ctx.sent == [(0, {"type": "choose", "choice": "strike", "seat": 0})]


def test_right_click_zooms_a_hand_card():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion")
    c = t._hand_order()[-1]
    pos = t.hand_sprites[c].pos
    from tests.fv_helpers import post
    post(t, pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=3)
    assert t.zoom.open and t.zoom.card.key == f"fv:{c}"


def test_enter_presses_confirm_when_it_is_enabled():
    ctx, state, t = table_at(lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    from tests.fv_helpers import post
    post(t, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    assert ctx.sent == []  # nothing chosen yet
    click(t, t.L.plates[4].center)
    post(t, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    assert ctx.sent == [(0, {"type": "target", "seat": 4})]
