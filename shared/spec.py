"""The contract every game implements, and the spec that wraps it.

A game's rules module provides plain functions over plain-data states (dicts and
lists that msgpack can carry)::

    setup(players: int, seed: int, options: dict, content: Any) -> state
    legal_actions(state, seat: int) -> list[action]        # [] when seat has nothing to do
    apply(state, seat: int, action: dict) -> (state, events)  # pure; RuleError if illegal
    view(state, seat: int | None) -> dict                  # None = spectator / table display
    is_over(state) -> bool
    result(state) -> dict                                  # winners, scores, why

Optional hooks: ``timer(state) -> float | None`` (seconds of a real-time phase,
e.g. a discussion), ``timeout_actions(state) -> list[(seat, action)]`` (what the
server applies when that timer runs out), ``legal_seats(before, after) -> seats``
(whose legal actions an action may have changed; the server recomputes only those),
``chat_open(state, seat) -> bool`` (whether a seat may talk at the table now; absent = always)
and ``replay(state, [(seat, action), ...]) -> state`` (a fast path for rebuilding a
table from its journal: same final state as ``apply`` step by step). ``view_shared(state) -> dict`` and
``view_owns(state) -> sequence of dicts`` (both or neither) split a seat's view into the part every seat
shares and its own (``view_owns(state)[seat]``): ``view(state, seat)`` must be
``{**view_shared(state), **view_owns(state)[seat]}`` (the same keys
in the same order, the two parts' keys disjoint; the game builds ``view`` from them so they cannot disagree),
and the server may then pack the shared part once per broadcast and splice each seat's own part behind it.

States are values: ``apply`` returns a new state and nothing changes a state in place afterwards.
Games rely on it (fate_votes, mind_swap and school_mystery remember views, legal lists and text sizes
per state object), so code that builds a state for a test or a scene changes a copy
(``copy.deepcopy``), never a state it already showed; views are read-only too (parts are shared).

Events are dicts with a ``type``; an event may carry ``"vis": [seats]`` to be seen
only by those seats (absent = public). :func:`events_for` applies it; every
event that leaves the server goes through it.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from shared.errors import RuleError, echo

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]
Bot = Callable[[dict, list, Any], "Action | None"]  # (view, legal_actions, rng) -> action, or None to wait

MAX_ACTION_DEPTH = 6


@dataclass(frozen=True)
class OptionSpec:
    """One game option: default, allowed values (or None for free), and labels."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    labels: dict[str, str] = field(default_factory=dict)  # lang -> label
    min: int | None = None
    max: int | None = None
    # value -> lang -> label, for choices (and presets of a free option) shown by name in the lobby
    choice_labels: dict[Any, dict[str, str]] = field(default_factory=dict)

    def check(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            raise RuleError("setup/bad_option", f"option {self.name!r} must be one of {list(self.choices)}",
                            option=self.name)
        if isinstance(self.default, bool) and not isinstance(value, bool):
            raise RuleError("setup/bad_option", f"option {self.name!r} must be true or false", option=self.name)
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if not isinstance(value, int) or isinstance(value, bool):
                raise RuleError("setup/bad_option", f"option {self.name!r} must be a whole number",
                                option=self.name)
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise RuleError("setup/bad_option", f"option {self.name!r} must be in {self.min}..{self.max}",
                                option=self.name)
        return value


def choice_option(name: str, default: Any, labels: dict[str, str],
                  choice_labels: dict[Any, dict[str, str]]) -> OptionSpec:
    """An option whose allowed values are exactly the ones ``choice_labels`` names, in its order (the lobby shows
    each by its label): the list of values is written once."""
    return OptionSpec(name, default, tuple(choice_labels), labels, choice_labels=choice_labels)


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events one viewer may see: drops those whose ``vis`` excludes them."""
    out = []
    for ev in events:
        vis = ev.get("vis")
        if vis is None:
            out.append(ev)
        elif seat is not None and seat in vis:
            out.append({k: v for k, v in ev.items() if k != "vis"})
    return out


_CONTAINERS = (dict, list, tuple)


_FLAT = frozenset((str, int, float, bool, type(None), bytes))  # exact types that hold nothing


def _too_deep(x: Any, limit: int) -> bool:
    """Whether the container ``x`` nests containers more than ``limit`` levels deep (itself included)."""
    if limit <= 0:
        return True
    if type(x) is dict and _FLAT.issuperset(map(type, x.values())) and _FLAT.issuperset(map(type, x)):
        return False  # a flat map (most actions), checked at C speed
    for child in (x.values() if isinstance(x, dict) else x):
        if isinstance(child, _CONTAINERS) and _too_deep(child, limit - 1):
            return True
    if isinstance(x, dict):
        for key in x:
            if isinstance(key, _CONTAINERS) and _too_deep(key, limit - 1):
                return True
    return False


class _RulesModule:
    """``GameSpec.rules``: the rules module, or the name of one, imported when the spec is first asked for it —
    the registry lists every game (names, seats, options) without importing any game's rules (the launcher's
    first frame needs none). ``import_module`` holds the import lock: two threads asking at once get one module.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_{name}"

    def __get__(self, obj: Any, owner: Any = None) -> ModuleType:
        if obj is None:
            raise AttributeError(self._slot[1:])  # (a dataclass field with no default)
        rules = obj.__dict__[self._slot]
        if isinstance(rules, str):
            rules = obj.__dict__[self._slot] = importlib.import_module(rules)
        return rules  # a module (or a test's stand-in with the same functions)

    def __set__(self, obj: Any, value: ModuleType | str) -> None:
        obj.__dict__[self._slot] = value


@dataclass
class GameSpec:
    """A registered game: names, seat range, options and its rules module.

    ``content_source`` ("module:function") names the loader, outside ``shared``, that
    turns the game's data files under ``assets/`` into typed content; it is called
    once, lazily, when ``setup`` is given no content. The rules never read files.
    """

    id: str
    names: dict[str, str]
    min_seats: int
    max_seats: int
    rules: _RulesModule = _RulesModule()  # the module, or its name ("shared.games.<id>.rules"): imported on first use
    options: tuple[OptionSpec, ...] = ()
    content_source: str | None = None
    bots_module: str | None = None
    listed: bool = True  # False for benchmark-only games
    ends: bool = True  # False for the never-ending benchmark game
    _content: Any = field(default=None, repr=False)
    _hooks: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def _hook(self, name: str) -> Any:
        """The rules' optional function ``name`` or None, looked up once (a missing module attribute
        costs an exception on every lookup)."""
        try:
            return self._hooks[name]
        except KeyError:
            fn = self._hooks[name] = getattr(self.rules, name, None)
            return fn

    # --- content and options -------------------------------------------------
    def content(self) -> Any:
        if self._content is None and self.content_source:
            mod, _, fn = self.content_source.partition(":")
            self._content = getattr(importlib.import_module(mod), fn)()
        return self._content

    def with_table_lang(self, options: dict[str, Any] | None, lang: str) -> dict[str, Any]:
        """``options`` plus the table's language (option ``lang``, where the game has it, it is unset and
        ``lang`` is one of its choices): what the game's bots write in. The one source of a table's
        language: a client creating a table passes its UI language here, and so does the server with a
        ``create``'s ``lang``."""
        out = dict(options or {})
        option = next((o for o in self.options if o.name == "lang"), None)
        if option is not None and "lang" not in out and (option.choices is None or lang in option.choices):
            out["lang"] = lang
        return out

    def option_defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        merged = self.option_defaults()
        for key, value in (options or {}).items():
            if key not in known:
                raise RuleError("setup/bad_option", f"unknown option {echo(key)!r}", option=echo(key))
            merged[key] = known[key].check(value)
        return merged

    # --- the contract ---------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None,
              content: Any = None) -> State:
        if not isinstance(players, int) or not self.min_seats <= players <= self.max_seats:
            raise RuleError("setup/bad_seats", f"{self.id} needs {self.min_seats}–{self.max_seats} players",
                            min=self.min_seats, max=self.max_seats)
        opts = self.resolve_options(options)
        return self.rules.setup(players, int(seed), opts, content if content is not None else self.content())

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            return []
        return self.rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Validate the envelope, then let the rules apply. Never mutates ``state``."""
        # each check's common case first at C speed (a plain int seat, a plain dict of plain values), the
        # written-out check only when that fails: the same errors for everything else
        if (type(seat) is not int or not 0 <= seat < state["players"]) and (
                not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]):
            raise RuleError("action/bad_seat", "that seat is not at this table", seat=seat)
        if (type(action) is not dict or type(action.get("type")) is not str) and (
                not isinstance(action, dict) or not isinstance(action.get("type"), str)):
            raise RuleError("action/bad_shape", "an action is a map with a 'type'")
        for key, value in action.items():
            if type(value) not in _FLAT or type(key) not in _FLAT:  # something nested: measure it
                if _too_deep(action, MAX_ACTION_DEPTH):
                    raise RuleError("action/bad_shape", "the action is nested too deeply")
                break
        if self.rules.is_over(state):
            raise RuleError("game/over", "the game is over")
        return self.rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.rules.view(state, seat)

    def view_split(self) -> tuple[Callable[[State], dict[str, Any]], Callable[[State], Sequence[dict[str, Any]]]] | None:
        """The rules' ``(view_shared, view_owns)`` when they have both hooks, else None (see the module docstring)."""
        shared, own = self._hook("view_shared"), self._hook("view_owns")
        return None if shared is None or own is None else (shared, own)

    def legal_seats(self, before: State, after: State) -> Iterable[int] | None:
        """The seats whose legal actions may differ between two successive states (None: any seat).

        From the rules' optional ``legal_seats(before, after)`` hook; a game without it
        has every seat's legal actions recomputed after each action.
        """
        fn = self._hook("legal_seats")
        return None if fn is None else fn(before, after)

    def wire_legal(self, state: State, seat: int, legal: list[Action]) -> list[Any]:
        """What delta connections get for ``legal`` (= ``legal_actions(state, seat)``): the rules'
        optional ``legal_compact(state, seat)`` (:func:`shared.legal.expand` gives the list back),
        else the list itself."""
        fn = self._hook("legal_compact")
        return legal if fn is None or not legal else fn(state, seat)

    def replay(self, state: State, actions: Iterable[tuple[int, Action]]) -> State:
        """The state after applying journaled (already accepted once) actions, without their events.

        Uses the rules' optional ``replay(state, actions)`` hook (which may skip events and
        intermediate copies); otherwise ``apply`` step by step. Raises RuleError if one does not apply.
        """
        fn = self._hook("replay")
        if fn is not None:
            return fn(state, actions)
        apply = self.rules.apply
        for seat, action in actions:
            state, _ = apply(state, seat, action)
        return state

    def is_over(self, state: State) -> bool:
        return self.rules.is_over(state)

    def result(self, state: State) -> dict[str, Any]:
        return self.rules.result(state)

    def events_for(self, events: list[Event], seat: int | None) -> list[Event]:
        return events_for(events, seat)

    def check_chat(self, state: State, seat: int | None) -> None:
        """Raise ``chat/closed`` when the rules' optional ``chat_open(state, seat)`` says the seat may not
        talk at the table now (fate_votes: only in a discussion). The server asks before it relays a line."""
        fn = self._hook("chat_open")
        if fn is not None and not fn(state, seat):
            raise RuleError("chat/closed", "the table talks only during the discussion", phase=state.get("phase"))

    def timer(self, state: State) -> float | None:
        fn = self._hook("timer")
        return fn(state) if fn else None

    def timeout_actions(self, state: State) -> list[tuple[int, Action]]:
        fn = self._hook("timeout_actions")
        return fn(state) if fn else []

    # --- bots ------------------------------------------------------------------
    def bots(self) -> dict[str, Bot]:
        """Bot name → ``bot(view, legal_actions, rng) -> action | None``; a bot sees only its view.

        ``None`` means "nothing useful to do until the table changes" (e.g. another
        player's step in a game where everyone always has free actions); the server
        asks that bot again after the next accepted action. A game whose bots may wait
        must make sure some seat's bot always acts, so an all-bot table never stalls.
        """
        if not self.bots_module:
            return {}
        return dict(importlib.import_module(self.bots_module).BOTS)

    def default_bot_level(self) -> str | None:
        """The level a bot gets when none is named: ``normal`` (see :mod:`shared.bots`), else the first."""
        bots = self.bots()
        for level in ("normal", "sensible"):
            if level in bots:
                return level
        return next(iter(bots), None)

    def bot_levels(self) -> list[str]:
        """The levels a player chooses from (easy, normal, strong), or every bot of a test game."""
        bots = self.bots()
        levels: list[str] = [lv for lv in ("easy", "normal", "strong") if lv in bots]
        return levels or list(bots)


def game_spec(package: str, names: dict[str, str], seats: tuple[int, int], options: tuple[OptionSpec, ...] = (),
              *, content: bool | str = True, listed: bool = True, ends: bool = True) -> GameSpec:
    """The spec of the game in the package ``package`` (``shared.games.<id>``; pass its ``__name__``), laid out as
    every game is: its rules in ``<package>.rules``, its bots' table ``BOTS`` in ``<package>.bots`` and, unless
    ``content`` is False, its content loaded by ``assets.loaders.<id>:load`` (or the "module:function" ``content``
    names); ``seats`` is (min, max)."""
    game_id = package.rpartition(".")[2]
    source = content if isinstance(content, str) else f"assets.loaders.{game_id}:load" if content else None
    return GameSpec(id=game_id, names=names, min_seats=seats[0], max_seats=seats[1],
                    rules=f"{package}.rules", options=options,  # imported on first use
                    content_source=source,
                    bots_module=f"{package}.bots", listed=listed, ends=ends)
