"""fate_votes hidden information: every view and event of many random games, for every viewer."""
from __future__ import annotations

import copy
import random

import msgpack

from shared.engine import REGISTRY, events_for
from shared.games.fate_votes import rules

SPEC = REGISTRY["fate_votes"]
OWN_KEYS = ("hand", "my_pending", "my_discards", "legal")
PUBLIC_EVENT_KEYS = {
    "ready": {"type", "seat"}, "submitted": {"type", "seat", "phase"}, "phase": {"type", "round", "phase"},
    "roles": {"type", "round", "roles", "auto"}, "strike_discards": {"type", "round", "discards"},
    "strikes": {"type", "round", "targets", "votes", "tokens"},
    "votes": {"type", "round", "targets", "votes", "tokens"},
    "voter_discards": {"type", "round", "face_down", "count", "cards"},
    "round_end": {"type", "round", "clamped", "votes"},
    "final_step": {"type", "round", "seat", "choice", "target", "votes"},
    "final_reveal": {"type", "cards", "round4_voter_discards"},
    "game_over": {"type", "winners", "condition", "stories"},
}


def pack(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


def public_part(v: dict) -> dict:
    return {k: x for k, x in v.items() if k not in OWN_KEYS and k != "seat"}


def check_step(state: dict, events: list[dict]) -> None:
    n = state["players"]
    over = state["phase"] == "over"
    spectator = SPEC.view(state, None)
    assert "hand" not in spectator and "my_pending" not in spectator
    for viewer in [None, *range(n)]:
        v = SPEC.view(state, viewer)
        assert rules.leaks(state, viewer, v) == []
        # every seat sees the same public part as a spectator
        assert public_part(v) == public_part(spectator)
        packed = pack(public_part(v))
        if not over:
            assert v["final"] is None
            for s in range(n):
                if s != viewer and len(state["hands"][s]) >= 3:
                    assert pack(state["hands"][s]) not in packed
            if len(state["hidden"]) >= 2:
                no_log = pack({k: x for k, x in public_part(v).items() if k != "log"})
                assert pack(state["hidden"]) not in no_log
            for entry in v["log"]:
                if entry["type"] == "voter_discards" and entry["round"] == 4:
                    assert entry["cards"] is None
        if viewer is not None:
            assert v["hand"] == state["hands"][viewer]
            assert v["legal"] == rules.legal_actions(state, viewer)
        # others' pending submissions never appear; one's own only in my_pending
        if state["phase"] in rules.SECRET_PHASES:
            assert v["submitted"] == [s for s in range(n) if state["pending"][s] is not None]
            assert v.get("my_pending") == (state["pending"][viewer] if viewer is not None else None)
        for ev in events_for(events, viewer):
            if ev["type"] == "my_submission":
                assert ev["seat"] == viewer
            else:
                assert set(ev) == PUBLIC_EVENT_KEYS[ev["type"]], ev
            if ev["type"] == "voter_discards" and ev["round"] == 4:
                assert ev["cards"] is None


def test_every_view_of_random_games_hides_what_it_must() -> None:
    r = random.Random(2024)
    for game in range(18):
        n = 4 + game % 9  # every seat count 4..12, twice
        state = SPEC.setup(n, game, {})
        steps = 0
        while not SPEC.is_over(state):
            movers = [s for s in range(n) if SPEC.legal_actions(state, s)]
            seat = r.choice(movers)
            state, events = SPEC.apply(state, seat, r.choice(SPEC.legal_actions(state, seat)))
            check_step(state, events)
            steps += 1
        assert steps > 0


def test_leaks_catches_planted_leaks() -> None:
    r = random.Random(5)
    state = SPEC.setup(5, 1, {})
    # play until a secret discard is pending for seat 1 while seat 0 looks on
    while not (state["phase"] == "vote_discard" and state["pending"][1] is not None
               and state["pending"][0] is None):
        movers = [s for s in range(5) if SPEC.legal_actions(state, s)]
        seat = 1 if 1 in movers else (r.choice([m for m in movers if m != 0] or movers))
        state, _ = SPEC.apply(state, seat, r.choice(SPEC.legal_actions(state, seat)))
    clean = SPEC.view(state, 0)
    assert rules.leaks(state, 0, clean) == []

    def planted(change) -> list[str]:
        v = copy.deepcopy(clean)
        change(v)
        return rules.leaks(state, 0, v)

    assert planted(lambda v: v.__setitem__("extra", {"who": list(state["hands"][2])}))
    assert planted(lambda v: v["log"].append({"type": "peek", "seat": 1, "cards": state["pending"][1]}))
    assert planted(lambda v: v.__setitem__("peek", [{"seat": 1, "cards": state["pending"][1]}]))
    assert planted(lambda v: v.__setitem__("my_pending", state["pending"][1]))
    assert planted(lambda v: v.__setitem__("hands", state["hands"]))
    assert planted(lambda v: v["hand"].pop())
    assert rules.leaks(state, None, dict(SPEC.view(state, None), hand=state["hands"][0]))
    assert planted(lambda v: v.__setitem__("final", {"cards": ["rika"] * 5}))


def test_leaks_catches_a_view_function_that_reads_secrets(monkeypatch) -> None:
    state = SPEC.setup(4, 3, {})
    for seat in range(4):
        state, _ = SPEC.apply(state, seat, {"type": "ready"})
    state, _ = SPEC.apply(state, 1, {"type": "target", "seat": 2})
    honest = rules.view

    def leaky(st: dict, seat: int | None) -> dict:
        v = honest(st, seat)
        v["hint"] = sum(1 for p in st["pending"] if p == 2)  # a derived value that tells who was chosen
        return v

    monkeypatch.setattr(rules, "view", leaky)
    assert rules.leaks(state, 0, rules.view(state, 0))
    monkeypatch.setattr(rules, "view", honest)
    assert rules.leaks(state, 0, rules.view(state, 0)) == []
