"""How the app starts in each mode: launcher, pass-and-play, host, join, table display.

Every mode talks to a server over the same protocol; Host and pass-and-play start
``server.runtime.ServerThread`` in this process first.
"""
from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from client import games, localgames
from client.localgames import Keeper, LocalGame
from shared.ports import DEFAULT_PORT

# client.services (the local server, the network session) and client.match are imported by the modes that
# use them: the launcher, which imports this module, draws its first frame without them
if TYPE_CHECKING:
    from client.app import App
    from client.match import Match


class StartError(Exception):
    """The mode could not start (no server module, port, bad arguments)."""


def parse_address(text: str | None, default_host: str = "127.0.0.1") -> tuple[str, int]:
    """``HOST[:PORT]`` → (host, port); the default port is 7420."""
    if not text:
        return default_host, DEFAULT_PORT
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [ipv6]:port
        host, _, rest = text[1:].partition("]")
        port = int(rest[1:]) if rest.startswith(":") and rest[1:].isdigit() else DEFAULT_PORT
        return host, port
    if text.count(":") == 1:
        host, _, digits = text.partition(":")
        if digits.isdigit() and 0 < int(digits) < 65536:
            return host or default_host, int(digits)
        return host or default_host, DEFAULT_PORT
    return text, DEFAULT_PORT


def valid_address(text: str | None) -> bool:
    """True for something that can be an address: a host name or IP, optionally ``:PORT`` (1..65535)."""
    text = (text or "").strip()
    if not text:
        return False
    if text.startswith("["):  # [ipv6]:port
        host, sep, rest = text[1:].partition("]")
        if not sep or not re.fullmatch(r"[0-9A-Fa-f:.%]+", host):
            return False
        port = rest[1:] if rest.startswith(":") else ("" if not rest else None)
        return port is not None and (not port or (port.isdigit() and 0 < int(port) < 65536))
    if text.count(":") == 1:
        host, _, port = text.partition(":")
    elif text.count(":") > 1:  # a bare IPv6 address
        return bool(re.fullmatch(r"[0-9A-Fa-f:.%]+", text))
    else:
        host, port = text, ""
    if port is None or (port and not (port.isdigit() and 0 < int(port) < 65536)):
        return False
    labels = host.split(".")
    return bool(host) and len(host) <= 253 and all(
        re.fullmatch(r"[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?", label) for label in labels)


def start(app: App, args: argparse.Namespace) -> None:
    """Open the first scene for the subcommand."""
    command = getattr(args, "command", None)
    if command is None:
        app.replace("launcher")
        return
    # the launcher lies under the mode's first scene (Back returns to it): that scene covers it at once, so it
    # is laid out when uncovered, as any covered scene is, not before the first frame
    launcher = app.replace("launcher", enter=False)
    if command == "play":
        start_play(app, args.game, args.players, args.bots, bot_level=args.bot_level, seed=args.seed,
                   options=parse_options(args.option), until_over=args.until_over, data_dir=args.data)
    elif command == "host":
        start_host(app, args.game or games.games()[0], port=args.port, data_dir=args.data)
    elif command == "join":
        open_join(app, args.address)
    elif command == "display":
        start_display(app, args.address, args.table)
    if app.top is launcher:  # the mode showed nothing over it (a toast said why)
        launcher.enter()


def parse_options(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise StartError(f"option {item!r} must be KEY=VALUE")
        low = value.lower()
        if low in ("true", "false"):
            out[key] = low == "true"
        else:
            try:
                out[key] = int(value)
            except ValueError:
                out[key] = value
    return out


def open_settings(app: App) -> None:
    app.push("settings")


def open_play_setup(app: App, game: str) -> None:
    app.push("play_setup", game=game)


def open_join(app: App, address: str | None = None) -> None:
    app.push("join", address=address)


def start_play(app: App, game: str, players: int | None, bots: int, bot_level: str = "normal",
               seed: int | None = None, options: dict[str, Any] | None = None, until_over: bool = False,
               data_dir: str | None = None, names: list[str] | None = None) -> None:
    """Pass-and-play: a local server, bots in the last seats, the table. ``names``: the human seats'
    names in seat order ("" = the default)."""
    app.push("play_connect", game=game, players=players, bots=bots, bot_level=bot_level, seed=seed,
             options=options or {}, until_over=until_over, data_dir=data_dir, names=names)


def start_host(app: App, game: str, port: int | None = None, data_dir: str | None = None) -> None:
    """Host: a server on all interfaces (announced on the LAN), then the set-up lobby. Without ``data_dir``
    the journal goes in a folder of its own in the data folder (the launcher offers Continue)."""
    from client import services

    port = port or DEFAULT_PORT
    kept = LocalGame(localgames.new_folder(game), "host", game) if data_dir is None else None
    try:
        bound = services.start_local_server(app, host="0.0.0.0", port=port,
                                            data_dir=str(kept.folder) if kept else data_dir, discovery=True)
    except (ImportError, RuntimeError, OSError) as exc:
        if kept is not None:
            localgames.forget(kept)
        app.toast(app.strings.t("net.failed", address=f"0.0.0.0:{port}", why=str(exc)), "error")
        return
    if kept is not None:
        kept.port = bound
        app.keeper = Keeper(kept)
    services.open_session(app, "127.0.0.1", bound)
    app.push("lobby", game=game, hosting=True, port=bound)


def open_continue(app: App) -> None:
    """The list of unfinished local games (pass-and-play and hosted)."""
    app.push("continue")


def continue_game(app: App, saved: LocalGame) -> None:
    """Go on with a kept local game: its own server restores it from the journal, our seats come back."""
    if saved.mode == "play":
        app.push("play_connect", game=saved.game, players=saved.players or len(saved.names) or None,
                 bots=saved.bots, bot_level=saved.bot_level, seed=None, options=dict(saved.options),
                 until_over=False, data_dir=str(saved.folder), saved=saved)
        return
    from client import services
    from client.match import Match

    port = saved.port or DEFAULT_PORT  # the LAN players' clients know this one (a taken port: another)
    try:
        bound = services.start_local_server(app, host="0.0.0.0", port=port, data_dir=str(saved.folder),
                                            discovery=True)
    except (ImportError, RuntimeError, OSError) as exc:
        app.toast(app.strings.t("net.failed", address=f"0.0.0.0:{port}", why=str(exc)), "error")
        return
    assert saved.table is not None and saved.seats
    saved.port = bound
    saved.save()
    app.keeper = Keeper(saved)
    session = services.open_session(app, "127.0.0.1", bound)
    seat, token = min(saved.seats.items())
    if saved.host:
        session.adopt_host(saved.table, saved.host)
    session.resume(saved.table, seat, token)
    match = Match(app, saved.game, saved.table, mode="lan", humans=[seat])
    match.host_token = saved.host
    services.begin_match(app, match)
    app.push("lobby", game=saved.game, hosting=True, port=bound, table=saved.table, seat=seat,
             host_token=saved.host)


def watch_on_display(app: App, info: dict[str, Any]) -> Match | None:
    """The table display watches the listed table ``info`` (a ``tables`` entry): its match begins, the
    session stops listing and watches it. None without a session."""
    from client import services
    from client.match import Match

    session = app.session
    if session is None:
        return None
    names = {i: n for i, n in enumerate(info.get("names") or []) if n}
    match = Match(app, str(info.get("game")), str(info.get("id")), mode="display", humans=[], watch=True,
                  names=names)
    services.begin_match(app, match)
    session.stop_listing()  # watching now: no more listing
    session.watch(str(info["id"]))
    return match


def join_table(app: App, game: str, table: str, seat: int, host: str | None = None) -> Match:
    """A LAN player took ``seat`` at ``table`` (``host``: this client made it): the match begins."""
    from client import services
    from client.match import Match

    session = app.session
    if session is not None:
        session.stop_listing()  # at a table: the list is not asked for again until Join shows
        if host:
            session.adopt_host(table, host)
    match = Match(app, game, table, mode="lan", humans=[seat])
    match.host_token = host
    return services.begin_match(app, match)


def host_table(app: App, game: str, table: str, host: str, lobby: Any = None) -> Match:
    """This client made ``table`` (``created``: its host token, its lobby): the match begins and the host
    takes seat 0."""
    from client import services
    from client.match import Match

    match = Match(app, game, table, mode="lan", humans=[])
    match.host_token = host
    if lobby is not None:
        match.take_lobby(lobby)
    services.begin_match(app, match)
    if app.session is not None:
        app.session.join(table, 0, app.player_name())
    return match


def start_display(app: App, address: str | None, table: str | None) -> None:
    """The table display: find a server and a table, watch it."""
    app.push("display_connect", address=address, table=table)
