"""Fair shares: every limit the server enforces, as one parameter of the sans-I/O core.

Anyone on the LAN may connect without a token, so no one connection or address may take
what the others need. Tests pass small values; ``houkago server`` uses the defaults.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class Limits:
    """What one connection, one address and the whole server may hold or do."""

    max_tables: int = 2000  # open tables on the server (then `server/full`)
    tables_per_conn: int = 3  # open tables created by one connection (then `table/too_many`)
    tables_per_address: int = 6  # open tables created from one IP address (a party's games of one evening)
    lobbies_per_address: int = 2  # of which still in the lobby (a guest cannot fill the Join list)
    lobby_idle: float = 30 * 60.0  # seconds a lobby nobody is at stays open (then it expires)
    lobby_unseated: float = 90.0  # seconds a lobby with no human in a seat stays open (then it expires)
    table_idle: float = 24 * 3600.0  # seconds a started table with nobody at it and no move stays open
    max_connections: int = 2000  # then a polite `server/full` error frame and close
    silence: float = 8.0  # seconds a connection that pings (a heartbeat) may go without a frame, then closed
    keepalive: int = 10  # TCP keepalive for the rest: probes after this many idle seconds, 3 s apart, 3 (0 = off)
    hello_timeout: float = 30.0  # seconds a new connection has to say hello
    frame_timeout: float = 30.0  # seconds a frame may take to arrive once its first byte came
    chat_chars: int = 500  # characters of one chat line
    chat_bytes: int = 2000  # UTF-8 bytes of one chat line
    chat_burst: int = 8  # chat lines a connection may send at once ...
    chat_per_second: float = 1.0  # ... and then this many a second
    soft_outbuf: int = 1024 * 1024  # bytes queued for a client before it loses chat and gets the latest snapshot
    replay_slice: float = 0.003  # seconds a replay may hold the event loop at a time
    replays_running: int = 4  # replays streamed at once on the whole server (then `replay/busy`)
    replays_per_conn: int = 1  # replays streamed at once to one connection (then `replay/busy`)
    replay_burst: int = 3  # replays one connection may ask for at once ...
    replays_per_minute: float = 6.0  # ... and then this many a minute (then `replay/too_fast`)
    trust_loopback: bool = True  # the server's own machine (127.0.0.1, ::1) has no per-connection/address cap

    def capped(self, address: str | None) -> bool:
        """Whether the per-connection and per-address table caps apply to a client at ``address``."""
        return not (self.trust_loopback and (address is None or address in LOOPBACK))


LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})


def parse_limits(pairs: Iterable[str], base: Limits | None = None) -> Limits:
    """``houkago server --limit NAME=VALUE`` (repeatable): ``base`` (the defaults) with those limits changed,
    each value read as its default's type. Raises ValueError naming the bad pair."""
    known = {f.name: f for f in fields(Limits)}
    changed: dict[str, Any] = {}  # each value read as its field's type (checked above)
    base = base or Limits()
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or name not in known:
            raise ValueError(f"--limit {pair!r}: expected NAME=VALUE with NAME one of {', '.join(known)}")
        default = getattr(base, name)
        try:
            if isinstance(default, bool):
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(raw)
                value: object = raw.lower() in ("true", "1", "yes")
            elif isinstance(default, int):
                value = int(raw)
            else:
                value = float(raw)
        except ValueError:
            kind = "true or false" if isinstance(default, bool) else (
                "a whole number" if isinstance(default, int) else "a number")
            raise ValueError(f"--limit {pair!r}: {name} takes {kind}") from None
        if not isinstance(value, bool) and value < 0:  # type: ignore[operator]  # a number here: bools are excluded
            raise ValueError(f"--limit {pair!r}: {name} cannot be negative")
        changed[name] = value
    return replace(base, **changed)
