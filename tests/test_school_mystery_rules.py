"""school_mystery rule examples: setup, conditions, relationships, secrets, duties, scenes, resolution."""
from __future__ import annotations

import pytest
from school_mystery_helpers import (
    RULES,
    SPEC,
    act,
    answer_all,
    do_steps,
    force_dice,
    investigating,
    new_table,
    types,
)

from shared.engine import RuleError


def rolled(state: dict, seat: int, faces: list[int], move: str = "discover", stat: str = "talk") -> tuple:
    state, _ = act(state, seat, type="declare_roll", move=move, stat=stat)
    state = force_dice(state, faces)
    return act(state, seat, type="roll_dice")


# --------------------------------------------------------------------------- setup

def test_setup_is_a_sequence_of_actions() -> None:
    state = SPEC.setup(3, 5, {})
    assert state["phase"] == "setup_subject"
    # the subject and the leader are the table's choices: any seat enters them (a bot in seat 0 need not)
    assert {"type": "choose_subject", "subject": "music_room_piano"} in SPEC.legal_actions(state, 1)
    state, ev = act(state, 1, type="choose_subject", subject="music_room_piano")
    assert state["phase"] == "setup_leader" and state["calendar"]["weekday"] == "mon"
    assert {"type": "choose_leader", "seat": 2} in SPEC.legal_actions(state, 2)
    state, _ = act(state, 2, type="choose_leader", seat=2)
    assert state["leader"] == 2 and state["phase"] == "setup_students"
    state, _ = act(state, 0, type="create_student", name="Aoi", playbook="photographer", stats=1, rival=0)
    assert state["students"][0]["rival"] == 0  # self as rival is allowed
    assert state["students"][0]["stats"]["body"] == 1  # the second array
    with pytest.raises(RuleError):  # playbooks are unique at a table
        act(state, 1, type="create_student", name="Ren", playbook="photographer", stats=0, rival=0)
    with pytest.raises(RuleError):
        act(state, 1, type="create_student", name="x" * 41, playbook="athlete", stats=0, rival=0)
    with pytest.raises(RuleError):
        act(state, 0, type="create_student", name="Again", playbook="athlete", stats=0, rival=0)
    state, _ = act(state, 1, type="create_student", name="Ren", playbook="athlete", stats=0, rival=2)
    state, ev = act(state, 2, type="create_student", name="Mio", playbook="occult_fan", stats=0, rival=1)
    assert state["phase"] == "introduction" and "phase" in types(ev)
    assert state["location"] == 1 and state["public"] == [1, 2, 4]


def test_subject_option_skips_the_choice_and_unknown_subject_is_rejected() -> None:
    assert SPEC.setup(2, 1, {"subject": "west_stairs_thirteenth_step"})["phase"] == "setup_leader"
    for bad in ("no_such_subject", 5, ["x"]):
        with pytest.raises(RuleError) as e:
            SPEC.setup(2, 1, {"subject": bad})
        assert e.value.code == "setup/bad_option"
    with pytest.raises(RuleError):
        SPEC.setup(2, 1, {"max_scenes": 2})


def test_introduction_needs_every_answer_before_moving() -> None:
    state = new_table()
    with pytest.raises(RuleError):
        act(state, 0, type="move", location=2)
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] in ("move", "draw_location")]
    with pytest.raises(RuleError):
        act(state, 0, type="answer_question", index=0, text="x" * 501)
    with pytest.raises(RuleError):
        act(state, 0, type="answer_question", index=0, text=5)
    state = answer_all(state)
    state, _ev = act(state, 1, type="move", location=4)
    assert state["phase"] == "investigation" and state["scene"]["number"] == 1
    assert [t["kind"] for t in state["tasks"]] == ["atmosphere", "draw"]


# --------------------------------------------------------------------------- duties and calendar

def test_duties_rotate_left_every_scene() -> None:
    assert RULES.duties_for(2, 4, 1) == {"hearts": 2, "diamonds": 2, "spades": 3, "clubs": 1}
    assert RULES.duties_for(2, 4, 2) == {"hearts": 3, "diamonds": 3, "spades": 0, "clubs": 2}
    assert RULES.duties_for(2, 4, 5) == RULES.duties_for(2, 4, 1)
    state = answer_all(new_table(4, leader=2))
    # the first draw is the coming scene's ♥ duty: the leader
    assert [a for a in SPEC.legal_actions(state, 2) if a["type"] == "draw_location"]
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] == "draw_location"]
    seen = []
    for loc in (2, 4, 2, 4, 2):
        state, _ = act(state, 0, type="move", location=loc)
        state = do_steps(state)
        seen.append(dict(state["scene"]["duty"]))
    assert [d["hearts"] for d in seen] == [2, 3, 0, 1, 2]
    assert [d["spades"] for d in seen] == [3, 0, 1, 2, 3]
    assert [d["clubs"] for d in seen] == [1, 2, 3, 0, 1]
    assert all(d["hearts"] == d["diamonds"] for d in seen)


def test_only_the_duty_draws_and_chooses() -> None:
    state = answer_all(new_table(3))
    state, _ = act(state, 0, type="move", location=2)
    assert state["tasks"][0] == {"kind": "atmosphere", "seat": 0, "location": 2}
    with pytest.raises(RuleError) as e:
        act(state, 1, type="answer_atmosphere", text="dusty")
    assert e.value.code == "action/not_your_turn"
    state, ev = act(state, 0, type="answer_atmosphere", text="dusty")
    card = next(e for e in ev if e["type"] == "info_card")["card"]
    assert card["kind"] == "location" and card["rank"] == 2 and card["text"] == "dusty"
    state, ev = act(state, 0, type="draw_card")
    assert state["tasks"][0]["kind"] == "pick" and state["tasks"][0]["suit"] == "diamonds"
    state, ev = act(state, 0, type="redraw")
    assert types(ev) == ["card_discarded", "card_drawn"]
    state, ev = act(state, 0, type="choose_option", option=2)
    card = next(e for e in ev if e["type"] == "info_card")["card"]
    assert card["kind"] == "phenomenon" and card["option"] == 2


@pytest.mark.parametrize("subject,per_day", [("music_room_piano", [2, 3, 4, 5, 6, 6, 7]),
                                             ("festival_photo_extra_girl", [1, 2, 2, 3, 3, 4, 4])])
def test_calendar_days_per_scene(subject: str, per_day: list[int]) -> None:
    state = answer_all(new_table(2, subject=subject))
    days = []
    for i in range(8):
        state, _ = act(state, 0, type="move", location=(2, 4)[i % 2])
        state = do_steps(state)
        if i:
            days.append(state["calendar"]["day"])
    # music room: mon..fri one scene a day, sat (day 6) and sun (day 7) two scenes a day
    # festival photo (vacation): every day two scenes
    assert days == per_day


def test_calendar_module_holiday_rules() -> None:
    from shared.games.school_mystery import calendar as cal
    c = cal.start("holiday", "wed")
    assert c["holiday"] is True
    c, new = cal.end_scene(c)
    assert not new
    c, new = cal.end_scene(c)
    assert new and c["day"] == 2 and c["weekday"] == "thu" and c["holiday"] is False
    c, new = cal.end_scene(c)
    assert new and c["day"] == 3 and c["weekday"] == "fri"
    s = cal.start("weekday", "sun")
    assert s["holiday"] is True
    assert cal.start("vacation", "mon")["holiday"] is True


# --------------------------------------------------------------------------- clues and scenes

def test_discover_success_draws_a_clue_that_closes_the_scene() -> None:
    state = investigating()
    state, _ = rolled(state, 0, [5, 4])  # 9 + talk 2 = 11: success
    assert state["roll"]["band"] == "success"
    state, ev = act(state, 0, type="accept_roll")
    clubs = state["scene"]["duty"]["clubs"]
    assert state["tasks"] == [{"kind": "draw", "suit": "clubs", "seat": clubs}]
    state, _ = act(state, clubs, type="draw_card")
    state, ev = act(state, clubs, type="invent", text="a torn score")
    assert "scene_closed" in types(ev) and state["scene"]["closed"]
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] in ("declare_roll", "call_character")]
    with pytest.raises(RuleError):
        act(state, 0, type="declare_roll", move="discover", stat="talk")
    # moving on is still possible
    assert [a for a in SPEC.legal_actions(state, 1) if a["type"] == "move"]


def test_one_clue_draw_per_location() -> None:
    state = investigating()
    state["clue_locations"] = [2]
    state, _ = rolled(state, 0, [6, 6])
    state, ev = act(state, 0, type="accept_roll")
    assert "clue_limit" in types(ev) and not [t for t in state["tasks"] if t.get("suit") == "clubs"]


def test_scene_cap_leaves_only_the_resolution() -> None:
    state = answer_all(new_table(2, max_scenes=4))
    for i in range(4):
        state, _ = act(state, 0, type="move", location=(2, 4)[i % 2])
        state = do_steps(state)
    legal = SPEC.legal_actions(state, 0)
    assert not [a for a in legal if a["type"] in ("move", "draw_location")]
    assert {"type": "begin_resolution"} in legal
    with pytest.raises(RuleError):
        act(state, 0, type="move", location=2)


def test_drawing_the_current_location_must_be_redrawn() -> None:
    state = answer_all(new_table(2))
    state["decks"]["hearts"] = [5, 1]  # the top (last) card is 1: the start location
    state, _ = act(state, 0, type="draw_location")
    assert state["tasks"][0]["card"] == 1
    assert {"type": "accept_card"} not in SPEC.legal_actions(state, 0)
    state, _ = act(state, 0, type="redraw")
    state, _ev = act(state, 0, type="accept_card")
    assert state["location"] == 5 and state["scene"]["number"] == 1 and 5 in state["public"]


# --------------------------------------------------------------------------- conditions and secrets

def test_a_fourth_condition_unlocks_a_secret_instead() -> None:
    state = investigating()
    state["students"][0]["hand"] = ["ace_s1", "ace_s2", "ace_s3", "ace_last1"]  # ace_s2: a condition for the rival
    for c in ("tired", "hurt", "lonely"):
        state, _ = act(state, 1, type="give_condition", target=0, condition=c)
    assert len(state["students"][0]["conditions"]) == 3
    state, ev = act(state, 1, type="give_condition", target=0, text="rumour target")
    assert "condition_blocked" in types(ev) and len(state["students"][0]["conditions"]) == 3
    assert state["tasks"][0] == {"kind": "secret", "seat": 0, "reason": "fourth_condition"}
    legal = SPEC.legal_actions(state, 0)
    hand = state["students"][0]["hand"]
    assert {a["secret"] for a in legal if a["type"] == "unlock_secret"} == set(hand[:3])
    state, ev = act(state, 0, type="unlock_secret", secret=hand[1])
    assert state["students"][0]["secrets"] == [hand[1]]
    private = next(e for e in ev if e["type"] == "your_secret")
    assert private["vis"] == [0] and SPEC.events_for(ev, 1) == [e for e in ev if e["type"] != "your_secret"]
    state, ev = act(state, 2, type="clear_condition", target=0, index=1)
    assert [c["id"] for c in state["students"][0]["conditions"]] == ["tired", "lonely"]


def test_secret_raises_the_band_once_and_never_uses_the_last() -> None:
    state = investigating()
    state["students"][0]["hand"] = ["ace_s1", "ace_s2", "ace_s3", "ace_last1"]
    state, _ = rolled(state, 0, [1, 2])  # 3 + 2 = 5: failure
    assert state["roll"]["band"] == "failure"
    with pytest.raises(RuleError):
        act(state, 0, type="unlock_secret", secret="ace_last1")
    with pytest.raises(RuleError):
        act(state, 1, type="unlock_secret", secret="ace_s1")
    state, ev = act(state, 0, type="unlock_secret", secret="ace_s3")
    assert state["roll"]["band"] == "narrow"
    assert next(e for e in ev if e["type"] == "band_raised") == {"type": "band_raised", "seat": 0,
                                                                 "from": "failure", "to": "narrow"}
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] == "unlock_secret"]
    with pytest.raises(RuleError):
        act(state, 0, type="unlock_secret", secret="ace_s1")
    state, ev = act(state, 0, type="accept_roll")
    assert next(e for e in ev if e["type"] == "roll_resolved")["band"] == "narrow"
    assert [t["kind"] for t in state["tasks"]] == ["draw", "condition"]


def test_all_secrets_out_and_the_student_leaves() -> None:
    state = investigating()
    hand = state["students"][0]["hand"]
    state["students"][0]["secrets"] = hand[:3]
    state["tasks"] = [{"kind": "secret", "seat": 0, "reason": "move"}]
    assert [a["secret"] for a in SPEC.legal_actions(state, 0) if a["type"] == "unlock_secret"] == [hand[3]]
    state, ev = act(state, 0, type="unlock_secret", secret=hand[3])
    assert state["students"][0]["left"] and "student_left" in types(ev)
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] in ("declare_roll", "help")]


# --------------------------------------------------------------------------- relationships

def test_friend_help_once_per_subject_before_the_roll() -> None:
    """Seed 002: 「〔友人〕にも〔ライバル〕にも、それぞれ〔調査対象〕調査中1回だけ」: each student helps once
    per subject, whichever friend rolls (not once per pair of students)."""
    state = investigating()
    state, _ = act(state, 0, type="declare_roll", move="discover", stat="talk")
    state, ev = act(state, 1, type="help")
    assert ev == [{"type": "help", "helper": 1, "roller": 0}]
    with pytest.raises(RuleError):
        act(state, 1, type="help")
    state, _ = act(state, 2, type="help")
    state = force_dice(state, [2, 2])
    state, ev = act(state, 0, type="roll_dice")
    roll = next(e for e in ev if e["type"] == "dice_rolled")
    assert roll["help"] == 2 and roll["total"] == 4 + 2 + 2
    with pytest.raises(RuleError):  # help comes before the roll
        act(state, 1, type="help")
    state, _ = act(state, 0, type="accept_roll")
    state = do_steps(state)
    # next roll of seat 0: 1 and 2 already helped 0 this subject; 0 may still help 1
    state, _ = act(state, 1, type="move", location=4)
    state = do_steps(state)
    state, _ = act(state, 0, type="declare_roll", move="ask_around", stat="talk")
    assert {"type": "help"} not in SPEC.legal_actions(state, 1)
    state, _ = act(state, 0, type="cancel_roll")
    state, _ = act(state, 1, type="declare_roll", move="ask_around", stat="talk")
    assert {"type": "help"} in SPEC.legal_actions(state, 0)
    assert {"type": "help"} not in SPEC.legal_actions(state, 2)  # 2 helped 0: its help is spent for 1 too
    with pytest.raises(RuleError):
        act(state, 2, type="help")
    state, ev = act(state, 0, type="help")
    assert ev == [{"type": "help", "helper": 0, "roller": 1}]


def test_rival_reroll_once_after_a_failure() -> None:
    state = investigating(rivals=[1, 2, 1])  # seats 0 and 2 both name seat 1 as rival
    state, _ = rolled(state, 1, [1, 1], stat="observe")  # photographer observe 2: 4 → failure
    assert state["roll"]["band"] == "failure"
    assert [a for a in SPEC.legal_actions(state, 0) if a["type"] == "rival_reroll"]
    assert not [a for a in SPEC.legal_actions(state, 1) if a["type"] == "rival_reroll"]
    state = force_dice(state, [6, 5])
    state, ev = act(state, 0, type="rival_reroll", stat="talk")
    roll = next(e for e in ev if e["type"] == "dice_rolled")
    assert roll["reason"] == "rival_reroll" and roll["seat"] == 0 and roll["rival_of"] == 1
    assert state["roll"]["roller"] == 0 and state["roll"]["band"] == "great"
    state, _ = act(state, 0, type="accept_roll")
    state = do_steps(state)
    state, _ = act(state, 1, type="move", location=4)
    state = do_steps(state)
    state, _ = rolled(state, 1, [1, 1], stat="observe")
    assert not [a for a in SPEC.legal_actions(state, 0) if a["type"] == "rival_reroll"]  # used
    assert [a for a in SPEC.legal_actions(state, 2) if a["type"] == "rival_reroll"]  # 2's own relationship


def test_self_rival_rerolls_own_failure() -> None:
    state = investigating(rivals=[0, 2, 1])
    state, _ = rolled(state, 0, [1, 1])
    assert [a for a in SPEC.legal_actions(state, 0) if a["type"] == "rival_reroll"]


# --------------------------------------------------------------------------- resolution

def to_resolution(clues: int = 2) -> dict:
    state = investigating()
    for i in range(clues):
        state, _ = act(state, 0, type="add_note", text=f"note {i}")
    for i in range(clues):
        state["cards"].append({**state["cards"][-1], "id": 100 + i, "kind": "clue", "rank": i + 1, "option": 0})
    state, ev = act(state, 0, type="begin_resolution")
    assert state["phase"] == "resolution" and "phase" in types(ev)
    return state


def test_only_the_leader_begins_the_resolution() -> None:
    state = investigating()
    with pytest.raises(RuleError) as e:
        act(state, 1, type="begin_resolution")
    assert e.value.code == "action/not_your_turn"


def test_resolve_roll_is_dice_minus_difficulty_plus_clues() -> None:
    state = to_resolution(3)
    for card in (100, 101, 102):
        state, _ = act(state, 1, type="use_clue", card=card, used=True)
    state, _ = act(state, 1, type="use_clue", card=102, used=False)
    with pytest.raises(RuleError):
        act(state, 1, type="declare_resolve")  # no deduction yet
    with pytest.raises(RuleError):
        act(state, 1, type="declare_roll", move="discover", stat="talk")
    state, _ = act(state, 1, type="set_deduction", text="The night watchman plays the piano.")
    state, _ = act(state, 1, type="declare_resolve")
    assert not [a for a in SPEC.legal_actions(state, 1) if a["type"] == "set_roll_modifiers"]
    with pytest.raises(RuleError):
        act(state, 1, type="set_roll_modifiers", advantage=["item"], disadvantage=[])
    state = force_dice(state, [5, 3])
    state, ev = act(state, 1, type="roll_dice")
    roll = next(e for e in ev if e["type"] == "dice_rolled")
    assert roll["total"] == 8 - 2 + 2 and roll["band"] == "narrow" and roll["stat"] is None
    assert SPEC.is_over(state)
    res = SPEC.result(state)
    assert res["truth"] and res["resolve"]["clues"] == 2 and [c["id"] for c in res["clues"]] == [100, 101]
    assert res["winners"] == [0, 1, 2]


def test_failed_resolve_leaves_the_answer_unknown() -> None:
    state = to_resolution(0)
    state, _ = act(state, 0, type="set_deduction", text="A ghost.")
    state, _ = act(state, 0, type="declare_resolve")
    state = force_dice(state, [3, 4])  # 7 - 2 = 5
    state, _ev = act(state, 0, type="roll_dice")
    res = SPEC.result(state)
    assert res["resolve"]["band"] == "failure" and not res["truth"] and res["why"] == "unsolved"


def test_objection_once_per_player_and_a_strong_one_withdraws() -> None:
    state = to_resolution(1)
    state, _ = act(state, 0, type="set_deduction", text="A ghost.")
    state, _ = act(state, 0, type="declare_resolve")
    with pytest.raises(RuleError):
        act(state, 0, type="object", text="me")  # not against your own
    state = force_dice(state, [6, 5])
    state, ev = act(state, 1, type="object", text="The clue says otherwise.")
    assert next(e for e in ev if e["type"] == "objection")["outcome"] == "withdrawn" and state["roll"] is None
    state, _ = act(state, 0, type="declare_resolve")
    assert not [a for a in SPEC.legal_actions(state, 1) if a["type"] == "object"]
    with pytest.raises(RuleError):
        act(state, 1, type="object", text="again")
    state = force_dice(state, [1, 2])
    state, ev = act(state, 2, type="object", text="weak")
    assert next(e for e in ev if e["type"] == "objection")["outcome"] == "dismissed"
    assert state["roll"]["move"] == "resolve"


# --------------------------------------------------------------------------- views and free text

def test_view_hides_other_students_secrets_and_deck_order() -> None:
    state = investigating()
    hand = state["students"][0]["hand"]
    state["students"][0]["secrets"] = [hand[1]]
    own, other, table = SPEC.view(state, 0), SPEC.view(state, 1), SPEC.view(state, None)
    assert own["students"][0]["secrets"] == [hand[1]] and own["students"][0]["hand"] == hand
    for v in (other, table):
        assert "secrets" not in v["students"][0] and "hand" not in v["students"][0]
        assert v["students"][0]["secrets_unlocked"] == 1
        assert not [sid for sid in hand if repr(sid) in repr(v)]  # neither the unlocked nor the locked ones
        assert RULES.leaks(state, v["you"], v) == []
    assert all(isinstance(n, int) for n in other["decks"].values()) and "rng" not in other
    planted = SPEC.view(state, 1)
    planted["students"][0]["secrets"] = [hand[1]]
    assert RULES.leaks(state, 1, planted)
    planted = SPEC.view(state, 1)
    planted["notes"] = [hand[2]]  # a locked secret's id anywhere in another seat's view is a leak
    assert RULES.leaks(state, 1, planted)


def test_information_cards_edit_move_link() -> None:
    state = investigating()
    state, _ = act(state, 2, type="add_note", text="メモ")
    note = state["cards"][-1]["id"]
    state, _ = act(state, 1, type="edit_card", card=note, text="")
    state, _ = act(state, 1, type="move_card", card=note, x=0, y=10000)
    assert state["cards"][-1]["text"] == "" and (state["cards"][-1]["x"], state["cards"][-1]["y"]) == (0, 10000)
    for bad in ({"x": -1, "y": 0}, {"x": 10001, "y": 0}, {"x": "1", "y": 0}):
        with pytest.raises(RuleError):
            act(state, 1, type="move_card", card=note, **bad)
    with pytest.raises(RuleError):
        act(state, 1, type="link_cards", a=note, b=1)  # notes cannot be linked
    for i in (0, 1):
        state["cards"].append({**state["cards"][-1], "id": 50 + i, "kind": "clue"})
    state, _ev = act(state, 1, type="link_cards", a=51, b=50)
    assert state["links"] == [[50, 51]]
    with pytest.raises(RuleError):
        act(state, 1, type="link_cards", a=50, b=51)
    state, _ = act(state, 0, type="unlink_cards", a=50, b=51)
    assert state["links"] == []


def test_rejected_actions_leave_the_state_unchanged() -> None:
    import msgpack
    state = investigating()
    before = msgpack.packb(state)
    for bad in ({"type": "add_note", "text": "x" * 501}, {"type": "add_note", "text": ["x"]},
                {"type": "move", "location": 99}, {"type": "nope"}, {"type": "roll_dice"}):
        with pytest.raises(RuleError):
            SPEC.apply(state, 0, bad)
    assert msgpack.packb(state) == before


def test_the_written_text_on_the_table_is_capped_so_every_view_fits_in_a_frame() -> None:
    import msgpack

    from shared.protocol import MAX_FRAME
    state = investigating()
    note = {"type": "add_note", "text": "\U0001F600" * RULES.MAX_TEXT}  # 4 UTF-8 bytes a character
    with pytest.raises(RuleError) as e:
        for _ in range(RULES.MAX_CARDS):
            state, _ = SPEC.apply(state, 0, note)
    assert e.value.code == "action/illegal" and e.value.params == {"limit": RULES.MAX_TABLE_TEXT}
    assert RULES._table_text(state) <= RULES.MAX_TABLE_TEXT
    for seat in (0, None):
        assert len(msgpack.packb(SPEC.view(state, seat))) < MAX_FRAME // 2
    last = state["cards"][-1]["id"]
    while (room := RULES.MAX_TABLE_TEXT - RULES._table_text(state)) > 0:  # fill the last bytes exactly
        state, _ = act(state, 0, type="add_note", text="y" * min(room, RULES.MAX_TEXT))
    assert "add_note" not in {a["type"] for a in SPEC.legal_actions(state, 0)}  # no longer offered when full
    state, _ = act(state, 0, type="edit_card", card=last, text="short")  # shrinking is allowed
    state, _ = act(state, 0, type="add_note", text="fits again")
    with pytest.raises(RuleError) as e:  # growing a card past the cap is refused
        SPEC.apply(state, 0, {"type": "edit_card", "card": last, "text": "\U0001F600" * RULES.MAX_TEXT})
    assert e.value.params == {"limit": RULES.MAX_TABLE_TEXT}


def test_replay_counts_the_written_text_as_apply_does() -> None:
    """Journal replay (which counts only the text an action touched) accepts and refuses at the
    text cap exactly where ``apply`` does: growing past it is refused, shrinking and refilling is not."""
    start = state = investigating()
    journal = []
    big = {"type": "add_note", "text": "\U0001F600" * RULES.MAX_TEXT}
    while True:
        try:
            state, _ = SPEC.apply(state, 0, big)
        except RuleError:
            break
        journal.append((0, big))
    last = state["cards"][-1]["id"]
    while (room := RULES.MAX_TABLE_TEXT - RULES._table_text(state)) > 0:  # fill the last bytes exactly
        fill = {"type": "add_note", "text": "y" * min(room, RULES.MAX_TEXT)}
        state, _ = SPEC.apply(state, 0, fill)
        journal.append((0, fill))
    for action in ({"type": "edit_card", "card": last, "text": "short"}, {"type": "add_note", "text": "fits again"}):
        state, _ = SPEC.apply(state, 0, action)
        journal.append((0, action))
    assert SPEC.replay(start, journal) == state
    grow = {"type": "edit_card", "card": last, "text": "\U0001F600" * RULES.MAX_TEXT}
    with pytest.raises(RuleError) as e:
        SPEC.apply(state, 0, grow)
    with pytest.raises(RuleError) as r:
        SPEC.replay(start, journal + [(0, grow)])
    assert r.value.code == e.value.code == "action/illegal" and r.value.params == {"limit": RULES.MAX_TABLE_TEXT}


def test_an_unsuitable_location_card_can_be_replaced_by_an_invented_place() -> None:
    state = answer_all(new_table(2))
    state, _ = act(state, 0, type="draw_location")
    state, ev = act(state, 0, type="invent", text="The roof water tank")
    assert state["location"] == 11 and 11 in state["public"] and state["scene"]["number"] == 1
    assert state["custom_locations"] == [{"id": 11, "name": "The roof water tank", "by": 0}]
    card = next(e for e in ev if e["type"] == "info_card")["card"]
    assert card["kind"] == "location" and card["invented"] and card["text"] == "The roof water tank"
    assert [t["kind"] for t in state["tasks"]] == ["draw"]  # no atmosphere question, the ♦ draw follows
    state = do_steps(state)
    state, _ = act(state, 1, type="move", location=2)
    state = do_steps(state)
    state, _ = act(state, 1, type="move", location=11)
    assert state["location"] == 11 and not state["tasks"]  # not a first visit any more


# --------------------------------------------------------------------------- special moves and effects

def test_trigger_move_limits_per_scene_and_per_subject() -> None:
    state = investigating()  # seat 1 photographer (develop: per scene), seat 0 ace (scoop nose: per subject)
    state, ev = act(state, 1, type="use_move", move="photo_develop")
    assert state["students"][1]["advantage_next"] and "move_used" in types(ev)
    with pytest.raises(RuleError):
        act(state, 1, type="use_move", move="photo_develop")
    with pytest.raises(RuleError):  # another playbook's move
        act(state, 1, type="use_move", move="ace_scoop_nose")
    state, ev = act(state, 0, type="use_move", move="ace_scoop_nose")
    assert state["tasks"][0]["suit"] == "clubs"
    state = do_steps(state)
    state, _ = act(state, 2, type="move", location=4)
    state = do_steps(state)
    assert {"type": "use_move", "move": "photo_develop"} in SPEC.legal_actions(state, 1)
    assert {"type": "use_move", "move": "ace_scoop_nose"} not in SPEC.legal_actions(state, 0)


def test_extra_clue_ignores_the_location_limit() -> None:
    state = investigating()
    state["clue_locations"] = [2]
    state, _ = act(state, 0, type="use_move", move="ace_scoop_nose")
    assert [t["suit"] for t in state["tasks"]] == ["clubs"]


def test_reveal_location_makes_a_place_public_without_moving() -> None:
    state = investigating(players=4)  # seat 3: student-council member
    state["decks"]["hearts"].append(7)
    state, _ = act(state, 3, type="use_move", move="council_pass")
    duty = state["scene"]["duty"]["hearts"]
    assert state["tasks"][0] == {"kind": "draw", "suit": "hearts", "seat": duty, "mode": "reveal"}
    state, _ = act(state, duty, type="draw_card")
    state, ev = act(state, duty, type="accept_card")
    assert 7 in state["public"] and state["location"] == 2 and "location_public" in types(ev)
    assert state["students"][3]["advantage_next"]


def test_calling_a_supporting_character() -> None:
    state = investigating()
    state, ev = act(state, 2, type="call_character")
    spades = state["scene"]["duty"]["spades"]
    assert ev[0]["duty"] == spades and state["tasks"][0] == {"kind": "draw", "suit": "spades", "seat": spades}
    state, ev = act(state, spades, type="draw_card")
    rank = state["tasks"][0]["card"]
    state, ev = act(state, spades, type="accept_card")
    card = next(e for e in ev if e["type"] == "info_card")["card"]
    assert card["kind"] == "character" and card["rank"] == rank and rank in state["used"]["spades"]


def test_a_student_who_left_no_longer_rolls_or_helps() -> None:
    state = investigating()
    state["students"][1]["left"] = True
    assert not [a for a in SPEC.legal_actions(state, 1) if a["type"] in ("declare_roll", "use_move")]
    state, _ = act(state, 0, type="declare_roll", move="discover", stat="talk")
    assert {"type": "help"} not in SPEC.legal_actions(state, 1)
    with pytest.raises(RuleError):
        act(state, 1, type="help")
    with pytest.raises(RuleError):
        state2, _ = act(state, 0, type="cancel_roll")
        act(state2, 0, type="give_condition", target=1, condition="tired")


def test_events_never_show_a_secret_to_anyone_else() -> None:
    from shared.rng import Rng
    bots = SPEC.bots()
    for seed in range(4):
        state = SPEC.setup(4, seed, {})
        rng = Rng.from_seed(seed)
        while not SPEC.is_over(state):
            movers = [s for s in range(4) if SPEC.legal_actions(state, s)]
            seat = movers[rng.below(len(movers))]
            state, events = SPEC.apply(state, seat, bots["random"](SPEC.view(state, seat),
                                                                   SPEC.legal_actions(state, seat), rng))
            for ev in events:
                if ev["type"] in ("your_secret", "secrets_dealt"):
                    for viewer in (None, *[s for s in range(4) if s != ev["seat"]]):
                        assert ev not in SPEC.events_for([ev], viewer)
                        for sid in ev.get("secrets") or [ev.get("secret")]:
                            assert repr(sid) not in repr(SPEC.events_for(events, viewer))
                    assert RULES.leaks(state, viewer, SPEC.view(state, viewer)) == []


def test_card_spots_table_is_default_spot() -> None:
    """``_add_card`` places the n-th card of a kind from a table of 32 spots per kind; it must say what
    ``default_spot`` (which the client also uses) says for any n, not only the first 32."""
    for kind in ("location", "phenomenon", "character", "clue", "note"):
        for n in range(3 * 32 + 5):
            assert RULES._SPOTS[kind][n % 32] == RULES.default_spot(n, kind), (kind, n)


def test_an_empty_deck_is_its_discards_shuffled_by_the_state_rng() -> None:
    """A draw from an empty deck shuffles the suit's discards into it with the state's generator (what
    ``Rng(state["rng"]).shuffle`` gives) and draws the last card; the discards are emptied."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.rules import play
    from shared.engine import REGISTRY
    from shared.rng import Rng

    spec = REGISTRY["school_mystery"]
    state = spec.setup(4, 1, spec.option_defaults())
    tried = 0
    for seat, action in play("school_mystery", 4, 1):
        task = state["tasks"][0] if state["tasks"] else None
        if task is not None and task["kind"] == "draw" and action["type"] == "draw_card":
            suit = task["suit"]
            pile = state["decks"][suit] + state["discards"][suit]
            empty = {**state, "decks": {**state["decks"], suit: []},
                     "discards": {**state["discards"], suit: pile}}
            after, events = RULES.apply(empty, seat, action)
            rng = Rng(state["rng"])
            deck = list(pile)
            rng.shuffle(deck)
            card = deck.pop()
            assert after["decks"][suit] == deck and after["discards"][suit] == []
            assert after["rng"] == rng.state
            assert {"type": "deck_reshuffled", "suit": suit, "count": len(pile)} in events
            assert after["tasks"][0]["card"] == card
            assert empty["discards"][suit] == pile and empty["decks"][suit] == []  # the state is a value
            tried += 1
        state, _ = RULES.apply(state, seat, action)
    assert tried >= 3
