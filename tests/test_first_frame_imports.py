"""The launcher's first frame imports only what it shows: not pygame-gui, the network session, the protocol's
encoders, the match, the server nor another scene's module (they load when first needed; bench/idle.py
measures the time to the first frame). Run in a fresh interpreter: this test process has imported them all."""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
from houkago.cli import build_parser
from client import app as app_mod
from client import modes
app = app_mod.App(build_parser().parse_args(["--size", "1280x720", "--lang", "en", *sys.argv[1:]]))
modes.start(app, app.args)
app.frame(0.016)
print(json.dumps({"top": app.top.name, "modules": sorted(sys.modules)}))
app.shutdown()
"""

NOT_BEFORE_FIRST_FRAME = ("pygame_gui", "client.gui", "client.net", "client.match", "client.services",
                          "msgspec", "msgpack", "server", "client.scenes.table", "client.scenes.lobby",
                          "client.tables.fate_votes", "client.tables.mind_swap", "client.tables.school_mystery",
                          # the registry lists games without their rules; school_mystery's content (and its
                          # user packs) is loaded only when a pack file is there to list; OpenSSL with secrets
                          "shared.games.fate_votes.rules", "shared.games.mind_swap.rules",
                          "shared.games.school_mystery.rules", "shared.games.school_mystery.campaign",
                          "assets.loaders.school_mystery", "assets.loaders.packs", "client.tables.base", "secrets",
                          "assets.loaders.rules_book",  # (has_rules looks for the file only)
                          "zipfile")  # (importlib.resources' readers: pygame's icon is loaded by path)


def _first_frame(*argv: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_a_pass_and_play_first_frame_is_drawn_before_the_server_starts() -> None:
    """``houkago play``: the status scene is on screen before the local server (asyncio, the journal, the
    rules' setup) and the network session are loaded; it starts them on its next update."""
    out = _first_frame("play", "fate_votes", "--bots", "3", "--seed", "7")
    assert out["top"] == "play_connect"
    loaded = [m for m in out["modules"] if m.split(".")[0] in ("server", "asyncio") or m == "client.net"]
    assert loaded == [], f"imported before the first frame: {loaded}"


def test_the_launchers_first_frame_loads_no_gui_network_server_or_table() -> None:
    out = _first_frame()
    assert out["top"] == "launcher"
    loaded = [m for m in out["modules"] if any(m == name or m.startswith(name + ".")
                                                for name in NOT_BEFORE_FIRST_FRAME)]
    assert loaded == [], f"imported before the launcher's first frame: {loaded}"


def test_every_scene_class_is_registered_under_its_name() -> None:
    """The registry lists scenes as text (imported on first use): a new scene class with a name must be in it."""
    from client.scenes.registry import WHERE

    named: dict[str, str] = {}
    for path in sorted((ROOT / "client").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in tree.body:
            if not isinstance(node, ast.ClassDef) or not node.name.endswith("Scene"):
                continue
            for item in node.body:
                if (isinstance(item, ast.Assign) and [getattr(t, "id", None) for t in item.targets] == ["name"]
                        and isinstance(item.value, ast.Constant)):
                    named[item.value.value] = f"{module}:{node.name}"
    bases = {"scene": "client.scenes.base:Scene", "connecting": "client.scenes.connecting:StatusScene"}  # not shown
    assert named == {**WHERE, **bases}
