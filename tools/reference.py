"""Recorded reference games: play with the registry's bots, replay, digest.

A reference game is plain JSON: ``{game, players, seed, options, bots, actions:
[[seat, action], ...], steps, result, final_state_sha256, views_sha256,
events_sha256, trail}``. :func:`record` plays one (bots see only their seat's
view and legal actions, as on the server); :func:`replay` feeds the recorded
actions back through ``REGISTRY[game].apply`` and recomputes every digest, so a
test can compare the two. ``trail`` holds a short digest of the state after each
step, to say *where* a replay first went another way.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

import msgpack

from shared.engine import REGISTRY, GameSpec, RuleError
from shared.rng import Rng

MAX_STEPS = 20000
TRAIL_HEX = 12
BOT_MIX = ("sensible", "sensible", "random")  # two in three seats play sensibly
TIMEOUT_ODDS = 4  # when a phase has a timer, 1 in 4 steps lets it run out instead


class Rejected(Exception):
    """A recorded action that the rules now reject."""

    def __init__(self, step: int, seat: int, action: Any, err: RuleError) -> None:
        super().__init__(f"step {step}: seat {seat} played {action!r}, now rejected: {err}")


def pack(x: Any) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def plain(x: Any) -> Any:
    """``x`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(x, ensure_ascii=False))


class Digests:
    """Running digests of the views and per-viewer events after each step, and the state trail."""

    def __init__(self, spec: GameSpec, players: int) -> None:
        self.spec = spec
        self.viewers: list[int | None] = [None, *range(players)]
        self.views = hashlib.sha256()
        self.events = hashlib.sha256()
        self.trail: list[str] = []

    def step(self, state: dict[str, Any], events: list[dict[str, Any]]) -> None:
        for viewer in self.viewers:
            self.views.update(pack(self.spec.view(state, viewer)))
            self.events.update(pack(self.spec.events_for(events, viewer)))
        self.trail.append(sha256(pack(state))[:TRAIL_HEX])

    def summary(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"steps": len(self.trail), "result": plain(self.spec.result(state)),
                "final_state_sha256": sha256(pack(state)), "views_sha256": self.views.hexdigest(),
                "events_sha256": self.events.hexdigest(), "trail": list(self.trail)}


def _seat_bots(spec: GameSpec, players: int, rng: Rng) -> list[str]:
    names = spec.bots()
    mix = [b for b in BOT_MIX if b in names] or sorted(names)
    return [rng.choice(mix) for _ in range(players)]


def _options(spec: GameSpec, rng: Rng) -> dict[str, Any]:
    """A seeded pick among each option's listed choices (free-valued options keep their default)."""
    return {o.name: rng.choice(list(o.choices)) for o in spec.options if o.choices}


def record(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play one full game with bots and return its reference record."""
    spec = REGISTRY[game]
    driver = Rng.from_seed(seed * 7 + players)
    opts = _options(spec, driver) if options is None else dict(options)
    opts = spec.resolve_options(opts)
    bots = _seat_bots(spec, players, driver)
    play = spec.bots()
    state = spec.setup(players, seed, opts)
    digests = Digests(spec, players)
    actions: list[list[Any]] = []
    while not spec.is_over(state):
        if len(actions) >= MAX_STEPS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_STEPS} steps")
        moves = _next_moves(spec, state, bots, play, driver, len(actions), seed)
        for seat, action in moves:
            state, events = spec.apply(state, seat, action)
            actions.append([seat, action])
            digests.step(state, events)
    return {"game": game, "players": players, "seed": seed, "options": opts, "bots": bots,
            "actions": plain(actions), **digests.summary(state)}


def _next_moves(spec: GameSpec, state: dict[str, Any], bots: list[str], play: dict, driver: Rng,
                step: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """The timer's timeout actions now and then, else one bot move of a seat that can act."""
    if spec.timer(state) is not None and driver.below(TIMEOUT_ODDS) == 0:
        timeouts = spec.timeout_actions(state)
        if timeouts:
            return [(seat, plain(action)) for seat, action in timeouts]
    legal = {s: spec.legal_actions(state, s) for s in range(state["players"])}
    movers = [s for s, acts in legal.items() if acts]
    if not movers:
        raise RuntimeError(f"{spec.id} seed {seed}: nobody can act at step {step}")
    driver.shuffle(movers)
    for seat in movers:  # a bot may wait (None) while others act; ask the seats in a seeded order
        rng = Rng.from_seed(seed * 1_000_003 + seat * 7919 + step)  # like the server's bot seats
        action = play[bots[seat]](spec.view(state, seat), legal[seat], rng)
        if action is not None:
            return [(seat, plain(action))]
    raise RuntimeError(f"{spec.id} seed {seed}: every bot waits at step {step}")


def replay(ref: dict[str, Any]) -> dict[str, Any]:
    """Apply a record's actions from a fresh setup; the recomputed fields, comparable to ``ref``."""
    spec = REGISTRY[ref["game"]]
    state = spec.setup(ref["players"], ref["seed"], ref["options"])
    digests = Digests(spec, ref["players"])
    for step, (seat, action) in enumerate(ref["actions"]):
        try:
            state, events = spec.apply(state, seat, action)
        except RuleError as err:
            raise Rejected(step, seat, action, err) from err
        digests.step(state, events)
    out = digests.summary(state)
    out["over"] = spec.is_over(state)
    return out


def dumps(ref: dict[str, Any]) -> str:
    """JSON text that diffs well: one action / trail digest per line, the result indented."""
    parts = []
    for key, value in ref.items():
        if key in ("actions", "trail") and value:
            text = "[\n" + ",\n".join("  " + json.dumps(x, ensure_ascii=False) for x in value) + "\n ]"
        elif key == "result":
            text = json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n ")
        else:
            text = json.dumps(value, ensure_ascii=False)
        parts.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
