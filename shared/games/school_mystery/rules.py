"""Rules of school_mystery (放課後ミステリー), the GM-less investigation game of seed 002.

State, actions, views and events are plain data. Full reference with every
decision: docs/rules/school_mystery.md. Summary of the shapes:

PHASES (``state["phase"]``): "setup_subject" → "setup_leader" → "setup_students" →
"introduction" → "investigation" → "resolution" → "over".

SUITS: "hearts" (location ♥), "diamonds" (phenomenon ♦), "spades" (supporting
character ♠), "clubs" (clue ♣). Seat "left" of seat s is (s + 1) % N.

ACTIONS (``{"type": ..., ...}``; TEXT = str ≤ 500 chars, NAME = str ≤ 40 chars,
both non-empty unless noted):
  setup      choose_subject {subject}                  any seat (the table's choice), when option subject = "table_choice"
             choose_leader {seat}                      any seat (the table's choice)
             create_student {name: NAME, playbook, stats: int (index of the playbook's stat array),
                             rival: seat}              each seat once (self allowed as rival)
             set_tone {text: TEXT}                     anyone, during setup
  always     add_note {text, holder?: seat (an item the table gives that student)}; edit_card {card, text (may be "")}; move_card {card, x, y} (0..10000);
  (in play)  link_cards {a, b}; unlink_cards {a, b}   (clue cards only). Accepted at any time in
             play; listed by legal_actions only while no step or roll is pending.
  intro      answer_question {index, text}            anyone; all answered before leaving
  move       move {location: rank 1..10 | invented id 11+}  anyone, to a public location ≠ current
             draw_location {}                         the ♥ duty of the coming scene
  tasks      answer_atmosphere {text}; draw_card {}; accept_card {}; redraw {};
             choose_option {option: 0..2}; invent {text}; take_condition {condition: id} | {text};
             propose_condition {condition: id} | {text} (any student, a condition step: the table
             chooses an unnamed condition); accept_condition {} (the step's student takes the proposal);
             clear_condition {target, index}; unlock_secret {secret};
             pass_claim {all?: bool}                   a student passes the scene's next roll to the
                                                       others (all: lets the bots go; claims.py; not listed)
             pass_step {seat}                          the step's seat leaves an atmosphere, a card to
                                                       draw or to pick to another player, once per step
                                                       (accepted, not listed: bots leave these to humans)
  scene      declare_roll {move, stat}; use_move {move}; call_character {};
             give_condition {target, condition: id} | {target, text}; clear_condition {target, index};
             begin_resolution {}                      (leader)
  roll       set_roll_modifiers {advantage: [item|move|card…], disadvantage: [condition|card…]}
             ("condition" only with a hindering condition; forced by a sample condition that hinders);
             help {}; roll_dice {};
             cancel_roll {}; unlock_secret {secret};
             rival_reroll {stat, advantage?, disadvantage?} (the rival's own roll; rerolls chain);
             accept_roll {}
  resolution set_title {text}; set_deduction {text}; use_clue {card, used: bool};
             declare_resolve {}; object {text}; roll_dice {}; cancel_roll {}

VIEW: the state minus rng, db and deck order (``decks`` = counts); ``you`` = the viewer;
``students[i].hand`` (the four secrets dealt at setup, the last one last) and ``secrets``
(unlocked ids) only for the viewer's own student, everyone sees ``secrets_unlocked`` (a count). Pending steps are ``tasks`` (head first), a roll is ``roll``.

EVENTS: see docs/rules/school_mystery.md (every one has ``type``; dice events are
``dice_rolled`` with ``dice``, ``kept``, ``dropped`` index, ``mode``, ``total``, ``band``).
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, TypeAlias

from shared.errors import RuleError, echo
from shared.games.school_mystery import TABLE_CHOICE, campaign
from shared.games.school_mystery import calendar as cal_mod
from shared.games.school_mystery import claims as claims_mod
from shared.games.school_mystery import dice as dice_mod
from shared.games.school_mystery.claims import (  # noqa: F401 - the runner's hooks
    claim_for,
    claim_passes,
    claim_step,
    claim_wanted,
)
from shared.games.school_mystery.content import (
    OBJECTION,
    RESOLVE,
    SECRETS_DEALT,
    Content,
    pack_list,
    rules_data,
)
from shared.games.school_mystery.helping import helped as _helped
from shared.memo import Recent, StateMemo
from shared.rng import Rng, dice_at, shuffle_at, shuffle_tail_at

SUITS = ("hearts", "diamonds", "spades", "clubs")
SUIT_KIND = {"hearts": "location", "diamonds": "phenomenon", "spades": "character", "clubs": "clue"}
MAX_TEXT = 500
MAX_NAME = 40
MAX_TITLE = 120  # the resolution's title
MAX_CONDITION = MAX_NAME * 2  # a condition the players write
CANVAS = 10000
MAX_CONDITIONS = 3
MAX_CARDS = 300
MAX_CUSTOM_LOCATIONS = 20
# UTF-8 bytes of player-written text on the table (cards, invented places, tone, title, deduction, answers,
# objections, conditions): keeps the largest view, and the result that repeats it, well inside a server
# frame (shared.protocol.MAX_FRAME) whatever the script (emoji are 4 bytes a character)
MAX_TABLE_TEXT = 40_000
ADVANTAGE_SOURCES = ("item", "move", "card")  # declared at the table: a helpful item, a move, a drawn card
DISADVANTAGE_SOURCES = ("condition", "card")  # a hindering condition, a drawn card
MODIFIER_PRESETS: tuple[tuple[list[str], list[str]], ...] = (([], []), (["item"], []), ([], ["condition"]), (["item"], ["condition"]))
PLACEHOLDER = "…"
ROLL_PHASES = ("investigation", "resolution")  # the phases a roll can be in progress in
PASSABLE_STEPS = ("atmosphere", "draw", "pick")  # a duty's narrative steps (a seat may leave them to another)
SETUP_PHASES = ("setup_subject", "setup_leader", "setup_students")
Events: TypeAlias = "list[dict] | None"  # where a handler puts its events; None in a replay (dropped)
PLAY_PHASES = ("introduction", "investigation", "resolution")


# --------------------------------------------------------------------------- helpers

def _copy(x: Any) -> Any:
    """A deep copy of plain data (dicts and lists; everything else is immutable and shared)."""
    t = type(x)
    if t is dict:
        return {k: (_copy(v) if type(v) in _CONTAINERS else v) for k, v in x.items()}
    if t is list:
        return [_copy(v) if type(v) in _CONTAINERS else v for v in x]
    return x


_CONTAINERS = frozenset((dict, list))


def _copy_student(st: dict) -> dict:
    """A student as the rules change it: its conditions, secrets and used moves (lists and a dict
    changed in place); stats, hand and each condition are never changed once made."""
    out = st.copy()
    out["conditions"] = st["conditions"][:]
    out["secrets"] = st["secrets"][:]
    out["used_moves"] = st["used_moves"].copy()
    return out


# A draft is the next state while actions are applied: a plain shallow copy of the state (reads are
# plain dict reads), registered here while its handlers run. A handler changes a list or a dict of the
# state in place only through ``_w(state, key)`` (a student through ``_w_student``, a suit's pile through
# ``_w_pile``), which makes a shallow copy the first time: while it is still the very object of the state
# the draft started from. What is changed in place: the lists cards, students, tasks, visited,
# clue_locations, answers, rival_used, objections_used, clues_used, help_used, links, objections,
# custom_locations and the dicts decks, discards, used (a suit's list: ``_w_pile``), scene; the items of
# these lists are only added, removed or replaced (a student or a card is copied on its own when it is
# changed). Every other value is only replaced, always by a new object (the roll in progress too).
# Everything else stays shared with the state, which is never changed: states are values once returned.
# A handler that changes written text says by how much (``_text_changed``): ``apply`` checks the table's
# text against its cap from that, without comparing texts. ``apply`` makes one draft per action;
# ``replay`` one for all its actions. A state not registered (one ``setup`` is building) is changed as it is.
_DRAFTS: dict[int, list] = {}  # id(draft) -> [the state it started from, text bytes grown by the current action]


def _w(state: Any, key: str) -> Any:
    """``state[key]``, to change in place: a draft copies it the first time (a plain state, being
    built by ``setup``, is changed as it is)."""
    value = state[key]
    rec = _DRAFTS.get(id(state))
    if rec is not None and value is rec[0][key]:
        value = state[key] = value.copy()
    return value


def _w_item(state: Any, key: str, item: Any, copy: Any = list.copy) -> Any:
    """``state[key][item]``, to change in place: a draft copies the container and the item (with
    ``copy``; a list by default) the first time each, the other items stay shared (one draft look-up
    for both)."""
    box = state[key]
    rec = _DRAFTS.get(id(state))
    if rec is None:
        return box[item]
    base = rec[0][key]
    if box is base:
        box = state[key] = box.copy()
    value = box[item]
    if value is base[item]:
        value = box[item] = copy(value)
    return value


def _w_student(state: Any, seat: int) -> dict:
    """The student of ``seat``, to change in place (a draft copies it, once)."""
    return _w_item(state, "students", seat, _copy_student)


# ``_w_pile(state, key, suit)``: the list of one suit in ``decks``, ``discards`` or ``used``, to change in
# place (a draft copies the suit's list once, the others stay shared): ``_w_item`` itself (a call less)
_w_pile = _w_item


def _text_changed(state: Any, before: str, after: str) -> None:
    """A handler replaced the written text ``before`` by ``after`` (either may be ""): the draft's
    growth in UTF-8 bytes (what ``_table_text`` counts)."""
    rec = _DRAFTS.get(id(state))
    if rec is not None:
        rec[1] += len(after.encode("utf-8", "surrogatepass")) - len(before.encode("utf-8", "surrogatepass"))


def _err(code: str, msg: str, **params: Any) -> RuleError:
    return RuleError(code, msg, **params)


def _text(action: dict, key: str, limit: int = MAX_TEXT, required: bool = True) -> str:
    value = action.get(key)
    if not isinstance(value, str):
        raise _err("action/bad_shape", f"'{key}' must be text", field=key)
    if len(value) > limit:
        raise _err("action/bad_shape", f"'{key}' is longer than {limit} characters", field=key, limit=limit)
    if required and not value.strip():
        raise _err("action/bad_shape", f"'{key}' must not be empty", field=key)
    return value


def _int(action: dict, key: str, lo: int, hi: int) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _err("action/bad_shape", f"'{key}' must be a whole number", field=key)
    if not lo <= value <= hi:
        raise _err("action/illegal_target", f"'{key}' must be in {lo}..{hi}", field=key)
    return value


def _bool(action: dict, key: str) -> bool:
    value = action.get(key)
    if not isinstance(value, bool):
        raise _err("action/bad_shape", f"'{key}' must be true or false", field=key)
    return value


def _str_id(action: dict, key: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or len(value) > 64:
        raise _err("action/bad_shape", f"'{key}' must be an id", field=key)
    return value


def _student(state: dict, seat: int) -> dict:
    """A student to read, not to change (a handler changes one through ``_w_student``); asked only for a
    seat that has one (an empty seat's entry is None)."""
    return state["students"][seat]


def _clear_next_roll_effects(state: dict, seat: int) -> None:
    """The student's "next roll" advantage and disadvantage are spent (copied only if one was set)."""
    st = state["students"][seat]
    if st is not None and (st["advantage_next"] or st["disadvantage_next"]):
        st = _w_student(state, seat)
        st["advantage_next"] = st["disadvantage_next"] = False


def _active(state: dict, seat: int) -> bool:
    st = state["students"][seat]
    return st is not None and not st["left"]


def duties_for(leader: int, players: int, scene: int) -> dict[str, int]:
    """Duty seats of scene ``scene`` (1-based): scene 1 leader ♥♦, left ♠, right ♣; then all pass left."""
    shift = max(scene, 1) - 1
    return {"hearts": (leader + shift) % players, "diamonds": (leader + shift) % players,
            "spades": (leader + 1 + shift) % players, "clubs": (leader - 1 + shift) % players}


def _next_duties(state: dict) -> dict[str, int]:
    return duties_for(state["leader"], state["players"], state["scene"]["number"] + 1)


def _duty(state: dict, suit: str) -> int:
    return state["scene"]["duty"][suit]


def _card_exists(state: dict, card: Any, write: bool = False) -> dict:
    """The information card ``card``; ``write``: a copy put in its place, for the caller to change
    (a state's list of cards is copied for an action, its cards only when changed)."""
    if not isinstance(card, int) or isinstance(card, bool):
        raise _err("action/bad_shape", "'card' must be a card id", field="card")
    cards = state["cards"]
    if 0 < card <= len(cards) and cards[card - 1]["id"] == card:  # ids are 1, 2, … in the order cards are added
        c = cards[card - 1]
        if write:
            c = _w(state, "cards")[card - 1] = c.copy()
        return c
    for i, c in enumerate(cards):
        if c["id"] == card:
            if write:
                c = _w(state, "cards")[i] = c.copy()
            return c
    raise _err("action/illegal_target", "no such information card", card=card)


# --------------------------------------------------------------------------- setup

def setup(players: int, seed: int, options: dict, content: Content) -> dict:
    """A new table: decks shuffled, phase "setup_subject" (or "setup_leader" if a subject option is given)."""
    try:
        packs = pack_list(options.get("packs", ""))
    except ValueError:
        raise _err("setup/bad_option", "packs must be comma-separated pack fingerprints", option="packs") from None
    missing = [p for p in packs if p not in content.packs]
    if missing:  # a table plays the very packs it names: the same on every laptop (docs/content_packs.md)
        raise _err("setup/missing_pack", f"content pack {echo(missing[0])!r} is not installed", pack=echo(missing[0]))
    db = rules_data(content, packs)
    if not db["subjects"]:
        raise _err("setup/no_content", "no investigation subjects are installed")
    subject = options.get("subject", TABLE_CHOICE)
    if not isinstance(subject, str) or (subject != TABLE_CHOICE and subject not in db["subjects"]):
        raise _err("setup/bad_option", f"unknown subject {echo(subject)!r}", option="subject")
    max_scenes = int(options.get("max_scenes", 24))
    rng = Rng.from_seed(seed)
    decks = {}
    for suit in SUITS:
        deck = list(range(1, 11))
        rng.shuffle(deck)
        decks[suit] = deck
    state = {
        "game": "school_mystery", "players": players, "rng": rng.state, "db": db,
        "max_scenes": max_scenes, "phase": "setup_subject", "subject": None, "tone": "",
        "leader": None, "students": [None] * players, "answers": [],
        "decks": decks, "discards": {s: [] for s in SUITS}, "used": {s: [] for s in SUITS},
        "location": None, "public": [], "visited": [], "clue_locations": [], "custom_locations": [],
        "scene": {"number": 0, "location": None, "duty": {}, "closed": False, "rollers": []},
        "lang": options.get("lang", "ja"),  # the table's language: what bots write in
        "calendar": None, "tasks": [], "roll": None,
        "help_used": [], "rival_used": [], "objections_used": [], "objections": [],
        "cards": [], "links": [], "next_card": 1,
        "title": "", "deduction": "", "clues_used": [], "outcome": None, "turn": 0,
        "claim": None,  # who passed the step the humans may claim (claims.py)
    }
    if options.get("campaign"):  # the club meets again: students carried from a finished subject
        try:
            state["carry"] = campaign.check_carry(db, players, options["campaign"])
        except ValueError as exc:
            raise _err("setup/bad_option", f"campaign: {exc}", option="campaign") from None
    if subject != TABLE_CHOICE:
        _set_subject(state, subject)
    return state


def _set_subject(state: dict, subject: str) -> None:
    sub = state["db"]["subjects"][subject]
    state["subject"] = subject
    for old in state["answers"]:
        _text_changed(state, old, "")
    state["answers"] = [""] * sub["questions"]
    state["location"] = sub["start_location"]
    state["public"] = sorted(set(sub["public"]) | {sub["start_location"]})
    state["calendar"] = cal_mod.start(sub["day_type"], sub["start_weekday"])
    state["phase"] = "setup_leader"


# --------------------------------------------------------------------------- queries

def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def _free_playbooks(state: dict, seat: int) -> list[str]:
    taken = {st["playbook"] for i, st in enumerate(state["students"]) if st is not None and i != seat}
    books = list(state["db"]["playbooks"])
    if len(books) < state["players"]:
        return books
    return [p for p in books if p not in taken]


def _student_moves(state: dict, seat: int, kind: str) -> list[str]:
    """The investigation moves of ``kind`` the student's playbook has (read-only: shared)."""
    db = state["db"]
    playbook = state["students"][seat]["playbook"]
    key = (id(db), playbook, kind)
    hit = _MOVES_OF.get(key)
    if hit is not None and hit[0] is db:
        return hit[1]
    out = []
    for mid, m in db["moves"].items():
        if m["kind"] != kind or m["phase"] != "investigation":
            continue
        if m["playbook"] is None or mid in db["playbooks"][playbook]["moves"]:
            out.append(mid)
    if len(_MOVES_OF) >= 256:
        _MOVES_OF.clear()
    _MOVES_OF[key] = (db, out)
    return out


# (id(db), playbook, kind) -> (db, moves): the rules data of a table never changes, so neither do these
_MOVES_OF: dict[tuple[int, str, str], tuple[dict, list[str]]] = {}


def _trigger_allowed(state: dict, seat: int, mid: str) -> bool:
    m = state["db"]["moves"][mid]
    used = _student(state, seat)["used_moves"]
    if m["limit"] == "subject":
        return mid not in used
    if m["limit"] == "scene":
        return used.get(mid) != state["scene"]["number"]
    return True


def _can_draw(state: dict, suit: str) -> bool:
    return bool(state["decks"][suit] or state["discards"][suit])


def _location_draw_possible(state: dict) -> bool:
    pool = state["decks"]["hearts"] + state["discards"]["hearts"]
    return any(r != state["location"] for r in pool)


def _move_targets(state: dict) -> list[int]:
    return [r for r in state["public"] if r != state["location"]]


def _scene_cap_reached(state: dict) -> bool:
    return state["scene"]["number"] >= state["max_scenes"]


def _locked_secrets(state: dict, seat: int, allow_last: bool) -> list[str]:
    """The student's dealt secrets not yet unlocked; the last (``hand[-1]``) only when ``allow_last``
    and no other is left."""
    st = _student(state, seat)
    *regular, last = st["hand"]
    locked = [s for s in regular if s not in st["secrets"]]
    if allow_last and not locked and last not in st["secrets"]:
        return [last]
    return locked


def _hindering(state: dict, seat: int, move: str, stat: str) -> list[int]:
    """Indexes of the student's sample conditions whose content says they hinder this move or stat."""
    table = state["db"]["conditions"]
    out = []
    for i, cond in enumerate(_student(state, seat)["conditions"]):
        hinders = table.get(cond["id"]) if cond["id"] is not None else None
        if hinders and (move in hinders["moves"] or stat in hinders["stats"]):
            out.append(i)
    return out


def _condition_may_hinder(state: dict, seat: int, move: str, stat: str) -> bool:
    """May the roller declare the ``condition`` disadvantage? Only while holding a condition that
    hinders the roll: a sample condition whose content names the move or stat, or a condition the
    table wrote itself (free text: the table judges whether it hinders)."""
    conds = _student(state, seat)["conditions"]
    return bool(_hindering(state, seat, move, stat)) or any(c["id"] is None for c in conds)


def _disadvantage_sources(state: dict, seat: int, move: str, stat: str, declared: list[str]) -> list[str]:
    """The declared disadvantage sources, checked: ``condition`` only with a hindering condition,
    and always present when a sample condition hinders the roll (it cannot be waived)."""
    if "condition" in declared and not _condition_may_hinder(state, seat, move, stat):
        raise _err("action/illegal_target", "no condition of yours hinders this roll", field="disadvantage")
    forced = {"condition"} if _hindering(state, seat, move, stat) else set()
    return [x for x in DISADVANTAGE_SOURCES if x in declared or x in forced]


def _roll_stats(state: dict, mid: str) -> list[str]:
    return list(state["db"]["moves"][mid]["stats"])


# --------------------------------------------------------------------------- legal actions

def legal_actions(state: dict, seat: int) -> list[dict]:
    """Every action ``seat`` may take now; free-text/position families are listed once with a placeholder."""
    phase = state["phase"]
    if phase == "over":
        return []
    out: list[dict] = []
    if phase in SETUP_PHASES:
        _legal_setup(state, seat, out)
        return out
    if state["roll"] is None and not state["tasks"]:
        _legal_free(state, seat, out)  # accepted at any time in play, listed only when no step is pending
    if state["roll"] is not None:
        _legal_roll(state, seat, out)
    elif state["tasks"]:
        _legal_task(state, seat, state["tasks"][0], out)
    elif phase == "introduction":
        for i in range(len(state["answers"])):
            out.append({"type": "answer_question", "index": i, "text": PLACEHOLDER})
        if all(a.strip() for a in state["answers"]):
            _legal_moves(state, seat, out)
    elif phase == "investigation":
        _legal_investigation(state, seat, out)
    elif phase == "resolution":
        _legal_resolution(state, seat, out)
    return out


def _legal_setup(state: dict, seat: int, out: list[dict]) -> None:
    phase = state["phase"]
    if seat == 0 and phase != "setup_students":  # accepted from anyone during setup, listed for the host
        out.append({"type": "set_tone", "text": PLACEHOLDER})
    if phase == "setup_subject":  # the table's choice: any seat enters it
        out.extend({"type": "choose_subject", "subject": s} for s in state["db"]["subjects"])
    elif phase == "setup_leader":
        out.extend({"type": "choose_leader", "seat": s} for s in range(state["players"]))
    elif phase == "setup_students" and state["students"][seat] is None:
        for pb in _free_playbooks(state, seat):
            for i in range(len(state["db"]["playbooks"][pb]["arrays"])):
                for rival in range(state["players"]):
                    out.append({"type": "create_student", "name": PLACEHOLDER, "playbook": pb, "stats": i,
                                "rival": rival})


def _legal_free(state: dict, seat: int, out: list[dict]) -> None:
    if len(state["cards"]) < MAX_CARDS and not _text_passes_cap(state, 1):  # (a byte more fits: text < the cap)
        out.append({"type": "add_note", "text": PLACEHOLDER})
    if state["cards"]:
        last = state["cards"][-1]
        out.append({"type": "edit_card", "card": last["id"], "text": PLACEHOLDER})
        out.append({"type": "move_card", "card": last["id"], "x": (last["x"] + 150) % CANVAS,
                    "y": last["y"]})
    clues = [c["id"] for c in state["cards"] if c["kind"] == "clue"]
    if len(clues) >= 2:
        newest = clues[-1]
        for other in clues[-4:-1]:
            pair = sorted((newest, other))
            if pair not in state["links"]:
                out.append({"type": "link_cards", "a": pair[0], "b": pair[1]})
    if state["links"]:
        a, b = state["links"][0]
        out.append({"type": "unlink_cards", "a": a, "b": b})


def _legal_moves(state: dict, seat: int, out: list[dict]) -> None:
    if state["phase"] == "investigation" and _scene_cap_reached(state):
        return
    out.extend({"type": "move", "location": r} for r in _move_targets(state))
    if seat == _next_duties(state)["hearts"] and _location_draw_possible(state):
        out.append({"type": "draw_location"})


def _legal_investigation(state: dict, seat: int, out: list[dict]) -> None:
    _legal_moves(state, seat, out)
    if seat == state["leader"]:
        out.append({"type": "begin_resolution"})
    for target in range(state["players"]):
        if _active(state, target):
            out.append({"type": "give_condition", "target": target, "condition": next(iter(state["db"]["conditions"]))})
            for i in range(len(state["students"][target]["conditions"])):
                out.append({"type": "clear_condition", "target": target, "index": i})
    if state["scene"]["closed"]:
        return
    if _can_draw(state, "spades"):
        out.append({"type": "call_character"})
    if _active(state, seat):
        for mid in _student_moves(state, seat, "roll"):
            for stat in _roll_stats(state, mid):
                out.append({"type": "declare_roll", "move": mid, "stat": stat})
        for mid in _student_moves(state, seat, "trigger"):
            if _trigger_allowed(state, seat, mid):
                out.append({"type": "use_move", "move": mid})


def _legal_roll(state: dict, seat: int, out: list[dict]) -> None:
    roll = state["roll"]
    roller = roll["roller"]
    if roll["move"] == RESOLVE:
        if roll["stage"] == "declared":
            if seat == roller:
                out.append({"type": "roll_dice"})
                out.append({"type": "cancel_roll"})
            elif seat not in state["objections_used"]:
                out.append({"type": "object", "text": PLACEHOLDER})
        return
    if roll["stage"] == "declared":
        if seat == roller:
            may = _condition_may_hinder(state, seat, roll["move"], roll["stat"])
            forced = bool(roll["hindered_by"])
            item = _holds_item(state, seat)
            for adv, dis in MODIFIER_PRESETS:  # representatives; any subsets of the sources are accepted
                if ("condition" in dis and not may) or (forced and "condition" not in dis) or (adv and not item):
                    continue
                if (adv, dis) != (roll["advantage"], roll["disadvantage"]):
                    out.append({"type": "set_roll_modifiers", "advantage": list(adv), "disadvantage": list(dis)})
            out.append({"type": "roll_dice"})
            out.append({"type": "cancel_roll"})
        elif _can_help(state, seat):
            out.append({"type": "help"})
        return
    # rolled
    if seat == roller:
        if _can_raise(state):
            out.extend({"type": "unlock_secret", "secret": s} for s in _locked_secrets(state, seat, False))
        out.append({"type": "accept_roll"})
    if _can_rival_reroll(state, seat):
        out.extend({"type": "rival_reroll", "stat": s} for s in _roll_stats(state, roll["move"]))


def _can_help(state: dict, seat: int) -> bool:
    roll = state["roll"]
    return (roll is not None and roll["move"] != RESOLVE and roll["stage"] == "declared"
            and seat != roll["roller"] and _active(state, seat) and seat not in roll["helpers"]
            and not _helped(state, seat, roll["roller"]))


def _can_raise(state: dict) -> bool:
    roll = state["roll"]
    return (roll["stage"] == "rolled" and not roll["raised"] and roll["band"] != "great"
            and bool(_locked_secrets(state, roll["roller"], False)))


def _can_rival_reroll(state: dict, seat: int) -> bool:
    roll = state["roll"]
    st = _student(state, seat)
    return (roll["stage"] == "rolled" and roll["band"] == "failure" and st is not None and not st["left"]
            and st["rival"] == roll["roller"] and seat not in state["rival_used"])


def _legal_task(state: dict, seat: int, task: dict, out: list[dict]) -> None:
    if task["kind"] == "condition" and state["students"][seat] is not None:  # the table chooses it
        out.extend({"type": "propose_condition", "condition": c} for c in state["db"]["conditions"])
        out.append({"type": "propose_condition", "text": PLACEHOLDER})
    if seat != task["seat"]:
        return
    kind = task["kind"]
    if kind == "atmosphere":
        out.append({"type": "answer_atmosphere", "text": PLACEHOLDER})
    elif kind == "draw":
        out.append({"type": "draw_card"})
    elif kind == "pick":
        suit = task["suit"]
        if suit in ("diamonds", "clubs"):
            out.extend({"type": "choose_option", "option": i} for i in range(3))
        elif not (suit == "hearts" and task["mode"] == "move" and task["card"] == state["location"]):
            out.append({"type": "accept_card"})
        if _can_draw(state, suit):
            out.append({"type": "redraw"})
        if suit != "hearts" or len(state["custom_locations"]) < MAX_CUSTOM_LOCATIONS:
            out.append({"type": "invent", "text": PLACEHOLDER})
    elif kind == "condition":
        out.extend({"type": "take_condition", "condition": c} for c in state["db"]["conditions"])
        out.append({"type": "take_condition", "text": PLACEHOLDER})
        if task.get("proposal"):
            out.append({"type": "accept_condition"})
    elif kind == "clear":
        for i in range(len(state["students"][seat]["conditions"])):
            out.append({"type": "clear_condition", "target": seat, "index": i})
    elif kind == "secret":
        out.extend({"type": "unlock_secret", "secret": s} for s in _locked_secrets(state, seat, True))


def _legal_resolution(state: dict, seat: int, out: list[dict]) -> None:
    out.append({"type": "set_title", "text": PLACEHOLDER})
    out.append({"type": "set_deduction", "text": PLACEHOLDER})
    for c in state["cards"]:
        if c["kind"] == "clue":
            out.append({"type": "use_clue", "card": c["id"], "used": c["id"] not in state["clues_used"]})
    if state["deduction"].strip():
        out.append({"type": "declare_resolve"})


# --------------------------------------------------------------------------- apply

def apply(state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
    """Apply one action of ``seat``; never mutates ``state`` (a draft, see ``_DRAFTS``)."""
    try:
        handler = _HANDLERS[action["type"]]
    except (KeyError, TypeError):  # no type, an unknown one or one that is no text (a list: TypeError)
        kind = action.get("type")
        raise _err("action/unknown_type", f"unknown action type {echo(kind)!r}", type=echo(kind)) from None
    draft = state.copy()
    tag = id(draft)
    rec: list[Any] = [state, 0]
    _DRAFTS[tag] = rec
    events: list[dict] = []
    try:
        handler(draft, seat, action, events)
        grown = rec[1]
        if grown > 0 and _text_passes_cap(state, grown):  # growing past the cap (shrinking is allowed)
            raise _err("action/illegal", "the table holds too much text: shorten or clear a card first",
                       limit=MAX_TABLE_TEXT)
        tasks = draft["tasks"]
        if tasks and tasks[0]["kind"] in _PRUNABLE and (tasks is not state["tasks"]
                                                         or draft["students"] is not state["students"]):
            _prune_tasks(draft, events)  # else the steps are those of ``state``, which were pruned
    finally:
        del _DRAFTS[tag]
    turn = draft["turn"] = state["turn"] + 1
    if turn == 1 and next(reversed(draft)) != "cards":  # the information cards last (a state from setup
        draft["cards"] = draft.pop("cards")  # has more after them; every later state has them last)
    return draft, events


def replay(state: dict, actions: Any) -> dict:
    """The state after ``actions`` (journaled, accepted once): what ``apply`` step by step gives, on
    one draft for them all (each value copied once, the first time an action changes it), no events
    made (``events`` None). Raises RuleError like ``apply``.

    ``state`` is one ``apply`` or ``setup`` made (its pending steps pruned): then the steps need pruning
    only after an action that changed them or the students, and pruning steps that need none changes
    nothing, so they are pruned after every action that leaves some."""
    work = state.copy()
    tag = id(work)
    rec: list[Any] = [state, 0]
    _DRAFTS[tag] = rec
    grown = 0  # text bytes grown since ``state``
    done = 0  # actions applied (``turn`` is set once at the end: no handler reads it)
    try:
        for seat, action in actions:
            try:
                handler = _HANDLERS[action["type"]]
            except (KeyError, TypeError):  # as apply: no type, an unknown one, or no dict
                kind = action.get("type") if isinstance(action, dict) else None
                raise _err("action/unknown_type", f"unknown action type {echo(kind)!r}", type=echo(kind)) from None
            if work["phase"] == "over":
                raise _err("game/over", "the game is over")
            handler(work, seat, action, None)
            step = rec[1]
            if step:
                rec[1] = 0
                grown += step
                if step > 0 and _text_passes_cap(state, grown):
                    raise _err("action/illegal", "the table holds too much text: shorten or clear a card "
                               "first", limit=MAX_TABLE_TEXT)
            tasks = work["tasks"]
            if tasks and tasks[0]["kind"] in _PRUNABLE:
                _prune_tasks(work, None)
            done += 1
    finally:
        del _DRAFTS[tag]
    work["turn"] = state["turn"] + done
    if next(reversed(work)) != "cards":
        work["cards"] = work.pop("cards")
    return work


def _other_texts(state: dict) -> list[str]:
    """The player-written strings on the table besides the cards' texts: tone, title, deduction, the
    answers, invented places, objections and the students' conditions (an absent text counts as "").
    (Loops, not comprehensions: each of those is a function call, and most of these lists are empty.)"""
    texts = [state["tone"], state["title"], state["deduction"], *state["answers"]]
    if state["custom_locations"]:
        texts += map(_NAME_OF, state["custom_locations"])
    if state["objections"]:
        texts += map(_TEXT_OF, state["objections"])
    for st in state["students"]:
        if st and st["conditions"]:
            for c in st["conditions"]:
                texts.append(c.get("text") or "")
    for task in state["tasks"]:
        if task.get("proposal"):
            texts.append(task["proposal"]["text"])
    return texts


_NAME_OF = itemgetter("name")
_TEXT_OF = itemgetter("text")


def _text_bytes(texts: list[str]) -> int:
    """UTF-8 bytes of the texts (one encoding of them joined: the same sum)."""
    return len("".join(texts).encode("utf-8", "surrogatepass"))


def _table_text(state: dict) -> int:
    """UTF-8 bytes of player-written text on the table (everything a view or the result repeats) of
    ``state``, a value: its cards' texts remembered per list of cards (shared by the states in a row
    that added no card), the few other texts counted."""
    return _cards_text(state["cards"]) + _text_bytes(_other_texts(state))


def _text_passes_cap(state: dict, grown: int) -> bool:
    """Whether the table's text of ``state`` grown by ``grown`` bytes passes MAX_TABLE_TEXT: decided on
    a bound when it is far below (``_text_bound``), else on the count."""
    return _text_bound(state) + grown > MAX_TABLE_TEXT and _table_text(state) + grown > MAX_TABLE_TEXT


def _text_bound(state: dict) -> int:
    """An upper bound of ``_table_text(state)`` that reads no text but the cards' (their bytes remembered
    per list): every other text as long as its action lets it be, at 4 bytes a character (UTF-8 takes at
    most 4): tone, deduction, each answer, invented place and objection MAX_TEXT, the title MAX_TITLE,
    each student's conditions MAX_CONDITIONS of MAX_CONDITION."""
    return _cards_text(state["cards"]) + 4 * (
        MAX_TEXT * (2 + len(state["answers"]) + len(state["custom_locations"]) + len(state["objections"]))
        + MAX_TITLE + MAX_CONDITION * (MAX_CONDITIONS * len(state["students"]) + len(state["tasks"])))


def _cards_text(cards: list) -> int:
    """UTF-8 bytes of the texts of ``cards``, the list of a state (never changed: a draft copies it)."""
    used = _CARD_TEXTS.get(cards)
    if used is None:
        used = _CARD_TEXTS.put(cards, _text_bytes(list(map(_TEXT_OF, cards))))
    return used


_CARD_TEXTS: StateMemo[int] = StateMemo(512)  # a state's list of cards -> its texts' bytes (lists are values too)


_PRUNABLE = frozenset(("clear", "secret", "condition"))  # the steps that may become impossible (_prune_tasks)


def _prune_tasks(state: dict, events: Events) -> None:
    """Drop pending steps that can no longer be done (nothing to clear, no secret left)."""
    while state["tasks"]:
        task = state["tasks"][0]
        st = state["students"][task["seat"]]
        if task["kind"] == "clear" and (st is None or not st["conditions"]) or task["kind"] == "secret" and (st is None or st["left"] or not _locked_secrets(state, task["seat"], True)) or task["kind"] == "condition" and (st is None or st["left"]):
            pass
        else:
            return
        _proposal_gone(state, task)
        _w(state, "tasks").pop(0)
        if events is not None:
            events.append({"type": "step_skipped", "kind": task["kind"], "seat": task["seat"]})


def _need_phase(state: dict, *phases: str) -> None:
    if state["phase"] not in phases:
        raise _err("action/wrong_phase", f"not possible in the {state['phase']} phase", phase=state["phase"])


def _need_calm(state: dict) -> None:
    """No roll and no pending task in the way."""
    if state["roll"] is not None:
        raise _err("action/wrong_phase", "a roll is in progress", phase=state["phase"])
    if state["tasks"]:
        raise _err("action/wrong_phase", "a card or choice is pending", phase=state["phase"])


def _need_task(state: dict, seat: int, *kinds: str) -> dict:
    """The pending step, which must be one of ``kinds`` and ``seat``'s (the usual case in one condition;
    otherwise the first check that fails raises its error)."""
    tasks = state["tasks"]
    if tasks:
        task = tasks[0]
        if (task["kind"] in kinds and task["seat"] == seat and state["roll"] is None
                and state["phase"] in PLAY_PHASES):
            return task
    if state["phase"] not in PLAY_PHASES or state["roll"] is not None or not state["tasks"]:
        raise _err("action/wrong_phase", "nothing of that kind is pending", phase=state["phase"])
    task = state["tasks"][0]
    if task["kind"] not in kinds:
        raise _err("action/wrong_phase", "another step comes first", pending=task["kind"])
    if task["seat"] != seat:
        raise _err("action/not_your_turn", "that is another player's step", seat=task["seat"])
    return task


def _need_student(state: dict, seat: int) -> None:
    if not _active(state, seat):
        raise _err("action/not_your_turn", "your student is not in the investigation")


def _need_target(state: dict, action: dict) -> int:
    target = _int(action, "target", 0, state["players"] - 1)
    if not _active(state, target):
        raise _err("action/illegal_target", "that student is not in the investigation", target=target)
    return target


# --- setup -------------------------------------------------------------------

def _a_set_tone(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_phase(state, *SETUP_PHASES)
    text = _text(action, "text", required=False)
    _text_changed(state, state["tone"], text)
    state["tone"] = text
    if events is not None:
        events.append({"type": "tone_set", "seat": seat, "text": state["tone"]})


def _a_choose_subject(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_phase(state, "setup_subject")
    subject = _str_id(action, "subject")
    if subject not in state["db"]["subjects"]:
        raise _err("action/illegal_target", "unknown subject", subject=subject)
    _set_subject(state, subject)
    if events is not None:
        events.append({"type": "subject_chosen", "subject": subject})
        events.append({"type": "phase", "phase": state["phase"]})


def _a_choose_leader(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_phase(state, "setup_leader")
    state["leader"] = _int(action, "seat", 0, state["players"] - 1)
    state["phase"] = "setup_students"
    if events is not None:
        events.append({"type": "leader_chosen", "seat": state["leader"]})
        events.append({"type": "phase", "phase": "setup_students"})
    if "carry" in state:  # a campaign's students are created from what they carry
        campaign.seat_students(state, events)


def _a_create_student(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_phase(state, "setup_students")
    if state["students"][seat] is not None:
        raise _err("action/illegal", "your student is already created")
    name = _text(action, "name", MAX_NAME)
    playbook = _str_id(action, "playbook")
    if playbook not in state["db"]["playbooks"]:
        raise _err("action/illegal_target", "unknown playbook", playbook=playbook)
    if len(state["db"]["playbooks"]) >= state["players"]:  # not _free_playbooks(state, seat), written out
        for st in state["students"]:  # (the seat's own is None: checked above)
            if st is not None and st["playbook"] == playbook:
                raise _err("action/illegal_target", "another student already has that playbook", playbook=playbook)
    book = state["db"]["playbooks"][playbook]
    arrays = book["arrays"]
    idx = _int(action, "stats", 0, len(arrays) - 1)
    rival = _int(action, "rival", 0, state["players"] - 1)
    hand = _deal_secrets(state, book)
    _w(state, "students")[seat] = {
        "name": name, "playbook": playbook, "stats": arrays[idx].copy(), "rival": rival,
        "conditions": [], "hand": hand, "secrets": [], "left": False,
        "advantage_next": False, "disadvantage_next": False, "used_moves": {},
    }
    if events is not None:
        events.append({"type": "student_created", "seat": seat, "name": name, "playbook": playbook,
                       "stats": arrays[idx].copy(), "rival": rival})
        events.append({"type": "secrets_dealt", "seat": seat, "secrets": list(hand), "vis": [seat]})
    if None not in state["students"]:
        state["phase"] = "introduction"
        if events is not None:
            events.append({"type": "phase", "phase": "introduction", "subject": state["subject"],
                           "location": state["location"]})


def _deal_secrets(state: dict, book: dict) -> list[str]:
    """Three secrets and one last secret drawn privately from the playbook's pool (``hand[-1]`` = last).
    The generator goes as far as for a pool of five and two, whatever the pool's size (a larger pool
    deals other secrets, not other dice: the guided game's fixed seed keeps its rolls)."""
    regular = list(book["secrets"])
    lasts = list(book["lasts"])
    state["rng"] = shuffle_tail_at(shuffle_tail_at(state["rng"], regular, SECRETS_DEALT + 1), lasts, 1)
    return regular[-SECRETS_DEALT:] + lasts[-1:]


# --- always available ------------------------------------------------------------

def _need_play(state: dict) -> None:
    _need_phase(state, *PLAY_PHASES)


_CARD_ROWS = {"location": 0, "phenomenon": 1, "character": 2, "clue": 3, "note": 4}
_KIND_OF = itemgetter("kind")
# id(cards list) -> (the list, how many of its cards are counted, {kind: count}): what ``_add_card``
# placed a card by, remembered for the list it appended to (which the next state holds). Cards are only
# ever appended (an edited or moved card is replaced by a copy of the same kind): a list that grew
# since is counted on from there. Bounded: the oldest go.
_KINDS: dict[int, tuple[list, int, dict[str, int]]] = {}
_KINDS_RECENT = Recent(_KINDS, 512)


def _kind_counts(cards: list) -> dict[str, int]:
    """How many of ``cards`` there are of each kind (a dict the caller does not change)."""
    hit = _KINDS.get(id(cards))
    if hit is not None and hit[0] is cards and hit[1] == len(cards):
        return hit[2]
    counted, counts = (hit[1], hit[2].copy()) if hit is not None and hit[0] is cards else (0, {})
    for kind in map(_KIND_OF, cards[counted:]):
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def default_spot(n: int, kind: str) -> tuple[int, int]:
    """Where the ``n``-th card (from 0) of ``kind`` goes on the canvas (the client's table lays out the
    cards still there in tidy columns: client/tables/school_mystery_board.py)."""
    return 300 + (n % 8) * 1150, 600 + _CARD_ROWS.get(kind, 4) * 1800 + ((n // 8) % 4) * 300


# kind -> default_spot(n, kind) for n % 32 (the spots of a kind repeat every 32 cards): what _add_card looks up
_SPOTS = {kind: [default_spot(n, kind) for n in range(32)] for kind in _CARD_ROWS}


def _add_card(state: dict, events: Events, kind: str, seat: int, rank: int | None = None,
              option: int | None = None, text: str = "", invented: bool = False) -> dict:
    before = state["cards"]
    counts = _kind_counts(before)
    n = counts.get(kind, 0)
    x, y = _SPOTS[kind][n % 32]  # default_spot(n, kind)
    card = {"id": state["next_card"], "kind": kind, "rank": rank, "option": option, "text": text,
            "invented": invented, "x": x, "y": y, "by": seat, "scene": state["scene"]["number"],
            "location": state["location"]}
    state["next_card"] += 1
    cards = _w(state, "cards")
    cards.append(card)
    counts = counts.copy()
    counts[kind] = n + 1
    if cards is before and id(cards) in _KINDS:  # the list counted on grew (a replay's one draft): its
        _KINDS[id(cards)] = (cards, len(cards), counts)  # entry replaced (kept anew, it would go with the
    else:  # older keeping)
        _KINDS_RECENT.keep(id(cards), (cards, len(cards), counts))
    if text:
        _text_changed(state, "", text)
    if events is not None:
        events.append({"type": "info_card", "card": card.copy()})
    return card


def _a_add_note(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    text = _text(action, "text")
    holder = None
    if "holder" in action:  # an item the table gives a student: a note with the holder's seat on it
        holder = _int(action, "holder", 0, state["players"] - 1)
        if state["students"][holder] is None:
            raise _err("action/illegal_target", "give the item to a student at the table", holder=holder)
    if len(state["cards"]) >= MAX_CARDS:
        raise _err("action/illegal", "the table is full of cards")
    card = _add_card(state, events, "note", seat, text=text)
    if holder is not None:
        card["holder"] = holder
        if events is not None:
            events[-1]["card"]["holder"] = holder


def _holds_item(state: dict, seat: int) -> bool:
    """Whether the student holds an item: a note the table gave them (``add_note`` with ``holder``)
    that still says something (「アイテムを所持していて、それを使用したとき」)."""
    return any(c.get("holder") == seat and c["text"] for c in state["cards"])


def _need_item(state: dict, seat: int, advantage: list[str]) -> None:
    if "item" in advantage and not _holds_item(state, seat):
        raise _err("action/illegal_target", "you hold no item: the table gives items as notes", field="advantage")


def _a_edit_card(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    card = _card_exists(state, action.get("card"), write=True)
    text = _text(action, "text", required=False)
    _text_changed(state, card["text"], text)
    card["text"] = text
    if events is not None:
        events.append({"type": "card_edited", "card": card["id"], "text": card["text"], "seat": seat})


def _a_move_card(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    card = _card_exists(state, action.get("card"), write=True)
    x = _int(action, "x", 0, CANVAS)
    y = _int(action, "y", 0, CANVAS)
    card["x"], card["y"] = x, y
    if events is not None:
        events.append({"type": "card_moved", "card": card["id"], "x": x, "y": y, "seat": seat})


def _link_pair(state: dict, action: dict) -> list[int]:
    a = _card_exists(state, action.get("a"))
    b = _card_exists(state, action.get("b"))
    if a["kind"] != "clue" or b["kind"] != "clue" or a["id"] == b["id"]:
        raise _err("action/illegal_target", "links join two different clue cards")
    return sorted((a["id"], b["id"]))


def _a_link_cards(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    pair = _link_pair(state, action)
    if pair in state["links"]:
        raise _err("action/illegal", "those cards are already linked")
    _w(state, "links").append(pair)
    if events is not None:
        events.append({"type": "cards_linked", "a": pair[0], "b": pair[1], "seat": seat})


def _a_unlink_cards(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    pair = _link_pair(state, action)
    if pair not in state["links"]:
        raise _err("action/illegal", "those cards are not linked")
    _w(state, "links").remove(pair)
    if events is not None:
        events.append({"type": "cards_unlinked", "a": pair[0], "b": pair[1], "seat": seat})


# --- introduction and moving -----------------------------------------------------

def _a_answer_question(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "introduction" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "introduction")
        _need_calm(state)
    idx = action.get("index")
    if type(idx) is not int or not 0 <= idx < len(state["answers"]):  # else _int's checks (same errors)
        idx = _int(action, "index", 0, max(len(state["answers"]) - 1, 0))
    if not state["answers"]:
        raise _err("action/illegal_target", "this subject has no questions")
    text = action.get("text")
    if type(text) is not str or len(text) > MAX_TEXT or not text.strip():  # else _text's checks
        text = _text(action, "text")
    answers = _w(state, "answers")
    _text_changed(state, answers[idx], text)
    answers[idx] = text
    if events is not None:
        events.append({"type": "question_answered", "index": idx, "text": state["answers"][idx], "seat": seat})


def _can_leave_now(state: dict) -> None:
    _need_phase(state, "introduction", "investigation")
    _need_calm(state)
    if state["phase"] == "introduction" and not all(a.strip() for a in state["answers"]):
        raise _err("action/illegal", "answer the introduction's questions first")
    if state["phase"] == "investigation" and _scene_cap_reached(state):
        raise _err("action/illegal", "the scene limit is reached: the leader moves to the resolution",
                   limit=state["max_scenes"])


def _a_move(state: dict, seat: int, action: dict, events: Events) -> None:
    if not (state["phase"] == "investigation" and state["roll"] is None and not state["tasks"]
            and state["scene"]["number"] < state["max_scenes"]):  # else _can_leave_now's checks (same errors)
        _can_leave_now(state)
    loc = _int(action, "location", 1, 10 + len(state["custom_locations"]))
    if loc == state["location"] or loc not in state["public"]:  # not in _move_targets(state)
        raise _err("action/illegal_target", "you can only declare a move to another public location",
                   location=loc)
    _start_scene(state, loc, events)


def _a_draw_location(state: dict, seat: int, action: dict, events: Events) -> None:
    _can_leave_now(state)
    duty = _next_duties(state)["hearts"]
    if seat != duty:
        raise _err("action/not_your_turn", "the ♥ duty of the coming scene draws the location", seat=duty)
    if not _location_draw_possible(state):
        raise _err("action/illegal", "no location card can lead elsewhere")
    card = _draw(state, "hearts", events)
    _w(state, "tasks").append({"kind": "pick", "suit": "hearts", "card": card, "seat": seat, "mode": "move"})
    if events is not None:
        events.append({"type": "card_drawn", "suit": "hearts", "card": card, "seat": seat})


def _draw(state: dict, suit: str, events: Events) -> int | None:
    if not state["decks"][suit] and not state["discards"][suit]:
        return None
    deck = _w_pile(state, "decks", suit)
    if not deck:
        deck.extend(state["discards"][suit])
        _w(state, "discards")[suit] = []
        state["rng"] = shuffle_at(state["rng"], deck)
        if events is not None:
            events.append({"type": "deck_reshuffled", "suit": suit, "count": len(deck)})
    return deck.pop()


def _end_scene(state: dict, events: Events) -> None:
    if state["scene"]["number"] < 1:
        return
    state["calendar"], new_day = cal_mod.end_scene(state["calendar"])
    if new_day:
        c = state["calendar"]
        if events is not None:
            events.append({"type": "day_passed", "day": c["day"], "weekday": c["weekday"], "holiday": c["holiday"]})


def _start_scene(state: dict, loc: int, events: Events) -> None:
    if state["phase"] == "introduction":
        state["phase"] = "investigation"
        if events is not None:
            events.append({"type": "phase", "phase": "investigation"})
    _end_scene(state, events)
    number = state["scene"]["number"] + 1
    duty = duties_for(state["leader"], state["players"], number)
    first = loc not in state["visited"]
    state["scene"] = {"number": number, "location": loc, "duty": duty, "closed": False, "rollers": []}
    state["location"] = loc
    if loc not in state["public"]:
        state["public"] = sorted(state["public"] + [loc])
    if events is not None:
        events.append({"type": "scene_started", "scene": number, "location": loc, "duty": duty.copy(),
                       "first_visit": first, "calendar": state["calendar"].copy()})
    if first:
        _w(state, "visited").append(loc)
        if loc <= 10:
            _w(state, "tasks").append({"kind": "atmosphere", "seat": duty["hearts"], "location": loc})
        else:  # an invented place: its card carries the players' own description
            name = next(c["name"] for c in state["custom_locations"] if c["id"] == loc)
            _add_card(state, events, "location", duty["hearts"], text=name, invented=True)
        _w(state, "tasks").append({"kind": "draw", "suit": "diamonds", "seat": duty["diamonds"]})


# --- tasks (cards and choices) ----------------------------------------------------

def _a_answer_atmosphere(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "atmosphere")
    text = _text(action, "text")
    _w(state, "tasks").pop(0)
    _add_card(state, events, "location", seat, rank=task["location"], text=text)


def _a_pass_step(state: dict, seat: int, action: dict, events: Events) -> None:
    """The duty seat leaves this narrative step (an atmosphere, a card to draw or to pick) to another
    player at the table; a step is passed once, then its new holder does it."""
    task = _need_task(state, seat, *PASSABLE_STEPS)
    to = _int(action, "seat", 0, state["players"] - 1)
    if to == seat or state["students"][to] is None:
        raise _err("action/illegal_target", "pass the step to another player at the table", seat=to)
    if task.get("passed"):
        raise _err("action/illegal", "this step was passed once already: its holder does it")
    _w(state, "tasks")[0] = {**task, "seat": to, "passed": True}
    if events is not None:
        events.append({"type": "step_passed", "kind": task["kind"], "suit": task.get("suit", "hearts"),
                       "seat": seat, "to": to})


def _a_pass_claim(state: dict, seat: int, action: dict, events: Events) -> None:
    """A student passes the step the table is at (the next roll of the scene: claims.py); ``all``: and
    lets the bots go at once. Accepted, not listed (a human's button, never a bot's move)."""
    go = _bool(action, "all") if "all" in action else False
    claim = claims_mod.pass_claim(state, seat, go)
    if claim is None:
        raise _err("action/wrong_phase", "no step waits for the players now")
    state["claim"] = claim
    if events is not None:
        events.append({"type": "claim_passed", "seat": seat, "all": go})


def _a_draw_card(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "draw")
    suit = task["suit"]
    tasks = _w(state, "tasks")
    if state["decks"][suit]:  # _draw's common case, written out: a card on the deck
        card = _w_pile(state, "decks", suit).pop()
    else:
        card = _draw(state, suit, events)
    if card is None:
        del tasks[0]
        if events is not None:
            events.append({"type": "deck_empty", "suit": suit})
        return
    if events is not None:
        events.append({"type": "card_drawn", "suit": suit, "card": card, "seat": seat})
    pick = {"kind": "pick", "suit": suit, "card": card, "seat": seat, "mode": task.get("mode", "")}
    if task.get("passed"):
        pick["passed"] = True  # who took over the draw tells the card's story too
    tasks[0] = pick  # in the draw's place


def _finish_pick(state: dict, task: dict, seat: int, events: Events, option: int | None, text: str,
                 invented: bool) -> None:
    suit = task["suit"]
    _w(state, "tasks").pop(0)
    if invented:
        _w_pile(state, "discards", suit).append(task["card"])
        if events is not None:
            events.append({"type": "card_discarded", "suit": suit, "card": task["card"], "seat": seat})
        _add_card(state, events, SUIT_KIND[suit], seat, text=text, invented=True)
    else:
        _w_pile(state, "used", suit).append(task["card"])
        _add_card(state, events, SUIT_KIND[suit], seat, rank=task["card"], option=option)
    if suit == "clubs" and not state["scene"]["closed"]:
        _w(state, "scene")["closed"] = True
        if events is not None:
            events.append({"type": "scene_closed", "reason": "clue_found", "scene": state["scene"]["number"]})


def _a_choose_option(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "pick")
    if task["suit"] not in ("diamonds", "clubs"):
        raise _err("action/illegal", "this card has no options: accept it or redraw")
    option = action.get("option")
    if type(option) is not int or not 0 <= option <= 2:
        option = _int(action, "option", 0, 2)
    _finish_pick(state, task, seat, events, option, "", False)


def _a_invent(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "pick")
    text = _text(action, "text")
    if task["suit"] != "hearts":
        _finish_pick(state, task, seat, events, None, text, True)
        return
    # an invented location: a new place (id 11, 12, …) that is public from now on
    if len(state["custom_locations"]) >= MAX_CUSTOM_LOCATIONS:
        raise _err("action/illegal", "enough invented places: accept or redraw")
    _w(state, "tasks").pop(0)
    _w_pile(state, "discards", "hearts").append(task["card"])
    if events is not None:
        events.append({"type": "card_discarded", "suit": "hearts", "card": task["card"], "seat": seat})
    loc = 11 + len(state["custom_locations"])
    _w(state, "custom_locations").append({"id": loc, "name": text, "by": seat})
    _text_changed(state, "", text)
    state["public"] = sorted(state["public"] + [loc])
    if events is not None:
        events.append({"type": "location_invented", "location": loc, "name": text, "seat": seat})
    if task["mode"] == "move":
        _start_scene(state, loc, events)
    else:
        if events is not None:
            events.append({"type": "location_public", "location": loc})


def _a_accept_card(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "pick")
    suit = task["suit"]
    if suit in ("diamonds", "clubs"):
        raise _err("action/illegal", "choose one of the three options")
    if suit == "spades":
        _finish_pick(state, task, seat, events, None, "", False)
        return
    card = task["card"]
    if task["mode"] == "move":
        if card == state["location"]:
            raise _err("action/illegal", "you are already there: redraw")
        _w(state, "tasks").pop(0)
        _w_pile(state, "used", "hearts").append(card)
        _start_scene(state, card, events)
    else:  # reveal: the location becomes public without going there
        _w(state, "tasks").pop(0)
        _w_pile(state, "used", "hearts").append(card)
        if card not in state["public"]:
            state["public"] = sorted(state["public"] + [card])
        if events is not None:
            events.append({"type": "location_public", "location": card})


def _a_redraw(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "pick")
    suit = task["suit"]
    if not _can_draw(state, suit):
        raise _err("action/illegal", "no other card is left to draw")
    _w_pile(state, "discards", suit).append(task["card"])
    if events is not None:
        events.append({"type": "card_discarded", "suit": suit, "card": task["card"], "seat": seat})
    card = _draw(state, suit, events)
    _w(state, "tasks")[0] = {**task, "card": card}
    if events is not None:
        events.append({"type": "card_drawn", "suit": suit, "card": card, "seat": seat})


def _condition_value(state: dict, action: dict) -> dict:
    if "condition" in action:
        cid = _str_id(action, "condition")
        if cid not in state["db"]["conditions"]:
            raise _err("action/illegal_target", "unknown condition", condition=cid)
        return {"id": cid, "text": ""}
    return {"id": None, "text": _text(action, "text", MAX_CONDITION)}


def _gain_condition(state: dict, target: int, cond: dict, events: Events) -> None:
    if len(state["students"][target]["conditions"]) >= MAX_CONDITIONS:
        if events is not None:
            events.append({"type": "condition_blocked", "seat": target, "condition": cond})
        if _locked_secrets(state, target, True):
            _w(state, "tasks").insert(0, {"kind": "secret", "seat": target, "reason": "fourth_condition"})
        return
    _w_item(state, "students", target, _copy_student)["conditions"].append(cond)  # _w_student, a call less
    text = cond.get("text")
    if text:  # (an empty text changes no count)
        _text_changed(state, "", text)
    if events is not None:
        events.append({"type": "condition_gained", "seat": target, "condition": cond})


def _a_take_condition(state: dict, seat: int, action: dict, events: Events) -> None:
    task = _need_task(state, seat, "condition")
    cond = _condition_value(state, action)
    _proposal_gone(state, task)
    _w(state, "tasks").pop(0)
    _gain_condition(state, seat, cond, events)


def _proposal_gone(state: dict, task: dict) -> None:
    """A condition step's proposal leaves the table (its text no longer counts)."""
    proposal = task.get("proposal")
    if proposal and proposal["text"]:
        _text_changed(state, proposal["text"], "")


def _a_propose_condition(state: dict, seat: int, action: dict, events: Events) -> None:
    """A condition the card or move did not name is chosen by all (「指示されていないときは全員で決めて
    ください」): any student proposes one for the pending condition step (a newer proposal replaces
    it); the student it falls on confirms it (``accept_condition``) or takes another."""
    task = state["tasks"][0] if state["tasks"] and state["roll"] is None else None
    if task is None or task["kind"] != "condition":
        raise _err("action/wrong_phase", "no condition is being chosen now")
    if state["students"][seat] is None:
        raise _err("action/not_your_turn", "only a student at the table proposes a condition")
    cond = _condition_value(state, action)
    _proposal_gone(state, task)
    if cond["text"]:
        _text_changed(state, "", cond["text"])
    _w(state, "tasks")[0] = {**task, "proposal": {**cond, "by": seat}}
    if events is not None:
        events.append({"type": "condition_proposed", "seat": seat, "for": task["seat"], "condition": cond})


def _a_accept_condition(state: dict, seat: int, action: dict, events: Events) -> None:
    """The student the condition step falls on takes the table's proposal."""
    task = _need_task(state, seat, "condition")
    proposal = task.get("proposal")
    if not proposal:
        raise _err("action/illegal", "nobody has proposed a condition yet: take one or wait for a proposal")
    _proposal_gone(state, task)
    _w(state, "tasks").pop(0)
    _gain_condition(state, seat, {"id": proposal["id"], "text": proposal["text"]}, events)


def _a_give_condition(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "investigation" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "investigation")
        _need_calm(state)
    target = _need_target(state, action)
    _gain_condition(state, target, _condition_value(state, action), events)


def _a_clear_condition(state: dict, seat: int, action: dict, events: Events) -> None:
    from_task = bool(state["tasks"]) and state["tasks"][0]["kind"] == "clear" and state["roll"] is None
    if from_task:
        _need_task(state, seat, "clear")
    else:
        if state["phase"] != "investigation" or state["roll"] is not None or state["tasks"]:
            _need_phase(state, "investigation")
            _need_calm(state)
    target = _need_target(state, action)
    if from_task and target != seat:
        raise _err("action/illegal_target", "clear one of your own conditions")
    conds = state["students"][target]["conditions"]
    if not conds:
        raise _err("action/illegal_target", "that student has no condition")
    idx = _int(action, "index", 0, len(conds) - 1)
    cond = _w_student(state, target)["conditions"].pop(idx)
    _text_changed(state, cond.get("text") or "", "")
    if from_task:
        _w(state, "tasks").pop(0)
    if events is not None:
        events.append({"type": "condition_cleared", "seat": target, "condition": cond})


def _unlock(state: dict, seat: int, secret: str, events: Events) -> None:
    """Unlock ``secret``: private text to its owner, then the engine applies what the secret says."""
    st = _w_student(state, seat)
    st["secrets"].append(secret)
    if events is not None:
        events.append({"type": "secret_unlocked", "seat": seat, "count": len(st["secrets"])})
        events.append({"type": "your_secret", "seat": seat, "secret": secret, "vis": [seat]})
    _apply_effects(state, seat, state["db"]["secrets"].get(secret, []), events)
    if len(st["secrets"]) == len(st["hand"]):
        st["left"] = True
        for t in state["tasks"]:
            if t["seat"] == seat and t["kind"] == "condition":
                _proposal_gone(state, t)
        state["tasks"] = [t for t in state["tasks"]
                          if not (t["seat"] == seat and t["kind"] in ("condition", "clear", "secret"))]
        if events is not None:
            events.append({"type": "student_left", "seat": seat, "prompt": "narrate_last_scene"})


def _a_unlock_secret(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] not in PLAY_PHASES:  # _need_play's check, inline
        _need_play(state)
    secret = _str_id(action, "secret")
    roll = state["roll"]
    if roll is not None and roll["move"] != RESOLVE:
        if seat != roll["roller"]:
            raise _err("action/not_your_turn", "only the roller may unlock a secret for this roll")
        if roll["stage"] != "rolled":
            raise _err("action/wrong_phase", "secrets are unlocked after the roll")
        if not _can_raise(state):
            raise _err("action/illegal", "this roll cannot rise further")
        if secret not in _locked_secrets(state, seat, False):
            raise _err("action/illegal_target", "choose one of your locked secrets other than the last",
                       secret=secret)
        _unlock(state, seat, secret, events)
        roll = state["roll"]
        before = roll["band"]
        state["roll"] = roll = {**roll, "band": dice_mod.raise_band(before), "raised": True}
        if events is not None:
            events.append({"type": "band_raised", "seat": seat, "from": before, "to": roll["band"]})
        return
    _need_task(state, seat, "secret")
    if secret not in _locked_secrets(state, seat, True):
        raise _err("action/illegal_target", "choose one of your locked secrets (the last one only when "
                   "no other is left)", secret=secret)
    _w(state, "tasks").pop(0)
    _unlock(state, seat, secret, events)


# --- scene actions ------------------------------------------------------------------

def _need_open_scene(state: dict) -> None:
    if state["phase"] != "investigation" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "investigation")
        _need_calm(state)
    if state["scene"]["closed"]:
        raise _err("action/illegal", "a clue was found: this scene is over, move on")


def _a_call_character(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_open_scene(state)
    if not _can_draw(state, "spades"):
        raise _err("action/illegal", "no supporting character is left")
    duty = _duty(state, "spades")
    _w(state, "tasks").append({"kind": "draw", "suit": "spades", "seat": duty})
    if events is not None:
        events.append({"type": "character_called", "seat": seat, "duty": duty})


# a declared roll's shape (key order): copied, then its values set (cheaper than a new dict of 16 keys)
_DECLARED: dict[str, Any] = {"move": None, "stat": None, "roller": None, "first_roller": None, "stage": "declared",
             "advantage": None, "disadvantage": None, "hindered_by": None, "effect_advantage": False,
             "effect_disadvantage": False, "helpers": None, "dice": None, "band": None, "total": None,
             "raised": False, "rerolled": False}


def _a_declare_roll(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "investigation" or state["roll"] is not None or state["tasks"] or state["scene"]["closed"]:
        _need_open_scene(state)
    st = state["students"][seat]
    if st is None or st["left"]:
        raise _err("action/not_your_turn", "your student is not in the investigation")
    mid = action.get("move")
    if type(mid) is not str or len(mid) > 64:
        mid = _str_id(action, "move")
    db = state["db"]
    m = db["moves"].get(mid)  # mid in _student_moves(state, seat, "roll"), its filter written out:
    if (m is None or m["kind"] != "roll" or m["phase"] != "investigation"
            or (m["playbook"] is not None and mid not in db["playbooks"][st["playbook"]]["moves"])):
        raise _err("action/illegal_target", "you cannot roll that move", move=mid)
    stat = action.get("stat")
    if type(stat) is not str or len(stat) > 64:
        stat = _str_id(action, "stat")
    if stat not in m["stats"]:
        raise _err("action/illegal_target", "that stat does not fit this move", stat=stat)
    hindered = _hindering(state, seat, mid, stat) if st["conditions"] else []
    roll = _DECLARED.copy()
    roll["move"], roll["stat"], roll["roller"], roll["first_roller"] = mid, stat, seat, seat
    roll["advantage"], roll["disadvantage"], roll["hindered_by"] = [], ["condition"] if hindered else [], hindered
    roll["effect_advantage"], roll["effect_disadvantage"] = st["advantage_next"], st["disadvantage_next"]
    roll["helpers"] = []
    state["roll"] = roll
    scene = state["scene"].copy()
    scene["rollers"] = scene.get("rollers", []) + [seat]  # who rolled here
    state["scene"] = scene
    if events is not None:
        events.append({"type": "roll_declared", "seat": seat, "move": mid, "stat": stat, "hindered_by": hindered})


def _a_use_move(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_open_scene(state)
    _need_student(state, seat)
    mid = _str_id(action, "move")
    if mid not in _student_moves(state, seat, "trigger"):
        raise _err("action/illegal_target", "you cannot use that move", move=mid)
    if not _trigger_allowed(state, seat, mid):
        raise _err("action/illegal", "that move is used up for now", move=mid)
    _w_student(state, seat)["used_moves"][mid] = state["scene"]["number"]
    if events is not None:
        events.append({"type": "move_used", "seat": seat, "move": mid})
    _apply_effects(state, seat, state["db"]["moves"][mid]["effects"], events)


def _apply_effects(state: dict, seat: int, effects: list[dict], events: Events) -> None:
    """The effects of a move or a secret on ``seat``'s student (read as each effect needs it: an earlier
    effect may have changed it; copied by a draft only for an effect that changes it)."""
    for eff in effects:  # (the most frequent effects first)
        do, n = eff["do"], eff["n"]
        if do == "draw_clue":
            loc = state["location"]
            if loc in state["clue_locations"] and not eff["extra"]:
                if events is not None:
                    events.append({"type": "clue_limit", "location": loc})
                continue
            if loc not in state["clue_locations"]:
                _w(state, "clue_locations").append(loc)
            for _ in range(n):
                _w(state, "tasks").append({"kind": "draw", "suit": "clubs", "seat": state["scene"]["duty"]["clubs"]})
        elif do == "gain_condition":
            for _ in range(n):
                if eff.get("condition"):
                    _gain_condition(state, seat, {"id": eff["condition"], "text": ""}, events)
                else:
                    _w(state, "tasks").append({"kind": "condition", "seat": seat})
        elif do == "advantage_next":
            _w_student(state, seat)["advantage_next"] = True
        elif do == "reveal_location":
            for _ in range(n):
                _w(state, "tasks").append({"kind": "draw", "suit": "hearts", "seat": _duty(state, "hearts"),
                                       "mode": "reveal"})
        elif do == "disadvantage_next":
            _w_student(state, seat)["disadvantage_next"] = True
        elif do == "call_character":
            for _ in range(n):
                _w(state, "tasks").append({"kind": "draw", "suit": "spades", "seat": _duty(state, "spades")})
        elif do == "draw_phenomenon":
            for _ in range(n):
                _w(state, "tasks").append({"kind": "draw", "suit": "diamonds", "seat": _duty(state, "diamonds")})
        elif do == "clear_condition":
            if _student(state, seat)["conditions"]:
                _w(state, "tasks").append({"kind": "clear", "seat": seat})
        elif do == "unlock_secret":
            for _ in range(n):
                _w(state, "tasks").append({"kind": "secret", "seat": seat, "reason": "move"})
        elif do == "rival_condition":
            rival = _student(state, seat)["rival"]
            if _active(state, rival):
                for _ in range(n):
                    _gain_condition(state, rival, {"id": eff["condition"], "text": ""}, events)
        elif do == "rival_self":
            _w_student(state, seat)["rival"] = seat
            if events is not None:
                events.append({"type": "rival_changed", "seat": seat, "rival": seat})
        elif do == "renew_bonds":
            state["help_used"] = [p for p in state["help_used"] if p[0] != seat]
            state["rival_used"] = [s for s in state["rival_used"] if s != seat]
        if events is not None:
            events.append({"type": "effect", "seat": seat, "do": do, "n": n})


# --- rolls --------------------------------------------------------------------------

def _need_roll(state: dict, seat: int, stage: str, roller_only: bool = True) -> dict:
    """The roll in progress, which must be at ``stage`` (and ``seat``'s, if ``roller_only``): the usual case
    in one condition; otherwise the first check that fails raises its error."""
    roll = state["roll"]
    if (roll is not None and roll["stage"] == stage and (seat == roll["roller"] or not roller_only)
            and state["phase"] in ROLL_PHASES):
        return roll
    if roll is None or state["phase"] not in ROLL_PHASES:
        raise _err("action/wrong_phase", "no roll is in progress")
    if roll["stage"] != stage:
        raise _err("action/wrong_phase", f"the roll is not at the {stage} stage")
    if roller_only and seat != roll["roller"]:
        raise _err("action/not_your_turn", "only the roller may do that", seat=roll["roller"])
    return roll


def _a_set_roll_modifiers(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "declared")
    if roll["move"] == RESOLVE:
        raise _err("action/illegal", "《解明》 takes no advantage or disadvantage")
    advantage = _sources(action, "advantage", ADVANTAGE_SOURCES)
    _need_item(state, seat, advantage)
    declared = _sources(action, "disadvantage", DISADVANTAGE_SOURCES)
    disadvantage = _disadvantage_sources(state, seat, roll["move"], roll["stat"], declared)
    state["roll"] = {**roll, "advantage": advantage, "disadvantage": disadvantage}
    if events is not None:
        events.append({"type": "roll_modifiers", "seat": seat, "advantage": list(advantage),
                       "disadvantage": list(disadvantage)})


def _sources(action: dict, key: str, allowed: tuple[str, ...]) -> list[str]:
    value = action.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _err("action/bad_shape", f"'{key}' must be a list of sources", field=key)
    if len(set(value)) != len(value) or not set(value) <= set(allowed):
        raise _err("action/illegal_target", f"'{key}' sources are some of {list(allowed)}, each once",
                   field=key, allowed=list(allowed))
    return [v for v in allowed if v in value]


def _a_help(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "declared", roller_only=False)
    roller = roll["roller"]  # _can_help, after what _need_roll checked (a roll, declared)
    if (roll["move"] == RESOLVE or seat == roller or not _active(state, seat) or seat in roll["helpers"]
            or _helped(state, seat, roller)):
        raise _err("action/illegal", "you cannot help this roll (once per subject, before the roll)")
    roll = state["roll"] = roll.copy()
    roll["helpers"] = roll["helpers"] + [seat]
    _w(state, "help_used").append([seat, roll["roller"]])
    if events is not None:
        events.append({"type": "help", "helper": seat, "roller": roll["roller"]})


def _a_cancel_roll(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "declared")
    # friends' help that was declared stays spent
    state["roll"] = None
    if events is not None:
        events.append({"type": "roll_cancelled", "seat": seat, "move": roll["move"]})


def _throw(state: dict, seat: int, roll: dict, stat: str, helpers: int, reason: str,
           events: Events) -> tuple[list[int], list[int], int | None, str, int, str]:
    """Throw the roll's dice for ``seat`` with ``stat`` and ``helpers`` friends' help: (dice, kept,
    dropped, mode, total, band); the ``dice_rolled`` event appended to ``events`` (when kept)."""
    adv, dis = roll["advantage"], roll["disadvantage"]
    eff_adv, eff_dis = roll["effect_advantage"], roll["effect_disadvantage"]
    mode = "advantage" if adv or eff_adv else "normal"  # dice_mod.mode_of, written out
    if dis or eff_dis:
        mode = "normal" if mode == "advantage" else "disadvantage"
    if mode == "normal":  # dice_mod.throw's normal case, written out (most rolls)
        state["rng"], dice = dice_at(state["rng"], 2)
        kept, dropped, thrown = dice[:], None, dice[0] + dice[1]
    else:
        state["rng"], dice, kept, dropped, thrown = dice_mod.throw(state["rng"], mode)
    value = state["students"][seat]["stats"][stat]
    total = thrown + value + helpers
    band = "great" if total >= 12 else "success" if total >= 10 else "narrow" if total >= 7 else "failure"
    if events is not None:
        events.append({"type": "dice_rolled", "reason": reason, "seat": seat, "move": roll["move"], "stat": stat,
                       "stat_value": value, "help": helpers,
                       "advantage_sources": [*adv, "effect"] if eff_adv else list(adv),
                       "disadvantage_sources": [*dis, "effect"] if eff_dis else list(dis), "mode": mode,
                       "dice": dice, "kept": kept, "dropped": dropped, "total": total, "band": band})
    return dice, kept, dropped, mode, total, band


def _a_roll_dice(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "declared")
    if roll["move"] == RESOLVE:
        _roll_resolve(state, seat, roll, events)
        return
    dice, kept, dropped, mode, total, band = _throw(state, seat, roll, roll["stat"], len(roll["helpers"]), "roll",
                                                    events)
    st = state["students"][seat]
    if st is not None and (st["advantage_next"] or st["disadvantage_next"]):  # else nothing to clear
        _clear_next_roll_effects(state, seat)
    roll = state["roll"] = roll.copy()
    roll["stage"], roll["dice"], roll["kept"], roll["dropped"] = "rolled", dice, kept, dropped
    roll["mode"], roll["total"], roll["band"] = mode, total, band


def _a_rival_reroll(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "rolled", roller_only=False)
    if roll["move"] == RESOLVE or not _can_rival_reroll(state, seat):
        raise _err("action/illegal", "only the student whose rival failed may roll again, once per subject")
    stat = _str_id(action, "stat")
    if stat not in _roll_stats(state, roll["move"]):
        raise _err("action/illegal_target", "that stat does not fit this move", stat=stat)
    # the reroll is the rival-holder's own roll: their stat, their own declared sources (none unless
    # given), their hindering conditions and "next roll" effects; nothing of the first roller's is kept
    adv = _sources(action, "advantage", ADVANTAGE_SOURCES) if "advantage" in action else []
    _need_item(state, seat, adv)
    declared = _sources(action, "disadvantage", DISADVANTAGE_SOURCES) if "disadvantage" in action else []
    dis = _disadvantage_sources(state, seat, roll["move"], stat, declared)
    st = _student(state, seat)
    _w(state, "rival_used").append(seat)
    failed = roll["roller"]
    roll = {**roll, "roller": seat, "stat": stat, "helpers": [], "advantage": adv, "disadvantage": dis,
            "hindered_by": _hindering(state, seat, roll["move"], stat),
            "effect_advantage": st["advantage_next"], "effect_disadvantage": st["disadvantage_next"]}
    dice, kept, dropped, mode, total, band = _throw(state, seat, roll, stat, 0, "rival_reroll", events)
    if events is not None:
        events[-1]["rival_of"] = failed
    _clear_next_roll_effects(state, seat)
    roll.update({"raised": False, "rerolled": True, "dice": dice, "kept": kept, "dropped": dropped, "mode": mode,
                 "total": total, "band": band})
    state["roll"] = roll


def _a_accept_roll(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "rolled")
    state["roll"] = None
    effects = state["db"]["moves"][roll["move"]]["outcomes"].get(roll["band"], [])
    if events is not None:
        events.append({"type": "roll_resolved", "seat": seat, "move": roll["move"], "band": roll["band"],
                       "total": roll["total"]})
    st = state["students"][seat]
    if st is not None and not st["left"]:  # _active
        _apply_effects(state, seat, effects, events)


# --- resolution ---------------------------------------------------------------------

def _a_begin_resolution(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "investigation" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "investigation")
        _need_calm(state)
    if seat != state["leader"]:
        raise _err("action/not_your_turn", "the leader declares the move to the resolution")
    _end_scene(state, events)
    state["phase"] = "resolution"
    state["scene"] = {**state["scene"], "closed": True}
    if events is not None:
        events.append({"type": "phase", "phase": "resolution"})


def _a_set_title(state: dict, seat: int, action: dict, events: Events) -> None:
    _need_phase(state, "resolution")
    _set_text(state, seat, "title", _text(action, "text", MAX_TITLE, required=False), events)


def _a_set_deduction(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "resolution" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "resolution")
        _need_calm(state)
    _set_text(state, seat, "deduction", _text(action, "text", required=False), events)


def _set_text(state: dict, seat: int, key: str, text: str, events: Events) -> None:
    """The resolution's ``key`` (title, deduction) rewritten by ``seat``; the event ``<key>_set`` says so."""
    _text_changed(state, state[key], text)
    state[key] = text
    if events is not None:
        events.append({"type": f"{key}_set", "text": text, "seat": seat})


def _a_use_clue(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "resolution" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "resolution")
        _need_calm(state)
    card = _card_exists(state, action.get("card"))
    if card["kind"] != "clue":
        raise _err("action/illegal_target", "only clue cards are used in the deduction")
    used = _bool(action, "used")
    if used and card["id"] not in state["clues_used"]:
        _w(state, "clues_used").append(card["id"])
    elif not used and card["id"] in state["clues_used"]:
        _w(state, "clues_used").remove(card["id"])
    if events is not None:
        events.append({"type": "clue_used", "card": card["id"], "used": used, "seat": seat})


def _a_declare_resolve(state: dict, seat: int, action: dict, events: Events) -> None:
    if state["phase"] != "resolution" or state["roll"] is not None or state["tasks"]:
        _need_phase(state, "resolution")
        _need_calm(state)
    if not state["deduction"].strip():
        raise _err("action/illegal", "write the deduction first")
    state["roll"] = {"move": RESOLVE, "stat": None, "roller": seat, "first_roller": seat, "stage": "declared",
                     "advantage": [], "disadvantage": [], "hindered_by": [], "effect_advantage": False,
                     "effect_disadvantage": False, "helpers": [], "dice": None, "band": None, "total": None,
                     "raised": False, "rerolled": False}
    if events is not None:
        events.append({"type": "roll_declared", "seat": seat, "move": RESOLVE, "stat": None,
                       "clues": len(state["clues_used"])})


def _a_object(state: dict, seat: int, action: dict, events: Events) -> None:
    roll = _need_roll(state, seat, "declared", roller_only=False)
    if roll["move"] != RESOLVE:
        raise _err("action/illegal", "《異議あり》 answers a declared 《解明》")
    if seat == roll["roller"] or seat in state["objections_used"]:
        raise _err("action/illegal", "each player objects at most once, never to their own 《解明》")
    text = _text(action, "text")
    _w(state, "objections_used").append(seat)
    state["rng"], dice, kept, _, thrown = dice_mod.throw(state["rng"])
    band = dice_mod.band_of(thrown)
    outcome = {"great": "withdrawn", "success": "withdrawn", "narrow": "noted", "failure": "dismissed"}[band]
    if events is not None:
        events.append({"type": "dice_rolled", "reason": "objection", "seat": seat, "move": OBJECTION, "stat": None,
                       "stat_value": 0, "help": 0, "advantage_sources": [], "disadvantage_sources": [],
                       "mode": "normal", "dice": dice, "kept": kept, "dropped": None,
                       "total": thrown, "band": band})
    _w(state, "objections").append({"seat": seat, "text": text, "band": band, "outcome": outcome})
    _text_changed(state, "", text)
    if events is not None:
        events.append({"type": "objection", "seat": seat, "text": text, "band": band, "outcome": outcome})
    if outcome == "withdrawn":
        state["roll"] = None


def _roll_resolve(state: dict, seat: int, roll: dict, events: Events) -> None:
    state["rng"], dice, kept, _, thrown = dice_mod.throw(state["rng"])
    difficulty = state["db"]["subjects"][state["subject"]]["difficulty"]
    clues = len(state["clues_used"])
    total = thrown - difficulty + clues
    band = dice_mod.band_of(total)
    truth = band != "failure"
    if events is not None:
        events.append({"type": "dice_rolled", "reason": "resolve", "seat": seat, "move": RESOLVE, "stat": None,
                       "stat_value": 0, "help": 0, "advantage_sources": [], "disadvantage_sources": [],
                       "mode": "normal", "dice": dice, "kept": kept, "dropped": None,
                       "difficulty": difficulty, "clues": clues, "total": total, "band": band})
    state["roll"] = None
    state["outcome"] = {"seat": seat, "dice": dice, "difficulty": difficulty, "clues": clues,
                        "total": total, "band": band, "truth": truth}
    state["phase"] = "over"
    if events is not None:
        events.append({"type": "resolved", **state["outcome"]})
        events.append({"type": "phase", "phase": "over"})


_HANDLERS = {
    "set_tone": _a_set_tone, "choose_subject": _a_choose_subject, "choose_leader": _a_choose_leader,
    "create_student": _a_create_student,
    "add_note": _a_add_note, "edit_card": _a_edit_card, "move_card": _a_move_card,
    "link_cards": _a_link_cards, "unlink_cards": _a_unlink_cards,
    "answer_question": _a_answer_question, "move": _a_move, "draw_location": _a_draw_location,
    "answer_atmosphere": _a_answer_atmosphere, "draw_card": _a_draw_card, "choose_option": _a_choose_option,
    "pass_step": _a_pass_step, "pass_claim": _a_pass_claim,
    "propose_condition": _a_propose_condition, "accept_condition": _a_accept_condition,
    "invent": _a_invent, "accept_card": _a_accept_card, "redraw": _a_redraw,
    "take_condition": _a_take_condition, "give_condition": _a_give_condition,
    "clear_condition": _a_clear_condition, "unlock_secret": _a_unlock_secret,
    "call_character": _a_call_character, "declare_roll": _a_declare_roll, "use_move": _a_use_move,
    "set_roll_modifiers": _a_set_roll_modifiers, "help": _a_help, "cancel_roll": _a_cancel_roll,
    "roll_dice": _a_roll_dice, "rival_reroll": _a_rival_reroll, "accept_roll": _a_accept_roll,
    "begin_resolution": _a_begin_resolution, "set_title": _a_set_title, "set_deduction": _a_set_deduction,
    "use_clue": _a_use_clue, "declare_resolve": _a_declare_resolve, "object": _a_object,
}


# --------------------------------------------------------------------------- views

HIDDEN_KEYS = ("rng", "db", "decks", "carry", "told")  # carry/told: campaign tables only (campaign.py)


def view(state: dict, seat: int | None) -> dict:
    """Everything public; deck order and other students' secrets removed.

    Values are shared with the state, not copied (states are never changed in place), and the
    parts made for a view (a student as a viewer sees it, the deck sizes, the coming duties) are
    remembered per object they come from: successive views share what did not change, which
    makes them cheap to build and to compare (delta snapshots). What every viewer sees alike is
    made once per state (the server asks for one view per seat of the same state).
    """
    public, students = _public_view(state)
    v = public.copy()
    v["you"] = seat
    if isinstance(seat, int) and 0 <= seat < len(students) and students[seat] is not None:
        students = students[:]
        students[seat] = _view_part(state["students"][seat], True, _student_view)
    v["students"] = students
    return v


_PUBLIC: StateMemo[tuple[dict, list]] = StateMemo()  # a state's view for nobody in particular, its students


def _public_view(state: dict) -> tuple[dict, list]:
    """The view every viewer shares (``you`` None; keys in the view's order) and the students as
    any other student sees them, remembered per state object (states never change)."""
    hit = _PUBLIC.get(state)
    if hit is not None:
        return hit
    v = {k: val for k, val in state.items() if k not in HIDDEN_KEYS and k != "cards"}
    v["cards"] = state["cards"]
    v["decks"] = _view_part(state["decks"], None, _deck_sizes)
    v["you"] = None
    v["coming_duty"] = _coming_duty(state["leader"], state["players"], state["scene"]["number"] + 1)
    students = v["students"] = [None if st is None else _view_part(st, False, _student_view)
                                for st in state["students"]]
    return _PUBLIC.put(state, (v, students))


def _deck_sizes(decks: dict, _: Any) -> dict:
    return {suit: len(deck) for suit, deck in decks.items()}


def _student_view(st: dict, own: bool) -> dict:
    s = dict(st)
    s["secrets_unlocked"] = len(st["secrets"])
    if not own:
        del s["secrets"]
        del s["hand"]
    return s


_VIEW_PARTS: dict[tuple[int, Any], tuple[Any, Any]] = {}  # (id(source), variant) -> (source, part)
_VIEW_PARTS_SIZE = 2048


def _view_part(source: Any, variant: Any, make: Any) -> Any:
    """``make(source, variant)``, remembered while ``source`` (part of a state: never changed) lives."""
    key = (id(source), variant)
    hit = _VIEW_PARTS.get(key)
    if hit is not None and hit[0] is source:
        return hit[1]
    part = make(source, variant)
    if len(_VIEW_PARTS) >= _VIEW_PARTS_SIZE:
        _VIEW_PARTS.clear()
    _VIEW_PARTS[key] = (source, part)
    return part


_DUTIES: dict[tuple[int, int, int], dict[str, int]] = {}


def _coming_duty(leader: int | None, players: int, scene: int) -> dict[str, int] | None:
    """The duties of the next scene (None before the leader is chosen), one object per value."""
    if leader is None:
        return None
    key = (leader, players, scene)
    duty = _DUTIES.get(key)
    if duty is None:
        if len(_DUTIES) >= _VIEW_PARTS_SIZE:
            _DUTIES.clear()
        duty = _DUTIES[key] = duties_for(leader, players, scene)
    return duty


def leaks(state: dict, viewer: int | None, v: dict) -> list[str]:
    """What ``v`` shows that ``viewer`` must not know (empty list = fine).

    Checks: no rng/db/deck order; other students carry no ``secrets`` or ``hand`` list; no
    other student's dealt secret id (locked or unlocked) appears anywhere in the view.
    """
    found = [f"key {k}" for k in ("rng", "db") if k in v]
    if any(not isinstance(n, int) for n in v.get("decks", {}).values()):
        found.append("deck order")
    own: list[str] = []
    if isinstance(viewer, int) and state["students"][viewer] is not None:
        own = state["students"][viewer]["hand"]
    for i, s in enumerate(v.get("students", [])):
        if s is not None and i != viewer and ("secrets" in s or "hand" in s):
            found.append(f"secrets of seat {i}")
    text = repr(v)
    for i, st in enumerate(state["students"]):
        if st is None or i == viewer:
            continue
        for sid in st["hand"]:
            if sid not in own and repr(sid) in text:
                found.append(f"secret {sid} of seat {i}")
    return found


# --------------------------------------------------------------------------- result

def result(state: dict) -> dict:
    """The article: title, subject, clues used (cards), deduction, the 《解明》 roll and outcome."""
    cards = {c["id"]: c for c in state["cards"]}
    outcome = state["outcome"]
    return {
        "over": state["phase"] == "over",
        "title": state["title"], "subject": state["subject"],
        "deduction": state["deduction"],
        "clues": [_copy(cards[i]) for i in state["clues_used"] if i in cards],
        "cards": _copy(state["cards"]), "links": _copy(state["links"]),
        "answers": list(state["answers"]), "objections": _copy(state["objections"]),
        "resolve": _copy(outcome),
        "truth": bool(outcome and outcome["truth"]),
        "winners": list(range(state["players"])) if outcome and outcome["truth"] else [],
        "why": "solved" if outcome and outcome["truth"] else ("unsolved" if outcome else "unfinished"),
        "students": [None if st is None else {"seat": i, "name": st["name"], "playbook": st["playbook"],
                                              "left": st["left"],
                                              # the end reveals what a campaign carries (campaign.py)
                                              **(campaign.reveal(state, i) if state["phase"] == "over" else {})}
                     for i, st in enumerate(state["students"])],
        "calendar": _copy(state["calendar"]), "scenes": state["scene"]["number"],
        "custom_locations": _copy(state["custom_locations"]),
    }
