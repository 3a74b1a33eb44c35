"""Delta snapshots (hello ``delta``), the compact legal form and the streaming frame decoder.

A delta connection gets ``legal`` only when it changed and, after its first snapshot of a
seat, only the view's changed top-level keys; :class:`SnapshotMemo` rebuilds exactly the
snapshot a plain connection gets. mind_swap's compact legal form expands to the exact list.
"""
from __future__ import annotations

import random

import msgpack
import pytest

from server.hub import Hub
from shared.engine import REGISTRY
from shared.games.mind_swap.rules import legal_compact
from shared.legal import expand, spread_combinations
from shared.protocol import (
    HEADER,
    PROTOCOL_VERSION,
    FrameDecoder,
    ProtocolError,
    SnapshotMemo,
    encode,
)


def _decode(out: list) -> list[tuple[int, dict]]:
    dec = FrameDecoder()
    return [(cid, dec.feed(frame)[0]) for cid, frame in out if frame is not None]


def _table(game: str, seats: int, delta_conns: set[int]) -> tuple[Hub, str, dict[int, str]]:
    """A started table: connection s+1 holds seat s; those in ``delta_conns`` asked for deltas."""
    hub = Hub(None, server_name="t")
    host = 100
    hub.connect(host)
    hub.handle(host, {"t": "hello", "v": PROTOCOL_VERSION}, 0.0)
    created = dict(_decode(hub.handle(host, {"t": "create", "game": game, "seats": seats, "bot_delay": 0,
                                                  "practice": True}, 0.0)))
    tid, host_token = created[host]["table"], created[host]["host"]
    tokens = {}
    for s in range(seats):
        cid = s + 1
        hub.connect(cid)
        hub.handle(cid, {"t": "hello", "v": PROTOCOL_VERSION, "delta": cid in delta_conns}, 0.0)
        for c, m in _decode(hub.handle(cid, {"t": "join", "table": tid, "seat": s}, 0.0)):
            if m["t"] == "joined" and c == cid:
                tokens[s] = m["token"]
    return hub, tid, tokens | {-1: host_token}


def _play(game: str, seats: int, steps: int, seed: int) -> list[list[tuple[int, dict]]]:
    """The same random game on two tables, plain and delta: [(plain msgs, delta msgs) per step]."""
    rng = random.Random(seed)
    plain, tid_p, tok_p = _table(game, seats, set())
    delta, tid_d, tok_d = _table(game, seats, set(range(1, seats + 1)))
    out = []
    got_p = _decode(plain.handle(100, {"t": "start", "table": tid_p, "host": tok_p[-1], "seed": seed}, 0.0))
    got_d = _decode(delta.handle(100, {"t": "start", "table": tid_d, "host": tok_d[-1], "seed": seed}, 0.0))
    for _ in range(steps):
        out.append((got_p, got_d))
        t = plain.tables[tid_p]
        if t.phase != "playing":
            break
        movers = [s for s in range(seats) if t.legal[s]]
        seat = rng.choice(movers)
        action = rng.choice(t.legal[seat])
        msg = {"t": "act", "seat": seat, "sid": t.sid, "action": action}
        got_p = _decode(plain.handle(seat + 1, {**msg, "table": tid_p, "token": tok_p[seat]}, 0.0))
        got_d = _decode(delta.handle(seat + 1, {**msg, "table": tid_d, "token": tok_d[seat]}, 0.0))
    return out


@pytest.mark.parametrize("game,seats", [("mind_swap", 4), ("fate_votes", 5), ("school_mystery", 3),
                                        ("bench_vote", 3)])
def test_delta_snapshots_rebuild_the_plain_ones(game: str, seats: int) -> None:
    memos = {cid: SnapshotMemo() for cid in range(1, seats + 1)}
    plain_bytes = delta_bytes = 0
    legal_left_out = delta_views = 0
    for got_p, got_d in _play(game, seats, 60, seed=7):
        snaps_p = {c: m for c, m in got_p if m["t"] == "snapshot"}
        snaps_d = {c: m for c, m in got_d if m["t"] == "snapshot"}
        assert snaps_p.keys() == snaps_d.keys()
        for cid, raw in snaps_d.items():
            plain_bytes += len(msgpack.packb(snaps_p[cid]))
            delta_bytes += len(msgpack.packb(raw))
            legal_left_out += "legal" not in raw
            delta_views += bool(raw.get("delta"))
            assert {**memos[cid].full(raw), "table": None} == {**snaps_p[cid], "table": None}
    assert delta_bytes < plain_bytes
    if game != "bench_vote":  # bench_vote's views are too small to be worth a delta
        assert delta_views > 0
    if game in ("bench_vote", "mind_swap"):  # legal unchanged for some seats between moves
        assert legal_left_out > 0


def _act(hub: Hub, tid: str, tok: dict[int, str]) -> list[tuple[int, dict]]:
    t = hub.tables[tid]
    seat = next(s for s in range(t.n) if t.legal[s])
    return _decode(hub.handle(t.seats[seat].holder, {"t": "act", "table": tid, "seat": seat, "token": tok[seat],
                                                     "sid": t.sid, "action": t.legal[seat][0]}, 0.0))


def test_first_snapshot_is_full_and_resume_resets() -> None:
    hub, tid, tok = _table("mind_swap", 2, {1, 2})
    got = _decode(hub.handle(100, {"t": "start", "table": tid, "host": tok[-1], "seed": 1}, 0.0))
    first = next(m for c, m in got if m["t"] == "snapshot" and c == 1)
    assert "delta" not in first and "legal" in first and "opening" in first["view"]
    mine = next(m for c, m in _act(hub, tid, tok) if c == 1)
    assert mine["delta"] is True and "opening" not in mine["view"] and "students" not in mine["view"]
    # a new connection resuming seat 0 gets a full snapshot, then deltas against it
    hub.connect(5)
    hub.handle(5, {"t": "hello", "v": PROTOCOL_VERSION, "delta": True}, 0.0)
    got = _decode(hub.handle(5, {"t": "resume", "table": tid, "seat": 0, "token": tok[0]}, 0.0))
    snap = next(m for c, m in got if c == 5 and m["t"] == "snapshot")
    assert "delta" not in snap and "legal" in snap and "opening" in snap["view"]
    assert next(m for c, m in _act(hub, tid, tok) if c == 5)["delta"] is True


def test_bench_vote_legal_is_sent_once() -> None:
    hub, tid, tok = _table("bench_vote", 2, {1, 2})
    got = _decode(hub.handle(100, {"t": "start", "table": tid, "host": tok[-1], "seed": 1}, 0.0))
    assert all("legal" in m for c, m in got if m["t"] == "snapshot")
    for _ in range(3):
        snaps = [m for c, m in _act(hub, tid, tok) if m["t"] == "snapshot"]
        assert len(snaps) == 2 and not any("legal" in m for m in snaps)


def test_memo_refuses_a_delta_without_a_base() -> None:
    with pytest.raises(ProtocolError):
        SnapshotMemo().full({"t": "snapshot", "table": "x", "seat": 0, "sid": 3, "view": {}, "delta": True})


def test_mind_swap_legal_compact_expands_exactly() -> None:
    spec = REGISTRY["mind_swap"]
    rules = spec.rules
    checked = compacted = 0
    for seed, (players, options) in enumerate([(4, {}), (6, {"students": "all30"}), (2, {"shuffle": "quick"})]):
        rng = random.Random(seed)
        state = spec.setup(players, seed, options)
        for _ in range(150):
            if rules.is_over(state):
                break
            seat = state["turn"]
            legal = rules.legal_actions(state, seat)
            wire = legal_compact(state, seat)
            assert expand(wire) == legal
            checked += 1
            compacted += len(wire) < len(legal)
            state, _ = rules.apply(state, seat, rng.choice(legal))
    assert checked > 100 and compacted > 20


def test_expand_forms() -> None:
    assert expand([{"$product": {"type": "p"}, "keys": [["to", [1, 2]], ["take", [None, 5]]]}]) == [
        {"type": "p", "to": 1, "take": None}, {"type": "p", "to": 1, "take": 5},
        {"type": "p", "to": 2, "take": None}, {"type": "p", "to": 2, "take": 5}]
    assert expand([{"$choose": {"type": "m"}, "of": [2, 3, 4], "k": 2, "limit": None, "keys": ["a", "b"]}]) == [
        {"type": "m", "a": 2, "b": 3}, {"type": "m", "a": 2, "b": 4}, {"type": "m", "a": 3, "b": 4}]
    spread = spread_combinations(list(range(10)), 3, 7)
    assert len(spread) == 7 and spread[0] == (0, 1, 2) and len(set(spread)) == 7


def test_streaming_decoder_splits_and_refuses_bad_bodies() -> None:
    frames = b"".join(encode({"t": "ping", "n": i}) for i in range(5))
    dec = FrameDecoder()
    got = []
    for i in range(len(frames)):  # one byte at a time
        got += dec.feed(frames[i:i + 1])
    assert [m["n"] for m in got] == list(range(5)) and dec.pending == 0
    body = msgpack.packb({"t": "ping"})
    with pytest.raises(ProtocolError) as err:  # a body longer than its message
        FrameDecoder().feed(HEADER.pack(len(body) + 1) + body + b"\x01")
    assert err.value.code == "frame/trailing_data"
    with pytest.raises(ProtocolError) as err:  # a message running past its body into the next frame
        FrameDecoder().feed(HEADER.pack(len(body) - 1) + body + encode({"t": "ping"}))
    assert err.value.code == "frame/bad_msgpack"
