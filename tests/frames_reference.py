"""The server's snapshot frames built the way they were before the send path was reworked (issue 17,
session 7): a frozen copy of ``Table.snapshot_frames``, ``Table._packed_legal`` and ``Lossy.full`` of
commit 40094a8, kept as the oracle the new frames must equal byte for byte (tests/test_server_frames_identical.py).

``ReferenceTable`` is a :class:`server.tables.Table` whose frames come from this copy; a test swaps a
table's class to it. Its frames are :class:`RefLossy` (bytes with the old ``key`` and ``full()``).
"""
from __future__ import annotations

from typing import Any

import msgpack

from server.tables import OVER, Table
from shared.protocol import HEADER, MAX_FRAME, ProtocolError


def _pack(x: Any) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


_KEY = {k: _pack(k) for k in ("t", "table", "seat", "sid", "view", "legal", "over", "events", "clock", "result",
                               "ref", "delta", "gone")}
_SNAPSHOT = _pack("snapshot")
_TRUE = _pack(True)
_ABSENT = object()
DELTA_MIN = 192
_MAP_HEADS = [bytes((0x80 | n,)) for n in range(16)]
_KEY_SEAT, _KEY_VIEW, _KEY_EVENTS, _KEY_LEGAL = _KEY["seat"], _KEY["view"], _KEY["events"], _KEY["legal"]
_DELTA_TRUE = _KEY["delta"] + _TRUE
_OVER, _NOT_OVER = _KEY["over"] + _TRUE, _KEY["over"] + _pack(False)


def _map_head(pairs: int) -> bytes:
    return _MAP_HEADS[pairs] if pairs < 16 else b"\xde" + pairs.to_bytes(2, "big")


class RefLossy(bytes):
    """The old ``Lossy``: a frame with its coalescing key and, for a delta snapshot, its whole form."""

    key: Any = None
    remake: tuple | None = None

    def full(self) -> bytes:
        if self.remake is None:
            return self
        table, shared, pairs, s, view, legal, state, evs, ref = self.remake
        legal_part = table._ref_packed_legal(s, legal, True, state)
        body = b"".join((_map_head(pairs + (2 if ref else 1)), shared, _KEY_SEAT + _pack(s) + _KEY_VIEW,
                         _pack(view), _KEY_EVENTS, evs, _KEY_LEGAL, legal_part, ref))
        return _with_header(body, self.key)


def _with_header(body: bytes, key: Any = None) -> RefLossy:
    if len(body) > MAX_FRAME:
        raise ProtocolError("frame/too_large", f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    frame = RefLossy(HEADER.pack(len(body)) + body)
    frame.key = key
    return frame


class ReferenceTable(Table):
    """A table whose snapshot frames are built by the frozen copy (its own legal-list cache)."""

    def snapshot_frames(self, events: list[dict[str, Any]], now: float,
                        ack: tuple[int, Any] | None = None) -> list[tuple[int, bytes]]:
        spec, state = self.spec, self.state
        pack = _pack
        head = b"".join((_KEY["t"], _SNAPSHOT, _KEY["table"], pack(self.id), _KEY["sid"]))
        common = [head, pack(self.sid), _OVER if self.phase == OVER else _NOT_OVER]
        pairs = 7
        if self.clock is not None and not self.clock.expired:
            common += [_KEY["clock"], pack(self.clock.wire(now))]
            pairs += 1
        shared = b"".join(common)
        public = not any("vis" in ev for ev in events)
        shared_events = pack(events) if public else b""
        ack_seat, ack_ref = (-1, b"") if ack is None else (ack[0], _KEY["ref"] + pack(ack[1]))
        out: list[tuple[int, bytes]] = []
        evs = shared_events
        for s, seat in enumerate(self.seats):
            holder = seat.holder
            if holder is None:
                continue
            legal = self.legal[s]
            view = spec.rules.view(state, s)
            if not public:
                evs = pack(spec.events_for(events, s))
            ref = ack_ref if s == ack_seat else b""
            seat_head = _KEY_SEAT + pack(s) + _KEY_VIEW
            if not seat.delta:
                body = b"".join((_map_head(pairs + (2 if ref else 1)), shared, seat_head, pack(view), _KEY_EVENTS,
                                 evs, _KEY_LEGAL, self._ref_packed_legal(s, legal, False), ref))
                out.append((holder, _with_header(body, (self.id, s))))
                continue
            sent = seat.sent_view
            if sent is None or seat.view_size <= DELTA_MIN:
                packed_view = pack(view)
                seat.view_size = len(packed_view)
                extra, view_tail = (1 if ref else 0), b""
            else:
                packed_view = pack({k: v for k, v in view.items() if (old := sent.get(k, _ABSENT)) is not v
                                    and old != v})
                extra, view_tail = (2 if ref else 1), _DELTA_TRUE
                if sent.keys() != view.keys():
                    view_tail += _KEY["gone"] + pack([k for k in sent if k not in view])
                    extra += 1
            if seat.sent_legal is not legal:
                legal_part = _KEY_LEGAL + self._ref_packed_legal(s, legal, True)
                extra += 1
                whole = not view_tail
            else:
                legal_part, whole = b"", False
            seat.sent_view, seat.sent_legal = view, legal
            body = b"".join((_map_head(pairs + extra), shared, seat_head, packed_view, _KEY_EVENTS, evs, view_tail,
                             legal_part, ref))
            frame = _with_header(body, (self.id, s))
            if not whole:
                frame.remake = (self, shared, pairs, s, view, legal, state, evs, ref)
            out.append((holder, frame))
        if self.watchers:
            evs = shared_events if public else pack(spec.events_for(events, None))
            frame = _with_header(b"".join((_map_head(pairs), shared, _KEY_SEAT, pack(None), _KEY_VIEW,
                                           pack(spec.view(state, None)), _KEY_EVENTS, evs)), (self.id, None))
            out += [(cid, frame) for cid in self.watchers]
        return out

    def _ref_packed_legal(self, s: int, legal: list[dict[str, Any]], delta: bool, state: Any = None) -> bytes:
        """Seat ``s``'s legal actions packed (delta: the game's compact form, from ``state``)."""
        wire = self.spec.wire_legal(self.state if state is None else state, s, legal) if delta else legal
        return _pack(wire)
