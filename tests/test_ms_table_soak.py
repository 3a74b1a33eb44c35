"""A whole game watched by a seat's table and the display, with random clicks and drags: no crash,
and the tables end showing exactly the final view."""
from __future__ import annotations

import random

import pygame

from client.kit.headless import HeadlessContext, LocalGame
from client.tables.mind_swap import MindSwapTable
from shared.rng import Rng
from tests._ms_table_util import scores_shown, turn_shown


def test_whole_game_with_random_input():
    pygame.init()
    screen = pygame.Surface((1600, 900))
    rect = screen.get_rect()
    game = LocalGame("mind_swap", 5, 17)
    seat_ctx = HeadlessContext("zh", height=900, fast=False)
    disp_ctx = HeadlessContext("en", height=900, fast=False, display_mode=True)
    mine, disp = MindSwapTable(seat_ctx, 0), MindSwapTable(disp_ctx, None)
    game.attach(0, mine)
    game.attach(None, disp)
    rnd = random.Random(5)
    rng = Rng.from_seed(3)
    steps = 0
    while True:
        for _ in range(rnd.randint(1, 4)):
            for table in (mine, disp):
                table.update(rnd.choice((1 / 60, 0.1, 0.3)))
                table.draw(screen, rect)
        x, y = rnd.randrange(rect.w), rnd.randrange(rect.h)
        kind = rnd.random()
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))]
        if kind < 0.3:
            events += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=rnd.choice((1, 3))),
                       pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 40, y - 30), rel=(0, 0), buttons=(1, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 40, y - 30), button=1)]
        elif kind < 0.35:
            events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        elif kind < 0.4:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0))
        for ev in events:
            mine.handle_event(ev)
            disp.handle_event(ev)
        # whatever the random input sent for seat 0 is tried against the rules (the server's job)
        while seat_ctx.sent:
            seat, action = seat_ctx.sent.pop(0)
            try:
                game.act(seat, action)
            except Exception as exc:  # noqa: BLE001 - a rejected action: the table springs back
                mine.on_error(getattr(exc, "code", "action/illegal"), str(exc))
        if game.bot_step(rng) is None:
            break
        steps += 1
        assert steps < 3000
    assert disp_ctx.sent == []  # the display never acts
    for table, ctx in ((mine, seat_ctx), (disp, disp_ctx)):
        table.skip_animations()
        table.update(0.1)
        table.draw(screen, rect)
        heading = table.nodes().find(("turn", 0))
        assert heading is not None and heading.label == ctx.t("ms.game_over") and turn_shown(table) is None
        final = game.spec.view(game.state, table.seat)
        assert scores_shown(table) == dict(enumerate(final["scores"]))
        assert not table.nodes().of_kind("pair")
