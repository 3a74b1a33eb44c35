"""The network session against a real ServerThread on 127.0.0.1: seats, snapshots, reconnect, errors."""
from __future__ import annotations

from typing import Any

import pytest
from waiting import WAIT_SECONDS, WaitTimeout, describe

from client.match import Match
from client.wire import kind_of


def pick_game() -> tuple[str, int]:
    from shared.engine import REGISTRY

    return "fate_votes", max(REGISTRY["fate_votes"].min_seats, 4)


@pytest.fixture
def server():
    from server.runtime import ServerThread

    srv = ServerThread(host="127.0.0.1", port=0)
    port = srv.start()
    yield port
    srv.stop()


def collect(session: Any, pred, timeout: float = WAIT_SECONDS) -> list[Any]:
    """Messages until ``pred(msg)`` is true (included)."""
    import time

    out = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        msg = session.wait_for({"snapshot", "joined", "created", "error", "_net", "lobby", "watching", "welcome",
                                "left", "chat", "tables", "clock"}, timeout=max(0.01, end - time.monotonic()))
        if msg is None:
            break
        out.append(msg)
        if pred(msg):
            return out
    raise WaitTimeout(f"gave up after {timeout:g} s waiting for: {describe(None, pred)}; "
                      f"got {[kind_of(m) for m in out]}")


def seat_table(session: Any, game: str, seats: int, humans: list[int]) -> str:
    session.create(game, seats, name="host", bot_delay=0, practice=True)
    created = collect(session, lambda m: kind_of(m) == "created")[-1]
    table = created.table
    for s in range(seats):
        if s in humans:
            session.join(table, s, f"P{s + 1}")
        else:
            assert session.bot(table, s)
    for s in humans:
        collect(session, lambda m, s=s: kind_of(m) == "joined" and m.seat == s)
    assert session.start_game(table, seed=7)
    return table


def test_create_join_two_seats_and_receive_their_snapshots(server):
    from client.session import ClientSession

    game, seats = pick_game()
    session = ClientSession("127.0.0.1", server, name="t").start()
    try:
        table = seat_table(session, game, seats, [0, 1])
        assert session.local_seats(table) == [0, 1]
        got: dict[int, dict] = {}
        collect(session, lambda m: kind_of(m) == "snapshot" and got.setdefault(m.seat, m) is not None
                and {0, 1} <= set(got))
        assert set(got) == {0, 1}
        assert got[0].view != got[1].view or game == "bench_vote"
        assert session.welcome is not None and session.welcome.v >= 1
    finally:
        session.close()


def test_reconnect_resumes_every_seat_with_its_token(server):
    from client.session import ClientSession

    game, seats = pick_game()
    session = ClientSession("127.0.0.1", server, name="t").start()
    try:
        table = seat_table(session, game, seats, [0, 1])
        collect(session, lambda m: kind_of(m) == "snapshot")
        tokens = dict(session.proto.held.seats)
        session.drop()
        collect(session, lambda m: kind_of(m) == "_net" and m.state == "down")
        collect(session, lambda m: kind_of(m) == "_net" and m.state == "up")
        resumed: set[int] = set()
        collect(session, lambda m: kind_of(m) == "joined" and resumed.add(m.seat) is None and resumed == {0, 1})
        assert dict(session.proto.held.seats) == tokens
        snap = collect(session, lambda m: kind_of(m) == "snapshot")[-1]
        assert snap.table == table
    finally:
        session.close()


def test_error_goes_to_the_table_view_of_the_seat_that_acted(server, monkeypatch):
    from client.i18n import Strings
    from client.tables.base import TableView

    class Plain(TableView):
        def draw(self, surface, rect) -> None:
            pass

    monkeypatch.setattr(Match, "view_class", lambda self: Plain)
    from client.session import ClientSession

    game, seats = pick_game()

    class FakeApp:
        def __init__(self) -> None:
            self.strings = Strings("en")
            self.toasts: list[str] = []
            self.session: Any = None
            self.fast = True

        def toast(self, message: str, kind: str = "info") -> None:
            self.toasts.append(message)

    app = FakeApp()
    app.session = ClientSession("127.0.0.1", server).start()
    try:
        table = seat_table(app.session, game, seats, [0, 1])
        match = Match(app, game, table, mode="play", humans=[0, 1])
        errors: dict[int, list[str]] = {0: [], 1: []}
        for msg in collect(app.session, lambda m: kind_of(m) == "snapshot" and m.seat == 1):
            match.on_message(msg)
        for msg in app.session.poll():
            match.on_message(msg)
        for seat in (0, 1):
            view = match.view_for(seat)
            view.on_error = lambda code, text, s=seat: errors[s].append(code)  # type: ignore[method-assign]
        match.send_action(1, {"type": "no_such_action"})
        for msg in collect(app.session, lambda m: kind_of(m) == "error"):
            match.on_message(msg)
        assert errors[1] and not errors[0]
    finally:
        app.session.close()
