"""The client's services: local servers, connections and LAN discovery, behind one module.

Scenes and modes call these; nothing else in the client imports ``server`` or starts a
thread that talks to the network. The functions that take ``app`` keep what they start
on it (``app.server``, ``app.session``) so that leaving the table stops it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from client.router import Handler, Kinds, Router, Subscription, app_router
from client.session import ClientSession


class Holder(Protocol):
    """Where the running server and the session are kept (the App)."""

    server: Any
    session: Any
    router: Any

    def player_name(self) -> str: ...


def router(app: Any) -> Router:
    """The app's subscriptions (:func:`client.router.app_router`)."""
    return app_router(app)


def subscribe(app: Any, kinds: Kinds, handler: Handler, order: int = 0) -> Subscription:
    """``handler(msg)`` for each typed message of ``kinds`` this app's sessions receive (main thread)."""
    return router(app).subscribe(kinds, handler, order)


def begin_match(app: Any, match: Any) -> Any:
    """``match`` is the table this client now plays or watches: it gets the table's messages (before any
    scene) until the app holds another."""
    app.match = match
    match.attach(router(app))
    return match


def start_local_server(app: Holder, host: str = "127.0.0.1", port: int = 0, data_dir: str | None = None,
                       discovery: bool = False) -> int:
    """Start ``server.runtime.ServerThread`` in this process (kept on ``app.server``); returns its port.

    A taken fixed port falls back to a free one. Raises ImportError / RuntimeError / OSError.
    """
    from server.runtime import ServerThread

    directory = Path(data_dir) if data_dir else None
    try:
        server = ServerThread(host=host, port=port, data_dir=directory, discovery=discovery)
        bound = server.start()
    except (RuntimeError, OSError):
        if port == 0:
            raise
        server = ServerThread(host=host, port=0, data_dir=directory, discovery=discovery)
        bound = server.start()
    app.server = server
    return int(bound)


def stop_local_server(app: Holder) -> None:
    """Stop the server this client started, if any."""
    server, app.server = app.server, None
    if server is not None:
        try:
            server.stop()
        except Exception:  # noqa: BLE001 - leaving anyway; the thread is a daemon
            return


def open_session(app: Holder, host: str, port: int, record: bool = False) -> ClientSession:
    """A new connection (the previous one is closed), kept on ``app.session``; its messages go to the
    app's subscriptions."""
    if app.session is not None:
        app.session.close()
    app.session = ClientSession(host, port, name=app.player_name(), record=record, router=router(app)).start()
    return app.session


def close_session(app: Holder) -> None:
    session, app.session = app.session, None
    if session is not None:
        session.close()


def browse(timeout: float = 3.0) -> list[dict[str, Any]]:
    """Servers announced on the LAN (zeroconf); [] when discovery is unavailable. Blocks ``timeout`` s."""
    try:
        from server.discovery import browse as zeroconf_browse

        return list(zeroconf_browse(timeout))
    except Exception:  # noqa: BLE001 - no discovery: the player types an address
        return []


def lan_addresses(limit: int = 2) -> list[str]:
    """This machine's LAN addresses (a hint for the host to read out); [] when unknown."""
    try:
        from server.discovery import lan_addresses as addresses

        return list(addresses())[:limit]
    except Exception:  # noqa: BLE001 - only a hint on screen
        return []


def saved_table(folder: Path, table: str, check: bool = False) -> dict[str, Any] | None:
    """What a local server's journal in ``folder`` says of ``table`` (started, finished, moves, names and
    ``status``), read without changing it; None when there is no such journal or table.

    ``status`` is what the server will say of it: ``needs_old_version`` (started with other rules or
    content than this version has: it cannot go on), ``damaged`` (with ``check``: its journal does not
    replay to the end, so it can only be watched; this replays the game) or "" (it can go on).
    """
    from server.journal import Journal
    from server.runtime import JOURNAL_FILE

    path = folder / JOURNAL_FILE
    if not path.is_file():
        return None
    try:
        journal = Journal(path, read_only=True)
    except Exception:  # noqa: BLE001 - an unreadable journal: nothing to continue
        return None
    try:
        rec = journal.table(table)
        if rec is None:
            return None
        return {"started": rec.started, "finished": rec.finished, "moves": journal.action_count(table),
                "names": list(rec.names), "game": rec.game, "status": _status(rec, journal, check)}
    except Exception:  # noqa: BLE001 - a damaged file: nothing to continue
        return None
    finally:
        journal.close()


def _status(rec: Any, journal: Any, check: bool) -> str:
    """``needs_old_version``, ``damaged`` or "" for a journaled table (as the server restores it)."""
    from server.fingerprint import fingerprint
    from server.tables import Table
    from shared.engine import REGISTRY

    spec = REGISTRY.get(rec.game)
    if spec is None or rec.started is None:
        return ""
    if rec.seed is not None and rec.fingerprint and rec.fingerprint != fingerprint(spec):
        return "needs_old_version"
    if check and Table.from_record(rec, spec, journal, 0.0).damaged:
        return "damaged"
    return ""
