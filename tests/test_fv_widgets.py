"""Reusable widgets: drag controller, tweens and the skippable queue, cards and badges caches."""
from __future__ import annotations

import pygame

from client.widgets.anim import AnimQueue, Call, Staggered, Tween, Wait, ease_out
from client.widgets.cards import (
    CardFace,
    CardRenderer,
    CardSprite,
    HoverHold,
    card_size,
)
from client.widgets.drag import DragController, DragSource, DropTarget
from client.widgets.tokens import PLAYER_COLOURS, SHAPES, BadgeCache
from tests.fakes import FakeCtx
from tests.fv_helpers import screen


def _ev(t, **kw):
    return pygame.event.Event(t, **kw)


def _controller():
    dc = DragController(threshold=6)
    log = {"drop": [], "click": [], "reject": []}
    src = DragSource("a", (100, 100), lambda p: abs(p[0] - 100) < 20 and abs(p[1] - 100) < 20, payload="A")
    ok = DropTarget("ok", pygame.Rect(300, 300, 100, 100), lambda p: (True, ""), lambda p: log["drop"].append(p))
    no = DropTarget("no", pygame.Rect(500, 300, 100, 100), lambda p: (False, "nope"), lambda p: log["drop"].append(p))
    dc.set_sources([src])
    dc.set_targets([ok, no])
    dc.on_click = lambda p: log["click"].append(p)
    dc.on_reject = log["reject"].append
    dc.fallback_message = "drop it somewhere"
    return dc, log


def _drag(dc, start, end):
    dc.handle_event(_ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    dc.handle_event(_ev(pygame.MOUSEMOTION, pos=((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), rel=(1, 1),
                        buttons=(1, 0, 0)))
    dc.handle_event(_ev(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)))
    assert dc.is_held("a")
    grabbed = dc.position_of("a", (100, 100))
    assert grabbed == (end[0] + dc.grab_offset[0], end[1] + dc.grab_offset[1])
    dc.handle_event(_ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_legal_drop_calls_the_target():
    dc, log = _controller()
    _drag(dc, (105, 95), (350, 350))
    assert log["drop"] == ["A"] and log["reject"] == [] and not dc.springs


def test_illegal_drop_springs_back_with_message_and_red_outline():
    dc, log = _controller()
    _drag(dc, (100, 100), (550, 350))
    assert log["drop"] == [] and log["reject"] == ["nope"]
    assert "a" in dc.springs and dc.red.active and dc.red.data == "no"
    start = dc.position_of("a", (100, 100))
    assert start == (550, 350)
    for _ in range(10):
        dc.update(0.03)
    assert not dc.springs and dc.position_of("a", (100, 100)) == (100, 100)


def test_drop_on_nothing_uses_the_fallback_message():
    dc, log = _controller()
    _drag(dc, (100, 100), (900, 900))
    assert log["reject"] == ["drop it somewhere"] and "a" in dc.springs


def test_a_small_move_is_a_click():
    dc, log = _controller()
    dc.handle_event(_ev(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
    dc.handle_event(_ev(pygame.MOUSEMOTION, pos=(102, 101), rel=(2, 1), buttons=(1, 0, 0)))
    dc.handle_event(_ev(pygame.MOUSEBUTTONUP, pos=(102, 101), button=1))
    assert log["click"] == ["A"] and log["drop"] == []


def test_tween_eases_out_and_skips():
    tw = Tween(0.0, 10.0, 1.0, ease_out)
    tw.update(0.5)
    assert 5.0 < tw.value < 10.0  # ease-out is ahead of linear at half time
    tw.skip()
    assert tw.done and tw.value == 10.0
    pair = Tween((0.0, 0.0), (4.0, 8.0), 0.2)
    pair.update(0.2)
    assert pair.value == (4.0, 8.0)


def test_queue_runs_in_order_and_space_or_click_skips():
    fired = []
    q = AnimQueue()
    q.add(Wait(1.0))
    q.add(Call(lambda: fired.append("a")))
    q.add(Tween(0.0, 1.0, 1.0, on_done=lambda: fired.append("b")))
    q.update(0.5)
    assert fired == [] and q.busy
    assert q.handle_event(_ev(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    assert fired == ["a", "b"] and not q.busy
    assert not q.handle_event(_ev(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))  # idle: not consumed


def test_fast_queue_finishes_at_once_and_staggered_fires_all():
    fired = []
    q = AnimQueue(fast=True)
    q.add(Staggered(lambda: [lambda: fired.append(1), lambda: fired.append(2)], gap=0.5))
    assert fired == [1, 2] and not q.busy
    idle = []
    q2 = AnimQueue()
    q2.on_idle = lambda: idle.append(True)
    q2.add(Staggered(lambda: [lambda: fired.append(3), lambda: fired.append(4)], gap=0.5, tail=0.1))
    q2.update(0.01)
    assert fired[-1] == 3
    q2.update(0.6)
    q2.update(0.2)
    assert fired[-1] == 4 and not q2.busy and idle == [True]


def test_cards_and_badges_are_cached_and_flip_swaps_face():
    screen()
    ctx = FakeCtx(lang="zh", unit=20)
    r = CardRenderer(ctx)
    face = CardFace("x", "园崎魅音", "我是部长", "自己的得票数单独为最高。", (0, 158, 115), "star", "4")
    size = card_size(200)
    assert size == (143, 200)
    assert r.face(face, size) is r.face(face, size)
    assert r.surface(face, size, True, 5) is r.surface(face, size, True, 5)
    b = BadgeCache(ctx)
    assert b.badge(3, 40) is b.badge(3, 40) and b.token(3, 20) is b.token(3, 20)
    assert len(PLAYER_COLOURS) == len(set(PLAYER_COLOURS)) == 12 and len(set(SHAPES)) == 12
    sp = CardSprite(face, (100, 100), 200, face_up=False)
    sp.flip(True)
    sp.update(0.1)
    assert not sp.face_up and 0 < sp.squash() < 1
    sp.update(0.05)
    assert sp.face_up
    sp.update(0.2)
    assert not sp.animating and sp.squash() == 1.0


def test_hover_hold_reports_once():
    h = HoverHold(0.5)
    assert h.update("c", 0.1) is None
    assert h.update("c", 0.3) is None
    assert h.update("c", 0.3) == "c"
    assert h.update("c", 0.3) is None
    assert h.update(None, 0.3) is None


def test_a_card_given_a_new_home_while_it_moves_or_flips_comes_to_rest_there():
    """A relayout while a card moves or flips (a snapshot landing mid-animation) re-aims it: it never rests
    away from its home, where drags start (a card resting at its old place could not be picked up there)."""
    face = CardFace("x", "园崎魅音", "我是部长", "自己的得票数单独为最高。", (0, 158, 115), "star", "4")
    moving = CardSprite(face, (0, 0), 200)
    moving.move_to((100, 0), 0.2)
    moving.update(0.1)
    moving.rest_at((300, 50))
    assert moving.animating and moving.home == (300, 50)
    for _ in range(30):
        moving.update(0.02)
    assert not moving.animating and moving.pos == (300, 50)
    flipping = CardSprite(face, (0, 0), 200, face_up=False)
    flipping.flip(True)
    flipping.update(0.05)
    flipping.rest_at((40, 40))
    for _ in range(30):
        flipping.update(0.02)
    assert not flipping.animating and flipping.face_up and flipping.pos == (40, 40)
    still = CardSprite(face, (0, 0), 200)
    still.rest_at((7, 8))
    assert still.pos == (7, 8) and not still.animating
