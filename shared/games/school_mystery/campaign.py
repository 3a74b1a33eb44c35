"""Campaigns: the club meets again. A finished subject's students go on into a new subject.

Pure rules, no I/O (the client keeps the campaign file: ``client/campaigns.py``). What carries from one
subject to the next (docs/rules/school_mystery.md, "Campaigns"):

- name, playbook, stats (with their advances), the rival as the subject left it (a secret that made the
  rival oneself keeps it so), the special moves learned as advances and the bonds;
- conditions: a week passes between subjects, so each student's **oldest condition fades**; the others
  (at most two) carry into the new subject;
- told secrets: a secret told is known to the club. It is **not dealt again** while the playbook's pool
  has enough untold ones (three secrets and one last secret); when it runs short, told ones fill the hand.
  A student who told their last secret left that investigation, and comes back for the new one.

Between subjects each student takes **one advance**, chosen by its player (a bot chooses its own):
a special move of its playbook it has not learned (a move marked ``advance`` in playbooks.toml), +1 to a
stat below the cap (+3), or a bond with another student (a close friend: they may help that friend twice
per subject instead of once).

A carried student (``carry`` entry) is plain data: ``{name, playbook, stats, rival, conditions, told,
moves, bonds}``. ``setup`` takes the list as the table option ``campaign`` (``{"id", "students"}``); when
the leader is chosen, :func:`seat_students` creates every student from it instead of ``create_student``.
"""
from __future__ import annotations

from typing import Any

from shared.games.school_mystery.content import SECRETS_DEALT
from shared.rng import Rng, shuffle_at

STAT_CAP = 3
ADVANCES = ("move", "stat", "bond")
MAX_NAME = 40
CARRY_KEYS = {"name", "playbook", "stats", "rival", "conditions", "told", "moves", "bonds"}


# --------------------------------------------------------------------------- after a subject

def carry_from_result(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The students of a finished subject (its ``result``, where the rules put what the end reveals) as
    they go on: the oldest condition fades, told secrets are remembered, the rest carries as it is."""
    if not result.get("over"):
        raise ValueError("a campaign goes on from a finished subject only")
    out = []
    for st in result.get("students") or []:
        if st is None or "stats" not in st:
            raise ValueError("the result does not carry its students (an older version?)")
        out.append({
            "name": st["name"], "playbook": st["playbook"], "stats": dict(st["stats"]), "rival": st["rival"],
            "conditions": [dict(c) for c in st["conditions"][1:]],  # a week passes: the oldest fades
            "told": list(st["told"]), "moves": list(st["moves"]), "bonds": list(st["bonds"]),
        })
    return out


# --------------------------------------------------------------------------- advances

def advance_options(db: dict[str, Any], carry: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The advances student ``seat`` may take: an unlearned advance move of its playbook, +1 to a stat
    below the cap, a bond with another student it is not bonded with."""
    st = carry[seat]
    book = db["playbooks"].get(st["playbook"], {})
    out: list[dict[str, Any]] = [{"kind": "move", "move": m} for m in book.get("advances", [])
                                 if m not in st["moves"]]
    out += [{"kind": "stat", "stat": s} for s in db["stats"] if st["stats"].get(s, 0) < STAT_CAP]
    out += [{"kind": "bond", "seat": j} for j in range(len(carry)) if j != seat and j not in st["bonds"]]
    return out


def apply_advance(db: dict[str, Any], carry: list[dict[str, Any]], seat: int,
                  advance: dict[str, Any]) -> list[dict[str, Any]]:
    """``carry`` with student ``seat``'s advance taken (a new list; ValueError if it is not one of
    :func:`advance_options`)."""
    if advance not in advance_options(db, carry, seat):
        raise ValueError(f"not an advance student {seat} may take: {advance!r}")
    out = [dict(st) for st in carry]
    st = out[seat]
    if advance["kind"] == "move":
        st["moves"] = st["moves"] + [advance["move"]]
    elif advance["kind"] == "stat":
        st["stats"] = {**st["stats"], advance["stat"]: st["stats"][advance["stat"]] + 1}
    else:
        st["bonds"] = sorted(st["bonds"] + [advance["seat"]])
    return out


def bot_advance(db: dict[str, Any], carry: list[dict[str, Any]], seat: int, seed: int) -> dict[str, Any]:
    """A bot's own advance: a new special move when there is one, else +1 to its best stat below the cap,
    else a bond (ties broken by ``seed``)."""
    options = advance_options(db, carry, seat)
    if not options:
        raise ValueError("no advance is left")
    rng = Rng.from_seed(seed * 31 + seat)
    moves = [o for o in options if o["kind"] == "move"]
    if moves:
        return moves[rng.below(len(moves))]
    stats = [o for o in options if o["kind"] == "stat"]
    if stats:
        best = max(carry[seat]["stats"][o["stat"]] for o in stats)
        top = [o for o in stats if carry[seat]["stats"][o["stat"]] == best]
        return top[rng.below(len(top))]
    return options[rng.below(len(options))]


# --------------------------------------------------------------------------- the next subject

def check_carry(db: dict[str, Any], players: int, value: Any) -> list[dict[str, Any]]:
    """The ``campaign`` option's students, checked against the table's rules data (ValueError says why)."""
    if not isinstance(value, dict) or not isinstance(value.get("students"), list):
        raise ValueError("campaign must be {id, students: [...]}")  # noqa: TRY004 - setup turns it into setup/bad_option
    students = value["students"]
    if len(students) != players:
        raise ValueError(f"the campaign has {len(students)} students for {players} seats")
    out = []
    for i, st in enumerate(students):
        if not isinstance(st, dict) or set(st) != CARRY_KEYS:
            raise ValueError(f"student {i} must have exactly {sorted(CARRY_KEYS)}")
        book = db["playbooks"].get(st["playbook"])
        if book is None:
            raise ValueError(f"student {i}: unknown playbook {st['playbook']!r}")
        if not isinstance(st["name"], str) or not st["name"].strip() or len(st["name"]) > MAX_NAME:
            raise ValueError(f"student {i}: bad name")
        stats = st["stats"]
        if not isinstance(stats, dict) or set(stats) != set(db["stats"]) or not all(
                type(v) is int and -2 <= v <= STAT_CAP for v in stats.values()):
            raise ValueError(f"student {i}: stats must give every stat, -2..{STAT_CAP}")
        if type(st["rival"]) is not int or not 0 <= st["rival"] < players:
            raise ValueError(f"student {i}: bad rival")
        conds = st["conditions"]
        if not isinstance(conds, list) or len(conds) > 3 or not all(
                isinstance(c, dict) and set(c) == {"id", "text"} and (c["id"] is None or c["id"] in db["conditions"])
                and isinstance(c["text"], str) and len(c["text"]) <= 200 for c in conds):
            raise ValueError(f"student {i}: bad conditions")
        pool = set(book["secrets"]) | set(book["lasts"])
        if not isinstance(st["told"], list) or not all(isinstance(s, str) for s in st["told"]):
            raise ValueError(f"student {i}: bad told secrets")
        if not isinstance(st["moves"], list) or not all(m in book.get("advances", []) for m in st["moves"]) \
                or len(set(st["moves"])) != len(st["moves"]):
            raise ValueError(f"student {i}: moves must be advance moves of the playbook")
        if not isinstance(st["bonds"], list) or not all(type(j) is int and 0 <= j < players and j != i
                                                        for j in st["bonds"]):
            raise ValueError(f"student {i}: bad bonds")
        out.append({**st, "told": [s for s in st["told"] if s in pool],
                    "conditions": [dict(c) for c in conds], "stats": dict(stats)})
    return out


def deal(rng: int, book: dict[str, Any], told: list[str]) -> tuple[int, list[str]]:
    """(new rng state, hand): three secrets and a last one, untold ones first (each group shuffled)."""
    fresh = [s for s in book["secrets"] if s not in told]
    spare = [s for s in book["secrets"] if s in told]
    lasts = [s for s in book["lasts"] if s not in told]
    spare_lasts = [s for s in book["lasts"] if s in told]
    for group in (fresh, spare, lasts, spare_lasts):
        rng = shuffle_at(rng, group)
    return rng, (fresh + spare)[:SECRETS_DEALT] + (lasts + spare_lasts)[:1]


def seat_students(state: dict[str, Any], events: list[dict[str, Any]] | None) -> None:
    """Every student created from the table's carried students (``state["carry"]``, then dropped): dealt
    a hand privately, their learned moves added to their playbook's moves at this table; the phase
    becomes the introduction. Events as ``create_student`` gives them, plus ``campaign_student``."""
    carry = state.pop("carry")
    db = state["db"]
    books = dict(db["playbooks"])
    students = []
    for seat, st in enumerate(carry):
        book = books[st["playbook"]]
        if st["moves"]:  # a learned special move is one of the playbook's moves at this table
            books[st["playbook"]] = book = {**book, "moves": list(book["moves"]) + [
                m for m in st["moves"] if m not in book["moves"]]}
        state["rng"], hand = deal(state["rng"], book, st["told"])
        students.append({
            "name": st["name"], "playbook": st["playbook"], "stats": dict(st["stats"]), "rival": st["rival"],
            "conditions": [dict(c) for c in st["conditions"]], "hand": hand, "secrets": [], "left": False,
            "advantage_next": False, "disadvantage_next": False, "used_moves": {},
            "extra_moves": list(st["moves"]), "bonds": list(st["bonds"]),
        })
        if events is not None:
            events.append({"type": "student_created", "seat": seat, "name": st["name"],
                           "playbook": st["playbook"], "stats": dict(st["stats"]), "rival": st["rival"]})
            events.append({"type": "campaign_student", "seat": seat, "moves": list(st["moves"]),
                           "bonds": list(st["bonds"]), "conditions": [dict(c) for c in st["conditions"]]})
            events.append({"type": "secrets_dealt", "seat": seat, "secrets": list(hand), "vis": [seat]})
    state["db"] = {**db, "playbooks": books}
    state["students"] = students
    state["told"] = [list(st["told"]) for st in carry]  # hidden (HIDDEN_KEYS) until the result reveals it
    state["phase"] = "introduction"
    if events is not None:
        events.append({"type": "phase", "phase": "introduction", "subject": state["subject"],
                       "location": state["location"]})


def reveal(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the end of a subject reveals of a student for the campaign (``result``'s students): the secrets
    told in this subject and the ones before, stats, rival, conditions, learned moves and bonds."""
    st = state["students"][seat]
    before = state["told"][seat] if "told" in state else []
    return {"stats": dict(st["stats"]), "rival": st["rival"], "conditions": [dict(c) for c in st["conditions"]],
            "told": list(before) + [s for s in st["secrets"] if s not in before],
            "moves": list(st.get("extra_moves", [])), "bonds": list(st.get("bonds", []))}


def help_left(state: dict[str, Any], seat: int, roller: int) -> bool:
    """Whether ``seat`` may still help ``roller`` this subject: once, twice for a bonded friend."""
    used = state["help_used"].count([seat, roller])
    if not used:
        return True
    st = state["students"][seat]
    return used == 1 and roller in st.get("bonds", ())
