"""mind_swap scenes driven by the real rules (frame bench; also handy in tests).

``busy_map_scene(ctx)``: 16 students on the map (everyone enters at the start), a seat's
hand, and a queue of magic rolls (2d6 + outcome + the runaway d10) so dice keep tumbling.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.kit.headless import LocalGame
from client.tables.mind_swap import MindSwapTable


def busy_map_scene(ctx: Any, seat: int | None = 0, seed: int = 3, rolls: int = 16) -> MindSwapTable:
    game = LocalGame("mind_swap", 4, seed, {"entry": "all_at_start"})
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table, opening=False)
    table.update(0.0)
    table.skip_animations()
    pairs = sorted(table.latest.pairs)
    events = []
    for i in range(rolls):
        a, b = pairs[i % len(pairs)], pairs[(i + 3) % len(pairs)]
        faces = [1 + (i * 5) % 6, 1 + (i * 7 + 2) % 6]
        events.append({"type": "dice", "purpose": "magic", "dice": ["d6", "d6"], "faces": faces, "seat": 1,
                       "a": a, "b": b})
        events.append({"type": "dice", "purpose": "runaway", "dice": ["d10"], "faces": [1 + (i * 3) % 10],
                       "seat": 1})
    table.push_events(events)
    return table


# --- the layout walk's mind_swap scenes (tools/layout_walk.py; screenshots use the same scenes) ------
def _my_turn_game(seed: int = 0, hand: str | None = None) -> LocalGame:
    """A 4-player game at seat 0's turn (with a ``hand`` card type in its hand, if given)."""
    for s in range(seed, seed + 400):
        game = LocalGame("mind_swap", 4, s)
        types = {game.state["ctypes"][c] for c in game.state["hands"][0]}
        if game.state["turn"] == 0 and (hand is None or hand in types):
            return game
    raise LookupError("no game found")


def _table(ctx: Any, game: LocalGame, seat: int | None = 0) -> MindSwapTable:
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table, opening=False)
    table.update(0.0)
    table.skip_animations()
    table.update(1 / 60)
    return table


def play_scene(ctx: Any) -> MindSwapTable:
    """Seat 0 to act: its hand, the play slot, the map."""
    return _table(ctx, _my_turn_game())


def choose_scene(ctx: Any) -> MindSwapTable:
    """A two-action card on the play slot: its two choices over the map."""
    table = _table(ctx, _my_turn_game(hand="self_or_negi"))
    card = next(c for c in table.latest.hand if len(c.actions) > 1)
    table.intents.open_chooser(card, list(card.actions))
    table.update(1 / 60)
    return table


def dice_scene(ctx: Any) -> MindSwapTable:
    """A spell's dice in the tray (mid-roll, the caption above them)."""
    ctx.fast = False
    table = _table(ctx, _my_turn_game(), seat=None)
    pairs = sorted(table.latest.pairs)
    table.push_events([{"type": "dice", "purpose": "magic", "dice": ["d6", "d6"], "faces": [3, 5], "seat": 1,
                        "a": pairs[0], "b": pairs[1]}])
    for _ in range(20):
        table.update(1 / 60)
    return table


def zoom_scene(ctx: Any) -> MindSwapTable:
    """A student's card zoomed by a right-click (its location table, club and abilities)."""
    import pygame

    table = _table(ctx, _my_turn_game())
    surf = pygame.display.get_surface()
    if surf is not None:
        table.set_rect(surf.get_rect())
    table.update(1 / 60)
    mind = max(table.nodes().of_kind("mind"), key=lambda n: n.rect.x)  # rightmost: the card opens to its left
    for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}), (pygame.MOUSEBUTTONDOWN,
                                                                                      {"button": 3})):
        table.handle_event(pygame.event.Event(kind, pos=mind.rect.center, **extra))
    table.update(1 / 60)
    return table


def target_scene(ctx: Any) -> MindSwapTable:
    """Move yourself waiting for its targets: the lit places, the instruction, the Cancel button."""
    table = _table(ctx, _my_turn_game(hand="move_self"))
    card = next(c for c in table.latest.hand if c.type == "move_self")
    table.intents.play_card(card)
    table.update(1 / 60)
    return table


def crowded_scene(ctx: Any) -> MindSwapTable:
    """All thirty students on the map (six players): crowded places stack their pairs."""
    return _table(ctx, LocalGame("mind_swap", 6, 3, {"students": "all30", "entry": "all_at_start"}))


def display_scene(ctx: Any) -> MindSwapTable:
    """The public table display (no hand, bigger type)."""
    return _table(ctx, LocalGame("mind_swap", 5, 4, {"entry": "all_at_start"}), seat=None)


def register_walk(register: Callable[[str, Callable[[Any], Any]], None]) -> None:
    """The mind_swap scenes of the layout walk."""
    register("mind_swap_play", play_scene)
    register("mind_swap_choose", choose_scene)
    register("mind_swap_dice", dice_scene)
    register("mind_swap_zoom", zoom_scene)
    register("mind_swap_display", display_scene)
    register("mind_swap_target", target_scene)
    register("mind_swap_crowded", crowded_scene)
