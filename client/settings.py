"""Player settings kept between runs: language, sound, UI scale, fullscreen, name.

Stored as JSON in ``$XDG_CONFIG_HOME/houkago/settings.json`` (default
``~/.config/houkago/settings.json``). A missing, corrupt or partly wrong file gives
the defaults for whatever cannot be read; saving writes atomically.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

LANGS = ("ja", "zh", "en")
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "houkago"


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

    def clean(self) -> "Settings":
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
        return self

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        s = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                if f.name in data:
                    setattr(s, f.name, data[f.name])
        return s.clean()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def load(path: Path | None = None) -> Settings:
    """Settings from ``path`` (default location); defaults if missing or unreadable."""
    path = path or default_path()
    try:
        with open(path, encoding="utf-8") as fh:
            return Settings.from_dict(json.load(fh))
    except (OSError, ValueError, UnicodeDecodeError):
        return Settings()


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
