"""Error params echo client input only in a bounded, plain form (shared.errors.echo)."""
from __future__ import annotations

import pytest

from shared.engine import REGISTRY
from shared.errors import RuleError, echo

JUNK = ["ü" * 5000, {"deep": [[1, 2], {"x": "y" * 5000}]}, [1] * 1000, 2 ** 70, 3.5, True]


def test_echo_keeps_ints_and_bounds_everything_else() -> None:
    assert echo(7) == 7 and echo(None) is None and echo(-3) == -3
    assert echo(True) == "True" and echo(2 ** 70) == str(2 ** 70)[:40]
    assert echo("x" * 100) == "x" * 40 and len(echo({"a": "b" * 100})) == 40


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap", "school_mystery"])
def test_rejected_junk_comes_back_bounded(game: str) -> None:
    spec = REGISTRY[game]
    state = spec.setup(spec.min_seats, 3)
    seats = [s for s in range(spec.min_seats) if spec.legal_actions(state, s)]
    for seat in seats:
        for legal in spec.legal_actions(state, seat)[:20]:
            for key in [k for k in legal if k != "type"] + ["type"]:
                for junk in JUNK:
                    bad = {**legal, key: junk} if key != "type" else {"type": "y" * 5000}
                    try:
                        spec.apply(state, seat, bad)
                    except RuleError as err:
                        assert len(err.message) < 300, (bad, err.message[:80])
                        for v in err.params.values():
                            assert v is None or isinstance(v, (int, bool)) or (isinstance(v, str) and len(v) <= 64), \
                                (err.code, repr(v)[:80])


@pytest.mark.parametrize("game", ["fate_votes", "mind_swap", "school_mystery"])
def test_bad_options_come_back_bounded(game: str) -> None:
    spec = REGISTRY[game]
    names = [o.name for o in spec.options] + ["z" * 5000]
    for name in names:
        for junk in JUNK + [list(range(1000))]:
            try:
                spec.setup(spec.min_seats, 1, {name: junk})
            except RuleError as err:
                assert len(err.message) < 300, (name[:20], err.message[:80])
                assert all(len(str(v)) <= 64 for v in err.params.values()), err.params
