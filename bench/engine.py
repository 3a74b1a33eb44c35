"""Engine benchmark: full random games of one registered game, on one core.

    python3 bench/engine.py GAME [--games N] [--players P] [--seed S] [--bot NAME]

Each step takes a uniformly random seat among those with legal actions (random
seats are drawn until one has any: rejection sampling, so uniform over the seats
that can act; a full scan after 4·P misses) and a uniformly random legal action
of that seat, through the game's rules contract (setup / legal_actions / apply /
is_over from the registry). Prints one JSON line last: wall-clock rates
(``games_per_s``, ``actions_per_s``) and, since the machine may be shared, the
rate per CPU-second of this process (``games_per_cpu_s``).

With ``--bot NAME`` (e.g. ``sensible``) the game's bot plays every seat instead: each
step asks the seats that can act, in a random rotation, until one bot does not wait;
each bot sees only its view and legal actions, as on the server.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.engine import REGISTRY
from shared.rng import Rng

MAX_STEPS = 100_000


def bot_step(spec, state: dict, n: int, bot, rng: Rng, rand) -> tuple[int, dict]:
    """The seat and action of the first bot (in a random rotation) that does not wait."""
    rules = spec.rules
    start = int(rand() * n)
    for k in range(n):
        seat = (start + k) % n
        acts = rules.legal_actions(state, seat)
        if acts:
            action = bot(rules.view(state, seat), acts, rng)
            if action is not None:
                return seat, action
    raise SystemExit(f"{spec.id}: every bot waits")


def run(game: str, games: int, players: int | None, seed: int, bot_name: str | None = None) -> dict[str, object]:
    spec = REGISTRY[game]
    bot = spec.bots()[bot_name] if bot_name else None
    bot_rng = Rng.from_seed(seed)
    rules = spec.rules
    n = players or spec.min_seats
    content = spec.content()
    options = spec.option_defaults()
    legal, apply, is_over = rules.legal_actions, rules.apply, rules.is_over
    r = random.Random(seed)
    rand = r.random
    actions = 0
    unfinished = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for g in range(games):
        state = rules.setup(n, seed + g, options, content)
        for _ in range(MAX_STEPS):
            if is_over(state):
                break
            if bot is not None:
                seat, action = bot_step(spec, state, n, bot, bot_rng, rand)
                state, _ = apply(state, seat, action)
                actions += 1
                continue
            for _try in range(4 * n):
                seat = int(rand() * n)
                acts = legal(state, seat)
                if acts:
                    break
            else:
                movers = [s for s in range(n) if legal(state, s)]
                if not movers:
                    raise SystemExit(f"{game}: nobody can act in game {g}")
                seat = movers[int(rand() * len(movers))]
                acts = legal(state, seat)
            state, _ = apply(state, seat, acts[int(rand() * len(acts))])
            actions += 1
        else:
            unfinished += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {"game": game, "games": games, "players": n, "seed": seed, "bot": bot_name or "uniform random",
            "unfinished": unfinished,
            "actions": actions, "seconds": round(elapsed, 3),
            "games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed, 1),
            "cpu_seconds": round(cpu, 3), "games_per_cpu_s": round(games / max(cpu, 1e-9), 1),
            "python": sys.version.split()[0]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(REGISTRY))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", help="let this bot of the game play every seat (e.g. sensible)")
    args = ap.parse_args(argv)
    print(json.dumps(run(args.game, args.games, args.players, args.seed, args.bot)))


if __name__ == "__main__":
    main()
