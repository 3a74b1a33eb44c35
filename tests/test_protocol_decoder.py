"""shared.protocol.FrameDecoder (msgspec's typed decoder, msgpack's Unpacker for what that does not take)
against the Unpacker-only decoder it replaced (tests/protocol_reference.py): the same bytes, in the same
chunks, give the same messages — the same types, to the last float bit — and the same refusals."""
from __future__ import annotations

import random
import struct
from typing import Any

import msgpack
import pytest

from shared import protocol
from shared.protocol import HEADER, FrameDecoder, ProtocolError, encode
from tests.protocol_reference import ReferenceFrameDecoder


def same(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (1, 1.0 and True are not the same)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(k, kb) and same(a[k], b[kb]) for k, kb in zip(a, b, strict=True))
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return struct.pack(">d", a) == struct.pack(">d", b)
    return bool(a == b)


def value(rng: random.Random, depth: int) -> Any:
    """A value msgpack packs: mostly what messages carry, now and then what the protocol refuses."""
    kind = rng.randrange(16 if depth < 10 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, -1, 127, 128, -32, -33, 255, 65535, 2 ** 31, -2 ** 31, 2 ** 63 - 1, -2 ** 63,
                           2 ** 64 - 1, rng.randrange(-10 ** 6, 10 ** 6)])
    if kind == 3:
        return rng.choice([0.0, -0.0, 1.5, 1e300, float("inf"), rng.random(), 0.1])
    if kind in (4, 5):
        return rng.choice(["", "a", "vote", "放課後", "😀", "x" * rng.randrange(40), "é" * 20])
    if kind == 6:
        return rng.choice([b"", b"\x00\xff", b"bin"])  # bin: msgpack takes it, the typed decoder does not
    if kind == 7:
        return msgpack.ExtType(rng.randrange(128), bytes(rng.randrange(3)))  # refused (or length 0)
    if kind in (8, 9, 10):
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys: list[Any] = ["t", "a", "table", "", "鍵"]
    if rng.random() < 0.15:
        keys += [1, -5, b"k", None, True, 2.5]  # non-string keys: only bytes pass msgpack's strict_map_key
    return {rng.choice(keys): value(rng, depth + 1) for _ in range(rng.randrange(4))}


def body(rng: random.Random) -> bytes:
    """One frame body: a message, a malformed one, or a few handmade edge cases."""
    r = rng.random()
    if r < 0.08:
        return rng.choice([b"\xc1", b"\x81\xa1t\xc1", b"\x81\xa1t\xa3\xed\xa0\x80", b"\x81\xa1t\xa1\xff",
                           b"\xdd\xff\xff\xff\xff", b"\xdf\x7f\xff\xff\xff", b"\x81\xa1t\xc7\x00\x05",
                           b"\x82\xa1t\xa1p\xa1x\xd4\x01\x00", b"\x81\xa1t\xa2ab\x00", b"\x90", b"\xa1t",
                           b"\x82\xa1t\xa1a\xa1t\xa1b", b"\x81\xa1t\xca\x3d\xcc\xcc\xcd"])
    if r < 0.16:  # deep nesting around the typed decoder's depth
        deep: Any = rng.choice([1, "x", {}, [], {"k": None}])
        for _ in range(rng.randrange(1, 14)):
            deep = [deep] if rng.random() < 0.5 else {"d": deep}
        msg = {"t": "act", "action": deep}
    elif r < 0.2:
        msg = value(rng, 0)
    elif r < 0.24:  # containers around the Unpacker's length limits of a 40-byte frame (20 items, 10 pairs)
        n = rng.randrange(8, 24)
        msg = {"t": "x", "l": [0] * n} if rng.random() < 0.5 else {"t": "x", **{chr(65 + i): 0 for i in range(n // 2)}}
    else:
        msg = {"t": rng.choice(["act", "ping", "x"]), **{k: value(rng, 1) for k in rng.sample(
            ["table", "seat", "sid", "token", "action", "n"], rng.randrange(6))}}
    out = msgpack.packb(msg, use_bin_type=True)
    r = rng.random()
    if r < 0.05 and out:
        return out[:-rng.randrange(1, len(out) + 1)]
    if r < 0.1:
        return out + bytes([rng.randrange(256)])
    if r < 0.14 and out:
        i = rng.randrange(len(out))
        return out[:i] + bytes([rng.randrange(256)]) + out[i + 1:]
    return out


def stream(rng: random.Random) -> bytes:
    frames = []
    for _ in range(rng.randrange(1, 5)):
        b = body(rng)
        length = len(b)
        if rng.random() < 0.05:
            length += rng.choice([-1, 1, 3])
        frames.append(HEADER.pack(max(0, length)) + b)
    return b"".join(frames)


def outcome(dec: Any, chunks: list[bytes]) -> list[Any]:
    """What each feed gave (messages, or the refusal's code and text, which ends the stream), and pending."""
    got: list[Any] = []
    for chunk in chunks:
        try:
            got.append(("ok", dec.feed(chunk), dec.pending))
        except ProtocolError as err:
            got.append(("refused", err.code, err.message))
            break
    return got


def same_outcome(a: list[Any], b: list[Any]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x[0] != y[0] or (x[0] == "refused" and x != y):
            return False
        if x[0] == "ok" and (x[2] != y[2] or not same(x[1], y[1])):
            return False
    return True


@pytest.mark.parametrize("max_frame", [64 * 1024, 40])
def test_same_messages_and_refusals_as_the_unpacker(max_frame: int) -> None:
    rng = random.Random(17)
    fast = slow = 0
    for _ in range(2500):
        data = stream(rng)
        cuts = sorted(rng.sample(range(1, len(data)), min(len(data) - 1, rng.randrange(4)))) if len(data) > 1 else []
        chunks = [data[i:j] for i, j in zip([0, *cuts], [*cuts, len(data)], strict=True)]
        want = outcome(ReferenceFrameDecoder(max_frame), chunks)
        got = outcome(FrameDecoder(max_frame), chunks)
        assert same_outcome(got, want), (data, chunks, got, want)
        fast += any(x[0] == "ok" and x[1] for x in want)
        slow += want[-1][0] == "refused"
    assert fast > 300 and slow > 300  # both kinds were exercised


def test_too_much_unread_data_is_refused_as_before() -> None:
    big = HEADER.pack(30) + b"\x81\xa1t" + b"x" * 20  # an incomplete 30-byte frame, then more than the room
    for extra in (2 * 30 + (1 << 20) - 19, 2 * 30 + (1 << 20) - 18):
        a, b = FrameDecoder(30), ReferenceFrameDecoder(30)
        assert same_outcome(outcome(a, [big, b"y" * extra]), outcome(b, [big, b"y" * extra]))


def test_messages_take_the_typed_decoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages clients send, an action 6 levels deep included, never fall back to the Unpacker."""

    def no(*_: Any) -> Any:
        raise AssertionError("fell back to the Unpacker")

    monkeypatch.setattr(protocol, "_unpack_from", no)
    deep: Any = 1
    for _ in range(5):
        deep = [deep]
    msgs = [{"t": "act", "table": "T1", "seat": 3, "token": "x" * 22, "sid": 9,
             "action": {"type": "vote", "target": 4, "x": deep, "m": {"a": [1.5, None, True, "放課後"]}}},
            {"t": "hello", "v": 1, "name": "ユキ", "delta": True}, {"t": "ping", "n": 2 ** 64 - 1}]
    assert FrameDecoder().feed(b"".join(encode(m) for m in msgs)) == msgs
    with pytest.raises(AssertionError, match="fell back"):  # a bin value does
        FrameDecoder().feed(HEADER.pack(7) + b"\x81\xa1t\xc4\x02ab")


def test_a_frame_in_many_small_reads_is_joined_once() -> None:
    """A big frame arriving a few bytes per read (a peer's tiny segments) is kept piece by piece and joined
    once it can be complete, not copied again at every read (which cost time quadratic in its size)."""
    msg = {"t": "chat", "text": "x" * 50_000}
    frame = encode(msg)
    pieces = [frame[i:i + 7] for i in range(0, len(frame), 7)]
    decoder = FrameDecoder()
    for piece in pieces[:-1]:
        assert decoder.feed(piece) == []
    assert decoder.pending == len(frame) - len(pieces[-1])
    assert len(decoder._rest) < 7 + HEADER.size  # the pieces after the header are not joined yet
    assert decoder.feed(pieces[-1]) == [msg]
    assert decoder.pending == 0
    two = encode({"t": "hello", "v": 1}) + frame  # a frame, then a big one begun in the same read
    assert decoder.feed(two[:40]) == [{"t": "hello", "v": 1}]
    assert decoder.feed(two[40:]) == [msg] and decoder.pending == 0


@pytest.mark.parametrize("max_frame", [64 * 1024, 40])
def test_one_whole_frame_per_read_answers_as_the_unpacker(max_frame: int) -> None:
    """The common read (one whole frame, nothing kept from before) has a path of its own in feed: every kind
    of body in it gives the reference decoder's message or refusal, on a fresh decoder and on one that
    decoded frames before."""
    rng = random.Random(23)
    kept, ref_kept = FrameDecoder(max_frame), ReferenceFrameDecoder(max_frame)
    decoded = 0
    for _ in range(3000):
        b = body(rng)
        frame = HEADER.pack(len(b)) + b
        got, want = outcome(FrameDecoder(max_frame), [frame]), outcome(ReferenceFrameDecoder(max_frame), [frame])
        assert same_outcome(got, want), (frame, got, want)
        decoded += want[0][0] == "ok"
        if want[0][0] == "ok":  # (a refusal ends a stream)
            assert same_outcome(outcome(kept, [frame]), outcome(ref_kept, [frame]))
    assert decoded > 1000
