"""Every laptop at a table plays the same content packs: fetch the ones this client lacks.

A school_mystery table names its user content packs by fingerprint (its ``packs`` option). When a
``lobby`` message shows a pack this client does not hold, it asks the server for it (``pack`` message,
docs/protocol.md); the reply's bytes are checked (fingerprint and content) and kept in the user content
folder's ``received/`` (``assets/loaders/packs.py``), and the game's content is loaded again with it.
"""
from __future__ import annotations

from typing import Any, Protocol

from assets.loaders import packs
from shared import messages as m


class _Session(Protocol):
    def pack(self, table: str, fp: str) -> None: ...


def named_packs(options: Any) -> list[str]:
    """The fingerprints a table's options name (none when the option is absent or not a string)."""
    value = options.get("packs") if isinstance(options, dict) else None
    return sorted({p.strip() for p in value.split(",") if p.strip()}) if isinstance(value, str) else []


def missing(content: Any, options: Any) -> list[str]:
    """The packs a table plays with that ``content`` does not hold."""
    have = getattr(content, "packs", {}) or {}
    return [fp for fp in named_packs(options) if fp not in have]


class PackSync:
    """Asks once per (table, fingerprint) and installs what arrives; ``reload`` is called after a pack
    was installed (the app drops its cached content)."""

    def __init__(self, session: _Session, content: Any, reload: Any = None) -> None:
        self.session = session
        self.content = content  # the game's content as loaded now (callable: loaded on demand)
        self.reload = reload
        self.asked: set[tuple[str, str]] = set()
        self.installed: list[str] = []
        self.errors: list[str] = []

    def _content(self) -> Any:
        return self.content() if callable(self.content) else self.content

    def on_message(self, msg: Any) -> None:
        """A typed ``lobby`` (ask for the packs it names that this client lacks) or ``pack`` (install it)."""
        if isinstance(msg, m.Lobby):
            table = msg.table
            if table.game != "school_mystery":
                return
            for fp in missing(self._content(), table.options):
                key = (table.id, fp)
                if key not in self.asked:
                    self.asked.add(key)
                    self.session.pack(table.id, fp)
        elif isinstance(msg, m.Pack):
            from assets.loaders import school_mystery

            try:
                packs.receive(msg.data, msg.fp, school_mystery.load(school_mystery.GAME_DIR))
            except packs.PackError as exc:
                self.errors.append(str(exc))
                return
            self.installed.append(msg.fp)
            if self.reload is not None:
                self.reload()


def reload_content(app: Any, game: str = "school_mystery") -> None:
    """Drop the cached content of ``game`` (the spec's and the app's) so the next use loads the packs."""
    from shared.engine import REGISTRY

    spec = REGISTRY.get(game)
    if spec is not None:
        spec._content = None
    cache = getattr(app, "_contents", None)
    if isinstance(cache, dict):
        cache.pop(game, None)


def sync_for(app: Any) -> PackSync | None:
    """The app's PackSync for its current session (made on first use), or None without a session."""
    session = getattr(app, "session", None)
    if session is None:
        return None
    sync = getattr(app, "_pack_sync", None)
    if sync is None or sync.session is not session:
        sync = PackSync(session, lambda: app.content("school_mystery"), lambda: reload_content(app))
        app._pack_sync = sync
    return sync
