"""A table's clock: the deadline of a real-time phase (``spec.timer``), a host's turn clock or the
humans' claim window (server/claims.py); its own module so both the table and the claim window make one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Clock:
    """The deadline of a real-time phase (``spec.timer``)."""

    total: float
    key: tuple
    deadline: float  # monotonic, meaningful when running
    left: float = 0.0  # seconds left while paused
    paused: bool = False
    expired: bool = False

    def remaining(self, now: float) -> float:
        return max(0.0, self.left if self.paused else self.deadline - now)

    def copy(self) -> Clock:
        """A copy (dataclasses.replace's, without its look at the fields)."""
        return Clock(self.total, self.key, self.deadline, self.left, self.paused, self.expired)

    def wire(self, now: float) -> dict[str, Any]:
        return {"deadline_in": round(self.remaining(now), 3), "paused": self.paused, "total": self.total}
