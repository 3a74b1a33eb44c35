"""Hypothesis state machines over the registered games.

One ``RuleBasedStateMachine`` per game. Hypothesis builds a table (seat count,
seed, listed options) and then interleaves:

* a legal action of a seat that can act (chosen by Hypothesis from ``legal_actions``),
* every seat that can act acting once, one to three times over (so runs reach the end),
* a clock running out (``timeout_actions``), when the game has such actions now,
* an attempted illegal action — malformed shapes, a field of the wrong type, garbage or
  spliced field values, missing or extra fields, bad seats, other seats' actions and
  actions that were legal earlier — which must raise ``RuleError`` with a namespaced
  code and leave the state byte for byte. Games whose ``legal_actions`` lists one
  representative of a family (free text, any card of a type, pairs in either order)
  set ``exact_legal = False``: for them only surely illegal attempts must be rejected
  (bad seat, game over, malformed, wrong field type, a type not offered to the seat).

After every apply: the input state was not mutated, the new state and every viewer's
events are msgpack-able, and the game's state and step checks hold. After every rule,
on the current state: the views pass the game's ``leaks()`` check and are
deterministic, the spectator has no hand, and somebody can act unless the game is
over. Views are checked for every viewer whenever a new step, turn or the end
begins; after a single submission inside a step, for the table, the actor and two
other seats in turn (to keep the file fast). At the end of each run the whole action
list is replayed from setup and must give the same state.

fate_votes adds: hand sizes follow the rounds' discards, votes ≥ 0 at round
boundaries, tokens never negative and never increasing, cards conserved between
hands, discards and the hidden round-4 pile, and the public discard log matching
what the seats discarded.

Budget: about 20 s CPU for the file; raise ``max_examples`` locally to dig deeper.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, ClassVar

import msgpack
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from shared.engine import REGISTRY, RuleError

CODE = re.compile(r"[a-z][a-z0-9_]*/[a-z][a-z0-9_]*")
SETTINGS = settings(max_examples=30, stateful_step_count=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
LONG_GAME_SETTINGS = settings(SETTINGS, max_examples=20)  # each step plays several whole turns

GARBAGE = st.one_of(
    st.sampled_from([None, True, False, -1, 10**9, -2**63, 2**64 - 1, 1.5, "", "???", "x" * 60, b"\x00",
                     [], [None], [[]], {}, {"deep": [[[[[[[[1]]]]]]]]}]),
    st.integers(-3, 20), st.text(max_size=8), st.lists(st.one_of(st.integers(-1, 20), st.text(max_size=8)),
                                                        max_size=3),
)
MISTYPED = (None, True, 3, -1, 1.5, "x", "", [], [None], [[[[[[[[1]]]]]]]], {}, {"k": 1}, b"\x00")
MALFORMED = st.one_of(
    st.just({}), st.just({"type": 42}), st.just({"type": None}), st.just({"type": "no_such_action"}),
    st.builds(lambda t: {"type": t}, st.text(max_size=50)),
    st.just({"type": "x", "nested": [[[[[[[[[1]]]]]]]]]}),
    st.one_of(st.none(), st.integers(), st.text(max_size=10), st.lists(st.integers(), max_size=3)),
)


def _kind_of(x: Any) -> str:
    return "int" if type(x) is int else type(x).__name__


def pack(x: Any) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


class GameMachine(RuleBasedStateMachine):
    """The checks every game gets; subclasses name the game and add their own invariants."""

    game: ClassVar[str]
    exact_legal: ClassVar[bool] = True  # every action not listed by legal_actions is rejected
    strict_fields: ClassVar[bool] = True  # a missing or unknown extra field is an error
    unlisted_types: ClassVar[tuple[str, ...]] = ()  # types accepted even when legal_actions omits them
    burst: ClassVar[int] = 1  # rounds of "every mover acts" per step (turn-based games need more)
    spectator_private_keys: ClassVar[tuple[str, ...]] = ("hand",)

    def __init__(self) -> None:
        super().__init__()
        self.spec = REGISTRY[self.game]
        self.state: dict[str, Any] = {}
        self.setup_args: tuple[int, int, dict[str, Any]] = (0, 0, {})
        self.history: list[tuple[int, dict[str, Any]]] = []
        self.seen: list[dict[str, Any]] = []  # actions that were legal for somebody at some point
        self.seen_keys: set[bytes] = set()
        self.movers: set[int] = set()  # seats with legal actions in the current state
        self.unchecked: set[int | None] = set()  # viewers whose views changed since the last check

    # --- helpers -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state["players"]

    def over(self) -> bool:
        return self.spec.is_over(self.state)

    def legal(self) -> dict[int, list[dict[str, Any]]]:
        return {s: self.spec.legal_actions(self.state, s) for s in range(self.players)}

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        """Apply and check one step; the new state becomes current."""
        before = self.state
        packed = pack(before)
        movers_before = self.movers
        after, events = self.spec.apply(before, seat, action)
        assert pack(before) == packed, f"apply mutated its input state ({seat}, {action})"
        pack(after)
        for viewer in [None, *range(self.players)]:
            pack(self.spec.events_for(events, viewer))
        self.check_step(before, after, events)
        self.check_state(after)
        self.state = after
        self.history.append((seat, action))
        legal = self.legal()
        movers = self.movers = {s for s, acts in legal.items() if acts}
        n = self.players
        if not movers <= movers_before or not movers:  # a new step, turn or the end: everybody's view
            self.unchecked.update([None, *range(n)])
        else:  # one submission inside a step: the actor, the table and two other seats in turn
            k = len(self.history)
            self.unchecked.update([None, seat, k % n, (k + n // 2) % n])
        for acts in legal.values():
            for a in acts[:4]:
                key = pack(a)
                if key not in self.seen_keys and len(self.seen) < 100:
                    self.seen_keys.add(key)
                    self.seen.append(a)

    def check_step(self, before: dict[str, Any], after: dict[str, Any], events: list[dict]) -> None:
        """Game-specific checks of one transition."""

    def check_state(self, state: dict[str, Any]) -> None:
        """Game-specific invariants of a state."""

    def draw_illegal(self, data: st.DataObject, seat: int, legal: dict[int, list[dict]]) -> tuple[str, Any]:
        """(kind, action): a malformed action; a legal one with a field of the wrong type, garbled,
        trimmed, padded or spliced in from another action; another seat's; or an earlier one."""
        mine = legal.get(seat, [])
        others = [a for s, acts in legal.items() if s != seat for a in acts]
        kinds = ["malformed"]
        if mine:
            kinds += ["mistyped", "garbled", "trimmed", "padded", "spliced", "spliced"]
        kinds += ["other_seat", "other_seat"] if others else []
        kinds += ["earlier"] if self.seen else []
        kind = data.draw(st.sampled_from(kinds), label="kind")
        if kind == "malformed":
            return kind, data.draw(MALFORMED, label="action")
        if kind == "other_seat":
            return kind, data.draw(st.sampled_from(others), label="action")
        if kind == "earlier":
            return kind, data.draw(st.sampled_from(self.seen), label="action")
        action = data.draw(st.sampled_from(mine), label="legal action")
        if kind == "padded":
            return kind, {**action, "extra_field": data.draw(GARBAGE, label="value")}
        fields = sorted(k for k in action if k != "type") or ["type"]
        key = data.draw(st.sampled_from(fields), label="field")
        if kind == "trimmed":
            return kind, {k: v for k, v in action.items() if k != key}
        if kind == "mistyped":
            wrong = [v for v in MISTYPED if _kind_of(v) != _kind_of(action[key])]
            if action[key] is None:  # an optional field: only values no game uses
                wrong = [v for v in wrong if _kind_of(v) in ("float", "bytes", "dict")]
            return kind, {**action, key: data.draw(st.sampled_from(wrong), label="value")}
        if kind == "spliced":
            values = [a[key] for a in others + self.seen if key in a and a[key] != action[key]]
            choices = [st.sampled_from(values)] if values else []
            if type(action[key]) is int:  # the actor's own seat, any seat number, or just outside
                choices += [st.just(seat), st.integers(-2, self.players + 1)]
            if choices:
                return kind, {**action, key: data.draw(st.one_of(*choices), label="value")}
        return "garbled", {**action, key: data.draw(GARBAGE, label="value")}

    def must_reject(self, kind: str, seat: int, action: Any, legal: list[dict]) -> bool:
        """Is this action surely illegal for ``seat``, given how exactly the game lists its actions?"""
        if kind in ("malformed", "mistyped") or self.exact_legal:
            return True
        if kind in ("trimmed", "padded") and self.strict_fields:
            return True
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return True
        return action["type"] not in {a["type"] for a in legal} | set(self.unlisted_types)

    # --- rules (none has a precondition: a run that reaches the end keeps trying actions) ----------
    @initialize(data=st.data())
    def new_table(self, data: st.DataObject) -> None:
        spec = self.spec
        players = data.draw(st.integers(spec.min_seats, spec.max_seats), label="players")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        options = {o.name: data.draw(st.sampled_from(o.choices), label=o.name) for o in spec.options if o.choices}
        self.setup_args = (players, seed, options)
        self.state = spec.setup(players, seed, options)
        self.unchecked.update([None, *range(players)])
        self.movers = {s for s, acts in self.legal().items() if acts}
        self.check_state(self.state)

    @rule(data=st.data())
    def one_legal_action(self, data: st.DataObject) -> None:
        if self.movers:
            seat = data.draw(st.sampled_from(sorted(self.movers)), label="seat")
            acts = self.spec.legal_actions(self.state, seat)
            self.apply(seat, data.draw(st.sampled_from(acts), label="action"))

    @rule(data=st.data(), steps=st.integers(1, 3))
    def every_mover_acts(self, data: st.DataObject, steps: int) -> None:
        """Every seat that can act does, once; ``steps * burst`` times over (so games reach their end)."""
        for _ in range(steps * self.burst):
            for seat in sorted(self.movers):
                acts = self.spec.legal_actions(self.state, seat)
                if acts:
                    self.apply(seat, data.draw(st.sampled_from(acts), label=f"action of {seat}"))

    @rule()
    def timer_runs_out(self) -> None:
        """What the server plays when a clock runs out (also for games whose clock is not ``timer``)."""
        if not self.over():
            for seat, action in self.spec.timeout_actions(self.state):
                self.apply(seat, action)

    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        n = self.players
        idle = [s for s in range(n) if s not in self.movers]
        seats = [st.sampled_from(group) for group in (sorted(self.movers), idle) if group]
        seat = data.draw(st.one_of(*seats, st.sampled_from([-1, n, 99, True, None, "0"])), label="seat")
        valid_seat = type(seat) is int and 0 <= seat < n
        legal = self.legal()
        kind, action = self.draw_illegal(data, seat if valid_seat else -1, legal)
        if valid_seat and action in legal[seat]:
            return  # happened to be legal
        surely = not valid_seat or self.over() or self.must_reject(kind, seat, action, legal[seat])
        packed = pack(self.state)
        try:
            after, events = self.spec.apply(self.state, seat, action)  # type: ignore[arg-type]
        except RuleError as err:
            assert CODE.fullmatch(err.code), f"error code {err.code!r} is not namespaced"
            assert err.message
            pack(err.to_wire())
        else:
            assert not surely, f"seat {seat!r} may play the illegal ({kind}) action {action!r}"
            event(f"{self.game}: a {kind} action not listed as legal was accepted")
            pack(after)
            pack(events)
        assert pack(self.state) == packed, f"apply changed its input state: {action!r}"

    # --- invariants ----------------------------------------------------------------------
    @invariant()
    def views_are_safe_and_deterministic(self) -> None:
        leaks = getattr(self.spec.rules, "leaks", None)
        viewers = sorted(self.unchecked, key=lambda v: -1 if v is None else v)
        self.unchecked.clear()
        for viewer in viewers:
            v = self.spec.view(self.state, viewer)
            assert pack(v) == pack(self.spec.view(self.state, viewer)), f"view of {viewer} is not deterministic"
            if leaks is not None:
                found = leaks(self.state, viewer, v)
                assert not found, f"view of {viewer} leaks: {found}"
            if viewer is None:
                for key in self.spectator_private_keys:
                    assert not v.get(key), f"the spectator view has a {key!r}"

    @invariant()
    def somebody_acts_until_the_end(self) -> None:
        if not self.state:
            return
        movers = self.movers
        if self.over():
            assert not movers, "legal actions after the end"
            pack(self.spec.result(self.state))
        else:
            assert movers, "nobody can act but the game is not over"

    def teardown(self) -> None:
        if not self.state:
            return
        event("game over" if self.over() else "game not over")
        players, seed, options = self.setup_args
        s = self.spec.setup(players, seed, options)
        for seat, action in self.history:
            s, _ = self.spec.apply(s, seat, action)
        assert pack(s) == pack(self.state), "replaying the same actions gave another state"


# --- fate_votes --------------------------------------------------------------------------------
class FateVotesMachine(GameMachine):
    game = "fate_votes"

    def check_step(self, before: dict[str, Any], after: dict[str, Any], events: list[dict]) -> None:
        assert after["log"][:len(before["log"])] == before["log"], "the public log was rewritten"
        assert after["round"] >= before["round"]
        for b, a in zip(before["tokens"], after["tokens"]):
            assert 0 <= a <= b, f"tokens went from {before['tokens']} to {after['tokens']}"

    def check_state(self, s: dict[str, Any]) -> None:
        from shared.games.fate_votes.rules import DISCARDS, TOKENS
        from shared.games.fate_votes.winning import CARDS, RANK

        n, r = s["players"], s["round"]
        assert all(0 <= t <= TOKENS for t in s["tokens"])
        if s["phase"] in ("discussion", "choose", "over"):
            assert all(v >= 0 for v in s["votes"]), f"negative votes at a round boundary: {s['votes']}"
        all_cards: Counter[str] = Counter()
        for seat in range(n):
            hand, own = s["hands"][seat], s["own"][seat]
            assert hand == sorted(set(hand), key=RANK.__getitem__)
            rounds = [d["round"] for d in own]
            assert rounds == sorted(set(rounds)), f"seat {seat} discarded twice in a round: {own}"
            past = [x for x in range(1, min(r, 5)) if DISCARDS[x]]
            assert [x for x in rounds if x < r] == past, f"seat {seat} skipped a round's discard: {own}"
            assert all(len(d["cards"]) == DISCARDS[d["round"]] for d in own)
            size = len(CARDS) - sum(DISCARDS[1:r]) - (DISCARDS[r] if r in rounds else 0)
            assert len(hand) == size, f"seat {seat} holds {len(hand)} cards in round {r}"
            all_cards.update(hand)
            all_cards.update(c for d in own for c in d["cards"])
        assert all_cards == Counter({c: n for c in CARDS}), "cards appeared or vanished"
        # the discard piles: what the log shows (or hides) is exactly what the seats discarded
        own_of = {(d["round"], d["as"]): [] for seat in range(n) for d in s["own"][seat]}
        for seat in range(n):
            for d in s["own"][seat]:
                own_of[(d["round"], d["as"])].append((seat, d["cards"]))
        for entry in s["log"]:
            if entry["type"] == "strike_discards":
                got = [(x["seat"], x["cards"]) for x in entry["discards"]]
                assert got == own_of.get((entry["round"], "strike"), [])
            elif entry["type"] == "voter_discards":
                assert entry["face_down"] == (entry["round"] == 4) and (entry["cards"] is None) == entry["face_down"]
                cards = sorted((c for _, cs in own_of.get((entry["round"], "vote"), []) for c in cs), key=RANK.__getitem__)
                assert entry["count"] == len(cards)
                assert (s["hidden"] if entry["face_down"] else entry["cards"]) == cards
        if r < 5:
            assert s["hidden"] == []


class MindSwapMachine(GameMachine):
    """Turn-based; ``apply`` also accepts any card instance of a listed type, pairs in either order and
    relocation sets beyond the listed spread, so only surely illegal actions must be rejected."""

    game = "mind_swap"
    exact_legal = False
    strict_fields = False
    burst = 4


class SchoolMysteryMachine(GameMachine):
    """Free-text and position families are listed once with a placeholder, and the table actions are
    accepted from anyone at any time in play (set_tone from anyone during setup)."""

    game = "school_mystery"
    exact_legal = False
    strict_fields = False
    unlisted_types = ("set_tone", "add_note", "edit_card", "move_card", "link_cards", "unlink_cards")


TestFateVotes = FateVotesMachine.TestCase
TestFateVotes.settings = SETTINGS
TestMindSwap = MindSwapMachine.TestCase
TestMindSwap.settings = LONG_GAME_SETTINGS
TestSchoolMystery = SchoolMysteryMachine.TestCase
TestSchoolMystery.settings = SETTINGS


def test_every_listed_game_has_a_state_machine() -> None:
    covered = {m.game for m in GameMachine.__subclasses__()}
    assert {g for g, spec in REGISTRY.items() if spec.listed} <= covered
