"""``houkago bots HOST:PORT --game G --players N``: bot clients over real sockets.

Creates tables, fills every seat with a bot client on its own connection, plays
``--games`` full games per table (a new table per game), and prints one JSON line:
``games_finished``, ``actions``, ``errors``, ``p50_ms``, ``p99_ms`` (from sending
an action until every client of that table has an update newer than the state the
action was made on). A bot that loses its connection reconnects with its seat
token (backoff, bounded), so a server restart on the same journal is survived.

Pace: the bots act at once while nobody watches their table (a load generator), and after a
visible beat (``--beat``, default ``BEAT_S``) once someone does (the lobby's ``watchers``: a table
display, a spectator), so a display shows the whole game live. ``--watch-wait S`` holds each new
table in its lobby up to S seconds for a watcher to arrive (a display picks up a waiting table).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import random
import sys
import time
from typing import Any, TypeVar

from shared.engine import REGISTRY
from shared.messages import (
    Act,
    ClientMessage,
    Create,
    Created,
    Error,
    Hello,
    Join,
    Joined,
    Lobby,
    Resume,
    ServerMessage,
    Snapshot,
    Start,
    Welcome,
    server_message,
    to_map,
)
from shared.protocol import (
    PROTOCOL_VERSION,
    FrameDecoder,
    ProtocolError,
    SnapshotMemo,
    encode,
)
from shared.rng import Rng

log = logging.getLogger("houkago.bots")
R = TypeVar("R")  # the type of message a request waits for

RECONNECT_TRIES = 40
RECONNECT_MAX_WAIT = 2.0
IDLE_NUDGE_S = 2.0  # a seat idle this long with legal actions plays a random one
BEAT_S = 0.8  # a bot's beat before it acts while someone watches its table
LINK_ERRORS = (ConnectionError, OSError, ProtocolError, asyncio.IncompleteReadError)


class Stats:
    def __init__(self) -> None:
        self.games_finished = 0
        self.actions = 0
        self.errors = 0
        self.latencies: list[float] = []
        self.error_codes: dict[str, int] = {}

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


class Link:
    """One connection with reconnect: hello, then ``on_connect`` (e.g. resume). It sends typed messages
    (:mod:`shared.messages`) and receives them typed: each frame's delta snapshot made whole
    (``SnapshotMemo``), then :func:`shared.messages.server_message` (a message the doc does not allow is a
    :class:`ProtocolError`, a lost link)."""

    def __init__(self, host: str, port: int, name: str) -> None:
        self.host, self.port, self.name = host, port, name
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.decoder = FrameDecoder()
        self.memo = SnapshotMemo()  # delta snapshots become full ones
        self.pending: list[ServerMessage] = []

    async def connect(self, retries: int = RECONNECT_TRIES) -> None:
        delay = 0.05
        for attempt in range(retries):
            try:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                self.decoder = FrameDecoder()
                self.memo = SnapshotMemo()
                self.pending = []
                self.send(Hello(v=PROTOCOL_VERSION, name=self.name, client="houkago-bots", delta=True))
                msg = await self.recv()
                if not isinstance(msg, Welcome):
                    raise ConnectionError(f"no welcome: {msg}")
                return
            except (OSError, ConnectionError, asyncio.IncompleteReadError, ProtocolError):
                if attempt == retries - 1:
                    raise
                await asyncio.sleep(delay)
                delay = min(RECONNECT_MAX_WAIT, delay * 2)

    def send(self, msg: ClientMessage) -> None:
        if self.writer is None or self.writer.is_closing():
            raise ConnectionError("not connected")
        self.writer.write(encode(to_map(msg)))

    async def recv(self) -> ServerMessage:
        while not self.pending:
            assert self.reader is not None
            data = await self.reader.read(65536)
            if not data:
                raise ConnectionError("connection closed")
            self.pending += [server_message(self.memo.full(m)) for m in self.decoder.feed(data)]
        return self.pending.pop(0)

    async def request(self, msg: ClientMessage, reply: type[R]) -> R:
        """Send ``msg`` and wait for its reply of type ``reply`` (an ``error`` instead: RuntimeError)."""
        self.send(msg)
        while True:
            m = await self.recv()
            if isinstance(m, reply):
                return m
            if isinstance(m, Error):
                raise RuntimeError(f"{type(msg).__name__}: {m.code} {m.msg}")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class TableWatch:
    """Latency bookkeeping for one table: who has which state."""

    def __init__(self, n: int, stats: Stats, beat: float = BEAT_S) -> None:
        self.latest = [-1] * n
        self.sent: dict[int, tuple[int, float]] = {}
        self.over = [False] * n
        self.stats = stats
        self.beat = beat  # the beat while someone watches (--beat)
        self.watchers = 0  # from the table's lobby messages

    def pace(self) -> float:
        """How long a bot of this table waits before it acts: nothing while nobody watches."""
        return self.beat if self.watchers else 0.0

    def seen(self, seat: int, sid: int) -> None:
        self.latest[seat] = max(self.latest[seat], sid)
        low = min(self.latest)
        now = time.perf_counter()
        for s, (sid_sent, t0) in list(self.sent.items()):
            if low > sid_sent:
                self.stats.latencies.append(now - t0)
                del self.sent[s]


class Bot:
    """One seat played by a bot over its own connection."""

    def __init__(self, host: str, port: int, table: str, seat: int, level: str, bot: Any, watch: TableWatch,
                 stats: Stats, seed: int) -> None:
        self.link = Link(host, port, f"bot{seat}")
        self.table, self.seat, self.watch, self.stats = table, seat, watch, stats
        self.bot = bot
        self.level = level
        self.last: Snapshot | None = None
        self.rng = Rng.from_seed(seed)
        self.token = ""
        self.inflight: int | None = None  # ref of the act awaiting its snapshot or error
        self.refs = 0
        self.tries = 0

    async def join(self) -> None:
        await self.link.connect()
        joined = await self.link.request(Join(table=self.table, seat=self.seat,
                                              name=f"{self.level} bot {self.seat + 1}"), Joined)
        self.token = joined.token

    async def resume(self) -> None:
        """Reconnect (bounded backoff) and take the seat back with its token."""
        for attempt in range(RECONNECT_TRIES):
            try:
                await self.link.connect()
                await self.link.request(Resume(table=self.table, seat=self.seat, token=self.token), Joined)
                return
            except LINK_ERRORS:
                self.link.close()
                await asyncio.sleep(min(RECONNECT_MAX_WAIT, 0.05 * 2 ** attempt))
        raise ConnectionError(f"seat {self.seat} of {self.table}: could not resume")

    async def play(self) -> None:
        while True:
            try:
                msg = await asyncio.wait_for(self.link.recv(), IDLE_NUDGE_S)
            except TimeoutError:
                self._nudge()
                continue
            except LINK_ERRORS:
                log.info("seat %d of %s: connection lost; resuming", self.seat, self.table)
                self.link.close()
                self.inflight = None
                await self.resume()
                continue
            if isinstance(msg, Snapshot) and msg.seat == self.seat:
                self.watch.seen(self.seat, msg.sid)
                self.last = msg
                if msg.ref is not None and msg.ref == self.inflight:
                    self.inflight = None  # our act was accepted
                    self.tries = 0
                if msg.over:
                    self.watch.over[self.seat] = True
                    return
                if self.inflight is None and msg.legal:
                    beat = self.watch.pace()
                    if beat > 0:
                        await asyncio.sleep(beat)  # a visible beat for whoever watches
                        if not await self._fresh():
                            continue  # the table moved meanwhile: act on the newer snapshot
                    self._act(msg)
            elif isinstance(msg, Lobby):
                self.watch.watchers = msg.table.watchers
            elif isinstance(msg, Error):
                self.stats.error(msg.code)
                if msg.ref is not None and msg.ref == self.inflight:
                    self.inflight = None
                    snap = self.last
                    if snap is not None and snap.legal and not snap.over and self.tries < 5:
                        self.tries += 1
                        self._act(snap, random_pick=msg.code != "action/stale")

    async def _fresh(self) -> bool:
        """Whether no newer message has arrived (one that has is kept for the read loop)."""
        if self.link.pending:
            return False
        try:
            msg = await asyncio.wait_for(self.link.recv(), 0.001)
        except TimeoutError:
            return True
        self.link.pending.insert(0, msg)
        return False

    def _nudge(self) -> None:
        """Nothing arrived for a while: if this seat can act and nothing is in flight (its bot
        waited, or gave up after rejections), play a random legal action so the table never stalls."""
        snap = self.last
        if self.inflight is None and snap is not None and snap.legal and not snap.over:
            self.tries = 0
            self._act(snap, random_pick=True)

    def _act(self, snap: Snapshot, random_pick: bool = False) -> None:
        legal = snap.legal or []
        if random_pick:
            action = self.rng.choice(legal)
        else:
            try:
                action = self.bot(snap.view, legal, self.rng)
            except Exception:
                log.exception("bot of seat %d failed; random legal action", self.seat)
                action = self.rng.choice(legal)
            if action is None:  # the bot waits for another seat; the next snapshot asks again
                return
        self.refs += 1
        self.inflight = self.refs
        self.watch.sent[self.seat] = (snap.sid, time.perf_counter())
        self.stats.actions += 1
        try:
            self.link.send(Act(table=self.table, seat=self.seat, token=self.token, sid=snap.sid, action=action,
                               ref=self.refs))
        except ConnectionError:
            self.inflight = None  # the read loop reconnects, resumes and acts on the fresh snapshot


SETUP_TRIES = 5


async def seat_table(host: str, port: int, game: str, players: int, level: str, bot: Any, stats: Stats,
                     seed: int, beat: float = BEAT_S, watch_wait: float = 0.0) -> tuple[list[Bot], list[asyncio.Task]]:
    """Create a table, seat N bots on their own connections and start it."""
    control = Link(host, port, "bot-host")
    seats: list[Bot] = []
    tasks: list[asyncio.Task] = []
    try:
        await control.connect()
        created = await control.request(Create(game=game, seats=players, bot_delay=0, practice=True), Created)
        table, host_token = created.table, created.host
        watch = TableWatch(players, stats, beat)
        seats = [Bot(host, port, table, s, level, bot, watch, stats, seed * 131 + s) for s in range(players)]
        for b in seats:
            await b.join()
        tasks = [asyncio.create_task(b.play()) for b in seats]
        waited = 0.0
        while watch_wait > 0 and waited < watch_wait and not watch.watchers:  # a display may pick it up
            await asyncio.sleep(0.1)
            waited += 0.1
        await control.request(Start(table=table, host=host_token, seed=seed), Lobby)
        return seats, tasks
    except BaseException:
        for t in tasks:
            t.cancel()
        for b in seats:
            b.link.close()
        raise
    finally:
        control.close()


async def play_table(host: str, port: int, game: str, players: int, level: str, stats: Stats,
                     seed: int, beat: float = BEAT_S, watch_wait: float = 0.0) -> None:
    """One full game on a new table. A connection lost while setting up abandons that table
    and sets up another; once playing, the bots resume their seats with their tokens."""
    bots = REGISTRY[game].bots()
    if level not in bots:
        raise SystemExit(f"no bot level {level!r} for {game} (have {sorted(bots)})")
    for attempt in range(SETUP_TRIES):
        try:
            seats, tasks = await seat_table(host, port, game, players, level, bots[level], stats, seed, beat,
                                            watch_wait)
            break
        except LINK_ERRORS as exc:
            stats.error("bots/setup_failed")
            log.info("setting up a table failed (%s); trying again", exc)
            if attempt == SETUP_TRIES - 1:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    try:
        await asyncio.gather(*tasks)
    finally:
        for t in tasks:
            t.cancel()
        for b in seats:
            b.link.close()
    stats.games_finished += 1


async def run(host: str, port: int, game: str, players: int, games: int, tables: int, level: str,
              seed: int, stats: Stats, beat: float = BEAT_S, watch_wait: float = 0.0) -> Stats:

    async def lane(i: int) -> None:
        for g in range(games):
            await play_table(host, port, game, players, level, stats, seed + 1000 * i + g, beat, watch_wait)

    await asyncio.gather(*(lane(i) for i in range(tables)))
    return stats


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return round(v[max(0, min(len(v) - 1, math.ceil(q * len(v)) - 1))] * 1000, 3)


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    host, _, port_s = str(args.address).rpartition(":")
    if not host or not port_s.isdigit():
        print("address must be HOST:PORT", file=sys.stderr)
        return 2
    if args.game not in REGISTRY:
        print(f"unknown game {args.game!r}", file=sys.stderr)
        return 2
    if not REGISTRY[args.game].ends:
        print(f"{args.game} never ends; use bench/server.py for it", file=sys.stderr)
        return 2
    seed = getattr(args, "seed", None) or random.randrange(1, 2 ** 31)
    t0 = time.perf_counter()
    timed_out = False
    stats = Stats()
    try:
        asyncio.run(asyncio.wait_for(
            run(host, int(port_s), args.game, args.players, args.games, args.tables, args.level, seed, stats,
                float(getattr(args, "beat", BEAT_S)), float(getattr(args, "watch_wait", 0.0) or 0.0)),
            args.timeout))
    except TimeoutError:
        timed_out = True
    except (OSError, RuntimeError) as exc:
        print(f"houkago bots: {exc}", file=sys.stderr)
        return 1
    out = {"game": args.game, "players": args.players, "tables": args.tables, "games": args.games,
           "level": args.level, "games_finished": stats.games_finished, "actions": stats.actions,
           "errors": stats.errors, "error_codes": stats.error_codes, "p50_ms": percentile(stats.latencies, 0.5),
           "p99_ms": percentile(stats.latencies, 0.99), "wall_s": round(time.perf_counter() - t0, 3),
           "timed_out": timed_out}
    print(json.dumps(out), flush=True)
    return 0 if stats.games_finished == args.games * args.tables else 1
