"""Server load benchmark: the shared peer workload on bench_vote (see docs/server.md).

    python3 bench/server.py --tables 50 --players 6 --rounds 15

The server runs as its own subprocess (``houkago server``, journal on, real
sockets on 127.0.0.1); this process is the driver. M tables × N seats, one
connection per seat. Per table a closed loop: move i is made by player
``p = i mod N`` on ``target = (p + i // N + 1) mod N`` and the next move is sent
only when all N connections of the table have decoded the update. 2 warm-up
rounds, then K measured rounds. Prints one JSON line last.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
HEADER = struct.Struct(">I")
VIEW_KEYS = {"players", "votes", "seq", "last", "me"}


def card(p: int, n: int) -> int:
    return ((p + 1) * 7919 + n * 104729) % 52


def encode(msg: dict[str, Any]) -> bytes:
    body = msgpack.packb(msg, use_bin_type=True)
    return HEADER.pack(len(body)) + body


class Client(asyncio.Protocol):
    """One seat's connection; decodes every frame and tells its table."""

    def __init__(self, bench: "Bench") -> None:
        self.bench = bench
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.table: "TableRun | None" = None
        self.seat = -1
        self.last_view: dict[str, Any] | None = None
        self.bad_views = 0
        self.snapshots = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def send(self, msg: dict[str, Any]) -> int:
        frame = encode(msg)
        assert self.transport is not None
        self.transport.write(frame)
        return len(frame)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        pos = 0
        n = len(buf)
        while n - pos >= 4:
            (length,) = HEADER.unpack_from(buf, pos)
            if n - pos - 4 < length:
                break
            msg = msgpack.unpackb(bytes(buf[pos + 4:pos + 4 + length]), raw=False)
            pos += 4 + length
            if self.table is not None and self.bench.measuring:
                self.bench.down_frames += 1
                self.bench.down_bytes += 4 + length
            self.on_message(msg)
        if pos:
            del buf[:pos]

    def on_message(self, msg: dict[str, Any]) -> None:
        if msg.get("t") == "snapshot" and self.table is not None:
            view = msg["view"]
            if not VIEW_KEYS.issuperset(view) or view.get("me") is None:
                self.bad_views += 1
            self.last_view = view
            self.snapshots += 1
            self.table.on_snapshot(self, msg["sid"])
        elif msg.get("t") == "error" and self.table is not None:
            self.bench.errors.append(msg)
            self.table.on_error()
        else:
            self.inbox.put_nowait(msg)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.table is not None and not self.bench.finished:
            self.bench.errors.append({"code": "driver/connection_lost"})
            self.table.on_error()

    async def recv(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), max(0.01, end - time.monotonic()))
            if msg.get("t") == kind:
                return msg
            if msg.get("t") == "error":
                raise RuntimeError(f"server error: {msg}")


class TableRun:
    """The closed loop of one table."""

    def __init__(self, bench: "Bench", tid: str, clients: list[Client], tokens: list[str]) -> None:
        self.bench = bench
        self.id = tid
        self.clients = clients
        self.tokens = tokens
        self.n = len(clients)
        self.sid = 0
        self.seen = 0  # clients that have the current sid
        self.done: asyncio.Future | None = None
        self.t0 = 0.0
        self.latencies: list[float] = []
        self.next_move = 0
        self.stop_at = 0

    def on_snapshot(self, client: Client, sid: int) -> None:
        if sid != self.sid + 1:
            return
        self.seen += 1
        if self.seen < self.n:
            return
        dt = time.perf_counter() - self.t0
        self.sid += 1
        self.seen = 0
        if self.bench.measuring:
            self.latencies.append(dt)
        self.next_move += 1
        if self.next_move < self.stop_at:
            self.send_move(self.next_move)
        elif self.done is not None and not self.done.done():
            self.done.set_result(None)

    def on_error(self) -> None:
        if self.done is not None and not self.done.done():
            self.done.set_exception(RuntimeError(f"table {self.id}: error during the run"))

    def send_move(self, i: int) -> None:
        """Send move i; the next one goes out from on_snapshot (closed loop, callbacks only)."""
        p = i % self.n
        target = (p + i // self.n + 1) % self.n
        msg = {"t": "act", "table": self.id, "seat": p, "token": self.tokens[p], "sid": self.sid,
               "action": {"type": "vote", "target": target}}
        self.t0 = time.perf_counter()
        size = self.clients[p].send(msg)
        if self.bench.measuring:
            self.bench.up_frames += 1
            self.bench.up_bytes += size

    async def run(self, first: int, count: int) -> None:
        self.done = asyncio.get_running_loop().create_future()
        self.next_move, self.stop_at = first, first + count
        self.send_move(first)
        await asyncio.wait_for(self.done, 120.0)


class Bench:
    def __init__(self, port: int, m: int, n: int, k: int, c: int) -> None:
        self.port, self.m, self.n, self.k, self.c = port, m, n, k, c
        self.measuring = False
        self.finished = False
        self.errors: list[dict[str, Any]] = []
        self.up_frames = self.up_bytes = self.down_frames = self.down_bytes = 0
        self.tables: list[TableRun] = []

    async def connect(self) -> Client:
        loop = asyncio.get_running_loop()
        _, client = await loop.create_connection(lambda: Client(self), "127.0.0.1", self.port)
        client.send({"t": "hello", "v": 1, "name": "bench"})
        await client.recv("welcome")
        return client

    async def setup(self) -> None:
        control = await self.connect()
        for _ in range(self.m):
            control.send({"t": "create", "game": "bench_vote", "seats": self.n, "bot_delay": 0})
            created = await control.recv("created")
            tid, host = created["table"], created["host"]
            clients, tokens = [], []
            for s in range(self.n):
                c = await self.connect()
                c.send({"t": "join", "table": tid, "seat": s, "name": f"p{s}"})
                tokens.append((await c.recv("joined"))["token"])
                c.seat = s
                clients.append(c)
            run = TableRun(self, tid, clients, tokens)
            for c in clients:
                c.table = run
            run.sid = -1  # the start snapshot has sid 0
            run.done = asyncio.get_running_loop().create_future()
            run.next_move, run.stop_at = 0, 0
            control.send({"t": "start", "table": tid, "host": host, "seed": 1})
            await asyncio.wait_for(run.done, 30.0)
            self.tables.append(run)
        self.control = control

    async def run(self, server_pid: int) -> dict[str, Any]:
        await self.setup()
        warm = 2 * self.n
        await asyncio.gather(*(t.run(0, warm) for t in self.tables))
        cpu0, t0, dcpu0 = cpu_seconds(server_pid), time.perf_counter(), time.process_time()
        self.measuring = True
        await asyncio.gather(*(t.run(warm, self.k * self.n) for t in self.tables))
        self.measuring = False
        wall = time.perf_counter() - t0
        cpu = cpu_seconds(server_pid) - cpu0
        driver_cpu = time.process_time() - dcpu0
        self.finished = True
        lat = sorted(x for t in self.tables for x in t.latencies)
        moves = len(lat)

        def rank(q: float) -> float:
            return round(lat[max(0, min(moves - 1, math.ceil(q * moves) - 1))] * 1000, 3)  # nearest rank

        final_seq = warm + self.k * self.n
        checks = {"all_saw_final_seq": all(c.last_view is not None and c.last_view["seq"] == final_seq
                                           for t in self.tables for c in t.clients),
                  "votes_sum_is_seq": all(sum(c.last_view["votes"]) == c.last_view["seq"]
                                          for t in self.tables for c in t.clients if c.last_view),
                  "only_own_hand": all(c.bad_views == 0 and own_hand_ok(c, final_seq, self.n)
                                       for t in self.tables for c in t.clients),
                  "errors": len(self.errors)}
        return {"moves": moves, "wall_s": round(wall, 3), "moves_per_s": round(moves / wall, 1),
                "p50_ms": rank(0.50), "p95_ms": rank(0.95), "p99_ms": rank(0.99),
                "server_cpu_pct": round(100 * cpu / wall, 1), "driver_cpu_pct": round(100 * driver_cpu / wall, 1), "server_rss_mib": peak_rss_mib(server_pid),
                "bytes_up": round(self.up_bytes / max(1, self.up_frames), 1),
                "bytes_down": round(self.down_bytes / max(1, self.down_frames), 1),
                "frames_up": self.up_frames, "frames_down": self.down_frames, "checks": checks}


def own_hand_ok(c: Client, final_seq: int, n: int) -> bool:
    """The last view holds exactly this seat's hand after its own moves, nothing else."""
    v = c.last_view
    if v is None:
        return False
    moves_by_me = sum(1 for i in range(final_seq) if i % n == c.seat)
    me = v["me"]
    return (me["hand"] == [card(c.seat, moves_by_me + j) for j in range(8)] and me["discarded"] == moves_by_me
            and me["drawn"] == 8 + moves_by_me)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mib(pid: int) -> float:
    m = re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return round(int(m.group(1)) / 1024, 1) if m else -1.0


def start_server(data: str, profile: str | None = None) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    prof = ["-m", "cProfile", "-o", profile] if profile else []
    proc = subprocess.Popen([sys.executable, *prof, "-m", "houkago", "server", "--host", "127.0.0.1", "--port", "0",
                             "--data", data, "--no-discovery", "--log-level", "WARNING"],
                            stdout=subprocess.PIPE, text=True, cwd=str(ROOT), env=env)
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        m = re.search(r"listening on [\d.]+:(\d+)", line)
        if m:
            return proc, int(m.group(1))
    proc.kill()
    raise RuntimeError("the server did not start")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=1)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--profile-server", metavar="FILE", help="run the server under cProfile, stats to FILE")
    args = ap.parse_args(argv)
    c = args.tables  # C = M: every table has one move in flight (the standard runs)
    data = tempfile.mkdtemp(prefix="houkago-bench-")
    proc, port = start_server(data, args.profile_server)
    try:
        bench = Bench(port, args.tables, args.players, args.rounds, c)
        result = asyncio.run(asyncio.wait_for(bench.run(proc.pid), 600))
        journal = Path(data) / "journal.sqlite3"
        import sqlite3
        with sqlite3.connect(str(journal)) as db:
            journaled = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        result["checks"]["journaled_actions"] = journaled
        result["checks"]["journal_complete"] = journaled == args.tables * (2 + args.rounds) * args.players
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(data, ignore_errors=True)
    out = {"bench": "server", "tables": args.tables, "players": args.players, "rounds": args.rounds,
           "concurrency": c, "journal": True, **result}
    print(json.dumps(out))
    return 0 if result["checks"]["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
