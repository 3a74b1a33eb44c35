"""The wire format, sans I/O: length-prefixed msgpack frames and message schemas.

A frame is a 4-byte big-endian length followed by one msgpack map. Both sides use
:class:`FrameDecoder` (feed bytes, get messages) and :func:`encode`. Limits are
parameters; every ``max_*`` limit of msgpack's ``Unpacker`` is set. Every message
is a map with a ``t`` (type) field; :func:`validate` checks a message against
:data:`CLIENT_MESSAGES` / :data:`SERVER_MESSAGES`. See ``docs/protocol.md``.
"""
from __future__ import annotations

import struct
from typing import Any

import msgpack

from shared.errors import HoukagoError, echo

PROTOCOL_VERSION = 1
DEFAULT_PORT = 7420
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


def decode_body(body: bytes, max_frame: int = MAX_FRAME) -> Any:
    """Decode one frame body with every Unpacker limit set."""
    unpacker = msgpack.Unpacker(
        max_buffer_size=max(max_frame, 1),
        max_str_len=max_frame,
        max_bin_len=max_frame,
        max_array_len=max(1, max_frame // 2),
        max_map_len=max(1, max_frame // 4),
        max_ext_len=0,
        raw=False,
        strict_map_key=True,
        use_list=True,
    )
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
    except (ValueError, msgpack.UnpackException, RecursionError, TypeError) as exc:
        raise ProtocolError("frame/bad_msgpack", f"undecodable frame ({type(exc).__name__})") from None
    except msgpack.OutOfData:
        raise ProtocolError("frame/bad_msgpack", "truncated frame") from None


class FrameDecoder:
    """Feed it bytes as they arrive; it returns the complete messages (maps)."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[Any]:
        self._buf += data
        out: list[Any] = []
        while len(self._buf) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buf)
            if length > self.max_frame:
                raise ProtocolError("frame/too_large", f"frame of {length} bytes exceeds {self.max_frame}")
            if len(self._buf) < HEADER.size + length:
                break
            body = bytes(self._buf[HEADER.size:HEADER.size + length])
            del self._buf[:HEADER.size + length]
            obj = decode_body(body, self.max_frame)
            if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
                raise ProtocolError("msg/not_a_message", "a message is a map with a string 't'")
            out.append(obj)
        return out

    @property
    def pending(self) -> int:
        return len(self._buf)


# --- message schemas -----------------------------------------------------------
# field -> (allowed python types, required). ``None`` in a type tuple allows nil.
_I = (int,)
_S = (str,)
_OPT_I = (int, type(None))
_OPT_S = (str, type(None))
_M = (dict,)
_L = (list,)
_B = (bool,)
_ANY = (object,)
_NUM = (int, float)
_OPT_NUM = (int, float, type(None))

CLIENT_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    # first message on every connection
    "hello": {"v": (_I, True), "name": (_S, False), "client": (_S, False)},
    "list": {},
    "create": {"game": (_S, True), "seats": (_I, True), "options": (_M, False), "name": (_S, False),
               "bot_delay": (_NUM, False), "takeover": (_B, False), "practice": (_B, False),
               "spectator_chat": (_B, False)},
    "join": {"table": (_S, True), "seat": (_OPT_I, False), "name": (_S, False)},
    "resume": {"table": (_S, True), "seat": (_I, True), "token": (_S, True)},
    "watch": {"table": (_S, True)},
    "leave": {"table": (_S, True), "seat": (_OPT_I, False), "token": (_OPT_S, False)},
    "ready": {"table": (_S, True), "seat": (_I, True), "token": (_S, True), "ready": (_B, True)},
    "bot": {"table": (_S, True), "host": (_S, True), "seat": (_I, True), "level": (_OPT_S, False)},
    "start": {"table": (_S, True), "host": (_S, True), "seed": (_OPT_I, False)},
    "act": {"table": (_S, True), "seat": (_I, True), "token": (_S, True), "sid": (_I, True),
            "action": (_M, True)},
    "chat": {"table": (_S, True), "text": (_S, True), "seat": (_OPT_I, False), "token": (_OPT_S, False)},
    "clock": {"table": (_S, True), "host": (_S, True), "op": (_S, True), "seconds": (_OPT_NUM, False)},
    "ping": {"n": (_I, False)},
    "replay": {"table": (_S, True)},
}

SERVER_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "welcome": {"v": (_I, True), "server": (_S, True), "games": (_L, True)},
    "tables": {"tables": (_L, True)},
    "created": {"table": (_S, True), "host": (_S, True)},
    "joined": {"table": (_S, True), "seat": (_I, True), "token": (_S, True)},
    "watching": {"table": (_S, True)},
    "left": {"table": (_S, True), "seat": (_OPT_I, False)},
    "lobby": {"table": (_M, True)},
    "snapshot": {"table": (_S, True), "seat": (_OPT_I, True), "sid": (_I, True), "view": (_M, True),
                 "legal": (_L, False), "over": (_B, True), "result": (_ANY, False), "clock": (_ANY, False),
                 "events": (_L, False), "ref": (_ANY, False)},
    "error": {"code": (_S, True), "msg": (_S, True), "params": (_M, False), "ref": (_ANY, False)},
    "chat": {"table": (_S, True), "name": (_S, True), "seat": (_OPT_I, False), "text": (_S, True),
             "ts": (_ANY, False)},
    "clock": {"table": (_S, True), "clock": (_ANY, True)},
    "pong": {"n": (_I, False)},
    "result": {"table": (_S, True), "result": (_M, True)},
    "replay": {"table": (_S, True), "game": (_S, True), "players": (_I, True), "names": (_L, True),
               "part": (_I, True), "last": (_B, True), "steps": (_L, True), "result": (_ANY, False)},
}

MAX_TEXT = 2000  # characters of chat or a name


def validate(msg: dict[str, Any], schema: dict[str, dict[str, tuple[tuple[type, ...], bool]]]) -> dict[str, Any]:
    """Check a decoded message against a schema; raise ProtocolError naming the field."""
    kind = msg.get("t")
    fields = schema.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError("msg/unknown_type", f"unknown message type {echo(kind)!r}")
    for name, (types, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError("msg/missing_field", f"{kind}: missing field {name!r}", field=name)
            continue
        value = msg[name]
        if object in types:
            continue
        if isinstance(value, bool) and bool not in types:
            raise ProtocolError("msg/bad_field", f"{kind}: field {name!r} has the wrong type", field=name)
        if not isinstance(value, types):
            raise ProtocolError("msg/bad_field", f"{kind}: field {name!r} has the wrong type", field=name)
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise ProtocolError("msg/bad_field", f"{kind}: field {name!r} is too long", field=name)
    return msg
