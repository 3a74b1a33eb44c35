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


def test_dice_throw_draws_what_the_generator_draws() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        seed = rng.getrandbits(64)
        mode = rng.choice(["normal", "advantage", "disadvantage"])
        gen = Rng(seed)
        want = dice.roll(gen, mode)
        assert dice.throw(seed, mode) == (gen.state, want["dice"], want["kept"], want["dropped"], want["sum"])
