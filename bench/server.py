"""Server load benchmark: the shared peer workload on bench_vote (see docs/server.md).

    python3 bench/server.py --tables 50 --players 6 --rounds 15

The server runs as its own subprocess (``houkago server``, journal on, real
sockets on 127.0.0.1); this process is the driver (plain sockets, one epoll loop). M tables × N seats, one
connection per seat. Per table a closed loop: move i is made by player
``p = i mod N`` on ``target = (p + i // N + 1) mod N`` and the next move is sent
only when all N connections of the table have decoded the update. 2 warm-up
rounds, then K measured rounds. Prints one JSON line last.

    python3 bench/server.py --game mind_swap --tables 20 --players 4 --rounds 15

With ``--game GAME`` (fate_votes, mind_swap, school_mystery) the tables play that game
instead: the same closed loop, but each move is chosen by the game's ``sensible`` bot for a
seat that has legal actions (from its snapshots, rebuilt with ``SnapshotMemo``); a rejected
choice is replaced by a random legal action. A table stops when its game ends, so it may
make fewer than ``rounds × players`` measured moves (``moves`` says how many were made).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import procs
from server.journal import Journal
from shared.engine import REGISTRY
from shared.protocol import SnapshotMemo
from shared.rng import Rng

HEADER = struct.Struct(">I")
VIEW_KEYS = {"players", "votes", "seq", "last", "me"}


def card(p: int, n: int) -> int:
    return ((p + 1) * 7919 + n * 104729) % 52


def encode(msg: dict[str, Any]) -> bytes:
    body = msgpack.packb(msg, use_bin_type=True)
    return HEADER.pack(len(body)) + body


class Client:
    """One seat's connection (a plain socket); decodes every frame and tells its table."""

    def __init__(self, bench: Bench, port: int) -> None:
        self.bench = bench
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = bytearray()
        self.inbox: list[dict[str, Any]] = []
        self.table: TableRun | None = None
        self.seat = -1
        self.last_view: dict[str, Any] | None = None
        self.bad_views = 0
        self.memo = SnapshotMemo() if bench.game != "bench_vote" else None
        self.last: dict[str, Any] | None = None  # the last full snapshot (--game)

    def send(self, msg: dict[str, Any]) -> int:
        frame = encode(msg)
        self.sock.sendall(frame)
        return len(frame)

    def readable(self) -> None:
        """The socket is readable (epoll said so): take what is there and decode every whole frame."""
        data = self.sock.recv(1 << 18)
        if not data:
            self.bench.errors.append({"code": "driver/connection_lost"})
            if self.table is not None:
                self.table.failed = True
            return
        buf = self.buf
        buf += data
        pos, n = 0, len(buf)
        while n - pos >= 4:
            (length,) = HEADER.unpack_from(buf, pos)
            if n - pos - 4 < length:
                break
            msg = msgpack.unpackb(bytes(buf[pos + 4:pos + 4 + length]), raw=False)
            pos += 4 + length
            if self.bench.measuring:
                self.bench.down_frames += 1
                self.bench.down_bytes += 4 + length
            self.on_message(msg)
        if pos:
            del buf[:pos]

    def on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if kind == "snapshot" and self.table is not None and self.memo is not None:
            self.last = self.memo.full(msg)
            self.table.on_snapshot(msg["sid"])
        elif kind == "snapshot" and self.table is not None:
            view = msg["view"]
            if msg.get("delta"):  # only the changed top-level keys (we said hello with delta)
                view = {**(self.last_view or {}), **view}
            if not VIEW_KEYS.issuperset(view) or view.get("me") is None:
                self.bad_views += 1
            self.last_view = view
            self.table.on_snapshot(msg["sid"])
        elif kind == "error" and isinstance(self.table, GameRun) and msg.get("ref") is not None:
            self.table.rejected(msg)
        elif kind == "error":
            self.bench.errors.append(msg)
            if self.table is not None:
                self.table.failed = True
            else:
                raise RuntimeError(f"server error during setup: {msg}")
        else:
            self.inbox.append(msg)

    def recv(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        """Blocking wait for one message of ``kind`` (setup only)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if m.get("t") == kind:
                    del self.inbox[:i + 1]
                    return m
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {kind}")
            self.readable()


class TableRun:
    """The closed loop of one table."""

    def __init__(self, bench: Bench, tid: str, clients: list[Client], tokens: list[str]) -> None:
        self.bench = bench
        self.id = tid
        self.clients = clients
        self.tokens = tokens
        self.n = len(clients)
        self.sid = 0
        self.seen = 0  # clients that have the next sid
        self.t0 = 0.0
        self.latencies: list[float] = []
        self.next_move = 0
        self.stop_at = 0
        self.done = True
        self.failed = False

    def on_snapshot(self, sid: int) -> None:
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
        if self.next_move < self.stop_at and not self.finished():
            self.send_move(self.next_move)
        else:
            self.done = True
            self.bench.running -= 1

    def finished(self) -> bool:
        return False  # bench_vote never ends

    def send_move(self, i: int) -> None:
        """Send move i; the next one goes out from on_snapshot (closed loop)."""
        p = i % self.n
        target = (p + i // self.n + 1) % self.n
        msg = {"t": "act", "table": self.id, "seat": p, "token": self.tokens[p], "sid": self.sid,
               "action": {"type": "vote", "target": target}}
        self.t0 = time.perf_counter()
        size = self.clients[p].send(msg)
        if self.bench.measuring:
            self.bench.up_frames += 1
            self.bench.up_bytes += size

    def begin(self, first: int, count: int) -> None:
        if self.finished():
            return
        self.next_move, self.stop_at, self.done = first, first + count, False
        self.bench.running += 1
        self.send_move(first)


class GameRun(TableRun):
    """The closed loop of one table of a real game: the game's bot chooses each move."""

    def __init__(self, bench: Bench, tid: str, clients: list[Client], tokens: list[str]) -> None:
        super().__init__(bench, tid, clients, tokens)
        spec = REGISTRY[bench.game]
        bots = spec.bots()
        self.bot = bots.get("sensible") or next(iter(bots.values()))
        self.rng = Rng.from_seed(len(bench.tables) + 1)
        self.seat = 0

    def finished(self) -> bool:
        last = self.clients[0].last
        return last is not None and last["over"]

    def send_move(self, i: int) -> None:
        seat, action = self.choose(i)
        self._send(seat, action)

    def choose(self, i: int) -> tuple[int, dict[str, Any]]:
        """The first seat (from a rotating start) whose bot plays; a random legal action if all wait."""
        movers = [c for c in self.clients if c.last is not None and c.last.get("legal")]
        if not movers:
            raise RuntimeError(f"table {self.id}: nobody can act at sid {self.sid}")
        for k in range(len(movers)):
            c = movers[(i + k) % len(movers)]
            action = self.bot(c.last["view"], c.last["legal"], self.rng)
            if action is not None:
                return c.seat, action
        c = movers[i % len(movers)]
        return c.seat, self.rng.choice(c.last["legal"])

    def _send(self, seat: int, action: dict[str, Any]) -> None:
        self.seat = seat
        msg = {"t": "act", "table": self.id, "seat": seat, "token": self.tokens[seat], "sid": self.sid,
               "action": action, "ref": self.next_move}
        self.t0 = time.perf_counter()
        size = self.clients[seat].send(msg)
        if self.bench.measuring:
            self.bench.up_frames += 1
            self.bench.up_bytes += size

    def rejected(self, msg: dict[str, Any]) -> None:
        """The bot's choice was refused: play a random legal action of that seat instead."""
        self.bench.rejected += 1
        if self.bench.rejected > 1000:
            self.failed = True
            return
        last = self.clients[self.seat].last
        assert last is not None
        self._send(self.seat, self.rng.choice(last["legal"]))


class Bench:
    """The driver: plain sockets and one epoll loop (lighter than asyncio, so the server is what we measure)."""

    def __init__(self, port: int, m: int, n: int, k: int, game: str = "bench_vote") -> None:
        self.port, self.m, self.n, self.k, self.game = port, m, n, k, game
        self.rejected = 0
        self.measuring = False
        self.errors: list[dict[str, Any]] = []
        self.up_frames = self.up_bytes = self.down_frames = self.down_bytes = 0
        self.tables: list[TableRun] = []
        self.running = 0
        self.poller = select.epoll()
        self.by_fd: dict[int, Client] = {}

    def connect(self) -> Client:
        client = Client(self, self.port)
        client.send({"t": "hello", "v": 1, "name": "bench", "delta": True})
        client.recv("welcome")
        return client

    def setup(self) -> None:
        control = self.connect()
        for _ in range(self.m):
            control.send({"t": "create", "game": self.game, "seats": self.n, "bot_delay": 0, "practice": True})
            created = control.recv("created")
            tid, host = created["table"], created["host"]
            clients, tokens = [], []
            for s in range(self.n):
                c = self.connect()
                c.send({"t": "join", "table": tid, "seat": s, "name": f"p{s}"})
                tokens.append(c.recv("joined")["token"])
                c.seat = s
                clients.append(c)
            run = (TableRun if self.game == "bench_vote" else GameRun)(self, tid, clients, tokens)
            for c in clients:
                c.table = run
                self.by_fd[c.sock.fileno()] = c
                self.poller.register(c.sock.fileno(), select.EPOLLIN)
            run.sid = -1  # wait for the start snapshot (sid 0), sending nothing
            run.next_move, run.stop_at, run.done = 0, 0, False
            self.running += 1
            control.send({"t": "start", "table": tid, "host": host, "seed": 1})
            self.loop(30.0)
            self.tables.append(run)
        self.control = control

    def loop(self, timeout: float) -> None:
        """Serve sockets until no table has a move in flight."""
        deadline = time.monotonic() + timeout
        poll, by_fd = self.poller.poll, self.by_fd
        while self.running > 0:
            if time.monotonic() > deadline:
                raise TimeoutError("the run did not finish in time")
            for fd, _ in poll(1.0):
                by_fd[fd].readable()
            if any(t.failed for t in self.tables):
                raise RuntimeError(f"errors during the run: {self.errors[:3]}")

    def run(self, server_pid: int) -> dict[str, Any]:
        self.setup()
        warm = 2 * self.n
        for t in self.tables:
            t.begin(0, warm)
        self.loop(300.0)
        (user0, sys0), t0, dcpu0 = cpu_split(server_pid), time.perf_counter(), time.process_time()
        self.measuring = True
        for t in self.tables:
            t.begin(warm, self.k * self.n)
        self.loop(600.0)
        self.measuring = False
        wall = time.perf_counter() - t0
        user1, sys1 = cpu_split(server_pid)
        self.user_s, self.sys_s = user1 - user0, sys1 - sys0
        cpu = self.user_s + self.sys_s
        driver_cpu = time.process_time() - dcpu0
        lat = sorted(x for t in self.tables for x in t.latencies)
        moves = len(lat)

        def rank(q: float) -> float:
            return nearest_rank_ms(lat, q)

        if self.game != "bench_vote":
            return self.result(wall, cpu, driver_cpu, moves, rank, {
                "all_saw_final_sid": all(c.last is not None and c.last["sid"] == t.sid
                                         for t in self.tables for c in t.clients),
                "errors": len(self.errors), "rejected": self.rejected,
                "expected_actions": sum(t.sid for t in self.tables),
                "games_over": sum(t.finished() for t in self.tables)}, server_pid)
        final_seq = warm + self.k * self.n
        checks = {"all_saw_final_seq": all(c.last_view is not None and c.last_view["seq"] == final_seq
                                           for t in self.tables for c in t.clients),
                  "votes_sum_is_seq": all(sum(c.last_view["votes"]) == c.last_view["seq"]
                                          for t in self.tables for c in t.clients if c.last_view),
                  "only_own_hand": all(c.bad_views == 0 and own_hand_ok(c, final_seq, self.n)
                                       for t in self.tables for c in t.clients),
                  "errors": len(self.errors)}
        return self.result(wall, cpu, driver_cpu, moves, rank, checks, server_pid)

    def result(self, wall: float, cpu: float, driver_cpu: float, moves: int, rank: Any,
               checks: dict[str, Any], server_pid: int) -> dict[str, Any]:
        for t in self.tables:
            for c in t.clients:
                c.sock.close()
        self.control.sock.close()
        return {"moves": moves, "wall_s": round(wall, 3), "moves_per_s": round(moves / wall, 1),
                "p50_ms": rank(0.50), "p95_ms": rank(0.95), "p99_ms": rank(0.99),
                "server_cpu_pct": round(100 * cpu / wall, 1), "driver_cpu_pct": round(100 * driver_cpu / wall, 1),
                "server_cpu_us_per_move": round(1e6 * cpu / max(1, moves), 1),
                "server_user_us_per_move": round(1e6 * self.user_s / max(1, moves), 1),
                "server_sys_us_per_move": round(1e6 * self.sys_s / max(1, moves), 1),
                "server_rss_mib": peak_rss_mib(server_pid),
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


def nearest_rank_ms(lat: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of sorted latencies in seconds, in ms."""
    return round(lat[max(0, min(len(lat) - 1, math.ceil(q * len(lat)) - 1))] * 1000, 3)


def cpu_seconds(pid: int) -> float:
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tck = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tck, int(fields[12]) / tck


def peak_rss_mib(pid: int) -> float:
    m = re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return round(int(m.group(1)) / 1024, 1) if m else -1.0


def start_server(data: str, profile: str | None = None, loop: str = "asyncio",
                 root: Path = ROOT) -> tuple[subprocess.Popen, int]:
    """``houkago server`` of the checkout ``root`` on a free port, journal in ``data``; returns it and its port."""
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    prof = ["-m", "cProfile", "-o", profile] if profile else []
    proc = subprocess.Popen([sys.executable, *prof, "-m", "houkago", "server", "--host", "127.0.0.1", "--port", "0",
                             "--data", data, "--no-discovery", "--log-level", "WARNING",
                             *(["--loop", loop] if loop != "asyncio" else [])],
                            stdout=subprocess.PIPE, text=True, cwd=str(root), env=env)
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


def run_once(tables: int, players: int, rounds: int, profile: str | None, game: str = "bench_vote",
             loop: str = "asyncio", root: Path = ROOT) -> dict[str, Any]:
    """One measurement with a fresh server (of the checkout ``root``) and journal."""
    data = tempfile.mkdtemp(prefix="houkago-bench-")
    proc, port = start_server(data, profile, loop, root)
    try:
        bench = Bench(port, tables, players, rounds, game)
        result = bench.run(proc.pid)
        journal = Journal(Path(data) / "journal.sqlite3", read_only=True)  # its actions and its log (schema 4)
        journaled = journal.total_actions()
        journal.close()
        result["checks"]["journaled_actions"] = journaled
        expected = result["checks"].pop("expected_actions", tables * (2 + rounds) * players)
        result["checks"]["journal_complete"] = journaled == expected
        return result
    finally:
        procs.stop(proc)
        shutil.rmtree(data, ignore_errors=True)


def workload_parser(doc: str | None, tables: int, players: int, rounds: int) -> argparse.ArgumentParser:
    """A bench's command line (described by the first line of ``doc``) with the workload's size: ``--tables``,
    ``--players`` a table, ``--rounds`` (the defaults given)."""
    ap = argparse.ArgumentParser(description=(doc or "").split("\n")[0])
    ap.add_argument("--tables", type=int, default=tables)
    ap.add_argument("--players", type=int, default=players)
    ap.add_argument("--rounds", type=int, default=rounds)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = workload_parser(__doc__, tables=1, players=6, rounds=100)
    ap.add_argument("--repeat", type=int, default=1, help="runs (fresh server each); the median run is reported")
    ap.add_argument("--profile-server", metavar="FILE", help="run the server under cProfile, stats to FILE")
    ap.add_argument("--game", default="bench_vote", choices=sorted(REGISTRY),
                    help="play this game (its sensible bots choose from legal) instead of the benchmark game")
    ap.add_argument("--loop", default="asyncio", choices=("asyncio", "uvloop"),
                    help="the server's event loop (houkago server --loop)")
    ap.add_argument("--server-checkout", type=Path, default=ROOT, metavar="DIR",
                    help="run the server of another checkout (e.g. a git worktree of an older commit) under this "
                         "driver: before/after figures with one driver, including the user/system split")
    args = ap.parse_args(argv)
    spec = REGISTRY[args.game]
    if not spec.min_seats <= args.players <= spec.max_seats:
        ap.error(f"{args.game} needs {spec.min_seats}–{spec.max_seats} players")
    runs = [run_once(args.tables, args.players, args.rounds, args.profile_server, args.game, args.loop,
                     args.server_checkout.resolve()) for _ in range(args.repeat)]
    runs.sort(key=lambda r: r["moves_per_s"])
    result = runs[len(runs) // 2]
    out = {"bench": "server", "server_checkout": str(args.server_checkout.resolve()), "game": args.game,
           "loop": args.loop, "tables": args.tables, "players": args.players, "rounds": args.rounds,
           "concurrency": args.tables, "journal": True, **result}
    if args.repeat > 1:
        out["runs_moves_per_s"] = [r["moves_per_s"] for r in runs]
        out["runs_p99_ms"] = [r["p99_ms"] for r in runs]
    out["load_avg_1m"] = os.getloadavg()[0]
    print(json.dumps(out))
    if args.game == "bench_vote":
        ok = all(r["checks"]["errors"] == 0 and r["checks"]["journal_complete"] and r["checks"]["only_own_hand"]
                 and r["checks"]["all_saw_final_seq"] and r["checks"]["votes_sum_is_seq"] for r in runs)
    else:
        ok = all(r["checks"]["errors"] == 0 and r["checks"]["journal_complete"] and r["checks"]["all_saw_final_sid"]
                 for r in runs)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
