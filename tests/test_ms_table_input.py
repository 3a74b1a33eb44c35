"""mind_swap table: real mouse events become the right candidate actions (or spring back)."""
from __future__ import annotations

import pygame

from client.tables.mind_swap import MindSwapTable
from client.tables.mind_swap_zoom import ZoomFace
from tests._ms_table_util import (
    banner,
    body_band,
    click,
    drag,
    empty_spot,
    find_seed,
    hand_card_centre,
    hand_types,
    make,
    mind_centre,
    own_body,
    place_of,
    prompt,
    settle,
    slot_centre,
)


def _clear_over_the_map(table: MindSwapTable, window: pygame.Rect) -> bool:
    """The chooser's buttons are in the window, on a place of the map, and clear of the hand, the
    prompt and the sidebar."""
    nodes = table.nodes()
    choices = [n for n in nodes.buttons() if n.id[0] == "choice"]
    places = [n.rect for n in nodes.of_kind("place") if n.id[0] == "area"]
    others = [n.rect for n in nodes if n.id == "prompt" or n.kind == "card"
              or (isinstance(n.id, tuple) and n.id[0] in ("turn", "player", "pile"))]
    return bool(choices) and all(window.contains(c.rect) and c.rect.collidelist(places) >= 0
                                 and c.rect.collidelist(others) < 0 for c in choices)


def test_playing_a_card_by_drag_sends_it():
    seed = find_seed(lambda s: s["turn"] == 0 and "extra_magic" in hand_types(s))
    game, table, ctx, screen = make(seed)
    drag(table, screen, hand_card_centre(table, "extra_magic"), slot_centre(table))
    assert len(ctx.sent) == 1
    seat, action = ctx.sent[0]
    assert seat == 0 and action["type"] == "play" and action["action"] == "extra_magic"
    assert game.state["ctypes"][action["card"]] == "extra_magic"
    assert action in game.spec.legal_actions(game.state, 0)


def test_a_card_dropped_outside_springs_back_and_sends_nothing():
    seed = find_seed(lambda s: s["turn"] == 0 and "bath" in hand_types(s))
    _game, table, ctx, screen = make(seed)
    start = hand_card_centre(table, "bath")
    heading = table.nodes().find(("turn", 0))  # the sidebar: nothing to drop on
    assert heading is not None
    drag(table, screen, start, heading.rect.center)
    assert ctx.sent == []
    settle(table, screen, 60)
    assert hand_card_centre(table, "bath") == start  # back in the hand


def test_two_action_card_asks_which():
    seed = find_seed(lambda s: s["turn"] == 0 and "self_or_negi" in hand_types(s)
                     and not ({"move_self", "move_negi"} & hand_types(s)))
    game, table, ctx, screen = make(seed)
    drag(table, screen, hand_card_centre(table, "self_or_negi"), slot_centre(table))
    choices = [n for n in table.nodes().buttons() if n.id[0] == "choice" and n.id[1] != "cancel"]
    assert ctx.sent == [] and len(choices) == 2 and table.nodes().find(("choice", "cancel")) is not None
    assert _clear_over_the_map(table, screen.get_rect())  # clear of the hand, the prompt and the sidebar
    assert not choices[0].rect.colliderect(choices[1].rect)
    assert [n.label for n in choices] == [ctx.t("ms.act.move_self"), ctx.t("ms.act.move_negi")]
    assert all(n.action == {"type": "play", "card": n.action["card"], "action": n.id[1]} for n in choices)
    table.set_rect(pygame.Rect(0, 0, 1280, 720))  # the window shrinks while the player chooses
    table.update(1 / 60)
    assert _clear_over_the_map(table, pygame.Rect(0, 0, 1280, 720))
    table.set_rect(screen.get_rect())
    table.update(1 / 60)
    negi_button = next(n for n in choices if n.id == ("choice", "move_negi"))
    click(table, screen, negi_button.rect.center)
    negi = table.nodes().find(("negi", 0))
    assert negi is not None and negi.draggable
    assert not [n for n in table.nodes().buttons() if n.id[0] == "choice"]
    target = next(loc for loc in ("library", "garden", "sports_ground") if loc != game.state["negi"])
    click(table, screen, empty_spot(table, target))
    assert ctx.sent and ctx.sent[-1][1]["action"] == "move_negi" and ctx.sent[-1][1]["to"] == target


def test_dragging_your_pair_to_another_area_sends_the_move():
    seed = find_seed(lambda s: s["turn"] == 0 and "move_self" in hand_types(s))
    game, table, ctx, screen = make(seed)
    drag(table, screen, hand_card_centre(table, "move_self"), slot_centre(table))
    assert prompt(table) == ctx.t("ms.prompt.move_self") and ctx.sent == []
    own = own_body(game.state)
    here = game.state["loc"][own]
    target = next(loc for loc in ("sports_ground", "library", "garden", "classroom") if loc != here)
    drag(table, screen, body_band(table, own), empty_spot(table, target))
    assert len(ctx.sent) == 1
    action = ctx.sent[0][1]
    assert action["action"] == "move_self" and action["to"] == target and action.get("take") is None
    game.act(0, action)  # the server accepts it; the pair settles in its new area
    settle(table, screen, 5)
    assert place_of(table, own) == target


def _magic_ready(s: dict) -> bool:
    if s["turn"] != 0:
        return False
    own = own_body(s)
    here = s["loc"][own]
    others = [b for b in range(2, 32) if s["loc"][b] == here and b != own]
    elsewhere = [b for b in range(2, 32) if s["loc"][b] not in (None, here)]
    return here == s["negi"] and here != "other" and bool(others) and bool(elsewhere)


def test_naming_two_minds_by_drag_sends_the_magic():
    seed = find_seed(_magic_ready)
    game, table, ctx, screen = make(seed)
    own = own_body(game.state)
    here = game.state["loc"][own]
    other = next(b for b in range(2, 32) if game.state["loc"][b] == here and b != own)
    assert table.nodes().find(("button", "magic")) is not None
    drag(table, screen, mind_centre(table, own), mind_centre(table, other))
    assert len(ctx.sent) == 1
    action = ctx.sent[0][1]
    assert action == {"type": "magic", "a": min(own, other), "b": max(own, other)}


def test_an_illegal_drop_springs_back_with_a_message():
    seed = find_seed(_magic_ready)
    game, table, ctx, screen = make(seed)
    own = own_body(game.state)
    here = game.state["loc"][own]
    far = next(b for b in range(2, 32) if game.state["loc"][b] not in (None, here))
    start = mind_centre(table, own)
    drag(table, screen, start, mind_centre(table, far))
    assert ctx.sent == []
    assert banner(table) == ctx.t("ms.rule.magic_not_here")  # the rule broken, in the player's language
    assert "error" in ctx.sounds
    settle(table, screen, 60)
    assert mind_centre(table, own) == start  # the mind card is back on its body


def test_server_error_springs_back():
    seed = find_seed(lambda s: s["turn"] == 0 and "move_self" in hand_types(s))
    game, table, ctx, screen = make(seed)
    drag(table, screen, hand_card_centre(table, "move_self"), slot_centre(table))
    own = own_body(game.state)
    here = game.state["loc"][own]
    target = next(loc for loc in ("sports_ground", "library", "garden", "classroom") if loc != here)
    home = body_band(table, own)
    drag(table, screen, home, empty_spot(table, target))
    assert ctx.sent
    table.on_error("action/not_your_turn", "it is not your turn")
    assert ctx.toasts[-1] == (ctx.error_text("action/not_your_turn", "it is not your turn"), "error")
    settle(table, screen, 60)
    assert body_band(table, own) == home


def test_right_click_zooms_a_card_and_escape_closes_it():
    _game, table, _ctx, screen = make(3)
    body = next(int(n.id[1]) for n in table.nodes().of_kind("pair"))
    mind = _game.state["mind"][body]
    click(table, screen, mind_centre(table, body), button=3)
    zoom = table.nodes().find("zoom")
    assert zoom is not None and zoom.modal and zoom.zoom == ZoomFace("mind", mind)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    for ev in pygame.event.get():
        table.handle_event(ev)
    settle(table, screen, 1)
    assert table.nodes().find("zoom") is None


def test_display_mode_has_no_controls():
    _game, table, ctx, screen = make(3, seat=None)
    assert not table.nodes().of_kind("card") and not table.nodes().buttons()
    body = next(int(n.id[1]) for n in table.nodes().of_kind("pair"))
    drag(table, screen, mind_centre(table, body), (100, 100))
    assert ctx.sent == []


def test_relocation_by_clicking_three_students():
    seed = find_seed(lambda s: s["turn"] == 0 and "relocate" in hand_types(s)
                     and len([b for b in range(2, 32) if s["loc"][b] is not None]) >= 4)
    game, table, ctx, screen = make(seed)
    drag(table, screen, hand_card_centre(table, "relocate"), slot_centre(table))
    assert prompt(table) == ctx.t("ms.prompt.relocate", n=3)
    own = own_body(game.state)
    others = [b for b in sorted(int(n.id[1]) for n in table.nodes().of_kind("pair")) if b != own][:3]
    for b in others:
        click(table, screen, body_band(table, b))
    assert len(ctx.sent) == 1
    action = ctx.sent[0][1]
    assert action["action"] == "relocate" and sorted(action["students"]) == others
    game.act(0, action)  # the rules accept it


def test_great_success_lets_you_swap_two_more_by_clicking():
    import copy

    from shared.rng import Rng

    for seed in range(80):
        game, table, ctx, screen = make(seed)
        rng = Rng.from_seed(seed)
        found = None
        for _ in range(120):
            s = game.state
            magic = [a for a in game.spec.legal_actions(s, 0) if a["type"] == "magic"] if s["turn"] == 0 else []
            if magic:
                after, _events = game.spec.apply(copy.deepcopy(s), 0, magic[0])
                if after["pending"] is not None:
                    found = magic[0]
                    break
            if game.bot_step(rng) is None:
                break
            table.skip_animations()
        if found is None:
            continue
        game.act(0, found)
        table.skip_animations()
        settle(table, screen, 3)
        assert table.nodes().find(("button", "great_skip")) is not None
        assert prompt(table) == ctx.t("ms.prompt.great")
        pair = next(tuple(sorted((a["a"], a["b"]))) for a in game.spec.legal_actions(game.state, 0)
                    if a["type"] == "great_swap")
        click(table, screen, body_band(table, pair[0]))
        click(table, screen, body_band(table, pair[1]))
        assert ctx.sent[-1][1] == {"type": "great_swap", "a": pair[0], "b": pair[1]}
        return
    raise AssertionError("no game reached a great success for seat 0")
