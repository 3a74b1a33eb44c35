"""The headless table context for tests (the production one: :mod:`client.kit.headless`).

``FakeCtx`` is :class:`client.kit.headless.HeadlessContext`: the real text engine, the real
strings, and records of sent actions, sounds and toasts.
"""
from __future__ import annotations

from client.i18n import load_lang
from client.kit.headless import HeadlessContext

FakeCtx = HeadlessContext


def load_strings(lang: str) -> dict[str, str]:
    """All UI strings of a language (flat key = text)."""
    return load_lang(lang)
