"""Every scene by name: the app pushes, replaces and finds scenes by these names.

Scenes never construct (or import) each other: they ask the app for ``push("lobby", ...)``.
The keyword arguments of a push go to the scene's constructor after ``app``.

A scene's module is imported when the scene is first made, not when the app starts: the launcher's first
frame does not wait for the table, the lobby or pygame-gui (``SCENES[name]`` imports it; ``name in SCENES``
and iterating the names import nothing). ``tests/test_client_shell.py`` checks that each entry's class
carries its name.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from client.scenes.base import Scene

# name -> "module:Class"
WHERE: dict[str, str] = {
    "launcher": "client.scenes.launcher:LauncherScene",
    "settings": "client.scenes.settings:SettingsScene",
    "play_setup": "client.scenes.play_setup:PlaySetupScene",
    "join": "client.scenes.join:JoinScene",
    "lobby": "client.scenes.lobby:LobbyScene",
    "play_connect": "client.scenes.connecting:PlayConnectScene",
    "display_connect": "client.scenes.display:DisplayConnectScene",
    "table": "client.scenes.table:TableScene",
    "curtain": "client.scenes.curtain:CurtainScene",
    "results": "client.scenes.results:ResultsScene",
    "reconnecting": "client.scenes.overlays:ReconnectingScene",
    "menu": "client.scenes.overlays:MenuScene",
    "rules_book": "client.scenes.rules_book:RulesBookScene",
    "tutorial_connect": "client.tutorial.connect:TutorialConnectScene",
    "tutorial_offer": "client.tutorial.offer:TutorialOfferScene",
    "tutorial": "client.tutorial.overlay:TutorialScene",
    "continue": "client.scenes.continue_list:ContinueScene",
    "play_names": "client.scenes.play_names:PlayNamesScene",
    "advance": "client.scenes.advance:AdvanceScene",
    "record": "client.scenes.record:RecordScene",
    "seats": "client.scenes.seat_vote:SeatsScene",
}


class _Scenes(Mapping[str, "type[Scene]"]):
    """The scene classes by name, each imported on its first lookup."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = dict(where)
        self._loaded: dict[str, type[Scene]] = {}

    def __getitem__(self, name: str) -> type[Scene]:
        try:
            return self._loaded[name]
        except KeyError:
            module, _, cls = self._where[name].partition(":")  # KeyError: no such scene
            kind: type[Scene] = getattr(importlib.import_module(module), cls)
            self._loaded[name] = kind
            return kind

    def __contains__(self, name: object) -> bool:
        return name in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


SCENES: Mapping[str, type[Scene]] = _Scenes(WHERE)
