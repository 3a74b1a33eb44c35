"""The server's snapshot frames are byte for byte what the send path built before it was reworked.

Two hubs play the same random games — every game and the benchmark game, seats held by plain and by delta
connections, a bot seat, spectators, acts with and without a ``ref``, refused acts, a seat resumed by
another connection, a chat, clock ticks — one with the server's tables, one with the frozen copy of the old
send path (tests/frames_reference.py). Every frame either sends must be the same bytes to the same
connection, a snapshot must be held the same way by a slow reader (``key``) and stand for the same whole
snapshot (``full()``).
"""
from __future__ import annotations

import itertools
import random
from typing import Any

import msgpack
import pytest

import server.hub as hub_module
from server.hub import Hub
from server.tables import LOSSY_FROM, Lossy
from shared.protocol import PROTOCOL_VERSION, FrameDecoder
from tests.frames_reference import ReferenceTable, RefLossy


class _Reference(ReferenceTable):
    """The frozen send path, called as the hub calls a table now (it made every snapshot Lossy)."""

    def snapshot_frames(self, events: list[dict[str, Any]], now: float, ack: tuple[int, Any] | None = None,
                        slow: Any = None) -> list[tuple[int, bytes]]:
        return super().snapshot_frames(events, now, ack)


class Twin:
    """The same messages to a hub with the server's tables (``new``) and one with the reference copy."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
        ids = itertools.count()
        monkeypatch.setattr(hub_module.secrets, "token_hex", lambda n=4: f"t{next(ids) // 2:07d}")
        self.game = game
        self.new = Hub(None, server_name="t", wall=lambda: 1000.0)
        self.old = Hub(None, server_name="t", wall=lambda: 1000.0)
        self.tokens: dict[tuple[str, int], tuple[str, str]] = {}  # (kind, seat) -> (new hub's, old hub's)
        self.frames = 0
        self.seen: set[str] = set()  # what the snapshots sent held (delta, legal, clock, ref, private events …)
        self.events: dict[int, bytes] = {}  # sid -> the events the first snapshot of that state held

    def send(self, cid: int, msg: dict[str, Any], now: float, tokens: dict[str, tuple[str, int]] | None = None
             ) -> list[tuple[int, dict]]:
        """``tokens``: message field -> (kind, seat) whose per-hub token goes in that field."""
        got = []
        for which, hub in enumerate((self.new, self.old)):
            m = dict(msg)
            for fld, key in (tokens or {}).items():
                m[fld] = self.tokens[key][which]
            got.append(hub.handle(cid, m, now))
        return self.same(*got)

    def tick(self, now: float) -> list[tuple[int, dict]]:
        return self.same(self.new.tick(now), self.old.tick(now))

    def same(self, new: list, old: list) -> list[tuple[int, dict]]:
        """Assert both hubs sent the same; the messages sent (decoded)."""
        assert [cid for cid, _ in new] == [cid for cid, _ in old]
        msgs = []
        for (cid, a), (_, b) in zip(new, old):
            if b is None:
                assert a is None
                continue
            if bytes(a) != bytes(b):  # only a seat's token (each hub makes its own) may differ
                ma, mb = FrameDecoder().feed(bytes(a))[0], FrameDecoder().feed(bytes(b))[0]
                assert ma["t"] == "joined" and ma.pop("token") != mb.pop("token") and ma == mb
            if type(b) in (Lossy, RefLossy) and type(a) is not Lossy:  # a snapshot to a connection that reads
                assert type(a) is bytes and cid not in self.new.slow and len(a) < LOSSY_FROM
                self.seen.add("plain")
            else:  # Lossy: what a slow reader may lose (every frame that was, to a connection that may hold it)
                assert (type(a) is Lossy) == (type(b) in (Lossy, RefLossy))
            if type(a) is Lossy:
                assert a.key == b.key
                assert bytes(a.full()) == bytes(b.full())
                assert msgpack.unpackb(bytes(a.full())[4:])["t"] in ("snapshot", "chat")
                if a.full() is not a:
                    self.seen.add("full")
            m = FrameDecoder().feed(bytes(a))[0]
            if m["t"] == "snapshot" and "past" not in m:  # a broadcast (not a comeback)
                self.seen.update(k for k in ("delta", "legal", "gone", "clock", "ref") if k in m)
                if m["seat"] is None:
                    self.seen.add("watcher")
                events = self.events.setdefault(m["sid"], msgpack.packb(m["events"]))
                if events != msgpack.packb(m["events"]):
                    self.seen.add("private")  # viewers of the same state were sent different events
            msgs.append((cid, m))
            self.frames += 1
        return msgs

    def table(self) -> str:
        (tid,) = self.new.tables
        return tid


def _play(monkeypatch: pytest.MonkeyPatch, game: str, seats: int, seed: int, steps: int) -> Twin:
    rng = random.Random(seed)
    tw = Twin(monkeypatch, game)
    host, watch_a, watch_b = 100, 101, 102
    for cid in range(1, seats + 3):
        for hub in (tw.new, tw.old):
            hub.connect(cid)
    for cid in (host, watch_a, watch_b):
        for hub in (tw.new, tw.old):
            hub.connect(cid)
    delta = {cid: cid % 2 == 1 or cid == seats + 2 for cid in range(1, seats + 3)}
    for cid in [*range(1, seats + 3), host, watch_a, watch_b]:
        tw.send(cid, {"t": "hello", "v": PROTOCOL_VERSION, "delta": delta.get(cid, cid == watch_a)}, 0.0)
    created = [h.handle(host, {"t": "create", "game": game, "seats": seats, "bot_delay": 0, "practice": True,
                               "spectator_chat": True}, 0.0) for h in (tw.new, tw.old)]
    tw.tokens[("host", -1)] = tuple(FrameDecoder().feed(out[0][1])[0]["host"] for out in created)
    tid = tw.table()
    for t in (tw.old.tables[tid],):
        t.__class__ = _Reference
    bot_seat = seats - 1
    for s in range(seats - 1):
        joined = [h.handle(s + 1, {"t": "join", "table": tid, "seat": s, "name": f"p{s}"}, 0.0)
                  for h in (tw.new, tw.old)]
        tw.tokens[("seat", s)] = tuple(next(m["token"] for c, f in out if f is not None
                                            for m in [FrameDecoder().feed(f)[0]] if m["t"] == "joined")
                                       for out in joined)
    tw.send(host, {"t": "bot", "table": tid, "seat": bot_seat}, 0.0, {"host": ("host", -1)})
    tw.send(watch_a, {"t": "watch", "table": tid}, 0.0)
    tw.send(host, {"t": "start", "table": tid, "seed": seed}, 0.0, {"host": ("host", -1)})
    tw.send(watch_b, {"t": "watch", "table": tid}, 0.0)
    holder = {s: s + 1 for s in range(seats - 1)}
    spare = seats + 1  # a connection that takes a seat over now and then (hand_to: a whole snapshot again)
    now = 0.0
    tw.new.slow.update((1, 2))  # slow readers (the I/O adapter's set): their snapshots are Lossy, the others' not
    for step in range(steps):
        t = tw.new.tables.get(tid)
        if t is None or t.phase != "playing":
            break
        now += rng.choice((0.0, 0.1, 0.7))
        if rng.random() < 0.1:  # a reader falls behind or catches up
            tw.new.slow ^= {3, spare}
        roll = rng.random()
        humans = [s for s in range(seats - 1) if t.legal[s]]
        if roll < 0.06:
            s = rng.randrange(seats - 1)
            cid = spare if holder[s] != spare else s + 1
            tw.send(cid, {"t": "resume", "table": tid, "seat": s}, now, {"token": ("seat", s)})
            holder[s] = cid
        elif roll < 0.09:
            tw.send(watch_a, {"t": "chat", "table": tid, "text": "hi"}, now)
        elif roll < 0.2 or not humans:
            tw.tick(now)
        else:
            s = rng.choice(humans)
            action = rng.choice(t.legal[s]) if rng.random() > 0.05 else {"type": "no_such_move"}
            msg: dict[str, Any] = {"t": "act", "table": tid, "seat": s, "sid": t.sid, "action": action}
            if rng.random() < 0.7:
                msg["ref"] = rng.choice((step, f"r{step}"))
            tw.send(holder[s], msg, now, {"token": ("seat", s)})
        assert [x.sid for x in tw.new.tables.values()] == [x.sid for x in tw.old.tables.values()]
    return tw


@pytest.mark.parametrize("game,seats,steps", [("bench_vote", 6, 150), ("fate_votes", 5, 250),
                                              ("mind_swap", 4, 250), ("school_mystery", 4, 200)])
@pytest.mark.parametrize("seed", [1, 2])
def test_snapshot_frames_equal_the_old_send_path(monkeypatch: pytest.MonkeyPatch, game: str, seats: int,
                                                 steps: int, seed: int) -> None:
    tw = _play(monkeypatch, game, seats, seed, steps)
    assert tw.frames > steps  # the game was played and sent
    wanted = {"full", "legal", "ref", "watcher", "plain"} | ({"delta", "private"} if game != "bench_vote" else set())
    assert wanted <= tw.seen, tw.seen
