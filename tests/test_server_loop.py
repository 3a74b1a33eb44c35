"""``houkago server --loop``: asyncio by default, uvloop (the optional ``fast`` extra) on request, and
the benchmark server runs the same on either loop."""
from __future__ import annotations

import asyncio
import builtins
import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.main import event_loop_runner

ROOT = Path(__file__).resolve().parent.parent


def _without_uvloop(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def fake_import(name: str, *args, **kwargs):
        if name == "uvloop":
            raise ImportError("no uvloop here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)


def test_asyncio_is_the_default_and_auto_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    assert event_loop_runner("asyncio") is asyncio.run
    _without_uvloop(monkeypatch)
    assert event_loop_runner("auto") is asyncio.run
    with pytest.raises(SystemExit, match="uvloop is not installed"):
        event_loop_runner("uvloop")


@pytest.mark.timeout(120)
def test_the_benchmark_server_on_uvloop() -> None:
    uvloop = pytest.importorskip("uvloop")
    assert event_loop_runner("uvloop") is uvloop.run
    r = subprocess.run([sys.executable, "bench/server.py", "--tables", "2", "--players", "3", "--rounds", "2",
                        "--loop", "uvloop"], check=False, cwd=str(ROOT), capture_output=True, text=True, timeout=100)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["loop"] == "uvloop" and out["moves"] == 2 * 2 * 3
    assert out["checks"]["errors"] == 0 and out["checks"]["journal_complete"] and out["checks"]["only_own_hand"]


def test_the_standalone_server_tunes_its_collector() -> None:
    """``tune_gc`` (run once the server listens): what is alive then is frozen, young collections are rarer."""
    code = ("import gc; from server.main import GC_YOUNG, tune_gc; before = gc.get_threshold(); tune_gc(); "
            "print(before[0] < GC_YOUNG, gc.get_threshold()[0] == GC_YOUNG, gc.get_threshold()[1:] == before[1:], "
            "gc.get_freeze_count() > 1000)")
    r = subprocess.run([sys.executable, "-c", code], check=False, cwd=str(ROOT), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True", "True", "True"]
