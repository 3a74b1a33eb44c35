"""Bot levels against each other: seat-rotated matches through the real rules.

    python bench/bots.py GAME --players N --games G --seats LEVEL[,LEVEL…] [--seed S]

The seat list is repeated to fill N seats (``--seats strong,normal,easy`` at 6 players gives
two of each) and rotated by one seat every game, so every level sits everywhere equally. Each
bot sees only its seat's view (plus which seats are bots: all of them here). ``--clock cpu``
counts the search bots' time cap (``shared.bots.TIME_CAP_S``) in this process's CPU time instead of
wall time, so that a loaded shared machine does not cut their searches short; ``--cap-ms`` changes
that cap (``--clock cpu --cap-ms 4`` plays strong as a machine about 9 times busier would). Prints progress
to stderr and one JSON line last: ``games``, ``per_level`` (``win_rate``: share of that
level's seats among the winners of a game; ``win_share``: each game's win split between its
winners), ``per_seat`` win rate, ``outcomes`` (fate_votes: the condition that fired; mind_swap:
the winning seat count; school_mystery: solved/unsolved), ``mean_length`` (actions per game),
``think_ms`` p50/p99 per level (one bot decision, wall clock; ``think_cpu_ms`` the same in
process CPU time, which a busy shared machine does not inflate), ``wall_s``, ``load`` (the 1-minute load
average before and after the run), and ``usage``: for
school_mystery every basic move, special move and modifier over all games; for fate_votes the final
cards kept (``kept:CARD``, seats over all games) and the games a Shion won beside her partner
(``shion_won``).

    python bench/bots.py school_mystery --players 4 --humans 2 --games 100 [--seats LEVEL]

seats scripted humans (2–8 s a decision on a simulated clock) beside the bots and prints the
rolls and declarations per seat kind and every human decision a bot took (bench/sm_humans.py).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.bots import TIME_CAP_S, Bot, install_clock, next_bot_move
from shared.engine import REGISTRY
from shared.rng import Rng

MAX_STEPS = 200_000


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return round(v[max(0, min(len(v) - 1, int(q * len(v) + 0.999999) - 1))] * 1000, 3)


def _outcome(game: str, result: dict[str, Any], n: int) -> str:
    if game == "fate_votes":
        return str(result.get("condition"))
    if game == "school_mystery":
        return str(result.get("why"))
    winners = result.get("winners") or []
    return "shared" if len(winners) > 1 else ("none" if not winners else "single")


def _usage(events: list[dict[str, Any]], usage: Counter) -> None:
    """school_mystery: count moves rolled or used, modifiers, helps, rerolls, secrets, characters."""
    for ev in events:
        kind = ev.get("type")
        if kind == "roll_declared" or kind == "move_used":
            usage[f"move:{ev['move']}"] += 1
        elif kind == "dice_rolled":
            for src in ev.get("advantage_sources") or []:
                usage[f"advantage:{src}"] += 1
            for src in ev.get("disadvantage_sources") or []:
                usage[f"disadvantage:{src}"] += 1
            if ev.get("reason") == "rival_reroll":
                usage["rival_reroll"] += 1
        elif kind in ("help", "band_raised", "character_called", "objection", "condition_gained",
                      "location_invented", "clue_used"):
            usage[kind] += 1
        elif kind == "card_drawn" and ev.get("suit") == "spades":
            usage["supporting_character"] += 1
        elif kind == "student_created":
            usage[f"playbook:{ev['playbook']}"] += 1  # which playbooks sat at the tables


def play_game(game: str, levels: list[str], seed: int, think: dict[str, list[float]],
              think_cpu: dict[str, list[float]], usage: Counter) -> tuple[dict[str, Any], int]:
    """One game with ``levels[seat]`` bots; returns (result, actions)."""
    spec = REGISTRY[game]
    n = len(levels)
    bots = spec.bots()
    state = spec.setup(n, seed, {})
    rngs = [Rng.from_seed(seed * 7919 + s) for s in range(n)]
    everyone = list(range(n))
    order = Rng.from_seed(seed ^ 0x5EED)

    def timed(level: str) -> Bot:
        bot = bots[level]

        def decide(view: dict[str, Any], legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any] | None:
            t0, c0 = time.perf_counter(), time.process_time()
            action = bot(view, legal, rng)
            think[level].append(time.perf_counter() - t0)
            think_cpu[level].append(time.process_time() - c0)
            return action
        return decide

    seat_bots = [timed(level) for level in levels]
    actions = 0
    for _ in range(MAX_STEPS):
        if spec.is_over(state):
            break
        start = order.below(n)
        move = next_bot_move(spec, state, seat_bots.__getitem__, rngs.__getitem__,
                             [(start + k) % n for k in range(n)], everyone)
        if move is None:
            raise SystemExit(f"{game}: every bot waits (seed {seed})")
        state, events = spec.apply(state, *move)
        if game == "school_mystery":
            _usage(events, usage)
        actions += 1
    else:
        raise SystemExit(f"{game}: game {seed} did not end in {MAX_STEPS} steps")
    return spec.result(state), actions


class Tally:
    """Raw counts of a run of games (a worker's share, or all of them after :meth:`merge`)."""

    def __init__(self, players: int) -> None:
        self.think: dict[str, list[float]] = {}
        self.think_cpu: dict[str, list[float]] = {}
        self.usage: Counter = Counter()
        self.level_wins: Counter = Counter()
        self.level_share: Counter = Counter()
        self.level_seats: Counter = Counter()
        self.seat_wins = [0] * players
        self.outcomes: Counter = Counter()
        self.lengths: list[int] = []

    def merge(self, other: Tally) -> None:
        for lv, xs in other.think.items():
            self.think.setdefault(lv, []).extend(xs)
        for lv, xs in other.think_cpu.items():
            self.think_cpu.setdefault(lv, []).extend(xs)
        for mine, theirs in ((self.usage, other.usage), (self.level_wins, other.level_wins),
                             (self.level_share, other.level_share), (self.level_seats, other.level_seats),
                             (self.outcomes, other.outcomes)):
            mine.update(theirs)
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.lengths += other.lengths


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def play_range(game: str, players: int, base: list[str], seed: int, first: int, last: int,
               progress: bool = False, clock: str = "wall", cap_s: float = TIME_CAP_S) -> Tally:
    """Games ``first``..``last - 1`` of a run (game g: seed + g, seats rotated by g)."""
    install_clock(CLOCKS[clock], cap_s)
    tally = Tally(players)
    tally.think = {lv: [] for lv in set(base)}
    tally.think_cpu = {lv: [] for lv in set(base)}
    t0 = time.perf_counter()
    for g in range(first, last):
        levels = base[g % players:] + base[:g % players]  # rotate one seat per game
        result, actions = play_game(game, levels, seed + g, tally.think, tally.think_cpu, tally.usage)
        winners = list(result.get("winners") or [])
        tally.outcomes[_outcome(game, result, players)] += 1
        if game == "fate_votes":  # which cards the players kept, and whether a Shion won beside her partner
            cards = result.get("cards") or []
            tally.usage.update(f"kept:{c}" for c in cards)
            tally.usage["shion_won"] += any(cards[w] == "shion" for w in winners)
        tally.lengths.append(actions)
        for s, lv in enumerate(levels):
            tally.level_seats[lv] += 1
            if s in winners:
                tally.level_wins[lv] += 1
                tally.level_share[lv] += 1.0 / len(winners)
                tally.seat_wins[s] += 1
        done = g + 1 - first
        if progress and done % max(1, (last - first) // 20) == 0:
            print(f"{done}/{last - first} games, {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)
    install_clock(None)
    return tally


def _worker(args: tuple) -> Tally:
    return play_range(*args)


def run(game: str, players: int, games: int, seats: list[str], seed: int, progress: bool = False,
        jobs: int = 1, clock: str = "wall", cap_s: float = TIME_CAP_S) -> dict[str, Any]:
    spec = REGISTRY[game]
    bots = spec.bots()
    for level in seats:
        if level not in bots:
            raise SystemExit(f"no bot level {level!r} for {game} (have {sorted(bots)})")
    if not spec.min_seats <= players <= spec.max_seats:
        raise SystemExit(f"{game} needs {spec.min_seats}–{spec.max_seats} players")
    base = [seats[i % len(seats)] for i in range(players)]
    load_before = os.getloadavg()[0]
    t0 = time.perf_counter()
    if jobs <= 1:
        tally = play_range(game, players, base, seed, 0, games, progress, clock, cap_s)
    else:
        from multiprocessing import Pool
        cuts = [games * j // jobs for j in range(jobs + 1)]
        parts = [(game, players, base, seed, cuts[j], cuts[j + 1], progress and j == 0, clock, cap_s)
                 for j in range(jobs)]
        with Pool(jobs) as pool:
            results = pool.map(_worker, parts)
        tally = results[0]
        for other in results[1:]:
            tally.merge(other)
    per_level = {}
    for lv in sorted(tally.level_seats):
        think, cpu = tally.think[lv], tally.think_cpu[lv]
        per_level[lv] = {"seats": base.count(lv), "win_rate": round(tally.level_wins[lv] / tally.level_seats[lv], 4),
                         "win_share": round(tally.level_share[lv] / games, 4),
                         "think_ms": {"p50": percentile(think, 0.5), "p99": percentile(think, 0.99),
                                      "max": percentile(think, 1.0), "decisions": len(think)},
                         "think_cpu_ms": {"p50": percentile(cpu, 0.5), "p99": percentile(cpu, 0.99)}}
    all_think = [x for v in tally.think.values() for x in v]
    out: dict[str, Any] = {
        "game": game, "players": players, "games": games, "seats": seats, "seed": seed, "jobs": jobs, "clock": clock,
        "cap_ms": round(cap_s * 1000, 3),
        "per_level": per_level, "per_seat": [round(w / games, 4) for w in tally.seat_wins],
        "outcomes": {k: round(v / games, 4) for k, v in sorted(tally.outcomes.items(), key=lambda kv: -kv[1])},
        "outcome_counts": dict(tally.outcomes),
        "mean_length": round(sum(tally.lengths) / max(1, len(tally.lengths)), 1),
        "think_ms": {"p50": percentile(all_think, 0.5), "p99": percentile(all_think, 0.99)},
        "wall_s": round(time.perf_counter() - t0, 2),
        "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    if game in ("school_mystery", "fate_votes"):
        out["usage"] = dict(sorted(tally.usage.items()))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(g for g, s in REGISTRY.items() if s.listed))
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seats", default="normal", help="bot levels, comma-separated, repeated over the seats")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (games split between them)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="what the search bots' time cap counts: wall time (as the server) or this process's CPU "
                         "time (a busy shared machine then does not cut their searches short)")
    ap.add_argument("--cap-ms", type=float, default=TIME_CAP_S * 1000,
                    help="the search bots' time cap per decision on that clock (a small cap with --clock cpu plays "
                         "as a machine that many times busier would: searches cut short)")
    ap.add_argument("--humans", type=int, default=0,
                    help="school_mystery: this many seats played by scripted humans (2–8 s a decision, simulated "
                         "clock) beside bots of the first --seats level (bench/sm_humans.py)")
    args = ap.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if args.humans:
        if args.game != "school_mystery":
            raise SystemExit("--humans is for school_mystery")
        from bench.sm_humans import run_humans
        t0 = time.perf_counter()
        out = run_humans(args.players, args.humans, args.games, seats[0], args.seed)
        out["wall_s"] = round(time.perf_counter() - t0, 2)
        print(json.dumps(out, ensure_ascii=False), flush=True)
        return 0
    out = run(args.game, args.players, args.games, seats, args.seed, progress=not args.quiet, jobs=args.jobs,
              clock=args.clock, cap_s=args.cap_ms / 1000)
    print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
