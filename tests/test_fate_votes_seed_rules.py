"""fate_votes: the seed's last rules, one rule example each (issue 30).

- 讨论仅限于讨论时间之内: the seats talk at the table only during a discussion (the server refuses
  a seat's chat line in any other step with ``chat/closed``).
- ⑤也是被确认胜利的那张牌: Shion's story is read too, by a Shion holder.
- 从序号1的玩家开始，按照逆时针方向: round 5 is resolved from seat 1 counter-clockwise.
"""
from __future__ import annotations

from typing import Any

import pytest
from test_fate_votes_rules import Table, _play_all_votes, plan
from typedmsg import typed

from server.hub import Hub
from shared.engine import REGISTRY, RuleError
from shared.games.fate_votes import rules
from shared.protocol import PROTOCOL_VERSION, FrameDecoder

SPEC = REGISTRY["fate_votes"]


# --- talk only in the discussion ------------------------------------------------------------------
def test_chat_is_open_only_in_the_discussion_and_after_the_game() -> None:
    t = Table(4)
    assert rules.chat_open(t.state, 0) and rules.chat_open(SPEC.view(t.state, 2), 2)  # round 1 discussion
    t.all_ready()
    assert t.phase == (1, "vote_target")
    assert not rules.chat_open(t.state, 0)
    assert not rules.chat_open(SPEC.view(t.state, 3), 3)  # a client asks the same rule of its view
    assert rules.chat_open(t.state, None)  # a spectator is no player: the rule does not bind it
    with pytest.raises(RuleError) as err:
        SPEC.check_chat(t.state, 1)
    assert err.value.code == "chat/closed" and err.value.params == {"phase": "vote_target"}
    SPEC.check_chat(t.state, None)
    for s in range(4):
        t.act(s, {"type": "target", "seat": (s + 1) % 4})
    assert t.phase == (1, "vote_discard") and not rules.chat_open(t.state, 0)
    for s in range(4):
        t.act(s, {"type": "discard", "cards": plan("rika")[0]})
    assert t.phase == (2, "discussion") and rules.chat_open(t.state, 0)
    SPEC.check_chat(t.state, 0)
    over = dict(t.state, phase="over")
    assert rules.chat_open(over, 0)


def _frames(out: list) -> list[tuple[int, dict[str, Any]]]:
    return [(cid, FrameDecoder().feed(f)[0]) for cid, f in out if f is not None]


def test_the_server_refuses_a_seats_chat_outside_the_discussion() -> None:
    hub = Hub(None, grace=5.0, server_name="talk")
    hub.connect(1, None, 0.0)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION, "name": "host"}, 0.0)
    created = _frames(hub.handle(1, {"t": "create", "game": "fate_votes", "seats": 4,
                                     "options": {"discussion_seconds": 0}}, 0.0))[0][1]
    table = created["table"]
    tokens = [_frames(hub.handle(1, {"t": "join", "table": table, "seat": s}, 0.0))[0][1]["token"]
              for s in range(4)]
    hub.handle(1, {"t": "start", "table": table, "host": created["host"]}, 0.0)
    assert hub.tables[table].state is not None

    def chat(seat: int, text: str) -> dict[str, Any]:
        out = _frames(hub.handle(1, {"t": "chat", "table": table, "text": text, "seat": seat,
                                     "token": tokens[seat]}, 1.0))
        return out[0][1]

    said = chat(0, "let's all keep Rika")
    assert said["t"] == "chat" and said["text"] == "let's all keep Rika"
    t = hub.tables[table]
    for s in range(4):
        hub.handle(1, {"t": "act", "table": table, "seat": s, "token": tokens[s], "sid": t.sid,
                       "action": {"type": "ready"}}, 1.0)
    assert t.state["phase"] == "vote_target"
    refused = chat(2, "vote for me")
    assert refused["t"] == "error" and refused["code"] == "chat/closed"
    assert refused["params"] == {"phase": "vote_target"}


# --- Shion's story is read by a Shion holder ------------------------------------------------------
def test_shions_story_is_read_by_a_shion_holder() -> None:
    readers: set[tuple[int, int]] = set()
    for seed in range(16):
        res = _play_all_votes(seed, ["satoko", "shion", "satoko", "shion"], [1, 3, 1, 1])
        assert (res["winners"], res["condition"]) == ([0, 1, 2, 3], "satoko")
        assert res["stories"] == ["satoko", "shion_satoko"]
        assert res["readers_by_story"] == {"satoko": [0, 2], "shion_satoko": [1, 3]}
        story_readers = res["story_readers"]
        assert story_readers["satoko"] in (0, 2) and story_readers["shion_satoko"] in (1, 3)
        assert res["reader"] == story_readers["satoko"]
        readers.add((story_readers["satoko"], story_readers["shion_satoko"]))
    assert {r for _, r in readers} == {1, 3}  # either Shion holder may be drawn
    res = _play_all_votes(0, ["rena", "rena", "mion", "keiichi"], [2, 2, 3, 2])  # nobody wins with Shion
    assert set(res["story_readers"]) == set(res["stories"]) and not any(s.startswith("shion") for s in res["stories"])


def test_no_winner_has_no_reader() -> None:
    res = _play_all_votes(3, ["shion", "shion", "mion", "mion"], [2, 3, 3, 2])  # Mion tied on top, Shion alone
    assert res["condition"] == "none" and res["story_readers"] == {"none": None} and res["reader"] is None


# --- round 5 from seat 1 counter-clockwise ------------------------------------------------------
def test_final_order_runs_from_seat_1_counter_clockwise() -> None:
    assert rules.final_order(4) == [0, 3, 2, 1]
    assert rules.final_order(7) == [0, 6, 5, 4, 3, 2, 1]


def test_round_5_reveals_from_seat_1_counter_clockwise() -> None:
    n = 5
    state = SPEC.setup(n, 11, {"discussion_seconds": 0})
    for rnd in range(4):
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "ready"})
        if rnd:
            for s in range(n):
                state, _ = SPEC.apply(state, s, {"type": "choose", "choice": "vote"})
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "target", "seat": (s + 1) % n})
        for s in range(n):
            state, _ = SPEC.apply(state, s, {"type": "discard", "cards": plan("rika")[rnd]})
    for s in range(n):
        state, _ = SPEC.apply(state, s, {"type": "ready"})
    assert state["votes"] == [4] * n
    events: list[dict] = []
    for s in range(n):  # everyone strikes seat 0; the counts after each step show the order
        state, ev = SPEC.apply(state, s, {"type": "choose", "choice": "strike", "seat": (s + 2) % n})
        events += ev
    steps = [e for e in events if e["type"] == "final_step"]
    assert [e["seat"] for e in steps] == [0, 4, 3, 2, 1]
    assert [e["target"] for e in steps] == [2, 1, 0, 4, 3]
    assert steps[1]["votes"] == [4, 3, 3, 4, 4]  # seat 5 (4 here) is the second to reveal
    assert [e["seat"] for e in state["log"] if e["type"] == "final_step"] == [0, 4, 3, 2, 1]


def test_the_display_says_the_table_does_not_talk_outside_the_discussion() -> None:
    from client import games
    from client.kit.headless import HeadlessContext
    from client.kit.presenter import shown_of

    fn = games.step_help("fate_votes")
    assert fn is not None
    for lang in ("ja", "zh", "en"):
        ctx = HeadlessContext(lang)
        view = {"phase": "vote_target", "round": 1, "actors": [0, 1, 2, 3], "submitted": [0], "players": 4}
        assert fn(shown_of(view, [], 1), None, ctx).may == ctx.t("step.fv.talk_closed") != "step.fv.talk_closed"
        talk = fn(shown_of(dict(view, phase="discussion", actors=[0, 1, 2, 3]), [], 1), None, ctx)
        assert talk.may != ctx.t("step.fv.talk_closed")


def test_results_name_each_condition_by_its_cards_number_and_name() -> None:
    """Not "5. Magician of Words" (its place in the checking order) but the card's own ⑥ and name."""
    from client.kit.headless import HeadlessContext
    from client.tables.fate_votes_texts import FvTexts

    for lang in ("ja", "zh", "en"):
        texts = FvTexts(HeadlessContext(lang), str)
        label = texts.condition_label("keiichi")
        assert label.startswith("⑥ " + texts.card_name("keiichi")) and label.endswith(texts.condition_name("keiichi"))
        assert texts.condition_label("rika_happy").startswith("⑦ " + texts.card_name("rika"))
        assert texts.condition_label("rika_broken").startswith("⑦ ")
        assert texts.condition_label("oyashiro").startswith("① ")
        assert texts.condition_label("none") == texts.condition_name("none")


def test_the_table_scene_says_the_chat_is_closed_outside_the_discussion(tmp_path) -> None:
    """The client asks the same rule of its shown view: the open chat panel says the table may not talk."""
    from client_helpers import fate_votes_match, make_app

    from client.kit.textfit import recording

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        _, state, match = fate_votes_match(app, options={"discussion_seconds": 0})
        scene = app.push("table", match=match)
        app.frame(0.016)
        scene.toggle_chat()
        closed = app.strings.t("table.chat_closed")

        def drawn() -> list[str]:
            with recording() as rec:
                app.frame(0.016)
            return [r.text for r in rec.on(app.screen)]

        assert not scene.talk_closed() and closed not in drawn()  # round 1's discussion: open
        for s in range(4):
            state, _ = SPEC.apply(state, s, {"type": "ready"})
        match.on_message(typed({"t": "snapshot", "table": "t1", "seat": 0, "view": SPEC.view(state, 0),
                          "legal": SPEC.legal_actions(state, 0), "sid": 2}))
        app.frame(0.016)
        assert scene.talk_closed() and closed in drawn()  # the vote step: closed, and the panel says so
    finally:
        app.shutdown()
