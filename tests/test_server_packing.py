"""server.packing: the server's msgpack encoder writes exactly msgpack's bytes."""
from __future__ import annotations

import enum
import random

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.packing import pack
from shared.engine import REGISTRY


def reference(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=300) | st.binary(max_size=300),
    lambda inner: st.lists(inner, max_size=20) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=10) | st.integers(-5, 5), inner, max_size=20),
    max_leaves=40)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain)
def test_same_bytes_as_msgpack(value: object) -> None:
    assert pack(value) == reference(value)


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


def test_sizes_and_types_msgspec_leaves_to_msgpack() -> None:
    """Every length class of str/bin/array/map, int edges, and subclasses msgspec refuses."""
    values = [Name("x"), Level.HIGH, type("N", (int,), {})(7), "a" * 31, "a" * 32, "a" * 255, "a" * 256,
              "a" * 65536, b"b" * 255, b"b" * 256, b"b" * 65536, list(range(15)), list(range(16)),
              list(range(65536)), {str(i): i for i in range(16)}, -33, -129, -32769, 2 ** 32, 2 ** 64 - 1, 1.5]
    for value in values:
        assert pack(value) == reference(value), repr(value)[:40]


def test_every_game_view_legal_and_events() -> None:
    """Views (every seat and the spectators'), legal lists (and their compact form) and events of
    random games of every registered game."""
    rng = random.Random(5)
    for spec in REGISTRY.values():
        n = min(max(spec.min_seats, 4), spec.max_seats)
        state = spec.setup(n, 11, {})
        for _ in range(40):
            for seat in [*range(n), None]:
                assert pack(spec.view(state, seat)) == reference(spec.view(state, seat))
            movers = [s for s in range(n) if spec.legal_actions(state, s)]
            if not movers or spec.is_over(state):
                break
            seat = rng.choice(movers)
            legal = spec.legal_actions(state, seat)
            assert pack(legal) == reference(legal)
            wire = spec.wire_legal(state, seat, legal)
            assert pack(wire) == reference(wire)
            state, events = spec.apply(state, seat, rng.choice(legal))
            assert pack(events) == reference(events)
