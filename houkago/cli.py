"""``houkago`` — one console script, one subcommand per way to use the table.

Each subcommand hands its parsed arguments to the module that owns it:
the client (``client.app``), the server (``server.main``) or the bot runner
(``server.botrunner``). Those modules are imported only when needed, so the
server runs without a display and the client starts without asyncio's server code.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from shared.ports import DEFAULT_PORT

HANDLERS = {
    None: "client.app",
    "play": "client.app",
    "host": "client.app",
    "join": "client.app",
    "display": "client.app",
    "server": "server.main",
    "bots": "server.botrunner",
    "content": "houkago.content",
}


BOT_LEVEL_CHOICES = ("easy", "normal", "strong", "random", "sensible")  # see shared.bots

def _client_options(p: argparse.ArgumentParser, sub: bool = False) -> None:
    """The window options; a subcommand's copy has no defaults, so ``houkago --size WxH play ...``
    keeps the value given before the subcommand (argparse would overwrite it with the subparser's None)."""
    d = {"default": argparse.SUPPRESS} if sub else {}
    p.add_argument("--lang", choices=["ja", "zh", "en"], help="UI language (default: saved setting)", **d)
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1920x1080", **d)
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)", **d)
    p.add_argument("--name", help="your player name", **d)
    p.add_argument("--screenshot-dir", metavar="DIR", help="save a PNG of every scene change here", **d)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="houkago",
        description="Houkago Table (放課後テーブル): play fate_votes, mind_swap and school_mystery "
                    "together — over the LAN, passing one screen, or on a TV. "
                    "With no subcommand, opens the launcher.")
    _client_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="pass-and-play on this screen (a local server, bots in empty seats)")
    p.add_argument("game", help="game id: fate_votes, mind_swap or school_mystery")
    p.add_argument("--players", type=int, help="number of seats")
    p.add_argument("--bots", type=int, default=0, help="how many seats bots take (from the last seat back)")
    p.add_argument("--bot-level", default="normal", choices=BOT_LEVEL_CHOICES,
                   help="how the bots play: easy, normal or strong (default normal)")
    p.add_argument("--seed", type=int, help="game seed (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="game option")
    p.add_argument("--until-over", action="store_true",
                   help="fast-forward animations and exit 0 when the game is over (for automated runs)")
    p.add_argument("--data", metavar="DIR", help="journal folder of the local server (default: temporary)")
    _client_options(p, sub=True)

    p = sub.add_parser("host", help="start a server here and open its lobby")
    p.add_argument("game", nargs="?", help="game to set up first")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--data", metavar="DIR", help="journal folder (default: the user data folder)")
    _client_options(p, sub=True)

    p = sub.add_parser("join", help="join a table on the LAN (lists discovered servers)")
    p.add_argument("address", nargs="?", help="HOST[:PORT] to connect to directly")
    _client_options(p, sub=True)

    p = sub.add_parser("display", help="fullscreen table display for a TV: public view only")
    p.add_argument("address", nargs="?", help="HOST[:PORT] of the server")
    p.add_argument("--table", help="table id to watch (default: the first running table)")
    _client_options(p, sub=True)

    p = sub.add_parser("server", help="run the authoritative server (no window)")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    p.add_argument("--data", metavar="DIR", help="journal folder (default: the user data folder)")
    p.add_argument("--grace", type=float, default=60.0,
                   help="seconds a disconnected seat is kept before a bot may take it (default 60)")
    p.add_argument("--no-discovery", action="store_true", help="do not announce the server on the LAN")
    p.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                   help="change one fair-share limit (server/limits.py, docs/protocol.md), e.g. "
                        "tables_per_conn=4 or hello_timeout=10; repeatable")
    p.add_argument("--log-level", default="INFO")
    p.add_argument("--check", metavar="DIR", help="report the health of the journal in DIR and exit (read-only)")
    p.add_argument("--backup", metavar="FILE",
                   help="copy the journal (of --data) to FILE with SQLite's online backup and exit")
    p.add_argument("--loop", choices=("auto", "asyncio", "uvloop"), default="asyncio",
                   help="event loop: asyncio (default), uvloop (the optional 'fast' extra), or auto (uvloop "
                        "when installed)")

    p = sub.add_parser("bots", help="fill tables on a server with bots and play (also a load generator)")
    p.add_argument("address", metavar="HOST:PORT")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=1, help="full games per table")
    p.add_argument("--tables", type=int, default=1)
    p.add_argument("--bot-level", "--level", dest="level", default="normal", choices=BOT_LEVEL_CHOICES,
                   help="how the bots play: easy, normal or strong (random: any legal move; default normal)")
    p.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    p.add_argument("--beat", type=float, default=0.8,
                   help="seconds a bot waits before it acts while a display or spectator watches its table "
                        "(default 0.8; nobody watching: at once)")
    p.add_argument("--watch-wait", type=float, default=0.0,
                   help="hold each new table in its lobby up to this many seconds for a display to pick it up")

    p = sub.add_parser("content", help="user content packs (school_mystery subjects, playbooks, secrets)")
    p.add_argument("action", choices=("check", "list"),
                   help="check PATH: validate a pack (line and field of each problem); list: the installed packs")
    p.add_argument("path", nargs="?", help="the pack file to check")
    p.add_argument("--lang", choices=["ja", "zh", "en"], help="language of the messages (default: saved setting)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any pygame import
    os.environ.setdefault("HOUKAGO_USER_CONTENT", "1")  # the program reads the user content packs
    module_name = HANDLERS[args.command]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            print(f"houkago {args.command or ''}: not yet available in this build ({module_name}).",
                  file=sys.stderr)
            return 2
        raise
    return int(module.main(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
