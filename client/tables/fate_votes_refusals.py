"""fate_votes' rules behind its error codes (:mod:`client.kit.refusals`): the sentence a refused action gets
names the rule it broke at that position — voting for yourself, striking a player without a vote, a discard
outside the discard steps — not only the code."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.kit.refusals import At, RefusalBook, Rule


def _target(at: At) -> int | None:
    seat = at.action.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def _self_vote(at: At) -> bool:
    return _target(at) == at.seat and (at.action.get("type") == "target" and at.phase == "vote_target"
                                       or at.action.get("type") == "choose" and at.action.get("choice") == "vote")


def _no_vote(at: At) -> bool:
    target = _target(at)
    votes = at.view.get("votes") or []
    striking = (at.action.get("type") == "target" and at.phase == "strike_target"
                or at.action.get("type") == "choose" and at.action.get("choice") == "strike")
    return striking and target is not None and 0 <= target < len(votes) and votes[target] < 1


def _off_table(at: At) -> bool:
    target = _target(at)
    return target is not None and not 0 <= target < int(at.view.get("players") or 0)


def _kind(*types: str) -> Callable[[Any], bool]:
    return lambda at: at.action.get("type") in types


REFUSALS = RefusalBook([
    Rule("action/illegal_target", "error.action/bad_seat", _off_table),
    Rule("action/illegal_target", "fv_msg_not_self", _self_vote),
    Rule("action/illegal_target", "fv_msg_no_votes", _no_vote),
    Rule("action/illegal_target", "fv_err_action_illegal_target"),
    Rule("action/no_strike_target", "step.fv.no_strike"),
    Rule("action/wrong_count", "fv_msg_discard_count", params=lambda at: {"n": int(at.view["discard_count"])}),
    Rule("action/wrong_phase", "fv_msg_not_discard_time", _kind("discard")),
    Rule("action/wrong_phase", "fv_msg_not_target_time", _kind("target", "choose")),
    Rule("action/wrong_phase", "fv_err_action_wrong_phase"),
    Rule("action/not_your_turn", "step.fv.others_act", lambda at: at.phase in ("strike_discard", "strike_target")),
    Rule("action/not_your_turn", "step.fv.strikers_wait", lambda at: at.phase in ("vote_discard", "vote_target")),
    Rule("action/already_done", "fv_err_action_already_done"),
])
