"""The suite's leftover check (tests/conftest.py ``no_leftovers``) sees every child process of the test
process until it is reaped: one started here, one started by another thread (running, then ended), one that
has exited but is not reaped — the same set as scanning every process's parent."""
from __future__ import annotations

import subprocess
import sys
import threading

import pytest
from conftest import _children, _children_by_scan
from waiting import wait_until

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the check reads /proc")


def _sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def test_a_child_is_seen_until_it_is_reaped() -> None:
    before = _children()
    child = _sleeper()
    try:
        assert _children() - before == {child.pid}
        assert _children() == _children_by_scan()
    finally:
        child.communicate()  # it exits (stdin closed) and is reaped
    assert child.pid not in _children()


def test_an_exited_child_not_yet_reaped_is_seen() -> None:
    child = _sleeper()
    assert child.stdin is not None
    child.stdin.close()
    wait_until(lambda: _state(child.pid) == "Z", "the child to exit (a zombie: exited, not reaped)")
    assert child.pid in _children()
    child.wait()
    assert child.pid not in _children()


def test_a_child_of_another_thread_is_seen_while_the_thread_runs_and_after_it_ended() -> None:
    started: list[subprocess.Popen[bytes]] = []
    done = threading.Event()

    def start_and_wait() -> None:
        started.append(_sleeper())
        done.wait()

    thread = threading.Thread(target=start_and_wait)
    thread.start()
    try:
        wait_until(lambda: started, "the thread to start its child")
        assert started[0].pid in _children()
        assert _children() == _children_by_scan()
        done.set()
        thread.join()
        assert started[0].pid in _children()
        assert _children() == _children_by_scan()
    finally:
        done.set()
        thread.join()
        if started:
            started[0].communicate()


def test_a_child_is_seen_while_threads_come_and_go() -> None:
    child = _sleeper()
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            t = threading.Thread(target=lambda: None)
            t.start()
            t.join()

    churner = threading.Thread(target=churn)
    churner.start()
    try:
        for _ in range(50):
            assert child.pid in _children()
    finally:
        stop.set()
        churner.join()
        child.communicate()
