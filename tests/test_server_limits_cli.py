"""``houkago server --limit NAME=VALUE``: an operator changes one fair-share limit (server/limits.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from server.limits import Limits, parse_limits

ROOT = Path(__file__).resolve().parent.parent


def test_limits_are_read_as_their_defaults_types() -> None:
    limits = parse_limits(["tables_per_conn=3", "hello_timeout=2.5", "trust_loopback=false", "lobby_idle = 60"])
    assert limits == Limits(tables_per_conn=3, hello_timeout=2.5, trust_loopback=False, lobby_idle=60.0)
    assert parse_limits([]) == Limits()
    for bad, says in (("nope=1", "NAME=VALUE"), ("tables_per_conn", "NAME=VALUE"), ("tables_per_conn=x", "a whole number"),
                      ("hello_timeout=soon", "a number"), ("trust_loopback=maybe", "true or false"), ("max_connections=-1", "negative")):
        with pytest.raises(ValueError, match=says):
            parse_limits([bad])


def test_a_bad_limit_stops_the_server_with_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "houkago", "server", "--data", str(tmp_path), "--no-discovery",
                          "--port", "0", "--limit", "tables_per_conn=many"], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120, check=False)
    assert run.returncode == 2 and "tables_per_conn takes a whole number" in run.stderr
    assert "Traceback" not in run.stderr
