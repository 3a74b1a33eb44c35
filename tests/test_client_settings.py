"""Settings survive a restart and a corrupt file."""
from __future__ import annotations

import json

from client import settings as st


def test_round_trip(tmp_path):
    path = tmp_path / "houkago" / "settings.json"
    s = st.Settings(lang="zh", volume=0.3, muted=True, ui_scale=1.3, fullscreen=True, name="美緒")
    assert st.save(s, path)
    back = st.load(path)
    assert back == s


def test_default_location_follows_xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert st.default_path() == tmp_path / "houkago" / "settings.json"
    st.save(st.Settings(lang="en"))
    assert st.load().lang == "en"


def test_corrupt_file_gives_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe{not json")
    assert st.load(path) == st.Settings(lang=st.system_lang())
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert st.load(path) == st.Settings(lang=st.system_lang())


def test_bad_fields_are_cleaned(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"lang": "fr", "volume": "loud", "muted": "yes", "ui_scale": 99,
                                "fullscreen": 1, "name": 5, "unknown": True}), encoding="utf-8")
    s = st.load(path)
    assert s.lang == st.system_lang() and s.volume == 0.7 and s.muted is False and s.ui_scale == 2.0
    assert s.fullscreen is False and s.name == ""


def test_unwritable_folder_does_not_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert st.save(st.Settings(), blocker / "sub" / "settings.json") is False
