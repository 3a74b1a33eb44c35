"""school_mystery rolls: bands, advantage/disadvantage, cancelling, the dice event."""
from __future__ import annotations

import pytest
from school_mystery_helpers import act, force_dice, give_item, investigating

from shared.games.school_mystery import dice
from shared.rng import Rng


@pytest.mark.parametrize("total,band", [(-3, "failure"), (2, "failure"), (6, "failure"), (7, "narrow"),
                                        (9, "narrow"), (10, "success"), (11, "success"), (12, "great"),
                                        (15, "great")])
def test_band_edges(total: int, band: str) -> None:
    assert dice.band_of(total) == band


def test_raise_band_steps_up_once() -> None:
    assert [dice.raise_band(b) for b in ("failure", "narrow", "success", "great")] == \
        ["narrow", "success", "great", "great"]


@pytest.mark.parametrize("adv,dis,mode", [
    ([], [], "normal"), (["item"], [], "advantage"), (["item", "move", "card"], [], "advantage"),
    ([], ["condition"], "disadvantage"), ([], ["condition", "card"], "disadvantage"),
    (["item"], ["condition"], "normal"), (["item", "move"], ["condition"], "normal"),
    (["item"], ["condition", "card"], "normal"),
])
def test_several_count_as_one_and_they_cancel(adv: list, dis: list, mode: str) -> None:
    assert dice.mode_of(adv, dis) == mode


def test_keep_dice_drops_lowest_or_highest() -> None:
    assert dice.keep_dice([1, 5, 3], "advantage") == ([5, 3], 0)
    assert dice.keep_dice([1, 5, 3], "disadvantage") == ([1, 3], 1)
    assert dice.keep_dice([4, 4, 2], "disadvantage") == ([4, 2], 0)
    assert dice.keep_dice([6, 2], "normal") == ([6, 2], None)


@pytest.mark.parametrize("mode,count", [("normal", 2), ("advantage", 3), ("disadvantage", 3)])
def test_roll_throws_two_or_three_dice(mode: str, count: int) -> None:
    rng = Rng(7)
    for _ in range(50):
        r = dice.roll(rng, mode)
        assert len(r["dice"]) == count and len(r["kept"]) == 2
        assert r["sum"] == sum(r["kept"])
        if mode == "advantage":
            assert min(r["dice"]) == r["dice"][r["dropped"]]
        if mode == "disadvantage":
            assert max(r["dice"]) == r["dice"][r["dropped"]]


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
def test_throw_is_roll_without_the_dict(mode: str) -> None:
    rng = Rng(11)
    for _ in range(200):
        before = rng.state
        r = dice.roll(rng, mode)
        after, thrown, kept, dropped, total = dice.throw(before, mode)
        assert (after, thrown, kept, dropped, total) == (rng.state, r["dice"], r["kept"], r["dropped"], r["sum"])
        assert kept is not thrown  # the roll keeps both lists: changing one never changes the other

def _declare(state: dict, seat: int = 0, move: str = "discover", stat: str = "talk") -> dict:
    state, _ = act(state, seat, type="declare_roll", move=move, stat=stat)
    return state


def test_a_roll_event_shows_every_die_and_the_stat() -> None:
    state = _declare(investigating())
    state = force_dice(state, [3, 4])
    state, events = act(state, 0, type="roll_dice")
    ev = next(e for e in events if e["type"] == "dice_rolled")
    value = state["students"][0]["stats"]["talk"]
    assert ev["dice"] == [3, 4] and ev["dropped"] is None and ev["mode"] == "normal"
    assert ev["total"] == 7 + value and ev["band"] == dice.band_of(7 + value)
    assert state["roll"]["stage"] == "rolled"


def test_declared_advantage_and_effect_advantage_count_as_one() -> None:
    state = give_item(investigating(), 0)
    state["students"][0]["advantage_next"] = True
    state = _declare(state)
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=["item", "card"], disadvantage=[])
    state = force_dice(state, [1, 6, 5])
    state, events = act(state, 0, type="roll_dice")
    ev = next(e for e in events if e["type"] == "dice_rolled")
    assert ev["advantage_sources"] == ["item", "card", "effect"]
    assert ev["mode"] == "advantage" and ev["dice"] == [1, 6, 5] and ev["dropped"] == 0 and ev["kept"] == [6, 5]
    assert state["students"][0]["advantage_next"] is False  # used up


def test_advantage_and_two_disadvantages_cancel_to_two_dice() -> None:
    state = investigating()
    state["students"][0]["disadvantage_next"] = True
    state["students"][0]["conditions"] = [{"id": None, "text": "soaked to the skin"}]  # the table's own
    state = _declare(state)
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=["move"], disadvantage=["condition"])
    state, events = act(state, 0, type="roll_dice")
    ev = next(e for e in events if e["type"] == "dice_rolled")
    assert ev["advantage_sources"] == ["move"] and ev["disadvantage_sources"] == ["condition", "effect"]
    assert ev["mode"] == "normal" and len(ev["dice"]) == 2


def test_disadvantage_drops_the_highest() -> None:
    state = investigating()
    state["students"][0]["conditions"] = [{"id": None, "text": "soaked to the skin"}]
    state = _declare(state)
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=[], disadvantage=["condition", "card"])
    state = force_dice(state, [2, 6, 3])
    state, events = act(state, 0, type="roll_dice")
    ev = next(e for e in events if e["type"] == "dice_rolled")
    assert ev["kept"] == [2, 3] and ev["dropped"] == 1


def test_roll_modifier_sources_are_checked() -> None:
    from shared.engine import RuleError
    state = _declare(investigating())
    for adv, dis in ((["luck"], []), (["item", "item"], []), ([], ["item"]), (True, [])):
        with pytest.raises(RuleError):
            act(state, 0, type="set_roll_modifiers", advantage=adv, disadvantage=dis)
    with pytest.raises(RuleError):
        act(state, 1, type="set_roll_modifiers", advantage=["item"], disadvantage=[])
