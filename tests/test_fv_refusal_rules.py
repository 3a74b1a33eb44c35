"""A refusal names the rule actually broken (#29): every error code the fate_votes rules raise, met at a real
position of a bot game by a probe action, shown on the table (its last action refused by the server) as the
sentence for that rule at that position — the rules' own reason tells which (``action/illegal_target`` is
three rules: a vote for yourself, a strike on a player without a vote, a seat not at the table)."""
from __future__ import annotations

from typing import Any

import pygame
import pytest
from fv_helpers import screen

from client.kit.headless import HeadlessContext
from client.tables.fate_votes import FateVotesTable
from shared.engine import REGISTRY
from shared.errors import RuleError
from tests.test_refusals_shown import assert_player_sentence

SPEC = REGISTRY["fate_votes"]


def _probes(view: dict[str, Any], seat: int, players: int) -> list[dict[str, Any]]:
    hand = list(view.get("hand") or [])
    out: list[dict[str, Any]] = [{"type": "ready"}, {"type": "bogus"}, {"type": "target"},
                                 {"type": "discard", "cards": ["no_such_card"]}]
    out += [{"type": "discard", "cards": hand[:k]} for k in (1, 2, 3)]
    out += [{"type": "target", "seat": s} for s in [*range(players), players + 3]]
    out += [{"type": "choose", "choice": c} for c in ("vote", "strike")]
    out += [{"type": "choose", "choice": c, "seat": s} for c in ("vote", "strike") for s in range(players)]
    return out


def _probe(state: dict, players: int, met: dict) -> None:
    for seat in range(players):
        for action in _probes(SPEC.view(state, seat), seat, players):
            try:
                SPEC.apply(state, seat, action)
            except RuleError as exc:
                met.setdefault((exc.code, str(exc.message)), (state, seat, action))


def refusals_met(players: int = 4, seeds: range = range(1, 3)) -> dict[tuple[str, str], tuple[dict, int, dict]]:
    """(code, the rules' reason) -> (state, seat, action) where it first happened: probes at every position
    of games where seat 0 strikes whenever it may (the others take their first legal action), and at a
    choice where nobody has a vote."""
    met: dict[tuple[str, str], tuple[dict, int, dict]] = {}
    for seed in seeds:
        state = SPEC.setup(players, seed, {})
        for _ in range(400):
            _probe(state, players, met)
            if state["phase"] == "choose" and "no_votes" not in met:
                met["no_votes"] = (dict(state, votes=[0] * players), 0, {})
            if SPEC.is_over(state):
                break
            seat = next(s for s in range(players) if SPEC.legal_actions(state, s))
            legal = SPEC.legal_actions(state, seat)
            strike = [a for a in legal if a.get("choice") == "strike"]
            state, _ = SPEC.apply(state, seat, strike[0] if seat == 0 and strike else legal[0])
        _probe(state, players, met)  # the game is over
    nobody = met.pop("no_votes", None)
    if nobody is not None:
        _probe(nobody[0], players, met)
    return met


def expected(ctx: HeadlessContext, code: str, reason: str, view: dict[str, Any], action: dict[str, Any]) -> str:
    """The sentence for the rule behind (code, reason), written out here from the rules' own reasons."""
    phase, kind = view.get("phase"), action.get("type")
    if code == "action/illegal_target":
        return ctx.t({"you cannot vote for yourself": "fv_msg_not_self",
                      "you can only strike a player who has a vote": "fv_msg_no_votes",
                      "that seat is not at this table": "error.action/bad_seat"}[reason])
    if code == "action/no_strike_target":
        return ctx.t("step.fv.no_strike")
    if code == "action/wrong_count":
        return ctx.t("fv_msg_discard_count", n=view["discard_count"])
    if code == "action/wrong_phase":
        if kind == "discard":
            return ctx.t("fv_msg_not_discard_time")
        return ctx.t("fv_msg_not_target_time" if kind in ("target", "choose") else "fv_err_action_wrong_phase")
    if code == "action/not_your_turn":
        if phase in ("strike_discard", "strike_target"):
            return ctx.t("step.fv.others_act")
        if phase in ("vote_discard", "vote_target"):
            return ctx.t("step.fv.strikers_wait")
    if code == "action/already_done":
        return ctx.t("fv_err_action_already_done")
    return ctx.error_text(code)


MET = refusals_met()


def test_the_probes_meet_every_code_the_rules_raise() -> None:
    codes = {code for code, _ in MET}
    assert {"action/illegal_target", "action/no_strike_target", "action/wrong_count", "action/wrong_phase",
            "action/not_your_turn", "action/already_done", "action/not_in_hand", "action/bad_shape",
            "action/unknown_type", "game/over"} <= codes, sorted(codes)
    reasons = {reason for code, reason in MET if code == "action/illegal_target"}
    assert len(reasons) == 3, reasons


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("code_reason", sorted(MET), ids=lambda cr: f"{cr[0]}:{cr[1][:24]}")
def test_each_refusal_names_the_rule_broken(code_reason: tuple[str, str], lang: str) -> None:
    screen()
    code, reason = code_reason
    state, seat, action = MET[code_reason]
    ctx = HeadlessContext(lang)
    table = FateVotesTable(ctx, seat)
    table.set_rect(pygame.Rect(0, 0, 1920, 1080))
    view = SPEC.view(state, seat)
    table.set_snapshot(view, SPEC.legal_actions(state, seat), 3)
    table.update(1 / 60)
    table.last_action = dict(action)  # what the table sent (a confirm; here the probe)
    table.on_error(code, ctx.error_text(code))
    table.update(1 / 60)
    shown = table.nodes().find("banner")
    assert shown is not None
    want = expected(ctx, code, reason, view, action)
    assert shown.label == want, (code, reason, action, view.get("phase"))
    assert ctx.toasts[-1][0] == want
    assert_player_sentence(shown.label, lang)
