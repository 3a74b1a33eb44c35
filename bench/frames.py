"""Frame cost (update + draw) of the busiest table scenes, on the dummy video driver.

Each entry of ``SCENES`` is ``name -> builder(ctx) -> TableView`` (a table ready to animate);
other tables add theirs with :func:`register`. Prints one JSON line last:
``[{"scene", "size", "median_ms", "p99_ms"}, ...]``.
Usage: ``python3 bench/frames.py [--frames N] [--scene NAME]``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

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


def measure(name: str, size: tuple[int, int], frames: int) -> dict[str, Any]:
    from tests.fakes import FakeCtx
    screen = pygame.display.set_mode(size)
    ctx = FakeCtx(lang="ja", unit=size[1] / 54)
    table = SCENES[name](ctx)
    rect = screen.get_rect()
    for _ in range(10):  # warm the caches
        table.update(1 / 60)
        table.draw(screen, rect)
    times, cpu = [], []
    for i in range(frames):
        if name.startswith("fate_votes_reveal") and not table.busy():  # keep it mid-reveal
            table = SCENES[name](ctx)
            table.update(1 / 60)
            table.draw(screen, rect)
        mx, my = (rect.w * (0.3 + 0.4 * (i % 50) / 50), rect.h * 0.85)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(mx), int(my)), rel=(1, 0), buttons=(0, 0, 0)))
        t0, c0 = time.perf_counter(), time.thread_time()
        for ev in pygame.event.get():
            table.handle_event(ev)
        table.update(1 / 60)
        table.draw(screen, rect)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return {"scene": name, "size": f"{size[0]}x{size[1]}", "median_ms": round(statistics.median(times), 2),
            "p99_ms": _p99(times), "cpu_median_ms": round(statistics.median(cpu), 2), "cpu_p99_ms": _p99(cpu)}


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


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--scene", default=None)
    args = ap.parse_args()
    print(json.dumps(run(args.frames, args.scene)))
