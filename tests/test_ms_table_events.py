"""mind_swap table: dice events roll to the server's faces; nothing is spoiled before they land."""
from __future__ import annotations

import pygame

from client.tables import mind_swap_fx as FX
from client.tables.mind_swap import MindSwapTable
from client.kit.headless import HeadlessContext, LocalGame
from shared.rng import Rng


def _slow_table(seed: int = 4) -> tuple[LocalGame, MindSwapTable, HeadlessContext, pygame.Surface]:
    pygame.init()
    ctx = HeadlessContext("en", fast=False)
    game = LocalGame("mind_swap", 4, seed)
    table = MindSwapTable(ctx, 0)
    game.attach(0, table, opening=False)
    screen = pygame.Surface((1920, 1080))
    table.update(0.0)
    table.skip_animations()
    table.draw(screen, screen.get_rect())
    return game, table, ctx, screen


def test_dice_event_lands_on_the_server_faces_then_logs():
    game, table, ctx, screen = _slow_table()
    table.push_events([{"type": "dice", "purpose": "magic", "dice": ["d6", "d6"], "faces": [3, 5], "seat": 1,
                        "a": 2, "b": 4},
                       {"type": "dice", "purpose": "runaway", "dice": ["d10"], "faces": [10], "seat": 1}])
    first = table.steps[0]
    assert isinstance(first, FX.DiceStep) and first.roll is not None
    assert list(first.roll.sides) == [6, 6]
    assert 0.7 <= first.roll.duration <= 1.0
    before = len(table.log)
    t = 0.0
    while not first.roll.landed:
        table.update(1 / 60)
        table.draw(screen, screen.get_rect())
        t += 1 / 60
        assert len(table.log) == before  # no log line while the dice are in the air
        assert t < 1.0
    assert first.roll.shown_faces() == [3, 5]
    while table.steps and table.steps[0] is first:
        table.update(1 / 60)
    assert "3 + 5" in table.log[-1]
    second = table.steps[0]
    assert isinstance(second, FX.DiceStep) and list(second.roll.sides) == [10]
    second.skip()
    assert second.roll.shown_faces() == [10]
    assert table.busy()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    for ev in pygame.event.get():
        table.handle_event(ev)
    assert not table.steps


def test_snapshot_is_held_back_until_the_magic_dice_land():
    """The arrangement after a spell appears only once its dice have landed."""
    for seed in range(60):
        game, table, ctx, screen = _slow_table(seed)
        rng = Rng.from_seed(seed)
        for _ in range(200):
            seat = game.state["turn"]
            legal = game.spec.legal_actions(game.state, seat)
            magic = [a for a in legal if a["type"] == "magic"]
            if magic:
                break
            table.skip_animations()
            if game.bot_step(rng) is None:
                break
        else:
            continue
        if not magic:
            continue
        table.skip_animations()
        shown_before = {b: p.mind for b, p in table.model.pairs.items()}
        events = game.act(seat, magic[0])
        if not any(ev["type"] == "minds" for ev in events):
            continue  # a sneeze changes nothing: try another game
        table.update(1 / 60)
        assert {b: p.mind for b, p in table.model.pairs.items()} == shown_before
        assert isinstance(table.steps[0], FX.DiceStep)
        for _ in range(600):
            if not table.steps:
                break
            table.update(1 / 30)
            table.draw(screen, screen.get_rect())
        table.update(1 / 30)
        after = {b: p.mind for b, p in table.model.pairs.items()}
        assert after == {p["body"]: p["mind"] for p in game.spec.view(game.state, 0)["pairs"]}
        return
    raise AssertionError("no game reached a spell that moved minds")


def test_the_opening_is_shown_from_the_first_snapshot():
    """A table at the start shows the scores and counts at once, and the first students walk in."""
    pygame.init()
    ctx = HeadlessContext("ja", fast=False)
    game = LocalGame("mind_swap", 4, 8)
    table = MindSwapTable(ctx, 0)
    game.attach(0, table)
    screen = pygame.Surface((1920, 1080))
    table.update(1 / 60)
    table.draw(screen, screen.get_rect())
    assert len(table.model.players) == 4 and table.model.cup > 0
    entering = [e["student"] for e in game.state["opening"] if e["type"] == "move" and e["why"] == "enter"]
    assert entering and not any(b in table.model.pairs for b in entering)
    assert isinstance(table.steps[0], FX.DiceStep)  # the start roll
    for _ in range(3000):
        if not table.busy():
            break
        table.update(1 / 30)
    assert set(table.model.pairs) == {p["body"] for p in game.spec.view(game.state, 0)["pairs"]}
    assert any("d10" in line for line in table.log)
    # the app pushing the same opening again does not replay it
    table.push_events(list(game.state["opening"]))
    assert not table.steps


def test_your_turn_banner_comes_after_the_turn_is_shown():
    """The banner used to play before the turn event was applied: "Your turn" over a sidebar naming a bot."""
    game, table, ctx, screen = _slow_table()
    steps = table.steps_for({"type": "turn", "seat": 0, "turn_no": 3})
    kinds = [type(s).__name__ for s in steps]
    assert "BannerStep" in kinds, kinds
    banner = kinds.index("BannerStep")
    applied = next(i for i, s in enumerate(steps) if s.event is not None)
    assert applied < banner, kinds
    other = table.steps_for({"type": "turn", "seat": 2, "turn_no": 4})
    assert not any(type(s).__name__ == "BannerStep" for s in other)
