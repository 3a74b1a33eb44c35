"""Codec fuzzing: FrameDecoder against arbitrary bytes, splits and hostile msgpack (Hypothesis)."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.messages import CLIENT_BY_T, SERVER_BY_T, Act, client_message, server_message
from shared.protocol import FrameDecoder, ProtocolError, encode

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
def test_the_edges_only_raise_protocol_errors(msg: dict) -> None:
    for types, edge in ((CLIENT_BY_T, client_message), (SERVER_BY_T, server_message)):
        for kind in types:
            try:
                edge({**msg, "t": kind})
            except ProtocolError as err:
                assert err.code in ("msg/bad_field", "msg/missing_field", "msg/unknown_field"), err.code


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
        client_message({"t": "x" * 5000})
    assert e.value.code == "msg/unknown_type" and len(e.value.message) < 100


_ACT = {"t": "act", "table": "ab12cd34", "seat": 2, "token": "tok", "sid": 7, "action": {"type": "vote"}}
_FIELD_VALUES = [None, True, False, 0, 3, -1, 2 ** 70, 1.5, "", "x", "y" * 2000, "y" * 2001, [], [1], {}, {"type": "x"},
                 b"raw"]
_ACT_TYPES = {"table": str, "seat": int, "token": str, "sid": int, "action": dict}


def _fits(name: str, value: object) -> bool:
    """Whether ``value`` is what the doc allows in the act's field ``name``."""
    want = _ACT_TYPES[name]
    if type(value) is not want:
        return False
    return not isinstance(value, str) or len(value) <= 2000  # (any int: the wire carries at most 64 bits)


def test_every_one_field_change_of_an_act_is_taken_or_refused_naming_the_field() -> None:
    """Each field of an act missing, of every kind of value, or an extra field: the act as typed, or the
    typed refusal naming that field (never another error)."""
    assert client_message(_ACT) == Act(table="ab12cd34", seat=2, token="tok", sid=7, action={"type": "vote"})
    for name in _ACT_TYPES:
        with pytest.raises(ProtocolError) as missing:
            client_message({k: v for k, v in _ACT.items() if k != name})
        assert (missing.value.code, missing.value.params) == ("msg/missing_field", {"field": name})
        for value in _FIELD_VALUES:
            msg = {**_ACT, name: value}
            if _fits(name, value):
                assert getattr(client_message(msg), name) == value
                continue
            with pytest.raises(ProtocolError) as bad:
                client_message(msg)
            assert (bad.value.code, bad.value.params) == ("msg/bad_field", {"field": name}), (name, value)
    for value in _FIELD_VALUES:
        with pytest.raises(ProtocolError) as extra:
            client_message({**_ACT, "seet": value})
        assert (extra.value.code, extra.value.params) == ("msg/unknown_field", {"field": "seet"})
        assert client_message({**_ACT, "ref": value}).ref == value  # (any ref; the hub echoes only some)
        with pytest.raises(ProtocolError) as not_a_message:
            client_message(value)
        assert not_a_message.value.code == "msg/not_a_message"


@FEWER
@given(st.fixed_dictionaries({}, optional={name: st.sampled_from(_FIELD_VALUES) for name in _ACT if name != "t"}),
       messages)
def test_any_act_is_taken_or_refused_with_a_typed_error(fields: dict, extra: dict) -> None:
    msg = {**extra, **fields, "t": "act"}
    try:
        act = client_message(msg)
    except ProtocolError as err:
        assert err.code in ("msg/bad_field", "msg/missing_field", "msg/unknown_field")
        assert err.params.get("field") in {*msg, *_ACT}
        return
    assert set(msg) <= {"t", "ref", *_ACT_TYPES} and all(_fits(k, getattr(act, k)) for k in _ACT_TYPES)
