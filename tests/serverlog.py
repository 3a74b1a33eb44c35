"""Server subprocess logs of the running test, so a failure report can show them (see conftest)."""
from __future__ import annotations

from pathlib import Path

TAIL_CHARS = 20000
_attached: list[Path] = []  # this test's
_kept: list[Path] = []  # a module- or session-scoped server's: shown for any test that fails while it runs


def attach(path: Path) -> Path:
    """Show ``path`` (a server's stderr log) in this test's failure report; returns it."""
    _attached.append(Path(path))
    return Path(path)


def keep(path: Path) -> Path:
    """Show ``path`` in the failure report of every test until :func:`release`; returns it."""
    _kept.append(Path(path))
    return Path(path)


def release(path: Path) -> None:
    """The server of a kept log has stopped."""
    if Path(path) in _kept:
        _kept.remove(Path(path))


def sections() -> list[tuple[str, str]]:
    """(title, last part of the text) for every attached or kept log."""
    out = []
    for path in [*_kept, *_attached]:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            text = f"<unreadable: {exc}>"
        out.append((f"server log {path}", text[-TAIL_CHARS:] or "<empty>"))
    return out


def forget() -> None:
    """Called after each test's teardown."""
    _attached.clear()
