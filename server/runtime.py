"""Running a server: the coroutine both entry points use, and :class:`ServerThread`.

``ServerThread`` is the embeddable form the client's Host and pass-and-play modes
use: the asyncio server runs in a daemon thread on its own event loop::

    srv = ServerThread()            # 127.0.0.1, a free port, a temporary journal
    port = srv.start()              # returns once it is listening
    ...
    srv.stop()                      # clean shutdown; the temporary folder is removed
"""
from __future__ import annotations

import asyncio
import logging
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from houkago import paths
from server.hub import Hub
from server.limits import Limits
from server.net import MAX_OUTBUF, Server
from server.recovery import close_journal, open_journal
from shared.bots import install_clock

log = logging.getLogger("houkago.server")

JOURNAL_FILE = "journal.sqlite3"


def default_data_dir() -> Path:
    """The platform's per-user data folder (``houkago.paths``; on Linux ``$XDG_DATA_HOME/houkago``)."""
    return paths.data_dir()


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 0
    data_dir: Path | None = None
    grace: float = 60.0
    discovery: bool = False
    max_outbuf: int = MAX_OUTBUF
    server_name: str | None = None
    limits: Limits | None = None


async def serve(cfg: ServerConfig, stop: asyncio.Event, on_ready: Callable[[int], None],
                on_hub: Callable[[Hub], None] | None = None) -> None:
    """Open the journal, restore tables, listen, announce; run until ``stop`` is set. ``on_hub`` gets the hub
    (tests read it; only the server's thread may change it)."""
    assert cfg.data_dir is not None
    journal = open_journal(cfg.data_dir / JOURNAL_FILE)
    install_clock(time.perf_counter)  # search bots stop at their time cap: a bot move never stalls a table
    hub = Hub(journal, grace=cfg.grace, server_name=cfg.server_name, limits=cfg.limits)
    if on_hub is not None:
        on_hub(hub)
    loop = asyncio.get_running_loop()
    restored = hub.restore(loop.time())
    if restored:
        log.info("restored %d unfinished tables from %s", restored, journal.path)
    server = Server(hub, max_outbuf=cfg.max_outbuf)
    announcer = None
    try:
        port = await server.listen(cfg.host, cfg.port)
        if cfg.discovery:
            from server.discovery import Announcer
            announcer = Announcer(port, name=hub.server_name)
            announcer.start()
        on_ready(port)
        await stop.wait()
    finally:
        if announcer is not None:
            announcer.stop()
        await server.close()
        close_journal(journal)


class ServerThread:
    """A whole server in a daemon thread (for the client's Host and pass-and-play)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, data_dir: Path | None = None,
                 grace: float = 60.0, discovery: bool = False, max_outbuf: int = MAX_OUTBUF,
                 limits: Limits | None = None) -> None:
        self._temp: str | None = None
        if data_dir is None:
            self._temp = tempfile.mkdtemp(prefix="houkago-server-")
            data_dir = Path(self._temp)
        self.config = ServerConfig(host=host, port=port, data_dir=Path(data_dir), grace=grace,
                                   discovery=discovery, max_outbuf=max_outbuf, limits=limits)
        self.port: int | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.hub: Hub | None = None  # the running server's hub (tests read it; the server's thread changes it)

    def start(self, timeout: float = 30.0) -> int:
        """Start listening; returns the bound port (raises if the server could not start)."""
        self._thread = threading.Thread(target=self._run, name="houkago-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the server did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the server could not start: {self._error}") from self._error
        assert self.port is not None
        return self.port

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            await serve(self.config, self._stop, self._on_ready, self._on_hub)

        try:
            asyncio.run(main())
        except BaseException as exc:  # reported to start() or logged
            self._error = exc
            if self._ready.is_set():
                log.exception("server thread ended with an error")
        finally:
            self._ready.set()

    def _on_hub(self, hub: Hub) -> None:
        self.hub = hub

    def _on_ready(self, port: int) -> None:
        self.port = port
        self._ready.set()

    def stop(self, timeout: float = 10.0) -> None:
        """Shut down cleanly and wait for the thread; removes a temporary data folder."""
        if self._loop is not None and self._stop is not None and self._thread and self._thread.is_alive():
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
