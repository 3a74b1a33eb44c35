"""The app's own scenes in the states a player sees them, for the layout walk and screenshots.

Each opener takes a :class:`client.app.App` (no server, no network) and puts one scene on its
stack: the lobby while the host sets the table up, the host's and a guest's seat lists (names
in the player's language, bots, ready marks), the pass-and-play curtain, the Esc menu during a
game (and its "leave?" question), the reconnecting overlay, starting a local game (and its
failure), the TV display (waiting for its table, or for a server that does not answer) and a
LAN table in the table scene (step line, chat bar; school_mystery's with the status pill of a
damaged practice table). ``register_walk(register, app_scene)`` adds them to the walk (``app_scene(open)``
wraps an opener as a walk builder).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.match import Match
from client.scenes.connecting import StatusScene
from client.scenes.display import DisplayConnectScene

Opener = Callable[[Any], Any]
GAMES = ("fate_votes", "mind_swap", "school_mystery")
NAMES = {
    "ja": ["佐々木 ひかり", "雪広 あやか", "近衛 木乃香", "ミオ", "レナ", "サトコ"],
    "zh": ["佐佐木光", "雪广绫香", "近卫木乃香", "美绪", "蕾娜", "沙都子"],
    "en": ["Hikari Sasaki", "Ayaka Yukihiro", "Konoka Konoe", "Mio", "Rena", "Satoko"],
}


def _names(app: Any) -> list[str]:
    return NAMES.get(app.strings.lang, NAMES["en"])


def _match(app: Any, game: str, seats: int = 6, humans: list[int] | None = None) -> Match:
    """A LAN match with a full lobby: three people, a bot, a free seat…, the first two ready."""
    names = _names(app)
    match = Match(app, game, "T1", mode="lan", humans=humans or [0], names=dict(enumerate(names[:seats])))
    entries: list[dict[str, Any]] = []
    for i in range(seats):
        if i == 3:
            entries.append({"seat": i, "name": "", "taken": True, "bot": "normal", "ready": True})
        elif i >= 4:
            entries.append({"seat": i, "name": "", "taken": False})
        else:
            entries.append({"seat": i, "name": names[i], "taken": True, "ready": i < 2})
    match.lobby = {"seats": entries}
    app.match = match
    return match


def lobby_setup(game: str) -> Opener:
    """The host sets the table up (seats, options) before opening it."""
    return lambda app: app.replace("lobby", game=game, hosting=True)


def lobby_host(game: str) -> Opener:
    def open_(app: Any) -> Any:
        _match(app, game)
        return app.replace("lobby", game=game, hosting=True, table="T1", seat=0, host_token="h")
    return open_


def lobby_guest(game: str) -> Opener:
    """A guest's seat list at a practice table (the lobby says so first)."""
    def open_(app: Any) -> Any:
        _match(app, game, humans=[2]).lobby["practice"] = True
        return app.replace("lobby", game=game, hosting=False, table="T1", seat=2)
    return open_


class _Revealer:
    """What the curtain covers: a table scene's match (a click would reveal the seat)."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def reveal(self, seat: int) -> None:
        pass


def curtain(app: Any) -> Any:
    match = _match(app, "fate_votes", humans=[0, 1, 2])
    return app.replace("curtain", table_scene=_Revealer(match), seat=1)


def menu(confirming: bool) -> Opener:
    """Esc during a game over the launcher; ``confirming``: "Back to the launcher" was clicked."""
    def open_(app: Any) -> Any:
        match = _match(app, "mind_swap")
        match.started = True
        app.replace("launcher")
        scene = app.push("menu")
        if confirming:
            scene.ask_to_leave()
        return scene
    return open_


def seats(replaced: bool) -> Opener:
    """Esc → Seats and votes at a LAN table over the launcher: a vote running on a silent player on the turn
    clock (``replaced``: a stand-in plays this player's own seat, which he may take back)."""
    def open_(app: Any) -> Any:
        import time

        match = _match(app, "mind_swap", humans=[1])
        match.started = True
        match.turn_until = {0: time.monotonic() + 42.0}
        match.votes = [{"seat": 0, "for": [2], "needed": 2}]
        if replaced:
            match.lobby["seats"][1].update(bot="normal", stand_in=True)
            match.standing_in = {1}
        app.replace("launcher")
        return app.push("seats")
    return open_


def seats_twelve(app: Any) -> Any:
    """Seats and votes at a twelve-seat fate_votes table, everyone on the turn clock (the rows must fit)."""
    import time

    names = _names(app) * 2
    match = Match(app, "fate_votes", "T1", mode="lan", humans=[0], names=dict(enumerate(names)))
    match.lobby = {"seats": [{"seat": i, "name": names[i], "taken": True, "ready": True} for i in range(12)]}
    match.started = True
    match.turn_until = {i: time.monotonic() + 30.0 + i for i in range(12)}
    match.votes = [{"seat": 5, "for": [0, 1, 2], "needed": 6}]
    app.match = match
    app.replace("launcher")
    return app.push("seats")


def reconnecting(app: Any) -> Any:
    _match(app, "school_mystery")
    app.replace("launcher")
    return app.push("reconnecting", attempt=3)


class _ShownDisplay(DisplayConnectScene):
    """The TV display with a server address and no network: waiting for its table (listing the
    tables that wait for players), or retrying a server that does not answer."""

    def __init__(self, app: Any, answering: bool) -> None:
        super().__init__(app, None, "T9")
        self.answering = answering

    def enter(self) -> None:
        self.begun = True
        self.target = ("192.168.10.24", 47800)
        self.join_at = "192.168.10.24:47800"
        if not self.answering:
            from client.wire import NetStatus

            self.on_message(NetStatus(state="down", reason="refused"))
            return
        from shared import messages as m

        names = _names(self.app)
        tables = [m.TableEntry(id=f"T{i}", game=g, host_name=names[i], free=2 + i, seats=6, lang=lang, names=[],
                               phase="lobby", practice=i == 2, damaged=False, host_address="", humans=0)
                  for i, (g, lang) in enumerate(zip(GAMES, ("ja", "zh", "en")))]
        self.on_message(m.Tables(tables=tables))


def display(answering: bool) -> Opener:
    return lambda app: _only(app, _ShownDisplay(app, answering))


def _only(app: Any, scene: Any) -> Any:
    """``scene`` alone on the app's stack (made here rather than by name: it would start a server)."""
    while app.scenes:
        app.scenes.pop().leave()
    app.scenes.append(scene)
    scene.enter()
    return scene


def connecting(failed: bool) -> Opener:
    """Starting a local game: the status line (and, when the server could not start, why)."""
    def open_(app: Any) -> Any:
        scene = StatusScene(app)
        t = app.strings.t
        scene.status = t("net.starting_server")
        if failed:
            scene.error = t("net.failed", address="127.0.0.1", why=t("lan.why.refused"))
        return _only(app, scene)
    return open_


CHAT = {"ja": "先に図書室を見に行こうよ。", "zh": "我们先去图书室看看吧。", "en": "Let's check the library first."}


def _context(app: Any, display_mode: bool = False) -> Any:
    """The app's table context for a walk builder (histories replayed without animation)."""
    from client.context import AppContext

    class Context(AppContext):
        fast = True  # the scene builders replay their history without animation

    return Context(app, display_mode=display_mode)


def lan_table(game: str, build: Callable[[Any], Any], chat_open: bool = False) -> Opener:
    """A LAN table as the table scene shows it: the view (made by the walk's ``build`` on the app's
    context) above the step line and the control bar, a chat line just arrived (``chat_open``: the
    chat panel open over the log, a few lines in it)."""
    def open_(app: Any) -> Any:
        match = _match(app, game, seats=4)
        match.started = True
        if game == "school_mystery":  # a practice table restored read-only: its status pill in the bar
            match.lobby.update(practice=True, damaged=True)
        match.views[0] = build(_context(app))
        names = _names(app)
        match.chat = [(names[1], 1, CHAT.get(app.strings.lang, CHAT["en"]))]
        if chat_open:
            match.chat = [(names[i % 3], i % 3, CHAT.get(app.strings.lang, CHAT["en"]) * (1 + i % 2))
                          for i in range(6)]
        scene = app.replace("table", match=match)
        scene.chat_age = 0.0
        if chat_open:
            scene.toggle_chat()
        return scene
    return open_


def play_table(game: str, build: Callable[[Any], Any]) -> Opener:
    """A pass-and-play table (three people at one screen) after the curtain was clicked away: the first
    seat's view, the step line and the bar with the players' shared note pad."""
    def open_(app: Any) -> Any:
        names = _names(app)
        match = Match(app, game, "T1", mode="play", humans=[0, 1, 2], names=dict(enumerate(names[:4])))
        match.started = True
        app.match = match
        match.views[0] = build(_context(app))
        scene = app.replace("table", match=match)
        scene.reveal(0)
        return scene
    return open_


def display_table(game: str, build: Callable[[Any], Any]) -> Opener:
    """The table display (TV mode): the public view, large, no controls."""
    def open_(app: Any) -> Any:
        match = Match(app, game, "T1", mode="display", humans=[], names=dict(enumerate(_names(app)[:4])))
        match.started = True
        app.match = match
        match.views[None] = build(_context(app))  # the game's display builder makes it the display's
        return app.replace("table", match=match)
    return open_


def register_walk(register: Callable[[str, Callable[[Any], Any]], None],
                  app_scene: Callable[[Opener], Callable[[Any], Any]], scenes: dict[str, Any] | None = None) -> None:
    """The lobby (set-up, host, guest) for each game, the curtain, the Esc menu, reconnecting, the display;
    each game's table in the table scene: at a LAN table (and with its chat panel open), at a
    pass-and-play table, and on the table display."""
    for game in GAMES:
        register(f"lobby_setup_{game}", app_scene(lobby_setup(game)))
        register(f"lobby_host_{game}", app_scene(lobby_host(game)))
    register("lobby_guest", app_scene(lobby_guest("school_mystery")))
    register("curtain", app_scene(curtain))
    register("menu", app_scene(menu(False)))
    register("menu_leave", app_scene(menu(True)))
    register("reconnecting", app_scene(reconnecting))
    register("seats_vote", app_scene(seats(False)))
    register("seats_replaced", app_scene(seats(True)))
    register("seats_twelve", app_scene(seats_twelve))
    register("display_waiting", app_scene(display(True)))
    register("display_no_server", app_scene(display(False)))
    register("connecting", app_scene(connecting(False)))
    register("connect_failed", app_scene(connecting(True)))
    for game, view in (("fate_votes", "fate_votes_choose"), ("mind_swap", "mind_swap_play"),
                       ("school_mystery", "school_mystery_table")):
        if scenes and view in scenes:
            register(f"table_lan_{game}", app_scene(lan_table(game, scenes[view])))
            register(f"table_chat_{game}", app_scene(lan_table(game, scenes[view], chat_open=True)))
            register(f"table_play_{game}", app_scene(play_table(game, scenes[view])))
        if scenes and f"{game}_display" in scenes:
            register(f"table_display_{game}", app_scene(display_table(game, scenes[f"{game}_display"])))
