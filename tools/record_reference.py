"""``python3 tools/record_reference.py GAME [--count N]``: (re-)record reference games.

Plays N full games of GAME with the registry's bots (seeded; a mix of "sensible"
and "random" seats; each bot sees only its view and legal actions) and writes
``tests/data/reference/<game>_<k>.json`` (k = 1..N), which
tests/test_reference_games.py replays. Re-record only when a rules change is
intended, then review ``git diff tests/data/reference`` before committing.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shared.engine import REGISTRY
from tools.reference import dumps, record

OUT = ROOT / "tests" / "data" / "reference"


def default_seats(game: str) -> list[int]:
    """Smallest table, a small-to-middle one and the largest."""
    spec = REGISTRY[game]
    lo, hi = spec.min_seats, spec.max_seats
    return sorted({lo, min(hi, lo + 2), hi})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(g for g, s in REGISTRY.items() if s.ends))
    ap.add_argument("--count", type=int, default=4, help="how many games (default 4)")
    ap.add_argument("--seats", default="", help="comma-separated seat counts to cycle through")
    ap.add_argument("--seed", type=int, default=1, help="first seed; game k uses seed + 101 * (k - 1)")
    args = ap.parse_args(argv)
    seats = [int(x) for x in args.seats.split(",") if x] or default_seats(args.game)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob(f"{args.game}_*.json"):
        old.unlink()
    for k in range(1, args.count + 1):
        players = seats[(k - 1) % len(seats)]
        seed = args.seed + 101 * (k - 1)
        ref = record(args.game, players, seed)
        path = OUT / f"{args.game}_{k}.json"
        path.write_text(dumps(ref), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {players} players, seed {seed}, {ref['steps']} steps, "
              f"winners {ref['result'].get('winners')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
