"""fate_votes on the client: the table view and the launcher card."""
from __future__ import annotations

from client.games.descriptor import GameClient

CLIENT = GameClient(view="client.tables.fate_votes:FateVotesTable", colour=(214, 96, 77), suit="♥",
                    step_help="client.tables.fate_votes_texts:step_help", public_steps=frozenset({"ready"}))
