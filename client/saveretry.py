"""Changes the server could not save, sent again by themselves (``journal/unavailable``).

The server answers a change it could not journal (a full disk, an I/O error) with ``error
journal/unavailable`` (``params.retry``) and changes nothing. :class:`SaveRetry` remembers the recent
changes this connection sent (by ``ref``; one is added when the caller gave none), and on that error
sends the very same message again after a backoff — the same ``ref`` and, for an ``act``, the same state
id ``sid``, so an action is never lost and never applied twice (the server refuses an ``act`` made on a
state before the seat's own last accepted move as ``action/stale``). A retried change is answered by
any reply carrying its ``ref`` other than a new ``journal/unavailable`` (``created``, ``joined``, ``left``,
the actor's own ``snapshot``, another error, which the caller sees), or — for ``bot`` and ``start``,
whose success is only the table's ``lobby`` — by a ``lobby`` that shows the change made. (The server
sends a failed commit's errors after the other replies of that moment, so a ``ping`` cannot tell.)

Pure bookkeeping, no sockets: :class:`client.wire.ClientProtocol` feeds it the maps it sends and receives,
sends again what :meth:`SaveRetry.due` gives and hands on the ``_net`` statuses it returns (``saving`` with
the attempt, then ``saved``) as :class:`client.wire.NetStatus`.
"""
from __future__ import annotations

import collections
from dataclasses import dataclass
from typing import Any

SAVE_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before the 1st, 2nd, … retry (then the last, forever)
SAVED_CHANGES = frozenset({"create", "join", "leave", "bot", "start", "act"})  # may get journal/unavailable
KEEP_SENT = 64  # recent changes remembered by ref
OWN_REF = "_save:"  # refs this module adds to a change sent without one
UNSAVED = "journal/unavailable"


@dataclass
class _Retry:
    msg: dict[str, Any]
    tries: int = 0
    due: float | None = None  # when to send it again; None while the last retry awaits its answer


class SaveRetry:
    """What to send again, and when, after ``journal/unavailable``."""

    def __init__(self, backoff: tuple[float, ...] = SAVE_BACKOFF, keep: int = KEEP_SENT) -> None:
        self.backoff = backoff
        self.keep = keep
        self._sent: collections.OrderedDict[Any, dict[str, Any]] = collections.OrderedDict()
        self._pending: dict[Any, _Retry] = {}
        self._own = 0

    @property
    def pending(self) -> int:
        """Changes not saved yet (being retried)."""
        return len(self._pending)

    def outgoing(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A message about to be sent: a change gets a ref (if it had none) and is remembered by it."""
        if msg.get("t") not in SAVED_CHANGES:
            return msg
        ref = msg.get("ref")
        if ref is None:
            self._own += 1
            msg = {**msg, "ref": f"{OWN_REF}{self._own}"}
            ref = msg["ref"]
        if isinstance(ref, (str, int)):
            self._sent[ref] = msg
            self._sent.move_to_end(ref)
            while len(self._sent) > self.keep:
                self._sent.popitem(last=False)
        return msg

    def incoming(self, msg: dict[str, Any], now: float) -> tuple[bool, list[dict[str, Any]]]:
        """A received message: (whether the caller should see it, ``_net`` statuses to deliver)."""
        ref = msg.get("ref")
        kind = msg.get("t")
        if kind == "error" and msg.get("code") == UNSAVED and isinstance(ref, (str, int)) and ref in self._sent:
            retry = self._pending.setdefault(ref, _Retry(self._sent[ref]))
            delay = self.backoff[min(retry.tries, len(self.backoff) - 1)]
            retry.tries += 1
            retry.due = now + delay
            return False, [{"t": "_net", "state": "saving", "attempt": retry.tries, "retry_in": delay,
                            "pending": len(self._pending)}]
        done = [key for key, retry in self._pending.items() if retry.due is None and _answers(msg, key, retry.msg)]
        for key in done:
            del self._pending[key]
        return True, [{"t": "_net", "state": "saved"}] if done and not self._pending else []

    def due(self, now: float) -> list[dict[str, Any]]:
        """Changes to send again now (their backoff is over), each exactly as it was first sent."""
        out: list[dict[str, Any]] = []
        for retry in self._pending.values():
            if retry.due is not None and retry.due <= now:
                retry.due = None
                out.append(retry.msg)
        return out

    def next_due(self) -> float | None:
        """When the next retry is due (monotonic seconds), None when none waits."""
        dues = [r.due for r in self._pending.values() if r.due is not None]
        return min(dues) if dues else None

    def reconnected(self, now: float) -> None:
        """A new connection: a retry whose answer was lost with the old one is sent again at once."""
        for retry in self._pending.values():
            if retry.due is None:
                retry.due = now


def _answers(msg: dict[str, Any], ref: Any, sent: dict[str, Any]) -> bool:
    """Whether ``msg`` is the server's answer to the retried change ``sent`` (whose ref is ``ref``)."""
    if msg.get("ref") == ref:
        return not (msg.get("t") == "error" and msg.get("code") == UNSAVED)
    table = msg.get("table")
    if msg.get("t") != "lobby" or not isinstance(table, dict) or table.get("id") != sent.get("table"):
        return False
    if sent.get("t") == "start":
        return table.get("phase") != "lobby"
    if sent.get("t") == "bot":
        seats = [e for e in table.get("seats") or [] if isinstance(e, dict) and e.get("seat") == sent.get("seat")]
        level = sent.get("level")
        return bool(seats) and (not seats[0].get("bot") if level == "none" else
                                bool(seats[0].get("bot")) and level in (None, seats[0].get("bot")))
    return False
