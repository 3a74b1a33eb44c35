"""mind_swap scenes driven by the real rules (frame bench; also handy in tests).

``busy_map_scene(ctx)``: 16 students on the map (everyone enters at the start), a seat's
hand, and a queue of magic rolls (2d6 + outcome + the runaway d10) so dice keep tumbling.
"""
from __future__ import annotations

from typing import Any

from client.tables.mind_swap import MindSwapTable
from client.kit.headless import LocalGame


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
