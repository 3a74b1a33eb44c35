"""Typed content of school_mystery (stats, moves, playbooks, conditions, subjects).

Built by ``assets/loaders/school_mystery.py`` from the TOML files; pure data, no
file access here. Every player-visible text is a ``Text`` (``{"ja","zh","en"}``).
:func:`rules_data` turns the content into the compact plain data the rules keep
in the game state (ids and numbers only, no long texts).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Text = dict[str, str]  # lang -> text

BANDS = ("great", "success", "narrow", "failure")
EFFECTS = ("draw_clue", "draw_phenomenon", "call_character", "reveal_location", "gain_condition",
           "clear_condition", "unlock_secret", "advantage_next", "disadvantage_next")
# what an unlocked secret may do (the engine applies them for the owner): the move effects but
# unlock_secret, plus a condition for the owner's rival and two relationship changes
SECRET_EFFECTS = tuple(e for e in EFFECTS if e != "unlock_secret") + ("rival_condition", "rival_self",
                                                                       "renew_bonds")
SECRETS_DEALT = 3  # regular secrets dealt to each student (then one last secret)
DAY_TYPES = ("weekday", "holiday", "vacation")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
MOVE_KINDS = ("roll", "trigger")
MOVE_LIMITS = ("none", "scene", "subject")
DISCOVER, RESOLVE, OBJECTION = "discover", "resolve", "objection"


@dataclass(frozen=True)
class Effect:
    """A machine-readable consequence: ``do`` one of EFFECTS, ``n`` times.

    ``extra`` lets ``draw_clue`` ignore the one-clue-draw-per-location rule. ``condition``
    (a sample condition id) makes ``gain_condition`` / ``rival_condition`` give that
    condition at once instead of asking the student to choose one.
    """

    do: str
    n: int = 1
    extra: bool = False
    condition: str | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.do, "n": self.n, "extra": self.extra}
        if self.condition is not None:
            out["condition"] = self.condition
        return out


@dataclass(frozen=True)
class Outcome:
    text: Text
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Stat:
    id: str
    name: Text
    description: Text


@dataclass(frozen=True)
class Move:
    """A basic move (``playbook`` None) or a playbook's special move.

    ``kind`` "roll": 2d6 + one of ``stats`` ("any" = every stat), ``outcomes``
    per band. ``kind`` "trigger": declared, ``effects`` apply at once, at most
    once per ``limit`` ("scene" / "subject" / "none").
    """

    id: str
    name: Text
    description: Text
    kind: str
    phase: str  # "investigation" | "resolution"
    stats: tuple[str, ...] = ()
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    limit: str = "none"
    playbook: str | None = None
    pack: str | None = None  # the user pack (fingerprint) it comes from; None: built in
    advance: bool = False  # a special move learned as a campaign's advance, not at creation


@dataclass(frozen=True)
class Secret:
    """One secret of a playbook's pool: what it confesses (``text``), what its owner does in the
    scene when it comes out (``instruction``) and what the engine applies (``effects``)."""

    id: str
    text: Text
    last: bool = False
    instruction: Text | None = None
    effects: tuple[Effect, ...] = ()
    pack: str | None = None  # the user pack (fingerprint) it comes from; None: built in


@dataclass(frozen=True)
class Playbook:
    id: str
    name: Text
    description: Text
    stat_arrays: tuple[dict[str, int], ...]
    moves: tuple[str, ...]
    secrets: tuple[Secret, ...]  # the pool: regular secrets, then last secrets (``last``)
    pack: str | None = None  # the user pack (fingerprint) it comes from; None: built in


@dataclass(frozen=True)
class Condition:
    """A sample condition; it hinders a roll of any move in ``hinders_moves`` or with any stat in
    ``hinders_stats`` (that roll is made with disadvantage)."""

    id: str
    name: Text
    description: Text
    hinders_stats: tuple[str, ...] = ()
    hinders_moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Location:
    rank: int
    name: Text
    description: Text
    atmosphere: Text


@dataclass(frozen=True)
class Choices:
    """A phenomenon or clue entry: three options."""

    rank: int
    options: tuple[Text, Text, Text]


@dataclass(frozen=True)
class Character:
    rank: int
    name: Text
    description: Text
    hint: Text


@dataclass(frozen=True)
class Subject:
    id: str
    title: Text
    difficulty: int
    day_type: str
    start_weekday: str
    situation: Text
    questions: tuple[Text, ...]
    start_location: int
    public_locations: tuple[int, ...]
    locations: tuple[Location, ...]  # index = rank - 1
    phenomena: tuple[Choices, ...]
    characters: tuple[Character, ...]
    clues: tuple[Choices, ...]
    truth_hint: Text | None = None
    pack: str | None = None  # the user pack (fingerprint) it comes from; None: built in


@dataclass(frozen=True)
class PackInfo:
    """A user content pack installed beside the built-in content (``assets/loaders/packs.py``).

    ``fingerprint`` (a hash of its file) names it: a table that uses a pack records the fingerprint in
    its ``packs`` option, so every laptop at the table plays the very same pack. ``source`` is the file's
    bytes (what the server sends a client that lacks it)."""

    id: str
    name: Text
    fingerprint: str
    source: bytes
    subjects: tuple[str, ...] = ()
    playbooks: tuple[str, ...] = ()
    secrets: tuple[str, ...] = ()  # secrets it adds to other playbooks' pools


@dataclass(frozen=True)
class Content:
    stats: tuple[Stat, ...]
    moves: dict[str, Move]
    playbooks: dict[str, Playbook]
    conditions: dict[str, Condition]
    subjects: dict[str, Subject]
    ui: dict[str, Text] = field(default_factory=dict)  # UI-independent texts (bands, phases, suits…)
    packs: dict[str, PackInfo] = field(default_factory=dict)  # fingerprint -> installed user pack

    def basic_moves(self) -> list[Move]:
        return [m for m in self.moves.values() if m.playbook is None]


def pack_list(value: Any) -> list[str]:
    """The fingerprints a table's ``packs`` option names ("" none, else comma-separated), sorted."""
    if not isinstance(value, str):
        raise ValueError("packs must be a string of comma-separated fingerprints")
    return sorted({p.strip() for p in value.split(",") if p.strip()})


def rules_data(content: Content, packs: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """The ids and numbers the rules need, as plain msgpack-able data: the built-in content and the
    user packs ``packs`` (fingerprints) only, whatever else is installed."""
    use = {None, *packs}
    stats = [s.id for s in content.stats]
    moves: dict[str, Any] = {}
    for m in content.moves.values():
        if m.pack not in use:
            continue
        moves[m.id] = {
            "kind": m.kind, "phase": m.phase, "limit": m.limit, "playbook": m.playbook,
            "stats": list(stats) if "any" in m.stats else list(m.stats),
            "outcomes": {b: [e.to_data() for e in o.effects] for b, o in m.outcomes.items()},
            "effects": [e.to_data() for e in m.effects],
        }
    playbooks = {
        p.id: {"arrays": [dict(a) for a in p.stat_arrays],
               "moves": [m for m in p.moves if not content.moves[m].advance],
               "advances": [m for m in p.moves if content.moves[m].advance],  # campaign.py
               "secrets": [s.id for s in p.secrets if not s.last and s.pack in use],
               "lasts": [s.id for s in p.secrets if s.last and s.pack in use]}
        for p in content.playbooks.values() if p.pack in use
    }
    secrets = {s.id: [e.to_data() for e in s.effects] for p in content.playbooks.values() if p.pack in use
               for s in p.secrets if s.pack in use}
    conditions = {c.id: {"stats": list(c.hinders_stats), "moves": list(c.hinders_moves)}
                  for c in content.conditions.values()}
    subjects = {
        s.id: {"difficulty": s.difficulty, "day_type": s.day_type, "start_weekday": s.start_weekday,
               "start_location": s.start_location, "public": list(s.public_locations),
               "questions": len(s.questions)}
        for s in content.subjects.values() if s.pack in use
    }
    return {"stats": stats, "moves": moves, "playbooks": playbooks, "secrets": secrets,
            "conditions": conditions, "subjects": subjects}
