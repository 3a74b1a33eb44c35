"""Where the user content packs live, without loading any content (the launcher asks before its first frame).

``content_dir()`` is the user content folder, ``pack_files(folder)`` the ``.toml`` files in it and in its
``received/`` sub-folder; ``user_packs_enabled()`` says whether this process reads them at all. Checking and
merging the packs is ``assets/loaders/packs.py``.
"""
from __future__ import annotations

import os
from pathlib import Path

RECEIVED = "received"  # sub-folder for packs a server sent (named by fingerprint)


def content_dir() -> Path:
    """The user content folder: ``HOUKAGO_CONTENT_DIR``, else ``content/`` in the platform's data folder."""
    env = os.environ.get("HOUKAGO_CONTENT_DIR")
    if env:
        return Path(env)
    from houkago import paths

    return paths.data_dir() / "content"


def pack_files(directory: Path) -> list[Path]:
    """The ``.toml`` files of the content folder and its ``received/`` sub-folder, in name order."""
    if not directory.is_dir():
        return []
    return sorted(directory.glob("*.toml")) + sorted((directory / RECEIVED).glob("*.toml"))


def user_packs_enabled() -> bool:
    """Whether this process reads the user content folder: the ``houkago`` program sets
    ``HOUKAGO_USER_CONTENT=1`` (tests and tools see the built-in content only unless they ask)."""
    return os.environ.get("HOUKAGO_USER_CONTENT") == "1" or bool(os.environ.get("HOUKAGO_CONTENT_DIR"))
