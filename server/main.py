"""``houkago server``: the standalone authoritative server."""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sqlite3
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from server.discovery import lan_addresses
from server.journal import JournalError
from server.limits import parse_limits
from server.recovery import backup_journal, check_journal
from server.runtime import JOURNAL_FILE, ServerConfig, default_data_dir, serve

log = logging.getLogger("houkago.server")


def event_loop_runner(kind: str) -> Callable[[Coroutine[Any, Any, None]], None]:
    """``asyncio.run``, or ``uvloop.run`` for ``uvloop`` (``auto``: when it is installed). uvloop is an
    optional extra (``pip install 'houkago[fast]'``): the server runs the same on either loop."""
    if kind in ("uvloop", "auto"):
        try:
            import uvloop
        except ImportError:
            if kind == "uvloop":
                raise SystemExit("--loop uvloop: uvloop is not installed (pip install 'houkago[fast]')") from None
        else:
            log.info("event loop: uvloop %s", uvloop.__version__)
            return uvloop.run
    return asyncio.run


GC_YOUNG = 10_000  # container allocations between young collections (Python's default: 700)


def tune_gc() -> None:
    """For a long-running server process: what is alive once the server listens (modules, content,
    restored tables) is moved out of the collector's way for good (``gc.freeze``), and young collections
    run every ``GC_YOUNG`` net container allocations instead of every 700. A move allocates dozens of
    short-lived containers that die within the tick; at 700 the collector ran every few moves, each time
    walking the tables' live states (cost per move growing with the number of tables). Reference cycles
    are still collected, only less often."""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, older, oldest)


def main(args: argparse.Namespace) -> int:
    logging.basicConfig(level=getattr(logging, str(args.log_level).upper(), logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    if getattr(args, "check", None):
        healthy, lines = check_journal(Path(args.check) / JOURNAL_FILE)
        print("\n".join(lines), flush=True)
        return 0 if healthy else 1
    data_dir = Path(args.data) if args.data else default_data_dir()
    if getattr(args, "backup", None):
        try:
            backup_journal(data_dir / JOURNAL_FILE, Path(args.backup))
        except (OSError, sqlite3.Error) as exc:
            log.error("backup failed: %s", exc)
            return 1
        print(f"journal {data_dir / JOURNAL_FILE} backed up to {args.backup}", flush=True)
        return 0
    try:
        limits = parse_limits(getattr(args, "limit", None) or [])
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    cfg = ServerConfig(host=args.host, port=args.port, data_dir=data_dir, grace=args.grace,
                       discovery=not args.no_discovery, limits=limits)

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass

        def ready(port: int) -> None:
            tune_gc()
            log.info("journal: %s", data_dir)
            print(f"houkago server listening on {cfg.host}:{port}", flush=True)
            if cfg.host in ("0.0.0.0", ""):
                addrs = lan_addresses()
                if addrs:
                    print("players can type one of: " + ", ".join(f"{a}:{port}" for a in addrs), flush=True)
                else:
                    print(f"no LAN address found; players on this machine can use 127.0.0.1:{port}", flush=True)

        await serve(cfg, stop, ready)

    try:
        event_loop_runner(getattr(args, "loop", "asyncio"))(run())
    except (OSError, JournalError) as exc:
        log.error("cannot start the server: %s", exc)
        return 1
    return 0
