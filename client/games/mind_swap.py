"""mind_swap on the client: the table view and the launcher card."""
from __future__ import annotations

from client.games.descriptor import GameClient
from client.kit import theme

CLIENT = GameClient(view="client.tables.mind_swap:MindSwapTable", colour=theme.GAME_MIND_SWAP, suit="♦",
                    step_help="client.tables.mind_swap_texts:step_help")
