"""Random playouts over every registered game.

For each game: random seat counts and seeds; every step picks a seat that has
legal actions and one of them. Checks: the game ends; every action taken was in
``legal_actions``; random illegal actions raise ``RuleError`` and leave the state
byte-for-byte unchanged; states, views and events survive msgpack; the same
seed and actions give the same final state; at sampled steps no view leaks
(the game's own ``leaks(state, viewer, view)`` check, when it has one).
"""
from __future__ import annotations

import random

import msgpack
import pytest

from shared.engine import REGISTRY, RuleError

GAMES_PER_ID = {"fate_votes": 1500, "mind_swap": 100, "school_mystery": 60}
# each game's seeds in this many runs of a few seconds each, so parallel workers share them (the same seeds)
CHUNKS = {"fate_votes": 5, "mind_swap": 5, "school_mystery": 2}
MAX_STEPS = 20000
ENDING = [gid for gid, spec in REGISTRY.items() if spec.ends]
PLAYOUT_RUNS = [(gid, chunk) for gid in ENDING for chunk in range(CHUNKS.get(gid, 1))]


def pack(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


def garbage_actions(r: random.Random, legal: list[dict], other_legal: list[dict]) -> list[dict]:
    """Plausible-looking but illegal actions for one seat."""
    out: list[dict] = [{"type": "no_such_action"}, {"type": 42}, {"type": "x" * 50}]
    if other_legal:
        out.append(r.choice(other_legal))
    if legal:
        a = dict(r.choice(legal))
        key = r.choice(sorted(a))
        a[key] = r.choice([None, -1, 10**9, "???", [], {"deep": [[[[[[[[1]]]]]]]]}])
        out.append(a)
    return out


def playout(gid: str, seed: int, check_views: bool) -> tuple[int, list[tuple[int, dict]], bytes]:
    spec = REGISTRY[gid]
    r = random.Random(seed)
    players = r.randint(spec.min_seats, spec.max_seats)
    state = spec.setup(players, seed, {})
    leaks = getattr(spec.rules, "leaks", None)
    history: list[tuple[int, dict]] = []
    for step in range(MAX_STEPS):
        if spec.is_over(state):
            break
        legal_by_seat = {s: spec.legal_actions(state, s) for s in range(players)}
        movers = [s for s, acts in legal_by_seat.items() if acts]
        assert movers, f"{gid} seed {seed} step {step}: nobody can act but the game is not over"
        seat = r.choice(movers)
        # illegal actions are rejected and change nothing
        if step % 7 == 0:
            before = pack(state)
            others = [a for s, acts in legal_by_seat.items() if s != seat for a in acts]
            for bad in garbage_actions(r, legal_by_seat[seat], others):
                if bad in legal_by_seat[seat]:
                    continue
                try:
                    spec.apply(state, seat, bad)
                except RuleError as err:
                    assert "/" in err.code and err.message
                else:
                    # some "garbage" may happen to be legal for this seat in games with free text
                    continue
                assert pack(state) == before, f"{gid}: rejected action changed the state"
        action = r.choice(legal_by_seat[seat])
        state, events = spec.apply(state, seat, action)
        assert isinstance(events, list)
        pack(events)
        history.append((seat, action))
        if check_views and step % 5 == 0:
            for viewer in [None, *range(players)]:
                v = spec.view(state, viewer)
                pack(v)
                pack(spec.events_for(events, viewer))
                if leaks:
                    found = leaks(state, viewer, v)
                    assert not found, f"{gid} seed {seed} step {step}: view of {viewer} leaks {found}"
    else:
        pytest.fail(f"{gid} seed {seed}: no end after {MAX_STEPS} steps")
    res = spec.result(state)
    pack(res)
    return players, history, pack(state)


def test_the_chunks_cover_every_seed_once() -> None:
    for gid in ENDING:
        seeds = [s for g, chunk in PLAYOUT_RUNS if g == gid for s in chunk_seeds(gid, chunk)]
        assert seeds == list(range(GAMES_PER_ID.get(gid, 100))), gid


def chunk_seeds(gid: str, chunk: int) -> range:
    """The seeds of one run of ``gid``'s playouts: its ``chunk``-th share of range(GAMES_PER_ID[gid])."""
    n, k = GAMES_PER_ID.get(gid, 100), CHUNKS.get(gid, 1)
    return range(n * chunk // k, n * (chunk + 1) // k)


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "chunk"), PLAYOUT_RUNS)
def test_random_playouts_end_legally_and_deterministically(gid: str, chunk: int) -> None:
    for seed in chunk_seeds(gid, chunk):
        players, history, final = playout(gid, seed, check_views=seed % 10 == 0)
        if seed % 25 == 0:
            spec = REGISTRY[gid]
            state = spec.setup(players, seed, {})
            for seat, action in history:
                state, _ = spec.apply(state, seat, action)
            assert pack(state) == final, f"{gid} seed {seed}: replay differs"


@pytest.mark.parametrize("gid", list(REGISTRY))
def test_setup_rejects_bad_seats_and_options(gid: str) -> None:
    spec = REGISTRY[gid]
    for bad in (spec.min_seats - 1, spec.max_seats + 1):
        with pytest.raises(RuleError) as e:
            spec.setup(bad, 1, {})
        assert e.value.code == "setup/bad_seats"
    with pytest.raises(RuleError) as e:
        spec.setup(spec.min_seats, 1, {"no_such_option": 1})
    assert e.value.code == "setup/bad_option"


@pytest.mark.parametrize("gid", list(REGISTRY))
def test_same_seed_same_setup(gid: str) -> None:
    spec = REGISTRY[gid]
    a = spec.setup(spec.min_seats, 1234, {})
    b = spec.setup(spec.min_seats, 1234, {})
    assert pack(a) == pack(b)
