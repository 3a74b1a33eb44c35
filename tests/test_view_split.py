"""Views split into a shared part and each seat's own (rules hooks ``view_shared`` / ``view_owns``).

The server packs the shared part once per broadcast and splices each seat's own pairs behind it
(``Table.snapshot_frames``); a seat's own part is packed again only when its object changes. Every frame
must be the bytes the same table sends with the split turned off (each view packed whole), through
whole views, delta views made from a view sent spliced (``Seat.sent_parts``), ``ref``s, slow readers,
a seat taken over by another connection and spectators.
"""
from __future__ import annotations

import dataclasses
import itertools
import random
from types import SimpleNamespace
from typing import Any

import msgpack
import pytest

import server.hub as hub_module
from server.hub import Hub
from server.packing import pack
from server.tables import DELTA_MIN, Lossy
from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.protocol import PROTOCOL_VERSION
from shared.spec import GameSpec

BENCH = REGISTRY["bench_vote"]


def test_bench_vote_view_is_its_shared_part_then_its_own() -> None:
    rules = BENCH.rules
    assert BENCH.view_split() == (rules.view_shared, rules.view_owns)
    state = BENCH.setup(5, 0, {})
    rng = random.Random(3)
    for _ in range(40):
        before = state
        seat = rng.randrange(5)
        state, _ = BENCH.apply(state, seat, {"type": "vote", "target": rng.randrange(5)})
        shared = rules.view_shared(state)
        assert pack(rules.view(state, None)) == pack(shared)
        for s in range(5):
            own = rules.view_owns(state)[s]
            assert shared.keys().isdisjoint(own)
            assert pack(rules.view(state, s)) == pack({**shared, **own})  # same pairs, same order
            assert (own is rules.view_owns(before)[s]) == (s != seat)  # a new object only for the mover


# --- a game whose shared part grows past DELTA_MIN (delta views after spliced ones) and whose own part
# is sometimes a new object with the same content, sometimes the same object
def _setup(players: int, seed: int, options: dict, content: Any) -> dict:
    return {"players": players, "log": [], "own": [{"mine": [p], "n": 0} for p in range(players)], "turn": 0}


def _apply(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    if action.get("type") not in ("say", "shout", "copy"):
        raise RuleError("action/unknown_type", "say, shout or copy")
    own = list(state["own"])
    if action["type"] == "copy":  # a new object with the same content
        own[seat] = dict(own[seat])
    else:
        own[seat] = {"mine": own[seat]["mine"] + [state["turn"]], "n": own[seat]["n"] + 1}
    words = "x" * (12 if action["type"] == "shout" else 3)
    events = [{"type": "said", "seat": seat}]
    if action["type"] == "shout":
        events.append({"type": "secret", "vis": [seat]})
    log = (state["log"] + [words])[-(1 + state["turn"] % 45):]  # grows past DELTA_MIN, then shrinks again
    return {**state, "log": log, "own": own, "turn": state["turn"] + 1}, events


def _shared(state: dict) -> dict:
    return {"players": state["players"], "log": state["log"], "turn": state["turn"]}


def _owns(state: dict) -> list:
    return state["own"]


def _view(state: dict, seat: int | None) -> dict:
    out = _shared(state)
    if seat is not None:
        out.update(_owns(state)[seat])
    return out


def _spec(split: bool) -> GameSpec:
    rules = SimpleNamespace(setup=_setup, apply=_apply, view=_view, is_over=lambda s: False,
                            legal_actions=lambda s, seat: [{"type": "say"}, {"type": "shout"}, {"type": "copy"}],
                            result=lambda s: {})
    if split:
        rules.view_shared, rules.view_owns = _shared, _owns
    return GameSpec(id="talk", names={"en": "Talk"}, min_seats=2, max_seats=6, rules=rules)  # type: ignore[arg-type]


class Twins:
    """The same messages to a hub whose game splits its views and to one whose game does not."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game: str, split_spec: GameSpec, whole_spec: GameSpec
                 ) -> None:
        ids = itertools.count()  # the same table id in both hubs
        monkeypatch.setattr(hub_module.secrets, "token_hex", lambda n=4: f"t{next(ids) // 2:07d}")
        self.hubs = [Hub(None, server_name="t", wall=lambda: 1.0, games={game: split_spec}),
                     Hub(None, server_name="t", wall=lambda: 1.0, games={game: whole_spec})]
        self.game = game
        self.frames = 0

    def send(self, cid: int, msg: dict[str, Any], *, per_hub: list[dict[str, Any]] | None = None) -> list[Any]:
        outs = [hub.handle(cid, per_hub[i] if per_hub else msg, 0.0) for i, hub in enumerate(self.hubs)]
        split, whole = outs
        assert [c for c, _ in split] == [c for c, _ in whole]
        for (_, a), (_, b) in zip(split, whole):
            if a is None or b is None:
                assert a is b
                continue
            if _decode(a)["t"] != "snapshot":  # (tokens differ: each hub makes its own)
                continue
            assert bytes(a) == bytes(b)
            assert isinstance(a, Lossy) == isinstance(b, Lossy)
            if isinstance(a, Lossy):
                assert a.key == b.key and bytes(a.full()) == bytes(b.full())  # type: ignore[union-attr]
            self.frames += 1
        return outs

    def play(self, seats: int, moves: int, actions: list[str], seed: int, sizes: list[int] | None = None) -> None:
        """Random acts (with and without a ref), slow readers, seats resumed by another connection;
        ``sizes`` gets the size of seat 0's view after each move."""
        rng = random.Random(seed)
        for cid in range(1, seats + 3):
            for hub in self.hubs:
                hub.connect(cid)
            self.send(cid, {"t": "hello", "v": PROTOCOL_VERSION, "name": "p", "delta": cid != 2})
        created = self.send(1, {"t": "create", "game": self.game, "seats": seats, "practice": True})
        tables, hosts = [], []
        for out in created:
            msg = _decode(out[0][1])
            tables.append(msg["table"])
            hosts.append(msg["host"])
        tokens: list[list[str]] = [[], []]
        for s in range(seats):
            outs = [hub.handle(s + 1, {"t": "join", "table": tables[i], "seat": s}, 0.0)
                    for i, hub in enumerate(self.hubs)]
            for i, out in enumerate(outs):
                tokens[i].append(next(m["token"] for m in map(_decode, (f for _, f in out)) if m["t"] == "joined"))
        self.send(seats + 2, {}, per_hub=[{"t": "watch", "table": tables[i]} for i in range(2)])
        self.send(1, {}, per_hub=[{"t": "start", "table": tables[i], "host": hosts[i], "seed": 1}
                                  for i in range(2)])
        for move in range(moves):
            seat = rng.randrange(seats)
            slow = {rng.randrange(1, seats + 1)} if rng.random() < 0.2 else set()
            for hub in self.hubs:  # a reader falling behind now and then (its snapshots Lossy)
                hub.slow.clear()
                hub.slow.update(slow)
            if rng.random() < 0.05:  # another connection takes the seat (its next snapshot is whole)
                taker = seats + 1
                self.send(taker, {}, per_hub=[{"t": "resume", "table": tables[i], "seat": seat,
                                               "token": tokens[i][seat]} for i in range(2)])
                self.send(seat + 1, {}, per_hub=[{"t": "resume", "table": tables[i], "seat": seat,
                                                  "token": tokens[i][seat]} for i in range(2)])
            ref = move if rng.random() < 0.3 else None
            action = {"type": rng.choice(actions), "target": rng.randrange(seats)}
            msgs = [{"t": "act", "table": tables[i], "seat": seat, "token": tokens[i][seat], "sid": move,
                     "action": action, **({"ref": ref} if ref is not None else {})} for i in range(2)]
            self.send(seat + 1, {}, per_hub=msgs)
            if sizes is not None:
                table = next(iter(self.hubs[0].tables.values()))
                sizes.append(len(pack(table.spec.view(table.state, 0))))


def _decode(frame: bytes) -> dict:
    return msgpack.unpackb(bytes(frame)[4:])


def test_bench_vote_frames_spliced_are_the_frames_of_whole_views(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = dataclasses.replace(BENCH, rules=SimpleNamespace(**{k: getattr(BENCH.rules, k) for k in (
        "setup", "legal_actions", "legal_seats", "apply", "view", "is_over", "result")}))
    assert whole.view_split() is None
    twins = Twins(monkeypatch, "bench_vote", BENCH, whole)
    twins.play(6, 300, ["vote"], seed=1)
    assert twins.frames > 6 * 300


def test_spliced_views_then_deltas_are_the_frames_of_whole_views(monkeypatch: pytest.MonkeyPatch) -> None:
    twins = Twins(monkeypatch, "talk", _spec(True), _spec(False))
    assert _spec(True).view_split() is not None
    sizes: list[int] = []
    twins.play(4, 400, ["say", "say", "say", "copy", "shout"], seed=2, sizes=sizes)
    assert min(sizes) < DELTA_MIN < max(sizes)  # whole views, deltas, whole views again
    assert twins.frames > 4 * 400
