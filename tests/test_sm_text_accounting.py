"""school_mystery counts the table's written text from what each handler says it changed (no re-count
of the texts after an action): the count of every state equals a fresh count of its texts, the cap
refuses exactly the actions that would grow the text past it, and ``replay`` refuses them too."""
from __future__ import annotations

import random

import pytest

from shared.engine import REGISTRY, RuleError
from shared.games.school_mystery import dice
from shared.games.school_mystery.rules import MAX_TABLE_TEXT
from shared.rng import Rng

SPEC = REGISTRY["school_mystery"]
RULES = SPEC.rules
PLAY = ("introduction", "investigation", "resolution")
BIG = ("🎲" * 500, "長い" * 250, "x" * 500, "")


def written_bytes(state: dict) -> int:
    """Every player-written text on the table, counted here from scratch (UTF-8 bytes)."""
    texts = [c["text"] for c in state["cards"]]
    texts += [loc["name"] for loc in state["custom_locations"]]
    texts += [state["tone"], state["title"], state["deduction"], *state["answers"]]
    texts += [o["text"] for o in state["objections"]]
    texts += [c.get("text") or "" for st in state["students"] if st for c in st["conditions"]]
    texts += [t["proposal"]["text"] for t in state["tasks"] if t.get("proposal")]  # a condition proposed
    return sum(len(t.encode("utf-8", "surrogatepass")) for t in texts)


def _text_heavy(state: dict, players: int, rng: random.Random) -> tuple[int, dict] | None:
    """Now and then, in play, a long note, a card edited, a title or a deduction."""
    if state["phase"] not in PLAY or rng.random() > 0.5:
        return None
    seat = rng.randrange(players)
    if not state["cards"] or rng.random() < 0.5:
        return seat, {"type": "add_note", "text": rng.choice(BIG[:2])}
    if rng.random() < 0.7:
        return seat, {"type": "edit_card", "card": rng.choice(state["cards"])["id"], "text": rng.choice(BIG)}
    return seat, {"type": rng.choice(["set_title", "set_deduction"]), "text": rng.choice(["", "🎲" * 120, "z"])}


def _play(seed: int, players: int, steps: int = 500, seen: list[dict] | None = None):
    """A random game with many long texts: (start, final, accepted journal, refused-by-the-cap tries);
    every state reached appended to ``seen`` if given."""
    rng = random.Random(seed)
    start = state = SPEC.setup(players, seed, {"max_scenes": 6})
    journal: list[tuple[int, dict]] = []
    capped: list[tuple[dict, int, dict]] = []
    for _ in range(steps):
        if RULES.is_over(state):
            break
        step = _text_heavy(state, players, rng)
        if step is None:
            legal = [RULES.legal_actions(state, s) for s in range(players)]
            seat = rng.choice([s for s in range(players) if legal[s]])
            action = {k: ("メモ" * rng.randint(1, 30) if v == "…" else v) for k, v in rng.choice(legal[seat]).items()}
            step = seat, action
        before = written_bytes(state)
        try:
            state, _ = RULES.apply(state, *step)
        except RuleError as err:
            if "too much text" in str(err):
                capped.append((state, *step))
            continue
        now = written_bytes(state)
        assert RULES._table_text(state) == now  # the count handed on from state to state
        assert now <= MAX_TABLE_TEXT or now <= before  # only shrinking is allowed past the cap
        journal.append(step)
        if seen is not None:
            seen.append(state)
    return start, state, journal, capped


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 5)])
def test_text_count_and_cap(seed: int, players: int) -> None:
    start, final, journal, capped = _play(seed, players)
    assert capped, "the game never reached the text cap: the test checks nothing"
    for state, seat, action in capped:
        # refused: applying it would have grown the text past the cap (checked on a fresh count)
        text = action["text"]
        grown = len(text.encode("utf-8"))
        if action["type"] == "edit_card":
            grown -= len(next(c for c in state["cards"] if c["id"] == action["card"])["text"].encode("utf-8"))
        elif action["type"] in ("set_title", "set_deduction"):
            grown -= len(state[action["type"][4:]].encode("utf-8"))
        assert grown > 0 and written_bytes(state) + grown > MAX_TABLE_TEXT
    assert SPEC.replay(start, journal) == final
    # a journal with one of the refused actions in it does not replay
    state, seat, action = capped[0]
    at = next(i for i in range(len(journal) + 1) if SPEC.replay(start, journal[:i]) == state)
    with pytest.raises(RuleError, match="too much text"):
        SPEC.replay(start, journal[:at] + [(seat, action)] + journal[at:])


def test_cap_decided_as_the_count_says() -> None:
    """The cap check of ``apply`` and ``replay`` (decided on a bound of 4 bytes a character while the
    table is far below the cap, on the count near it) says what a fresh count says, at the cap's very
    edge, on tables whose titles, deductions and notes are emoji (4 bytes) or kana (3)."""
    seen: list[dict] = []
    _play(3, 4, seen=seen)
    assert any(written_bytes(s) > MAX_TABLE_TEXT // 2 for s in seen)
    for state in seen:
        room = MAX_TABLE_TEXT - written_bytes(state)
        for grown in (room - 1, room, room + 1, 1):
            if grown > 0:
                assert RULES._text_passes_cap(state, grown) == (written_bytes(state) + grown > MAX_TABLE_TEXT)


WRITERS = ("set_tone", "answer_question", "invent", "object", "set_title", "set_deduction", "give_condition")


def _longest_accepted(state: dict, seat: int, action: dict) -> int:
    """The most characters the action's text may have: the longest not refused as ill-shaped (too long)
    by ``apply`` (halving between 1 and 4000; another refusal, the table's cap, says nothing of it)."""
    lo, hi = 1, 4000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            RULES.apply(state, seat, {**action, "text": "x" * mid})
            lo = mid
        except RuleError as err:
            if err.code == "action/bad_shape":
                hi = mid - 1
            else:
                lo = mid
    return lo


def test_text_bound_holds_the_longest_texts_the_actions_take() -> None:
    """The cap's bound (``_text_bound``: every text but the cards' as long as its action lets it be, 4
    bytes a character) is what a table whose texts are all that long, in emoji, counts: the longest text
    each writing action takes is found here by trying it."""
    seen: list[dict] = []
    start, *_ = _play(4, 4, seen=seen)
    longest: dict[str, int] = {}
    for state in [start, *seen]:
        for seat in range(state["players"]):
            for action in RULES.legal_actions(state, seat):
                kind = action["type"]
                if kind in WRITERS and kind not in longest and "condition" not in action:
                    longest[kind] = _longest_accepted(state, seat, {**action, "text": "x"})
    longest.setdefault("give_condition", _longest_condition(seen))
    assert set(longest) == set(WRITERS), longest
    table = dict(next(s for s in seen if s["phase"] == "resolution"))
    table["tone"], table["deduction"] = "🎲" * longest["set_tone"], "🎲" * longest["set_deduction"]
    table["title"] = "🎲" * longest["set_title"]
    table["answers"] = ["🎲" * longest["answer_question"]] * 5
    table["custom_locations"] = [{"id": 11 + i, "name": "🎲" * longest["invent"], "by": 0} for i in range(3)]
    table["objections"] = [{"seat": 1, "text": "🎲" * longest["object"], "band": "narrow", "outcome": "noted"}] * 2
    cond = {"id": None, "text": "🎲" * longest["give_condition"]}
    table["students"] = [{**st, "conditions": [cond] * RULES.MAX_CONDITIONS} for st in table["students"]]
    cards = written_bytes({**table, "tone": "", "title": "", "deduction": "", "answers": [], "custom_locations": [],
                           "objections": [], "students": []})
    assert RULES._text_bound(table) == written_bytes(table)  # the cards counted, every other text at its longest
    assert cards < written_bytes(table)


def _longest_condition(seen: list[dict]) -> int:
    """The longest condition text give_condition takes (its legal list offers conditions by id)."""
    for state in seen:
        if state["phase"] == "investigation" and state["roll"] is None and not state["tasks"]:
            return _longest_accepted(state, 0, {"type": "give_condition", "target": 0, "text": "x"})
    raise AssertionError("no calm investigation")


def test_dice_throw_draws_what_the_generator_draws() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        seed = rng.getrandbits(64)
        mode = rng.choice(["normal", "advantage", "disadvantage"])
        gen = Rng(seed)
        want = dice.roll(gen, mode)
        assert dice.throw(seed, mode) == (gen.state, want["dice"], want["kept"], want["dropped"], want["sum"])
