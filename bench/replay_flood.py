"""Replays within a budget: another table's move latency while guests flood the server with replay asks.

    python3 bench/replay_flood.py --flooders 6 --asks 600 --moves 400
    python3 bench/replay_flood.py --unlimited        # the same flood with the replay limits lifted

The server runs as its own subprocess (``houkago server``, journal on, 127.0.0.1). One finished fate_votes
game (four bots) is what the flood asks to replay. A bench_vote table of two seats held by one connection
makes ``--moves`` moves one after the other, each timed from the ``act`` sent to its acknowledged snapshot
(the acting seat's snapshot carries the act's ``ref``); meanwhile ``--flooders`` connections each send
``--asks`` replay asks as fast as the socket takes them and read whatever comes back. Prints one JSON line
last: move latency p50/p99/max (ms), replay parts received, asks refused by code.
"""
from __future__ import annotations

import argparse
import json
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import procs
from shared.protocol import PROTOCOL_VERSION, FrameDecoder, SnapshotMemo, encode

UNLIMITED = ["replays_running=1000000", "replays_per_conn=1000000", "replay_burst=1000000", "replays_per_minute=1000000000"]


class Conn:
    def __init__(self, port: int, name: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.decoder = FrameDecoder()
        self.memo = SnapshotMemo()
        self.inbox: list[dict[str, Any]] = []
        self.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name, "delta": True})
        self.expect(lambda m: m["t"] == "welcome")

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode(msg))

    def expect(self, pred: Any, timeout: float = 60.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.inbox):
                if pred(m):
                    del self.inbox[:i + 1]
                    return m
            self.inbox.clear()
            self.sock.settimeout(max(0.001, end - time.monotonic()))
            data = self.sock.recv(1 << 16)
            if not data:
                raise ConnectionError("closed")
            self.inbox += [self.memo.full(m) for m in self.decoder.feed(data)]


def start_server(data: Path, limits: list[str]) -> tuple[subprocess.Popen[str], int]:
    args = [sys.executable, "-m", "houkago", "server", "--host", "127.0.0.1", "--port", "0", "--no-discovery",
            "--data", str(data), "--log-level", "WARNING"]
    for limit in limits:
        args += ["--limit", limit]
    proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"listening on [\d.]+:(\d+)", line)
        if found:
            return proc, int(found.group(1))
    raise RuntimeError("the server did not start")


def finished_game(port: int) -> str:
    c = Conn(port, "maker")
    c.send({"t": "create", "game": "fate_votes", "seats": 4, "bot_delay": 0, "options": {"discussion_seconds": 0}})
    created = c.expect(lambda m: m["t"] == "created")
    table, host = created["table"], created["host"]
    c.send({"t": "watch", "table": table})
    for s in range(4):
        c.send({"t": "bot", "table": table, "host": host, "seat": s})
    c.send({"t": "start", "table": table, "host": host})
    c.expect(lambda m: m["t"] == "result", 300.0)
    c.sock.close()
    return table


def flood(port: int, table: str, asks: int, stop: threading.Event, tally: dict[str, int], lock: threading.Lock) -> None:
    c = Conn(port, "guest")
    c.sock.setblocking(False)
    pending = b"".join(encode({"t": "replay", "table": table}) for _ in range(asks))
    mine: dict[str, int] = {}
    while not stop.is_set():
        if pending:
            try:
                pending = pending[c.sock.send(pending):]
            except BlockingIOError:
                pass
        try:
            data = c.sock.recv(1 << 16)
        except BlockingIOError:
            time.sleep(0.001)
            continue
        if not data:
            break
        for m in c.decoder.feed(data):
            key = m.get("code") if m["t"] == "error" else m["t"]
            mine[key] = mine.get(key, 0) + 1
    with lock:
        for k, v in mine.items():
            tally[k] = tally.get(k, 0) + v
    c.sock.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flooders", type=int, default=6)
    ap.add_argument("--asks", type=int, default=600, help="replay asks per flooding connection")
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--unlimited", action="store_true", help="lift the replay limits (the flood unchecked)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="houkago-replay-flood-") as tmp:
        proc, port = start_server(Path(tmp), UNLIMITED if args.unlimited else [])
        try:
            table = finished_game(port)
            mover = Conn(port, "mover")
            mover.send({"t": "create", "game": "bench_vote", "seats": 2, "bot_delay": 0})
            created = mover.expect(lambda m: m["t"] == "created")
            vote, host = created["table"], created["host"]
            tokens = {}
            for s in (0, 1):
                mover.send({"t": "join", "table": vote, "seat": s, "ref": f"j{s}"})
                tokens[s] = mover.expect(lambda m, s=s: m["t"] == "joined" and m["seat"] == s)["token"]
            mover.send({"t": "start", "table": vote, "host": host})
            snaps: dict[int, dict[str, Any]] = {}
            while len(snaps) < 2:
                m = mover.expect(lambda m: m["t"] == "snapshot")
                snaps[m["seat"]] = m
            stop, lock = threading.Event(), threading.Lock()
            tally: dict[str, int] = {}
            threads = [threading.Thread(target=flood, args=(port, table, args.asks, stop, tally, lock), daemon=True)
                       for _ in range(args.flooders)]
            for t in threads:
                t.start()
            time.sleep(0.2)  # the flood is on
            lat: list[float] = []
            for i in range(args.moves):
                seat = next((s for s in (0, 1) if snaps[s].get("legal")), 0)
                action = snaps[seat]["legal"][0]
                ref = f"m{i}"
                began = time.perf_counter()
                mover.send({"t": "act", "table": vote, "seat": seat, "token": tokens[seat], "sid": snaps[seat]["sid"],
                            "action": action, "ref": ref})
                ack = mover.expect(lambda m, ref=ref: m.get("ref") == ref)
                lat.append((time.perf_counter() - began) * 1000.0)
                if ack["t"] != "snapshot":
                    raise RuntimeError(f"move refused: {ack}")
                snaps[seat] = ack
                other = 1 - seat
                snaps[other] = mover.expect(lambda m, o=other: m["t"] == "snapshot" and m["seat"] == o)
            stop.set()
            for t in threads:
                t.join(10)
        finally:
            procs.stop(proc)
    lat.sort()
    def pick(q: float) -> float:
        return round(lat[min(len(lat) - 1, int(q * len(lat)))], 2)

    print(json.dumps({"bench": "replay_flood", "unlimited": args.unlimited, "flooders": args.flooders,
                      "asks": args.asks, "moves": len(lat), "p50_ms": pick(0.5), "p99_ms": pick(0.99),
                      "max_ms": round(lat[-1], 2), "replies": tally}))


if __name__ == "__main__":
    main()
