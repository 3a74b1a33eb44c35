"""Helpers shared by the content loaders: read TOML, fail with file + entry named."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from assets import CONTENT_DIR

LANGS = ("ja", "zh", "en")


class ContentError(ValueError):
    """Bad content data; the message names the file and the entry at fault."""

    def __init__(self, file: str | Path, entry: str, problem: str) -> None:
        self.file, self.entry, self.problem = str(file), entry, problem
        super().__init__(f"{file}: {entry}: {problem}")


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read one TOML file (relative paths are under ``assets/content/``)."""
    import tomllib  # here, not at the top: the launcher's first frame imports this module, reads no TOML

    p = Path(path)
    if not p.is_absolute():
        p = CONTENT_DIR / p
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(p, "(file)", "file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(p, "(file)", f"not valid TOML: {exc}") from None


def text3(file: str | Path, entry: str, value: Any, field: str = "text") -> dict[str, str]:
    """Check a ``{ja=…, zh=…, en=…}`` table: all three languages, non-empty strings."""
    if not isinstance(value, dict):
        raise ContentError(file, entry, f"{field} must be a table with ja, zh and en")
    for lang in LANGS:
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            raise ContentError(file, entry, f"{field}.{lang} is missing or empty")
    return {lang: value[lang] for lang in LANGS}


def check_int(file: str | Path, entry: str, value: Any, field: str, lo: int, hi: int) -> int:
    """A whole number (not a bool) in ``lo..hi``."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ContentError(file, entry, f"{field} must be a whole number in {lo}..{hi}")
    return value


def check_list(file: str | Path, entry: str, value: Any, field: str) -> list:
    """A TOML array."""
    if not isinstance(value, list):
        raise ContentError(file, entry, f"{field} must be a list")
    return value


def check_table(file: str | Path, entry: str, value: Any) -> dict:
    """A TOML table."""
    if not isinstance(value, dict):
        raise ContentError(file, entry, "must be a table")
    return value


def table_rows(file: str | Path, data: dict[str, Any], key: str, need_one: bool = False) -> list[tuple[str, dict]]:
    """The ``[[key]]`` tables of ``data``, each with the name of its entry (``key[i]``); a :class:`ContentError`
    when there is no such list (with ``need_one``, an empty one too) or one of its items is not a table."""
    rows = data.get(key)
    if not isinstance(rows, list) or (need_one and not rows):
        raise ContentError(file, key, f"needs a [[{key}]] list" + (" of at least one" if need_one else ""))
    out = []
    for i, row in enumerate(rows):
        out.append((f"{key}[{i}]", check_table(file, f"{key}[{i}]", row)))
    return out
