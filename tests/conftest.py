"""Test setup: headless SDL before anything imports pygame; every test isolated from the real home
folder; hypothesis never fails for being slow on a loaded machine; a failed server test shows its log."""
from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Compiled modules are kept (in __pycache__, git-ignored) even where the environment says not to write them
# (PYTHONDONTWRITEBYTECODE, as in some containers): else each xdist worker and every Python subprocess a test
# starts (servers, bots, the app, mypy) compiles the whole project again — with it set, collecting the suite
# took 6.1 s of CPU a worker, 1.5 s with the modules kept. Set here, before the workers start, so they and the
# tests' subprocesses inherit it; bench/idle.py does the same for its measured client.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False
# every server a test starts (in process or a subprocess) checks each frame it sends, and every client session
# each message it gets, against the typed messages of shared.messages (server.net.STRICT_ENV,
# client.wire.STRICT_ENV): a message the doc does not allow fails the test
os.environ.setdefault("HOUKAGO_STRICT_PROTOCOL", "1")

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
for path in (ROOT, TESTS):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import serverlog
from hypothesis import HealthCheck, settings
from waiting import WaitTimeout, wait_until

# A slow example on a busy machine is not a bug: no deadlines, no "too slow" health check.
settings.register_profile("houkago", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("houkago")

HOME_VARS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml's addopts): one worker more than the machine has cores. Many tests spend
    seconds waiting (a server's timeout, a LAN browse, a subprocess starting); with a worker a core, a core
    idles through each wait, with one more the waits of one overlap the work of the others."""
    return (os.cpu_count() or 1) + 1


T = TypeVar("T")


def worker_shares(n: int, workers: int) -> list[int]:
    """How many of ``n`` tests each of ``workers`` xdist workers gets first (worksteal's first split: the
    first worker ``n // workers`` of the list, the next one an equal part of the rest, and so on)."""
    shares = []
    for k in range(workers):
        shares.append(n // (workers - k))
        n -= shares[-1]
    return shares


def long_tests_first(items: list[T], workers: int, is_slow: Callable[[T], bool]) -> list[T]:
    """``items`` in the order that starts each worker on slow tests: worksteal gives every worker a run of
    the list and an idle worker steals from the end of the longest queue, so the slow tests are dealt in
    turn to the head of each worker's run and every queue ends with short ones (a long test started last
    keeps the whole suite waiting for it alone). The same items, each once; the others keep their order."""
    slow = [i for i in items if is_slow(i)]
    fast = [i for i in items if not is_slow(i)]
    out: list[T] = []
    for k, share in enumerate(worker_shares(len(items), workers)):
        mine = slow[k::workers]
        take = max(0, share - len(mine))
        out += mine + fast[:take]
        del fast[:take]
    return out + fast


@pytest.hookimpl(trylast=True)  # after -m/-k have deselected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist, each worker starts on its share of the slow tests (:func:`long_tests_first`)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers > 1:
        items[:] = long_tests_first(items, workers, lambda item: item.get_closest_marker("slow") is not None)


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test (and every subprocess it starts) gets its own empty home and XDG folders, so no test
    reads another's leftovers or writes to the real ``~/.config`` / ``~/.local``."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.delenv("HOUKAGO_EXPORT_DIR", raising=False)
    return home


@pytest.fixture(autouse=True)
def no_bot_clock() -> Iterator[None]:
    """Search bots start every test without a wall clock: a server started by an earlier test installs one
    (``shared.bots.install_clock``, so its bots stop at a time cap), and a later test's bot decisions would
    then depend on how loaded the machine is."""
    from shared.bots import install_clock

    install_clock(None)
    yield
    install_clock(None)


@pytest.fixture(autouse=True)
def server_log_records() -> Iterator[None]:
    """The in-process server's INFO log is captured, so a failed test shows it ("Captured log")."""
    logger = logging.getLogger("houkago")
    before = logger.level
    logger.setLevel(logging.INFO)
    yield
    logger.setLevel(before)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failed test's report carries the log of every server subprocess it started."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for title, text in serverlog.sections():
            report.sections.append((title, text))
    if report.when == "teardown":
        serverlog.forget()


def _children() -> set[int]:
    """Process ids whose parent is this test process (running or not yet reaped): the kernel's lists of each
    of our threads' children (a child stays listed until reaped) — a few small reads, where scanning every
    process's stat took milliseconds, twice a test. Read again if a thread came or went meanwhile (an ending
    thread's children pass to another thread, maybe one already read). Without those lists (a kernel built
    without CONFIG_PROC_CHILDREN) or while threads keep coming and going, the scan."""
    if not _HAS_CHILDREN_LISTS:
        return _children_by_scan()
    for _ in range(20):  # threads coming and going all the time: the scan below, which does not mind them
        tasks = sorted(os.listdir("/proc/self/task"))
        out: set[int] = set()
        for tid in tasks:
            try:
                out.update(int(pid) for pid in Path("/proc/self/task", tid, "children").read_text().split())
            except OSError:
                break  # the thread ended between the listing and the read
        else:
            if sorted(os.listdir("/proc/self/task")) == tasks:
                return out
    return _children_by_scan()


_HAS_CHILDREN_LISTS = Path(f"/proc/self/task/{os.getpid()}/children").exists()


def _children_by_scan() -> set[int]:
    """Process ids whose parent is this test process, found by reading every process's stat."""
    me = str(os.getpid())
    out = set()
    # listdir + read, each guarded: a process may end between the listing and the read (Path.glob's own
    # stat of /proc/<pid>/stat raised ProcessLookupError there once — a flake of this very check)
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            fields = Path("/proc", pid, "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == me:
            out.add(int(pid))
    return out


def _houkago_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("houkago-") and t.is_alive()}


@pytest.fixture(autouse=True)
def no_leftovers() -> Iterator[None]:
    """A test leaves no server/network thread running and no child process unreaped, so no later test
    depends on (or is slowed by) its leftovers. Leftover processes are killed and reaped, then reported."""
    if sys.platform != "linux":
        yield
        return
    threads, children = _houkago_threads(), _children()
    yield
    try:
        wait_until(lambda: not (_houkago_threads() - threads) and not (_children() - children),
                   "the test's threads and child processes to end", interval=0.05)
    except WaitTimeout:
        names = sorted(t.name for t in _houkago_threads() - threads)
        procs = {pid: _cmdline(pid) for pid in _children() - children}
        for pid in procs:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        pytest.fail(f"the test left running: threads {names}, child processes {procs}", pytrace=False)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[:200]
    except OSError:
        return "?"
