"""mind_swap setup: the options, the shuffle, entry, start player, views and leaks, bots."""
from __future__ import annotations

import itertools

import msgpack
import pytest

from shared.engine import REGISTRY, RuleError
from shared.games.mind_swap import rules
from shared.rng import Rng

SPEC = REGISTRY["mind_swap"]


def test_spec() -> None:
    assert SPEC.id == "mind_swap" and set(SPEC.names) == {"ja", "zh", "en"}
    assert (SPEC.min_seats, SPEC.max_seats) == (2, 6)
    opts = {o.name: o for o in SPEC.options}
    assert opts["shuffle"].choices == ("cycle", "quick")
    assert opts["entry"].choices == ("three_per_turn", "all_at_start")
    assert opts["students"].default == "random16"
    assert all(set(o.labels) == {"ja", "zh", "en"} for o in SPEC.options)


@pytest.mark.parametrize("players", range(2, 7))
def test_default_setup(players: int) -> None:
    for seed in range(10):
        s = SPEC.setup(players, seed, {})
        assert len(s["students"]) == 16 and all(c in s["students"] for c in s["chars"])
        assert len(set(s["chars"])) == players
        # single cycle: nobody restored, and following minds visits everyone
        body, seen = s["students"][0], []
        while body not in seen:
            seen.append(body)
            body = s["mind"][body]
        assert sorted(seen) == s["students"]
        assert s["negi"] == "classroom" and all(len(h) == 4 for h in s["hands"])
        assert len(s["deck"]) == 40 - 4 * players
        on_map = [b for b in s["students"] if s["loc"][b] is not None]
        # the players' pairs plus the first turn's three entries
        assert len(on_map) == min(16, players + 3)
        starts = [e for e in s["opening"] if e["type"] == "dice" and e["purpose"] == "start"]
        rounds: list[dict[int, int]] = [{}]
        for e in starts:
            if e["seat"] in rounds[-1]:
                rounds.append({})
            rounds[-1][e["seat"]] = e["faces"][0]
        assert len(rounds[0]) == players
        for before, after in itertools.pairwise(rounds):  # only the tied top seats reroll
            top = max(before.values())
            assert sorted(after) == sorted(seat for seat, f in before.items() if f == top)
        final = rounds[-1]
        assert [seat for seat, f in final.items() if f == max(final.values())] == [s["turn"]]


def test_all30_and_all_at_start() -> None:
    s = SPEC.setup(3, 5, {"students": "all30", "entry": "all_at_start"})
    assert s["students"] == list(range(2, 32)) and not s["waiting"]
    assert all(s["loc"][b] is not None for b in range(2, 32))


def test_start_location_is_body_row_11_or_12() -> None:
    content = SPEC.content()
    s = SPEC.setup(2, 9, {"students": "all30", "entry": "all_at_start"})
    for e in s["opening"]:
        if e["type"] == "move" and e["why"] == "enter":
            rows = content.students[e["student"]].where[9:11]
            landed = e["to"]
            assert landed in rows or any(x["type"] == "move" and x["student"] == e["student"]
                                         and x["why"] in ("chachamaru", "asakura") for x in s["opening"])


def test_fixed_student_list() -> None:
    s = SPEC.setup(2, 3, {"students": [2, 5, 9, 12]})
    assert s["students"] == [2, 5, 9, 12] and set(s["chars"]) <= {2, 5, 9, 12}
    for bad in ([2], [2, 2, 3], [1, 2, 3], [2, 40], ["a", "b"], "random", "everyone", 7):
        with pytest.raises(RuleError) as e:
            SPEC.setup(2, 3, {"students": bad})
        assert e.value.code == "setup/bad_option"
    with pytest.raises(RuleError):
        SPEC.setup(2, 3, {"shuffle": "riffle"})


def test_quick_shuffle_removes_restored_and_never_a_character() -> None:
    for seed in range(40):
        s = SPEC.setup(4, seed, {"shuffle": "quick"})
        for b in s["left"]:
            assert s["mind"][b] == 0 and b not in s["cup"] and b not in s["chars"]
        assert sorted(s["cup"]) == sorted(set(s["students"]) - set(s["left"]))
        assert len(s["cup"]) >= 2


def test_views_hide_hands_deck_and_cup() -> None:
    s = SPEC.setup(4, 11, {})
    for viewer in (None, 0, 1, 2, 3):
        v = SPEC.view(s, viewer)
        msgpack.packb(v)
        assert rules.leaks(s, viewer, v) == []
        assert v["hand_sizes"] == [4, 4, 4, 4] and v["cup"] == 16 and v["deck"] == 24
    v0 = SPEC.view(s, 0)
    assert sorted(c["id"] for c in v0["hand"]) == sorted(s["hands"][0])
    assert SPEC.view(s, None)["hand"] is None


def test_leaks_check_can_fail() -> None:
    s = SPEC.setup(3, 2, {})
    v = SPEC.view(s, 0)
    assert rules.leaks(s, 1, v)  # seat 0's hand shown to seat 1
    assert rules.leaks(s, 0, dict(v, deck=list(s["deck"])))
    assert rules.leaks(s, 0, dict(v, cup=list(s["cup"])))
    assert rules.leaks(s, 0, dict(v, extra={"rng": 5}))
    assert rules.leaks(s, 0, dict(v, hands=s["hands"]))


def _play(kinds: list[str], seed: int, players: int = 4) -> dict:
    bots = SPEC.bots()
    s = SPEC.setup(players, seed, {})
    rng = Rng.from_seed(seed + 1000)
    for _ in range(5000):
        if SPEC.is_over(s):
            break
        seat = s["turn"]
        legal = SPEC.legal_actions(s, seat)
        action = bots[kinds[seat]](SPEC.view(s, seat), legal, rng)
        assert action in legal or action.get("type") == "great_skip"
        s, _ = SPEC.apply(s, seat, action)
    assert SPEC.is_over(s)
    return SPEC.result(s)


def test_bots_finish_games() -> None:
    for seed in range(4):
        _play(["sensible", "random", "sensible", "random"], seed)


def test_sensible_beats_random() -> None:
    sensible = rand = 0
    for seed in range(16):
        res = _play(["sensible", "random"] * 2, seed)
        sensible += res["scores"][0] + res["scores"][2]
        rand += res["scores"][1] + res["scores"][3]
    assert sensible > 2 * rand


def _all30_with_relocate_cards() -> dict:
    s = vars(rules._work(SPEC.setup(6, 4, {"students": "all30", "entry": "all_at_start"})))
    seat = s["turn"]
    wanted = [next(c for c in range(40) if s["ctypes"][c] == t) for t in ("relocate", "relocate_or_event")]
    for h in s["hands"]:
        for c in wanted:
            if c in h:
                h.remove(c)
    s["deck"] = [c for c in s["deck"] if c not in wanted]
    give = s["hands"][seat][:2]
    s["hands"][seat] = s["hands"][seat][2:] + wanted
    s["deck"] += give
    return s


def test_relocation_listing_is_capped_but_apply_takes_any_combination() -> None:
    s = _all30_with_relocate_cards()
    seat = s["turn"]
    legal = rules.legal_actions(s, seat)
    reloc = [a for a in legal if a.get("action") == "relocate"]
    assert len(reloc) == 2 * rules.RELOCATE_CAP  # 29 others → 3654 combinations per card, capped
    assert len(msgpack.packb({"view": rules.view(s, seat), "legal": legal})) < 128 * 1024
    listed = {tuple(a["students"]) for a in reloc}
    own = rules._own_body(rules._fields(s), seat)
    others = [b for b in range(2, 32) if b != own]
    missing = next((a, b, c) for a in others for b in others for c in others
                   if a < b < c and (a, b, c) not in listed)
    cid = reloc[0]["card"]
    _s2, ev = rules.apply(s, seat, {"type": "play", "card": cid, "action": "relocate",
                                   "students": [missing[2], missing[0], missing[1]]})
    assert [e["students"] for e in ev if e["type"] == "play"] == [list(missing)]


def test_any_card_of_a_listed_type_is_accepted() -> None:
    s = _all30_with_relocate_cards()
    seat = s["turn"]
    hand = s["hands"][seat]
    by_type: dict[str, list[int]] = {}
    for c in hand:
        by_type.setdefault(s["ctypes"][c], []).append(c)
    listed = {a["card"] for a in rules.legal_actions(s, seat) if a["type"] == "play"}
    assert listed == {min(cs) for cs in by_type.values()}
    dup = next((cs for cs in by_type.values() if len(cs) > 1), None)
    if dup is not None:
        a = next(a for a in rules.legal_actions(s, seat) if a["type"] == "play" and a["card"] == min(dup))
        rules.apply(s, seat, dict(a, card=max(dup)))


def test_timeout_actions_are_legal_and_finish_a_game() -> None:
    s = SPEC.setup(3, 21, {})
    for _ in range(3000):
        if SPEC.is_over(s):
            break
        acts = SPEC.timeout_actions(s)
        assert len(acts) == 1 and acts[0][0] == s["turn"]
        seat, action = acts[0]
        assert action in SPEC.legal_actions(s, seat) and action["type"] != "magic"
        s, _ = SPEC.apply(s, seat, action)
        # keep the game moving: let magic happen between timeouts
        magic = [a for a in SPEC.legal_actions(s, s["turn"]) if a["type"] == "magic"]
        if magic:
            s, _ = SPEC.apply(s, s["turn"], magic[0])
    over = dict(s, over=True)
    assert SPEC.timeout_actions(over) == []
