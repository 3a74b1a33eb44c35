"""Refusal sentences: a rules error code, at the position it happened, → the sentence naming the rule broken.

One code can stand for several rules (fate_votes' ``action/illegal_target``: voting for yourself, striking a
player without a vote, a seat not at the table); the player must read the one they broke. A game lists its
rules as :class:`Rule` entries — the code, the text key, and when the entry applies (a test of the
position: the shown snapshot, the action refused, the seat) — in a :class:`RefusalBook`; the first entry
of the code that applies gives the sentence, else the code's own sentence (``ctx.error_text``), never the
code or the server's raw text. Views keep the action they sent last (``TableView.last_action``) so the
book knows what was refused; ``TableView.refusal_text`` asks the view's book (``TableView.refusals``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from client.kit.presenter import Shown


@dataclass(frozen=True)
class At:
    """Where a refusal happened: the shown snapshot (with its legal actions), the action refused, the seat."""

    shown: Shown
    action: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None

    @property
    def view(self) -> Mapping[str, Any]:
        return self.shown.view

    @property
    def phase(self) -> Any:
        return self.shown.view.get("phase")


@dataclass(frozen=True)
class Rule:
    """One rule behind an error code: its sentence's text ``key`` (``params`` fills it) when ``when`` holds."""

    code: str
    key: str
    when: Callable[[At], bool] | None = None
    params: Callable[[At], Mapping[str, Any]] | None = None


class RefusalBook:
    """A game's rules behind its error codes, in order (the first that applies speaks)."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules: dict[str, list[Rule]] = {}
        for rule in rules:
            self.rules.setdefault(rule.code, []).append(rule)

    def rule_for(self, code: str, at: At) -> Rule | None:
        """The entry of ``code`` that applies at ``at`` (None: the code's own sentence)."""
        for rule in self.rules.get(code, []):
            try:
                if rule.when is None or rule.when(at):
                    return rule
            except (KeyError, IndexError, TypeError, ValueError):  # a test of an odd position: not this rule
                continue
        return None

    def sentence(self, ctx: Any, code: str, at: At, message: str = "") -> str:
        """The sentence for ``code`` at ``at``: the rule's, else ``ctx.error_text(code)`` (else ``message``)."""
        rule = self.rule_for(code, at)
        if rule is not None:
            try:
                params = dict(rule.params(at)) if rule.params is not None else {}
            except (KeyError, IndexError, TypeError, ValueError):
                params = {}
            text = str(ctx.t(rule.key, **params))
            if text and text != rule.key and "{" not in text:
                return text
        error_text = getattr(ctx, "error_text", None)
        return str(error_text(code, message)) if callable(error_text) else message
