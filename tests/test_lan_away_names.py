"""Every client (and the TV) names an away seat with its grace counting down, its stand-in as the human's
name marked as a bot's play, and the human again once resumed (never "Bot 2" after the human is back)."""
from __future__ import annotations

import time

from client_helpers import make_app
from typedmsg import typed


def _lobby(seat1: dict) -> dict:
    base = {"seat": 0, "name": "Host", "taken": True, "connected": True, "bot": None, "ready": True, "colour": 0,
            "away": None}
    return {"t": "lobby", "table": {"id": "t1", "game": "fate_votes", "phase": "playing",
                                    "seats": [base, {"seat": 1, "name": "Aiko", "taken": True, "colour": 1,
                                                     "ready": True, **seat1}]}}


def test_away_stand_in_and_back(tmp_path, monkeypatch) -> None:
    from client.match import Match

    app = make_app(tmp_path, "--size", "1280x720", "--lang", "en")
    try:
        t = app.strings.t
        for mode in ("lan", "display"):
            match = Match(app, "fate_votes", "t1", mode=mode, humans=[0] if mode == "lan" else [],
                          watch=mode == "display")
            match.on_message(typed(_lobby({"connected": False, "bot": None, "away": 30.0})))
            assert match.seat_name(1) == t("lan.away_name", name="Aiko", secs=30)
            clock = time.monotonic()
            monkeypatch.setattr(time, "monotonic", lambda clock=clock: clock + 12.2)
            assert match.seat_name(1) == t("lan.away_name", name="Aiko", secs=18)  # it counts down
            monkeypatch.undo()
            match.on_message(typed(_lobby({"connected": False, "bot": "normal", "away": 0.0})))
            assert match.seat_name(1) == t("lan.stand_in_name", name="Aiko")
            match.on_message(typed(_lobby({"connected": True, "bot": None, "away": None})))
            assert match.seat_name(1) == "Aiko"
            match.on_message(typed(_lobby({"connected": True, "bot": "normal", "away": None, "name": "normal bot"})))
            assert match.seat_name(1) == t("table.bot_name", n=2)  # a bot the host chose is a bot
    finally:
        app.shutdown()
