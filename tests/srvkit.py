"""Test helpers for the server tests: a blocking client and a game driver (127.0.0.1 only)."""
from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from typing import Any

from waiting import WAIT_SECONDS, WaitTimeout, describe

from shared.engine import REGISTRY
from shared.messages import check_frame, server_message
from shared.protocol import (
    PROTOCOL_VERSION,
    FrameDecoder,
    SnapshotMemo,
    encode,
)

# the game the integration tests play: fate_votes once it is registered, else the benchmark game
GAME = "fate_votes" if "fate_votes" in REGISTRY else "bench_vote"
FAST_OPTIONS = {"discussion_seconds": 0} if GAME == "fate_votes" else {}
MAX_STEPS = 3000 if REGISTRY[GAME].ends else 60


def frame_message(frame: bytes) -> dict[str, Any]:
    """A frame the hub returned as its message, checked first: a message the doc allows
    (:func:`shared.messages.check_frame`, as a strict server checks every frame it sends)."""
    check_frame(frame)
    return FrameDecoder().feed(frame)[0]  # type: ignore[no-any-return]  # one message: a map


class Closed(Exception):
    pass


class SyncClient:
    """A blocking client; keeps every decoded message in ``log``.

    With ``delta`` (the default) it asks for delta snapshots, as the real client does, and
    rebuilds them (:class:`SnapshotMemo`): ``log`` and ``snap`` hold full snapshots, ``raw``
    the messages as they came.
    """

    def __init__(self, port: int, name: str = "p", hello: bool = True, timeout: float = WAIT_SECONDS,
                 delta: bool = True) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.decoder = FrameDecoder()
        self.memo = SnapshotMemo()
        self.raw: list[dict[str, Any]] = []
        self.inbox: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []
        self.timeout = timeout
        self.snap: dict[int | None, dict[str, Any]] = {}  # latest snapshot per seat (None = watching)
        self.tokens: dict[int, str] = {}
        self.results: dict[str, dict[str, Any]] = {}  # table -> the result message's result
        self.refs = 0
        if hello:
            self.send({"t": "hello", "v": PROTOCOL_VERSION, "name": name, "delta": delta})
            self.expect("welcome")

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode(msg))

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self, deadline: float) -> None:
        self.sock.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        except (ConnectionResetError, BrokenPipeError) as exc:
            raise Closed(str(exc)) from None
        if not data:
            raise Closed("closed by server")
        for m in self.decoder.feed(data):
            server_message(m)  # every frame as it came is one the doc allows (a delta snapshot too)
            self.raw.append(m)
            m = self.memo.full(m)
            self.log.append(m)
            self.inbox.append(m)
            if m["t"] == "snapshot":
                self.snap[m["seat"]] = m
            elif m["t"] == "result":
                self.results[m["table"]] = m["result"]

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + (timeout or self.timeout)
        while not self.inbox:
            if time.monotonic() > deadline:
                raise WaitTimeout(f"gave up after {timeout or self.timeout:g} s waiting for any message")
            self._fill(deadline)
        return self.inbox.pop(0)

    def expect(self, kind: str | Callable[[dict[str, Any]], bool], timeout: float | None = None) -> dict[str, Any]:
        """The next message of that kind (skipping others); an error raises unless expected."""
        pred = (lambda m: m["t"] == kind) if isinstance(kind, str) else kind
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, m in enumerate(self.inbox):
                if pred(m):
                    del self.inbox[:i + 1]
                    return m
                if m["t"] == "error" and kind != "error":
                    del self.inbox[:i + 1]
                    raise AssertionError(f"unexpected error {m}")
            self.inbox.clear()
            if time.monotonic() > deadline:
                raise WaitTimeout(f"gave up after {timeout or self.timeout:g} s waiting for a message: "
                                  f"{kind if isinstance(kind, str) else describe(None, kind)}")
            self._fill(deadline)

    def result(self, table: str, timeout: float | None = None) -> dict[str, Any]:
        """The table's result (sent apart from the final snapshot), waiting for it if needed."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while table not in self.results:
            if time.monotonic() > deadline:
                raise WaitTimeout(f"gave up after {timeout or self.timeout:g} s waiting for table {table}'s result")
            self._fill(deadline)
        return self.results[table]

    def error(self, timeout: float | None = None) -> dict[str, Any]:
        return self.expect("error", timeout)

    def pump(self, seconds: float = 0.05) -> None:
        """Read whatever arrives within ``seconds`` (into log/snap)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._fill(deadline)

    def is_closed(self, timeout: float = WAIT_SECONDS) -> bool:
        """Whether the server closes this connection within ``timeout`` (a generous bound)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self._fill(deadline)
        except Closed:
            return True
        return False

    # --- conveniences -----------------------------------------------------------------
    def create(self, game: str = GAME, seats: int = 6, **extra: Any) -> tuple[str, str]:
        self.send({"t": "create", "game": game, "seats": seats, "bot_delay": 0, **extra})
        m = self.expect("created")
        return m["table"], m["host"]

    def join(self, table: str, seat: int | None = None, name: str | None = None) -> int:
        msg: dict[str, Any] = {"t": "join", "table": table, "seat": seat}
        if name:
            msg["name"] = name
        self.send(msg)
        m = self.expect("joined")
        self.tokens[m["seat"]] = m["token"]
        return m["seat"]

    def act(self, table: str, seat: int, action: dict[str, Any], sid: int | None = None,
            token: str | None = None) -> int:
        self.refs += 1
        self.send({"t": "act", "table": table, "seat": seat, "token": token or self.tokens[seat],
                   "sid": self.snap[seat]["sid"] if sid is None else sid, "action": action, "ref": self.refs})
        return self.refs

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def wait_sid(clients: list[tuple[SyncClient, int | None]], sid: int, timeout: float = WAIT_SECONDS) -> None:
    """Until each (client, seat) has a snapshot with at least ``sid``."""
    deadline = time.monotonic() + timeout
    for c, seat in clients:
        while seat not in c.snap or c.snap[seat]["sid"] < sid:
            if time.monotonic() > deadline:
                have = c.snap[seat]["sid"] if seat in c.snap else None
                raise WaitTimeout(f"gave up after {timeout:g} s waiting for seat {seat} to see sid {sid} "
                                  f"(it has {have})")
            c._fill(deadline)


def play(table: str, seats: dict[int, SyncClient], others: list[tuple[SyncClient, int | None]], seed: int,
         history: list[tuple[int, dict[str, Any]]], max_steps: int = MAX_STEPS,
         stop: Callable[[int], bool] | None = None) -> dict[str, Any]:
    """Drive a started game: each step one seat with legal actions plays a random one.

    Appends every accepted (seat, action) to ``history``; returns the last snapshot.
    """
    r = random.Random(seed)
    if stop is None and not REGISTRY[GAME].ends:
        def stop(step: int) -> bool:
            return step >= max_steps
    everyone = [(c, s) for s, c in seats.items()] + others
    wait_sid(everyone, 0)
    for step in range(max_steps + 1):
        sid = max(c.snap[s]["sid"] for s, c in seats.items())
        wait_sid(everyone, sid)
        first = next(iter(seats.values())).snap[next(iter(seats))]
        if first["over"] or (stop is not None and stop(step)):
            return first
        movers = [s for s, c in seats.items() if c.snap[s].get("legal")]
        assert movers, "nobody can act but the game is not over"
        seat = r.choice(movers)
        client = seats[seat]
        action = r.choice(client.snap[seat]["legal"])
        client.act(table, seat, action)
        history.append((seat, action))
        wait_sid(everyone, sid + 1)
    raise AssertionError("the game did not end")


def replay(game: str, players: int, seed: int, options: dict[str, Any],
           history: list[tuple[int, dict[str, Any]]]) -> tuple[list[dict], list[list[dict]]]:
    """States by sid (``states[k]`` after k actions) and the events that produced each."""
    spec = REGISTRY[game]
    state = spec.setup(players, seed, options)
    states, events = [state], [[]]
    for seat, action in history:
        state, evs = spec.apply(state, seat, action)
        states.append(state)
        events.append(evs)
    return states, events


ALLOWED_TYPES = {"welcome", "tables", "created", "joined", "watching", "left", "lobby", "snapshot", "result",
                 "error", "chat", "clock", "pong"}


def check_frames(game: str, client: SyncClient, states: list[dict], events: list[list[dict]]) -> int:
    """Every snapshot a client got is exactly its seat's view/legal/events of that state; no leaks.

    Returns how many snapshots were checked.
    """
    spec = REGISTRY[game]
    leaks = getattr(spec.rules, "leaks", None)
    checked = 0
    for m in client.log:
        assert m["t"] in ALLOWED_TYPES, m["t"]
        server_message(m)  # every message (made whole) is one the doc allows
        if m["t"] != "snapshot":
            assert "view" not in m and "state" not in m
            continue
        seat, sid = m["seat"], m["sid"]
        state = states[sid]
        # direct check: the frame carries exactly this seat's view of that state, nothing more
        assert m["view"] == spec.view(state, seat), f"seat {seat} sid {sid}: view differs"
        assert m["events"] in ([], spec.events_for(events[sid], seat)), f"seat {seat} sid {sid}: events"
        if seat is None:
            assert "legal" not in m
        else:
            assert m["legal"] == ([] if spec.is_over(state) else spec.legal_actions(state, seat))
        if leaks:
            assert not leaks(state, seat, m["view"]), f"seat {seat} sid {sid}: leak"
        checked += 1
    return checked
