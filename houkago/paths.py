"""Where Houkago keeps its files on each platform (through ``platformdirs``).

Linux and other Unix: ``$XDG_CONFIG_HOME/houkago`` (``~/.config/houkago``), ``$XDG_DATA_HOME/houkago``
(``~/.local/share/houkago``); macOS: ``~/Library/Application Support/houkago``; Windows:
``%LOCALAPPDATA%\\houkago``. ``platform`` (default ``sys.platform``) picks the rules, so tests can ask
for another system's answer.
"""
from __future__ import annotations

import sys
from pathlib import Path

from platformdirs.api import PlatformDirsABC

APP = "houkago"


def dirs(platform: str | None = None) -> PlatformDirsABC:
    """The platform's folder rules for this app."""
    plat = platform or sys.platform
    if plat.startswith("win"):
        from platformdirs.windows import Windows

        return Windows(APP, appauthor=False)
    if plat == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(APP, appauthor=False)
    from platformdirs.unix import Unix  # Linux, the BSDs

    return Unix(APP, appauthor=False)


def config_dir(platform: str | None = None) -> Path:
    """Settings and the seat book."""
    return Path(dirs(platform).user_config_dir)


def data_dir(platform: str | None = None) -> Path:
    """Server journals and other kept data."""
    return Path(dirs(platform).user_data_dir)


def documents_dir(platform: str | None = None) -> Path:
    """The user's documents folder (exported articles go in a ``houkago`` folder there)."""
    return Path(dirs(platform).user_documents_dir)
