"""mind_swap table: dice events roll to the server's faces in the fixed tray; nothing is spoiled before
they land; the shown table keeps up with fast bots and controls act only on what is shown."""
from __future__ import annotations

import pygame

from client.kit.headless import HeadlessContext, LocalGame
from client.tables.mind_swap import MindSwapTable
from shared.rng import Rng
from tests._ms_table_util import (
    controls_live,
    dice,
    fx,
    pile_shown,
    scores_shown,
    shown_minds,
    turn_shown,
)


def _slow_table(seed: int = 4, seat: int = 0) -> tuple[LocalGame, MindSwapTable, HeadlessContext, pygame.Surface]:
    pygame.init()
    ctx = HeadlessContext("en", fast=False)
    game = LocalGame("mind_swap", 4, seed)
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table, opening=False)
    screen = pygame.Surface((1920, 1080))
    table.update(0.0)
    table.skip_animations()
    table.draw(screen, screen.get_rect())
    return game, table, ctx, screen


def test_dice_event_lands_on_the_server_faces_then_logs():
    """The roll shows in the tray (by the node map: the tray and a node per die), its dice stay in the
    tray, land on the server's faces, and only then its log line appears; Space lands the rest."""
    _game, table, _ctx, screen = _slow_table()
    table.push_events([{"type": "dice", "purpose": "magic", "dice": ["d6", "d6"], "faces": [3, 5], "seat": 1,
                        "a": 2, "b": 4},
                       {"type": "dice", "purpose": "runaway", "dice": ["d10"], "faces": [10], "seat": 1}])
    table.update(0.0)
    roll = dice(table)
    assert roll is not None
    _faces, landed, tray, dies = roll
    assert [n.payload[2] for n in dies] == [6, 6] and not landed
    sidebar = [n.rect for n in table.nodes() if isinstance(n.id, tuple) and n.id[0] in ("turn", "player", "pile")]
    assert screen.get_rect().contains(tray) and not any(tray.colliderect(r) for r in sidebar)  # on the map
    before = len(table.log_lines())
    t = 0.0
    while not landed:
        assert len(table.log_lines()) == before  # no log line while the dice are in the air
        assert all(tray.contains(n.rect) for n in dies)  # the dice stay in the tray
        table.update(1 / 60)
        table.draw(screen, screen.get_rect())
        t += 1 / 60
        roll = dice(table)
        assert roll is not None and roll[2] == tray and t < 1.0
        faces, landed, _tray, dies = roll
    assert faces == (3, 5) and t >= 0.6
    for _ in range(120):  # the sum is shown a moment, then the runaway roll starts
        table.update(1 / 60)
        roll = dice(table)
        if roll is not None and [n.payload[2] for n in roll[3]] == [10]:
            break
    assert roll is not None and "3 + 5" in table.log_lines()[-1]
    assert roll[2] == tray  # the same tray for every roll
    while not roll[1]:
        table.update(1 / 60)
        roll = dice(table)
        assert roll is not None
    assert roll[0] == (10,) and table.busy()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    for ev in pygame.event.get():
        table.handle_event(ev)
    table.update(0.0)
    assert dice(table) is None and "10" in table.log_lines()[-1]


def test_snapshot_is_held_back_until_the_magic_dice_land():
    """The arrangement after a spell appears only once its dice have landed."""
    for seed in range(60):
        game, table, _ctx, screen = _slow_table(seed)
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
        table.update(1 / 60)
        shown_before = shown_minds(table)
        events = game.act(seat, magic[0])
        if not any(ev["type"] == "minds" for ev in events):
            continue  # a sneeze changes nothing: try another game
        table.update(1 / 60)
        assert shown_minds(table) == shown_before
        assert dice(table) is not None
        for _ in range(600):
            if not table.busy():
                break
            table.update(1 / 30)
            table.draw(screen, screen.get_rect())
        table.update(1 / 30)
        after = shown_minds(table)
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
    assert sorted(scores_shown(table)) == [0, 1, 2, 3] and pile_shown(table, "cup") > 0
    entering = [e["student"] for e in game.state["opening"] if e["type"] == "move" and e["why"] == "enter"]
    assert entering and not any(b in shown_minds(table) for b in entering)
    assert dice(table) is not None  # the start roll
    assert not controls_live(table)  # nothing to act on while the opening plays
    for _ in range(3000):
        if not table.busy():
            break
        table.update(1 / 30)
    table.update(1 / 30)
    assert set(shown_minds(table)) == {p["body"] for p in game.spec.view(game.state, 0)["pairs"]}
    assert any("d10" in line for line in table.log_lines())
    # the app pushing the same opening again does not replay it
    table.push_events(list(game.state["opening"]))
    assert not table.busy()


def test_your_turn_banner_comes_after_the_turn_is_shown():
    """The banner used to play before the turn event was applied: "Your turn" over a sidebar naming a bot."""
    turn = LocalGame("mind_swap", 4, 4).state["turn"]
    mine = next(s for s in range(4) if s != turn)
    _game, table, ctx, _screen = _slow_table(4, seat=mine)
    assert turn_shown(table) == turn
    # as the app does: the snapshot, then the events that led to it
    table.set_snapshot(dict(table.view, turn=mine, turn_no=3), [], table.sid + 1)
    table.push_events([{"type": "turn", "seat": mine, "turn_no": 3},  # a roll after it: the batch plays on
                       {"type": "dice", "purpose": "runaway", "dice": ["d10"], "faces": [10], "seat": mine}])
    seen = []
    for _ in range(200):
        table.update(1 / 60)
        # the sidebar heading reads the shown snapshot, like the step line: never ahead of it mid-batch
        assert turn_shown(table) == table.shown_now().view.get("turn")
        banner = fx(table, "announce")
        if banner is not None and banner.label == ctx.t("ms.your_turn"):
            seen.append(turn_shown(table))
        if not table.busy():
            break
    assert seen and all(t == mine for t in seen)  # the sidebar already names the seat when the banner plays


def test_the_shown_table_keeps_up_with_fast_bots_and_controls_wait_for_it():
    """Bots acting every frame: the shown table is never more than about a second behind the game
    (only the newest batch may play in full; the sidebar's deck count moves during the game), and
    the seat's controls are live only when the shown turn is this seat's."""
    game, table, _ctx, _screen = _slow_table(6)
    rng = Rng.from_seed(6)
    batches: list[tuple[float, int]] = []  # (when delivered, turn_no of its snapshot)
    clock = 0.0
    decks = set()
    acted = 0
    for _ in range(1500):
        if game.state["turn"] != 0 or not game.legal(0):
            if game.bot_step(rng) is None:
                break
            batches.append((clock, int(game.state["turn_no"])))
        elif controls_live(table):  # this seat acts as soon as its controls are live
            assert turn_shown(table) == 0
            game.act(0, game.legal(0)[0])
            acted += 1
            batches.append((clock, int(game.state["turn_no"])))
        table.update(1 / 60)
        clock += 1 / 60
        if controls_live(table):
            assert turn_shown(table) == 0 and game.state["turn"] == 0
        decks.add(pile_shown(table, "deck"))
        older = [t for at, t in batches[:-1] if at <= clock - 1.5]
        if older:
            assert int(table.shown().get("turn_no", 0)) >= max(older)
    assert len(decks) > 3 and acted > 3
