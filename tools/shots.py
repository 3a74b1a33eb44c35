"""What the screenshot tools share: the folder they write their PNGs to."""
from __future__ import annotations

from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def out_folder(argv: list[str]) -> Path:
    """The folder named by ``--out DIR`` in ``argv``, else docs/screenshots; made when missing."""
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else DEFAULT
    out.mkdir(parents=True, exist_ok=True)
    return out
