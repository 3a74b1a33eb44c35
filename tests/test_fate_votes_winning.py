"""fate_votes winning conditions: one example per condition and per priority clash."""
from __future__ import annotations

from shared.games.fate_votes import decide_winners, explain
from shared.games.fate_votes.winning import REASON_CODES


def decide(cards: list[str], votes: list[int]) -> tuple[list[int], str]:
    return decide_winners(dict(enumerate(cards)), dict(enumerate(votes)))


def rows(cards: list[str], votes: list[int]) -> dict[int, dict]:
    return {r["seat"]: r for r in explain(dict(enumerate(cards)), dict(enumerate(votes)))["seats"]}


def test_oyashiro_alone_without_rika_wins_first() -> None:
    # Satoko has 0 and Mion is strictly top too, but Oyashiro comes first.
    assert decide(["oyashiro", "rena", "satoko", "mion"], [1, 2, 0, 3]) == ([0], "oyashiro")


def test_oyashiro_loses_when_rika_is_present() -> None:
    res = explain(dict(enumerate(["oyashiro", "rika", "keiichi", "keiichi"])), dict(enumerate([0, 1, 2, 3])))
    assert (res["winners"], res["condition"]) == ([2, 3], "keiichi")
    oy = res["conditions"][0]
    assert oy["reason_code"] == "oyashiro/rika_present" and not oy["met"]


def test_two_oyashiro_cancel_out() -> None:
    winners, cond = decide(["oyashiro", "oyashiro", "mion", "satoko"], [0, 1, 3, 1])
    assert (winners, cond) == ([2], "mion")
    assert rows(["oyashiro", "oyashiro", "mion", "satoko"], [0, 1, 3, 1])[0]["reason_code"] == "oyashiro/not_unique"


def test_two_renas_tied_beat_satoko_with_zero() -> None:
    cards, votes = ["rena", "rena", "satoko", "rika"], [2, 2, 0, 1]
    assert decide(cards, votes) == ([0, 1], "rena")
    r = rows(cards, votes)
    assert r[2]["reason_code"] == "preempted" and r[2]["params"]["by"] == "rena"
    sat = next(c for c in explain(dict(enumerate(cards)), dict(enumerate(votes)))["conditions"]
           if c["condition"] == "satoko")
    assert sat["met"] and not sat["fired"]


def test_only_matching_renas_win() -> None:
    cards, votes = ["rena", "rena", "rena", "rika"], [1, 1, 2, 0]
    assert decide(cards, votes) == ([0, 1], "rena")
    assert rows(cards, votes)[2]["reason_code"] == "rena/no_match"


def test_single_rena_never_wins() -> None:
    assert decide(["rena", "rika", "rika", "shion"], [1, 1, 1, 1]) == ([1, 2], "rika_broken")
    assert rows(["rena", "rika", "rika", "shion"], [1, 1, 1, 1])[0]["reason_code"] == "rena/alone"


def test_satoko_with_zero_votes() -> None:
    assert decide(["satoko", "mion", "rika", "keiichi"], [0, 2, 1, 1]) == ([0], "satoko")


def test_only_zero_vote_satokos_win() -> None:
    cards, votes = ["satoko", "satoko", "rika", "rika"], [0, 1, 2, 3]
    assert decide(cards, votes) == ([0], "satoko")
    assert rows(cards, votes)[1]["reason_code"] == "satoko/has_votes"


def test_shion_wins_with_satoko() -> None:
    res = explain(dict(enumerate(["satoko", "shion", "rika", "rika"])), dict(enumerate([0, 3, 1, 1])))
    assert (res["winners"], res["condition"]) == ([0, 1], "satoko")
    assert res["stories"] == ["satoko", "shion_satoko"]
    assert res["seats"][1]["reason_code"] == "shion/with_satoko"


def test_mion_strictly_top() -> None:
    assert decide(["mion", "keiichi", "rika", "rika"], [3, 0, 1, 1]) == ([0], "mion")


def test_mion_tied_at_top_does_not_win() -> None:
    cards, votes = ["mion", "mion", "rika", "rika"], [2, 2, 0, 1]
    assert decide(cards, votes) == ([2, 3], "rika_broken")
    assert rows(cards, votes)[0]["reason_code"] == "mion/tied_top"
    # a tie with a non-Mion player also blocks her
    assert decide(["mion", "rena", "keiichi", "rika"], [2, 2, 0, 1]) == ([3], "rika_broken")


def test_shion_wins_with_mion() -> None:
    res = explain(dict(enumerate(["mion", "shion", "shion", "rika"])), dict(enumerate([3, 0, 1, 2])))
    assert (res["winners"], res["condition"]) == ([0, 1, 2], "mion")
    assert res["stories"] == ["mion", "shion_mion"]


def test_shion_alone_never_wins() -> None:
    assert decide(["shion"] * 4, [0, 1, 2, 3]) == ([], "none")
    cards, votes = ["shion", "rika", "rena", "keiichi"], [0, 0, 1, 1]
    assert decide(cards, votes) == ([1], "rika_broken")
    assert rows(cards, votes)[0]["reason_code"] == "shion/no_partner"


def test_shion_does_not_ride_on_a_higher_condition() -> None:
    assert decide(["rena", "rena", "shion", "satoko"], [1, 1, 2, 0]) == ([0, 1], "rena")


def test_keiichi_when_all_others_differ() -> None:
    assert decide(["keiichi", "rika", "rika", "oyashiro"], [5, 0, 1, 2]) == ([0], "keiichi")


def test_keiichi_needs_two_other_players() -> None:
    cards, votes = ["keiichi", "keiichi", "keiichi", "rika"], [0, 0, 0, 1]
    assert decide(cards, votes) == ([3], "rika_broken")
    assert rows(cards, votes)[0]["reason_code"] == "keiichi/too_few_others"
    assert decide(["keiichi", "keiichi", "keiichi", "shion"], [0, 0, 0, 1]) == ([], "none")


def test_keiichi_blocked_by_equal_counts() -> None:
    cards, votes = ["keiichi", "rika", "shion", "shion"], [0, 1, 2, 2]
    assert decide(cards, votes) == ([1], "rika_broken")
    assert rows(cards, votes)[0]["reason_code"] == "keiichi/equal_counts"


def test_all_rika_is_the_happy_world() -> None:
    res = explain(dict(enumerate(["rika"] * 5)), dict(enumerate([0, 0, 1, 2, 0])))
    assert (res["winners"], res["condition"], res["story"]) == ([0, 1, 2, 3, 4], "rika_happy", "rika_happy")


def test_broken_world_when_nothing_else_fires() -> None:
    assert decide(["rika", "satoko", "rena", "mion"], [0, 1, 2, 2]) == ([0], "rika_broken")


def test_nobody_wins_without_rika_when_nothing_fires() -> None:
    res = explain(dict(enumerate(["satoko", "rena", "mion", "keiichi"])), dict(enumerate([1, 1, 1, 1])))
    assert (res["winners"], res["condition"], res["stories"]) == ([], "none", ["none"])
    assert not any(c["fired"] for c in res["conditions"])


def test_every_reason_code_is_known_and_one_condition_fires_at_most() -> None:
    import itertools
    import random
    r = random.Random(7)
    cards7 = ["oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika"]
    seen = set()
    for i in range(3000):
        n = r.randint(4, 8)
        pool = ["rika"] if i % 100 == 0 else cards7
        cards = dict(enumerate(r.choice(pool) for _ in range(n)))
        votes = dict(enumerate(r.randint(0, 3) for _ in range(n)))
        res = explain(cards, votes)
        assert sum(c["fired"] for c in res["conditions"]) <= 1
        for c in itertools.chain(res["conditions"], res["seats"]):
            assert c["reason_code"] in REASON_CODES, c
            seen.add(c["reason_code"])
        assert res["winners"] == sorted(res["winners"])
        assert all(row["won"] == (row["seat"] in res["winners"]) for row in res["seats"])
    assert seen == set(REASON_CODES)
