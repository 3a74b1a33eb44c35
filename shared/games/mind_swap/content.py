"""Typed content for mind_swap: students (location tables, abilities) and action cards.

Built by ``assets/loaders/mind_swap.py`` from the TOML under ``assets/content/mind_swap/``.
The rules copy only the numbers they need into the state (location rows, abilities as
plain lists, card types); texts stay here for clients.
"""
from __future__ import annotations

from dataclasses import dataclass, field

LOCATIONS: tuple[str, ...] = ("library", "classroom", "garden", "sports_ground", "other")
SUIT_OF: dict[str, str] = {"library": "♥", "classroom": "♦", "garden": "♣", "sports_ground": "♠"}
ACTIONS: tuple[str, ...] = ("move_self", "move_negi", "relocate", "extra_magic", "bath", "event")
ABILITY_KINDS: tuple[str, ...] = ("reporter", "companion", "servant")
ROWS: tuple[int, ...] = tuple(range(2, 13))  # a location table has rows 2..12 (2d6)
MIND_ROWS = range(2, 9)  # rows 2–8 are printed on the mind card
BODY_ROWS = range(9, 13)  # rows 9–12 on the body card
FIRST_NO, LAST_NO = 2, 31  # attendance numbers in the game (No. 1 is never used)


@dataclass(frozen=True)
class Ability:
    """``kind[n]/qualifier``: reporter[n]; servant[n]/<student no> or /negi; companion[n]/<group> <suit>."""

    kind: str
    n: int
    target: int | None = None  # servant: student number
    negi: bool = False  # servant of Negi
    group: str | None = None  # companion: the group whose members move
    to: str | None = None  # companion: where they move (a suit location)

    def as_data(self) -> list:
        """The plain list the state stores: [kind, n, arg, to]."""
        if self.kind == "servant":
            return ["servant", self.n, "negi" if self.negi else self.target, None]
        if self.kind == "companion":
            return ["companion", self.n, self.group, self.to]
        return [self.kind, self.n, None, None]


@dataclass(frozen=True)
class Student:
    no: int
    name: dict[str, str]  # ja / zh / en
    club: dict[str, str]
    other: dict[str, str]  # what "other" means for this student (club room, dorm, pool, staff room…)
    where: tuple[str, ...]  # locations for rows 2..12 (11 entries)
    abilities: tuple[Ability, ...] = ()
    groups: tuple[str, ...] = ()
    short: dict[str, str] = field(default_factory=dict)  # ja / zh / en short display name (the given name)

    def row(self, total: int) -> str:
        return self.where[total - 2]


@dataclass(frozen=True)
class CardType:
    id: str
    actions: tuple[str, ...]  # one or two of ACTIONS (choose one when played)
    count: int
    name: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True)
class MindSwapContent:
    students: dict[int, Student]
    cards: tuple[CardType, ...]
    locations: dict[str, dict[str, str]]  # location id -> names
    groups: dict[str, dict[str, str]]  # group id -> names
    abilities: dict[str, dict[str, str]]  # ability kind -> names

    def deck_types(self) -> list[str]:
        """One card-type id per card instance, instance id = list index."""
        return [c.id for c in self.cards for _ in range(c.count)]
