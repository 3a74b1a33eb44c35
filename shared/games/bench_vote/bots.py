"""Bots for bench_vote: pick any vote."""
from __future__ import annotations

from typing import Any

from shared.rng import Rng


def random_bot(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    return rng.choice(legal)


BOTS = {"random": random_bot, "sensible": random_bot}
