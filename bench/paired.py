"""Paired before/after runs of a bench script in two checkouts (a shared machine drifts: alternate, then compare medians).

    python3 bench/paired.py --before /path/to/old/checkout [--after .] [--runs 3] -- server.py --tables 50 --players 6 --rounds 15

Runs ``bench/SCRIPT ARGS`` in the ``--before`` checkout and in the ``--after`` one (default: this
one) alternately, ``--runs`` times each (a fresh process each time, as each script starts its own
server), reads each run's last JSON line, and prints one JSON line last: per checkout the median
of every numeric field (nested ones named with dots), the raw runs, the ratios after/before of the medians, and the
1-minute load average before and after (figures on a loaded machine are relative, not absolute).

With ``--one-driver`` both sides run this checkout's ``bench/server.py`` and only the server comes from
each checkout (``--server-checkout``): the same driver, and figures an older script does not print (the
user/system split) for both.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def run(checkout: Path, script: str, args: list[str], server: Path | None = None) -> dict[str, Any]:
    """One run of ``bench/script`` in ``checkout`` (with ``server``: this checkout's script, that checkout's
    server): its last JSON line."""
    if server is not None:
        checkout, args = HERE, [*args, "--server-checkout", str(server)]
    proc = subprocess.run([sys.executable, str(checkout / "bench" / script), *args], cwd=str(checkout),
                          capture_output=True, text=True, check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        raise SystemExit(f"{checkout}: bench/{script} printed no JSON (exit {proc.returncode}): "
                         f"{proc.stderr.strip()[-400:]}")
    return json.loads(lines[-1])


def flat(x: dict[str, Any], prefix: str = "") -> dict[str, float]:
    """The numeric fields of a JSON object, nested ones named with dots (``games.mind_swap.apply_us_p50``)."""
    out: dict[str, float] = {}
    for k, v in x.items():
        if isinstance(v, dict):
            out.update(flat(v, f"{prefix}{k}."))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out[prefix + k] = v
    return out


def medians(runs: list[dict[str, Any]]) -> dict[str, float]:
    """The median of every numeric field (nested ones too) that every run has."""
    flats = [flat(r) for r in runs]
    return {k: round(statistics.median(f[k] for f in flats), 3) for k in flats[0] if all(k in f for f in flats)}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    rest: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rest = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, type=Path, help="the older checkout (e.g. a git worktree)")
    ap.add_argument("--after", type=Path, default=HERE, help="the newer checkout (default: this one)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--one-driver", action="store_true",
                    help="server.py only: this checkout's driver for both sides, each side's server")
    args = ap.parse_args(argv)
    if not rest or not rest[0].endswith(".py"):
        ap.error("name the bench script after --, e.g. -- server.py --tables 50")
    script, bench_args = rest[0], rest[1:]
    if args.one_driver and script != "server.py":
        ap.error("--one-driver runs bench/server.py (its --server-checkout)")
    load0 = os.getloadavg()[0]
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    for i in range(args.runs):
        order = ("before", "after") if i % 2 == 0 else ("after", "before")
        for side in order:
            checkout = getattr(args, side).resolve()
            runs[side].append(run(checkout, script, bench_args, checkout if args.one_driver else None))
    med = {side: medians(r) for side, r in runs.items()}
    ratio = {k: round(med["after"][k] / med["before"][k], 3) for k in med["after"]
             if k in med["before"] and med["before"][k]}
    print(json.dumps({"bench": "paired", "script": script, "args": bench_args, "runs": args.runs,
                      "before": str(args.before), "after": str(args.after), "one_driver": args.one_driver, "median": med,
                      "after_over_before": ratio, "raw": runs,
                      "load_avg_1m": [round(load0, 2), round(os.getloadavg()[0], 2)]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
