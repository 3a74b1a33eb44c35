"""Issue 14: a change the server could not save (``journal/unavailable``) is sent again by the client itself.

A real server (loopback, a real SQLite journal whose commits fail while ``DiskFull.on`` is set, as on a full
disk) and the real client app: the player's action is kept and retried with backoff under a calm banner in
the player's language, reaches the table once the disk has room, and is journaled exactly once.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from client_helpers import make_app, run_until
from srvkit import SyncClient
from test_server_commit_fault import DiskFull, FaultyJournal

from client.saveretry import SaveRetry
from server import recovery
from server.journal import Journal
from server.runtime import JOURNAL_FILE, ServerThread


def test_save_retry_sends_the_same_change_again_until_it_is_answered() -> None:
    retry = SaveRetry(backoff=(1.0, 2.0))
    act = retry.outgoing({"t": "act", "table": "t", "seat": 0, "token": "k", "sid": 3, "action": {"type": "x"}})
    assert act["ref"].startswith("_save:")  # a change without a ref gets one
    assert retry.outgoing({"t": "chat", "table": "t", "text": "hi"}) == {"t": "chat", "table": "t", "text": "hi"}
    shown, statuses = retry.incoming({"t": "error", "code": "journal/unavailable", "ref": act["ref"]}, 10.0)
    assert not shown and statuses[0]["state"] == "saving" and statuses[0]["attempt"] == 1
    assert retry.due(10.5) == [] and retry.next_due() == 11.0
    assert retry.due(11.0) == [act]  # the very same message: same ref, same sid
    shown, statuses = retry.incoming({"t": "error", "code": "journal/unavailable", "ref": act["ref"]}, 11.1)
    assert not shown and statuses[0]["attempt"] == 2 and retry.next_due() == pytest.approx(13.1)
    assert retry.incoming({"t": "snapshot", "ref": "other", "seat": 0}, 12.0) == (True, [])
    assert retry.due(13.1) == [act]
    assert retry.incoming({"t": "snapshot", "ref": act["ref"], "seat": 0}, 13.2) == (
        True, [{"t": "_net", "state": "saved"}])  # the actor's acknowledgement: saved
    assert retry.pending == 0 and retry.next_due() is None
    # an error about a message it never sent, or another error, is the caller's
    assert retry.incoming({"t": "error", "code": "journal/unavailable", "ref": "zz"}, 14.0)[0] is True
    assert retry.incoming({"t": "error", "code": "action/stale", "ref": act["ref"]}, 14.0)[0] is True


def test_bot_and_start_are_answered_by_the_lobby_that_shows_them() -> None:
    retry = SaveRetry(backoff=(1.0,))
    start = retry.outgoing({"t": "start", "table": "t", "host": "h"})
    bot = retry.outgoing({"t": "bot", "table": "t", "host": "h", "seat": 1, "level": "strong"})
    for sent in (start, bot):
        retry.incoming({"t": "error", "code": "journal/unavailable", "ref": sent["ref"]}, 0.0)
    assert retry.due(1.0) == [start, bot]
    seats = [{"seat": 0, "bot": None}, {"seat": 1, "bot": "strong"}]
    assert retry.incoming({"t": "lobby", "table": {"id": "x", "phase": "playing", "seats": seats}}, 1.1)[1] == []
    assert retry.incoming({"t": "lobby", "table": {"id": "t", "phase": "lobby", "seats": seats}}, 1.2)[1] == []
    assert retry.pending == 1  # the bot is there, the game not started yet
    assert retry.incoming({"t": "lobby", "table": {"id": "t", "phase": "playing", "seats": seats}}, 1.3)[1] == [
        {"t": "_net", "state": "saved"}]


@pytest.mark.parametrize("lang", ["ja"])
def test_an_action_the_server_could_not_save_is_retried_not_lost_nor_doubled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from client import services
    from client.match import Match

    monkeypatch.setattr(recovery, "Journal", FaultyJournal)
    DiskFull.on.clear()
    data = tmp_path / "data"
    srv = ServerThread(data_dir=data)
    port = srv.start()
    app = make_app(tmp_path, "--size", "1280x720", "--lang", lang, "--name", "Mio")
    try:
        guest = SyncClient(port, "guest")
        table, host = guest.create("fate_votes", 4, options={"discussion_seconds": 0})
        for seat in (1, 2, 3):
            guest.join(table, seat)
        session = services.open_session(app, "127.0.0.1", port)
        session.join(table, 0)
        match = services.begin_match(app, Match(app, "fate_votes", table, mode="lan", humans=[0]))
        assert run_until(app, lambda: session.token(table, 0) is not None, what="the app's seat")
        guest.send({"t": "start", "table": table, "host": host})
        app.replace("table", match=match)
        assert run_until(app, lambda: bool(match.legal.get(0)), what="seat 0 has something to do")
        sid = match.sid[0]

        DiskFull.on.set()  # the disk is full: the server cannot save the player's move
        match.send_action(0, match.legal[0][0])
        assert run_until(app, lambda: app.saving is not None and app.saving in app.toasts, what="the banner")
        assert app.saving.kind == "info"  # calm, not an error
        assert run_until(app, lambda: "2" in app.saving.message, what="a second attempt")
        assert app.saving.message == app.strings.t("net.saving", n=2)
        assert not any(t.kind == "error" for t in app.toasts)  # no error is shown for a retried change
        assert match.sid[0] == sid  # nothing was applied

        DiskFull.on.clear()  # room again: the same move goes through, once
        assert run_until(app, lambda: match.sid.get(0) == sid + 1 and app.saving is None, what="saved")
        assert any(t.message == app.strings.t("net.saved") for t in app.toasts)
        assert not any(t.kind == "error" for t in app.toasts)
        for _ in range(30):  # a late duplicate would show up here
            app.frame(0.016)
        guest.pump(0.3)
        assert match.sid[0] == sid + 1 and guest.snap[1]["sid"] == sid + 1
    finally:
        DiskFull.on.clear()
        app.leave_table()
        srv.stop()
    journal = Journal(data / JOURNAL_FILE, read_only=True)
    try:
        assert journal.action_count(table) == sid + 1  # journaled exactly once
    finally:
        journal.close()
