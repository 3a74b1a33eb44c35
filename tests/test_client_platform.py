"""Nothing Linux-only: folders per platform (platformdirs), LAN addresses (ifaddr), the first run's language."""
from __future__ import annotations

from pathlib import Path, PureWindowsPath

import pytest

from client import settings as st
from houkago import paths


@pytest.mark.parametrize(("environ", "system", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, None, "ja"),
    ({"LANG": "zh_CN.UTF-8"}, None, "zh"),
    ({"LANG": "zh_TW.UTF-8"}, None, "zh"),
    ({"LANG": "en_GB.UTF-8"}, None, "en"),
    ({"LANG": "fr_FR.UTF-8"}, ("ja_JP", "UTF-8"), "en"),  # a language we do not have: English
    ({"LANGUAGE": "fr:zh_CN", "LANG": "fr_FR.UTF-8"}, None, "zh"),  # the first we have in the list
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, None, "ja"),
    ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, None, "zh"),
    ({"LANG": "C.UTF-8"}, ("C", "UTF-8"), "en"),
    ({}, ("Japanese_Japan", "932"), "ja"),  # Windows names the user's locale in words
    ({}, ("Chinese (Simplified)_China", "936"), "zh"),
    ({}, ("zh-Hant-TW", "UTF-8"), "zh"),
    ({}, ("ja-JP", "UTF-8"), "ja"),
    ({}, (None, None), "en"),
    ({"LANG": "POSIX"}, ("de_DE", "UTF-8"), "en"),
])
def test_first_run_language_follows_the_system_locale(environ, system, lang):
    assert st.system_lang(environ, lambda: system or (None, None)) == lang


def test_first_run_saves_nothing_yet_and_a_saved_language_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "zh_CN")
    path = tmp_path / "settings.json"
    assert st.load(path).lang == "zh"  # no file: the system's language
    st.save(st.Settings(lang="ja"), path)
    assert st.load(path).lang == "ja"  # chosen once: kept


def test_unsupported_names_are_not_a_language():
    assert st.lang_of("jav_ID") is None and st.lang_of("english") == "en" and st.lang_of("") is None


def _fake_windows_folders(monkeypatch):
    import platformdirs.windows as win

    folders = {"CSIDL_APPDATA": r"C:\Users\mio\AppData\Roaming",
               "CSIDL_LOCAL_APPDATA": r"C:\Users\mio\AppData\Local",
               "CSIDL_PERSONAL": r"C:\Users\mio\Documents"}
    monkeypatch.setattr(win, "get_win_folder", lambda name: folders[name])


def test_folders_on_windows(monkeypatch):
    _fake_windows_folders(monkeypatch)
    assert PureWindowsPath(str(paths.config_dir("win32"))) == PureWindowsPath(r"C:\Users\mio\AppData\Local\houkago")
    assert PureWindowsPath(str(paths.data_dir("win32"))) == PureWindowsPath(r"C:\Users\mio\AppData\Local\houkago")
    assert PureWindowsPath(str(paths.documents_dir("win32"))) == PureWindowsPath(r"C:\Users\mio\Documents")


def test_folders_on_macos(monkeypatch):
    monkeypatch.setenv("HOME", "/Users/mio")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)  # platformdirs honours them on macOS too, when set
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    support = Path("/Users/mio/Library/Application Support/houkago")
    assert paths.config_dir("darwin") == support
    assert paths.data_dir("darwin") == support
    assert paths.documents_dir("darwin") == Path("/Users/mio/Documents")


def test_folders_on_linux_follow_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", "/home/mio")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert paths.config_dir("linux") == Path("/home/mio/.config/houkago")
    assert paths.data_dir("linux") == Path("/home/mio/.local/share/houkago")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.config_dir("linux") == tmp_path / "cfg" / "houkago"
    assert paths.data_dir("linux") == tmp_path / "data" / "houkago"


def test_the_app_uses_the_platform_folders(monkeypatch):
    """Settings, the server's journal folder and exported articles all ask ``houkago.paths`` for this system."""
    import sys

    from client.tables.school_mystery import default_export_dir
    from server.runtime import default_data_dir

    _fake_windows_folders(monkeypatch)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delenv("HOUKAGO_EXPORT_DIR", raising=False)
    local = PureWindowsPath(r"C:\Users\mio\AppData\Local\houkago")
    assert PureWindowsPath(str(st.default_path())) == local / "settings.json"
    assert PureWindowsPath(str(default_data_dir())) == local
    assert PureWindowsPath(str(default_export_dir())) == local / "articles"  # no Documents folder here


def test_lan_addresses_come_from_every_adapter_without_loopback(monkeypatch):
    import ifaddr

    from server import discovery

    class IP:
        def __init__(self, ip, v4=True):
            self.ip, self.is_IPv4 = ip, v4

    class Adapter:
        def __init__(self, *ips):
            self.ips = list(ips)

    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [
        Adapter(IP("127.0.0.1")), Adapter(IP("192.168.1.23"), IP(("fe80::1", 0, 2), v4=False)),
        Adapter(IP("10.0.0.5")), Adapter(IP("169.254.3.3"))])
    monkeypatch.setattr(discovery.socket, "getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("192.168.1.23", 0))])
    assert discovery.lan_addresses() == ["192.168.1.23", "10.0.0.5"]


def test_lan_addresses_survive_a_failing_adapter_list(monkeypatch):
    import ifaddr

    from server import discovery

    def broken():
        raise OSError("no adapters")

    monkeypatch.setattr(ifaddr, "get_adapters", broken)
    monkeypatch.setattr(discovery.socket, "getaddrinfo", lambda *a, **k: [(2, 1, 6, "", ("10.1.2.3", 0))])
    assert discovery.lan_addresses() == ["10.1.2.3"]
