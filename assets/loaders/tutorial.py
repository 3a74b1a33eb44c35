"""The guided first game of a game: ``assets/content/<game>/tutorial.toml`` → :class:`Tutorial`.

A tutorial is a practice table (fixed seed, bots in every seat but the first) and a list of
steps. A step is either *read* (``next = true``: its text, then the player presses Next) or
*do* (``expect``: the action the player must send, as a pattern over the action's fields).
A *do* step names what to touch by node-id patterns of the table's node map (``"button:ready"``,
``"plate:$seat"``, ``"card:*"``): ``ring`` (groups; the first group with a node on screen is
ringed) and ``touch`` (where a press is let through to the table). Every step has its text
in ja, zh and en. A *confirm* step (``confirm = true``, with ``expect``) is done from the card itself:
its button sends the goal action, with the step's ``say`` (a sample text in ja, zh and en) in place of
the rules' text placeholder (a name, an answer, an atmosphere the newcomer need not invent); its
``ring`` and ``touch`` are optional. The loader checks the shape; ``tests/test_tutorial_script.py`` plays each
script on the real rules and checks that every step's action is legal when it comes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assets.loaders.common import (
    ContentError,
    check_int,
    check_list,
    check_table,
    read_toml,
    text3,
)

GAMES = ("fate_votes", "mind_swap", "school_mystery")


@dataclass(frozen=True)
class Step:
    """One step of a tutorial."""

    id: str
    text: dict[str, str]  # lang -> what to do now, for a newcomer
    expect: dict[str, Any] | None = None  # the action pattern a *do* step waits for (None: a *read* step)
    ring: tuple[tuple[str, ...], ...] = ()  # node-id pattern groups to ring (the first group on screen)
    touch: tuple[str, ...] = ()  # node-id patterns a press may start on
    pick: str = ""  # how the goal action is chosen among the legal matches ("" = the first; else a game's rule)
    confirm: bool = False  # done from the card: its button sends the goal action (with ``say`` filled in)
    say: dict[str, str] | None = None  # lang -> the sample text a confirm step sends in the action's text field

    @property
    def reads(self) -> bool:
        return self.expect is None


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game: the practice table and its steps."""

    game: str
    players: int
    seed: int
    bot_level: str
    bot_delay: float
    options: dict[str, Any] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()

    def step(self, step_id: str) -> Step:
        return next(s for s in self.steps if s.id == step_id)


def _pattern(file: str, entry: str, value: Any, what: str) -> str:
    if not isinstance(value, str) or not value or any(not part for part in value.split(":")):
        raise ContentError(file, entry, f"{what} {value!r} must be a node pattern like 'button:ready' or 'plate:$seat'")
    return value


def _step(file: str, index: int, raw: Any, seen: set[str]) -> Step:
    entry = f"step[{index}]"
    raw = check_table(file, entry, raw)
    sid = raw.get("id")
    if not isinstance(sid, str) or not sid.strip():
        raise ContentError(file, entry, "id must be a non-empty string")
    entry = f"step {sid!r}"
    if sid in seen:
        raise ContentError(file, entry, "id is used twice")
    seen.add(sid)
    text = text3(file, entry, raw.get("text"))
    unknown = set(raw) - {"id", "text", "next", "expect", "ring", "touch", "pick", "confirm", "say"}
    if unknown:
        raise ContentError(file, entry, f"unknown fields {sorted(unknown)}")
    if raw.get("next") is True:
        if any(k in raw for k in ("expect", "ring", "touch", "confirm", "say")):
            raise ContentError(file, entry, "a read step (next = true) has no expect, ring, touch, confirm or say")
        return Step(sid, text)
    expect = raw.get("expect")
    if not isinstance(expect, dict) or not isinstance(expect.get("type"), str):
        raise ContentError(file, entry, "needs next = true, or expect = { type = ... } (the action to send)")
    ring = tuple(tuple(_pattern(file, entry, p, "ring") for p in check_list(file, entry, g, "ring group"))
                 for g in check_list(file, entry, raw.get("ring", []), "ring"))
    touch = tuple(_pattern(file, entry, p, "touch") for p in check_list(file, entry, raw.get("touch", []), "touch"))
    confirm = raw.get("confirm", False)
    if not isinstance(confirm, bool):
        raise ContentError(file, entry, "confirm must be true or false")
    say = text3(file, entry, raw["say"], "say") if "say" in raw else None
    if say is not None and not confirm:
        raise ContentError(file, entry, "say (a sample text) needs confirm = true (the card's button sends it)")
    if not all(ring) or (not ring and not confirm):
        raise ContentError(file, entry, "ring must name at least one group of nodes to highlight")
    if not touch and not confirm:
        raise ContentError(file, entry, "touch must name where the player may press")
    pick = raw.get("pick", "")
    if not isinstance(pick, str):
        raise ContentError(file, entry, "pick must be a string")
    return Step(sid, text, dict(expect), ring, touch, pick, confirm, say)


def load(game: str) -> Tutorial:
    """The tutorial of ``game`` (raises :class:`ContentError` naming the file and step at fault)."""
    if game not in GAMES:
        raise ContentError(f"{game}/tutorial.toml", "(file)", "no such game")
    file = f"{game}/tutorial.toml"
    data = read_toml(file)
    players = check_int(file, "players", data.get("players"), "players", 2, 12)
    seed = check_int(file, "seed", data.get("seed"), "seed", 0, 2 ** 62)
    level = data.get("bot_level", "normal")
    if not isinstance(level, str):
        raise ContentError(file, "bot_level", "must be a string")
    delay = data.get("bot_delay", 0.8)
    if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 10:
        raise ContentError(file, "bot_delay", "must be a number of seconds in 0..10")
    options = check_table(file, "options", data.get("options", {}))
    seen: set[str] = set()
    steps = tuple(_step(file, i, raw, seen) for i, raw in enumerate(check_list(file, "step", data.get("step"), "step")))
    if not any(not s.reads for s in steps):
        raise ContentError(file, "step", "a tutorial needs at least one step with an action")
    if not steps[-1].reads:
        raise ContentError(file, "step", "the last step is a read step (its Next ends the tutorial)")
    return Tutorial(game, players, seed, level, float(delay), dict(options), steps)
