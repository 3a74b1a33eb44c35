"""The wire format, sans I/O: length-prefixed msgpack frames.

A frame is a 4-byte big-endian length followed by one msgpack map. Both sides use
:class:`FrameDecoder` (feed bytes, get messages) and :func:`encode`. Limits are
parameters; every ``max_*`` limit of msgpack's ``Unpacker`` is set. Every message
is a map with a ``t`` (type) field; :mod:`shared.messages` types each one and checks it
at the edges. See ``docs/protocol.md``.
"""
from __future__ import annotations

import struct
from typing import Any

import msgpack
import msgspec

from shared.errors import HoukagoError
from shared.legal import expand as expand_legal
from shared.ports import DEFAULT_PORT as DEFAULT_PORT  # re-exported (set in shared.ports: no encoders)

PROTOCOL_VERSION = 1
MAX_FRAME = 256 * 1024  # bytes of one msgpack body
HEADER = struct.Struct(">I")


class ProtocolError(HoukagoError):
    """A malformed frame or message (``frame/too_large``, ``msg/bad_field`` …)."""

    default_code = "msg/bad"


def encode(msg: dict[str, Any], max_frame: int = MAX_FRAME) -> bytes:
    body = msgpack.packb(msg, use_bin_type=True)
    if len(body) > max_frame:
        raise ProtocolError("frame/too_large", f"frame of {len(body)} bytes exceeds {max_frame}")
    return HEADER.pack(len(body)) + body


def _limits(max_frame: int) -> dict[str, Any]:
    """Every ``max_*`` limit of msgpack's Unpacker for frames of at most ``max_frame`` bytes."""
    return {"max_str_len": max_frame, "max_bin_len": max_frame, "max_array_len": max(1, max_frame // 2),
            "max_map_len": max(1, max_frame // 4), "max_ext_len": 0, "raw": False, "strict_map_key": True,
            "use_list": True}


_DECODE_ERRORS = (ValueError, msgpack.UnpackException, RecursionError, TypeError)


def decode_body(body: bytes, max_frame: int = MAX_FRAME) -> Any:
    """Decode one frame body with every Unpacker limit set."""
    unpacker = msgpack.Unpacker(max_buffer_size=max(max_frame, 1), **_limits(max_frame))
    try:
        unpacker.feed(body)
        obj = unpacker.unpack()
        try:
            unpacker.unpack()
        except msgpack.OutOfData:
            return obj
        raise ProtocolError("frame/trailing_data", "extra data after the message")
    except ProtocolError:
        raise
    except _DECODE_ERRORS as exc:
        raise ProtocolError("frame/bad_msgpack", f"undecodable frame ({type(exc).__name__})") from None
    except msgpack.OutOfData:
        raise ProtocolError("frame/bad_msgpack", "truncated frame") from None


class SnapshotMemo:
    """Client side of delta snapshots (``hello`` with ``delta: true``): rebuilds full snapshots.

    A connection that asked for deltas gets, per seat it holds, the full ``view`` and
    ``legal`` in the first snapshot after it took the seat (join, start, resume); after
    that ``legal`` is left out while it is unchanged, and a snapshot with ``delta: true``
    carries only the view's top-level keys that changed (``gone``: keys that disappeared).
    ``legal`` may also come in the compact form of :mod:`shared.legal` (games with
    ``legal_compact``). :meth:`full` turns each snapshot back into the complete message
    a non-delta connection would have received. Keep one memo per connection; spectator snapshots
    (seat nil) are always full.
    """

    def __init__(self) -> None:
        self._last: dict[tuple[Any, Any], dict[str, Any]] = {}

    def full(self, msg: dict[str, Any]) -> dict[str, Any]:
        """The complete snapshot ``msg`` stands for (other messages are returned as they are)."""
        if msg.get("t") != "snapshot":
            return msg
        key = (msg.get("table"), msg.get("seat"))
        prev = self._last.get(key)
        legal = msg.get("legal")
        if legal and any(isinstance(a, dict) and ("$product" in a or "$choose" in a) for a in legal):
            msg = dict(msg, legal=expand_legal(legal))
        if msg.get("delta") or ("legal" not in msg and msg.get("seat") is not None):
            if prev is None:
                raise ProtocolError("msg/no_base", "a delta snapshot arrived before any full one")
            msg = dict(msg)
            if msg.pop("delta", False):
                view = dict(prev["view"])
                view.update(msg["view"])
                for k in msg.pop("gone", ()):
                    view.pop(k, None)
                msg["view"] = view
            msg.setdefault("legal", prev.get("legal", []))
        self._last[key] = msg
        return msg


class FrameDecoder:
    """Feed it bytes as they arrive; it returns the complete messages (maps).

    The bytes of a frame not yet complete are kept; each whole body is decoded by
    msgspec's msgpack decoder, typed so that it takes only what msgpack's ``Unpacker``
    (every limit set) also takes, to the same values: a map with string keys of nil,
    bools, ints, floats, strings, lists and maps with string keys, at most
    :data:`FAST_DEPTH` levels below the message, in a body of at most half the frame
    cap (no size limit can bite). Any other body (an ext type, a non-string key,
    ``bin``, deeper nesting, a malformed one) is decoded again by the ``Unpacker`` as
    the stream decoder before it did (:func:`_unpack_from`), which answers it exactly
    as it did: the same message or the same refusal. After any
    :class:`ProtocolError` the stream is broken: drop the decoder.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._room = 2 * max_frame + (1 << 20)  # unread bytes kept at most: a socket read on top of a frame
        self._fast_upto = max_frame // 2  # bodies the typed decoder may take (no Unpacker limit can bite)
        self._fast = _fast_decode()
        self._rest = b""  # bytes fed and not yet consumed (the start of a frame)
        self._more: list[bytes] = []  # bytes fed after them, joined once the frame can be complete
        self.pending = 0  # bytes fed and not yet decoded: len(_rest) + the lengths of _more
        self._need = HEADER.size  # bytes the first frame in _rest needs (its header, then all of it)

    def feed(self, data: bytes) -> list[Any]:
        have = self.pending
        if not have:  # the common read: one whole frame the typed decoder takes, a message; nothing is kept
            size = len(data) - HEADER.size
            if 0 < size <= self._fast_upto and _HEADER_UNPACK(data)[0] == size:
                try:
                    msg = self._fast(data[HEADER.size:])
                except _FAST_REFUSALS:
                    msg = None
                if type(msg) is dict and type(msg.get("t")) is str:
                    return [msg]
            # anything else (also a refusal, answered as the loop below answers it)
            if len(data) > self._room:
                raise ProtocolError("frame/too_large", "too much unread data")
        else:
            unread = have - HEADER.size if have >= HEADER.size else have  # a header is read at once
            if unread + len(data) > self._room:
                raise ProtocolError("frame/too_large", "too much unread data")
            if have + len(data) < self._need:  # a frame still short: kept, not joined (each byte copied once)
                self._more.append(data)
                self.pending = have + len(data)
                return []
            data = b"".join((self._rest, *self._more, data))
            self._more = []
        out: list[Any] = []
        pos, end = 0, len(data)
        need = HEADER.size
        while end - pos >= HEADER.size:
            (length,) = HEADER.unpack_from(data, pos)
            if length > self.max_frame:
                raise ProtocolError("frame/too_large", f"frame of {length} bytes exceeds {self.max_frame}")
            start = pos + HEADER.size
            pos = start + length
            if pos > end:
                pos = start - HEADER.size
                need = HEADER.size + length
                break
            obj: Any = None
            if length:
                try:
                    obj = self._fast(data[start:pos]) if length <= self._fast_upto else _SLOW
                except _FAST_REFUSALS:
                    obj = _SLOW
                if obj is _SLOW:
                    obj = _unpack_from(data[start:], length, self.max_frame, self._room)
            if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
                raise ProtocolError("msg/not_a_message", "a message is a map with a string 't'")
            out.append(obj)
        self._rest = rest = data[pos:] if pos < end else b""
        self.pending, self._need = len(rest), need
        return out


FAST_DEPTH = 7  # levels of lists and maps below the message the typed decoder takes (an action is 6 at most)
_SLOW = object()
_HEADER_UNPACK = HEADER.unpack_from
_FAST_REFUSALS = (msgspec.DecodeError, ValueError, TypeError, RecursionError, OverflowError)
_FAST: list[Any] = []


def _fast_decode() -> Any:
    """msgspec's decoder of a map of string keys to nil/bool/int/float/str, lists and such maps, nested at most
    :data:`FAST_DEPTH` deep (made once, on first use: its type is built level by level)."""
    if not _FAST:
        scalar: Any = None | bool | int | float | str
        value = scalar
        for _ in range(FAST_DEPTH):
            value = scalar | list[value] | dict[str, value]  # type: ignore[valid-type]  # a type built at run time
        # (type: ignore below: a type built at run time)
        _FAST.append(msgspec.msgpack.Decoder(dict[str, value]).decode)  # type: ignore[valid-type]
    return _FAST[0]


def _unpack_from(stream: bytes, length: int, max_frame: int, room: int) -> Any:
    """The body of ``length`` bytes at the start of ``stream`` (the rest of the bytes read so far) as msgpack's
    ``Unpacker`` reads it from a stream, every limit set: the message, or the refusal (a message that runs
    past its body into the next frame is refused as truncated, one that ends before it as trailing data)."""
    u = msgpack.Unpacker(max_buffer_size=max(room, len(stream)), **_limits(max_frame))
    u.feed(stream)
    try:
        obj = u.unpack()
    except _DECODE_ERRORS as exc:
        raise ProtocolError("frame/bad_msgpack", f"undecodable frame ({type(exc).__name__})") from None
    except msgpack.OutOfData:
        raise ProtocolError("frame/bad_msgpack", "truncated frame") from None
    used = u.tell()
    if used != length:
        raise ProtocolError("frame/trailing_data" if used < length else "frame/bad_msgpack",
                            "extra data after the message" if used < length else "truncated frame")
    return obj


MAX_TEXT = 2000  # characters of chat or a name
