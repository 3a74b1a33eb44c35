"""Typed server messages for client tests that hand a match or a scene a message without a server: the
test writes the fields it cares about, the rest get plain defaults, and the message goes through the
client's edge (``shared.messages.server_message``) as a real one would."""
from __future__ import annotations

from typing import Any

from shared.messages import ServerMessage, server_message

_SEAT = {"name": "", "taken": False, "connected": False, "bot": None, "stand_in": False, "ready": False, "colour": 0,
         "away": None, "turn": None}
_LOBBY = {"game": "fate_votes", "seats": [], "phase": "lobby", "options": {}, "sid": 0, "bot_delay": 0.0,
          "takeover": True, "watchers": 0, "practice": False, "spectator_chat": False, "damaged": False,
          "turn_seconds": 0, "votes": []}
_ENTRY = {"seats": 0, "free": 0, "phase": "lobby", "names": [], "practice": False, "damaged": False,
          "host_name": "", "lang": "en", "host_address": "", "humans": 0}


def typed(msg: dict[str, Any]) -> ServerMessage:
    """``msg`` with the defaults its type needs, as the typed message the client's edge makes of it."""
    msg = dict(msg)
    if msg["t"] == "snapshot":
        msg.setdefault("over", False)
        msg.setdefault("events", [])
    elif msg["t"] == "lobby":
        table = {**_LOBBY, **msg["table"]}
        table["seats"] = [{**_SEAT, **seat} for seat in table["seats"]]
        msg["table"] = table
    elif msg["t"] == "tables":
        msg["tables"] = [{**_ENTRY, **entry} for entry in msg["tables"]]
    elif msg["t"] == "created":
        msg.setdefault("lobby", lobby_table(msg["table"]))
    elif msg["t"] == "error":
        msg.setdefault("params", {})
    return server_message(msg)


def lobby_table(table: str, **fields: Any) -> dict[str, Any]:
    """A whole ``lobby`` table map (``fields`` over plain defaults), as the server sends it."""
    return {**_LOBBY, "id": table, **fields}
