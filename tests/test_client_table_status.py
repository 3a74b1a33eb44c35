"""Issue 14: the client shows what the server knows of a table — a practice table (a chosen seed), a table
restored read-only because its journal is damaged, and one that needs the older version it started with.

A real server restores a real SQLite journal holding a damaged table and a table with other rules; the
real client's Join list, lobby, table scene, table display and Continue list are driven and what they draw
is read from the text they record.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_helpers import button, click, make_app, run_until
from srvkit import SyncClient

from client.kit.textfit import recording
from server.hub import Hub
from server.recovery import close_journal, open_journal
from server.runtime import JOURNAL_FILE, ServerThread
from shared.protocol import PROTOCOL_VERSION, FrameDecoder

FV = {"discussion_seconds": 0}


def _frames(out: list) -> list[dict[str, Any]]:
    return [FrameDecoder().feed(f)[0] for _, f in out if f is not None]


def _journal(path: Path) -> dict[str, tuple[str, str, str]]:
    """Three started fate_votes tables with two moves each: ``damaged`` (a journaled action that no longer
    applies), ``old`` (started with other rules: another fingerprint) and ``fine``; name → (id, seat-0 token,
    host token)."""
    journal = open_journal(path)
    hub = Hub(journal, server_name="s")
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    made = {}
    for name in ("damaged", "old", "fine"):
        created = _frames(hub.handle(1, {"t": "create", "game": "fate_votes", "seats": 4, "options": FV}, 0.0))[0]
        tid = created["table"]
        tokens = [_frames(hub.handle(1, {"t": "join", "table": tid, "seat": s}, 0.0))[0]["token"] for s in range(4)]
        hub.handle(1, {"t": "start", "table": tid, "host": created["host"]}, 0.0)
        t = hub.tables[tid]
        for _ in range(2):
            seat = next(s for s in range(4) if t.legal[s])
            hub.handle(1, {"t": "act", "table": tid, "seat": seat, "token": tokens[seat], "sid": t.sid,
                           "action": t.legal[seat][0]}, 0.0)
        made[name] = (tid, tokens[0], created["host"])
    journal.commit()
    close_journal(journal)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO actions VALUES (?, 2, 0, X'81a474797065a46e6f7065')", (made["damaged"][0],))
    db.execute("UPDATE tables SET fingerprint='0000' WHERE id=?", (made["old"][0],))
    db.commit()
    db.close()
    return made


def _drawn(app: Any) -> str:
    """Every text the app draws in one frame, joined."""
    with recording() as drawn:
        app.draw(app.screen)
    return "\n".join(r.text for r in drawn.records)


@pytest.fixture
def restored(tmp_path: Path):
    data = tmp_path / "data"
    data.mkdir()
    made = _journal(data / JOURNAL_FILE)
    srv = ServerThread(data_dir=data)
    port = srv.start()
    try:
        yield port, made
    finally:
        srv.stop()


def test_join_lobby_and_table_show_practice_damaged_and_old_version_tables(restored, tmp_path: Path) -> None:
    port, made = restored
    address = f"127.0.0.1:{port}"
    host = SyncClient(port, "Rena")
    practice, host_token = host.create("fate_votes", 4, options=FV, practice=True)
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "zh", "--name", "Mio")
    t = app.strings.t
    try:
        for name in ("damaged", "old"):
            tid, token, _ = made[name]
            app.seatbook.remember(address, tid, 0, token, "fate_votes")
        app.replace("launcher")
        join = app.push("join", address=address)
        assert run_until(app, lambda: join.tables is not None and len(join.rows()) >= 3, what="the Join rows")
        rows = {label: fn for label, fn, _ in join.rows()}
        old_rows = [label for label in rows if t("lan.status.old_version") in label]
        damaged_rows = [label for label in rows if t("lan.status.damaged") in label]
        practice_rows = [label for label in rows if t("lan.status.practice") in label]
        assert len(old_rows) == 1 and rows[old_rows[0]] is None  # shown, never offered
        assert len(damaged_rows) == 1 and rows[damaged_rows[0]] is not None  # back to the seat, to watch
        assert len(practice_rows) == 1 and rows[practice_rows[0]] is not None
        assert not any(made["fine"][0] in label for label in rows)  # a game in progress of others: not listed
        old_button = next(b for b in join.buttons if b.label == old_rows[0])
        assert not old_button.enabled and old_button.why_not == t("lan.status.old_version_note")
        assert t("lan.status.practice") in _drawn(app)

        # A guest joins the practice table: its lobby says so before anything else.
        click(app, next(b for b in join.buttons if b.label == practice_rows[0]).rect.center)
        assert run_until(app, lambda: app.top.name == "lobby" and app.match.lobby.get("practice"), what="lobby")
        assert t("lan.status.practice_note") in _drawn(app)
        for seat in (2, 3):
            host.send({"t": "bot", "table": practice, "host": host_token, "seat": seat})
        host.join(practice, 1)  # the guest sat in the first free seat, 0
        host.send({"t": "start", "table": practice, "host": host_token, "seed": 11})
        assert run_until(app, lambda: app.top.name == "table" and app.match.started, what="the practice table")
        table = app.top
        assert table.status_words() == [t("lan.status.practice")]
        assert run_until(app, lambda: 0 in app.match.views and app.match.views[0].view, what="the table view")
        pill = table.status_rect()  # said in the control bar: the table keeps its whole rect
        assert pill is not None and table.table_rect().top == 0 and pill.top >= table.table_rect().bottom
        assert t("lan.status.practice") in _drawn(app)
    finally:
        app.leave_table()


def test_a_damaged_table_is_watch_only_on_the_table_and_the_display(restored, tmp_path: Path) -> None:
    port, made = restored
    tid, token, _ = made["damaged"]
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "ja", "display", f"127.0.0.1:{port}",
                   "--table", tid)
    t = app.strings.t
    try:
        from client import modes

        modes.start(app, app.args)
        assert run_until(app, lambda: app.top.name == "table" and app.match.lobby.get("damaged"), what="display")
        display = app.top
        assert display.status_words(note=True)[1:] == [t("lan.status.damaged_note")]
        assert display.status_words()[0] == t("lan.display.join_corner", address=display._join_at)  # where to join
        assert run_until(app, lambda: None in app.match.views and app.match.views[None].view, what="the view")
        assert display.table_rect().top == display.status_height() > 0  # the strip never covers the table
        assert t("lan.status.damaged_note") in _drawn(app)
    finally:
        app.leave_table()
    seat = SyncClient(port, "back")  # the seat comes back, and the table refuses moves: it is read-only
    seat.send({"t": "resume", "table": tid, "seat": 0, "token": token})
    snap = seat.expect("snapshot")
    seat.send({"t": "act", "table": tid, "seat": 0, "token": token, "sid": snap["sid"],
               "action": {"type": "ready"}, "ref": 1})
    assert seat.expect(lambda m: m.get("ref") == 1)["code"] == "table/damaged"


def test_continue_shows_a_game_that_needs_the_older_version_and_does_not_offer_it(tmp_path: Path) -> None:
    from client import localgames
    from client.localgames import LocalGame

    made = {}
    for name in ("old", "damaged"):
        folder = localgames.new_folder("fate_votes")
        tables = _journal(folder / JOURNAL_FILE)
        tid, token, host = tables[name]
        LocalGame(folder=folder, mode="play", game="fate_votes", players=4, table=tid, host=host,
                  seats={0: token}).save()
        made[name] = folder
    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    t = app.strings.t
    app.replace("launcher")
    scene = app.push("continue")
    app.frame(0.016)
    status = {saved.folder: saved.status for saved in scene.saved}
    assert status == {made["old"]: "needs_old_version", made["damaged"]: "damaged"}
    for i, saved in enumerate(scene.saved):
        go = button(scene, f"continue_{i}")
        if saved.folder == made["old"]:
            assert not go.enabled and go.why_not == t("lan.status.old_version_note")
            assert scene.describe(saved)[2].startswith(t("lan.status.old_version"))
        else:
            assert go.enabled and scene.describe(saved)[2].startswith(t("lan.status.damaged"))
    drawn = _drawn(app)
    assert t("lan.status.old_version") in drawn and t("lan.status.damaged") in drawn
    pygame.event.clear()
