"""Rolls of school_mystery: 2d6 (+ stat), advantage/disadvantage as 3d6 keep two, bands."""
from __future__ import annotations

from typing import Any

from shared.rng import Rng, dice_at

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
    dropped = dice.index(min(dice) if mode == "advantage" else max(dice))
    kept = list(dice)
    del kept[dropped]
    return kept, dropped


def roll(rng: Rng, mode: str = "normal") -> dict[str, Any]:
    """Throw the dice for ``mode``; returns {"dice", "kept", "dropped", "mode", "sum"}."""
    count = 2 if mode == "normal" else 3
    dice = rng.dice(count)
    kept, dropped = keep_dice(dice, mode)
    return {"dice": dice, "kept": kept, "dropped": dropped, "mode": mode, "sum": sum(kept)}


def throw(rng_state: int, mode: str = "normal") -> tuple[int, list[int], list[int], int | None, int]:
    """What ``roll(Rng(rng_state), mode)`` throws, without the dict (rules throw dice in many actions):
    (the generator's next state, dice, kept, dropped index, sum)."""
    if mode == "normal":  # keep_dice's first case, written out (most rolls are normal)
        after, dice = dice_at(rng_state, 2)
        return after, dice, dice[:], None, dice[0] + dice[1]
    after, dice = dice_at(rng_state, 3)
    kept, dropped = keep_dice(dice, mode)
    return after, dice, kept, dropped, kept[0] + kept[1]
