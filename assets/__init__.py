"""Game content (TOML data under ``assets/content/``), fonts, themes and sounds.

The loaders in :mod:`assets.loaders` read the data files and turn them into the
typed content objects the rules and clients use; ``shared`` never reads files.
"""
from __future__ import annotations

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent
CONTENT_DIR = ASSETS_DIR / "content"
