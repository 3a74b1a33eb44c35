"""The handlers and checking helpers that take an action's common case in one condition (and make their checks
one by one only when that fails) refuse exactly as the checks one by one do: the same first error (code,
message, params), whatever the state, seat or odd field."""
from __future__ import annotations

from typing import Any

from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.games.school_mystery import rules as R
from shared.rng import Rng

ODD = [None, True, *range(-1, 8), 10**30, "x", "", " ", "a" * 501, 2.0, [1], {"a": 1}]


def _error(fn: Any, *args: Any) -> tuple | None:
    try:
        fn(*args)
    except RuleError as err:
        return (err.code, err.message, err.params)
    return None


def _need_task_written_out(state: dict, seat: int, *kinds: str) -> dict:
    """The pending step's checks one by one, as ``R._need_task`` makes them when its one-condition common
    case fails (the oracle for that case)."""
    if state["phase"] not in R.PLAY_PHASES or state["roll"] is not None or not state["tasks"]:
        raise R._err("action/wrong_phase", "nothing of that kind is pending", phase=state["phase"])
    task = state["tasks"][0]
    if task["kind"] not in kinds:
        raise R._err("action/wrong_phase", "another step comes first", pending=task["kind"])
    if task["seat"] != seat:
        raise R._err("action/not_your_turn", "that is another player's step", seat=task["seat"])
    return task


def _need_roll_written_out(state: dict, seat: int, stage: str, roller_only: bool = True) -> dict:
    """The roll's checks one by one, as ``R._need_roll`` makes them when its one-condition common case fails
    (the oracle for that case)."""
    roll = state["roll"]
    if roll is None or state["phase"] not in ("investigation", "resolution"):
        raise R._err("action/wrong_phase", "no roll is in progress")
    if roll["stage"] != stage:
        raise R._err("action/wrong_phase", f"the roll is not at the {stage} stage")
    if roller_only and seat != roll["roller"]:
        raise R._err("action/not_your_turn", "only the roller may do that", seat=roll["roller"])
    return roll


def _helper_error(state: dict, seat: int, action: dict) -> tuple | None:
    """The error the written-out checks give first for the fields the inline checks look at."""
    kind = action["type"]
    if kind == "draw_card":
        return _error(_need_task_written_out, state, seat, "draw")
    if kind == "choose_option":
        return _error(_need_task_written_out, state, seat, "pick")
    if kind in ("take_condition", "answer_atmosphere", "accept_card"):
        step = {"take_condition": "condition", "answer_atmosphere": "atmosphere", "accept_card": "pick"}[kind]
        return _error(_need_task_written_out, state, seat, step)
    if kind in ("roll_dice", "accept_roll"):
        return _error(_need_roll_written_out, state, seat, "declared" if kind == "roll_dice" else "rolled")
    if kind == "help":
        return _error(_need_roll_written_out, state, seat, "declared", False) or (
            None if R._can_help(state, seat) else
            ("action/illegal", "you cannot help this roll (once per subject, before the roll)", {}))
    if kind == "answer_question":
        def checks() -> None:
            if state["phase"] != "introduction" or state["roll"] is not None or state["tasks"]:
                R._need_phase(state, "introduction")
                R._need_calm(state)
            R._int(action, "index", 0, max(len(state["answers"]) - 1, 0))
            if not state["answers"]:
                raise R._err("action/illegal_target", "this subject has no questions")
            R._text(action, "text")
        return _error(checks)
    if kind == "move":
        def leave() -> None:
            R._can_leave_now(state)
            loc = R._int(action, "location", 1, 10 + len(state["custom_locations"]))
            if loc not in R._move_targets(state):
                raise R._err("action/illegal_target", "you can only declare a move to another public location",
                             location=loc)
        return _error(leave)
    if kind in ("link_cards", "add_note"):
        return _error(R._need_play, state)
    return None


def _walk(players: int, seed: int) -> list[tuple[dict, int]]:
    """The states of one game of the sensible bots, with the seat that moved."""
    spec = REGISTRY["school_mystery"]
    bot = spec.bots()["sensible"]
    rng = Rng.from_seed(seed)
    state = spec.setup(players, seed, spec.option_defaults())
    out = []
    for turn in range(400):
        if R.is_over(state):
            break
        for k in range(players):
            seat = (turn + k) % players
            legal = R.legal_actions(state, seat)
            if legal:
                action = bot(R.view(state, seat), legal, rng) or rng.choice(legal)
                try:
                    new, _ = R.apply(state, seat, action)
                except RuleError:
                    new, _ = R.apply(state, seat, action := rng.choice(legal))
                out.append((state, seat))
                state = new
                break
    return out


def test_inline_checks_refuse_as_the_helpers() -> None:
    rng = Rng.from_seed(7)
    checked = refused = 0
    for state, mover in _walk(3, 11)[::2]:
        for seat in range(state["players"]):
            for kind in ("draw_card", "choose_option", "roll_dice", "accept_roll", "help", "answer_question",
                         "link_cards", "add_note", "move", "take_condition", "answer_atmosphere", "accept_card"):
                actions = [{"type": kind, "option": rng.choice(ODD), "index": rng.choice(ODD),
                            "text": rng.choice(ODD), "a": rng.choice(ODD), "b": rng.choice(ODD),
                            "location": rng.choice(ODD)}
                           for _ in range(2)]
                actions.append({"type": kind, "option": 1, "index": 0, "text": "ok", "location": 1})
                if kind in ("answer_question", "choose_option", "move"):  # every odd index, option and place
                    actions += [{"type": kind, "option": odd, "index": odd, "text": "ok", "location": odd}
                                for odd in ODD]
                for action in actions:
                    expected = _helper_error(state, seat, action)
                    got = _error(R.apply, state, seat, action)
                    checked += 1
                    if expected is not None:
                        refused += 1
                        assert got == expected, (kind, seat, action)
    assert checked > 1000 and refused > 500
