"""Rules cost per game: view/apply/legal p50, snapshot bytes per move, replay µs per action.

    python3 bench/rules.py [--games N] [--players P] [--seed S] [--runs R] [GAME ...]

Plays N whole games per game (the game's ``sensible`` bot for every seat, as on a
server table with bots), recording the actions. Then, per game:

- ``view_us_p50`` / ``apply_us_p50`` / ``legal_us_p50``: the median single call of
  ``view(state, seat)`` (every seat and the spectator), ``apply`` and ``legal_actions``
  (every seat) over the recorded positions;
- ``snapshot_bytes_per_move``: the bytes of every seat's snapshot frame, per accepted
  action, as :meth:`server.tables.Table.snapshot_frames` builds them (every seat held);
- ``replay_us_per_action``: rebuilding each game from seed + actions the way a
  restarted server does (``GameSpec.replay``, used by :func:`server.tables.replay_state`),
  the setup left out, timed in runs of 25 actions (each run's best of 5).

With ``--runs R`` the whole measurement of each game is made R times (one after the other) and
every figure is the median of the R runs (``runs`` says how many).

Prints one JSON line last: ``{"bench": "rules", "games": {GAME: {...}}}``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from server.tables import Table
from shared.engine import REGISTRY
from shared.rng import Rng


def replay(spec: Any, state: dict, steps: list[tuple[int, dict]]) -> dict:
    """What :func:`server.tables.replay_state` does after the setup (``spec.replay``; before it
    existed, ``spec.apply`` step by step)."""
    fast = getattr(spec, "replay", None)
    if fast is not None:
        return fast(state, steps)
    for seat, action in steps:
        state, _ = spec.apply(state, seat, action)
    return state


GAMES = ("fate_votes", "mind_swap", "school_mystery")
MAX_STEPS = 5000
REPLAY_RUN = 25  # actions replayed per timing


def play(game: str, players: int, seed: int) -> list[tuple[int, dict]]:
    """One whole game of the sensible bots: the (seat, action) list."""
    spec = REGISTRY[game]
    rules = spec.rules
    bot = spec.bots().get("sensible") or next(iter(spec.bots().values()))
    rng = Rng.from_seed(seed)
    state = spec.setup(players, seed, spec.option_defaults())
    steps: list[tuple[int, dict]] = []
    turn = 0
    while not rules.is_over(state) and len(steps) < MAX_STEPS:
        for k in range(players):
            seat = (turn + k) % players
            legal = rules.legal_actions(state, seat)
            if not legal:
                continue
            action = bot(rules.view(state, seat), legal, rng)
            if action is None:
                continue
            try:
                state, _ = rules.apply(state, seat, action)
            except Exception:  # noqa: BLE001 - a bot's bad action of any kind: play a random legal one
                action = rng.choice(legal)
                state, _ = rules.apply(state, seat, action)
            steps.append((seat, action))
            break
        else:
            raise SystemExit(f"{game}: every bot waits")
        turn += 1
    return steps


def _timed(fn, *args) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t, out


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    spec = REGISTRY[game]
    rules = spec.rules
    views: list[float] = []
    applies: list[float] = []
    legals: list[float] = []
    frame_bytes = moves = 0
    replay_s = 0.0
    replay_actions = 0
    for g in range(games):
        steps = play(game, players, seed + g)
        # per-call costs over the recorded positions
        state = spec.setup(players, seed + g, spec.option_defaults())
        positions = []
        for i, (seat, action) in enumerate(steps):
            positions.append(state)
            if i % 3 == 0:
                for s in (None, *range(players)):
                    views.append(_timed(rules.view, state, s)[0])
                for s in range(players):
                    legals.append(_timed(rules.legal_actions, state, s)[0])
            dt, (state, _) = _timed(rules.apply, state, seat, action)
            applies.append(dt)
        # the frames a server sends: every seat held by a client that asked for deltas (as the
        # game's client does), one snapshot per seat per action
        table = Table(id="bench", spec=spec, n=players, options=spec.option_defaults(), host_hash="")
        for s, st in enumerate(table.seats):
            st.holder, st.delta = s + 1, True
        table.start(seed + g, 0.0, 0.0)
        table.snapshot_frames([], 0.0)
        for seat, action in steps:
            events = table.apply(seat, action, 0.0)
            frames = table.snapshot_frames(events, 0.0)
            frame_bytes += sum(len(f) for _, f in frames)
            moves += 1
        # replay as a restarted server does (the setup left out): in runs of REPLAY_RUN actions from
        # the recorded positions, each run's best of 5 (a shared machine preempts long timings)
        for i in range(0, len(steps), REPLAY_RUN):
            best = float("inf")
            for _ in range(5):
                t = time.perf_counter()
                replay(spec, positions[i], steps[i:i + REPLAY_RUN])
                best = min(best, time.perf_counter() - t)
            replay_s += best
        replay_actions += len(steps)

    def p50(xs: list[float]) -> float:
        return round(statistics.median(xs) * 1e6, 2) if xs else 0.0

    return {"players": players, "games": games, "actions": replay_actions,
            "view_us_p50": p50(views), "apply_us_p50": p50(applies), "legal_us_p50": p50(legals),
            "snapshot_bytes_per_move": round(frame_bytes / max(1, moves), 1),
            "replay_us_per_action": round(1e6 * replay_s / max(1, replay_actions), 2)}


def median_of_runs(game: str, players: int, games: int, seed: int, runs: int) -> dict[str, Any]:
    """:func:`measure` ``runs`` times; each figure the median of the runs."""
    results = [measure(game, players, games, seed) for _ in range(max(1, runs))]
    out = dict(results[0])
    for key in ("view_us_p50", "apply_us_p50", "legal_us_p50", "snapshot_bytes_per_move", "replay_us_per_action"):
        out[key] = statistics.median(r[key] for r in results)
    out["runs"] = len(results)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="*", default=list(GAMES))
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=1, help="measure R times, report the medians")
    args = ap.parse_args(argv)
    out = {g: median_of_runs(g, args.players, args.games, args.seed, args.runs) for g in args.game}
    print(json.dumps({"bench": "rules", "games": out}))


if __name__ == "__main__":
    main()
