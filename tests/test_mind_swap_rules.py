"""mind_swap rule examples: every card, every magic outcome, the specials, the end and the score."""
from __future__ import annotations

import msgpack
import pytest

from shared.engine import RuleError
from shared.games.mind_swap import rules
from shared.rng import Rng
from tests.mind_swap_helpers import SPEC, card, d6s, dice, force, make

CONTENT = SPEC.content()


def pack(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


def where_is(s: dict, mind: int) -> str | None:
    return s["loc"][s["mind"].index(mind)]


# --- a small 2-player position: chars 2 (seat 0) and 4 (seat 1) ---------------------------------------
# bodies:   2   3   4   5   6
# minds:    3   4   5   6   2        (one cycle)
CYCLE = {2: 3, 3: 4, 4: 5, 5: 6, 6: 2}


def base(**kw: object) -> dict:
    locs = kw.pop("locs", {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "classroom"})
    kw.setdefault("hands", [["move_self", "move_negi", "relocate", "extra_magic"],
                            ["bath", "event", "move_self", "move_negi"]])
    return make(dict(CYCLE), locs, [2, 4], **kw)


def test_pieces_follow_the_players_minds() -> None:
    # body 6 holds mind 2: seat 0's piece is at body 6's place
    s = make(dict(CYCLE), {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "classroom"}, [2, 4])
    assert s["piece"][0] == "classroom" and s["piece"][1] == "garden"  # mind 4 is in body 3


def test_move_self_takes_negi() -> None:
    s = make(dict(CYCLE), {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "classroom"}, [2, 4],
             negi="classroom", hands=[["move_self"], ["move_negi"]])
    cid = card(s, 0, "move_self")
    assert {"type": "play", "card": cid, "action": "move_self", "to": "library", "take": "negi"} \
        in rules.legal_actions(s, 0)
    s2, ev = rules.apply(s, 0, {"type": "play", "card": cid, "action": "move_self", "to": "library",
                                "take": "negi"})
    assert s2["loc"][6] == "library" and s2["negi"] == "library" and s2["piece"][0] == "library"
    assert any(e["type"] == "negi" and e["to"] == "library" for e in ev)
    assert s["loc"][6] == "classroom" and s["negi"] == "classroom"  # input unchanged


def test_move_self_take_another_players_character_needs_9_or_10() -> None:
    # seat 0 (mind 2 in body 6) and seat 1's mind 4 (body 3) both in the garden
    locs = {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "garden"}
    s = make(dict(CYCLE), locs, [2, 4], negi="classroom", hands=[["move_self"], ["move_negi"]])
    act = {"type": "play", "card": card(s, 0, "move_self"), "action": "move_self", "to": "sports_ground",
           "take": 3}
    ok, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 9), 0, act)
    assert ok["loc"][6] == "sports_ground" and ok["loc"][3] == "sports_ground"
    assert ok["piece"][1] == "sports_ground"  # seat 1's piece followed its mind
    assert dice(ev, "control")[0]["faces"] == [9]
    fail, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 8), 0, act)
    assert fail["loc"][6] == "sports_ground" and fail["loc"][3] == "garden"
    assert [e["ok"] for e in ev if e["type"] == "control"] == [False]


def test_move_self_takes_an_ordinary_student_without_a_roll() -> None:
    locs = {2: "garden", 3: "library", 4: "library", 5: "garden", 6: "garden"}
    s = make(dict(CYCLE), locs, [2, 4], hands=[["move_self"], ["move_negi"]])
    s2, ev = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "move_self"), "action": "move_self",
                                "to": "other", "take": 5})
    assert s2["loc"][6] == "other" and s2["loc"][5] == "other"
    assert s2["room"][6] == s2["room"][5] is not None  # together in one room
    assert not dice(ev, "control")


def test_move_negi_and_automatic_end_of_turn_with_a_draw() -> None:
    s = base(negi="library")
    before_hand = len(s["hands"][0])
    s2, ev = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "move_negi"), "action": "move_negi",
                                "to": "sports_ground"})
    assert s2["negi"] == "sports_ground"
    # Negi is not with seat 0 (classroom) → no magic possible → the turn ended and a card was drawn
    assert s2["turn"] == 1 and len(s2["hands"][0]) == before_hand
    draws = [e for e in ev if e["type"] == "draw"]
    assert draws and draws[0]["vis"] == [0]
    assert SPEC.events_for(ev, 1) and not [e for e in SPEC.events_for(ev, 1) if e["type"] == "draw"]


def test_explicit_end_turn_when_magic_is_still_possible() -> None:
    locs = {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "garden"}
    s = make(dict(CYCLE), locs, [2, 4], negi="garden", hands=[["move_negi", "bath"], ["move_self"]])
    s2, _ = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "bath"), "action": "bath"})
    assert s2["turn"] == 0 and s2["played"] and {"type": "end_turn"} in rules.legal_actions(s2, 0)
    with pytest.raises(RuleError) as e:
        rules.apply(s2, 0, {"type": "play", "card": card(s2, 0, "move_negi"), "action": "move_negi",
                            "to": "library"})
    assert e.value.code == "action/illegal"
    s3, _ev = rules.apply(s2, 0, {"type": "end_turn"})
    assert s3["turn"] == 1 and not s3["bath"] and s3["magic_left"] == 1


def test_end_turn_before_the_card_is_refused() -> None:
    s = base()
    with pytest.raises(RuleError) as e:
        rules.apply(s, 0, {"type": "end_turn"})
    assert e.value.code == "action/illegal"


def test_relocate_reads_mind_rows_2_to_8_and_body_rows_9_to_12() -> None:
    locs = {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "classroom"}
    s = make(dict(CYCLE), locs, [2, 4], hands=[["relocate"], ["move_negi"]])
    # students 2, 4, 5 (not 6: own character; 3 is seat 1's → control roll)
    act = {"type": "play", "card": card(s, 0, "relocate"), "action": "relocate", "students": [5, 2, 4]}
    forced = force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (1, 3)
                   and (r.randint(1, 6), r.randint(1, 6)) == (6, 6)
                   and (r.randint(1, 6), r.randint(1, 6)) == (4, 5))
    s2, ev = rules.apply(forced, 0, act)
    rolls = dice(ev, "location")
    assert [e["student"] for e in rolls] == [2, 4, 5]
    assert [(e["total"], e["row_of"]) for e in rolls] == [(4, "mind"), (12, "body"), (9, "body")]
    st = CONTENT.students
    assert s2["loc"][2] == st[3].row(4)  # body 2 holds mind 3: row 4 of Asakura's mind card
    assert s2["loc"][4] == st[4].row(12)  # row 12 of body 4's card
    assert s2["loc"][5] == st[5].row(9)


def test_relocate_another_players_character_needs_control() -> None:
    locs = {2: "garden", 3: "garden", 4: "library", 5: "garden", 6: "classroom"}
    s = make(dict(CYCLE), locs, [2, 4], hands=[["relocate"], ["move_negi"]])
    act = {"type": "play", "card": card(s, 0, "relocate"), "action": "relocate", "students": [2, 3, 4]}
    s2, ev = rules.apply(force(s, lambda r: r.randint(1, 6) + r.randint(1, 6) > 0 and r.randint(1, 10) <= 8),
                         0, act)
    assert [e["student"] for e in dice(ev, "control")] == [3]
    assert s2["loc"][3] == "garden"  # the control roll failed: not moved, no location roll for it
    assert [e["student"] for e in dice(ev, "location")] == [2, 4]


def test_relocate_rejects_own_character_and_wrong_counts() -> None:
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], hands=[["relocate"], ["move_negi"]])
    cid = card(s, 0, "relocate")
    before = pack(s)
    for bad in ([6, 2, 3], [2, 3], [2, 3, 4, 5], [2, 2, 3], [2, 3, 99]):
        with pytest.raises(RuleError):
            rules.apply(s, 0, {"type": "play", "card": cid, "action": "relocate", "students": bad})
    assert pack(s) == before


def test_extra_magic_gives_a_second_attempt() -> None:
    locs = {b: "garden" for b in CYCLE}
    s = make(dict(CYCLE), locs, [2, 4], negi="garden", hands=[["extra_magic"], ["move_negi"]])
    s = force(s, d6s(1, 1, 1, 2))  # two sneezes
    s, _ = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "extra_magic"), "action": "extra_magic"})
    assert s["magic_left"] == 2
    s, ev = rules.apply(s, 0, {"type": "magic", "a": 2, "b": 3})
    assert s["turn"] == 0 and s["magic_left"] == 1
    s, ev = rules.apply(s, 0, {"type": "magic", "a": 4, "b": 5})
    assert [e["outcome"] for e in ev if e["type"] == "magic"] == ["sneeze"]
    assert s["turn"] == 1  # no attempts left → the turn ended


def test_bath_time_lets_any_two_students_be_named() -> None:
    locs = {2: "garden", 3: "library", 4: "library", 5: "sports_ground", 6: "garden"}
    s = make(dict(CYCLE), locs, [2, 4], negi="garden", hands=[["bath"], ["move_negi"]])
    assert {"type": "magic", "a": 3, "b": 5} not in rules.legal_actions(s, 0)
    s2, _ = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "bath"), "action": "bath"})
    assert {"type": "magic", "a": 3, "b": 5} in rules.legal_actions(s2, 0)
    s3, _ev = rules.apply(force(s2, d6s(4, 4)), 0, {"type": "magic", "a": 3, "b": 5})
    assert s3["mind"][3] == 6 and s3["mind"][5] == 4  # swapped across the map; nobody moved
    assert s3["loc"][3] == "library" and s3["loc"][5] == "sports_ground"


def test_magic_needs_negi_with_your_character() -> None:
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], negi="library")
    assert not [a for a in rules.legal_actions(s, 0) if a["type"] == "magic"]
    with pytest.raises(RuleError):
        rules.apply(s, 0, {"type": "magic", "a": 2, "b": 3})


def test_magic_sneeze_changes_nothing() -> None:
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], negi="garden")
    s2, ev = rules.apply(force(s, d6s(2, 1)), 0, {"type": "magic", "a": 2, "b": 3})
    assert s2["mind"] == s["mind"]
    assert dice(ev, "magic")[0]["faces"] == [2, 1] and dice(ev, "magic")[0]["dice"] == ["d6", "d6"]


def test_magic_success_restores_and_scores_for_the_caster() -> None:
    # body 2 holds mind 3, body 3 holds mind 4: swapping 2 and 3 restores nobody; 5 & 6 → 6 restored
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], negi="garden")
    s2, ev = rules.apply(force(s, d6s(4, 2)), 0, {"type": "magic", "a": 5, "b": 6})
    assert [e["outcome"] for e in ev if e["type"] == "magic"] == ["success"]
    assert s2["mind"][6] == 0 and s2["loc"][6] is None  # body 6 got mind 6: restored, left the map
    assert s2["mind"][5] == 2
    assert s2["pile"][0] == [6]
    assert s2["cup"] == [2, 3, 4, 5]
    assert [e for e in ev if e["type"] == "restored"] == [{"type": "restored", "student": 6, "seat": 0}]


def test_great_success_offers_a_second_swap_at_this_place() -> None:
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], negi="garden")
    s2, _ev = rules.apply(force(s, d6s(5, 6)), 0, {"type": "magic", "a": 2, "b": 3})
    assert s2["pending"] == {"kind": "great", "seat": 0, "at": "garden", "exclude": [2, 3]}
    legal = rules.legal_actions(s2, 0)
    assert {"type": "great_skip"} in legal and {"type": "great_swap", "a": 5, "b": 6} in legal
    assert {"type": "great_swap", "a": 2, "b": 5} not in legal
    with pytest.raises(RuleError) as e:
        rules.apply(s2, 0, {"type": "magic", "a": 5, "b": 6})
    assert e.value.code == "action/wrong_phase"
    s3, _ev = rules.apply(s2, 0, {"type": "great_swap", "a": 5, "b": 6})
    assert s3["pending"] is None and s3["pile"][0] == [3, 6]  # 2↔3 restored 3; 5↔6 restored 6


def test_great_success_at_other_is_a_plain_success() -> None:
    locs = {2: "other", 3: "garden", 4: "library", 5: "other", 6: "other"}
    s = make(dict(CYCLE), locs, [2, 4], negi="other")
    legal = [a for a in rules.legal_actions(s, 0) if a["type"] == "magic"]
    # at other: only your character (body 6) and one other student at other
    assert sorted((a["a"], a["b"]) for a in legal) == [(2, 6), (5, 6)]
    s2, _ev = rules.apply(force(s, d6s(6, 6)), 0, {"type": "magic", "a": 5, "b": 6})
    assert s2["pending"] is None and s2["pile"][0] == [6]


def test_runaway_three_way_move_reaches_minds_elsewhere() -> None:
    # named 2 (mind 3) and 3 (mind 4) in the garden; mind 6 drawn, it sits in body 5 in the library
    locs = {2: "garden", 3: "garden", 4: "library", 5: "library", 6: "garden"}
    s = make(dict(CYCLE), locs, [2, 4], negi="garden")
    cup = s["cup"]
    forced = force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (3, 4)
                   and r.choice(cup) == 6 and r.randint(1, 10) == 2)
    s2, ev = rules.apply(forced, 0, {"type": "magic", "a": 2, "b": 3})
    assert [e["outcome"] for e in ev if e["type"] == "magic"] == ["runaway"]
    assert [e["student"] for e in ev if e["type"] == "marker"] == [6]
    assert dice(ev, "runaway")[0]["faces"] == [2]
    # body 2 (lower) receives mind 6; its mind 3 goes to body 3 (restored!); mind 4 goes to body 5
    assert s2["mind"][2] == 6 and s2["mind"][5] == 4 and s2["mind"][3] == 0
    assert s2["pile"][0] == [3]
    assert sorted(s2["cup"]) == [2, 4, 5, 6]


def test_runaway_to_a_waiting_body_brings_a_players_mind_onto_the_map() -> None:
    arrangement = {2: 3, 3: 4, 4: 5, 5: 6}
    s = make(arrangement, {2: "garden", 3: "garden", 4: "library", 5: "library"}, [4, 3],
             negi="garden", waiting={6: 2})
    # seat 0 = mind 4 (body 3); seat 1 = mind 3 (body 2). Draw mind 2 (in waiting body 6), d10 → body 3
    cup = s["cup"]
    forced = force(s, lambda r: (r.randint(1, 6), r.randint(1, 6)) == (3, 3)
                   and r.choice(cup) == 2 and r.randint(1, 10) == 9)
    s2, _ev = rules.apply(forced, 0, {"type": "magic", "a": 2, "b": 3})
    # body 3 gets mind 2, body 2 gets mind 4, body 6 gets mind 3 (seat 1's) → body 6 enters the map
    assert s2["mind"][3] == 2 and s2["mind"][2] == 4 and s2["mind"][6] == 3
    assert s2["loc"][6] is not None and 6 not in s2["waiting"]
    assert s2["piece"][1] == s2["loc"][6]


def test_event_servant_moves_to_the_master() -> None:
    # body 2 holds Setsuna's mind (15), servant[6]/13; Konoka's mind (13) is in body 3 in the library
    arrangement = {2: 15, 15: 13, 3: 2, 13: 3}
    locs = {2: "garden", 15: "library", 3: "garden", 13: "sports_ground"}
    s = make(arrangement, locs, [2, 3], hands=[["event"], ["move_negi"]])
    assert s["piece"][0] == "garden"
    s2, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 6), 0,
                         {"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 2})
    assert [e["ok"] for e in ev if e["type"] == "ability"] == [True]
    assert s2["loc"][2] == "library"
    s3, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 7), 0,
                         {"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 2})
    assert s3["loc"][2] == "garden"


def test_event_companion_moves_the_whole_group() -> None:
    # Fuka's mind (22) in body 2: companion[4]/walking → garden; Kaede (20) and Fumika (23) follow
    arrangement = {2: 22, 22: 20, 20: 23, 23: 2, 5: 6, 6: 5}
    locs = {2: "library", 22: "classroom", 20: "sports_ground", 23: "library", 5: "library", 6: "other"}
    s = make(arrangement, locs, [2, 5], hands=[["event"], ["move_negi"]])
    assert s["piece"][0] == "library"
    s2, _ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 1), 0,
                         {"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 2})
    # minds 22, 20, 23 belong to the walking club → bodies 2, 22, 20 go to the garden; body 23 (mind 2) stays
    assert (s2["loc"][2], s2["loc"][22], s2["loc"][20]) == ("garden", "garden", "garden")
    assert s2["loc"][23] == "library" and s2["loc"][5] == "library"


def test_event_reporter_goes_to_the_drawn_students_mind() -> None:
    arrangement = {2: 3, 3: 5, 5: 6, 6: 2}
    locs = {2: "garden", 3: "garden", 5: "sports_ground", 6: "library"}
    s = make(arrangement, locs, [5, 6], hands=[["event"], ["move_negi"]])
    assert s["piece"][0] == "garden"  # mind 5 is in body 3
    cup = s["cup"]
    forced = force(s, lambda r: r.randint(1, 10) <= 5 and r.choice(cup) == 6)
    s2, ev = rules.apply(forced, 0, {"type": "play", "card": card(s, 0, "event"), "action": "event",
                                     "student": 2})
    assert [e["student"] for e in ev if e["type"] == "marker"] == [6]
    assert s2["loc"][2] == "sports_ground"  # mind 6 is in body 5


def test_event_with_nobody_there_is_played_without_effect() -> None:
    locs = {2: "garden", 3: "library", 4: "library", 5: "sports_ground", 6: "classroom"}
    s = make(dict(CYCLE), locs, [2, 4], hands=[["event"], ["move_negi"]])
    legal = [a for a in rules.legal_actions(s, 0) if a.get("action") == "event"]
    assert legal == [{"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 6}]
    s = make(dict(CYCLE), {**locs, 6: "other"}, [2, 4], hands=[["event"], ["move_negi"]])
    legal = [a for a in rules.legal_actions(s, 0) if a.get("action") == "event"]
    assert legal == [{"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 6}]


def test_two_action_card_offers_both() -> None:
    s = make(dict(CYCLE), {b: "garden" for b in CYCLE}, [2, 4], hands=[["self_or_negi"], ["move_negi"]])
    acts = {a["action"] for a in rules.legal_actions(s, 0) if a["type"] == "play"}
    assert acts == {"move_self", "move_negi"}
    with pytest.raises(RuleError):
        rules.apply(s, 0, {"type": "play", "card": card(s, 0, "self_or_negi"), "action": "bath"})


def test_chachamaru_at_other_joins_evangeline() -> None:
    arrangement = {2: 10, 10: 26, 26: 2, 3: 4, 4: 3}
    locs = {2: "garden", 10: "library", 26: "classroom", 3: "garden", 4: "garden"}
    s = make(arrangement, locs, [4, 3], hands=[["relocate"], ["move_negi"]])
    # relocate body 2 (Chachamaru's mind) with a roll on a row that says "other"
    rows = CONTENT.students[10].where
    total = next(t for t in range(2, 9) if rows[t - 2] == "other")
    cid = card(s, 0, "relocate")
    act = {"type": "play", "card": cid, "action": "relocate", "students": [2, 10, 26]}

    def check(face: int):
        def f(r: Rng) -> bool:
            d = r.randint(1, 6) + r.randint(1, 6)
            return d == total and r.randint(1, 10) == face and r.randint(1, 6) + r.randint(1, 6) == 7 \
                and r.randint(1, 6) + r.randint(1, 6) == 7
        return f
    _s2, ev = rules.apply(force(s, check(3)), 0, act)
    assert dice(ev, "chachamaru")[0]["faces"] == [3]
    assert any(e["type"] == "move" and e["why"] == "chachamaru" and e["student"] == 2 for e in ev)
    _s3, ev = rules.apply(force(s, check(8)), 0, act)
    assert not any(e["type"] == "move" and e["why"] == "chachamaru" for e in ev)


def test_errors_leave_the_state_unchanged() -> None:
    s = base()
    before = pack(s)
    bad = [
        (1, {"type": "end_turn"}, "action/not_your_turn"),
        (0, {"type": "great_skip"}, "action/wrong_phase"),
        (0, {"type": "fly"}, "action/unknown_type"),
        (0, {"type": "play", "card": 999, "action": "bath"}, "action/illegal_target"),
        (0, {"type": "play", "card": card(s, 0, "move_negi"), "action": "move_negi", "to": "moon"},
         "action/bad_shape"),
        (0, {"type": "magic", "a": 2, "b": 2}, "action/bad_shape"),
    ]
    for seat, act, code in bad:
        with pytest.raises(RuleError) as e:
            rules.apply(s, seat, act)
        assert e.value.code == code, act
    assert pack(s) == before


def test_last_restoration_ends_the_game_and_scores() -> None:
    # bodies 2,3 hold each other's minds; seat 0 is mind 3, seat 1 is mind 2
    s = make({2: 3, 3: 2}, {2: "garden", 3: "garden"}, [3, 2], negi="garden")
    s2, ev = rules.apply(force(s, d6s(4, 4)), 0, {"type": "magic", "a": 2, "b": 3})
    assert rules.is_over(s2)
    res = rules.result(s2)
    assert res["scores"] == [4, 0]  # own character 3 + one more 1
    assert res["winners"] == [0]
    assert ev[-1]["type"] == "game_over"
    assert rules.legal_actions(s2, 0) == [] and rules.legal_actions(s2, 1) == []


def test_ties_share_the_win() -> None:
    s = make({2: 3, 3: 2}, {2: "garden", 3: "garden"}, [3, 2])
    s = dict(s, over=True, pile=[[2], [3]], chars=[4, 5])
    assert rules.result(s)["winners"] == [0, 1]


def test_abilities_are_tried_in_order_until_one_succeeds() -> None:
    # Chachamaru's mind (10): servant[6]/26 then servant[3]/Negi. First fails (7), second succeeds (2).
    arrangement = {2: 10, 10: 26, 26: 2, 3: 4, 4: 3}
    locs = {2: "garden", 10: "library", 26: "garden", 3: "garden", 4: "classroom"}
    s = make(arrangement, locs, [2, 3], negi="sports_ground", hands=[["event"], ["move_negi"]])
    act = {"type": "play", "card": card(s, 0, "event"), "action": "event", "student": 2}
    s2, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 7 and r.randint(1, 10) == 2), 0, act)
    assert [(e["index"], e["ok"]) for e in ev if e["type"] == "ability"] == [(0, False), (1, True)]
    assert s2["loc"][2] == "sports_ground"
    s3, ev = rules.apply(force(s, lambda r: r.randint(1, 10) == 1), 0, act)
    assert [(e["index"], e["ok"]) for e in ev if e["type"] == "ability"] == [(0, True)]
    assert s3["loc"][2] == "library"  # Evangeline's mind is in body 10


def test_asakura_at_other_joins_the_drawn_student() -> None:
    arrangement = {2: 3, 3: 4, 4: 5, 5: 6, 6: 2}
    locs = {2: "garden", 3: "library", 4: "sports_ground", 5: "garden", 6: "classroom"}
    s = make(arrangement, locs, [4, 6], hands=[["relocate"], ["move_negi"]])
    rows = CONTENT.students[3].where
    total = next(t for t in range(2, 9) if rows[t - 2] == "other")
    cup = s["cup"]

    def check(r: Rng) -> bool:
        return r.randint(1, 6) + r.randint(1, 6) == total and r.choice(cup) == 5
    act = {"type": "play", "card": card(s, 0, "relocate"), "action": "relocate", "students": [2, 4, 6]}
    # body 2 holds Asakura's mind: it lands at other, draws 5 (in body 4) → goes to the sports ground
    _s2, ev = rules.apply(force(s, check), 0, act)
    assert [e["student"] for e in ev if e["type"] == "marker" and e["why"] == "asakura"] == [5]
    move = [e for e in ev if e["type"] == "move" and e["why"] == "asakura"]
    assert move and move[0]["student"] == 2 and move[0]["to"] == "sports_ground"


def test_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    s = base(negi="library")
    s["discard"], s["deck"] = s["deck"], []
    s2, ev = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "move_negi"), "action": "move_negi",
                                "to": "sports_ground"})
    assert [e["count"] for e in ev if e["type"] == "reshuffle"] == [len(s["discard"]) + 1]
    assert len(s2["hands"][0]) == 4 and len(s2["deck"]) == len(s["discard"])
    assert s2["discard"] == []


def test_three_students_enter_at_the_start_of_each_turn() -> None:
    arrangement = {2: 3, 3: 2}
    waiting = {4: 5, 5: 6, 6: 7, 7: 8, 8: 4}
    s = make(arrangement, {2: "garden", 3: "garden"}, [2, 3], negi="library", waiting=waiting,
             hands=[["move_negi"], ["move_negi"]])
    s2, ev = rules.apply(s, 0, {"type": "play", "card": card(s, 0, "move_negi"), "action": "move_negi",
                                "to": "sports_ground"})
    entered = [e["student"] for e in ev if e["type"] == "move" and e["why"] == "enter"]
    assert len(entered) == 3 and len(s2["waiting"]) == 2
    assert all(s2["loc"][b] is not None for b in entered)
