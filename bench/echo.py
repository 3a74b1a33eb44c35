"""This machine's I/O floor for the server workload: a bare asyncio fan-out of the same frame sizes.

    python3 bench/echo.py --tables 50 --players 6 --rounds 15 [--up 94 --down 175] [--loop asyncio|uvloop]

The same closed loop as ``bench/server.py`` (M groups × N connections on 127.0.0.1, one move in flight
per group, the next sent when all N connections have their frame), but the server is a bare asyncio
``Protocol`` that does only what no server of this design can skip: per move one receive, one msgpack
decode, and one write of a ``--down``-byte frame to each of the N connections of the group (no rules,
no views, no journal). Its user and system CPU per move are what the real server's are to be compared
with: the system part is the sockets' cost on this machine (epoll, one recv, N sends), the user part
the event loop's. Prints one JSON line last (``server_user_us_per_move``, ``server_sys_us_per_move``, …).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import select
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import procs
from bench.server import cpu_split, nearest_rank_ms, workload_parser

HEADER = struct.Struct(">I")


def frame_of(size: int, **fields: Any) -> bytes:
    """A length-prefixed msgpack map of exactly ``size`` bytes in all (padded with a ``pad`` string)."""
    body = msgpack.packb({**fields, "pad": ""})
    pad = max(0, size - HEADER.size - len(body))
    while True:
        body = msgpack.packb({**fields, "pad": "x" * pad})
        if HEADER.size + len(body) <= size or pad == 0:
            return HEADER.pack(len(body)) + body
        pad -= 1


class Fanout(asyncio.Protocol):
    """One connection of the floor server: its first frame names its group; every later one is a move."""

    def __init__(self, groups: dict[int, list[asyncio.Transport]], down: bytes) -> None:
        self.groups, self.down = groups, down
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.group: list[asyncio.Transport] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        while len(buf) >= 4:
            (length,) = HEADER.unpack_from(buf)
            if len(buf) < 4 + length:
                return
            msg = msgpack.unpackb(bytes(buf[4:4 + length]))
            del buf[:4 + length]
            if self.group is None:
                self.group = self.groups.setdefault(msg["g"], [])
                self.group.append(self.transport)  # type: ignore[arg-type]
                continue
            down = self.down
            for t in self.group:
                t.write(down)


def serve(down_size: int, loop_kind: str) -> None:
    """The floor server (a subprocess): print the port, serve until killed."""
    groups: dict[int, list[asyncio.Transport]] = {}
    down = frame_of(down_size, t="snapshot", sid=1)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        srv = await loop.create_server(lambda: Fanout(groups, down), "127.0.0.1", 0)
        print(f"port {srv.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Event().wait()

    if loop_kind == "uvloop":
        import uvloop
        uvloop.run(main())
    else:
        asyncio.run(main())


class Group:
    """One closed loop: N sockets; a move is done when each has received one whole down frame."""

    def __init__(self, socks: list[socket.socket], up: bytes, down_size: int) -> None:
        self.socks, self.up, self.down_size = socks, up, down_size
        self.got = [0] * len(socks)  # bytes received per socket for the move in flight
        self.done_socks = 0
        self.moves_left = 0
        self.i = 0
        self.t0 = 0.0
        self.latencies: list[float] = []

    def send(self) -> None:
        self.t0 = time.perf_counter()
        self.socks[self.i % len(self.socks)].sendall(self.up)

    def received(self, k: int, n: int, measuring: bool) -> bool:
        """``n`` bytes came on socket ``k``; True when this group's run is over."""
        self.got[k] += n
        if self.got[k] < self.down_size:
            return False
        self.got[k] -= self.down_size
        self.done_socks += 1
        if self.done_socks < len(self.socks):
            return False
        self.done_socks = 0
        if measuring:
            self.latencies.append(time.perf_counter() - self.t0)
        self.i += 1
        self.moves_left -= 1
        if self.moves_left <= 0:
            return True
        self.send()
        return False


def drive(port: int, pid: int, m: int, n: int, k: int, up_size: int, down_size: int) -> dict[str, Any]:
    poller = select.epoll()
    where: dict[int, tuple[Group, int, socket.socket]] = {}
    groups: list[Group] = []
    up = frame_of(up_size, t="act", seat=0, sid=1, action={"type": "vote", "target": 1})
    down_len = len(frame_of(down_size, t="snapshot", sid=1))
    for g in range(m):
        socks = []
        for s in range(n):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.sendall(frame_of(0, g=g, s=s))
            socks.append(sock)
        group = Group(socks, up, down_len)
        groups.append(group)
        for s, sock in enumerate(socks):
            where[sock.fileno()] = (group, s, sock)
            poller.register(sock.fileno(), select.EPOLLIN)
    time.sleep(0.2)  # every join frame read before the first move

    def run(moves: int, measuring: bool) -> None:
        running = len(groups)
        for group in groups:
            group.moves_left = moves
            group.send()
        deadline = time.monotonic() + 600
        while running:
            if time.monotonic() > deadline:
                raise TimeoutError("the run did not finish in time")
            for fd, _ in poller.poll(1.0):
                group, s, sock = where[fd]
                data = sock.recv(1 << 16)
                if not data:
                    raise RuntimeError("the floor server closed a connection")
                if group.received(s, len(data), measuring):
                    running -= 1

    run(2 * n, False)
    (user0, sys0), t0 = cpu_split(pid), time.perf_counter()
    run(k * n, True)
    wall = time.perf_counter() - t0
    user1, sys1 = cpu_split(pid)
    lat = sorted(x for gr in groups for x in gr.latencies)
    moves = len(lat)
    for group in groups:
        for sock in group.socks:
            sock.close()

    return {"moves": moves, "wall_s": round(wall, 3), "moves_per_s": round(moves / wall, 1),
            "p50_ms": nearest_rank_ms(lat, 0.5), "p99_ms": nearest_rank_ms(lat, 0.99),
            "server_cpu_us_per_move": round(1e6 * (user1 - user0 + sys1 - sys0) / max(1, moves), 1),
            "server_user_us_per_move": round(1e6 * (user1 - user0) / max(1, moves), 1),
            "server_sys_us_per_move": round(1e6 * (sys1 - sys0) / max(1, moves), 1),
            "bytes_up": len(up), "bytes_down": down_len}


def main(argv: list[str] | None = None) -> int:
    ap = workload_parser(__doc__, tables=50, players=6, rounds=15)
    ap.add_argument("--up", type=int, default=94, help="bytes of a move frame (bench/server.py's bytes_up)")
    ap.add_argument("--down", type=int, default=175, help="bytes of a snapshot frame (its bytes_down)")
    ap.add_argument("--loop", default="asyncio", choices=("asyncio", "uvloop"))
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.serve:
        serve(args.down, args.loop)
        return 0
    proc = subprocess.Popen([sys.executable, __file__, "--serve", "--down", str(args.down), "--loop", args.loop],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("port "):
            raise SystemExit("the floor server did not start")
        result = drive(int(line.split()[1]), proc.pid, args.tables, args.players, args.rounds, args.up, args.down)
    finally:
        procs.stop(proc)
    print(json.dumps({"bench": "echo", "loop": args.loop, "tables": args.tables, "players": args.players,
                      "rounds": args.rounds, **result, "load_avg_1m": os.getloadavg()[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
