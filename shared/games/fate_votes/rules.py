"""fate_votes rules: five rounds of discussion, secret vote/strike, discards.

State (plain data; see docs/rules/fate_votes.md)::

    round 1..5, phase in PHASES, hands[seat] (sorted by priority), votes[seat],
    tokens[seat], acts[seat] (must act in this step), pending[seat] (the secret
    submission of this step, None until submitted), left (actors still to submit),
    roles[seat] ("vote"/"strike"/None, public once revealed), log (public entries),
    own[seat] (that seat's own discards), hidden (round-4 voter discards), final.

Phases of rounds 1–4: discussion → choose (rounds 2–4) → strike_discard →
strike_target → vote_target → vote_discard → (next round). Steps with no actor
are skipped. Round 5: discussion → final → over. Every step except discussion is
simultaneous and secret: submissions stay in ``pending`` until the last arrives.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from shared.errors import RuleError, echo
from shared.games.fate_votes.winning import CARDS, RANK, explain
from shared.memo import StateMemo
from shared.rng import Rng

TOKENS = 5
LAST_ROUND = 5
DISCARDS = (0, 2, 1, 2, 1, 0)  # index = round
PHASES = ("discussion", "choose", "strike_discard", "strike_target", "vote_target", "vote_discard", "final", "over")
SECRET_PHASES = frozenset(("choose", "strike_discard", "strike_target", "vote_target", "vote_discard", "final"))
_CHOICES = ("vote", "strike")
TALK_PHASES = frozenset(("discussion", "over"))  # when the seats may talk at the table


def chat_open(state: dict[str, Any], seat: int | None) -> bool:
    """Whether ``seat`` may talk at the table now (``state`` or any seat's view: both carry ``phase``).

    Seed: 讨论仅限于讨论时间之内，在其他行动中进行讨论是不被允许的 — the seats talk only in a round's
    discussion (and once the game is over); a spectator (``None``) is not a player and is not bound.
    """
    return seat is None or state["phase"] in TALK_PHASES


def final_order(players: int) -> list[int]:
    """The seats in the order round 5 is resolved: from seat 1 (0 here) counter-clockwise.

    Seed: 从序号1的玩家开始，按照逆时针方向. Seat numbers go clockwise around the table (the
    clients draw seat + 1 clockwise from the bottom), so counter-clockwise is 0, n−1, n−2, …, 1.
    """
    return [0, *range(players - 1, 0, -1)]


# --- setup ---------------------------------------------------------------------------
def setup(players: int, seed: int, options: dict[str, Any], content: Any = None) -> dict[str, Any]:
    """A fresh table: everyone holds all seven cards and 5 tokens; round 1 discussion."""
    n = players
    return {
        "game": "fate_votes", "players": n, "rng": Rng.from_seed(seed).state,
        "seconds": int(options.get("discussion_seconds", 180)),
        "round": 1, "phase": "discussion",
        "hands": [list(CARDS) for _ in range(n)], "votes": [0] * n, "tokens": [TOKENS] * n,
        "acts": [True] * n, "pending": [None] * n, "left": n, "roles": [None] * n,
        "log": [], "own": [[] for _ in range(n)], "hidden": [], "final": None,
    }


def is_over(state: dict[str, Any]) -> bool:
    return state["phase"] == "over"


def strike_allowed(state: dict[str, Any]) -> bool:
    """Rounds 2–4: Strike needs a player with at least one vote. Round 5: always."""
    return state["round"] == LAST_ROUND or max(state["votes"]) >= 1


# --- legal actions -------------------------------------------------------------------
def legal_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Actions ``seat`` may take now ([] if it has nothing to do in this step)."""
    if not state["acts"][seat] or state["pending"][seat] is not None:
        return []
    phase = state["phase"]
    if phase == "discussion":
        return [{"type": "ready"}]
    n = state["players"]
    if phase == "choose":
        if strike_allowed(state):
            return [{"type": "choose", "choice": "vote"}, {"type": "choose", "choice": "strike"}]
        return [{"type": "choose", "choice": "vote"}]
    if phase == "strike_discard" or phase == "vote_discard":
        return [{"type": "discard", "cards": [*c]}
                for c in _discard_choices(tuple(state["hands"][seat]), DISCARDS[state["round"]])]
    if phase == "strike_target":
        votes = state["votes"]
        return [{"type": "target", "seat": t} for t in range(n) if votes[t] >= 1]
    if phase == "vote_target":
        return [{"type": "target", "seat": t} for t in range(n) if t != seat]
    if phase == "final":
        return ([{"type": "choose", "choice": "vote", "seat": t} for t in range(n) if t != seat]
                + [{"type": "choose", "choice": "strike", "seat": t} for t in range(n)])
    return []


@lru_cache(maxsize=256)
def _discard_choices(hand: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    """Every ``count`` cards of ``hand``, in hand order (pure, so cached: hands repeat across games)."""
    return tuple(combinations(hand, count))


# --- apply -----------------------------------------------------------------------------
def _bad(msg: str, **params: Any) -> RuleError:
    return RuleError("action/bad_shape", msg, **params)


def _target(state: dict[str, Any], action: dict[str, Any], size: int) -> int:
    target = action.get("seat")
    if len(action) != size or type(target) is not int:
        raise _bad("the action needs a target 'seat' (a seat number) and nothing else", field="seat")
    if not 0 <= target < state["players"]:
        raise RuleError("action/illegal_target", "that seat is not at this table", seat=target)
    return target


def _check_ready(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    if len(action) != 1:
        raise _bad("a ready action has no fields")
    return True


def _check_choose(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    choice = action.get("choice")
    if len(action) != 2 or (choice != "vote" and choice != "strike"):
        raise _bad("a choose action has one field 'choice': 'vote' or 'strike'", field="choice")
    if choice == "strike" and not strike_allowed(state):
        raise RuleError("action/no_strike_target", "nobody has a vote, so nobody can strike")
    return choice


def _check_final(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    choice = action.get("choice")
    if choice != "vote" and choice != "strike":
        raise _bad("choice must be 'vote' or 'strike'", field="choice")
    target = _target(state, action, 3)
    if choice == "vote" and target == seat:
        raise RuleError("action/illegal_target", "you cannot vote for yourself", seat=target)
    return [choice, target]


def _check_vote_target(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    target = _target(state, action, 2)
    if target == seat:
        raise RuleError("action/illegal_target", "you cannot vote for yourself", seat=target)
    return target


def _check_strike_target(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    target = _target(state, action, 2)
    if state["votes"][target] < 1:
        raise RuleError("action/illegal_target", "you can only strike a player who has a vote", seat=target)
    return target


def _check_discard(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    cards = action.get("cards")
    need = DISCARDS[state["round"]]
    if len(action) != 2 or type(cards) is not list:
        raise _bad("a discard action has one field 'cards' (a list of card ids)", field="cards")
    hand = state["hands"][seat]
    for c in cards:
        if type(c) is not str:
            raise _bad("card ids are strings", field="cards")
        if c not in hand:
            raise RuleError("action/not_in_hand", "you do not hold that card", card=echo(c))
    if len(cards) != need or len(set(cards)) != need:
        raise RuleError("action/wrong_count", f"discard exactly {need} different card(s) this round", count=need)
    if need == 2:
        a, b = cards
        return [a, b] if RANK[a] < RANK[b] else [b, a]
    return list(cards)


_EXPECTED = {"discussion": "ready", "choose": "choose", "strike_discard": "discard", "strike_target": "target",
             "vote_target": "target", "vote_discard": "discard", "final": "choose"}
_CHECK = {"discussion": _check_ready, "choose": _check_choose, "strike_discard": _check_discard,
          "strike_target": _check_strike_target, "vote_target": _check_vote_target,
          "vote_discard": _check_discard, "final": _check_final}
_KNOWN = frozenset(("ready", "choose", "discard", "target"))


def _parse(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Any:
    """Check ``action`` for this seat and step; return the value to record."""
    kind = action.get("type")
    phase = state["phase"]
    if kind != _EXPECTED[phase]:
        if kind not in _KNOWN:
            raise RuleError("action/unknown_type", f"unknown action type {echo(kind)!r}", type=echo(kind))
        raise RuleError("action/wrong_phase", f"a {kind!r} action is not possible in the {phase} step",
                        phase=phase, type=kind)
    if not state["acts"][seat]:
        raise RuleError("action/not_your_turn", "you do not act in this step", phase=phase)
    if state["pending"][seat] is not None:
        raise RuleError("action/already_done", "you have already acted in this step", phase=phase)
    return _CHECK[phase](state, seat, action)


def apply(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict[str, Any], list[dict]]:
    """Record one seat's action; resolve the step when its last actor has acted."""
    phase = state["phase"]
    if phase == "over":
        raise RuleError("game/over", "the game is over")
    value = _parse(state, seat, action)
    new = state.copy()
    pending = state["pending"].copy()
    pending[seat] = value
    new["pending"] = pending
    left = new["left"] = state["left"] - 1
    if phase == "discussion":
        events: list[dict] = [{"type": "ready", "seat": seat}]
    else:
        events = [{"type": "submitted", "seat": seat, "phase": phase},
                  {"type": "my_submission", "seat": seat, "phase": phase, "value": value, "vis": [seat]}]
        if phase == "strike_discard" or phase == "vote_discard":
            hands = state["hands"].copy()
            hands[seat] = [c for c in hands[seat] if c != value[0] and c != value[-1]]  # 1 or 2 cards
            new["hands"] = hands
            own = state["own"].copy()
            own[seat] = own[seat] + [{"round": state["round"], "cards": value,
                                      "as": "strike" if phase == "strike_discard" else "vote"}]
            new["own"] = own
    if left == 0:
        _RESOLVE[phase](new, events)
    return new, events


# --- step resolution (``new`` is already a fresh top-level copy) -----------------------
def _log(new: dict[str, Any], events: list[dict], entry: dict[str, Any]) -> None:
    new["log"] = new["log"] + [entry]
    events.append(entry)


def _enter(new: dict[str, Any], events: list[dict], phase: str, actors: list[bool]) -> None:
    n = new["players"]
    new["phase"] = phase
    new["acts"] = actors
    new["pending"] = [None] * n
    new["left"] = sum(actors)
    events.append({"type": "phase", "round": new["round"], "phase": phase})


def _after_discussion(new: dict[str, Any], events: list[dict]) -> None:
    n = new["players"]
    r = new["round"]
    if r == 1:
        new["roles"] = ["vote"] * n
        _log(new, events, {"type": "roles", "round": 1, "roles": ["vote"] * n, "auto": True})
        _enter(new, events, "vote_target", [True] * n)
    elif r == LAST_ROUND:
        _enter(new, events, "final", [True] * n)
    else:
        _enter(new, events, "choose", [True] * n)


def _after_choose(new: dict[str, Any], events: list[dict]) -> None:
    roles = list(new["pending"])
    new["roles"] = roles
    _log(new, events, {"type": "roles", "round": new["round"], "roles": roles, "auto": False})
    strikers = [r == "strike" for r in roles]
    if any(strikers):
        _enter(new, events, "strike_discard", strikers)
    else:
        _enter(new, events, "vote_target", [True] * new["players"])


def _after_strike_discard(new: dict[str, Any], events: list[dict]) -> None:
    pending = new["pending"]
    discards = [{"seat": s, "cards": c} for s, c in enumerate(pending) if c is not None]
    _log(new, events, {"type": "strike_discards", "round": new["round"], "discards": discards})
    _enter(new, events, "strike_target", list(new["acts"]))


def _spend(new: dict[str, Any], actors: list[int]) -> None:
    tokens = list(new["tokens"])
    for s in actors:
        tokens[s] -= 1
    new["tokens"] = tokens


def _count_targets(new: dict[str, Any], events: list[dict], delta: int, log_type: str) -> None:
    """The pending targets counted: each adds ``delta`` to its target's votes and spends its seat's token; logged
    as ``log_type`` (strikes −1, votes +1)."""
    votes = list(new["votes"])
    targets = []
    for s, t in enumerate(new["pending"]):
        if t is not None:
            votes[t] += delta
            targets.append({"seat": s, "target": t})
    new["votes"] = votes
    _spend(new, [x["seat"] for x in targets])
    _log(new, events, {"type": log_type, "round": new["round"], "targets": targets,
                       "votes": list(votes), "tokens": list(new["tokens"])})


def _after_strike_target(new: dict[str, Any], events: list[dict]) -> None:
    _count_targets(new, events, -1, "strikes")
    voters = [r == "vote" for r in new["roles"]]
    if any(voters):
        _enter(new, events, "vote_target", voters)
    else:
        _end_round(new, events)


def _after_vote_target(new: dict[str, Any], events: list[dict]) -> None:
    _count_targets(new, events, 1, "votes")
    _enter(new, events, "vote_discard", list(new["acts"]))


def _after_vote_discard(new: dict[str, Any], events: list[dict]) -> None:
    cards = sorted((c for cs in new["pending"] if cs is not None for c in cs), key=RANK.__getitem__)
    r = new["round"]
    if r == LAST_ROUND - 1:
        new["hidden"] = cards
        _log(new, events, {"type": "voter_discards", "round": r, "face_down": True, "count": len(cards),
                           "cards": None})
    else:
        _log(new, events, {"type": "voter_discards", "round": r, "face_down": False, "count": len(cards),
                           "cards": cards})
    _end_round(new, events)


def _clamp(new: dict[str, Any], events: list[dict]) -> None:
    votes = new["votes"]
    clamped = [s for s, v in enumerate(votes) if v < 0]
    if clamped:
        new["votes"] = [max(0, v) for v in votes]
    _log(new, events, {"type": "round_end", "round": new["round"], "clamped": clamped,
                       "votes": list(new["votes"])})


def _end_round(new: dict[str, Any], events: list[dict]) -> None:
    _clamp(new, events)
    new["round"] = new["round"] + 1
    new["roles"] = [None] * new["players"]
    _enter(new, events, "discussion", [True] * new["players"])


def _after_final(new: dict[str, Any], events: list[dict]) -> None:
    n = new["players"]
    pending = new["pending"]
    new["roles"] = [p[0] for p in pending]
    votes = list(new["votes"])
    steps = []
    for s in final_order(n):
        choice, t = pending[s]
        votes[t] += 1 if choice == "vote" else -1
        steps.append({"type": "final_step", "round": LAST_ROUND, "seat": s, "choice": choice,
                      "target": t, "votes": list(votes)})
    new["log"] = new["log"] + steps
    events += steps
    new["votes"] = votes
    _clamp(new, events)
    cards = [h[0] for h in new["hands"]]
    res = explain(dict(enumerate(cards)), dict(enumerate(new["votes"])))
    rng = Rng(new["rng"])
    res["story_readers"] = {story: rng.choice(seats) if seats else None
                            for story, seats in res["readers_by_story"].items()}
    new["rng"] = rng.state
    res["reader"] = res["story_readers"][res["story"]]
    new["final"] = {"cards": cards, "votes": list(new["votes"]), "round4_voter_discards": list(new["hidden"]),
                    "result": res}
    _log(new, events, {"type": "final_reveal", "cards": cards, "round4_voter_discards": list(new["hidden"])})
    new["phase"] = "over"
    new["acts"] = [False] * n
    new["pending"] = [None] * n
    new["left"] = 0
    events.append({"type": "phase", "round": LAST_ROUND, "phase": "over"})
    events.append({"type": "game_over", "winners": res["winners"], "condition": res["condition"],
                   "stories": res["stories"]})


_RESOLVE = {"discussion": _after_discussion, "choose": _after_choose, "strike_discard": _after_strike_discard,
            "strike_target": _after_strike_target, "vote_target": _after_vote_target,
            "vote_discard": _after_vote_discard, "final": _after_final}


# --- timers ----------------------------------------------------------------------------
def timer(state: dict[str, Any]) -> float | None:
    """Seconds of this discussion (None outside discussion or when unlimited, i.e. 0)."""
    if state["phase"] == "discussion" and state["seconds"] > 0:
        return float(state["seconds"])
    return None


def timeout_actions(state: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """When the discussion timer runs out: everyone not ready yet becomes ready."""
    if state["phase"] != "discussion":
        return []
    return [(s, {"type": "ready"}) for s in range(state["players"])
            if state["acts"][s] and state["pending"][s] is None]


# --- result ----------------------------------------------------------------------------
def result(state: dict[str, Any]) -> dict[str, Any]:
    """Winners, the condition that fired, reasons per condition and per seat, stories."""
    if state["final"] is None:
        return {"over": False, "winners": [], "condition": None}
    res = dict(state["final"]["result"])
    res["over"] = True
    res["cards"] = list(state["final"]["cards"])
    res["votes"] = list(state["final"]["votes"])
    return res


# --- views -----------------------------------------------------------------------------
def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None: spectator / table display).

    The public part is made once per state and shared by every seat's view (states never change
    in place; the server asks for one view per seat)."""
    out: dict[str, Any] = {"game": "fate_votes", "players": state["players"], "seat": seat, **_public_view(state)}
    if seat is not None:
        pending = state["pending"]
        out["hand"] = list(state["hands"][seat])
        out["my_pending"] = pending[seat] if state["phase"] in SECRET_PHASES else None
        out["my_discards"] = list(state["own"][seat])
        out["legal"] = legal_actions(state, seat)
    return out


_PUBLIC: StateMemo[dict[str, Any]] = StateMemo()  # the public part of a state's views


def _public_view(state: dict[str, Any]) -> dict[str, Any]:
    """Every view's keys after ``seat`` that are the same for every viewer, remembered per state object."""
    hit = _PUBLIC.get(state)
    if hit is not None:
        return hit
    phase = state["phase"]
    pending = state["pending"]
    public = {
        "round": state["round"], "phase": phase, "discard_count": DISCARDS[state["round"]],
        "discussion_seconds": state["seconds"],
        "votes": list(state["votes"]), "tokens": list(state["tokens"]),
        "hand_sizes": [len(h) for h in state["hands"]],
        "actors": [s for s, a in enumerate(state["acts"]) if a],
        "submitted": [s for s, p in enumerate(pending) if p is not None],
        "roles": list(state["roles"]) if phase != "final" else [None] * state["players"],
        "strike_allowed": strike_allowed(state),
        "log": list(state["log"]),
        "over": phase == "over",
        "final": state["final"],
    }
    return _PUBLIC.put(state, public)


# --- self-check for tests ----------------------------------------------------------------
_INTERNAL_KEYS = frozenset(("hands", "pending", "rng", "hidden", "own", "acts", "left"))


def _walk(root: Any) -> list[tuple[tuple, Any]]:
    """Every container (dict or list) inside ``root`` with its path (iterative; scalars skipped)."""
    out: list[tuple[tuple, Any]] = []
    stack: list[tuple[tuple, Any]] = [((), root)]
    while stack:
        path, x = stack.pop()
        out.append((path, x))
        if type(x) is dict:
            stack.extend((path + (k,), v) for k, v in x.items() if type(v) is dict or type(v) is list)
        else:
            stack.extend((path + (i,), v) for i, v in enumerate(x) if type(v) is dict or type(v) is list)
    return out


def _is_card_list(x: Any) -> bool:
    return isinstance(x, list) and bool(x) and all(isinstance(c, str) and c in RANK for c in x)


def _public_card_path(path: tuple) -> bool:
    """Places where a list of cards may legitimately appear for any viewer."""
    if len(path) >= 4 and path[0] == "log" and path[2] == "discards" and path[-1] == "cards":
        return True  # strikers' discards, revealed with owner
    if len(path) == 3 and path[0] == "log" and path[2] == "cards":
        return True  # voters' discards (rounds 1-3), sorted without owner
    return bool(path) and path[0] in ("final",)


def _own_path(path: tuple) -> bool:
    """Places holding the viewer's own cards (its hand, its discards, its own legal discards)."""
    return bool(path) and path[0] in ("hand", "my_pending", "my_discards", "legal")


def _perturb(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The same public situation with every secret the viewer must not know changed."""
    n = state["players"]
    alt = dict(state)
    shift = {c: CARDS[(i + 3) % len(CARDS)] for i, c in enumerate(CARDS)}
    alt["hands"] = [h if s == viewer else sorted((shift[c] for c in h), key=RANK.__getitem__)
                    for s, h in enumerate(state["hands"])]
    alt["own"] = [o if s == viewer else [{"round": 0, "cards": ["rika"], "as": "?"}] * len(o)
                  for s, o in enumerate(state["own"])]
    if state["phase"] != "over":
        alt["hidden"] = [shift[c] for c in state["hidden"]]
        alt["rng"] = (state["rng"] + 12345) & ((1 << 64) - 1)
    pend = []
    for s, p in enumerate(state["pending"]):
        if s == viewer or p is None or p is True:
            pend.append(p)
        elif isinstance(p, str):
            pend.append("vote" if p == "strike" else "strike")
        elif isinstance(p, int):
            pend.append((p + 1) % n)
        elif p and p[0] in _CHOICES:
            pend.append(["strike" if p[0] == "vote" else "vote", (p[1] + 1) % n])
        else:
            pend.append([shift[c] for c in p])
    alt["pending"] = pend
    return alt


_STEP_ENTRY = {"choose": "roles", "strike_discard": "strike_discards", "strike_target": "strikes",
               "vote_target": "votes", "vote_discard": "voter_discards", "final": "final_step"}


def _pending_leaks(state: dict[str, Any], viewer: int | None, v: dict[str, Any]) -> list[str]:
    """Unrevealed submissions of other seats found in the public log or elsewhere in ``v``."""
    phase = state["phase"]
    if phase not in SECRET_PHASES:
        return []
    found = []
    entry_type = _STEP_ENTRY[phase]
    for entry in state["log"]:
        if entry["round"] == state["round"] and entry["type"] == entry_type:
            found.append(f"public log already holds this step's {entry_type}")
    pending = state["pending"]
    for path, x in _walk({k: x for k, x in v.items() if k != "log" and k not in ("hand", "my_pending",
                                                                                  "my_discards", "legal")}):
        if type(x) is not dict:
            continue
        s = x.get("seat")
        if type(s) is int and s != viewer and 0 <= s < len(pending) and pending[s] is not None:
            for k in ("cards", "choice", "target", "value", "seat_target"):
                if k in x and (x[k] == pending[s] or (type(pending[s]) is list and x[k] in pending[s])):
                    found.append(f"pending {k} of seat {s} at {path}")
    return found


def leaks(state: dict[str, Any], viewer: int | None, v: dict[str, Any]) -> list[str]:
    """Secrets of others found in ``v`` (the view of ``viewer``); [] when clean."""
    found: list[str] = []
    over = state["phase"] == "over"
    hands = state["hands"]
    others = [s for s in range(state["players"]) if s != viewer]
    for path, x in _walk(v):
        if type(x) is dict:
            for k in x:
                if k in _INTERNAL_KEYS:
                    found.append(f"internal key {k!r} at {path}")
                if k in ("hand", "my_pending", "my_discards", "legal") and (viewer is None or path != ()):
                    found.append(f"private key {k!r} at {path} for viewer {viewer}")
                if k == "round4_voter_discards" and not over and x[k]:
                    found.append(f"round-4 voter discards before the end at {path}")
        elif (not over and x and type(x[0]) is str and _is_card_list(x)
              and not _public_card_path(path) and not _own_path(path)):
            for s in others:
                if x == hands[s]:
                    found.append(f"hand of seat {s} at {path}")
        if not over and state["hidden"] and path and path[0] == "log" and isinstance(x, dict) \
                and x.get("round") == LAST_ROUND - 1 and x.get("type") == "voter_discards" and x.get("cards"):
            found.append(f"round-4 voter discards at {path}")
    if not over and v.get("final") is not None:
        found.append("final cards shown before the end")
    if viewer is not None:
        if v.get("hand") != hands[viewer]:
            found.append("own hand missing or wrong")
        own = state["pending"][viewer] if state["phase"] in SECRET_PHASES else None
        if v.get("my_pending") != own:
            found.append("own pending submission missing or wrong")
    elif "hand" in v:
        found.append("spectator view has a hand")
    if v.get("log") != state["log"]:
        found.append("log differs from the public log")
    found += _pending_leaks(state, viewer, v)
    # Non-interference: changing every secret the viewer may not know must not change its view.
    if view(state, viewer) != view(_perturb(state, viewer), viewer):
        found.append("the view function depends on secrets hidden from this viewer")
    return found
