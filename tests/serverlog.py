"""Server subprocess logs of the running test, so a failure report can show them (see conftest)."""
from __future__ import annotations

from pathlib import Path

TAIL_CHARS = 20000
_attached: list[Path] = []


def attach(path: Path) -> Path:
    """Show ``path`` (a server's stderr log) in this test's failure report; returns it."""
    _attached.append(Path(path))
    return Path(path)


def sections() -> list[tuple[str, str]]:
    """(title, last part of the text) for every attached log that exists."""
    out = []
    for path in _attached:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            text = f"<unreadable: {exc}>"
        out.append((f"server log {path}", text[-TAIL_CHARS:] or "<empty>"))
    return out


def forget() -> None:
    """Called after each test's teardown."""
    _attached.clear()
