"""school_mystery ``pass_step``: the duty seat leaves a narrative step to another player, once."""
from __future__ import annotations

import pytest
from school_mystery_helpers import SPEC, act, answer_all, new_table, types

from shared.engine import RuleError


def _refused(state: dict, by: int, code: str, to: object) -> None:
    with pytest.raises(RuleError) as e:
        act(state, by, type="pass_step", seat=to)
    assert e.value.code == code


def test_a_duty_step_is_passed_once_and_its_new_holder_does_it() -> None:
    state = answer_all(new_table(3))
    state, _ = act(state, 0, type="move", location=2)
    assert state["tasks"][0] == {"kind": "atmosphere", "seat": 0, "location": 2}
    _refused(state, 1, "action/not_your_turn", 2)  # only the step's holder passes it
    _refused(state, 0, "action/illegal_target", 0)  # to somebody else
    _refused(state, 0, "action/illegal_target", 3)
    _refused(state, 0, "action/bad_shape", "1")
    state, ev = act(state, 0, type="pass_step", seat=2)
    assert ev == [{"type": "step_passed", "kind": "atmosphere", "suit": "hearts", "seat": 0, "to": 2}]
    assert state["tasks"][0]["seat"] == 2 and state["tasks"][0]["passed"]
    _refused(state, 2, "action/illegal", 1)  # passed once: its holder does it
    assert [a["type"] for a in SPEC.legal_actions(state, 2)] == ["answer_atmosphere"]
    state, ev = act(state, 2, type="answer_atmosphere", text="dusty")
    card = next(e for e in ev if e["type"] == "info_card")["card"]
    assert card["by"] == 2 and card["text"] == "dusty"
    state, _ = act(state, 0, type="pass_step", seat=1)  # the ♦ draw
    state, ev = act(state, 1, type="draw_card")
    assert types(ev) == ["card_drawn"] and state["tasks"][0]["seat"] == 1 and state["tasks"][0]["kind"] == "pick"
    _refused(state, 1, "action/illegal", 0)  # the pick that follows a passed draw stays with it


def test_personal_steps_are_not_passed() -> None:
    state = answer_all(new_table(3))
    state, _ = act(state, 0, type="move", location=2)
    state = dict(state, tasks=[{"kind": "condition", "seat": 0}])
    _refused(state, 0, "action/wrong_phase", 1)


@pytest.mark.parametrize("lang,want", [("en", "leaves the ♦ phenomenon step to"), ("ja", "♦現象 の手番を"),
                                       ("zh", "♦现象 这一步交给了")])
def test_the_log_says_who_took_the_step_over(lang: str, want: str) -> None:
    from shared.games.school_mystery import describe
    ev = {"type": "step_passed", "kind": "draw", "suit": "diamonds", "seat": 1, "to": 0}
    line = describe.event_text(ev, {"students": [None, None]}, SPEC.content(), lang)
    assert line and want in line and "{" not in line
