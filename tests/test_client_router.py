"""Subscriptions to the session's messages: who gets what, in which order, and until when."""
from __future__ import annotations

from client_helpers import make_app
from typedmsg import typed

from client.router import Router, app_router
from client.wire import NetStatus
from shared import messages as m


def test_kinds_order_and_cancel() -> None:
    router, got = Router(), []
    router.subscribe("snapshot", lambda msg: got.append(("scene", type(msg).__name__)))
    router.subscribe((m.Snapshot, m.Lobby), lambda msg: got.append(("match", type(msg).__name__)), order=-10)
    later = router.subscribe(None, lambda msg: got.append(("top", type(msg).__name__)))
    snap = typed({"t": "snapshot", "table": "T", "seat": 0, "sid": 1, "view": {}})
    router.deliver(snap)
    # the match (lower order) first, then the newest subscription (the top scene) before the older one
    assert got == [("match", "Snapshot"), ("top", "Snapshot"), ("scene", "Snapshot")]
    got.clear()
    later.cancel()
    router.deliver(NetStatus(state="up"))
    router.deliver(typed({"t": "lobby", "table": {"id": "T"}}))
    assert got == [("match", "Lobby")] and len(router) == 2


def test_alive_ends_a_subscription_at_the_next_delivery() -> None:
    router, got, live = Router(), [], [True]
    router.subscribe("_net", got.append, alive=lambda: live[0])
    router.deliver(NetStatus(state="up"))
    live[0] = False
    router.deliver(NetStatus(state="down"))
    assert got == [NetStatus(state="up")] and len(router) == 0


def test_a_scene_hears_its_kinds_while_on_the_stack_and_not_after(tmp_path) -> None:
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    try:
        app.replace("launcher")
        overlay = app.push("reconnecting", attempt=1)
        router = app_router(app)
        before = len(router)
        router.deliver(NetStatus(state="down", attempt=4))
        assert overlay.attempt == 4
        app.pop(overlay)
        app.frame(0.016)
        router.deliver(NetStatus(state="down", attempt=7))
        assert overlay.attempt == 4 and len(router) == before - 1  # gone with its scene
    finally:
        app.shutdown()
