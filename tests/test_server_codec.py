"""Codec fuzzing: FrameDecoder against arbitrary bytes, splits and hostile msgpack (Hypothesis)."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.protocol import (
    CLIENT_MESSAGES,
    FrameDecoder,
    ProtocolError,
    encode,
    validate,
    validate_client,
)

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=50) | st.binary(max_size=50),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12)
messages = st.dictionaries(st.text(max_size=10), plain, max_size=6).map(lambda d: {**d, "t": "x"})


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_bytes_only_raise_protocol_errors(data: bytes) -> None:
    dec = FrameDecoder(max_frame=4096)
    try:
        out = dec.feed(data)
    except ProtocolError as err:
        assert err.code.startswith(("frame/", "msg/"))
        return
    assert all(isinstance(m, dict) and isinstance(m["t"], str) for m in out)


@FEWER
@given(st.lists(messages, min_size=1, max_size=5), st.data())
def test_messages_survive_any_split(msgs: list[dict], data: st.DataObject) -> None:
    stream = b"".join(encode(m) for m in msgs)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    dec = FrameDecoder()
    got: list = []
    prev = 0
    for cut in [*cuts, len(stream)]:
        got += dec.feed(stream[prev:cut])
        prev = cut
    assert got == msgs
    assert dec.pending == 0


@SETTINGS
@given(st.binary(min_size=1, max_size=200), st.integers(0, 2 ** 32 - 1))
def test_bodies_and_lengths_never_crash(body: bytes, length: int) -> None:
    dec = FrameDecoder(max_frame=1024)
    try:
        dec.feed(struct.pack(">I", length) + body)
    except ProtocolError:
        pass


@FEWER
@given(messages)
def test_validate_only_raises_protocol_errors(msg: dict) -> None:
    for kind in CLIENT_MESSAGES:
        try:
            validate({**msg, "t": kind}, CLIENT_MESSAGES)
        except ProtocolError as err:
            assert err.code.startswith("msg/")


@pytest.mark.parametrize("depth", [100, 1000, 100000])
def test_deep_nesting_is_refused_cleanly(depth: int) -> None:
    body = b"\x81\xa1t" + b"\x91" * depth + b"\xc0"
    with pytest.raises(ProtocolError):
        FrameDecoder(max_frame=1 << 20).feed(struct.pack(">I", len(body)) + body)


def test_oversized_declared_containers_are_refused() -> None:
    for body in (b"\xdd\xff\xff\xff\xff", b"\xdf\xff\xff\xff\xff", b"\xdb\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xff"):
        with pytest.raises(ProtocolError):
            FrameDecoder(max_frame=1024).feed(struct.pack(">I", len(body)) + body)


def test_encode_refuses_frames_over_the_cap() -> None:
    with pytest.raises(ProtocolError):
        encode({"t": "chat", "text": "x" * 5000}, max_frame=1024)
    assert msgpack.unpackb(encode({"t": "ok"})[4:]) == {"t": "ok"}


def test_an_unknown_message_type_is_not_echoed_whole() -> None:
    with pytest.raises(ProtocolError) as e:
        validate({"t": "x" * 5000}, CLIENT_MESSAGES)
    assert e.value.code == "msg/unknown_type" and len(e.value.message) < 100


_ACT = {"t": "act", "table": "ab12cd34", "seat": 2, "token": "tok", "sid": 7, "action": {"type": "vote"}}
_FIELD_VALUES = [None, True, False, 0, 3, -1, 2 ** 70, 1.5, "", "x", "y" * 2000, "y" * 2001, [], [1], {}, {"type": "x"},
                 b"raw"]


def _outcome(fn: object, msg: object) -> object:
    try:
        return ("ok", fn(msg))  # type: ignore[operator]
    except ProtocolError as err:
        return (err.code, err.message, err.params)
    except Exception as exc:  # noqa: BLE001 - whatever the general path raises, the fast one must too
        return (type(exc).__name__,)


def _outcomes_agree(msg: object) -> None:
    assert _outcome(validate_client, msg) == _outcome(lambda m: validate(m, CLIENT_MESSAGES), msg)


def test_validate_client_is_validate_for_every_one_field_change_of_an_act() -> None:
    """The act fast path answers exactly as the general loop: each field missing or of every kind of value,
    extra fields, other message types, non-maps."""
    _outcomes_agree(_ACT)
    assert validate_client(_ACT) is _ACT
    for name in _ACT:
        _outcomes_agree({k: v for k, v in _ACT.items() if k != name})
        for value in _FIELD_VALUES:
            _outcomes_agree({**_ACT, name: value})
            _outcomes_agree({**_ACT, name: value, "ref": 3})
    for value in _FIELD_VALUES:
        _outcomes_agree(value)
        _outcomes_agree({**_ACT, "t": "join", "seat": value})


@FEWER
@given(st.fixed_dictionaries({}, optional={name: st.sampled_from(_FIELD_VALUES) for name in _ACT if name != "t"}),
       messages)
def test_validate_client_is_validate_for_any_act(fields: dict, extra: dict) -> None:
    _outcomes_agree({**extra, **fields, "t": "act"})
