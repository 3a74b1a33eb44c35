"""fate_votes on the client: the table view and the launcher card."""
from __future__ import annotations

from client.games.descriptor import GameClient
from client.kit import theme

CLIENT = GameClient(view="client.tables.fate_votes:FateVotesTable", colour=theme.GAME_FATE_VOTES, suit="♥",
                    step_help="client.tables.fate_votes_texts:step_help", public_steps=frozenset({"ready"}))
