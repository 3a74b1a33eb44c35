"""Campaigns (issue #33): the club meets again. Three subjects played by bots end to end; what carries is
what docs/rules/school_mystery.md says, and every student is offered advances between subjects."""
from __future__ import annotations

from typing import Any

import pytest

from shared.bots import next_bot_move
from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.games.school_mystery import campaign
from shared.rng import Rng

SPEC = REGISTRY["school_mystery"]
R = SPEC.rules
SUBJECTS = ["music_room_piano", "arcade_clock_tower", "winter_lodge_footprints"]


def play_to_end(players: int, seed: int, options: dict[str, Any], check_leaks: bool = True) -> dict:
    """A whole subject played by normal bots (each sees only its seat's view)."""
    bot = SPEC.bots()["normal"]
    state = SPEC.setup(players, seed, options)
    rngs = [Rng.from_seed(seed * 7919 + s) for s in range(players)]
    order = Rng.from_seed(seed ^ 0x5EED)
    for step in range(6000):
        if SPEC.is_over(state):
            return state
        if check_leaks and step % 7 == 0:
            for seat in [None, *range(players)]:
                assert not R.leaks(state, seat, SPEC.view(state, seat))
        start = order.below(players)
        move = next_bot_move(SPEC, state, lambda s: bot, rngs.__getitem__,
                             [(start + k) % players for k in range(players)], list(range(players)))
        assert move is not None, "every bot waits"
        state, _ = SPEC.apply(state, *move)
    raise AssertionError("the subject did not end")


def test_a_campaign_of_three_subjects_keeps_what_the_rules_say() -> None:
    players, carry, cid = 4, None, "club-1"
    offered: list[list[dict]] = []
    for n, subject in enumerate(SUBJECTS):
        options: dict[str, Any] = {"subject": subject}
        if carry is not None:
            options["campaign"] = {"id": cid, "students": carry}
        state = play_to_end(players, 100 + n, options)
        db = state["db"]
        if carry is not None:  # the students came back as carried
            for seat, (st, before) in enumerate(zip(state["students"], carry)):
                assert (st["name"], st["playbook"]) == (before["name"], before["playbook"])
                assert st["stats"] == before["stats"]
                assert st["extra_moves"] == before["moves"] and st["bonds"] == before["bonds"]
                for mid in before["moves"]:  # a learned move is one of the student's moves at this table
                    assert mid in R._student_moves(state, seat, db["moves"][mid]["kind"])
                book = db["playbooks"][st["playbook"]]
                untold = [s for s in book["secrets"] if s not in before["told"]]
                if len(untold) >= 3:  # told secrets are not dealt again while the pool has enough
                    assert not set(st["hand"][:-1]) & set(before["told"])
        result = SPEC.result(state)
        assert result["over"]
        new = campaign.carry_from_result(result)
        for seat, (st, after) in enumerate(zip(state["students"], new)):
            assert after["name"] == st["name"] and after["stats"] == st["stats"] and after["rival"] == st["rival"]
            assert after["conditions"] == st["conditions"][1:]  # the oldest condition fades
            told_before = carry[seat]["told"] if carry else []
            assert set(after["told"]) == set(told_before) | set(st["secrets"])
        # between subjects every student is offered advances; the bots choose their own
        offers = [campaign.advance_options(db, new, seat) for seat in range(players)]
        offered.append([o for opts in offers for o in opts])
        assert all(any(o["kind"] == "stat" for o in opts) and any(o["kind"] == "bond" for o in opts)
                   for opts in offers)
        for seat in range(players):
            pick = campaign.bot_advance(db, new, seat, n)
            assert pick in offers[seat]
            before = new[seat]
            new = campaign.apply_advance(db, new, seat, pick)
            if pick["kind"] == "move":
                assert new[seat]["moves"] == before["moves"] + [pick["move"]]
            elif pick["kind"] == "stat":
                assert new[seat]["stats"][pick["stat"]] == before["stats"][pick["stat"]] + 1
        carry = new
    # the first advance of every bot is its playbook's advance move; afterwards none is offered again
    assert all(any(o["kind"] == "move" for o in offers) for offers in offered[:1])
    assert all(st["moves"] for st in carry)
    assert not any(o["kind"] == "move" for o in offered[-1])


def test_an_advance_must_be_offered_and_stats_stop_at_the_cap() -> None:
    state = SPEC.setup(2, 1, {"subject": SUBJECTS[0]})
    db = state["db"]
    st = {"name": "Aoi", "playbook": "athlete", "stats": dict(db["playbooks"]["athlete"]["arrays"][0]),
          "rival": 1, "conditions": [], "told": [], "moves": [], "bonds": []}
    other = {**st, "name": "Ren", "playbook": "photographer", "rival": 0,
             "stats": dict(db["playbooks"]["photographer"]["arrays"][0])}
    carry = [st, other]
    st["stats"]["body"] = campaign.STAT_CAP
    assert {"kind": "stat", "stat": "body"} not in campaign.advance_options(db, carry, 0)
    with pytest.raises(ValueError):
        campaign.apply_advance(db, carry, 0, {"kind": "stat", "stat": "body"})
    with pytest.raises(ValueError):
        campaign.apply_advance(db, carry, 0, {"kind": "move", "move": "photo_flash"})  # not its playbook
    with pytest.raises(ValueError):
        campaign.apply_advance(db, carry, 0, {"kind": "bond", "seat": 0})  # not itself
    bonded = campaign.apply_advance(db, carry, 0, {"kind": "bond", "seat": 1})
    assert bonded[0]["bonds"] == [1] and carry[0]["bonds"] == []


def test_a_bad_campaign_option_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        SPEC.setup(2, 1, {"campaign": {"id": "x", "students": [{"name": "A"}]}})
    assert err.value.code == "setup/bad_option"


def carried(db: dict, bonds: list[int]) -> list[dict]:
    out = []
    for i, pb in enumerate(["athlete", "photographer", "occult_fan"]):
        out.append({"name": f"S{i}", "playbook": pb, "stats": dict(db["playbooks"][pb]["arrays"][0]),
                    "rival": i, "conditions": [{"id": "tired", "text": ""}] if i == 0 else [],
                    "told": list(db["playbooks"][pb]["secrets"][:2]), "moves": [],
                    "bonds": bonds if i == 1 else []})
    return out


def test_a_bonded_friend_helps_twice_and_others_once() -> None:
    db = SPEC.setup(3, 1, {})["db"]
    state = SPEC.setup(3, 5, {"subject": SUBJECTS[0], "campaign": {"id": "c", "students": carried(db, [0])}})
    state, events = SPEC.apply(state, 0, {"type": "choose_leader", "seat": 0})
    assert state["phase"] == "introduction" and [e["type"] for e in events].count("student_created") == 3
    assert state["students"][0]["conditions"] == [{"id": "tired", "text": ""}]
    private = [e for e in events if e["type"] == "secrets_dealt"]
    assert all(e["vis"] == [e["seat"]] for e in private)
    for seat in range(3):  # the told secrets stay hidden, and nobody sees another's hand
        assert "told" not in SPEC.view(state, seat) and not R.leaks(state, seat, SPEC.view(state, seat))
    state = dict(state, help_used=[[1, 0], [2, 0]])
    assert campaign.help_left(state, 1, 0) and not campaign.help_left(state, 2, 0)
    state = dict(state, help_used=[[1, 0], [1, 0]])
    assert not campaign.help_left(state, 1, 0)


def test_a_larger_secret_pool_deals_other_secrets_but_leaves_the_dice_alone() -> None:
    """Secrets are dealt with shuffle_tail_at: the generator goes k steps whatever the pool's length."""
    from shared.rng import shuffle_at, shuffle_tail_at

    small, large = list(range(5)), list(range(8))
    after_small = shuffle_tail_at(123, small, 4)
    assert shuffle_tail_at(123, large, 4) == after_small == shuffle_at(123, list(range(5)))
    assert sorted(large) == list(range(8)) and len(set(large[-3:])) == 3
    state = SPEC.setup(2, 9, {"subject": SUBJECTS[0]})
    state, _ = SPEC.apply(state, 0, {"type": "choose_leader", "seat": 0})
    state, _ = SPEC.apply(state, 0, {"type": "create_student", "name": "A", "playbook": "librarian", "stats": 0,
                                     "rival": 1})
    hand = state["students"][0]["hand"]
    book = state["db"]["playbooks"]["librarian"]
    assert len(hand) == 4 and set(hand[:3]) <= set(book["secrets"]) and hand[3] in book["lasts"]
