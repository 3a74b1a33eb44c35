"""The stream decoder as it was before msgspec decoded bodies (session 8): a frozen copy of
``shared.protocol.FrameDecoder`` — one msgpack ``Unpacker`` per stream, every limit set. The decoder
tests feed both the same bytes and compare messages and refusals."""
from __future__ import annotations

from typing import Any

import msgpack

from shared.protocol import _DECODE_ERRORS, HEADER, MAX_FRAME, ProtocolError, _limits


class ReferenceFrameDecoder:
    """Feed it bytes as they arrive; it returns the complete messages (maps)."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._unpacker = msgpack.Unpacker(max_buffer_size=2 * max_frame + (1 << 20), **_limits(max_frame))
        self._buffered = 0
        self._length: int | None = None

    def feed(self, data: bytes) -> list[Any]:
        u = self._unpacker
        try:
            u.feed(data)
        except msgpack.BufferFull:
            raise ProtocolError("frame/too_large", "too much unread data") from None
        self._buffered += len(data)
        out: list[Any] = []
        while True:
            length = self._length
            if length is None:
                if self._buffered < HEADER.size:
                    break
                (length,) = HEADER.unpack(u.read_bytes(HEADER.size))
                self._buffered -= HEADER.size
                if length > self.max_frame:
                    raise ProtocolError("frame/too_large", f"frame of {length} bytes exceeds {self.max_frame}")
                self._length = length
            if self._buffered < length:
                break
            start = u.tell()
            try:
                obj = u.unpack() if length else None
            except _DECODE_ERRORS as exc:
                raise ProtocolError("frame/bad_msgpack", f"undecodable frame ({type(exc).__name__})") from None
            except msgpack.OutOfData:
                raise ProtocolError("frame/bad_msgpack", "truncated frame") from None
            used = u.tell() - start
            if used != length:
                raise ProtocolError("frame/trailing_data" if used < length else "frame/bad_msgpack",
                                    "extra data after the message" if used < length else "truncated frame")
            self._buffered -= length
            self._length = None
            if not isinstance(obj, dict) or not isinstance(obj.get("t"), str):
                raise ProtocolError("msg/not_a_message", "a message is a map with a string 't'")
            out.append(obj)
        return out

    @property
    def pending(self) -> int:
        return self._buffered + (HEADER.size if self._length is not None else 0)
