"""UI strings in Japanese, Chinese and English, loaded from TOML.

Layout: ``assets/i18n/<lang>.toml`` (the app's own strings) plus every
``assets/i18n/<lang>/*.toml`` (one file per table or feature, e.g. ``fate_votes.toml``),
merged. Nested TOML tables become dotted keys: ``[lobby] start = "…"`` → ``lobby.start``.
A missing key falls back to English, then to the key itself.

A language's merged strings are kept (``strings-<lang>.marshal``, with each file's path, size and modification
time) in ``assets/i18n/__pycache__/`` as Python keeps bytecode beside its sources, or in the user's cache folder
when that cannot be written: a start whose files have not changed reads that instead of importing and running
the TOML parser (~20 ms before the first frame); any change to the files parses them again.
"""
from __future__ import annotations

import marshal
import os
from pathlib import Path
from typing import Any

LANGS = ("ja", "zh", "en")
I18N_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"


def flatten(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out


def load_lang(lang: str, root: Path = I18N_DIR) -> dict[str, str]:
    """All strings of one language: ``<lang>.toml`` then ``<lang>/*.toml`` in name order."""
    files: list[Path] = []
    main = root / f"{lang}.toml"
    if main.is_file():
        files.append(main)
    sub = root / lang
    if sub.is_dir():
        files.extend(sorted(sub.glob("*.toml")))
    stamp = [(str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files]
    cached = _read_cache(lang, stamp, root)
    if cached is not None:
        return cached
    import tomllib

    strings: dict[str, str] = {}
    for path in files:
        with open(path, "rb") as fh:
            strings.update(flatten(tomllib.load(fh)))
    _write_cache(lang, stamp, strings, root)
    return strings


def cache_file(lang: str, root: Path = I18N_DIR) -> Path:
    """The merged strings of ``lang`` kept beside the files they come from, as Python keeps a module's
    bytecode in ``__pycache__`` (a checkout, or an install the user may write to)."""
    return root / "__pycache__" / f"strings-{lang}.marshal"


def user_cache_file(lang: str) -> Path:
    """Where the strings are kept when the folder of the files cannot be written: the user's cache folder."""
    from houkago import paths

    return paths.dirs().user_cache_path / f"strings-{lang}.marshal"


def _read_cache(lang: str, stamp: list[tuple[str, int, int]], root: Path = I18N_DIR) -> dict[str, str] | None:
    """The cached strings of ``lang`` if they were made from exactly these files (else None): beside the
    files first, then in the user's cache folder."""
    for where in (lambda: cache_file(lang, root), lambda: user_cache_file(lang)):
        try:
            kept_stamp, strings = marshal.loads(where().read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            continue
        if kept_stamp == stamp and isinstance(strings, dict):
            return strings
    return None


def _write_cache(lang: str, stamp: list[tuple[str, int, int]], strings: dict[str, str],
                 root: Path = I18N_DIR) -> None:
    """Keep the strings beside the files, else in the user's cache folder, else nowhere (parsed each start)."""
    data = marshal.dumps((stamp, strings))
    for where in (lambda: cache_file(lang, root), lambda: user_cache_file(lang)):
        path = where()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            part.write_bytes(data)
            os.replace(part, path)  # whole or not at all: another client may be reading it
            return
        except OSError:
            continue


class _Keep(dict):
    """format_map helper: unknown placeholders stay as ``{name}``."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _Tables(dict):
    """Language code → its strings, each read on first use (start-up reads only the languages it shows)."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root

    def __missing__(self, code: str) -> dict[str, str]:
        if code not in LANGS:
            raise KeyError(code)
        table = self[code] = load_lang(code, self.root)
        return table

    def get(self, code: str, default: Any = None) -> Any:
        return self[code] if code in LANGS else super().get(code, default)


class Strings:
    """Translations for all languages; ``t(key, **params)`` in the current one."""

    def __init__(self, lang: str = "en", root: Path = I18N_DIR) -> None:
        self.root = root
        self.tables: dict[str, dict[str, str]] = _Tables(root)
        self.lang = lang if lang in LANGS else "en"

    def set_lang(self, lang: str) -> None:
        if lang in LANGS:
            self.lang = lang

    def has(self, key: str) -> bool:
        return key in self.tables[self.lang] or key in self.tables["en"]

    def t(self, key: str, lang: str | None = None, **params: Any) -> str:
        table = self.tables.get(lang or self.lang, {})
        template = table.get(key)
        if template is None:
            template = self.tables["en"].get(key, key)
        try:
            return template.format_map(_Keep(params))
        except (ValueError, IndexError):
            return template

    def error(self, code: str, message: str = "", params: dict[str, Any] | None = None) -> str:
        """A server error by code (``action/not_your_turn``) as a player sentence in the current language.

        An unknown code falls back to its namespace's sentence (``error.action/other``), then to the general
        one: neither the code nor the server's raw ``message`` (English, for logs) ever reaches the screen.
        """
        key = f"error.{code}"
        if self.has(key):
            shown: dict[str, Any] = {k: v for k, v in (params or {}).items() if isinstance(v, (int, str))}
            return self.t(key, **shown)
        prefix = str(code).split("/", 1)[0]
        if self.has(f"error.{prefix}/other"):
            return self.t(f"error.{prefix}/other")
        return self.t("error.error/other")
