"""Campaigns on the client (issue #33): a finished pass-and-play subject becomes a campaign in the data
folder, the advance scene lets each human choose their own student's advance (bots chose theirs), Start
opens the next subject with the students carried, Continue lists the campaign and exports its articles."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from client_helpers import button, click, make_app
from test_club_campaign import SPEC, play_to_end

from client import campaigns, modes


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    return SPEC.result(play_to_end(3, 11, {"subject": "music_room_piano"}, check_leaks=False))


def replay_of(result: dict[str, Any]) -> dict[str, Any]:
    return {"game": "school_mystery", "players": 3, "bots": 1, "bot_level": "normal",
            "options": {"subject": result["subject"], "lang": "en"}, "names": ["Aki", "Bea"]}


def test_a_finished_subject_starts_a_campaign_once(finished: dict[str, Any]) -> None:
    c = campaigns.finish_subject(replay_of(finished), finished)
    again = campaigns.finish_subject({**replay_of(finished),
                                      "options": {"campaign": {"id": c.id, "students": c.students}}}, finished)
    assert again.id == c.id and len(again.subjects) == 1  # the same end shown twice is kept once
    assert [x.id for x in campaigns.listed()] == [c.id]
    assert c.students == [{k: v for k, v in st.items()} for st in c.students]
    assert [st["name"] for st in c.students] == [st["name"] for st in finished["students"]]


def test_the_advance_scene_lets_humans_choose_and_starts_the_next_subject(
        finished: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = campaigns.finish_subject(replay_of(finished), finished)
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(modes, "start_play", lambda app, game, players, bots, **kw: started.append(
        {"game": game, "players": players, "bots": bots, **kw}))
    app = make_app(tmp_path, "--lang", "ja", "--size", "1280x720")
    app.replace("launcher")
    app.push("advance", campaign=c)
    app.frame(0.016)
    scene = app.top
    assert scene.name == "advance"
    assert c.advances[2] is not None and c.advances[0] is None  # the bot (last seat) chose its own
    start = button(scene, "start")
    assert not start.enabled
    with pytest.raises(KeyError):
        button(scene, "choose_2")  # no choice buttons on a bot's row
    click(app, button(scene, "next_0").rect.center)
    click(app, button(scene, "choose_0").rect.center)
    click(app, button(scene, "choose_1").rect.center)
    assert c.advances[0] is not None and c.advances[1] is not None
    assert button(app.top, "start").enabled
    chosen = list(c.advances)
    click(app, button(app.top, "start").rect.center, frames=2)
    assert len(started) == 1
    opts = started[0]["options"]
    assert opts["subject"] != "music_room_piano"  # a subject the club has not played
    carried = opts["campaign"]["students"]
    for seat, adv in enumerate(chosen):
        if adv["kind"] == "move":
            assert carried[seat]["moves"] == [adv["move"]]
        elif adv["kind"] == "stat":
            assert carried[seat]["stats"][adv["stat"]] == c.students[seat]["stats"][adv["stat"]]
        else:
            assert adv["seat"] in carried[seat]["bonds"]
    kept = campaigns.find(c.id)
    assert kept is not None and kept.playing and kept.students == carried
    # the setup of that table takes the carried students
    state = SPEC.setup(3, 2, opts)
    state, _ = SPEC.apply(state, 0, {"type": "choose_leader", "seat": 1})
    assert [st["name"] for st in state["students"]] == [st["name"] for st in carried]


def test_continue_lists_the_campaign_and_exports_its_articles(
        finished: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = campaigns.finish_subject(replay_of(finished), finished)
    monkeypatch.setenv("HOUKAGO_EXPORT_DIR", str(tmp_path / "out"))
    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    app.replace("launcher")
    assert app.top.unfinished == 1
    app.push("continue")
    app.frame(0.016)
    click(app, button(app.top, "articles_0").rect.center)
    folder = tmp_path / "out" / "campaigns" / c.id
    index = (folder / "index.md").read_text(encoding="utf-8")
    assert "01_music_room_piano.md" in index and (folder / "01_music_room_piano.md").is_file()
    for st in c.students:
        assert st["name"] in index
    click(app, button(app.top, "campaign_0").rect.center, frames=2)
    assert app.top.name == "advance"
