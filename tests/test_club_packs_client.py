"""The launcher lists the installed content packs; the lobby offers them for the table's packs option."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from client_helpers import make_app

from assets.loaders import packs, school_mystery
from client.games import school_mystery as sm_client
from shared.engine import REGISTRY

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "content_packs" / "broadcast_club.toml"


def test_the_launcher_lists_installed_packs_and_the_lobby_offers_them(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "content"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "broadcast_club.toml")
    (folder / "broken.toml").write_text("[pack]\nid = 'x'\n", encoding="utf-8")  # reported, not loaded
    monkeypatch.setenv("HOUKAGO_CONTENT_DIR", str(folder))
    monkeypatch.setattr(REGISTRY["school_mystery"], "_content", None)  # load again, with the folder
    app = make_app(tmp_path, "--lang", "ja", "--size", "1280x720")
    app.replace("launcher")
    app.frame(0.016)
    assert "放送部パック" in app.top._packs_line()
    content = app.content("school_mystery")
    fp = packs.fingerprint(EXAMPLE.read_bytes())
    assert list(content.packs) == [fp]
    assert sm_client.pack_choices(content) == {fp: {"ja": "放送部パック", "zh": "广播社扩展包", "en": "Broadcast Club Pack"}}
    found = packs.installed(school_mystery.load(school_mystery.GAME_DIR), folder)
    assert [e.file for e in found.errors] == ["broken.toml"]
    monkeypatch.setattr(REGISTRY["school_mystery"], "_content", None)


def test_without_packs_the_launcher_says_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOUKAGO_CONTENT_DIR", str(tmp_path / "none"))
    monkeypatch.setattr(REGISTRY["school_mystery"], "_content", None)
    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    app.replace("launcher")
    assert app.top._packs_line() == ""
    monkeypatch.setattr(REGISTRY["school_mystery"], "_content", None)
