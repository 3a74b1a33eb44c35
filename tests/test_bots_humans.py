"""Bots leave humans their game (school_mystery) and write only in the table's language.

A server table (``server.tables.Table``) with one human seat and bot seats: the human is
played by a script that writes its own marked texts; the bots act through
``Table.bot_action``, exactly as the server runs them (their view carries ``bot_seats``).
"""
from __future__ import annotations

import re

import pytest

from server.tables import Table
from shared.bots import next_bot_move
from shared.engine import REGISTRY
from shared.games.school_mystery.claims import claim_passes, claim_step
from shared.rng import Rng

SPEC = REGISTRY["school_mystery"]
HUMAN_MARK = "HUMAN:"
JAPANESE = re.compile("[\u3040-\u30ff]")  # kana: no Chinese or English text has any
CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff]")
# what only the humans may do at a table with a human (the human leads the group here)
HUMAN_ONLY = {"begin_resolution", "declare_resolve", "answer_question", "set_title", "set_deduction", "object",
              "edit_card", "move", "draw_location", "set_tone", "choose_leader", "invent"}
# the narrative steps of a duty (a place's atmosphere, a drawn ♥/♦/♠/♣ card and its story): a bot
# holding one hands it to a human (``pass_step``) and never does it itself while a human is here
NARRATIVE_STEPS = {"answer_atmosphere", "draw_card", "choose_option", "accept_card", "redraw"}


def _human_action(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    """The human: the normal bot's judgement with every text replaced by a marked human text."""
    action = SPEC.bots()["normal"](view, legal, rng)  # no bot_seats: it acts as if it ran the table
    if action is None:
        return None
    action = dict(action)
    scene = view.get("scene") or {}
    if (action["type"] in ("declare_roll", "use_move", "call_character") and view["you"] in scene.get("rollers", [])
            and view["you"] not in claim_passes(view)[0]):
        return {"type": "pass_claim"}  # rolled here already: the next roll is the bots' (its window closes)
    if action["type"] == "move_card":  # nothing to do but tidy the table: pass the step, or move the group on
        if claim_step(view) and view["you"] not in claim_passes(view)[0]:
            return {"type": "pass_claim"}
        moves = [a for a in legal if a["type"] in ("move", "draw_location")]
        return dict(rng.choice(moves)) if moves else None
    if action["type"] == "choose_leader":
        action["seat"] = view["you"]  # the human leads
    for key in ("text", "name"):
        if key in action:
            action[key] = f"{HUMAN_MARK} {action['type']} {view['turn']}"[:40 if key == "name" else 500]
    return action


def _table(lang: str, players: int, seed: int) -> Table:
    t = Table(id="t1", spec=SPEC, n=players, options={"lang": lang, "max_scenes": 12}, host_hash="x")
    t.seats[0].token_hash, t.seats[0].name = "human", "human"
    for seat in t.seats[1:]:
        seat.bot = "normal" if seed % 2 else "strong"
    t.start(seed, 0.0, 0.0)
    return t


def play_with_a_human(lang: str, players: int, seed: int, max_steps: int = 3000,
                      events: list | None = None) -> tuple[Table, list]:
    """Play a whole session: seat 0 human (the script), the rest bots through the server's table
    (every event appended to ``events`` when given)."""
    t = _table(lang, players, seed)
    rng = Rng.from_seed(seed)
    bot_log: list[tuple[int, dict, dict]] = []  # (seat, action, state before)
    for _ in range(max_steps):
        if SPEC.is_over(t.state):
            return t, bot_log
        acted = False
        for seat in [1 + (k + t.sid) % (players - 1) for k in range(players - 1)]:
            if not t.legal[seat]:
                continue
            action = t.bot_action(seat)
            if action is not None:
                bot_log.append((seat, action, t.state))
                happened = t.apply(seat, action, 0.0)
                if events is not None:
                    events += happened
                acted = True
                break
        if acted:
            continue
        if t.legal[0]:
            view = SPEC.view(t.state, 0)
            action = _human_action(view, t.legal[0], rng)
            if action is not None:
                happened = t.apply(0, action, 0.0)
                if events is not None:
                    events += happened
                continue
        if t.clock is not None and not t.clock.expired:  # nobody moves: the humans' window runs out
            t.clock.expired = True
            continue
        raise AssertionError(f"nobody acts in phase {t.state['phase']}")
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_never_replace_human_text_nor_take_human_decisions(seed: int) -> None:
    t, bot_log = play_with_a_human("en", 3, seed)
    state = t.state
    assert state["leader"] == 0  # a bot choosing the leader at a table with a human would pick a human
    for seat, action, before in bot_log:
        assert action["type"] not in HUMAN_ONLY | NARRATIVE_STEPS, (seat, action)
        roll = before["roll"]
        if roll is not None and roll["move"] == "resolve":
            pytest.fail(f"a bot acted on the human's 《解明》: {action}")
        if roll is not None and roll["roller"] == 0 and action["type"] == "rival_reroll":
            pytest.fail(f"a bot rerolled the human's roll: {action}")
    # everything the human wrote is still there, word for word
    assert state["title"].startswith(HUMAN_MARK) and state["deduction"].startswith(HUMAN_MARK)
    assert all(a.startswith(HUMAN_MARK) for a in state["answers"])
    assert state["outcome"]["seat"] == 0  # the human declared the 《解明》
    # pacing: with a human at the table a bot rolls at most once per scene
    per_scene: dict[tuple[int, int], int] = {}
    for seat, action, before in bot_log:
        if action["type"] == "declare_roll":
            key = (before["scene"]["number"], seat)
            per_scene[key] = per_scene.get(key, 0) + 1
    assert per_scene and max(per_scene.values()) == 1


def test_bot_view_at_a_server_table_names_the_bot_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _table("en", 3, 5)
    t.apply(0, next(a for a in t.legal[0] if a["type"] == "choose_subject"), 0.0)
    t.apply(0, {"type": "choose_leader", "seat": 0}, 0.0)
    seen: list[dict] = []
    monkeypatch.setattr(SPEC, "bots", lambda: {"strong": lambda v, legal, r: seen.append(v),
                                              "normal": lambda v, legal, r: seen.append(v)})
    assert t.legal[1] and t.bot_action(1) is None
    assert seen and seen[0]["bot_seats"] == [1, 2] and seen[0]["you"] == 1


def _bot_texts(lang: str, seed: int, level: str, players: int = 4) -> list[str]:
    state = SPEC.setup(players, seed, {"lang": lang})
    bots = SPEC.bots()
    rng = Rng.from_seed(seed)
    everyone = list(range(players))
    texts: list[str] = []
    for _ in range(4000):
        if SPEC.is_over(state):
            break
        start = rng.below(players)
        move = next_bot_move(SPEC, state, lambda s: bots[level], lambda s: rng,
                             [(start + k) % players for k in range(players)], everyone)
        assert move is not None, "every bot waits"
        texts += [move[1][k] for k in ("text", "name") if k in move[1]]
        state, _ = SPEC.apply(state, *move)
    assert SPEC.is_over(state)
    texts += [st["name"] for st in state["students"]]
    return texts


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_bot_texts_and_names_follow_the_table_language(lang: str) -> None:
    from assets.loaders.school_mystery_bots import cached
    names = set(cached()["names"][lang])
    for seed, level in ((1, "normal"), (2, "strong"), (3, "easy")):
        texts = _bot_texts(lang, seed, level)
        assert texts
        for text in texts:
            if lang == "en":
                assert not CJK.search(text), text
            elif lang == "zh":
                assert not JAPANESE.search(text), text
        state_names = texts[-4:]
        assert set(state_names) <= names
    if lang == "ja":
        assert any(JAPANESE.search(x) for x in texts)  # the Japanese table does get Japanese


def test_bot_text_loader_rejects_japanese_in_english(tmp_path) -> None:
    from assets.loaders.common import ContentError
    from assets.loaders.school_mystery_bots import FILE, load
    bad = FILE.read_text(encoding="utf-8").replace('en = ["Misaki"', 'en = ["みさき"', 1)
    (tmp_path / "bot_texts.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(ContentError, match="names.en"):
        load(tmp_path / "bot_texts.toml")


@pytest.mark.parametrize("players,seed", [(3, 4), (4, 5)])
def test_bots_leave_every_narrative_step_to_a_human(players: int, seed: int) -> None:
    """Every duty step a bot holds (atmosphere, ♥♦♠♣ draws and picks) is passed to a human, who does it."""
    events: list = []
    t, bot_log = play_with_a_human("zh", players, seed, events=events)
    passed = [e for e in events if e["type"] == "step_passed"]
    assert passed and all(e["to"] == 0 and e["seat"] != 0 for e in passed)
    assert {e["kind"] for e in passed} >= {"atmosphere", "draw"}
    assert {e["suit"] for e in passed if e["kind"] == "draw"} >= {"diamonds", "clubs"}
    for seat, action, before in bot_log:
        assert action["type"] not in NARRATIVE_STEPS, (seat, action)
        task = before["tasks"][0] if before["tasks"] else None
        if action["type"] == "pass_step":
            assert task and task["seat"] == seat and task["kind"] in ("atmosphere", "draw", "pick")
    # the cards and places of the story are the human's: every information card from a duty is seat 0's
    story = [c for c in t.state["cards"] if c["kind"] in ("location", "phenomenon", "character", "clue")
             and not c["invented"]]  # (an invented place's card is made by the rules at its first visit)
    assert story and all(c["by"] == 0 for c in story), [c for c in story if c["by"] != 0][:3]


@pytest.mark.parametrize("msg_lang,options,want", [("en", {}, "en"), ("zh", {"lang": "en"}, "en"),
                                                   ("fr", {}, "ja"), ("", {}, "ja")])
def test_the_table_language_has_one_source(msg_lang: str, options: dict, want: str) -> None:
    """A create's ``lang`` fills the table option ``lang`` when unset: what bots write in and what the
    Join list shows are the same language."""
    from server.hub import Hub
    from shared.protocol import PROTOCOL_VERSION

    hub = Hub(None, grace=5.0, server_name="test", games={"school_mystery": SPEC})
    hub.connect(1)
    hub.handle(1, {"t": "hello", "v": PROTOCOL_VERSION, "name": "host"}, 0.0)
    hub.handle(1, {"t": "create", "game": "school_mystery", "seats": 3, "options": options, "lang": msg_lang}, 0.0)
    (table,) = hub.tables.values()
    assert table.options["lang"] == want
    assert table.lang == want


def _until_a_claim(seed: int) -> Table:
    """A table (seat 0 human) played until the humans' claim window on a step opens."""
    t = _table("en", 3, seed)
    rng = Rng.from_seed(seed)
    for _ in range(500):
        if t.clock is not None:
            return t
        for seat in (1, 2):
            if t.legal[seat]:
                action = t.bot_action(seat, 0.0)
                if action is not None:
                    t.apply(seat, action, 0.0)
                    break
        else:
            action = _human_action(SPEC.view(t.state, 0), t.legal[0], rng)
            assert action is not None
            t.apply(0, action, 0.0)
    raise AssertionError("no claim window opened")


def test_the_server_holds_bots_back_for_the_humans_window_and_shows_it_as_the_clock() -> None:
    from server import claims
    from shared.claims import CLAIM_WINDOW_S
    t = _until_a_claim(2)
    assert t.state["phase"] == "investigation" and t.clock.total == CLAIM_WINDOW_S
    assert t.snapshot(0, [], 1.0)["clock"] == {"deadline_in": CLAIM_WINDOW_S - 1.0, "paused": False,
                                                "total": CLAIM_WINDOW_S}
    assert claims.claim_open(t)
    for seat in (1, 2):  # no bot declares a roll while the window is open; each is asked again at its end
        action = t.bot_action(seat, 1.0)
        assert action is None or action["type"] not in ("declare_roll", "use_move", "call_character"), action
        if action is None:
            assert t.bot_due[seat] == pytest.approx(CLAIM_WINDOW_S)
    t.clock.expired = True  # the hub marks it when its deadline passes
    asked = [t.bot_action(seat, CLAIM_WINDOW_S) for seat in (1, 2)]
    assert any(a is not None and a["type"] in ("declare_roll", "use_move", "call_character") for a in asked), asked


def test_the_humans_pass_lets_the_bots_go_at_the_usual_beat() -> None:
    t = _until_a_claim(3)
    for seat in (1, 2):
        t.bot_action(seat, 1.0)
    assert t.bot_due and min(t.bot_due.values()) > 10
    t.apply(0, {"type": "pass_claim"}, 2.0)  # the only human passes: the window closes
    assert t.clock is None
    assert t.bot_due and max(t.bot_due.values()) <= 2.0 + t.bot_delay
    asked = [t.bot_action(seat, 2.5) for seat in (1, 2)]
    assert any(a is not None and a["type"] in ("declare_roll", "use_move", "call_character") for a in asked), asked


def test_no_window_at_an_all_bot_table() -> None:
    t = Table(id="t2", spec=SPEC, n=3, options={"lang": "en"}, host_hash="x")
    for seat in t.seats:
        seat.bot = "normal"
    t.start(5, 0.0, 0.0)
    for _ in range(300):
        assert t.clock is None
        for seat in range(3):
            if t.legal[seat]:
                action = t.bot_action(seat, 0.0)
                if action is not None:
                    t.apply(seat, action, 0.0)
                    break


def test_one_suggestion_note_per_scene_from_all_the_bots() -> None:
    """Two bots beside a human pin one suggestion between them in the introduction, not one each."""
    t = _table("en", 3, 4)
    rng = Rng.from_seed(4)
    while t.state["phase"] != "introduction":
        for seat in (1, 2):
            if t.legal[seat] and (action := t.bot_action(seat, 0.0)) is not None:
                t.apply(seat, action, 0.0)
                break
        else:
            action = _human_action(SPEC.view(t.state, 0), t.legal[0], rng)
            t.apply(0, action, 0.0)
    for _ in range(3):
        for seat in (1, 2):
            if t.legal[seat] and (action := t.bot_action(seat, 0.0)) is not None:
                t.apply(seat, action, 0.0)
    notes = [c for c in t.state["cards"] if c["kind"] == "note"]
    assert len(notes) == 1, notes


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_leader_never_begins_the_resolution_while_humans_sit(seed: int) -> None:
    """The humans chose a bot as leader: it moves the table on to the resolution only when the scene
    limit leaves nothing else to do (found: it used to before its 'humans present' guard, 3 of 3 seeds)."""
    t = _table("en", 3, seed)
    rng = Rng.from_seed(seed)
    began: list[dict] = []
    for _ in range(3000):
        if SPEC.is_over(t.state) or t.state["phase"] == "resolution":
            break
        acted = False
        for seat in (1, 2):
            if t.legal[seat] and (action := t.bot_action(seat, 0.0)) is not None:
                if action["type"] == "begin_resolution":
                    began.append(t.state)
                t.apply(seat, action, 0.0)
                acted = True
                break
        if acted:
            continue
        action = _human_action(SPEC.view(t.state, 0), t.legal[0], rng) if t.legal[0] else None
        if action is not None and action["type"] == "choose_leader":
            action = {"type": "choose_leader", "seat": 1}  # the humans make a bot the leader
        if action is not None:
            t.apply(0, action, 0.0)
        elif t.clock is not None and not t.clock.expired:
            t.clock.expired = True  # the window runs out
        else:
            raise AssertionError(f"nobody acts: scene {t.state['scene']}, phase {t.state['phase']}")
    assert t.state["leader"] == 1
    assert began and t.state["phase"] == "resolution"  # at the scene limit the bot leader moved on
    for state in began:
        assert state["scene"]["number"] >= state["max_scenes"], "a bot leader began the resolution on its own"
