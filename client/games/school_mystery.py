"""school_mystery on the client: the table view, the launcher card, subjects as option choices."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.games.descriptor import GameClient
from client.kit import theme


def pack_choices(content: Any) -> Mapping[Any, Mapping[str, str]]:
    """The installed user content packs offered for the ``packs`` option: each alone, then all of them
    (value: comma-separated fingerprints, docs/content_packs.md)."""
    infos = list((getattr(content, "packs", None) or {}).values())
    out: dict[Any, Mapping[str, str]] = {i.fingerprint: dict(i.name) for i in infos}
    if len(infos) > 1:
        out[",".join(sorted(i.fingerprint for i in infos))] = {
            lang: ("、" if lang != "en" else ", ").join(i.name[lang] for i in infos) for lang in ("ja", "zh", "en")}
    return out


def subject_choices(content: Any) -> Mapping[Any, Mapping[str, str]]:
    """The subjects in the loaded content (id -> language -> title), offered for the ``subject`` option."""
    subjects = getattr(content, "subjects", None) or {}
    return {sid: dict(sub.title) for sid, sub in subjects.items()}


CLIENT = GameClient(view="client.tables.school_mystery:SchoolMysteryTable", colour=theme.GAME_SCHOOL_MYSTERY,
                    suit="♣",
                    choice_sources={"subject": subject_choices, "packs": pack_choices},
                    step_help="client.tables.school_mystery_texts:step_help")
