"""mind_swap bots: each sees only its view and its legal actions."""
from __future__ import annotations
from typing import Any
from shared.rng import Rng


def random_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    return rng.choice(legal)


BOTS: dict[str, Any] = {"random": random_bot, "sensible": random_bot}
