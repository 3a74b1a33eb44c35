"""Subscriptions to the client session's messages, apart from any one connection.

A scene, the match, the local game's keeper subscribe to message kinds (``"snapshot"``, a message Struct
type, ``"_net"`` for the connection's state); :meth:`Router.deliver` hands each typed message to the
handlers that want it. Kept light (no msgspec, no sockets): a scene subscribes before the first frame.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any


def kind_of(msg: Any) -> str:
    """The ``t`` of a typed message (or of a map)."""
    if isinstance(msg, dict):
        return str(msg.get("t"))
    return str(type(msg).__struct_config__.tag)


Handler = Callable[[Any], None]


class Subscription:
    """One handler for some message kinds; :meth:`cancel` when the scene that made it leaves."""

    def __init__(self, router: Router, kinds: frozenset[str] | None, handler: Handler, order: int,
                 seq: int, alive: Callable[[], bool] | None = None) -> None:
        self.router, self.kinds, self.handler, self.order, self.seq = router, kinds, handler, order, seq
        self.alive = alive  # asked before each delivery: False ends the subscription (its scene has gone)
        self.active = True

    def wants(self, kind: str) -> bool:
        return self.active and (self.kinds is None or kind in self.kinds)

    def cancel(self) -> None:
        self.active = False
        self.router.drop(self)


Kinds = Iterable[str | type] | str | type | None


def kinds_of(kinds: Kinds) -> frozenset[str] | None:
    """Message kinds as their ``t`` strings (a Struct type, ``"snapshot"``, …; None: every kind)."""
    if kinds is None:
        return None
    if isinstance(kinds, (str, type)):
        kinds = [kinds]
    return frozenset(k if isinstance(k, str) else str(k.__struct_config__.tag) for k in kinds)  # type: ignore[attr-defined]  # a message Struct type


class Router:
    """Subscriptions, kept apart from any one connection (a scene's subscription outlives a reconnect to
    another server). Handlers run by ``order`` (lower first: the match before the scenes), then newest
    first (the top scene before the ones under it)."""

    def __init__(self) -> None:
        self._subs: list[Subscription] = []
        self._seq = itertools.count()

    def subscribe(self, kinds: Kinds, handler: Handler, order: int = 0,
                  alive: Callable[[], bool] | None = None) -> Subscription:
        """``handler(msg)`` for each message of ``kinds`` (None: all) until cancelled, or until ``alive()``
        says False (asked at each delivery)."""
        sub = Subscription(self, kinds_of(kinds), handler, order, next(self._seq), alive)
        self._subs.append(sub)
        self._subs.sort(key=lambda s: (s.order, -s.seq))
        return sub

    def drop(self, sub: Subscription) -> None:
        if sub in self._subs:
            self._subs.remove(sub)

    def __len__(self) -> int:
        return len(self._subs)

    def deliver(self, msg: Any) -> None:
        kind = kind_of(msg)
        for sub in list(self._subs):
            if sub.alive is not None and sub.active and not sub.alive():
                sub.cancel()
            elif sub.wants(kind):
                sub.handler(msg)


def app_router(app: Any) -> Router:
    """The app's subscriptions (made on first use, with the app's own: the connection status, the local
    game's keeper and the content packs sync, which run before the match and the scenes)."""
    made: Router | None = getattr(app, "router", None)
    if made is None:
        app.router = made = Router()
        made.subscribe("_net", lambda msg: app.on_net_status(msg), order=-30)

        def keep(msg: Any) -> None:
            if app.keeper is not None:
                app.keeper.on_message(msg)
        made.subscribe(None, keep, order=-20)

        def packs(msg: Any) -> None:  # every laptop at a table holds its content packs
            from client.packs_sync import sync_for

            sync = sync_for(app)
            if sync is not None:
                sync.on_message(msg)
        made.subscribe(("lobby", "pack"), packs, order=-15)
    return made
