"""Rules cost per game in CPU instructions (valgrind's callgrind): the deterministic twin of bench/rules.py.

    python3 bench/instructions.py [--games N] [--players P] [--seed S] [--checkout DIR] [GAME ...]

Time on a shared machine swings by tens of percent from one minute to the next, and from one machine to
the next; the instructions a call runs do not. This plays N whole games per game as bench/rules.py does
(the same bots, seeds and recorded positions), then counts, under callgrind, each measured call on its own
(and nothing else):

- ``apply_p50`` / ``apply_mean``: ``rules.apply`` at every recorded position;
- ``view_p50`` / ``view_mean``: ``rules.view`` for every seat and the spectator at every third position
  (a view right after the position's first one may reuse what that one derived, as on a server);
- ``replay_mean``: ``GameSpec.replay`` in runs of 25 actions from the recorded positions, as a restarted
  server replays a game (the setup left out), per action.

Each call is made through ``operator.call`` (callgrind counts only inside it and writes a count after
each); what an empty call costs is taken off. ``--checkout DIR`` counts the rules of another checkout
(e.g. a git worktree of an older commit) with its own ``bench/rules.py`` recording, for before/after
figures. Needs ``valgrind`` (Debian: ``apt-get install valgrind``); about a minute per game for 10 games.

Prints one JSON line last: ``{"bench": "instructions", "games": {GAME: {...}}}``.
"""
from __future__ import annotations

import argparse
import json
import operator
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EMPTY_CALLS = 20
MARK = "_operator_call"  # callgrind counts only inside operator.call: the measured loop, and nothing else


def measured_calls(game: str, players: int, games: int, seed: int) -> list[tuple[str, int]]:
    """Record the games (not counted), then make every measured call inside ``operator.call`` (each one
    counted on its own); returns what each counted call was, in order: (figure, actions)."""
    from bench.rules import REPLAY_RUN, play, replay
    from shared.engine import REGISTRY

    spec = REGISTRY[game]
    rules = spec.rules
    positions: list[tuple[dict, int, dict, list]] = []
    for g in range(games):
        steps = play(game, players, seed + g)
        state = spec.setup(players, seed + g, spec.option_defaults())
        for i, (seat, action) in enumerate(steps):
            positions.append((state, seat, action, steps[i:i + REPLAY_RUN] if i % REPLAY_RUN == 0 else []))
            state, _ = rules.apply(state, seat, action)
    calls: list[tuple[str, int]] = []
    for _ in range(EMPTY_CALLS):  # what operator.call itself costs
        operator.call(_empty)
        calls.append(("empty", 1))
    for i, (state, seat, action, run) in enumerate(positions):
        if i % 3 == 0:
            for s in (None, *range(players)):
                operator.call(rules.view, state, s)
                calls.append(("view", 1))
        operator.call(rules.apply, state, seat, action)
        calls.append(("apply", 1))
        if run:
            operator.call(replay, spec, state, run)
            calls.append(("replay", len(run)))
    return calls


def _empty() -> None:
    """The call the others are counted against."""


def count(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Each figure of one game, from one valgrind run of the checkout's code that dumps its count after every
    measured call."""
    checkout = Path(args.checkout or ROOT).resolve()
    with tempfile.TemporaryDirectory(prefix="houkago-instr-") as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0",
                   PYTHONPATH=str(checkout) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no",
               f"--toggle-collect={MARK}", f"--dump-after={MARK}", sys.executable, str(Path(__file__).resolve()),
               "--inner", "--games", str(args.games), "--players", str(args.players), "--seed", str(args.seed), game]
        r = subprocess.run(cmd, cwd=str(checkout), env=env, capture_output=True, text=True, check=False)
        listed = re.search(r"^CALLS (.*)$", r.stdout, re.MULTILINE)
        if r.returncode != 0 or listed is None:
            raise SystemExit(f"{game}: the counted run failed:\n{r.stderr[-2000:]}")
        calls = json.loads(listed.group(1))
        counts = [_total(Path(f"{out}.{k}")) for k in range(1, len(calls) + 1)]
    by: dict[str, list[float]] = {}
    for (figure, actions), n in zip(calls, counts):
        by.setdefault(figure, []).append(n / actions if figure == "replay" else n)
    empty = statistics.median(by.pop("empty"))
    row: dict[str, Any] = {"players": args.players, "games": args.games}
    for figure, ns in by.items():
        ns = [n - empty for n in ns]
        row[f"{figure}_calls"] = len(ns)
        if figure != "replay":
            row[f"{figure}_p50"] = round(statistics.median(ns))
        row[f"{figure}_mean"] = round(statistics.fmean(ns))
    return row


def _total(dump: Path) -> int:
    """The instructions one callgrind dump counted."""
    m = re.search(r"^(?:summary|totals): (\d+)", dump.read_text(), re.MULTILINE)
    if m is None:
        raise SystemExit(f"no count in {dump}")
    return int(m.group(1))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="*", help="default: bench/rules.py's games")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checkout", help="count the rules of this checkout (default: this one)")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # the counted run itself
    args = ap.parse_args(argv)
    if args.inner:
        sys.path.insert(0, os.getcwd())  # the checkout counted (the default path starts at bench/)
        print(f"CALLS {json.dumps(measured_calls(args.game[0], args.players, args.games, args.seed))}")
        return
    if not args.game:
        sys.path.insert(0, str(ROOT))
        from bench.rules import GAMES
        args.game = list(GAMES)
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (Debian: apt-get install valgrind)")
    out = {game: count(game, args) for game in args.game}
    print(json.dumps({"bench": "instructions", "checkout": str(Path(args.checkout or ROOT).resolve()),
                      "games": out}))


if __name__ == "__main__":
    main()
