"""Typed errors with stable, namespaced codes (``action/not_your_turn``)."""
from __future__ import annotations

from typing import Any


class HoukagoError(Exception):
    """Base error: a stable ``code``, a player-readable English ``message`` and params.

    Clients translate by ``code`` (the params fill the translated template);
    the English message is the fallback.
    """

    default_code = "error/unknown"

    def __init__(self, code: str | None = None, message: str = "", **params: Any) -> None:
        self.code = code or self.default_code
        self.message = message or self.code
        self.params = params
        super().__init__(f"{self.code}: {self.message}")

    def to_wire(self) -> dict[str, Any]:
        """Plain data for an ``error`` message; carries no hidden state."""
        return {"code": self.code, "msg": self.message, "params": dict(self.params)}


class RuleError(HoukagoError):
    """An illegal action or setup: the state is unchanged.

    Codes used across games: ``action/bad_shape``, ``action/unknown_type``,
    ``action/not_your_turn``, ``action/wrong_phase``, ``action/illegal_target``,
    ``action/illegal``, ``game/over``, ``setup/bad_seats``, ``setup/bad_option``.
    """

    default_code = "action/illegal"


def echo(value: Any, limit: int = 40) -> Any:
    """A client-sent value made safe to put in error params: an int or None as it is, anything else
    (nested data, long text) as at most ``limit`` characters of text."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and -2**63 <= value < 2**63):
        return value
    return str(value)[:limit]
