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
ROW_WEIGHTS: dict[int, int] = {t: min(t - 1, 13 - t) for t in ROWS}  # ways to roll t on 2d6 (of 36)
LEVELS: tuple[str, ...] = ("possible", "likely", "very_likely")  # the seed's 可能性がある / 高い / 非常に高い


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
    clubs: tuple[str, ...] = ()  # club kinds (ClubRules.kinds), the main club first
    room: str | None = None  # a fixed "other" room (ClubRules.rooms: staff room, dorm, pool)

    def row(self, total: int) -> str:
        return self.where[total - 2]

    def shares(self) -> dict[str, int]:
        """How many of the 36 rolls of 2d6 put this student (own mind in own body) at each location."""
        out = {loc: 0 for loc in LOCATIONS}
        for t in ROWS:
            out[self.row(t)] += ROW_WEIGHTS[t]
        return out


@dataclass(frozen=True)
class ClubKind:
    """One line of the seed's club → place rules: where a member is ``possible``/``likely``/``very_likely``."""

    places: dict[str, str]  # location -> level
    room: str | None = None  # what "other" is for members (a ClubRules.rooms id), if fixed
    committee: bool = False  # ○○委員: binding even when it is not the main club


@dataclass(frozen=True)
class ClubRules:
    """The seed's club → place rules as data (``game.toml`` [club_rules], [clubs.*], [rooms.*]).

    A level is a minimum share of the 36 rolls of 2d6; ``very_likely`` also means the most likely
    place. A student's main club (first listed) and committees bind fully; a later club only at
    ``secondary``. A place none of the student's clubs names, the classroom aside, stays below
    ``unnamed_below``.
    """

    minimum: dict[str, int]  # level -> share of 36
    secondary: str
    unnamed_below: str
    kinds: dict[str, ClubKind]
    rooms: dict[str, dict[str, str]]  # room id -> ja/zh/en names

    def required(self, clubs: tuple[str, ...]) -> dict[str, str]:
        """Location -> the strongest level the clubs ask for (main club and committees fully)."""
        need: dict[str, str] = {}
        for i, cid in enumerate(clubs):
            kind = self.kinds[cid]
            full = i == 0 or kind.committee
            for loc, level in kind.places.items():
                if not full:
                    level = min(level, self.secondary, key=LEVELS.index)
                if loc not in need or LEVELS.index(level) > LEVELS.index(need[loc]):
                    need[loc] = level
        return need

    def room_for(self, clubs: tuple[str, ...]) -> str | None:
        """The fixed room the clubs give (committees first: their members' room is the staff room)."""
        ordered = [c for c in clubs if self.kinds[c].committee] + [c for c in clubs if not self.kinds[c].committee]
        return next((self.kinds[c].room for c in ordered if self.kinds[c].room), None)

    def problems(self, student: Student) -> list[str]:
        """Every way the student's table breaks the rules of their clubs (empty: it follows them)."""
        shares, need, out = student.shares(), self.required(student.clubs), []
        for loc, level in need.items():
            if shares[loc] < self.minimum[level]:
                out.append(f"{loc} is {shares[loc]}/36, below {level} ({self.minimum[level]}/36)")
            if level == "very_likely" and any(v >= shares[loc] for o, v in shares.items() if o != loc):
                out.append(f"{loc} must be the most likely place ({level})")
        cap = self.minimum[self.unnamed_below]
        for loc, v in shares.items():
            if loc not in need and loc != "classroom" and v >= cap:
                out.append(f"{loc} is {v}/36 but none of the clubs names it (must stay below {cap}/36)")
        return out


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
    club_rules: ClubRules | None = None  # the seed's club → place rules every table follows

    def deck_types(self) -> list[str]:
        """One card-type id per card instance, instance id = list index."""
        return [c.id for c in self.cards for _ in range(c.count)]
