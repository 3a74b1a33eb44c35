"""school_mystery table: a full roll through the dialog (advantage, help, 3d6 keep two, secret raise),
driven with real mouse events and answered by the real rules."""
from __future__ import annotations

from tests.fakes import FakeCtx
from tests.sm_table_helpers import (
    apply_sent,
    button,
    button_keys,
    click,
    click_button,
    dice,
    open_tab,
    play_until,
    secrets_shown,
    shown,
    spec,
    table_for,
)


def _calm(seed: int) -> tuple[dict, list]:
    def stop(s: dict) -> bool:
        return (s["phase"] == "investigation" and s["roll"] is None and not s["tasks"]
                and not s["scene"]["closed"])
    state, hist = play_until(stop, seed=seed)
    return state, hist


def _roller(state: dict) -> int | None:
    sp = spec()
    for seat in range(state["players"]):
        if any(a["type"] == "declare_roll" and a["move"] == "discover" for a in sp.legal_actions(state, seat)):
            return seat
    return None


def _find_raisable() -> tuple[dict, list, int, str]:
    """A calm scene whose 《発見》 with advantage lands below a great success (so a secret can raise it)."""
    sp = spec()
    for seed in range(11, 60):
        state, hist = _calm(seed)
        if state["phase"] != "investigation":
            continue
        seat = _roller(state)
        if seat is None:
            continue
        stat = next(a["stat"] for a in sp.legal_actions(state, seat)
                    if a["type"] == "declare_roll" and a["move"] == "discover")
        s2, _ = sp.apply(state, seat, {"type": "declare_roll", "move": "discover", "stat": stat})
        friend = (seat + 1) % state["players"]
        if not any(a["type"] == "help" for a in sp.legal_actions(s2, friend)):
            continue
        s2, _ = sp.apply(s2, friend, {"type": "help"})
        s2, _ = sp.apply(s2, seat, {"type": "set_roll_modifiers", "advantage": ["card"], "disadvantage": []})
        s2, _ = sp.apply(s2, seat, {"type": "roll_dice"})
        if s2["roll"]["band"] != "great" and s2["roll"]["mode"] == "advantage" and any(
                a["type"] == "unlock_secret" for a in sp.legal_actions(s2, seat)):
            return state, hist, seat, stat
    raise AssertionError("no seed gives a raisable roll")


def test_full_roll_with_advantage_help_and_a_secret_raise():
    state, hist, seat, stat = _find_raisable()
    ctx = FakeCtx("en")
    table = table_for(ctx, state, seat, hist)
    # open the roll dialog, pick the move and the stat
    click_button(table, "act_moves")
    click_button(table, "move:discover")
    click_button(table, f"stat:{stat}")
    assert ctx.sent == [(seat, {"type": "declare_roll", "move": "discover", "stat": stat})]
    state, _ = apply_sent(table, ctx, state, hist)
    assert table.view["roll"]["stage"] == "declared"
    # a friend offers help before the roll (on the friend's own table)
    friend = (seat + 1) % state["players"]
    fctx = FakeCtx("en")
    ftable = table_for(fctx, state, friend, hist)
    click_button(ftable, "help")
    assert fctx.sent == [(friend, {"type": "help"})]
    state, _ = apply_sent(ftable, fctx, state, hist)
    table.set_snapshot(spec().view(state, seat), spec().legal_actions(state, seat), 2)
    # toggle an advantage source: the roll becomes 3d6 keep the highest two
    click_button(table, "adv:card")
    assert ctx.sent == [(seat, {"type": "set_roll_modifiers", "advantage": ["card"], "disadvantage": []})]
    state, _ = apply_sent(table, ctx, state, hist)
    assert "3d6" in button(table, "roll").label
    click_button(table, "roll")
    assert ctx.sent == [(seat, {"type": "roll_dice"})]
    state, events = apply_sent(table, ctx, state, hist)
    dice_ev = next(e for e in events if e["type"] == "dice_rolled")
    assert len(dice_ev["dice"]) == 3 and dice_ev["mode"] == "advantage" and dice_ev["help"] == 1
    # the dice on the table land on the server's faces, the dropped die greyed
    rolling = dice(table)
    assert len(rolling) == 3 and not any(d[3] for d in rolling) and table.busy()
    assert [i for i, d in enumerate(rolling) if d[2]] == [dice_ev["dropped"]]
    log_before = len(table.log_lines())
    assert "accept_roll" not in button_keys(table)  # no spoiler before the dice land
    table.skip_animations()
    table.update(0.0)
    assert [d[1] for d in dice(table)] == dice_ev["dice"] and all(d[3] for d in dice(table))
    assert len(table.log_lines()) > log_before
    band = table.view["roll"]["band"]
    assert band != "great"
    # raise with a secret: the band goes up one step
    secret_keys = [k for k in button_keys(table) if k.startswith("secret:")]
    assert secret_keys, "the roller is offered to unlock a secret"
    click_button(table, secret_keys[0])
    sid = secret_keys[0].split(":", 1)[1]
    assert ctx.sent == [(seat, {"type": "unlock_secret", "secret": sid})]
    state, events = apply_sent(table, ctx, state, hist)
    raised = next(e for e in events if e["type"] == "band_raised")
    order = ["failure", "narrow", "success", "great"]
    assert raised["from"] == band and order.index(raised["to"]) == order.index(band) + 1
    assert table.view["roll"]["band"] == raised["to"] and table.view["roll"]["raised"]
    # the panel now shows the raised band, the secret's text stays on the owner's table only
    assert not any(k.startswith("secret:") for k in button_keys(table))
    assert table.student(seat)["secrets_unlocked"] == 1
    other = table_for(FakeCtx("en"), state, friend, hist)
    assert "secrets" not in other.student(seat)
    assert other.student(seat)["secrets_unlocked"] == 1
    click_button(table, "accept_roll")
    assert ctx.sent == [(seat, {"type": "accept_roll"})]
    state, events = apply_sent(table, ctx, state, hist)
    assert any(e["type"] == "roll_resolved" and e["band"] == raised["to"] for e in events)
    assert table.view["roll"] is None


def test_the_owner_reads_their_secrets_only_on_their_own_sheet():
    state, hist = _calm(11)
    ctx = FakeCtx("en")
    table = table_for(ctx, state, 0, hist)
    open_tab(table, 1)
    click(table, shown(table, ("secrets", 1)).rect.center)
    assert not secrets_shown(table)  # another student's secrets never open
    open_tab(table, 0)
    click(table, shown(table, ("secrets", 0)).rect.center)
    assert secrets_shown(table)
    assert ctx.sent == []


def test_the_table_display_has_no_controls_and_no_secrets():
    state, hist = _calm(11)
    ctx = FakeCtx("en", unit=30, display_mode=True)
    table = table_for(ctx, state, None, hist)
    assert button_keys(table) == [] and table.nodes().of_kind("entry") == []
    assert table.nodes().drag_sources() == [] and table.nodes().buttons() == []
    assert all("secrets" not in st for st in table.view["students"] if st)
    import pygame
    screen = pygame.display.get_surface()
    table.draw(screen, screen.get_rect())


def test_when_the_rival_fails_the_rival_may_roll_again_from_their_own_table():
    sp = spec()
    found = None
    for seed in range(11, 90):
        state, hist = _calm(seed)
        seat = _roller(state) if state["phase"] == "investigation" else None
        if seat is None:
            continue
        stat = next(a["stat"] for a in sp.legal_actions(state, seat)
                    if a["type"] == "declare_roll" and a["move"] == "discover")
        s2, _ = sp.apply(state, seat, {"type": "declare_roll", "move": "discover", "stat": stat})
        s2, _ = sp.apply(s2, seat, {"type": "roll_dice"})
        rivals = [r for r in range(s2["players"]) if any(a["type"] == "rival_reroll" for a in sp.legal_actions(s2, r))]
        if s2["roll"]["band"] == "failure" and rivals:
            found = (s2, hist, seat, rivals[0])
            break
    assert found is not None, "no seed gives a failed roll with a rival"
    state, hist, roller, rival = found
    ctx = FakeCtx("en")
    table = table_for(ctx, state, rival, hist)
    table.skip_animations()
    table.update(0)
    keys = [k for k in button_keys(table) if k.startswith("reroll:")]
    assert keys and "accept_roll" not in button_keys(table)
    click_button(table, keys[0])
    assert ctx.sent == [(rival, {"type": "rival_reroll", "stat": keys[0].split(":", 1)[1]})]
    state, events = apply_sent(table, ctx, state, hist)
    ev = next(e for e in events if e["type"] == "dice_rolled")
    assert ev["reason"] == "rival_reroll" and ev["seat"] == rival and ev["rival_of"] == roller
    assert table.view["roll"]["roller"] == rival and table.view["roll"]["rerolled"]


def test_the_condition_toggle_follows_the_students_conditions():
    """No hindering condition: the toggle is off and disabled; a condition of the table's own words may be
    declared; a sample condition that hinders the roll sets it and it stays."""
    sp = spec()
    state, hist = _calm(11)
    seat = _roller(state)
    assert seat is not None
    declared, _ = sp.apply(state, seat, {"type": "declare_roll", "move": "discover", "stat": "talk"})
    table = table_for(FakeCtx("en"), declared, seat, hist)
    assert not button(table, "dis:condition").enabled
    other = (seat + 1) % state["players"]
    own, _ = sp.apply(state, other, {"type": "give_condition", "target": seat, "text": "soaked"})
    own, _ = sp.apply(own, seat, {"type": "declare_roll", "move": "discover", "stat": "talk"})
    ctx = FakeCtx("en")
    table = table_for(ctx, own, seat, hist)
    click_button(table, "dis:condition")
    assert ctx.sent == [(seat, {"type": "set_roll_modifiers", "advantage": [], "disadvantage": ["condition"]})]
    hindered, _ = sp.apply(state, other, {"type": "give_condition", "target": seat, "condition": "untrusted"})
    hindered, _ = sp.apply(hindered, seat, {"type": "declare_roll", "move": "discover", "stat": "talk"})
    table = table_for(FakeCtx("en"), hindered, seat, hist)
    b = button(table, "dis:condition")
    assert not b.enabled and hindered["roll"]["disadvantage"] == ["condition"]
