"""mind_swap on the client: the table view and the launcher card."""
from __future__ import annotations

from client.games.descriptor import GameClient

CLIENT = GameClient(view="client.tables.mind_swap:MindSwapTable", colour=(86, 140, 200), suit="♦",
                    step_help="client.tables.mind_swap_texts:step_help")
