"""Does a game's rules module behave exactly as it did at a git commit? (for speed-ups of the rules)

    python3 tools/rules_identity.py mind_swap [--ref main] [--games 30] [--wrong 2] [--options JSON ...]

Loads ``shared/games/GAME/rules.py`` as it is at ``--ref`` (``git show``) next to the working
tree's, and plays random games from the game's setup (players cycle through its seat range,
option sets through ``--options``; default: the game's defaults). At every step both modules
must give the same legal actions of every seat and the same timeout actions, and (every 5th
step) the same views; then ``--wrong`` tries that are mostly refused (another seat, a listed
action with one field changed to odd data, an unknown type) must give both the same new state
and events or the same error (code, message, params), and neither may change the state it was
given; finally a random legal action is applied by both. At the end both ``replay`` the game's
actions to the same state, and a journal with one broken action ends in the same error.
Prints one line per option set and ``identity ok`` (exit status 0), or the first difference
(an AssertionError).

``--whole-tree`` compares the whole repository at ``--ref`` instead of the rules module alone (a change
in ``shared/rng.py`` or in a module the rules import escapes the default mode): the same walk runs in two
processes, one importing this tree's ``shared`` and one ``git archive``'s copy of ``--ref``, each feeding
every answer of its rules (legal lists, timeouts, views, states, events, errors, replays) into a digest;
the digests must be equal. It says *that* they differ, not where: the default mode finds the step.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import importlib.util
import json
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shared.engine import REGISTRY
from shared.errors import RuleError

ODD = [None, True, False, -1, 0, 1, 2, 5, 17, 31, 32, 39, 40, 10**30, "x", "", 2.0, [2, 3], [], {"a": 1}]
MAX_STEPS = 3000


def rules_at(game: str, ref: str) -> ModuleType:
    """The game's rules module as it is at ``ref``, loaded under another name."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:shared/games/{game}/rules.py"],
                          check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / f"{game}_rules_at_ref.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def outcome(rules: ModuleType, state: dict, seat: int, action: Any) -> tuple:
    """("ok", packed state, events), ("err", code, message, params), or ("crash", exception type, text)
    for an error that is no RuleError (a bug of its own, counted and reported); asserts the input is
    unchanged."""
    before = msgpack.packb(state)
    try:
        new, events = rules.apply(state, seat, action)
        out: tuple = ("ok", msgpack.packb(new), events)
    except RuleError as err:
        out = ("err", err.code, err.message, err.params)
    except Exception as err:  # noqa: BLE001 - odd data may crash both: the same way, then
        out = ("crash", type(err).__name__, str(err))
    assert msgpack.packb(state) == before, f"{rules.__name__}.apply changed its input ({seat}, {action})"
    return out


def replay(rules: ModuleType, start: dict, steps: list[tuple[int, Any]]) -> dict:
    """The rules' ``replay``, or ``apply`` step by step where they have none (as GameSpec.replay)."""
    fast = getattr(rules, "replay", None)
    if fast is not None:
        return fast(start, steps)
    state = start
    for seat, action in steps:
        state = rules.apply(state, seat, action)[0]
    return state


def wrong(r: random.Random, action: dict, fields: list[str], types: list[str]) -> Any:
    """A listed action with one field changed, dropped or added (odd data, other fields' values;
    the type: another one seen listed, or odd data)."""
    out = copy.deepcopy(action)
    k = r.random()
    key = r.choice(fields) if k < 0.8 else r.choice(list(out) or ["type"])
    if k < 0.1:
        out["type"] = r.choice([*ODD, "nope", *types, *types])
    elif k < 0.9:
        out[key] = r.choice(ODD + [v for v in action.values() if not isinstance(v, (dict, list))]
                            + [[r.randrange(0, 34) for _ in range(r.randrange(5))]])
    else:
        out.pop(key, None)
    return out


def play(game: str, old: ModuleType, new: ModuleType, players: int, seed: int, options: dict,
         tries: int, codes: Counter) -> int:
    """One random game checked step by step; the number of steps."""
    spec = REGISTRY[game]
    r = random.Random(seed)
    start = state = spec.setup(players, seed, options)
    steps: list[tuple[int, dict]] = []
    fields: set[str] = {"type"}
    types: set[str] = set()
    while not old.is_over(state) and len(steps) < MAX_STEPS:
        legal = [old.legal_actions(state, s) for s in range(players)]
        assert legal == [new.legal_actions(state, s) for s in range(players)], f"legal differ, step {len(steps)}"
        if hasattr(old, "timeout_actions"):
            assert old.timeout_actions(state) == new.timeout_actions(state), f"timeout differs, step {len(steps)}"
        if len(steps) % 5 == 0:
            for viewer in (None, *range(players)):
                assert old.view(state, viewer) == new.view(state, viewer), f"view differs, step {len(steps)}"
        movers = [s for s in range(players) if legal[s]]
        seat = r.choice(movers)
        for a in legal[seat]:
            fields.update(a)
            types.add(a["type"])
        for _ in range(tries):
            who = r.choice([seat, seat, r.randrange(players)])
            action = wrong(r, r.choice(legal[seat]), sorted(fields), sorted(types)) if r.random() < 0.85 else r.choice(legal[seat])
            got = outcome(old, state, who, action)
            codes[got[0] if got[0] == "ok" else f"{got[0]} {got[1]}"] += 1
            assert got == outcome(new, state, who, action), f"differ on ({who}, {action}), step {len(steps)}"
        action = r.choice(legal[seat])
        got = outcome(old, state, seat, action)
        assert got[0] == "ok" and got == outcome(new, state, seat, action), f"differ on a legal action, step {len(steps)}"
        steps.append((seat, action))
        state = old.apply(state, seat, action)[0]
    assert msgpack.packb(replay(new, start, steps)) == msgpack.packb(state), "replay ends elsewhere"
    if len(steps) > 2:
        k = r.randrange(len(steps))
        bad = steps[:k] + [(steps[k][0], wrong(r, steps[k][1], sorted(fields), sorted(types)))]
        ends = []
        for rules in (old, new):
            try:
                ends.append(("ok", msgpack.packb(replay(rules, start, bad))))
            except RuleError as err:
                ends.append(("err", err.code, err.message, err.params))
            except Exception as err:  # noqa: BLE001 - see outcome
                ends.append(("crash", type(err).__name__, str(err)))
        assert ends[0] == ends[1], f"a broken journal replays differently: {ends}"
    return len(steps)


class Recorder(ModuleType):
    """A rules module whose every answer (or error) is also fed into ``digest`` (for ``--whole-tree``)."""

    CALLS = ("legal_actions", "timeout_actions", "view", "apply", "replay", "is_over")

    def __init__(self, rules: ModuleType, digest: Any) -> None:
        super().__init__(f"recorded_{rules.__name__}")
        self.__dict__.update({k: v for k, v in vars(rules).items() if not k.startswith("__")})
        for name in self.CALLS:
            if hasattr(rules, name):
                setattr(self, name, self._recorded(name, getattr(rules, name), digest))

    @staticmethod
    def _recorded(name: str, call: Any, digest: Any) -> Any:
        def recorded(*args: Any) -> Any:
            try:
                out = call(*args)
            except RuleError as err:
                digest.update(msgpack.packb([name, "err", err.code, err.message, err.params], default=repr))
                raise
            except Exception as err:
                digest.update(msgpack.packb([name, "crash", type(err).__name__, str(err)]))
                raise
            digest.update(msgpack.packb([name, out], default=repr))
            return out
        return recorded


def walk_digest(game: str, games: int, tries: int, options: list[dict]) -> tuple[str, int]:
    """The digest of every answer this tree's rules give along the walk, and its number of steps."""
    spec = REGISTRY[game]
    digest = hashlib.blake2b(digest_size=16)
    rules = Recorder(spec.rules, digest)
    steps = 0
    seats = range(spec.min_seats, spec.max_seats + 1)
    for g in range(games):
        steps += play(game, rules, rules, seats[g % len(seats)], 1000 + g, options[g % len(options)], tries, Counter())
    return digest.hexdigest(), steps


def whole_tree(args: argparse.Namespace) -> None:
    """Run the walk here and in ``git archive``'s copy of ``args.ref``; their digests must be equal."""
    tmp = Path(tempfile.mkdtemp(prefix="rules_identity_"))
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.ref], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
        (tmp / "tools").mkdir(exist_ok=True)
        shutil.copy(__file__, tmp / "tools" / "rules_identity.py")  # this walk, over that tree's shared/
        cmd = ["tools/rules_identity.py", args.game, "--digest", "--games", str(args.games),
               "--wrong", str(args.wrong), "--options", *map(json.dumps, args.options)]
        outs = [subprocess.run([sys.executable, *cmd], cwd=root, check=True, capture_output=True,
                               text=True).stdout.split()[-2:] for root in (ROOT, tmp)]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    assert outs[0] == outs[1], f"the whole tree at {args.ref} answers differently: digests {outs}"
    print(f"identity ok (whole tree): {args.game} vs {args.ref}, {args.games} games, {outs[0][1]} steps, "
          f"digest {outs[0][0]}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(REGISTRY))
    ap.add_argument("--ref", default="main")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--wrong", type=int, default=2, help="refused tries per step")
    ap.add_argument("--options", type=json.loads, nargs="*", default=[{}], help="option sets (JSON objects)")
    ap.add_argument("--whole-tree", action="store_true", help="compare the whole repository at --ref")
    ap.add_argument("--digest", action="store_true", help="print this tree's digest of the walk (for --whole-tree)")
    args = ap.parse_args(argv)
    if args.whole_tree:
        return whole_tree(args)
    if args.digest:
        hexdigest, steps = walk_digest(args.game, args.games, args.wrong, args.options)
        print(hexdigest, steps)
        return
    spec = REGISTRY[args.game]
    old, new = rules_at(args.game, args.ref), spec.rules
    codes: Counter = Counter()
    steps = 0
    seats = range(spec.min_seats, spec.max_seats + 1)
    for g in range(args.games):
        options = args.options[g % len(args.options)]
        steps += play(args.game, old, new, seats[g % len(seats)], 1000 + g, options, args.wrong, codes)
    print(f"identity ok: {args.game} vs {args.ref}, {args.games} games, {steps} steps, tries {dict(codes)}")


if __name__ == "__main__":
    main()
