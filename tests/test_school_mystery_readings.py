"""school_mystery rule examples for the second-pass readings (docs/rules/school_mystery.md):
a condition disadvantage needs a hindering condition, secrets dealt privately from a pool and applied by
the engine, the rival reroll as the rival's own roll (chains allowed), the article made from the table."""
from __future__ import annotations

import pytest
from school_mystery_helpers import (
    RULES,
    SPEC,
    act,
    do_steps,
    force_dice,
    give_item,
    investigating,
    new_table,
    types,
)

from shared.engine import RuleError
from shared.games.school_mystery.article import article_markdown


def declared(state: dict, seat: int, move: str = "discover", stat: str = "talk") -> dict:
    state, _ = act(state, seat, type="declare_roll", move=move, stat=stat)
    return state


def dis_presets(state: dict, seat: int) -> list[list[str]]:
    return [a["disadvantage"] for a in SPEC.legal_actions(state, seat) if a["type"] == "set_roll_modifiers"]


# --------------------------------------------------------------------------- conditions hinder some rolls

def test_no_condition_no_condition_disadvantage() -> None:
    state = declared(investigating(), 0)
    assert state["roll"]["disadvantage"] == [] and state["roll"]["hindered_by"] == []
    with pytest.raises(RuleError) as e:
        act(state, 0, type="set_roll_modifiers", advantage=[], disadvantage=["condition"])
    assert e.value.code == "action/illegal_target"
    assert all("condition" not in d for d in dis_presets(state, 0))
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=[], disadvantage=["card"])  # a drawn card may
    assert state["roll"]["disadvantage"] == ["card"]


def test_a_condition_that_does_not_hinder_this_roll_cannot_be_declared() -> None:
    state = investigating()
    state, _ = act(state, 1, type="give_condition", target=0, condition="tired")  # tired hinders body only
    state = declared(state, 0, stat="talk")
    assert state["roll"]["hindered_by"] == []
    with pytest.raises(RuleError):
        act(state, 0, type="set_roll_modifiers", advantage=[], disadvantage=["condition"])


def test_a_hindering_sample_condition_imposes_the_disadvantage() -> None:
    state = investigating()
    state, _ = act(state, 1, type="give_condition", target=0, condition="tired")
    state, _ = act(state, 1, type="give_condition", target=0, condition="lonely")  # lonely hinders talk
    state = declared(state, 0, stat="talk")
    assert state["roll"]["hindered_by"] == [1] and state["roll"]["disadvantage"] == ["condition"]
    assert all("condition" in d for d in dis_presets(state, 0))
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=[], disadvantage=[])  # cannot be waived
    assert state["roll"]["disadvantage"] == ["condition"]
    state = force_dice(state, [6, 2, 3])
    state, ev = act(state, 0, type="roll_dice")
    dice = next(e for e in ev if e["type"] == "dice_rolled")
    assert dice["mode"] == "disadvantage" and dice["kept"] == [2, 3] and dice["disadvantage_sources"] == ["condition"]


def test_a_condition_hinders_by_move_too() -> None:
    state = investigating()
    state, _ = act(state, 1, type="give_condition", target=0, condition="caught")  # hinders sneak_in
    assert declared(state, 0, move="sneak_in", stat="nerve")["roll"]["hindered_by"] == [0]
    assert declared(state, 0, move="discover", stat="nerve")["roll"]["hindered_by"] == []


def test_the_tables_own_condition_may_be_declared_but_is_not_forced() -> None:
    state = investigating()
    state, _ = act(state, 1, type="give_condition", target=0, text="the whole class is laughing at me")
    state = declared(give_item(state, 0), 0)
    assert state["roll"]["disadvantage"] == []
    state, _ = act(state, 0, type="set_roll_modifiers", advantage=["item"], disadvantage=["condition"])
    assert state["roll"]["disadvantage"] == ["condition"]


def test_every_sample_condition_hinders_something_known() -> None:
    content = SPEC.content()
    moves = set(content.moves)
    for cond in content.conditions.values():
        assert cond.hinders_stats or cond.hinders_moves, cond.id
        assert set(cond.hinders_moves) <= moves - {"resolve", "objection"}


# --------------------------------------------------------------------------- secrets

def test_secrets_are_dealt_privately_from_a_larger_pool() -> None:
    hands = set()
    pool = SPEC.content().playbooks["ace_reporter"]
    regular = {s.id for s in pool.secrets if not s.last}
    lasts = {s.id for s in pool.secrets if s.last}
    for seed in range(12):
        state = SPEC.setup(3, seed, {"subject": "music_room_piano"})
        state, _ = act(state, 0, type="choose_leader", seat=0)
        state, ev = act(state, 0, type="create_student", name="A", playbook="ace_reporter", stats=0, rival=1)
        hand = state["students"][0]["hand"]
        assert len(hand) == 4 and set(hand[:3]) <= regular and hand[3] in lasts
        hands.add(tuple(hand))
        dealt = next(e for e in ev if e["type"] == "secrets_dealt")
        assert dealt["vis"] == [0] and dealt["secrets"] == hand
        for viewer in (None, 1, 2):
            assert not [sid for sid in hand if repr(sid) in repr(SPEC.events_for(ev, viewer))]
            assert not [sid for sid in hand if repr(sid) in repr(SPEC.view(state, viewer))]
    assert len(hands) > 3, "knowing the playbook must not tell the secrets"


def unlock_via_task(state: dict, seat: int, secret: str) -> tuple[dict, list[dict]]:
    *rest, last = state["students"][seat]["hand"]
    state["students"][seat]["hand"] = [secret] + [s for s in rest if s != secret][:2] + [last]
    state["tasks"] = [{"kind": "secret", "seat": seat, "reason": "move"}]
    return act(state, seat, type="unlock_secret", secret=secret)


def _held(state: dict, seat: int) -> list[str | None]:
    return [c["id"] for c in state["students"][seat]["conditions"]]


def test_a_secret_gives_its_owner_a_condition() -> None:
    state, ev = unlock_via_task(investigating(), 0, "ace_s3")
    assert _held(state, 0) == ["frightened"] and "condition_gained" in types(ev)
    assert not [e for e in SPEC.events_for(ev, 1) if "ace_s3" in repr(e)]  # the effect is public, the secret not


def test_a_secret_gives_the_rival_a_condition() -> None:
    state, _ = unlock_via_task(investigating(), 0, "ace_s2")  # seat 0's rival is seat 1
    assert _held(state, 1) == ["untrusted"] and _held(state, 0) == []


def test_a_secret_draws_a_clue_even_where_one_was_drawn() -> None:
    state = investigating()
    state["clue_locations"].append(state["location"])
    state, _ = unlock_via_task(state, 0, "ace_s4")
    assert state["tasks"] == [{"kind": "draw", "suit": "clubs", "seat": state["scene"]["duty"]["clubs"]}]
    state = do_steps(state)
    assert [c["kind"] for c in state["cards"]][-1] == "clue" and state["scene"]["closed"]


def test_a_secret_instruction_brings_someone_into_the_scene() -> None:
    state, _ = unlock_via_task(investigating(), 0, "ace_s5")
    assert state["tasks"][0]["kind"] == "draw" and state["tasks"][0]["suit"] == "spades"


def test_secrets_change_relationships() -> None:
    state, ev = unlock_via_task(investigating(players=3, subject="music_room_piano"), 1, "photo_s3")
    assert state["students"][1]["rival"] == 1
    assert {"type": "rival_changed", "seat": 1, "rival": 1} in ev
    state = investigating()
    state["help_used"] = [[2, 0], [1, 0], [2, 1]]
    state["rival_used"] = [2, 1]
    state, _ = unlock_via_task(state, 2, "occult_s5")
    assert state["help_used"] == [[1, 0]] and state["rival_used"] == [1]


def test_every_secret_has_an_effect_and_last_secrets_fit_every_subject() -> None:
    content = SPEC.content()
    names = [c.name["ja"] for s in content.subjects.values() for c in (*s.locations, *s.characters)]
    for book in content.playbooks.values():
        for sec in book.secrets:
            assert sec.effects and sec.instruction, sec.id
            if sec.last:  # a last secret speaks of "this case", never of one subject's places or people
                assert not [n for n in names if n in sec.text["ja"] or n in sec.instruction["ja"]], sec.id
                assert all(e.do not in ("gain_condition", "clear_condition", "advantage_next", "renew_bonds",
                                        "rival_self") for e in sec.effects), "the owner leaves: it acts on others"


def test_the_last_secret_still_acts_as_its_owner_leaves() -> None:
    state = investigating()
    st = state["students"][0]
    st["hand"] = ["ace_s1", "ace_s2", "ace_s3", "ace_last2"]
    st["secrets"] = ["ace_s1", "ace_s2", "ace_s3"]
    state["tasks"] = [{"kind": "secret", "seat": 0, "reason": "move"}]
    state, _ev = act(state, 0, type="unlock_secret", secret="ace_last2")
    assert state["students"][0]["left"] and _held(state, 1) == ["fear_of_failing"]


# --------------------------------------------------------------------------- the rival reroll

def test_the_reroll_is_the_rivals_own_roll() -> None:
    state = investigating(rivals=[1, 2, 1])  # seat 0 and seat 2 name seat 1
    state["students"][0]["advantage_next"] = True
    state, _ = act(state, 2, type="give_condition", target=0, condition="lonely")  # hinders talk
    state = declared(give_item(state, 1), 1, stat="observe")
    state, _ = act(state, 1, type="set_roll_modifiers", advantage=["item"], disadvantage=["card"])
    state = force_dice(state, [1, 1, 1])
    state, _ = act(state, 1, type="roll_dice")
    assert state["roll"]["band"] == "failure"
    # seat 0's reroll: seat 1's item and card are not kept; seat 0's lonely (talk) and its advantage_next apply
    state = force_dice(state, [6, 6, 1])
    state, ev = act(state, 0, type="rival_reroll", stat="talk")
    dice = next(e for e in ev if e["type"] == "dice_rolled")
    assert dice["advantage_sources"] == ["effect"] and dice["disadvantage_sources"] == ["condition"]
    assert dice["mode"] == "normal" and dice["help"] == 0
    assert state["students"][0]["advantage_next"] is False
    assert state["roll"]["roller"] == 0 and state["roll"]["advantage"] == []


def test_the_rival_may_declare_their_own_sources() -> None:
    state = give_item(investigating(rivals=[1, 2, 1]), 0)
    state, _ = act(state, 1, type="declare_roll", move="discover", stat="observe")
    state = force_dice(state, [1, 1])
    state, _ = act(state, 1, type="roll_dice")
    with pytest.raises(RuleError):  # no condition of seat 0 hinders
        act(state, 0, type="rival_reroll", stat="talk", advantage=[], disadvantage=["condition"])
    state = force_dice(state, [2, 6, 5])
    state, ev = act(state, 0, type="rival_reroll", stat="talk", advantage=["item"], disadvantage=[])
    dice = next(e for e in ev if e["type"] == "dice_rolled")
    assert dice["mode"] == "advantage" and dice["kept"] == [6, 5]


def test_rerolls_chain_each_student_once() -> None:
    # A = seat 0 rolls; B = seat 1 names A; C = seat 2 names B; A names C
    state = investigating(players=3, rivals=[2, 0, 1])
    state = force_dice(declared(state, 0), [1, 1])
    state, _ = act(state, 0, type="roll_dice")
    state = force_dice(state, [1, 1])
    state, _ = act(state, 1, type="rival_reroll", stat="observe")  # B rerolls A's failure: fails too
    assert state["roll"]["roller"] == 1 and state["roll"]["band"] == "failure"
    assert not [a for a in SPEC.legal_actions(state, 1) if a["type"] == "rival_reroll"]
    assert [a for a in SPEC.legal_actions(state, 2) if a["type"] == "rival_reroll"]  # C answers B's reroll
    state = force_dice(state, [1, 2])
    state, _ = act(state, 2, type="rival_reroll", stat="know")
    state = force_dice(state, [1, 1])
    state, _ev = act(state, 0, type="rival_reroll", stat="talk")  # A names C: the chain comes round once
    assert state["roll"]["roller"] == 0 and state["rival_used"] == [1, 2, 0]
    assert not [a for s in range(3) for a in SPEC.legal_actions(state, s) if a["type"] == "rival_reroll"]


# --------------------------------------------------------------------------- the article

def finished(band_faces: list[int]) -> dict:
    state = investigating()
    state, _ = act(state, 0, type="declare_roll", move="ask_around", stat="talk")
    state = force_dice(state, [5, 5])
    state, _ = act(state, 0, type="roll_dice")
    state, _ = act(state, 0, type="accept_roll")  # success: a supporting character
    state = do_steps(state)
    state, _ = act(state, 1, type="declare_roll", move="discover", stat="observe")
    state = force_dice(state, [5, 5])
    state, _ = act(state, 1, type="roll_dice")
    state, _ = act(state, 1, type="accept_roll")
    state = do_steps(state)
    state, _ = act(state, 0, type="begin_resolution")
    clue = next(c for c in state["cards"] if c["kind"] == "clue")
    state, _ = act(state, 1, type="use_clue", card=clue["id"], used=True)
    state, _ = act(state, 1, type="set_deduction", text="The caretaker plays at night.")
    state, _ = act(state, 1, type="declare_resolve")
    state = force_dice(state, band_faces)
    state, _ = act(state, 1, type="roll_dice")
    assert state["phase"] == "over"
    return state


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_the_article_is_made_from_the_information_cards_and_answers(lang: str) -> None:
    from shared.games.school_mystery import describe
    content = SPEC.content()
    state = finished([6, 6])
    res = SPEC.result(state)
    md = article_markdown(res, content, lang)
    subject = content.subjects[state["subject"]]
    for q in subject.questions:
        assert describe.pick(q, lang) in md
    assert "answer 0" in md
    for kind in ("location", "phenomenon", "character", "clue"):
        cards = [c for c in state["cards"] if c["kind"] == kind]
        assert cards and all(describe.card_title(res, c, content, lang) in md for c in cards), kind
    assert describe.t(content, "article_clue_used", lang) in md
    assert "The caretaker plays at night." in md and describe.t(content, "article_truth", lang) in md


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_a_failed_article_lists_the_clues_and_says_the_closing_line_once(lang: str) -> None:
    from shared.games.school_mystery import describe
    content = SPEC.content()
    state = finished([1, 1])
    res = SPEC.result(state)
    assert res["resolve"]["band"] == "failure"
    md = article_markdown(res, content, lang)
    closing = describe.t(content, "article_unknown", lang)
    assert md.count(closing) == 1
    if lang == "ja":
        assert md.count("謎の答えはわかりませんでした") == 1
    deduction = md.split(describe.t(content, "article_deduction", lang), 1)[1]
    clue = res["clues"][0]
    assert deduction.index(describe.card_title(res, clue, content, lang)) < deduction.index(closing)
    assert "The caretaker plays at night." not in md  # an unproven deduction is not printed as the article


def test_new_table_helper_still_deals_every_student() -> None:
    state = new_table(6)
    assert all(len(st["hand"]) == 4 for st in state["students"])
    assert RULES.leaks(state, 2, SPEC.view(state, 2)) == []
