"""Each benchmark script starts as a script (``python bench/X.py``: its own path set-up and imports) and answers
--help; what the scripts measure is tested in-process on tiny inputs (tests/test_bench_*.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p.name for p in (ROOT / "bench").glob("*.py")
                 if 'if __name__ == "__main__":' in p.read_text(encoding="utf-8"))


def test_the_benchmarks_are_found() -> None:
    assert {"rules.py", "server.py", "echo.py", "idle.py", "instructions.py", "paired.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_script_starts_and_says_how_to_use_it(script: str, tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "bench" / script), "--help"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "usage:" in run.stdout
