"""The dice widget lands on exactly the faces it is given (the server's faces)."""
from __future__ import annotations

import pygame
import pytest

from client.widgets.dice import DiceRoll, DieFaces


@pytest.fixture(autouse=True)
def _pg():
    pygame.init()
    yield


@pytest.mark.parametrize("sides,faces", [([6, 6], [3, 5]), ([10], [10]), ([10], [1]), ([6, 6, 6], [6, 1, 2])])
def test_lands_on_given_faces(sides, faces):
    roll = DiceRoll(sides=sides, faces=faces, start=(0, 500), rest=(600, 400))
    surf = pygame.Surface((1200, 800))
    seen_other = False
    steps = 0
    while not roll.done:
        roll.update(1 / 60)
        roll.draw(surf, DieFaces())
        if not roll.landed and roll.shown_faces() != faces:
            seen_other = True
        steps += 1
        assert steps < 600
    assert roll.landed and roll.shown_faces() == faces
    assert seen_other  # it visibly tumbled through other faces first
    # at rest the dice sit around the resting point, upright
    centres = [r.center for r in roll.die_rects()]
    assert abs(sum(c[0] for c in centres) / len(centres) - 600) <= 1
    assert all(abs(c[1] - 400) <= 1 for c in centres)


def test_duration_and_skip():
    roll = DiceRoll(sides=[6, 6], faces=[1, 2], start=(0, 0), rest=(100, 100))
    assert 0.7 <= roll.duration <= 1.0
    roll.update(0.1)
    assert not roll.landed
    roll.skip()
    assert roll.done and roll.shown_faces() == [1, 2]
    fast = DiceRoll(sides=[10], faces=[7], start=(0, 0), rest=(10, 10), fast=True)
    assert fast.done and fast.shown_faces() == [7]


def test_keep_two_greys_the_dropped_die():
    roll = DiceRoll(sides=[6, 6, 6], faces=[2, 5, 6], start=(0, 0), rest=(300, 300), dropped=frozenset({0}))
    assert roll.total() == 11
    roll.skip()
    surf = pygame.Surface((600, 600))
    surf.fill((31, 58, 52))
    roll.draw(surf, DieFaces())
    r0, r1, r2 = roll.die_rects()
    # the dropped die is grey paper, the kept ones ivory
    assert surf.get_at((r0.centerx, r0.y + 6))[:3] == (150, 150, 150)
    assert surf.get_at((r1.centerx, r1.y + 6))[:3] == (246, 241, 228)
    assert surf.get_at((r2.centerx, r2.y + 6))[:3] == (246, 241, 228)


def test_rejects_impossible_face():
    with pytest.raises(ValueError):
        DiceRoll(sides=[6], faces=[7], start=(0, 0), rest=(0, 0))
