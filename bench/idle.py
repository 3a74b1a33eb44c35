"""Idle CPU of each client scene under a real X server, and the time to the first frame.

Each scene runs in its own ``houkago`` client process (the real app loop, the real X11 video
driver, the machine's own audio driver); a few seconds after its first frame the CPU time the process uses over a
few seconds is read from ``/proc`` (as % of one core). The first-frame time is from the
process start to the first ``pygame.display.flip``; ``first_frame_cpu_ms`` is the CPU time the process
used until then (all its threads: on a shared, loaded machine the wall time is mostly waiting for a core).
Xvfb is started (and installed with apt-get if missing) when no ``$DISPLAY`` is set. Prints one JSON line last:
``{"scenes": {name: {"cpu_pct", "first_frame_ms", "first_frame_cpu_ms", "stderr_lines"}}, "root", ...}``.

Usage: ``python3 bench/idle.py [--root DIR] [--scene NAME ...] [--warmup S] [--measure S]``
(``--root`` measures another checkout of the project, e.g. the main branch before a change).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# name -> (houkago arguments, scene to push on top after the mode started, its parameters)
SCENES: dict[str, tuple[list[str], str | None, dict[str, Any]]] = {
    "launcher": ([], None, {}),
    "settings": ([], "settings", {}),
    "setup": ([], "play_setup", {"game": "fate_votes"}),
    "join": ([], "join", {}),
    "lobby": (["host", "fate_votes", "--port", "0"], None, {}),
    "table_fate_votes": (["play", "fate_votes", "--bots", "3", "--seed", "7"], None, {}),
    "table_mind_swap": (["play", "mind_swap", "--bots", "3", "--seed", "7"], None, {}),
    "table_school_mystery": (["play", "school_mystery", "--bots", "3", "--seed", "7"], None, {}),
    "curtain": (["play", "fate_votes", "--players", "4", "--bots", "2", "--seed", "7"], None, {}),
    "display": (["display", "@server"], None, {}),
}

# Scenes whose opening plays longer than --warmup: mind_swap rolls every student's place at the start
# (about 15 s of dice at full show); measuring during it reads the animation, not the idle table.
SETTLE_S: dict[str, float] = {"table_mind_swap": 30.0}

# Runs inside the client process: records the first flip, pushes the extra scene, starts a server for the display.
CHILD = r"""
import os, sys, time, json
t0 = float(os.environ["IDLE_T0"])
sys.path.insert(0, os.environ["IDLE_ROOT"])
import pygame
first = []
_flip = pygame.display.flip
def flip(*a, **k):
    _flip(*a, **k)
    if not first:
        first.append(time.time())
        with open(os.environ["IDLE_OUT"], "w") as fh:
            json.dump({"first_frame_ms": (first[0] - t0) * 1000.0,
                       "first_frame_cpu_ms": time.process_time() * 1000.0}, fh)
pygame.display.flip = flip
from client import modes
argv = json.loads(os.environ["IDLE_ARGV"])
push = json.loads(os.environ["IDLE_PUSH"])
if "@server" in argv:
    from server.runtime import ServerThread
    import tempfile
    srv = ServerThread(host="127.0.0.1", port=0, data_dir=__import__("pathlib").Path(tempfile.mkdtemp()))
    argv[argv.index("@server")] = f"127.0.0.1:{srv.start()}"
if push:
    _start = modes.start
    def start(app, args):
        _start(app, args)
        app.push(push[0], **push[1])
    modes.start = start
from houkago.cli import main
sys.exit(main(argv))
"""


def ensure_display() -> tuple[dict[str, str], subprocess.Popen[bytes] | None]:
    """An X display to use: ``$DISPLAY`` if set, else a fresh Xvfb (installed if missing)."""
    env = dict(os.environ)
    if env.get("DISPLAY"):
        return env, None
    if shutil.which("Xvfb") is None:
        subprocess.run(["apt-get", "install", "-y", "xvfb"], check=True, stdout=subprocess.DEVNULL)
    for n in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            break
        time.sleep(0.05)
    env["DISPLAY"] = f":{n}"
    return env, proc


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(name: str, root: Path, env: dict[str, str], warmup: float, window: float) -> dict[str, Any]:
    argv, push, params = SCENES[name]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "first.json"
        child_env = dict(env)
        # as a player's client starts: a real display and sound, and the compiled modules cached (a first run
        # of a checkout writes them; measure a second)
        for key in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PYTHONDONTWRITEBYTECODE"):
            child_env.pop(key, None)
        child_env.update({
            "IDLE_ROOT": str(root), "IDLE_OUT": str(out), "IDLE_T0": repr(time.time()),
            "IDLE_ARGV": json.dumps(["--size", "1920x1080", "--lang", "en", *argv]),
            "IDLE_PUSH": json.dumps([push, params] if push else None),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", "XDG_CONFIG_HOME": tmp, "XDG_DATA_HOME": tmp,
            "HOME": tmp,
        })
        child_env["IDLE_T0"] = repr(time.time())
        proc = subprocess.Popen([sys.executable, "-c", CHILD], cwd=str(root), env=child_env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            end = time.monotonic() + 90.0
            while not out.exists() and proc.poll() is None and time.monotonic() < end:
                time.sleep(0.05)
            time.sleep(warmup)  # after the first frame: the scene settles (bots play their turns)
            alive = proc.poll() is None
            c0, w0 = (cpu_seconds(proc.pid), time.monotonic()) if alive else (0.0, 0.0)
            time.sleep(window)
            cpu = (cpu_seconds(proc.pid) - c0) / (time.monotonic() - w0) * 100.0 if proc.poll() is None else None
        finally:
            proc.terminate()
            try:
                _, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
        firsts = json.loads(out.read_text()) if out.exists() else {}
        first_ms, first_cpu = firsts.get("first_frame_ms"), firsts.get("first_frame_cpu_ms")
    lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
    return {"cpu_pct": None if cpu is None else round(cpu, 1),
            "first_frame_ms": None if first_ms is None else round(first_ms, 1),
            "first_frame_cpu_ms": None if first_cpu is None else round(first_cpu, 1),
            "stderr_lines": len(lines), "stderr_first": lines[0][:160] if lines else ""}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="project checkout to measure (default: this one)")
    ap.add_argument("--scene", action="append", choices=sorted(SCENES), help="only these scenes")
    ap.add_argument("--warmup", type=float, default=5.0,
                    help="seconds from the first frame to the measurement (bots play, the scene settles)")
    ap.add_argument("--measure", type=float, default=4.0, help="seconds of CPU measurement per scene")
    args = ap.parse_args(argv)
    env, xvfb = ensure_display()
    results: dict[str, Any] = {}
    try:
        for name in args.scene or list(SCENES):
            results[name] = measure(name, args.root.resolve(), env, max(args.warmup, SETTLE_S.get(name, 0.0)),
                                    args.measure)
            print(name, results[name], file=sys.stderr)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    print(json.dumps({"scenes": results, "root": str(args.root), "warmup_s": args.warmup,
                      "measure_s": args.measure}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
