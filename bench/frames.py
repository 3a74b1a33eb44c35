"""Frame cost (update + draw) of the busiest table scenes, on the dummy video driver.

Each entry of ``SCENES`` is ``name -> builder(ctx) -> TableView`` (a table ready to animate);
other tables add theirs with :func:`register`. ``--walk`` measures every scene of the layout walk
(``tools/layout_walk.py``: every app scene and every table phase) at 1920×1080 instead.
Prints one JSON line last: ``[{"scene", "size", "median_ms", "p99_ms", "cpu_median_ms", "cpu_p99_ms",
"load"}, ...]`` — ``load`` is the machine's 1-minute load average when the scene was measured (wall
times on a loaded machine include waiting for a CPU; the cpu_* figures do not).
Usage: ``python3 bench/frames.py [--frames N] [--scene NAME] [--walk]``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

Builder = Callable[[Any], Any]
SIZES = ((1920, 1080), (3840, 2160))


def _fv_reveal(ctx: Any) -> Any:
    from bench import fv_scenes
    return fv_scenes.final_reveal_scene(ctx, n=12, seat=0, progress=0.5)


def _fv_round(ctx: Any) -> Any:
    from bench import fv_scenes
    return fv_scenes.round_scene(ctx, n=12)


def _sm_roll(ctx: Any) -> Any:
    from bench import sm_scenes
    return sm_scenes.busiest(ctx)


def _ms_busy_map(ctx: Any) -> Any:
    from bench import ms_scenes
    return ms_scenes.busy_map_scene(ctx)


SCENES: dict[str, Builder] = {
    "fate_votes_reveal_12p": _fv_reveal,
    "fate_votes_round_12p": _fv_round,
    "school_mystery_roll_4p": _sm_roll,
    "mind_swap_16_students_dice": _ms_busy_map,
}


def register(name: str, builder: Builder) -> None:
    """Add a scene (other tables' benches call this before :func:`run`)."""
    SCENES[name] = builder


def measure(name: str, size: tuple[int, int], frames: int, scenes: dict[str, Builder] | None = None
            ) -> dict[str, Any]:
    from client.kit.headless import HeadlessContext

    scenes = scenes or SCENES
    screen = pygame.display.set_mode(size)
    ctx = HeadlessContext("ja", unit=size[1] / 54)
    ctx.window, ctx.text_scale = size, 1.0  # type: ignore[attr-defined]  # (the walk's app scenes read them)
    table = scenes[name](ctx)
    screen = pygame.display.get_surface() or screen  # an app scene opens its own window
    rect = screen.get_rect()
    if hasattr(table, "set_rect"):
        table.set_rect(rect)
    for _ in range(10):  # warm the caches
        table.update(1 / 60)
        table.draw(screen, rect)
    draws_itself = hasattr(table, "app")  # a walk app scene: its update is the app's whole frame (draw, flip)
    times, cpu = [], []
    for i in range(frames):
        if name.startswith("fate_votes_reveal") and not table.busy():  # keep it mid-reveal
            table = scenes[name](ctx)
            table.update(1 / 60)
            table.draw(screen, rect)
        mx, my = (rect.w * (0.3 + 0.4 * (i % 50) / 50), rect.h * 0.85)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(mx), int(my)), rel=(1, 0), buttons=(0, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        for ev in pygame.event.get():
            if hasattr(table, "handle_event"):
                table.handle_event(ev)
        table.update(1 / 60)
        if not draws_itself:
            table.draw(screen, rect)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return {"scene": name, "size": f"{size[0]}x{size[1]}", "median_ms": round(statistics.median(times), 2),
            "p99_ms": _p99(times), "cpu_median_ms": round(statistics.median(cpu), 2), "cpu_p99_ms": _p99(cpu),
            "load": round(os.getloadavg()[0], 2)}


def _p99(values: list[float]) -> float:
    """99th percentile (wall time includes waiting for the CPU on a shared machine; cpu_* does not)."""
    s = sorted(values)
    return round(s[min(len(s) - 1, int(len(s) * 0.99))], 2)


def run(frames: int = 300, only: str | None = None) -> list[dict[str, Any]]:
    pygame.init()
    out = []
    for name in SCENES:
        if only and name != only:
            continue
        for size in SIZES:
            out.append(measure(name, size, frames))
            print(json.dumps(out[-1]), file=sys.stderr)
    return out


def run_walk(frames: int = 60, only: str | None = None) -> list[dict[str, Any]]:
    """Every layout-walk scene at 1920×1080 (ja)."""
    from tools import layout_walk

    pygame.init()
    layout_walk._load_scenes()
    out = []
    try:
        for name, builder in layout_walk.SCENES.items():
            if only and name != only:
                continue
            out.append(measure(name, (1920, 1080), frames, {name: builder}))
            print(json.dumps(out[-1]), file=sys.stderr)
    finally:
        layout_walk.AppScene._apps.clear()
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--scene", default=None)
    ap.add_argument("--walk", action="store_true", help="every scene of the layout walk at 1920x1080")
    args = ap.parse_args()
    print(json.dumps(run_walk(args.frames, args.scene) if args.walk else run(args.frames, args.scene)))
