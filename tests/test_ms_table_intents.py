"""mind_swap intents through real clicks: what is sent, what the prompt and banner say, what is refused."""
from __future__ import annotations

from tests._ms_table_util import (
    banner,
    click,
    empty_spot,
    find_seed,
    hand_card_centre,
    hand_types,
    make,
    own_body,
    prompt,
)


def _own_loc(state: dict, seat: int = 0) -> str:
    return state["loc"][own_body(state, seat)]


def test_a_card_clicked_out_of_turn_is_refused_with_the_reason():
    seed = find_seed(lambda s: s["turn"] != 0 and s["hands"][0])
    _game, table, ctx, screen = make(seed)
    card = next(n for n in table.nodes().of_kind("card"))
    assert not card.draggable
    click(table, screen, card.rect.center)
    assert ctx.sent == []
    assert banner(table) == ctx.t("ms.err.not_your_turn") and "error" in ctx.sounds


def test_a_clicked_card_goes_to_the_slot_and_right_click_takes_it_back():
    seed = find_seed(lambda s: s["turn"] == 0 and "move_self" in hand_types(s))
    _game, table, ctx, screen = make(seed)
    click(table, screen, hand_card_centre(table, "move_self"))
    assert prompt(table) == ctx.t("ms.prompt.move_self") and ctx.sent == []
    assert table.nodes().find(("button", "end_turn")) is None  # no end turn while a card is half played
    click(table, screen, (5, 5), button=3)
    assert prompt(table) == "" and ctx.sent == []


def test_negi_comes_along_on_a_move_when_clicked_first():
    seed = find_seed(lambda s: s["turn"] == 0 and "move_self" in hand_types(s) and s["negi"] == _own_loc(s)
                     and _own_loc(s) != "other")
    game, table, ctx, screen = make(seed)
    click(table, screen, hand_card_centre(table, "move_self"))
    negi = table.nodes().find(("negi", 0))
    assert negi is not None
    click(table, screen, negi.rect.center)
    here = _own_loc(game.state)
    target = next(loc for loc in ("library", "classroom", "garden", "sports_ground") if loc != here)
    click(table, screen, empty_spot(table, target))
    assert len(ctx.sent) == 1
    action = ctx.sent[0][1]
    assert action["action"] == "move_self" and action["to"] == target and action["take"] == "negi"
    assert action in game.spec.legal_actions(game.state, 0)


def test_after_a_card_the_end_turn_button_sends_end_turn():
    import copy

    from shared.engine import REGISTRY

    spec = REGISTRY["mind_swap"]

    def extra_magic(s: dict) -> dict | None:
        return next((a for a in spec.legal_actions(s, 0) if a.get("action") == "extra_magic"), None)

    def end_turn_after_card(s: dict) -> bool:
        play = extra_magic(s) if s["turn"] == 0 else None
        return play is not None and {"type": "end_turn"} in spec.legal_actions(spec.apply(copy.deepcopy(s), 0, play)[0], 0)

    game, table, ctx, screen = make(find_seed(end_turn_after_card))
    assert table.nodes().find(("button", "end_turn")) is None  # a card must be played first
    play = extra_magic(game.state)
    assert play is not None
    game.act(0, play)
    table.skip_animations()
    click(table, screen, (5, 5))
    button = table.nodes().find(("button", "end_turn"))
    assert button is not None and button.action == {"type": "end_turn"}
    click(table, screen, button.rect.center)
    assert ctx.sent == [(0, {"type": "end_turn"})]
