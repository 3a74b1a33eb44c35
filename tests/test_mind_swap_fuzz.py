"""mind_swap: any action a client can send is either legal or a RuleError, and never changes the input."""
from __future__ import annotations

import random

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.engine import REGISTRY, RuleError
from shared.games.mind_swap import rules

SPEC = REGISTRY["mind_swap"]


def _states() -> list[dict]:
    out = []
    for seed in range(6):
        r = random.Random(seed)
        s = SPEC.setup(2 + seed % 4, seed, {"entry": "all_at_start"} if seed % 2 else {})
        for _ in range(r.randint(0, 60)):
            if rules.is_over(s):
                break
            s, _ = rules.apply(s, s["turn"], r.choice(rules.legal_actions(s, s["turn"])))
        if not rules.is_over(s):
            out.append(s)
    return out


STATES = _states()
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.integers(), st.text(max_size=6),
                    st.sampled_from(list(rules.LOCS) + ["negi"]), st.floats(allow_nan=False))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3),
                                                                                             inner, max_size=3),
                      max_leaves=6)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "magic", "great_swap", "great_skip", "end_turn", "pass", ""])},
    optional={"card": values, "action": st.one_of(st.sampled_from(rules.PLAY_ACTIONS), values),
              "to": values, "take": values, "students": values, "student": values, "a": values, "b": values})


FIELDS = {"move_self": ("to", "take"), "move_negi": ("to",), "relocate": ("students",), "extra_magic": (),
          "bath": (), "event": ("student",)}


def canonical(state: dict, seat: int, action: dict) -> dict:
    """The listed form of an accepted action: lowest card id of its type, sorted targets, no extra keys."""
    kind = action["type"]
    if kind in ("magic", "great_swap"):
        a, b = sorted((action["a"], action["b"]))
        return {"type": kind, "a": a, "b": b}
    if kind != "play":
        return {"type": kind}
    ctype = state["ctypes"][action["card"]]
    card = min(c for c in state["hands"][seat] if state["ctypes"][c] == ctype)
    out = {"type": "play", "card": card, "action": action["action"]}
    for key in FIELDS[action["action"]]:
        out[key] = sorted(action[key]) if key == "students" else action.get(key)
    return out


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(STATES) - 1), st.integers(0, 5), actions)
def test_any_action_is_legal_or_rejected_cleanly(which: int, seat: int, action: dict) -> None:
    state = STATES[which]
    seat %= state["players"]
    before = msgpack.packb(state)
    try:
        new, events = SPEC.apply(state, seat, action)
    except RuleError as err:
        assert "/" in err.code and err.message
    else:
        assert seat == state["turn"]
        assert canonical(state, seat, action) in rules.legal_actions(state, seat), action
        msgpack.packb(new)
        msgpack.packb(events)
    assert msgpack.packb(state) == before
