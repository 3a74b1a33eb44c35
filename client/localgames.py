"""Local games (pass-and-play and hosted) kept in the data folder, so that the launcher offers Continue.

Each game this computer's own server runs gets a folder ``<data>/games/<stamp>-<game>/`` holding the
server's journal and ``game.json``: the table id, the host token, the seat tokens of this computer's
players and what Continue needs to set the game up again (mode, players, bots, port). Tokens are what
a server asks for to give a seat back; the journal (``server.journal``) holds the game itself.
:class:`Keeper` fills ``game.json`` from the server's answers (``created``, ``joined``, ``lobby``).
:func:`unfinished` lists the games that can go on; folders of finished games are removed there.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from houkago import paths

INFO = "game.json"
STALE = 24 * 3600.0  # seconds after which a folder whose game never started is removed


def root() -> Path:
    """Where local games are kept (``<platform data folder>/games``)."""
    return paths.data_dir() / "games"


def new_folder(game: str) -> Path:
    """A fresh folder for a new local game's journal."""
    import secrets  # (it loads OpenSSL: not before the launcher's first frame)

    folder = root() / f"{time.strftime('%Y%m%d-%H%M%S')}-{game}-{secrets.token_hex(3)}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class LocalGame:
    """What Continue needs to give a local game back (``game.json``)."""

    folder: Path
    mode: str  # "play" (pass-and-play) | "host" (a LAN table this computer serves)
    game: str
    players: int = 0
    bots: int = 0
    bot_level: str = "normal"
    options: dict[str, Any] = field(default_factory=dict)
    port: int | None = None  # host: the port the LAN players know
    table: str | None = None
    host: str | None = None  # the host token
    seats: dict[int, str] = field(default_factory=dict)  # this computer's human seats -> token
    names: list[str] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    moves: int = 0  # filled by unfinished(): actions in the journal
    when: float = 0.0  # filled by unfinished(): last change on disk (epoch seconds)
    status: str = ""  # filled by unfinished(): "needs_old_version" / "damaged" (checked) / "" (it can go on)

    def save(self) -> None:
        """Write ``game.json`` (atomically); a folder that cannot be written just cannot be continued."""
        data = {k: v for k, v in asdict(self).items() if k not in ("folder", "moves", "when", "status")}
        data["seats"] = {str(s): tok for s, tok in self.seats.items()}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.folder / (INFO + ".tmp")
            tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
            os.replace(tmp, self.folder / INFO)
        except OSError:
            pass

    @classmethod
    def load(cls, folder: Path) -> LocalGame | None:
        try:
            data = json.loads((folder / INFO).read_text(encoding="utf-8"))
            seats = {int(s): str(tok) for s, tok in dict(data.pop("seats", {})).items()}
            known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
            game = cls(folder=folder, seats=seats, **known)
        except (OSError, ValueError, TypeError, AttributeError):
            return None
        if game.mode not in ("play", "host") or not isinstance(game.game, str):
            return None
        return game


class Keeper:
    """Keeps ``game.json`` of the local game being played in step with the server's answers."""

    def __init__(self, game: LocalGame) -> None:
        self.game = game

    def on_message(self, msg: Any) -> None:
        """A typed server message: the table made, a seat taken, the names at the table."""
        from shared import messages as m  # (a network game's module: not on the launcher's path)

        g = self.game
        if isinstance(msg, m.Created) and g.table is None:
            g.table, g.host = msg.table, msg.host
            g.save()
        elif isinstance(msg, m.Joined) and msg.table == g.table:
            if g.seats.get(msg.seat) != msg.token:
                g.seats[msg.seat] = msg.token
                g.save()
        elif isinstance(msg, m.Lobby) and msg.table.id == g.table:
            names = [e.name for e in msg.table.seats]
            if names and names != g.names:
                g.names, g.players = names, len(names)
                g.save()


def unfinished(check: bool = False) -> list[LocalGame]:
    """Local games that can go on (started, not over), newest first, each with its ``status`` (``check``:
    replay each to find a damaged journal). Folders of finished games, and of games that never started a
    day after, are removed."""
    out: list[LocalGame] = []
    base = root()
    try:
        folders = sorted(p for p in base.iterdir() if p.is_dir())
    except OSError:
        return []
    from client import services  # the server's journal reader: only when there are folders to look at

    for folder in folders:
        game = LocalGame.load(folder)
        state = services.saved_table(folder, game.table, check) if game is not None and game.table else None
        when = _changed(folder)
        if game is None or state is None or state["started"] is None:
            if time.time() - when > STALE:
                shutil.rmtree(folder, ignore_errors=True)
            continue
        if state["finished"] is not None:
            from client.records import keep_finished  # its record (fate_votes, mind_swap) stays for Continue

            keep_finished(folder, game.table)
            shutil.rmtree(folder, ignore_errors=True)
            continue
        if not game.seats:  # no seat of ours to give back
            continue
        game.moves, game.when, game.status = int(state["moves"]), when, str(state.get("status") or "")
        game.names = list(state["names"]) or game.names
        out.append(game)
    return sorted(out, key=lambda g: g.when, reverse=True)


def forget(game: LocalGame) -> None:
    """Drop a local game for good (its folder)."""
    shutil.rmtree(game.folder, ignore_errors=True)


def _changed(folder: Path) -> float:
    """When anything in ``folder`` last changed (epoch seconds)."""
    try:
        return max([folder.stat().st_mtime] + [p.stat().st_mtime for p in folder.iterdir()])
    except OSError:
        return 0.0
