"""GameSpec.apply's envelope check (seat, shape, depth, game over): the fast paths refuse and accept
exactly what the written-out checks do, with the same error codes."""
from __future__ import annotations

import enum
import types
from typing import Any

import pytest

from shared.errors import RuleError
from shared.spec import MAX_ACTION_DEPTH, GameSpec, _too_deep


def _reference(state: dict, seat: Any, action: Any) -> str:
    """The envelope as written out before its fast paths: the error code, or "ok"."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
        return "action/bad_seat"
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return "action/bad_shape"
    if _too_deep(action, MAX_ACTION_DEPTH):
        return "action/bad_shape"
    if state["phase"] == "over":
        return "game/over"
    return "ok"


def _spec() -> GameSpec:
    rules = types.SimpleNamespace(apply=lambda state, seat, action: (state, []),
                                  is_over=lambda state: state["phase"] == "over")
    return GameSpec(id="envelope", names={}, min_seats=1, max_seats=6, rules=rules)


class _Seat(enum.IntEnum):
    TWO = 2


class _Map(dict):
    pass


class _Text(str):
    pass


def _nest(depth: int, box: Any = list) -> Any:
    """A value ``depth`` containers deep (lists, or tuples: a key may be one)."""
    x: Any = 1
    for _ in range(depth):
        x = box([x])
    return x


SEATS = [0, 1, 3, 4, -1, True, False, 1.0, None, "1", _Seat.TWO, 2**70]
ACTIONS = [
    {"type": "x"}, {"type": "x", "a": 1, "b": "t", "c": None, "d": 1.5, "e": b"z", "f": True},
    {"type": 1}, {"type": None}, {}, {"type": ["x"]}, {"type": _Text("x")}, _Map(type="x"), _Map(),
    [("type", "x")], "x", None, ("type", "x"),
    {"type": "x", "v": _nest(MAX_ACTION_DEPTH - 2)}, {"type": "x", "v": _nest(MAX_ACTION_DEPTH - 1)},
    {"type": "x", "v": _nest(MAX_ACTION_DEPTH)}, {"type": "x", "v": {"w": {"u": _nest(3)}}},
    {"type": "x", ("k",): 1}, {"type": "x", _nest(MAX_ACTION_DEPTH - 1, tuple): 1},
    {"type": "x", _nest(MAX_ACTION_DEPTH, tuple): 1}, {"type": "x", "v": ()}, {"type": "x", "v": set()},
    {"type": "x", 3: 4, b"k": 1.5}, {"type": "x", "v": _Text("y")},
]


@pytest.mark.parametrize("phase", ["play", "over"])
def test_envelope_same_as_written_out(phase: str) -> None:
    spec = _spec()
    state = {"players": 4, "phase": phase}
    seen = set()
    for seat in SEATS:
        for action in ACTIONS:
            want = _reference(state, seat, action)
            try:
                spec.apply(state, seat, action)
                got = "ok"
            except RuleError as e:
                got = e.code
            assert got == want, (seat, action)
            seen.add(want)
    assert seen == ({"ok", "action/bad_seat", "action/bad_shape"} if phase == "play"
                    else {"game/over", "action/bad_seat", "action/bad_shape"})
