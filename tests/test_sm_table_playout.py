"""`houkago play school_mystery --players 4 --bots 4 --until-over` plays a session to the article."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(300)
def test_houkago_play_school_mystery_with_bots_until_over(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    proc = subprocess.run([sys.executable, "-m", "houkago", "play", "school_mystery", "--players", "4", "--bots", "4",
                           "--until-over", "--screenshot-dir", str(tmp_path / "shots")],
                          check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=280)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    shots = sorted(p.name for p in (tmp_path / "shots").glob("*.png"))
    assert any("table" in name for name in shots), shots
