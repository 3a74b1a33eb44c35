"""mind_swap engine speed on one core: full games per CPU-second (time.process_time).

Usage: python3 bench/mind_swap_speed.py [--games N] [--players P]

Three measures: ``random`` plays uniformly random legal actions (legal_actions + apply
every step); ``sensible`` lets the sensible bot play every seat (view + legal_actions +
bot + apply); ``apply`` replays recorded games of the sensible bots (apply only).
Prints one JSON line last.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.engine import REGISTRY  # noqa: E402
from shared.rng import Rng  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    spec = REGISTRY["mind_swap"]
    rules = spec.rules
    spec.content()
    bot = spec.bots()["sensible"]
    n, p = args.games, args.players

    t = time.process_time()
    steps_random = 0
    for seed in range(n):
        r = random.Random(seed)
        s = spec.setup(p, seed, {})
        while not rules.is_over(s):
            seat = s["turn"]
            s, _ = rules.apply(s, seat, r.choice(rules.legal_actions(s, seat)))
            steps_random += 1
    random_gps = n / (time.process_time() - t)

    t = time.process_time()
    recorded = []
    for seed in range(n):
        rng = Rng.from_seed(seed)
        s = spec.setup(p, seed, {})
        actions = []
        while not rules.is_over(s):
            seat = s["turn"]
            a = bot(rules.view(s, seat), rules.legal_actions(s, seat), rng)
            actions.append((seat, a))
            s, _ = rules.apply(s, seat, a)
        recorded.append((seed, actions))
    sensible_gps = n / (time.process_time() - t)

    t = time.process_time()
    steps_apply = 0
    for seed, actions in recorded:
        s = spec.setup(p, seed, {})
        for seat, a in actions:
            s, _ = rules.apply(s, seat, a)
        steps_apply += len(actions)
    apply_gps = n / (time.process_time() - t)

    print(json.dumps({"game": "mind_swap", "players": p, "games": n,
                      "random_games_per_s": round(random_gps, 1),
                      "random_steps_per_game": round(steps_random / n, 1),
                      "sensible_games_per_s": round(sensible_gps, 1),
                      "apply_only_games_per_s": round(apply_gps, 1),
                      "sensible_steps_per_game": round(steps_apply / n, 1)}))


if __name__ == "__main__":
    main()
