"""Behaviour fingerprints of the fate_votes, mind_swap and school_mystery rules engines.

    python3 tools/engine_fingerprints.py          # rewrite tests/data/engine_fingerprints.json
    python3 tools/engine_fingerprints.py --check  # compare every case with the stored digests
    python3 tools/engine_fingerprints.py --game=school_mystery  # rewrite only that game's digests

Each case plays one random game (``random.Random(seed)`` picks a seat among those with
legal actions, then one of its legal actions) and folds into one sha256, step by step:
every seat's legal action list, the events of each apply, the new state, and (every
``VIEW_EVERY`` steps) the view of every seat and of the spectator; finally the result.
Any change of shapes, legal lists (content or order) or RNG draws changes the digest.
tests/test_engine_fingerprints.py replays the quick cases (all of fate_votes, every
``QUICK_EVERY``-th mind_swap and school_mystery seed: their games are long) against the stored
digests; ``--check`` replays all of them. Only regenerate the file for an intended rule
change (and say so in the commit message).
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shared.engine import REGISTRY

DATA = ROOT / "tests" / "data" / "engine_fingerprints.json"
SEEDS = 200
VIEW_EVERY = 7
MAX_STEPS = 20000
QUICK_EVERY = 4  # coprime with the seat and option cycles, so the quick cases still cover every pairing
FATE_VOTES_SEATS = (4, 6, 12)
MIND_SWAP_SEATS = (2, 4, 6)
MIND_SWAP_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"shuffle": "quick"},
    {"entry": "all_at_start"},
    {"students": "all30"},  # 29 others on the map: the capped relocation list
    {"students": "all30", "shuffle": "quick", "entry": "all_at_start"},
)
SCHOOL_MYSTERY_SEEDS = 40
SCHOOL_MYSTERY_SEATS = (2, 3, 4, 5, 6)
# the subject is chosen at the table (the random player picks one); short scene caps keep games short
SCHOOL_MYSTERY_OPTIONS: tuple[dict[str, Any], ...] = ({"max_scenes": 4}, {"max_scenes": 8}, {"max_scenes": 6})


def pack(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


def cases() -> list[tuple[str, int, int, dict[str, Any]]]:
    """(game, players, seed, options) of every fingerprinted game."""
    out: list[tuple[str, int, int, dict[str, Any]]] = []
    for seed in range(SEEDS):
        for n in FATE_VOTES_SEATS:
            out.append(("fate_votes", n, seed, {}))
        n = MIND_SWAP_SEATS[seed % len(MIND_SWAP_SEATS)]
        out.append(("mind_swap", n, seed, MIND_SWAP_OPTIONS[seed % len(MIND_SWAP_OPTIONS)]))
    for seed in range(SCHOOL_MYSTERY_SEEDS):
        n = SCHOOL_MYSTERY_SEATS[seed % len(SCHOOL_MYSTERY_SEATS)]
        out.append(("school_mystery", n, seed, SCHOOL_MYSTERY_OPTIONS[seed % len(SCHOOL_MYSTERY_OPTIONS)]))
    return out


def quick_cases() -> list[tuple[str, int, int, dict[str, Any]]]:
    """The cases the test suite replays."""
    return [c for c in cases() if c[0] == "fate_votes" or c[2] % QUICK_EVERY == 0]


def case_key(game: str, players: int, seed: int, options: dict[str, Any]) -> str:
    return f"{game}/{players}/{seed}/{json.dumps(options, sort_keys=True)}"


def fingerprint(game: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """sha256 over one random game's legal lists, events, states, views and result.

    Also asserts that ``apply`` never changes the state it was given.
    """
    spec = REGISTRY[game]
    rules = spec.rules
    r = random.Random(seed)
    h = hashlib.sha256()
    state = spec.setup(players, seed, options)
    packed = pack(state)
    h.update(packed)
    for step in range(MAX_STEPS):
        if rules.is_over(state):
            break
        legal = [rules.legal_actions(state, s) for s in range(players)]
        h.update(pack(legal))
        if step % VIEW_EVERY == 0:
            h.update(pack([rules.view(state, v) for v in [None, *range(players)]]))
        movers = [s for s in range(players) if legal[s]]
        assert movers, f"{game} seed {seed}: nobody can act"
        seat = r.choice(movers)
        action = r.choice(legal[seat])
        new, events = rules.apply(state, seat, action)
        assert pack(state) == packed, f"{game} seed {seed} step {step}: apply changed its input state"
        state = new
        packed = pack(state)
        h.update(pack(events))
        h.update(packed)
    else:
        raise AssertionError(f"{game} seed {seed}: no end after {MAX_STEPS} steps")
    h.update(pack([rules.view(state, v) for v in [None, *range(players)]]))
    h.update(pack(rules.result(state)))
    return h.hexdigest()


def check() -> list[str]:
    """Keys of the cases whose digest differs from the stored one."""
    stored = json.loads(DATA.read_text(encoding="utf-8"))
    return [case_key(*c) for c in cases() if fingerprint(*c) != stored.get(case_key(*c))]


def main() -> None:
    if "--check" in sys.argv[1:]:
        wrong = check()
        print(json.dumps({"cases": len(cases()), "differ": len(wrong), "first": wrong[:5]}))
        raise SystemExit(1 if wrong else 0)
    games = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--game=")]
    if games:  # regenerate these games' digests only, keeping the others' as stored
        digests = json.loads(DATA.read_text(encoding="utf-8"))
        digests.update({case_key(*c): fingerprint(*c) for c in cases() if c[0] in games})
    else:
        digests = {case_key(*c): fingerprint(*c) for c in cases()}
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps({"cases": len(digests), "file": str(DATA.relative_to(ROOT))}))


if __name__ == "__main__":
    main()
