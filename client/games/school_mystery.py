"""school_mystery on the client: the table view, the launcher card, subjects as option choices."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.games.descriptor import GameClient
from client.kit import theme


def subject_choices(content: Any) -> Mapping[Any, Mapping[str, str]]:
    """The subjects in the loaded content (id -> language -> title), offered for the ``subject`` option."""
    subjects = getattr(content, "subjects", None) or {}
    return {sid: dict(sub.title) for sid, sub in subjects.items()}


CLIENT = GameClient(view="client.tables.school_mystery:SchoolMysteryTable", colour=theme.GAME_SCHOOL_MYSTERY,
                    suit="♣",
                    choice_sources={"subject": subject_choices},
                    step_help="client.tables.school_mystery_texts:step_help")
