"""Seats this computer holds on LAN servers, kept on disk so a closed window can come back.

``seats.json`` next to the settings file holds, per server address, the tables this
client sat at with the seat token (and the host token if it opened the table). The Join
screen offers "Back to your seat" for every remembered table that the server still runs.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

KEEP = 24  # newest entries kept


class SeatBook:
    def __init__(self, path: Path) -> None:
        self.path = path

    def entries(self) -> list[dict[str, Any]]:
        try:
            with open(self.path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError, UnicodeDecodeError):
            return []
        out = []
        for e in data if isinstance(data, list) else []:
            if (isinstance(e, dict) and isinstance(e.get("address"), str) and isinstance(e.get("table"), str)
                    and isinstance(e.get("seat"), int) and isinstance(e.get("token"), str)):
                out.append(e)
        return out

    def for_address(self, address: str) -> list[dict[str, Any]]:
        return [e for e in self.entries() if e["address"] == address]

    def remember(self, address: str, table: str, seat: int, token: str, game: str,
                 host_token: str | None = None) -> None:
        keep = [e for e in self.entries() if (e["address"], e["table"]) != (address, table)]
        entry: dict[str, Any] = {"address": address, "table": table, "seat": seat, "token": token, "game": game}
        if host_token:
            entry["host"] = host_token
        self._write((keep + [entry])[-KEEP:])

    def forget(self, address: str, table: str) -> None:
        self._write([e for e in self.entries() if (e["address"], e["table"]) != (address, table)])

    def _write(self, entries: list[dict[str, Any]]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(entries, fh, ensure_ascii=False, indent=1)
            os.replace(tmp, self.path)
        except OSError:
            pass  # not writable: the seat just cannot be offered after a restart
