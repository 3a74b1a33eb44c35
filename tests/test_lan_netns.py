"""A LAN party across network namespaces: one server, two clients and the table display, each in its own
namespace linked to the server's by a veth pair; one client's link is taken down mid-turn and brought back.

Runs only as root where ``ip netns`` works (skipped otherwise). The namespaces, links and processes are
made by the test and removed by it; traffic stays inside them (10.231.x.0/30 addresses that exist only
there). The timings go to the log (``-s`` shows them) and to ``netns_timings.json`` in the test's tmp_path.
"""
from __future__ import annotations

import json
import os
import queue
import secrets
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GRACE = 6.0
DOWN_FOR = 18.0  # seconds the player's link stays down (past the silence and the grace)


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def _netns_usable() -> bool:
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("ip") is None:
        return False
    probe = f"hkp{secrets.token_hex(3)}"
    try:
        _ip("netns", "add", probe)
        _ip("netns", "del", probe)
        return True
    except (subprocess.SubprocessError, OSError):
        return False


pytestmark = [pytest.mark.slow, pytest.mark.skipif(not _netns_usable(), reason="needs root and `ip netns`")]


class Lan:
    """A server namespace and one namespace per machine, each joined to the server's by a veth pair."""

    def __init__(self, machines: list[str]) -> None:
        tag = secrets.token_hex(2)
        self.server = f"hks{tag}"
        self.ns = {m: f"hk{m[0]}{tag}" for m in machines}
        self.links: dict[str, str] = {}  # machine -> its end of the veth (inside its namespace)
        self.server_ip: dict[str, str] = {}  # machine -> the server's address on its link
        self.made: list[str] = []
        try:
            self._make(machines, tag)
        except BaseException:
            self.remove()  # nothing is left behind by a half-made LAN
            raise

    def _make(self, machines: list[str], tag: str) -> None:
        _ip("netns", "add", self.server)
        self.made.append(self.server)
        _ip("-n", self.server, "link", "set", "lo", "up")
        for i, m in enumerate(machines, 1):
            ns = self.ns[m]
            _ip("netns", "add", ns)
            self.made.append(ns)
            _ip("-n", ns, "link", "set", "lo", "up")
            near, far = f"hkv{i}{tag}s", f"hkv{i}{tag}c"
            _ip("-n", self.server, "link", "add", near, "type", "veth", "peer", "name", far, "netns", ns)
            _ip("-n", self.server, "addr", "add", f"10.231.{i}.1/30", "dev", near)
            _ip("-n", ns, "addr", "add", f"10.231.{i}.2/30", "dev", far)
            _ip("-n", self.server, "link", "set", near, "up")
            _ip("-n", ns, "link", "set", far, "up")
            self.links[m] = far
            self.server_ip[m] = f"10.231.{i}.1"

    def link(self, machine: str, up: bool) -> None:
        _ip("-n", self.ns[machine], "link", "set", self.links[machine], "up" if up else "down")

    def remove(self) -> None:
        for ns in reversed(self.made):  # deleting a namespace deletes its veth ends too
            subprocess.run(["ip", "netns", "del", ns], check=False, capture_output=True, timeout=10)


class Agent:
    """A process in a namespace whose JSON lines are read on a thread."""

    def __init__(self, ns: str, *argv: str, env: dict[str, str] | None = None) -> None:
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        self.proc = subprocess.Popen(["ip", "netns", "exec", ns, *argv], cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True,
                                     env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                continue

    def wait(self, pred: Any, timeout: float, what: str) -> dict[str, Any]:
        for m in self.seen:
            if pred(m):
                return m
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                m = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            self.seen.append(m)
            if pred(m):
                return m
        raise AssertionError(f"gave up after {timeout:g} s waiting for {what}; saw {self.seen[-8:]}")

    def since(self, at: float, pred: Any, timeout: float, what: str) -> dict[str, Any]:
        return self.wait(lambda m: m["at"] >= at and pred(m), timeout, what)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def test_a_link_down_mid_turn_and_back(tmp_path: Path) -> None:
    lan = Lan(["aiko", "host", "display"])
    agents: list[Agent] = []
    py, agent = sys.executable, str(HERE / "netns_agent.py")
    try:
        server = Agent(lan.server, py, "-m", "houkago", "server", "--host", "0.0.0.0", "--port", "7420",
                       "--no-discovery", "--data", str(tmp_path / "data"), "--grace", str(GRACE))
        agents.append(server)
        host = Agent(lan.ns["host"], py, agent, "host", lan.server_ip["host"], "7420")
        agents.append(host)
        table = host.wait(lambda m: m["kind"] == "table", 60, "the host's table")["table"]
        display = Agent(lan.ns["display"], py, agent, "display", lan.server_ip["display"], "7420", str(tmp_path))
        agents.append(display)
        aiko = Agent(lan.ns["aiko"], py, agent, "player", lan.server_ip["aiko"], "7420", table)
        agents.append(aiko)
        aiko.wait(lambda m: m["kind"] == "joined", 60, "Aiko's seat")
        display.wait(lambda m: m["kind"] == "display" and m["table"] == table and m["scene"] == "table", 60,
                     "the display to watch the table")
        turn = aiko.wait(lambda m: m["kind"] == "snapshot" and m["legal"], 60, "Aiko's turn")

        down = time.time()
        lan.link("aiko", False)
        away = host.since(down, lambda m: m["kind"] == "seat0" and not m["connected"], 30, "seat 0 away")
        tv_away = display.since(down, lambda m: m["kind"] == "display" and "away" in (m["seat0"] or ""), 30,
                                "the display to show seat 0 away")
        client_saw = aiko.since(down, lambda m: m["kind"] == "net" and m["state"] in ("down", "failed"), 30,
                                "Aiko's client to notice the dead link")
        stand_in = host.since(down, lambda m: m["kind"] == "seat0" and m["bot"], 30, "the stand-in")
        moved = host.since(stand_in["at"], lambda m: m["kind"] == "sid" and m["sid"] > turn["sid"] + 1, 60,
                           "the game to go on past Aiko's turn")
        time.sleep(max(0.0, down + DOWN_FOR - time.time()))
        up = time.time()
        lan.link("aiko", True)
        back = host.since(up, lambda m: m["kind"] == "seat0" and m["connected"] and not m["bot"], 60,
                          "Aiko back in her seat")
        aiko_up = aiko.since(up, lambda m: m["kind"] == "net" and m["state"] == "up", 60, "Aiko's client up")
        tv_back = display.since(up, lambda m: m["kind"] == "display" and m["seat0"] == "Aiko", 30,
                                "the display to show Aiko again")
        timings = {
            "server_marks_away_s": round(away["at"] - down, 2),
            "display_shows_away_s": round(tv_away["at"] - down, 2),
            "client_notices_s": round(client_saw["at"] - down, 2),
            "stand_in_after_down_s": round(stand_in["at"] - down, 2),
            "stand_in_after_away_s": round(stand_in["at"] - away["at"], 2),
            "game_moved_on_s": round(moved["at"] - down, 2),
            "grace_s": GRACE,
            "link_down_for_s": round(up - down, 2),
            "client_reconnected_after_up_s": round(aiko_up["at"] - up, 2),
            "seat_back_after_up_s": round(back["at"] - up, 2),
            "display_name_back_after_up_s": round(tv_back["at"] - up, 2),
        }
        (tmp_path / "netns_timings.json").write_text(json.dumps(timings, indent=1))
        print("netns timings:", json.dumps(timings))
        assert timings["server_marks_away_s"] <= 10.0 and timings["client_notices_s"] <= 10.0
        assert timings["display_shows_away_s"] <= 11.0
        assert timings["stand_in_after_away_s"] >= GRACE - 0.5
        assert back["name"] == "Aiko"
    finally:
        for a in reversed(agents):
            a.stop()
        lan.remove()
