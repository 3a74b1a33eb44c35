"""A bounded replay flood over loopback: it is rate-limited and paged, its refusals are typed, and another
table's moves go on (their latency figure is bench/replay_flood.py's, not a threshold here)."""
from __future__ import annotations

import time

from srvkit import SyncClient
from waiting import WAIT_SECONDS

from server.limits import Limits
from server.runtime import ServerThread
from shared.protocol import encode

LIMITS = Limits(replay_burst=2, replays_per_minute=6.0, replays_running=3)
FLOODERS, ASKS = 6, 40


def _finished(c: SyncClient) -> str:
    table, host = c.create("fate_votes", 4, options={"discussion_seconds": 0})
    c.send({"t": "watch", "table": table})
    for s in range(4):
        c.send({"t": "bot", "table": table, "host": host, "seat": s})
    c.send({"t": "start", "table": table, "host": host})
    c.result(table)
    return table


def test_a_replay_flood_is_limited_typed_and_other_tables_move_on() -> None:
    with ServerThread(limits=LIMITS) as srv:
        port = srv.port or 0
        maker = SyncClient(port, "maker")
        table = _finished(maker)
        mover = SyncClient(port, "mover")
        vote, host = mover.create("bench_vote", 2)
        for s in (0, 1):
            mover.join(vote, s)
        mover.send({"t": "start", "table": vote, "host": host})
        flooders = [SyncClient(port, f"guest{i}") for i in range(FLOODERS)]
        for f in flooders:
            f.send_raw(b"".join(encode(
                {"t": "replay", "table": table, "ref": k}) for k in range(ASKS)))
        moved = 0
        end = time.monotonic() + WAIT_SECONDS
        while moved < 30:  # the other table's moves, each acknowledged, while the flood is answered
            assert time.monotonic() < end
            mover.pump(0.01)
            seat = next((s for s in (0, 1) if mover.snap.get(s, {}).get("legal")), None)
            if seat is None:
                continue
            ref = mover.act(vote, seat, mover.snap[seat]["legal"][0])
            ack = mover.expect(lambda m, ref=ref: m.get("ref") == ref)
            assert ack["t"] == "snapshot"
            moved += 1
        served, refused = 0, {}
        for f in flooders:
            answered: dict[object, str] = {}
            while len(answered) < ASKS:
                m = f.recv()
                if m["t"] == "error":
                    answered[m["ref"]] = m["code"]
                    assert m["code"] in ("replay/too_fast", "replay/busy") and m["params"]
                elif m["t"] == "replay" and m["last"]:
                    answered[m["ref"]] = "replay"
            mine = sum(code == "replay" for code in answered.values())
            assert mine <= LIMITS.replay_burst  # the burst at most (the next one is ten seconds away)
            served += mine
            for code in answered.values():
                refused[code] = refused.get(code, 0) + 1
        assert refused["replay/too_fast"] >= FLOODERS * (ASKS - LIMITS.replay_burst)
        assert 1 <= served <= FLOODERS * LIMITS.replay_burst and refused.get("replay/busy", 0) >= 1
        for c in [maker, mover, *flooders]:
            c.close()
