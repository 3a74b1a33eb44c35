"""Child processes the benches and tools start (a server, the app): stopped the one way."""
from __future__ import annotations

import subprocess


def stop(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """Ask ``proc`` to end (SIGTERM), wait up to ``timeout`` seconds, then kill it."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
