"""bench.procs.stop: a child that ends on SIGTERM ends; one that ignores it is killed after the wait."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from bench import procs

STUBBORN = ("import signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            "print('ready', flush=True); time.sleep(60)")


def _start(code: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def test_a_child_that_ends_on_sigterm_is_stopped() -> None:
    proc = _start("import time; print('ready', flush=True); time.sleep(60)")
    procs.stop(proc, timeout=30)
    assert proc.returncode is not None and proc.returncode != 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM cannot be ignored on Windows")
def test_a_child_that_ignores_sigterm_is_killed_after_the_wait() -> None:
    proc = _start(STUBBORN)
    began = time.monotonic()
    procs.stop(proc, timeout=0.5)
    assert proc.returncode is not None and time.monotonic() - began < 30
