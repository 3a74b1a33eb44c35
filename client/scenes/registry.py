"""Every scene by name: the app pushes, replaces and finds scenes by these names.

Scenes never construct (or import) each other: they ask the app for ``push("lobby", ...)``.
The keyword arguments of a push go to the scene's constructor after ``app``.
"""
from __future__ import annotations

from client.scenes.advance import AdvanceScene
from client.scenes.base import Scene
from client.scenes.connecting import PlayConnectScene
from client.scenes.continue_list import ContinueScene
from client.scenes.curtain import CurtainScene
from client.scenes.display import DisplayConnectScene
from client.scenes.join import JoinScene
from client.scenes.launcher import LauncherScene
from client.scenes.lobby import LobbyScene
from client.scenes.overlays import MenuScene, ReconnectingScene
from client.scenes.play_names import PlayNamesScene
from client.scenes.play_setup import PlaySetupScene
from client.scenes.record import RecordScene
from client.scenes.results import ResultsScene
from client.scenes.rules_book import RulesBookScene
from client.scenes.seat_vote import SeatsScene
from client.scenes.settings import SettingsScene
from client.scenes.table import TableScene
from client.tutorial.connect import TutorialConnectScene
from client.tutorial.offer import TutorialOfferScene
from client.tutorial.overlay import TutorialScene

SCENES: dict[str, type[Scene]] = {cls.name: cls for cls in (
    LauncherScene, SettingsScene, PlaySetupScene, JoinScene, LobbyScene, PlayConnectScene, DisplayConnectScene,
    TableScene, CurtainScene, ResultsScene, ReconnectingScene, MenuScene, RulesBookScene,
    TutorialConnectScene, TutorialOfferScene, TutorialScene, ContinueScene, PlayNamesScene, AdvanceScene,
    RecordScene, SeatsScene)}
