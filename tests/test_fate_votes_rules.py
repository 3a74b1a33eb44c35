"""fate_votes rules through apply: a full scripted game and the rules it exercises."""
from __future__ import annotations

import msgpack
import pytest

from shared.engine import REGISTRY, RuleError, events_for
from shared.games.fate_votes import rules
from shared.games.fate_votes.winning import CARDS

SPEC = REGISTRY["fate_votes"]


def pack(x: object) -> bytes:
    return msgpack.packb(x, use_bin_type=True)


class Table:
    """A tiny driver: applies actions, keeps every event, checks apply never mutates."""

    def __init__(self, players: int = 4, seconds: int = 180) -> None:
        self.state = SPEC.setup(players, 99, {"discussion_seconds": seconds})
        self.events: list[dict] = []

    def act(self, seat: int, action: dict, listed: bool = True) -> list[dict]:
        before = pack(self.state)
        if listed:
            assert action in SPEC.legal_actions(self.state, seat), (seat, action, self.state["phase"])
        self.state, events = SPEC.apply(self.state, seat, action)
        assert pack(self.state) != before
        self.events += events
        return events

    def reject(self, seat: int, action: dict, code: str) -> None:
        before = pack(self.state)
        with pytest.raises(RuleError) as err:
            SPEC.apply(self.state, seat, action)
        assert err.value.code == code, err.value
        assert pack(self.state) == before
        assert pack(action) not in [pack(a) for a in SPEC.legal_actions(self.state, seat)]

    def all_ready(self) -> None:
        assert self.state["phase"] == "discussion"
        for s in range(self.state["players"]):
            self.act(s, {"type": "ready"})

    @property
    def phase(self) -> tuple[int, str]:
        return self.state["round"], self.state["phase"]


KEEP = ["rena", "mion", "rena", "satoko"]


def plan(keep: str) -> list[list[str]]:
    """Discards by round that leave ``keep``: 2, 1, 2, 1 cards."""
    rest = [c for c in CARDS if c != keep]
    return [rest[0:2], rest[2:3], rest[3:5], rest[5:6]]


PLANS = [plan(k) for k in KEEP]


def test_full_scripted_game() -> None:
    t = Table()
    s = t.state
    assert s["hands"][0] == list(CARDS) and s["tokens"] == [5] * 4 and s["votes"] == [0] * 4
    assert rules.timer(s) == 180.0
    # ---- round 1: discussion, then everyone votes automatically
    t.reject(0, {"type": "choose", "choice": "vote"}, "action/wrong_phase")
    t.all_ready()
    assert t.phase == (1, "vote_target")
    assert t.state["roles"] == ["vote"] * 4
    assert rules.timer(t.state) is None
    t.reject(0, {"type": "target", "seat": 0}, "action/illegal_target")  # never self
    t.reject(0, {"type": "target", "seat": 4}, "action/illegal_target")
    t.reject(0, {"type": "target", "seat": True}, "action/bad_shape")
    t.act(0, {"type": "target", "seat": 1})
    t.reject(0, {"type": "target", "seat": 2}, "action/already_done")
    # a secret step: others see that seat 0 chose, not whom
    v3 = SPEC.view(t.state, 3)
    assert v3["submitted"] == [0] and v3["my_pending"] is None and v3["votes"] == [0, 0, 0, 0]
    assert SPEC.view(t.state, 0)["my_pending"] == 1
    for seat, target in ((1, 2), (2, 1), (3, 1)):
        t.act(seat, {"type": "target", "seat": target})
    assert t.state["votes"] == [0, 3, 1, 0] and t.state["tokens"] == [4] * 4
    assert t.phase == (1, "vote_discard")
    t.reject(0, {"type": "discard", "cards": ["rika"]}, "action/wrong_count")
    t.reject(0, {"type": "discard", "cards": ["rika", "rika"]}, "action/wrong_count")
    for seat in range(4):
        t.act(seat, {"type": "discard", "cards": PLANS[seat][0]})
    entry = [e for e in t.state["log"] if e["type"] == "voter_discards"][-1]
    expected = sorted((c for p in PLANS for c in p[0]), key=CARDS.index)
    assert entry == {"type": "voter_discards", "round": 1, "face_down": False, "count": 8, "cards": expected}
    assert "seat" not in entry
    assert t.phase == (2, "discussion") and t.state["hands"][0] == [
        c for c in CARDS if c not in PLANS[0][0]]
    # ---- round 2: three strikers, one voter
    t.all_ready()
    assert t.phase == (2, "choose")
    for seat, choice in ((0, "strike"), (1, "strike"), (2, "strike")):
        t.act(seat, {"type": "choose", "choice": choice})
        assert SPEC.view(t.state, 3)["roles"] == [None] * 4
    t.act(3, {"type": "choose", "choice": "vote"})
    assert t.state["roles"] == ["strike", "strike", "strike", "vote"]
    assert t.phase == (2, "strike_discard")
    assert SPEC.legal_actions(t.state, 3) == []
    t.reject(3, {"type": "discard", "cards": PLANS[3][1]}, "action/not_your_turn")
    for seat in range(3):
        t.act(seat, {"type": "discard", "cards": PLANS[seat][1]})
    entry = [e for e in t.state["log"] if e["type"] == "strike_discards"][-1]
    assert entry["discards"] == [{"seat": s, "cards": PLANS[s][1]} for s in range(3)]
    assert t.phase == (2, "strike_target")
    t.reject(0, {"type": "target", "seat": 0}, "action/illegal_target")  # 0 votes: no strike in rounds 2-4
    assert {a["seat"] for a in SPEC.legal_actions(t.state, 0)} == {1, 2}
    for seat in range(3):
        t.act(seat, {"type": "target", "seat": 2})  # 1 - 3 = -2: negative until the round ends
    assert t.state["votes"] == [0, 3, -2, 0]
    assert t.state["tokens"] == [3, 3, 3, 4]
    assert t.phase == (2, "vote_target")
    t.act(3, {"type": "target", "seat": 2})
    assert t.state["votes"] == [0, 3, -1, 0]
    t.act(3, {"type": "discard", "cards": PLANS[3][1]})
    end = [e for e in t.state["log"] if e["type"] == "round_end"][-1]
    assert end == {"type": "round_end", "round": 2, "clamped": [2], "votes": [0, 3, 0, 0]}
    assert t.state["votes"] == [0, 3, 0, 0] and t.state["tokens"] == [3] * 4
    # ---- round 3: everyone strikes seat 1; no voters, so the round ends after the strikes
    t.all_ready()
    for seat in range(4):
        t.act(seat, {"type": "choose", "choice": "strike"})
    for seat in range(4):
        t.act(seat, {"type": "discard", "cards": PLANS[seat][2]})
    t.act(1, {"type": "target", "seat": 1})  # self allowed
    for seat in (0, 2, 3):
        t.act(seat, {"type": "target", "seat": 1})
    assert t.phase == (4, "discussion")
    assert t.state["votes"] == [0, 0, 0, 0] and t.state["tokens"] == [2] * 4
    # ---- round 4: nobody has a vote, so nobody may strike; voters' discards stay face down
    t.all_ready()
    assert SPEC.legal_actions(t.state, 0) == [{"type": "choose", "choice": "vote"}]
    t.reject(0, {"type": "choose", "choice": "strike"}, "action/no_strike_target")
    for seat in range(4):
        t.act(seat, {"type": "choose", "choice": "vote"})
    for seat, target in ((0, 1), (1, 0), (2, 1), (3, 1)):
        t.act(seat, {"type": "target", "seat": target})
    assert t.state["votes"] == [1, 3, 0, 0]
    for seat in range(4):
        t.act(seat, {"type": "discard", "cards": PLANS[seat][3]})
    hidden = sorted((p[3][0] for p in PLANS), key=CARDS.index)
    entry = [e for e in t.state["log"] if e["type"] == "voter_discards"][-1]
    assert entry == {"type": "voter_discards", "round": 4, "face_down": True, "count": 4, "cards": None}
    for viewer in (None, 0, 1, 2, 3):
        v = SPEC.view(t.state, viewer)
        assert v["final"] is None
        assert rules.leaks(t.state, viewer, v) == []
        ev_text = pack(events_for(t.events, viewer))
        assert pack(hidden) not in pack({k: x for k, x in v.items() if k not in ("hand", "legal", "my_discards")})
        assert b"round4_voter_discards" not in ev_text
    assert [h for h in t.state["hands"]] == [[k] for k in KEEP]
    assert t.state["tokens"] == [1] * 4
    # ---- round 5: secret choice + target in one action; resolution from seat 1 counter-clockwise
    t.all_ready()
    assert t.phase == (5, "final")
    t.reject(1, {"type": "choose", "choice": "vote", "seat": 1}, "action/illegal_target")
    t.reject(1, {"type": "choose", "choice": "vote"}, "action/bad_shape")
    assert {"type": "choose", "choice": "strike", "seat": 3} in SPEC.legal_actions(t.state, 2)  # 0 votes is fine
    t.events.clear()
    t.act(0, {"type": "choose", "choice": "strike", "seat": 1})
    t.act(1, {"type": "choose", "choice": "vote", "seat": 2})
    t.act(2, {"type": "choose", "choice": "strike", "seat": 3})
    last = t.act(3, {"type": "choose", "choice": "strike", "seat": 3})
    steps = [e for e in last if e["type"] == "final_step"]
    assert [(e["seat"], e["choice"], e["target"], e["votes"]) for e in steps] == [
        (0, "strike", 1, [1, 2, 0, 0]), (3, "strike", 3, [1, 2, 0, -1]),
        (2, "strike", 3, [1, 2, 0, -2]), (1, "vote", 2, [1, 2, 1, -2])]
    assert t.state["votes"] == [1, 2, 1, 0]  # clamped after the last one
    assert t.state["tokens"] == [1] * 4  # round 5 spends no token
    assert SPEC.is_over(t.state) and t.phase == (5, "over")
    over = next(e for e in last if e["type"] == "game_over")
    assert over["winners"] == [0, 2] and over["condition"] == "rena"
    res = SPEC.result(t.state)
    assert res["winners"] == [0, 2] and res["condition"] == "rena" and res["story"] == "rena"
    assert res["cards"] == KEEP and res["votes"] == [1, 2, 1, 0]
    assert res["reader"] in (0, 2)
    by_seat = {r["seat"]: r for r in res["seats"]}
    assert by_seat[3]["reason_code"] == "preempted" and by_seat[1]["reason_code"] == "preempted"
    v = SPEC.view(t.state, None)
    assert v["final"]["round4_voter_discards"] == hidden and v["final"]["cards"] == KEEP
    with pytest.raises(RuleError) as err:
        SPEC.apply(t.state, 0, {"type": "ready"})
    assert err.value.code == "game/over"


def test_private_events_only_reach_their_seat() -> None:
    t = Table()
    t.all_ready()
    events = t.act(2, {"type": "target", "seat": 0})
    mine = events_for(events, 2)
    assert {"type": "my_submission", "seat": 2, "phase": "vote_target", "value": 0} in mine
    for viewer in (None, 0, 1, 3):
        seen = events_for(events, viewer)
        assert seen == [{"type": "submitted", "seat": 2, "phase": "vote_target"}]


def test_discussion_timer_and_timeout() -> None:
    t = Table(seconds=60)
    assert rules.timer(t.state) == 60.0
    t.act(1, {"type": "ready"})
    assert SPEC.timeout_actions(t.state) == [(0, {"type": "ready"}), (2, {"type": "ready"}), (3, {"type": "ready"})]
    for seat, action in SPEC.timeout_actions(t.state):
        t.act(seat, action)
    assert t.phase == (1, "vote_target") and SPEC.timeout_actions(t.state) == []
    assert SPEC.timer(Table(seconds=0).state) is None


def test_discard_must_come_from_the_hand() -> None:
    t = Table()
    t.all_ready()
    for seat in range(4):
        t.act(seat, {"type": "target", "seat": (seat + 1) % 4})
    t.act(0, {"type": "discard", "cards": ["rika", "oyashiro"]}, listed=False)  # any order is accepted
    assert t.state["hands"][0] == ["rena", "satoko", "mion", "shion", "keiichi"]
    t.reject(1, {"type": "discard", "cards": ["rika", "nobody"]}, "action/not_in_hand")
    t.reject(1, {"type": "discard", "cards": "rika"}, "action/bad_shape")
    t.reject(1, {"type": "discard", "cards": ["rika", "mion"], "x": 1}, "action/bad_shape")
    for seat in (1, 2, 3):
        t.act(seat, {"type": "discard", "cards": ["oyashiro", "rika"]})
    t.all_ready()
    t.reject(0, {"type": "discard", "cards": ["rena"]}, "action/wrong_phase")
    t.reject(0, {"type": "choose", "choice": "maybe"}, "action/bad_shape")
    t.reject(0, {"type": "dance"}, "action/unknown_type")
    t.act(0, {"type": "choose", "choice": "vote"})
    for seat in (1, 2, 3):
        t.act(seat, {"type": "choose", "choice": "strike"})
    # seat 0 discarded oyashiro/rika in round 1 and can't discard rika again
    t.reject(1, {"type": "discard", "cards": ["rika"]}, "action/not_in_hand")


@pytest.mark.parametrize("players", [4, 7, 12])
def test_views_have_the_documented_shape(players: int) -> None:
    t = Table(players)
    v = SPEC.view(t.state, 0)
    assert set(v) == {"game", "players", "seat", "round", "phase", "discard_count", "discussion_seconds", "votes",
                      "tokens", "hand_sizes", "actors", "submitted", "roles", "strike_allowed", "log", "over",
                      "final", "hand", "my_pending", "my_discards", "legal"}
    spectator = SPEC.view(t.state, None)
    assert set(v) - set(spectator) == {"hand", "my_pending", "my_discards", "legal"}
    assert spectator["hand_sizes"] == [7] * players and v["discard_count"] == 2


def _play_all_votes(seed: int, keep: list[str], targets: list[int]) -> dict:
    """Everyone votes every round (seat s for ``targets[s]``) and ends holding ``keep[s]``."""
    n = len(keep)
    state = SPEC.setup(n, seed, {"discussion_seconds": 0})
    plans = [plan(k) for k in keep]
    for rnd in range(4):
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "ready"})
        if rnd:
            for s in range(n):
                state, _ = SPEC.apply(state, s, {"type": "choose", "choice": "vote"})
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "target", "seat": targets[s]})
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "discard", "cards": plans[s][rnd]})
    for s in range(n):
        state, _ = SPEC.apply(state, s, {"type": "ready"})
    for s in range(n):
        state, _ = SPEC.apply(state, s, {"type": "choose", "choice": "vote", "seat": targets[s]})
    assert SPEC.is_over(state)
    return SPEC.result(state)


def test_if_story_reader_holds_the_chosen_character() -> None:
    """Seed: the reader is drawn 在选择了该角色的胜利玩家之中 — never a Shion co-winner."""
    # Mion (seat 0) strictly on top; three Shion holders win with her; only seat 0 may read
    for seed in range(8):
        res = _play_all_votes(seed, ["mion", "shion", "shion", "shion"], [1, 0, 0, 0])
        assert (res["winners"], res["condition"]) == ([0, 1, 2, 3], "mion")
        assert res["stories"] == ["mion", "shion_mion"]
        assert res["readers"] == [0] and res["reader"] == 0
    # two Satoko holders at 0 votes win with a Shion holder; the reader is one of the Satoko holders
    readers = set()
    for seed in range(16):
        res = _play_all_votes(seed, ["satoko", "shion", "satoko", "rika"], [3, 3, 3, 1])
        assert (res["winners"], res["condition"]) == ([0, 1, 2], "satoko")
        assert res["readers"] == [0, 2]
        readers.add(res["reader"])
    assert readers == {0, 2}  # both Satoko holders can be drawn; seat 1 (Shion) never is
