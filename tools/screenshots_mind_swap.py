"""Screenshots of the mind_swap table, reached by playing the real rules with bots.

Run under Xvfb (a real window)::

    xvfb-run -a -s "-screen 0 1920x1080x24" python3 tools/screenshots_mind_swap.py
    xvfb-run -a -s "-screen 0 3840x2160x24" python3 tools/screenshots_mind_swap.py --size 3840x2160 --scenes map

Writes docs/screenshots/mind_swap_<scene>_<lang>.png (``_4k`` is added to the scene name at
3840×2160). Scenes: map (16 students mid-game), zoom, magic (a magic roll in flight),
runaway (the three minds moving), sneeze, display (the table display), final (the scores),
curtain (the app's pass-and-play curtain; needs the app).
"""
from __future__ import annotations

import argparse
import copy
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench import procs
from client.kit.headless import HeadlessContext, LocalGame
from client.tables import mind_swap_fx as FX
from client.tables.mind_swap import MindSwapTable
from shared.rng import Rng

OUT = ROOT / "docs" / "screenshots"
SCENES = ("map", "zoom", "magic", "runaway", "sneeze", "display", "final", "curtain")


class Shooter:
    def __init__(self, size: tuple[int, int], out: Path, text_scale: float = 1.0) -> None:
        self.size = size
        self.out = out
        self.text_scale = text_scale
        self.screen = pygame.display.set_mode(size)
        self.suffix = "_4k" if size[1] >= 2000 else ""
        if text_scale != 1.0:  # e.g. mind_swap_map_720p_150_ja.png
            self.suffix += f"_{size[1]}p_{round(text_scale * 100)}"

    def ctx(self, lang: str, display: bool = False) -> HeadlessContext:
        unit = self.size[1] / 54 * (1.5 if display else 1.0) * self.text_scale
        return HeadlessContext(lang, unit=unit, fast=False, display_mode=display)

    def save(self, table: MindSwapTable, scene: str, lang: str) -> Path:
        self.screen.fill((0, 0, 0))
        table.draw(self.screen, self.screen.get_rect())
        pygame.display.flip()
        path = self.out / f"mind_swap_{scene}{self.suffix}_{lang}.png"
        pygame.image.save(self.screen, str(path))
        print(path)
        return path


# --- driving the rules --------------------------------------------------------------------------
def play_until(seed: int, stop: Callable[[LocalGame], bool], players: int = 4, max_steps: int = 400,
               options: dict[str, Any] | None = None) -> LocalGame | None:
    """Bots play game ``seed`` until ``stop(game)``; None when the game ends first.
    The actions are kept (``game.history``) so a table can be shown the game so far."""
    game = LocalGame("mind_swap", players, seed, options)
    game.history = []  # type: ignore[attr-defined]
    rng = Rng.from_seed(seed * 7 + 1)
    for _ in range(max_steps):
        if stop(game):
            return game
        seat = game.state["turn"]
        legal = game.spec.legal_actions(game.state, seat)
        if game.spec.is_over(game.state):
            return None
        action = game.spec.bots()["sensible"](game.spec.view(game.state, seat), legal, rng)
        game.history.append((seat, action))  # type: ignore[attr-defined]
        game.act(seat, action)
    return None


def find(stop: Callable[[LocalGame], bool], seeds: range = range(1, 300), **kw: Any) -> LocalGame:
    for seed in seeds:
        game = play_until(seed, stop, **kw)
        if game is not None:
            return game
    raise SystemExit("no game reached the wanted scene")


def full_map(game: LocalGame) -> bool:
    s = game.state
    on_map = [b for b in range(2, 32) if s["loc"][b] is not None]
    return (not s["waiting"] and len(on_map) == 16 and s["turn"] == 0 and not s["played"]
            and len({s["loc"][b] for b in on_map}) == 5)


def magic_outcome_next(game: LocalGame, want: str, moved: bool = False) -> bool:
    """The seat to move can cast now and the spell would come out ``want``."""
    action = pick_magic(game)
    if action is None:
        return False
    _, events = game.spec.apply(copy.deepcopy(game.state), game.state["turn"], action)
    outcome = next((e["outcome"] for e in events if e["type"] == "magic"), None)
    if outcome != want:
        return False
    return not moved or any(e["type"] == "minds" and len(e["moves"]) >= 3 for e in events)


def attach(game: LocalGame, ctx: HeadlessContext, seat: int | None) -> MindSwapTable:
    """A table for ``seat`` that has watched the game so far (its log is filled), settled."""
    table = MindSwapTable(ctx, seat)
    screen = pygame.display.get_surface()
    if screen is not None:  # as the app's table scene does: the table knows its rect before it plays
        table.set_rect(screen.get_rect())
    history = getattr(game, "history", [])
    replay = LocalGame("mind_swap", game.state["players"], game.seed, game.options)
    ctx.fast = True
    replay.attach(seat, table, opening=True)
    for s_, action in history:
        replay.act(s_, action)
        table.update(1 / 60)
    ctx.fast = False
    replay.tables.clear()
    game.tables[seat] = table
    table.update(0.0)
    table.skip_animations()
    for _ in range(5):
        table.update(1 / 60)
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(-100, -100), rel=(0, 0), buttons=(0, 0, 0)))
    return table


def run_for(table: MindSwapTable, seconds: float, until: Callable[[], bool] | None = None) -> None:
    t = 0.0
    while t < seconds:
        if until is not None and until():
            return
        table.update(1 / 60)
        t += 1 / 60


def pick_magic(game: LocalGame) -> dict[str, Any] | None:
    """The spell the seat to move would cast: one naming its own pair if it can."""
    s = game.state
    seat = s["turn"]
    magic = [a for a in game.spec.legal_actions(s, seat) if a["type"] == "magic"]
    if not magic:
        return None
    own = s["mind"].index(s["chars"][seat]) if s["chars"][seat] in s["mind"] else -1
    magic.sort(key=lambda a: (own not in (a["a"], a["b"]), a["a"], a["b"]))
    return magic[0]


def cast(game: LocalGame, table_seat: int | None) -> dict[str, Any]:
    action = pick_magic(game)
    assert action is not None
    game.act(game.state["turn"], action)
    return action


# --- scenes ---------------------------------------------------------------------------------------------
def scene_map(sh: Shooter, lang: str) -> None:
    game = find(full_map)
    table = attach(game, sh.ctx(lang), 0)
    # log a few recent happenings: replay nothing, but show the last turns in the log
    sh.save(table, "map", lang)


def scene_zoom(sh: Shooter, lang: str) -> None:
    game = find(full_map)
    table = attach(game, sh.ctx(lang), 0)
    pair = table.model.pair_of_mind(game.state["chars"][0])
    table.set_rect(sh.screen.get_rect())
    table.update(1 / 60)
    node = table.nodes().find(("mind", pair.mind))
    assert node is not None
    pos = node.rect.center
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    run_for(table, 0.3)  # the zoom has faded in
    sh.save(table, "zoom", lang)


def _playing(table: Any, kind: type, past: float) -> bool:
    """The table is playing a ``kind`` effect, ``past`` seconds in."""
    step = table.current_step()
    return isinstance(step, kind) and step.elapsed > past


def scene_magic(sh: Shooter, lang: str) -> None:
    game = find(lambda g: g.state["turn"] == 0 and magic_outcome_next(g, "great"))
    table = attach(game, sh.ctx(lang), 0)
    cast(game, 0)
    run_for(table, 0.45)
    sh.save(table, "magic", lang)


def scene_runaway(sh: Shooter, lang: str) -> None:
    game = find(lambda g: magic_outcome_next(g, "runaway", moved=True))
    seat = game.state["turn"]
    table = attach(game, sh.ctx(lang), seat)
    cast(game, seat)
    # through the dice and the announcement to the marker leaving the cup, then the minds moving
    run_for(table, 6.0, until=lambda: _playing(table, FX.MarkerStep, 0.45))
    sh.save(table, "runaway_marker", lang)
    run_for(table, 6.0, until=lambda: not isinstance(table.current_step(), FX.MarkerStep))
    run_for(table, 0.8)
    sh.save(table, "runaway", lang)


def scene_sneeze(sh: Shooter, lang: str) -> None:
    game = find(lambda g: magic_outcome_next(g, "sneeze"))
    seat = game.state["turn"]
    table = attach(game, sh.ctx(lang), seat)
    cast(game, seat)
    run_for(table, 6.0, until=lambda: _playing(table, FX.SneezeStep, 0.35))
    sh.save(table, "sneeze", lang)


def scene_display(sh: Shooter, lang: str) -> None:
    game = find(lambda g: magic_outcome_next(g, "success") and len(
        [b for b in range(2, 32) if g.state["loc"][b] is not None]) >= 12)
    table = attach(game, sh.ctx(lang, display=True), None)
    cast(game, None)
    run_for(table, 0.5)
    sh.save(table, "display", lang)


def scene_final(sh: Shooter, lang: str) -> None:
    game = LocalGame("mind_swap", 4, 21)
    rng = Rng.from_seed(99)
    table = attach(game, sh.ctx(lang), 0)
    while game.bot_step(rng) is not None:
        table.skip_animations()
    table.skip_animations()
    run_for(table, 1.5)
    sh.save(table, "final", lang)


def scene_curtain(sh: Shooter, lang: str) -> None:
    """The app's pass-and-play curtain (two humans and two bots on one screen)."""
    tmp = Path(tempfile.mkdtemp(prefix="ms_curtain_"))
    w, h = sh.size
    cmd = [sys.executable, "-m", "houkago", "play", "mind_swap", "--players", "4", "--bots", "2", "--seed", "5",
           "--lang", lang, "--size", f"{w}x{h}", "--screenshot-dir", str(tmp)]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 40
        found = None
        while time.time() < deadline and found is None:
            time.sleep(0.5)
            found = next((p for p in sorted(tmp.glob("*.png")) if "curtain" in p.name), None)
        time.sleep(0.5)
    finally:
        procs.stop(proc, 5)
    if found is None:
        print(f"curtain: the app saved no curtain screen ({sorted(p.name for p in tmp.glob('*.png'))})")
        return
    dest = sh.out / f"mind_swap_curtain{sh.suffix}_{lang}.png"
    shutil.copy(found, dest)
    print(dest)
    shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--langs", nargs="+", default=["ja", "en"])
    ap.add_argument("--scenes", nargs="+", default=list(SCENES), choices=SCENES)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--text-scale", type=float, default=1.0, help="the settings' text size, e.g. 1.5 for 150 %%")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    sh = Shooter((w, h), out, args.text_scale)
    fns = {"map": scene_map, "zoom": scene_zoom, "magic": scene_magic, "runaway": scene_runaway,
           "sneeze": scene_sneeze, "display": scene_display, "final": scene_final, "curtain": scene_curtain}
    for lang in args.langs:
        for scene in args.scenes:
            fns[scene](sh, lang)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
