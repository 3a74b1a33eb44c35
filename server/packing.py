"""The server's msgpack encoder for what it sends and journals.

msgspec's encoder writes the same bytes as msgpack's ``Packer`` (``use_bin_type``) for the plain
data games, views and frames are made of (dicts, lists, tuples, str, bytes, int, float, bool, None)
and is about three times faster. A value it does not take (e.g. an ``int`` or ``str`` subclass) is
packed by msgpack instead, so every value msgpack packs still packs, to the same bytes.
Decoding stays with msgpack's ``Unpacker`` (:class:`shared.protocol.FrameDecoder`: its limits).
"""
from __future__ import annotations

from typing import Any

import msgpack
import msgspec

_encode = msgspec.msgpack.Encoder().encode  # runs under the GIL and keeps no state between calls
encode_plain = _encode  # pack's fast path alone, for hot loops: TypeError for a value only msgpack packs


def pack(x: Any) -> bytes:
    """``x`` as msgpack (the bytes ``msgpack.packb(x, use_bin_type=True)`` gives)."""
    try:
        return _encode(x)
    except TypeError:  # a type msgspec does not encode (a subclass of int or str): msgpack's own bytes
        return msgpack.packb(x, use_bin_type=True)
