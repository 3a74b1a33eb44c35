"""Player settings kept between runs: language, sound, UI scale, fullscreen, name.

Stored as JSON in ``settings.json`` in the platform's config folder (``houkago.paths``: on Linux
``$XDG_CONFIG_HOME/houkago``, default ``~/.config/houkago``). A missing, corrupt or partly wrong file gives
the defaults for whatever cannot be read; saving writes atomically.
"""
from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from houkago import paths

LANGS = ("ja", "zh", "en")
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)


def lang_of(name: str | None) -> str | None:
    """The UI language for one locale name, or None: ``ja_JP.UTF-8`` / ``Japanese_Japan`` → ja,
    ``zh_CN`` / ``zh-Hant-TW`` / ``Chinese (Simplified)_China`` → zh, ``en_GB`` / ``English_United States`` → en."""
    low = (name or "").strip().lower()
    for lang, words in (("ja", ("ja", "japanese")), ("zh", ("zh", "chinese")), ("en", ("en", "english"))):
        for word in words:
            if low == word or low.startswith((word + "_", word + "-", word + ".", word + "@", word + " ")):
                return lang
    return None


def system_lang(environ: Mapping[str, str] | None = None,
                getlocale: Callable[[], tuple[str | None, str | None]] = locale.getlocale) -> str:
    """The language a first run starts in: the system locale's (ja, zh or en), else en.

    Order as gettext reads it: ``LANGUAGE`` (a list: its first language we have), ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``; then the process locale (Windows and macOS: the user's locale).
    The first locale that is set decides: one we do not have means English.
    """
    env = os.environ if environ is None else environ
    for part in (env.get("LANGUAGE") or "").split(":"):
        if lang_of(part):
            return lang_of(part) or "en"
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = (env.get(key) or "").strip()
        if value and value.upper() not in ("C", "POSIX") and not value.upper().startswith(("C.", "POSIX.")):
            return lang_of(value) or "en"
    try:
        name = getlocale()[0]
    except (ValueError, TypeError):
        name = None
    return lang_of(name) or "en"


def config_dir() -> Path:
    """The per-user settings folder of this platform (``houkago.paths``)."""
    return paths.config_dir()


def default_path() -> Path:
    return config_dir() / "settings.json"


@dataclass
class Settings:
    lang: str = "ja"
    volume: float = 0.7  # 0..1
    muted: bool = False
    ui_scale: float = 1.0
    fullscreen: bool = False
    name: str = ""
    tutorials: dict[str, str] = field(default_factory=dict)  # game -> "offered" | "done" (client.tutorial)

    def clean(self) -> Settings:
        """Clamp every field to a valid value."""
        if self.lang not in LANGS:
            self.lang = "ja"
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = 0.7
        self.muted = bool(self.muted) if isinstance(self.muted, bool) else False
        try:
            self.ui_scale = min(2.0, max(0.5, float(self.ui_scale)))
        except (TypeError, ValueError):
            self.ui_scale = 1.0
        self.fullscreen = self.fullscreen if isinstance(self.fullscreen, bool) else False
        self.name = self.name[:40] if isinstance(self.name, str) else ""
        tutorials = self.tutorials if isinstance(self.tutorials, dict) else {}
        self.tutorials = {str(k): v for k, v in tutorials.items() if v in ("offered", "done")}
        return self

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        s = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                if f.name in data:
                    setattr(s, f.name, data[f.name])
        return s.clean()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def load(path: Path | None = None) -> Settings:
    """Settings from ``path`` (default location); defaults if missing or unreadable.

    The first run (no language saved yet) starts in the system's language (:func:`system_lang`).
    """
    path = path or default_path()
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError, UnicodeDecodeError):
        data = None
    settings = Settings.from_dict(data)
    if not (isinstance(data, dict) and data.get("lang") in LANGS):
        settings.lang = system_lang()
    return settings


def save(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings; returns False (and keeps playing) if the folder is not writable."""
    path = path or default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(settings.clean().to_dict(), fh, ensure_ascii=False, indent=2)
        os.replace(tmp, path)
        return True
    except OSError:
        return False
