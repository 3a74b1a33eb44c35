"""Rolls of school_mystery: 2d6 (+ stat), advantage/disadvantage as 3d6 keep two, bands."""
from __future__ import annotations

from typing import Any

from shared.rng import Rng

BAND_ORDER = ("failure", "narrow", "success", "great")


def band_of(total: int) -> str:
    """12+ great, 10–11 success, 7–9 narrow, 6− failure."""
    if total >= 12:
        return "great"
    if total >= 10:
        return "success"
    if total >= 7:
        return "narrow"
    return "failure"


def raise_band(band: str) -> str:
    """One step up (failure → narrow → success → great); great stays great."""
    i = BAND_ORDER.index(band)
    return BAND_ORDER[min(i + 1, len(BAND_ORDER) - 1)]


def mode_of(advantage_sources: list[str], disadvantage_sources: list[str]) -> str:
    """Several advantages count as one, several disadvantages as one; one of each cancel."""
    adv, dis = bool(advantage_sources), bool(disadvantage_sources)
    if adv and not dis:
        return "advantage"
    if dis and not adv:
        return "disadvantage"
    return "normal"


def keep_dice(dice: list[int], mode: str) -> tuple[list[int], int | None]:
    """Which dice count: all two (normal), or three minus the lowest (advantage) / highest (disadvantage).

    Returns (kept dice in rolled order, index of the dropped die or None).
    """
    if mode == "normal":
        return list(dice), None
    target = min(dice) if mode == "advantage" else max(dice)
    dropped = dice.index(target)
    return [d for i, d in enumerate(dice) if i != dropped], dropped


def roll(rng: Rng, mode: str = "normal") -> dict[str, Any]:
    """Throw the dice for ``mode``; returns {"dice", "kept", "dropped", "mode", "sum"}."""
    count = 2 if mode == "normal" else 3
    dice = [rng.randint(1, 6) for _ in range(count)]
    kept, dropped = keep_dice(dice, mode)
    return {"dice": dice, "kept": kept, "dropped": dropped, "mode": mode, "sum": sum(kept)}


_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_LIMIT6 = _MASK64 - (_MASK64 + 1) % 6  # the largest draw that keeps ``draw % 6`` unbiased (Rng.below)


def throw(rng_state: int, mode: str = "normal") -> tuple[int, list[int], list[int], int | None, int]:
    """What ``roll(Rng(rng_state), mode)`` throws, without the generator object and the dict (rules
    throw dice in many actions): (the generator's next state, dice, kept, dropped index, sum).
    The same draws as :meth:`shared.rng.Rng.randint` ``(1, 6)``, written out."""
    state = rng_state & _MASK64
    dice = []
    for _ in range(2 if mode == "normal" else 3):
        while True:
            state = z = (state + _GOLDEN) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x <= _LIMIT6:
                break
        dice.append(1 + x % 6)
    if mode == "normal":
        a, b = dice
        return state, dice, [a, b], None, a + b
    dropped = dice.index(min(dice) if mode == "advantage" else max(dice))
    kept = dice[:dropped] + dice[dropped + 1:]
    return state, dice, kept, dropped, kept[0] + kept[1]
