"""The whole app plays a mind_swap game with four bots in the window and exits 0."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from client.tables import mind_swap as MS
seen = {"snapshots": 0, "events": 0, "draws": 0, "over": False, "pairs_max": 0}
orig_snap, orig_events, orig_draw = MS.MindSwapTable.set_snapshot, MS.MindSwapTable.push_events, MS.MindSwapTable.draw
def snap(self, view, legal, sid):
    seen["snapshots"] += 1
    seen["over"] = view.get("phase") == "over"
    seen["pairs_max"] = max(seen["pairs_max"], len(view.get("pairs") or []))
    return orig_snap(self, view, legal, sid)
def events(self, evs):
    seen["events"] += len(evs)
    return orig_events(self, evs)
def draw(self, surface, rect):
    seen["draws"] += 1
    return orig_draw(self, surface, rect)
MS.MindSwapTable.set_snapshot, MS.MindSwapTable.push_events, MS.MindSwapTable.draw = snap, events, draw
from houkago.cli import main
try:
    rc = main(sys.argv[2:])
except SystemExit as exc:
    rc = exc.code
print(json.dumps(dict(seen, rc=rc)))
sys.exit(rc or 0)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_houkago_play_mind_swap_until_over_exits_0():
    cmd = [sys.executable, "-m", "houkago", "play", "mind_swap", "--players", "4", "--bots", "4", "--until-over",
           "--seed", "5"]
    proc = subprocess.run(cmd, check=False, cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_the_game_is_drawn_by_the_mind_swap_table_to_the_end():
    args = ["play", "mind_swap", "--players", "4", "--bots", "4", "--until-over", "--seed", "9"]
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), *args], check=False, cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["over"], seen  # the last snapshot the table got is the finished game
    assert seen["draws"] >= 1 and seen["events"] > 20 and seen["snapshots"] > 5
