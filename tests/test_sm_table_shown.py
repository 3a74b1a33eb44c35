"""school_mystery on the kit presenter: one shown truth. While the dice of a roll tumble, the board, the buttons,
the prompt, the duty labels and the step line all show the snapshot before the roll; they move on together
when the dice land. A draw step passed to another player: the deck's duty label, the prompt and the step
line name the same player."""
from __future__ import annotations

from client.kit.presenter import shown_of
from client.kit.stephelp import help_for
from client.tables import school_mystery_panels as panels
from client.tables.school_mystery_texts import SUITS, step_help
from tests.fakes import FakeCtx
from tests.sm_table_helpers import (
    apply_sent,
    button_keys,
    click,
    click_button,
    play_until,
    spec,
    table_for,
)


def _duty_labels(table) -> dict[str, str]:
    table.update(0)
    return {n.id[1]: n.label for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] == "duty"}


def _what_it_says(table) -> tuple:
    """Everything a player reads off the table for the moment shown."""
    shown = table.shown_now()
    help = help_for(step_help, shown, table.seat, table.ctx)
    return (panels.prompt(table)[0], help.who if help else "", help.may if help else "", _duty_labels(table),
            tuple(sorted(button_keys(table))), shown.sid)


def _before_a_roll() -> tuple[dict, list, int]:
    sp = spec()
    for seed in range(11, 40):
        def stop(s: dict) -> bool:
            return s["phase"] == "investigation" and s["roll"] is None and not s["tasks"] and not s["scene"]["closed"]
        state, hist = play_until(stop, seed=seed)
        for seat in range(state["players"]):
            if any(a["type"] == "declare_roll" and a["move"] == "discover" for a in sp.legal_actions(state, seat)):
                return state, hist, seat
    raise AssertionError("no calm scene with a roll to declare")


def test_everything_shows_the_snapshot_before_the_roll_until_the_dice_land():
    sp = spec()
    state, hist, seat = _before_a_roll()
    stat = next(a["stat"] for a in sp.legal_actions(state, seat)
                if a["type"] == "declare_roll" and a["move"] == "discover")
    state, _ = sp.apply(state, seat, {"type": "declare_roll", "move": "discover", "stat": stat})
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    before = _what_it_says(table)
    before_view = table.shown_now().view
    playing = help_for(step_help, shown_of(before_view, [], before[5]), seat, ctx)  # nobody acts while it plays
    click_button(table, "roll")
    state, events = apply_sent(table, ctx, state, hist)
    assert any(e["type"] == "dice_rolled" for e in events)
    for _ in range(3):  # mid-animation: every part still reads the snapshot before the roll
        table.update(0.05)
        assert table.busy() and table.dice is not None and not table.dice.landed
        now = _what_it_says(table)
        assert now[0] == before[0] and now[3] == before[3]  # the prompt and the duty labels
        assert table.shown_now().view is before_view and table.shown_now().sid == before[5]
        assert now[1:3] == (playing.who, playing.may)  # the step line: that snapshot, no controls yet
        assert table.shown_legal == []
        assert "accept_roll" not in button_keys(table)
    table.skip_animations()
    table.update(0)
    after = _what_it_says(table)
    assert after[5] != before[5] and "accept_roll" in after[4]
    assert after[1:3] != before[1:3]  # the step line moved on with the board, not before it
    assert table.shown_now().view is table.view  # caught up: the newest snapshot is the one shown


def test_a_passed_draw_is_named_alike_by_the_deck_the_prompt_and_the_step_line():
    sp = spec()

    def stop(s: dict) -> bool:
        t = s["tasks"][0] if s["tasks"] else None
        return s["roll"] is None and t is not None and t["kind"] == "draw" and not t.get("passed")
    state, hist = play_until(stop)
    task = state["tasks"][0]
    holder, suit = task["seat"], task["suit"]
    to = next(i for i in range(state["players"]) if i != holder and state["students"][i] is not None)
    state, _ = sp.apply(state, holder, {"type": "pass_step", "seat": to})
    assert state["scene"]["duty"][suit] == holder  # the scene's duty stays; the step moved
    ctx = FakeCtx("en")
    table = table_for(ctx, state, to, hist)
    name = table.name(to)
    assert _duty_labels(table)[suit] == name
    assert name in panels.prompt(table)[0]
    help = help_for(step_help, table.shown_now(), to, ctx)
    assert help is not None and help.mine
    other = table_for(FakeCtx("en"), state, holder, hist)  # the one who passed it reads the same name
    assert _duty_labels(other)[suit] == name and name in panels.prompt(other)[0]
    assert set(_duty_labels(table)) <= set(SUITS)


def test_in_a_calm_scene_the_heart_deck_names_who_draws_the_next_location():
    """The step line tells the coming scene's ♥ duty 'draw where the next scene is': the ♥ deck's label
    names that player too (not the scene's own ♥ duty), and another player's click on it says so."""
    sp = spec()

    def stop(s: dict) -> bool:
        return (s["phase"] == "investigation" and s["roll"] is None and not s["tasks"]
                and any(any(a["type"] == "draw_location" for a in sp.legal_actions(s, i)) for i in range(s["players"])))
    state, hist = play_until(stop)
    drawer = next(i for i in range(state["players"])
                  if any(a["type"] == "draw_location" for a in sp.legal_actions(state, i)))
    ctx = FakeCtx("en")
    table = table_for(ctx, state, drawer, hist)
    name = table.name(drawer)
    assert _duty_labels(table)["hearts"] == name
    help = help_for(step_help, table.shown_now(), drawer, ctx)
    assert help is not None and help.mine
    other = next(i for i in range(state["players"]) if i != drawer)
    octx = FakeCtx("en")
    otable = table_for(octx, state, other, hist)
    assert _duty_labels(otable)["hearts"] == name
    click(otable, otable.L.deck_card(SUITS.index("hearts")).center)
    otable.update(0)
    banner = otable.nodes().find("banner")
    assert banner is not None and name in banner.label and octx.sent == []
