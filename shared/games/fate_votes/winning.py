"""Who wins fate_votes: the seed's priority list made exact, with reasons.

``decide_winners(cards, votes)`` answers the question; ``explain(cards, votes)``
also says, condition by condition and seat by seat, why each final card did or
did not win (reason codes + params that clients translate from the content).
"""
from __future__ import annotations

from typing import Any

CARDS: tuple[str, ...] = ("oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika")
RANK: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
CONDITIONS: tuple[str, ...] = ("oyashiro", "rena", "satoko", "mion", "keiichi", "rika_happy", "rika_broken")
NONE = "none"
CONDITION_CARD: dict[str, str] = {c: c for c in CONDITIONS[:5]} | {"rika_happy": "rika", "rika_broken": "rika"}
"""The card each condition is written on (results name a condition by its card's number and name)."""
STORIES: tuple[str, ...] = ("oyashiro", "rena", "satoko", "mion", "shion_mion", "shion_satoko", "keiichi",
                            "rika_happy", "rika_broken", "none")
REASON_CODES: tuple[str, ...] = (
    "oyashiro/met", "oyashiro/no_holder", "oyashiro/rika_present", "oyashiro/not_unique",
    "rena/met", "rena/no_holder", "rena/alone", "rena/no_match",
    "satoko/met", "satoko/no_holder", "satoko/has_votes",
    "mion/met", "mion/no_holder", "mion/tied_top", "mion/not_top",
    "keiichi/met", "keiichi/no_holder", "keiichi/too_few_others", "keiichi/equal_counts",
    "rika_happy/met", "rika_happy/not_all",
    "rika_broken/met", "rika_broken/no_holder", "rika_broken/other_fired",
    "shion/with_satoko", "shion/with_mion", "shion/no_partner",
    "preempted",
)


def _check(condition: str, met: bool, seats: list[int], code: str, **params: Any) -> dict[str, Any]:
    return {"condition": condition, "met": met, "fired": False, "seats": seats,
            "reason_code": code, "params": params}


def _checks(cards: dict[int, str], votes: dict[int, int]) -> list[dict[str, Any]]:
    """Each condition tested on its own (``met``), before priority is applied."""
    seats = sorted(cards)
    holders: dict[str, list[int]] = {c: [] for c in CARDS}
    for s in seats:
        holders[cards[s]].append(s)
    out: list[dict[str, Any]] = []
    oy, rk = holders["oyashiro"], holders["rika"]
    if not oy:
        out.append(_check("oyashiro", False, [], "oyashiro/no_holder"))
    elif rk:
        out.append(_check("oyashiro", False, [], "oyashiro/rika_present", rika=rk, holders=oy))
    elif len(oy) > 1:
        out.append(_check("oyashiro", False, [], "oyashiro/not_unique", holders=oy))
    else:
        out.append(_check("oyashiro", True, list(oy), "oyashiro/met", holders=oy))
    rn = holders["rena"]
    rena_w = [p for p in rn if any(q != p and votes[q] == votes[p] for q in rn)]
    if not rn:
        out.append(_check("rena", False, [], "rena/no_holder"))
    elif len(rn) == 1:
        out.append(_check("rena", False, [], "rena/alone", holders=rn))
    elif not rena_w:
        out.append(_check("rena", False, [], "rena/no_match", holders=rn, counts=[votes[p] for p in rn]))
    else:
        out.append(_check("rena", True, rena_w, "rena/met", holders=rn, counts=[votes[p] for p in rn]))
    st = holders["satoko"]
    sat_w = [p for p in st if votes[p] == 0]
    if not st:
        out.append(_check("satoko", False, [], "satoko/no_holder"))
    elif not sat_w:
        out.append(_check("satoko", False, [], "satoko/has_votes", holders=st, counts=[votes[p] for p in st]))
    else:
        out.append(_check("satoko", True, sat_w, "satoko/met", holders=st))
    mi = holders["mion"]
    top = max(votes[s] for s in seats)
    mion_w = [p for p in mi if all(votes[p] > votes[q] for q in seats if q != p)]
    if not mi:
        out.append(_check("mion", False, [], "mion/no_holder"))
    elif mion_w:
        out.append(_check("mion", True, mion_w, "mion/met", holders=mi, top=top))
    elif any(votes[p] == top for p in mi):
        out.append(_check("mion", False, [], "mion/tied_top", holders=mi, top=top))
    else:
        out.append(_check("mion", False, [], "mion/not_top", holders=mi, top=top))
    ke = holders["keiichi"]
    others = [p for p in seats if cards[p] != "keiichi"]
    if not ke:
        out.append(_check("keiichi", False, [], "keiichi/no_holder"))
    elif len(others) < 2:
        out.append(_check("keiichi", False, [], "keiichi/too_few_others", holders=ke, others=len(others)))
    elif len({votes[p] for p in others}) != len(others):
        out.append(_check("keiichi", False, [], "keiichi/equal_counts", holders=ke))
    else:
        out.append(_check("keiichi", True, list(ke), "keiichi/met", holders=ke))
    if rk and len(rk) == len(seats):
        out.append(_check("rika_happy", True, list(rk), "rika_happy/met"))
    else:
        out.append(_check("rika_happy", False, [], "rika_happy/not_all", holders=rk))
    above = any(c["met"] for c in out[:5])
    if not rk:
        out.append(_check("rika_broken", False, [], "rika_broken/no_holder"))
    elif above or len(rk) == len(seats):
        out.append(_check("rika_broken", False, [], "rika_broken/other_fired", holders=rk))
    else:
        out.append(_check("rika_broken", True, list(rk), "rika_broken/met", holders=rk))
    return out


def explain(cards: dict[int, str], votes: dict[int, int]) -> dict[str, Any]:
    """Winners, the condition that fired, per-condition and per-seat reasons, stories.

    ``readers``: the seats the if-story reader is drawn from — the winners who hold the
    character whose condition fired (a Shion co-winner is not among them).
    ``readers_by_story``: for each story shown, the seats its reader is drawn from: the chosen
    character's winners for its story, the Shion holders for Shion's (seed: ⑤也是被确认胜利的那张牌,
    so her story is read too, by one who chose her); [] for ``none`` (someone at the table reads it).
    """
    checks = _checks(cards, votes)
    fired = next((c for c in checks if c["met"]), None)
    condition = fired["condition"] if fired else NONE
    winners = list(fired["seats"]) if fired else []
    readers = sorted(winners)  # the seed: the reader is one of the winners holding the chosen character
    shion = sorted(s for s, c in cards.items() if c == "shion")
    stories = [condition]
    by_story: dict[str, list[int]] = {condition: readers}
    if condition in ("satoko", "mion") and shion:
        winners += shion
        stories.append(f"shion_{condition}")
        by_story[f"shion_{condition}"] = shion
    winners.sort()
    by_cond = {c["condition"]: c for c in checks}
    top = max(votes.values())
    seat_rows = [_seat_row(s, cards, votes, winners, condition, by_cond, top) for s in sorted(cards)]
    for c in checks:
        if c is fired:
            c["fired"] = True
        elif c["reason_code"] == "rika_broken/other_fired":
            c["params"]["by"] = condition
        elif c["met"]:
            c["params"] = {"by": condition}
            c["reason_code"] = "preempted"
    return {"winners": winners, "condition": condition, "conditions": checks, "seats": seat_rows,
            "story": condition, "stories": stories, "readers": readers,
            "readers_by_story": by_story}


def _seat_row(s: int, cards: dict[int, str], votes: dict[int, int], winners: list[int], condition: str,
              by_cond: dict[str, dict[str, Any]], top: int) -> dict[str, Any]:
    """Why seat ``s``'s final card did or did not win."""
    card, v = cards[s], votes[s]
    won = s in winners
    params: dict[str, Any]
    if card == "shion":
        code, params = (f"shion/with_{condition}", {}) if won else ("shion/no_partner", {"by": condition})
    elif card == "rika":
        if won:
            chk = by_cond[condition]
            code, params = chk["reason_code"], dict(chk["params"])
        else:
            code, params = "rika_broken/other_fired", {"by": condition}
    else:
        chk = by_cond[card]
        if won:
            code, params = chk["reason_code"], dict(chk["params"])
        elif s in chk["seats"]:
            code, params = "preempted", {"by": condition}
        elif card == "rena":
            code, params = ("rena/alone" if len(chk["params"].get("holders", [])) == 1 else "rena/no_match"), {}
        elif card == "satoko":
            code, params = "satoko/has_votes", {}
        elif card == "mion":
            code, params = ("mion/tied_top" if v == top else "mion/not_top"), {"top": top}
        else:
            code, params = chk["reason_code"], dict(chk["params"])
        params["votes"] = v
    return {"seat": s, "card": card, "votes": v, "won": won, "reason_code": code, "params": params}


def decide_winners(cards: dict[int, str], votes: dict[int, int]) -> tuple[list[int], str]:
    """(winning seats sorted, id of the condition that fired or ``"none"``)."""
    res = explain(cards, votes)
    return res["winners"], res["condition"]
