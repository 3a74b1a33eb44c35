"""mind_swap refusals name the rule actually broken: the table asks the rules (shared.games.mind_swap.why,
from the view it shows) and says the sentence of the rule they name, in ja, zh and en. Real mouse events
on the headless table; the banner and ctx.sent are read."""
from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from client.kit.headless import HeadlessContext, LocalGame
from client.tables import mind_swap_reach as R
from client.tables.mind_swap import MindSwapTable
from shared.engine import REGISTRY
from shared.errors import RuleError
from shared.games.mind_swap import rules, why
from shared.rng import Rng
from tests import mind_swap_helpers as H

SPEC = REGISTRY["mind_swap"]
LANGS = ("ja", "zh", "en")


def _table(state: dict, seat: int = 0, lang: str = "en") -> tuple[MindSwapTable, HeadlessContext]:
    pygame.init()
    game = LocalGame("mind_swap", state["players"], 1)
    game.state = state
    ctx = HeadlessContext(lang, unit=R.SIZE[1] / 54, fast=True)
    table = MindSwapTable(ctx, seat)
    game.attach(seat, table, opening=False)
    table.set_rect(pygame.Rect(0, 0, *R.SIZE))
    table.update(0.0)
    table.skip_animations()
    R.pump(table)
    return table, ctx


def _banner(table: MindSwapTable) -> str:
    node = table.nodes().find("banner")
    return node.label if node is not None else ""


def _rule_of(state: dict, seat: int, action: dict) -> str:
    try:
        SPEC.apply(state, seat, action)
    except RuleError as err:
        return str(err.params.get("rule"))
    raise AssertionError(f"the rules take {action}")


def _great_pending() -> dict:
    """Seat 0 at the library with Negi; a great success pending there after swapping 2 and 3; 4 and 5
    also at the library, 6 and 7 in the garden."""
    s = H.make({2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}, {b: "library" for b in (2, 3, 4, 5)} | {6: "garden", 7: "garden"},
               [3, 6], negi="library", hands=[["bath"], ["bath"]])
    s["pending"] = {"kind": "great", "seat": 0, "at": "library", "exclude": [2, 3]}
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_great_success_picking_a_just_swapped_student_says_not_those_two(lang: str) -> None:
    s = _great_pending()
    table, ctx = _table(s, lang=lang)
    assert R.click_student(table, 2) and R.click_student(table, 4)
    assert ctx.sent == []
    assert _rule_of(s, 0, {"type": "great_swap", "a": 2, "b": 4}) == "great_named"
    assert _banner(table) == ctx.t("ms.rule.great_named")
    assert _banner(table) != ctx.t("ms.err.magic_place")
    # a student of another place: the rule broken is "at this place"
    R.key(table, pygame.K_ESCAPE)
    assert R.click_student(table, 4) and R.click_student(table, 6)
    assert _banner(table) == ctx.t("ms.rule.great_not_here") and ctx.sent == []
    assert R.click_student(table, 4) and R.click_student(table, 5)  # the legal pair goes through
    assert ctx.sent[-1][1] == {"type": "great_swap", "a": 4, "b": 5}


@pytest.mark.parametrize("lang", LANGS)
def test_each_rule_reachable_by_hand_says_its_own_sentence(lang: str) -> None:
    """Magic across places, an event on a student elsewhere, a relocation naming yourself, taking along a
    student or Negi who is not with you: each banner is the sentence of the rule the rules name."""
    base = {2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6, 8: 9, 9: 8}
    locs = {2: "library", 3: "library", 4: "library", 5: "garden", 6: "garden", 7: "classroom", 8: "classroom",
            9: "sports_ground"}
    cases: list[tuple[list[str], str, Any]] = [
        (["bath"], "magic_not_here", lambda t: R.click_student(t, 2) and R.click_student(t, 5)),
        (["event"], "event_not_with", lambda t: R.play_card(t, "event", "event") and R.click_student(t, 5)),
        (["relocate"], "relocate_who", lambda t: R.play_card(t, "relocate", "relocate")
         and all(R.click_student(t, b) for b in (2, 5, 6))),
        (["move_self"], "take_not_with", lambda t: R.play_card(t, "move_self", "move_self") and R.click_student(t, 7)),
    ]
    seen = set()
    for hand, rule, gesture in cases:
        s = H.make(base, locs, [3, 6], negi="library", hands=[hand, ["bath"]])  # seat 0's mind 3 is in body 2
        table, ctx = _table(s, lang=lang)
        assert gesture(table)
        assert ctx.sent == [], rule
        assert _banner(table) == ctx.t(f"ms.rule.{rule}"), (rule, _banner(table))
        seen.add(rule)
    # the body band of a student who cannot come along (not only its mind card) says why too
    s = H.make(base, locs, [3, 6], negi="library", hands=[["move_self"], ["bath"]])
    table, ctx = _table(s, lang=lang)
    R.play_card(table, "move_self", "move_self")
    band = table.nodes().find(("pair", 7)).rect
    R.click(table, (band.x + 4, band.y + 4))
    assert _banner(table) == ctx.t("ms.rule.take_not_with") and ctx.sent == []
    s = H.make(base, locs, [3, 6], negi="garden", hands=[["move_self"], ["bath"]])
    table, ctx = _table(s, lang=lang)
    R.play_card(table, "move_self", "move_self")
    R.press(table, ("negi", 0))  # Negi is in the garden, seat 0 in the library
    assert _banner(table) == ctx.t("ms.rule.take_negi_away") and ctx.sent == []


def test_every_rule_the_rules_name_has_a_sentence_in_each_language() -> None:
    import re
    from pathlib import Path

    src = Path(rules.__file__).read_text(encoding="utf-8")
    names = set(re.findall(r'rule="([a-z_]+)"', src)) | set(re.findall(r'return "((?:magic|great)_[a-z_]+)"', src))
    names |= {"great_first", "no_great"}
    assert len(names) >= 20
    for lang in LANGS:
        ctx = HeadlessContext(lang)
        for name in names:
            text = ctx.t(f"ms.rule.{name}")
            assert text != f"ms.rule.{name}" and text.strip(), (lang, name)
            if lang != "en":
                assert any(ord(ch) > 0x3000 for ch in text), (lang, name, text)


def _mutations(action: dict, rnd: random.Random, view: dict) -> list[dict]:
    """Actions near a legal one that the rules may refuse: other targets, other places, other students."""
    bodies = [p["body"] for p in view["pairs"]] + [p["body"] for p in view["waiting"]] + [99]
    out = []
    for k in action:
        if k in ("a", "b", "student", "take"):
            out.append(dict(action, **{k: rnd.choice(bodies + ["negi", None])}))
        elif k == "to":
            out.append(dict(action, to=rnd.choice(list(rules.LOCS))))
        elif k == "students":
            out.append(dict(action, students=rnd.sample(bodies, min(len(bodies), rnd.choice((2, 3))))))
        elif k == "card":
            out.append(dict(action, card=rnd.randrange(40)))
    out.append({"type": rnd.choice(("magic", "great_swap", "great_skip", "end_turn"))}
               | ({"a": rnd.choice(bodies), "b": rnd.choice(bodies)} if rnd.random() < 0.7 else {}))
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_asking_the_rules_from_the_view_gives_the_rules_own_refusal(players: int) -> None:
    """Along bot games, every refusal :func:`why.why_not` finds from a seat's view is exactly the one
    ``apply`` raises on the real state (code, message, params) — and an action the rules take is never
    refused from the view."""
    from client.tables.mind_swap_model import card_actions_map

    card_actions = card_actions_map(HeadlessContext("en").content("mind_swap"))  # what the table passes
    compared = refused = 0
    for seed in range(3):
        game = LocalGame("mind_swap", players, 200 + seed, {"entry": "all_at_start"} if seed % 2 else None)
        rng, rnd = Rng.from_seed(seed), random.Random(seed)
        acts = card_actions
        for _step in range(80):
            if SPEC.is_over(game.state):
                break
            seat = game.state["turn"]
            view = SPEC.view(game.state, seat)
            legal = SPEC.legal_actions(game.state, seat)
            for action in rnd.sample(legal, min(4, len(legal))):
                for cand in [action, *_mutations(action, rnd, view)]:
                    try:
                        SPEC.apply(game.state, seat, cand)
                        real = None
                    except RuleError as err:
                        real = err
                    got = why.why_not(view, seat, cand, acts)
                    compared += 1
                    if real is None:
                        assert got is None, (cand, got)
                    else:
                        refused += 1
                        assert got is not None, (cand, real.to_wire())
                        assert got.to_wire() == real.to_wire(), (cand, got.to_wire(), real.to_wire())
                other = (seat + 1) % players  # out of turn: the rules' own word too
                assert why.why_not(SPEC.view(game.state, other), other, action, acts).code == "action/not_your_turn"
            game.bot_step(rng)
    assert refused > 100 and compared > refused
