"""school_mystery: the humans' claim on a step, items the table gives, conditions the table chooses.

Rule examples (seed 002): 「アイテムを所持していて、それを使用したとき」 (an item advantage needs an
item held), 「指示されていないときは全員で決めてください」 (a condition nobody named is chosen by all),
and the step a human may claim before a bot (``claim_step``/``pass_claim``; docs/bots.md).
"""
from __future__ import annotations

import pytest
from school_mystery_helpers import (
    SPEC,
    act,
    do_steps,
    force_dice,
    give_item,
    investigating,
    types,
)

from shared.claims import open_step
from shared.engine import RuleError
from shared.games.school_mystery.claims import claim_passes, claim_step

# --------------------------------------------------------------------------- the humans' claim on a step

def test_the_scenes_next_roll_is_a_claimable_step_until_a_roll_is_declared() -> None:
    state = investigating()
    key = claim_step(state)
    assert key == ["scene", state["scene"]["number"], 0]
    state, _ = act(state, 1, type="declare_roll", move="discover", stat="talk")
    assert claim_step(state) == ["help", state["scene"]["number"], 1]  # the friends may help before the throw
    state = force_dice(state, [1, 1])
    state, _ = act(state, 1, type="roll_dice")
    assert claim_step(state) is None  # thrown: the roller's (and its rival's) now
    state, _ = act(state, 1, type="accept_roll")
    state = do_steps(state)
    assert claim_step(state) == ["scene", state["scene"]["number"], 1]  # the next roll: a new step


def test_passes_close_the_window_for_every_human_or_at_once_with_let_the_bots_go() -> None:
    state = investigating(players=4)
    humans = [0, 2]
    assert open_step(SPEC, state, humans) == ("claim", *claim_step(state))
    assert {"type": "pass_claim"} not in SPEC.legal_actions(state, 0)  # a human's button, never listed
    state, ev = act(state, 0, type="pass_claim")
    assert ev == [{"type": "claim_passed", "seat": 0, "all": False}]
    assert claim_passes(state) == ([0], False)
    assert open_step(SPEC, state, humans) is not None  # seat 2 has not passed
    state, _ = act(state, 2, type="pass_claim")
    assert open_step(SPEC, state, humans) is None  # every human passed
    # a pass is for one step: the next one is open again
    state, _ = act(state, 1, type="declare_roll", move="discover", stat="talk")
    state = force_dice(state, [1, 1])
    state, _ = act(state, 1, type="roll_dice")
    state, _ = act(state, 1, type="accept_roll")
    state = do_steps(state)
    assert claim_passes(state) == ([], False) and open_step(SPEC, state, humans) is not None
    state, ev = act(state, 2, type="pass_claim", all=True)
    assert ev[0]["all"] is True and open_step(SPEC, state, humans) is None
    with pytest.raises(RuleError) as e:
        act(state, 0, type="pass_claim", all="yes")
    assert e.value.code == "action/bad_shape"


def test_a_bots_declared_roll_waits_for_the_humans_help_a_humans_does_not() -> None:
    state = investigating()
    state, _ = act(state, 0, type="declare_roll", move="discover", stat="talk")
    assert open_step(SPEC, state, [0]) is None  # the roller is human: they throw when they like
    assert open_step(SPEC, state, [1]) is not None  # a bot's roll: human seat 1 may still help
    state, _ = act(state, 1, type="help")
    assert open_step(SPEC, state, [1]) is None  # helped: nothing left to claim
    state = force_dice(state, [1, 1])
    state, _ = act(state, 0, type="roll_dice")
    with pytest.raises(RuleError) as e:
        act(state, 1, type="pass_claim")  # a thrown roll: nothing to pass
    assert e.value.code == "action/wrong_phase"


def test_subject_and_leader_are_the_tables_choices() -> None:
    """A bot in seat 0 never picks the subject for humans: any seat may enter the table's choices."""
    state = SPEC.setup(3, 4, {})
    state, ev = act(state, 2, type="choose_subject", subject="music_room_piano")
    assert "subject_chosen" in types(ev)
    state, _ = act(state, 1, type="choose_leader", seat=1)
    assert state["leader"] == 1


# --------------------------------------------------------------------------- items

def test_an_item_advantage_needs_an_item_the_table_gave() -> None:
    state = investigating()
    state, _ = act(state, 0, type="declare_roll", move="sneak_in", stat="body")
    presets = [a for a in SPEC.legal_actions(state, 0) if a["type"] == "set_roll_modifiers"]
    assert all("item" not in a["advantage"] for a in presets)
    with pytest.raises(RuleError) as e:
        act(state, 0, type="set_roll_modifiers", advantage=["item"], disadvantage=[])
    assert e.value.code == "action/illegal_target"
    state, _ = act(state, 0, type="cancel_roll")
    state = give_item(state, 0, "a borrowed key")
    item = state["cards"][-1]
    assert item["kind"] == "note" and item["holder"] == 0 and item["text"] == "a borrowed key"
    state, _ = act(state, 0, type="declare_roll", move="sneak_in", stat="body")
    assert any("item" in a["advantage"] for a in SPEC.legal_actions(state, 0) if a["type"] == "set_roll_modifiers")
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=["item"], disadvantage=[])
    assert state["roll"]["advantage"] == ["item"]
    # another student holds no item: the item is its holder's
    with pytest.raises(RuleError):
        give_item(state, 7)


def test_an_item_emptied_is_no_longer_held() -> None:
    state = give_item(investigating(), 0)
    state, _ = act(state, 1, type="edit_card", card=state["cards"][-1]["id"], text="")
    state, _ = act(state, 0, type="declare_roll", move="sneak_in", stat="body")
    with pytest.raises(RuleError):
        act(state, 0, type="set_roll_modifiers", advantage=["item"], disadvantage=[])


# --------------------------------------------------------------------------- a condition chosen by all

def _condition_step(players: int = 3) -> dict:
    """Seat 0's move leaves it a condition nobody named (a ``condition`` step)."""
    state = investigating(players=players)
    state["tasks"] = [{"kind": "condition", "seat": 0}]
    return state


def test_a_condition_nobody_named_is_proposed_by_any_student_and_confirmed_by_its_student() -> None:
    state = _condition_step()
    for seat in range(3):  # every student may propose
        assert {"type": "propose_condition", "condition": "tired"} in SPEC.legal_actions(state, seat)
    assert {"type": "accept_condition"} not in SPEC.legal_actions(state, 0)
    with pytest.raises(RuleError):
        act(state, 0, type="accept_condition")  # nothing proposed yet
    state, ev = act(state, 2, type="propose_condition", text="the rumour is about me now")
    assert ev == [{"type": "condition_proposed", "seat": 2, "for": 0,
                   "condition": {"id": None, "text": "the rumour is about me now"}}]
    state, _ = act(state, 1, type="propose_condition", condition="lonely")  # a newer proposal replaces it
    assert state["tasks"][0]["proposal"] == {"id": "lonely", "text": "", "by": 1}
    assert {"type": "accept_condition"} in SPEC.legal_actions(state, 0)
    assert {"type": "accept_condition"} not in SPEC.legal_actions(state, 1)  # only its student confirms
    with pytest.raises(RuleError):
        act(state, 1, type="accept_condition")
    state, ev = act(state, 0, type="accept_condition")
    assert state["students"][0]["conditions"][-1] == {"id": "lonely", "text": ""} and not state["tasks"]
    assert "condition_gained" in types(ev)


def test_the_student_may_still_take_another_condition_and_the_proposal_goes() -> None:
    state = _condition_step()
    state, _ = act(state, 1, type="propose_condition", text="x" * 80)
    state, _ = act(state, 0, type="take_condition", condition="tired")
    assert state["students"][0]["conditions"][-1]["id"] == "tired" and not state["tasks"]
    with pytest.raises(RuleError) as e:
        act(state, 1, type="propose_condition", condition="tired")
    assert e.value.code == "action/wrong_phase"


def test_a_humans_own_condition_step_opens_no_window_a_bots_does() -> None:
    state = _condition_step(players=3)  # the step falls on seat 0
    assert open_step(SPEC, state, [0]) is None  # seat 0 is human: no bot would take it
    assert open_step(SPEC, state, [1, 2]) == ("claim", "condition", 0, 0)  # a bot's: the humans propose first
