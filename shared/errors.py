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
