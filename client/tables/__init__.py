"""Per-game table views. ``TABLES`` maps a game id to "module:Class" (a :class:`TableView`)."""
from __future__ import annotations

import importlib

TABLES: dict[str, str] = {
    "fate_votes": "client.tables.fate_votes:FateVotesTable",
    "mind_swap": "client.tables.mind_swap:MindSwapTable",
    "school_mystery": "client.tables.school_mystery:SchoolMysteryTable",
}


def table_class(game_id: str) -> type:
    module, _, name = TABLES[game_id].partition(":")
    return getattr(importlib.import_module(module), name)
