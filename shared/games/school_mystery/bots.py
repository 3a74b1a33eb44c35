"""Bots for school_mystery: ``easy``, ``normal`` and ``strong`` (plus ``random``; ``sensible`` = normal).

A bot sees only its seat's view and its legal actions (and ``bot_seats``, see :mod:`shared.bots`).
They play the whole game: every basic move and the playbook's special moves, supporting
characters, helps, the rival's reroll, advantage and disadvantage when the situation gives
them (a condition counts as a disadvantage), secrets unlocked to raise a result, invented
places and cards, links between clues, objections.

They leave the humans their game. With a human at the table a bot never writes over a text
(it only ever fills empty ones, and leaves the introduction, the title and the deduction to
the humans: it may pin one suggestion note), never takes a decision that belongs to a human
(it does not declare 《解明》, object to a human's 《解明》, reroll a human's failed roll as
their rival, move the group to a new scene, or choose the leader for them), hands the narrative
steps of its duty (a place's atmosphere, a card to draw and choose) to a human (``pass_step``) and
rolls at most once per scene. Everything a bot writes comes
from ``assets/content/school_mystery/bot_texts.toml`` in the table's language (``lang``).

Levels differ in judgement: ``easy`` picks moves and stats at random and rarely uses the
helps, modifiers or secrets; ``normal`` picks what the situation calls for, with variety;
``strong`` plans: it builds advantage before searching, helps every search, spends secrets on
searches that failed or only narrowly succeeded, and gathers enough clues for the subject's
difficulty before the 《解明》.
"""
from __future__ import annotations

import importlib
from typing import Any

from shared.bots import human_seats
from shared.games.school_mystery.rules import PASSABLE_STEPS
from shared.rng import Rng

CLUE_TARGET = {"easy": 2, "normal": 4, "strong": 0}  # strong: the subject's difficulty + 4
SCENE_TARGET = {"easy": 7, "normal": 10, "strong": 18}
SEARCH = {"discover"}  # moves that draw clues
# the bot text an invented card of each suit takes: a place, a happening, a person, a found thing
INVENT_KEY = {"hearts": "location", "diamonds": "invent_phenomenon", "spades": "invent_character",
              "clubs": "invent"}
_cache: dict[str, Any] = {}


# --- content --------------------------------------------------------------------------------
def _texts() -> dict[str, dict[str, tuple[str, ...]]]:
    if "texts" not in _cache:
        _cache["texts"] = importlib.import_module("assets.loaders.school_mystery_bots").cached()
    return _cache["texts"]


def _content() -> Any:
    if "content" not in _cache:
        _cache["content"] = importlib.import_module("shared.games.school_mystery").SPEC.content()
    return _cache["content"]


def text(view: dict, key: str, rng: Rng | None = None, **params: Any) -> str:
    """One bot text of ``key`` in the table's language (``view["lang"]``, Japanese if unset)."""
    lang = view.get("lang") or "ja"
    options = _texts()[key].get(lang) or _texts()[key]["en"]
    pick = options[rng.below(len(options))] if rng is not None else options[(view.get("you") or 0) % len(options)]
    return pick.format(**params) if params else pick


# --- what the bot reads from its view --------------------------------------------------------
class Table:
    """The view seen through a bot's eyes: who is human, its student, this scene's cards."""

    def __init__(self, view: dict, level: str) -> None:
        self.view = view
        self.level = level
        self.me: int = view["you"]
        self.players: int = view["players"]
        self.humans = human_seats(view, self.players, self.me)
        self.student = view["students"][self.me] if view.get("students") else None
        scene = view.get("scene") or {}
        self.scene_no = scene.get("number", 0)
        self.here = [c for c in view.get("cards", []) if c.get("scene") == self.scene_no and self.scene_no]
        self.clues = [c for c in view.get("cards", []) if c["kind"] == "clue"]

    def items(self) -> list[dict]:
        """The items the table gave this bot's student (notes with its seat as holder, not emptied)."""
        return [c for c in self.view.get("cards", []) if c.get("holder") == self.me and c["text"]]

    def has_here(self, kind: str) -> bool:
        return any(c["kind"] == kind for c in self.here)

    def bot_notes_here(self) -> int:
        """Notes the table's bots pinned in this scene (one suggestion per scene is enough for the humans)."""
        bots = set(self.view.get("bot_seats") or [self.me])
        return sum(1 for c in self.view.get("cards", []) if c["kind"] == "note" and c.get("by") in bots
                   and c.get("scene") == self.scene_no and c.get("holder") is None)

    def my_notes_here(self) -> int:
        return sum(1 for c in self.view.get("cards", []) if c["kind"] == "note" and c.get("by") == self.me
                   and c.get("scene") == self.scene_no)

    def difficulty(self) -> int:
        sub = self.view.get("subject")
        subjects = _content().subjects
        return subjects[sub].difficulty if sub in subjects else 2

    def clue_target(self) -> int:
        if self.level == "strong":
            return self.difficulty() + 4
        return CLUE_TARGET[self.level]


def _of(legal: list[dict], kind: str) -> list[dict]:
    return [a for a in legal if a["type"] == kind]


def _first(legal: list[dict], *kinds: str) -> dict | None:
    for kind in kinds:
        for a in legal:
            if a["type"] == kind:
                return dict(a)
    return None


def _with_text(action: dict | None, value: str) -> dict:
    """``action`` (one of ``_first``'s picks: a kind its caller saw in the legal list) with ``value`` as its text."""
    assert action is not None, "the legal list has no action of that kind"
    out = dict(action)
    out["text"] = value
    return out


def _best_stat(t: Table, stats: list[str], rng: Rng) -> str:
    if t.level == "easy":
        return stats[rng.below(len(stats))]
    mine = t.student["stats"] if t.student else {}
    return max(stats, key=lambda s: (mine.get(s, -9), s))


def _chance(rng: Rng, p: float) -> bool:
    return rng.below(1000) < p * 1000


# --- the phases -----------------------------------------------------------------------------
def _setup(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    if view["phase"] in ("setup_subject", "setup_leader"):
        if t.humans:
            return None  # the table's subject and leader: the humans choose them
        choices = _of(legal, "choose_subject") or _of(legal, "choose_leader")
        return dict(rng.choice(choices)) if choices and t.me == 0 else None
    creates = _of(legal, "create_student")
    if not creates:
        return None
    books = sorted({a["playbook"] for a in creates})
    book = books[(t.me + rng.below(len(books))) % len(books)] if t.level != "strong" else books[t.me % len(books)]
    options = [a for a in creates if a["playbook"] == book and a["rival"] != t.me] or creates
    choice = dict(rng.choice(options))
    names = _texts()["names"].get(view.get("lang") or "ja") or _texts()["names"]["en"]
    choice["name"] = names[t.me % len(names)]
    return choice


def _card_says(t: Table, card: dict) -> str:
    """What a phenomenon card on the table says about the next roll: "advantage_discover" (the next
    《発見》 is made with advantage), "disadvantage_next" (the next roll with disadvantage) or ""."""
    subjects = _content().subjects
    sub = subjects.get(t.view.get("subject") or "")
    rank, option = card.get("rank"), card.get("option")
    if sub is None or card["kind"] != "phenomenon" or not isinstance(rank, int) or not isinstance(option, int):
        return ""
    if not 1 <= rank <= len(sub.phenomena) or not 0 <= option < 3:
        return ""
    words = sub.phenomena[rank - 1].options[option].get("ja", "")
    if "〔有利な判定〕" in words and "《発見》" in words:
        return "advantage_discover"
    if "〔不利な判定〕" in words:
        return "disadvantage_next"
    return ""


def _given(t: Table, move: str) -> tuple[bool, bool]:
    """(advantage, disadvantage) that a phenomenon of this scene gives this roll: the card's own
    word, honoured while no roll of the scene has used it (its next roll) — the bot uses what it was given."""
    if t.view["scene"].get("rollers", [])[:-1]:  # someone rolled in this scene before: the card was spent
        return False, False
    says = {_card_says(t, c) for c in t.here if c["kind"] == "phenomenon"}
    return move == "discover" and "advantage_discover" in says, "disadvantage_next" in says


def _modifiers(t: Table, roll: dict, legal: list[dict], rng: Rng) -> tuple[list[str], list[str]]:
    """Advantage and disadvantage the situation gives this roll (sources as the rules name them)."""
    adv: list[str] = []
    dis: list[str] = []
    move = roll["move"]
    card_adv, card_dis = _given(t, move)
    if card_adv:
        adv.append("card")  # a phenomenon that says the next 《発見》 is made with advantage
    if card_dis:
        dis.append("card")
    if t.has_here("character") and move in ("ask_around", "persuade"):
        adv.append("card")  # the supporting character met in this scene helps
    elif t.has_here("clue") and move in ("look_it_up", "sneak_in"):
        adv.append("card")
    special = _content().moves.get(move)
    if special is not None and special.playbook is not None:
        adv.append("move")  # the student's own special move: what they are good at
    if move in ("sneak_in", "chase", "look_it_up") and t.items():
        adv.insert(0, "item")  # an item the table gave this student (a note with its name on it)
    forced = bool(roll.get("hindered_by"))  # a condition the rules say hinders this roll: never waived
    may = forced or "condition" in roll["disadvantage"] or any(
        "condition" in a.get("disadvantage", ()) for a in legal if a["type"] == "set_roll_modifiers")
    if forced or (may and (t.level != "easy" or _chance(rng, 0.5))):
        dis.append("condition")  # a condition that hinders: played honestly as a disadvantage
    if t.has_here("phenomenon") and move in ("hold_on", "chase", "sneak_in") and _chance(rng, 0.5):
        dis.append("card")
    order_a, order_d = ("item", "move", "card"), ("condition", "card")
    return [s for s in order_a if s in adv], [s for s in order_d if s in dis]


def _objection_chance(t: Table) -> float:
    """How likely this bot objects to a declared 《解明》: easy and normal now and then; strong when the
    roll (2d6 − difficulty + clues used, a failure below 7) fails more often than one time in six."""
    if t.level != "strong":
        return {"easy": 0.1, "normal": 0.2}[t.level]
    margin = len(t.view.get("clues_used") or []) - t.difficulty()  # the roll fails on 2d6 < 7 - margin
    fails = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b < 7 - margin) / 36
    return 0.9 if fails > 1 / 6 else 0.05


def _roll_step(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    roll = view["roll"]
    types = {a["type"] for a in legal}
    mine = roll["roller"] == t.me
    if roll["move"] == "resolve":
        if mine and "roll_dice" in types:
            return {"type": "roll_dice"}
        if ("object" in types and roll["roller"] not in t.humans and not t.humans
                and _chance(rng, _objection_chance(t))):
            return _with_text(_first(legal, "object"), text(view, "objection", rng))
        return None  # never object to a human's 《解明》
    if roll["stage"] == "declared":
        if mine:
            # the same judgement every time this roll is looked at: seeded by the roll's situation
            fixed = Rng.from_seed(t.scene_no * 7919 + t.me * 131 + len(view.get("cards", [])) * 17
                                  + sum(map(ord, roll["move"])))
            adv, dis = _modifiers(t, roll, legal, fixed)
            # (legal_actions lists a few presets; the rules accept any allowed subset of the sources)
            if (adv, dis) != (roll["advantage"], roll["disadvantage"]) and "roll_dice" in types:
                return {"type": "set_roll_modifiers", "advantage": adv, "disadvantage": dis}
            if t.humans and view.get("claim_open"):
                return None  # the friends at the table may still offer help before the throw
            return {"type": "roll_dice"} if "roll_dice" in types else None
        if "help" in types:
            p = {"easy": 0.25, "normal": 0.6, "strong": 1.0 if roll["move"] in SEARCH else 0.5}[t.level]
            if _chance(rng, p):
                return {"type": "help"}
        return None  # wait for the roller
    # rolled
    # a human's failed roll stays theirs to raise with a secret or accept: no reroll over it
    if "rival_reroll" in types and roll["roller"] not in t.humans and (t.level != "easy" or _chance(rng, 0.5)):
        opts = _of(legal, "rival_reroll")
        return {"type": "rival_reroll", "stat": _best_stat(t, [a["stat"] for a in opts], rng)}
    if mine:
        secrets = _of(legal, "unlock_secret")
        if secrets:
            band = roll["band"]
            want = band == "failure" and t.level != "easy" or (
                t.level == "strong" and band == "narrow" and roll["move"] in SEARCH) or (
                t.level == "easy" and band == "failure" and _chance(rng, 0.3))
            if want:
                return dict(secrets[0])
        return _first(legal, "accept_roll")
    return None


def _storyteller(t: Table) -> int | None:
    """The human a bot leaves its narrative steps to: the first one to its left (None: no human)."""
    students = t.view.get("students") or []
    humans = [h for h in t.humans if h < len(students) and students[h] is not None]
    return min(humans, key=lambda h: (h - t.me) % t.players) if humans else None


def _task_step(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    types = {a["type"] for a in legal}
    task = view["tasks"][0]
    human = _storyteller(t)
    if human is not None and task["seat"] == t.me and task["kind"] in PASSABLE_STEPS and not task.get("passed"):
        return {"type": "pass_step", "seat": human}  # a new place, its atmosphere, a card's story: the humans'
    if "answer_atmosphere" in types:  # this bot's own duty
        return _with_text(_first(legal, "answer_atmosphere"), text(view, "atmosphere", rng))
    if "draw_card" in types:
        return {"type": "draw_card"}
    if "invent" in types and not t.humans and _chance(rng, {"easy": 0.05, "normal": 0.12, "strong": 0.08}[t.level]):
        task = view["tasks"][0]
        key = INVENT_KEY[task.get("suit", "clubs")]  # a text of the card's own kind
        return _with_text(_first(legal, "invent"), text(view, key, rng))
    if "choose_option" in types:
        return dict(rng.choice(_of(legal, "choose_option")))
    if "redraw" in types and (_chance(rng, 0.1) or "accept_card" not in types):
        return {"type": "redraw"}
    if "accept_card" in types:
        return {"type": "accept_card"}
    if "accept_condition" in types:
        return {"type": "accept_condition"}  # the table proposed it
    if "take_condition" in types:
        if t.humans and view.get("claim_open"):
            return None  # a condition nobody named is the table's choice: wait for a proposal
        named = [a for a in _of(legal, "take_condition") if "condition" in a]
        return dict(rng.choice(named))
    if "clear_condition" in types:
        return _first(legal, "clear_condition")
    if "unlock_secret" in types:
        return _first(legal, "unlock_secret")
    return None


def _move_weights(t: Table, legal: list[dict]) -> dict[tuple[str, str], float]:
    """How much each possible roll/use is worth now (normal and strong judgement)."""
    view = t.view
    content = _content()
    st = t.student
    conds = len(st["conditions"]) if st else 0
    searched = view["location"] in view["clue_locations"]
    new_places = [r for r in view["public"] if r not in view["visited"]]
    out: dict[tuple[str, str], float] = {}
    for a in legal:
        if a["type"] == "declare_roll":
            mid = a["move"]
            move = content.moves.get(mid)
            w = 1.0
            if mid == "discover":
                w = 0.0 if searched else 4.0
                if st and st["advantage_next"]:
                    w += 2.0
            elif mid == "ask_around":
                w = 0.3 if t.has_here("character") else 1.4
            elif mid == "look_it_up":
                w = 0.3 if st and st["advantage_next"] else 1.0
            elif mid in ("sneak_in", "chase"):
                w = 1.6 if not new_places else 0.6
            elif mid == "persuade":
                w = 1.5 if t.has_here("character") else 0.3
            elif mid == "hold_on":
                w = 1.2 if t.has_here("phenomenon") else 0.4
            elif mid == "take_a_breath":
                w = 2.0 * conds if conds else 0.1
            elif move is not None and move.playbook is not None:
                w = 1.6
                if any(e.do == "draw_clue" for o in move.outcomes.values() for e in o.effects) and searched:
                    w = 0.6
            out[(mid, a["stat"])] = w
        elif a["type"] == "use_move":
            out[(a["move"], "")] = 1.2
    return out


def _investigate(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    types = {a["type"] for a in legal}
    scene = view["scene"]
    enough = len(t.clues) >= t.clue_target() or scene["number"] >= min(view["max_scenes"], SCENE_TARGET[t.level])
    capped = scene["number"] >= view["max_scenes"] and not view.get("claim_open")
    if "begin_resolution" in types and (capped or (enough and not t.humans)):
        # the leader's call: with humans seated a bot leader moves on only when the scene limit leaves
        # nothing else to do (the humans decide when they have investigated enough)
        return {"type": "begin_resolution"}
    link = _first(legal, "link_cards")
    if link and t.level != "easy":
        return link
    if (not t.humans and "add_note" in types and not t.items() and t.has_here("character")
            and _chance(rng, {"easy": 0.05, "normal": 0.15, "strong": 0.3}[t.level])):
        note = _with_text(_first(legal, "add_note"), text(view, "item", rng))
        note["holder"] = t.me  # the supporting character met here lends the student something
        return note
    rollers = scene.get("rollers", [])
    # pacing: with humans a bot rolls once per scene; at an all-bot table twice, and the scene moves on
    mine = rollers.count(t.me)
    may_roll = not scene["closed"] and (mine < 1 if t.humans else (mine < 2 and len(rollers) <= t.players + 1))
    if t.humans and view.get("claim_open"):
        may_roll = False  # the humans' window on this roll is open: they go first
    if may_roll and t.student and not t.student["left"]:
        if "call_character" in types and not t.has_here("character") and _chance(
                rng, {"easy": 0.05, "normal": 0.12, "strong": 0.1}[t.level]):
            return {"type": "call_character"}
        rolls = [a for a in legal if a["type"] in ("declare_roll", "use_move")]
        if rolls:
            pick = _pick_move(t, rolls, rng)
            if pick is not None:
                return pick
    if t.humans:
        return None  # moving the group to a new scene is the humans' call
    unvisited = [a for a in _of(legal, "move") if a["location"] not in view["visited"]]
    if unvisited:
        return dict(rng.choice(unvisited) if t.level == "easy" else unvisited[0])
    draw = _first(legal, "draw_location")
    if draw:
        return draw
    moves = _of(legal, "move")
    if moves and scene["closed"]:
        return dict(rng.choice(moves))
    if moves and _chance(rng, 0.3):
        return dict(rng.choice(moves))
    return None


def _does(mid: str) -> set[str]:
    """What a move can do for the table: the effects of its success (a roll) or its effects (a trigger)."""
    move = _content().moves.get(mid)
    if move is None:
        return set()
    if move.kind == "trigger":
        return {e.do for e in move.effects}
    return {e.do for band in ("great", "success") if band in move.outcomes for e in move.outcomes[band].effects}


def _strong_pick(t: Table, rolls: list[dict], rng: Rng) -> dict | None:
    """Strong's plan for its roll in a scene, using the whole playbook: calm down when conditions pile up;
    before the search, build advantage (a trigger that gives it, else the best builder roll — 《踏みとどまる》,
    《調べる》, 《説得》, a special move — when the search stat is weak); search with the best clue-drawing move
    (《発見》 or a special move, the better stat; ties by lot); after the search, an extra clue, people to
    meet, places to open, a new phenomenon, or advantage for the next scene."""
    view, st = t.view, t.student
    mine = st["stats"] if st else {}
    searched = view["location"] in view["clue_locations"]
    by_move: dict[str, list[dict]] = {}
    for a in rolls:
        by_move.setdefault(a["move"], []).append(a)

    def value(mid: str) -> int:  # the best stat this move rolls with (a trigger rolls nothing: 9)
        return max((mine.get(a.get("stat", ""), -9) for a in by_move[mid]), default=9) if "stat" in by_move[mid][0] \
            else 9

    def best(mids: list[str]) -> dict | None:
        if not mids:
            return None
        top = max(value(m) for m in mids)
        mid = sorted(m for m in mids if value(m) == top)[rng.below(sum(1 for m in mids if value(m) == top))]
        options = by_move[mid]
        if options[0]["type"] == "use_move":
            return dict(options[0])
        return {"type": "declare_roll", "move": mid, "stat": _best_stat(t, [a["stat"] for a in options], rng)}

    def having(effect: str, trigger: bool | None = None) -> list[str]:
        return [m for m in by_move if effect in _does(m)
                and (trigger is None or (by_move[m][0]["type"] == "use_move") == trigger)]

    adv_next = bool(st and st["advantage_next"])
    if st and len(st["conditions"]) >= 2 and having("clear_condition"):
        return best(having("clear_condition", True)) or best(having("clear_condition"))
    if not searched:
        clue_moves = having("draw_clue", False)
        if not adv_next:
            if having("advantage_next", True):
                return best(having("advantage_next", True))
            search_stat = max((value(m) for m in clue_moves), default=-9)
            builders = [m for m in having("advantage_next", False) if m not in clue_moves and value(m) >= search_stat]
            if search_stat <= 1 and builders:
                return best(builders)
        return best(clue_moves)
    for effect, wanted in (("draw_clue", True), ("call_character", not t.has_here("character")),
                           ("reveal_location", not [r for r in view["public"] if r not in view["visited"]]),
                           ("draw_phenomenon", True), ("advantage_next", not adv_next)):
        if wanted and having(effect, True if effect in ("draw_clue", "draw_phenomenon") else None):
            return best(having(effect, True if effect in ("draw_clue", "draw_phenomenon") else None))
    return None


def _pick_move(t: Table, rolls: list[dict], rng: Rng) -> dict | None:
    if t.level == "easy":
        a = dict(rng.choice(rolls))
        return a
    if t.level == "strong":
        return _strong_pick(t, rolls, rng)
    weights = _move_weights(t, rolls)
    if t.level == "strong":
        st = t.student
        searched = t.view["location"] in t.view["clue_locations"]
        # build advantage before the search when the student is weak at searching
        if not searched and st and not st["advantage_next"] and max(st["stats"].values()) <= 1:
            for key in weights:
                if key[0] in ("look_it_up", "persuade"):
                    weights[key] += 3.0
        best = max(weights.values(), default=0.0)
        if best <= 0.5:
            return None
        keys = [k for k, w in weights.items() if w >= best - 1e-9]
        mid, _ = keys[rng.below(len(keys))]
    else:
        total = sum(weights.values())
        if total <= 0:
            return None
        x = rng.below(10_000) / 10_000 * total
        mid = None
        for (m, _), w in weights.items():
            x -= w
            if x < 0:
                mid = m
                break
        if mid is None:
            mid = next(iter(weights))[0]
    options = [a for a in rolls if a["move"] == mid]
    if options[0]["type"] == "use_move":
        return dict(options[0])
    stat = _best_stat(t, [a["stat"] for a in options], rng)
    return {"type": "declare_roll", "move": mid, "stat": stat}


def _introduction(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    if t.humans:  # the introduction is the humans' story: one suggestion note at most
        if "add_note" in {a["type"] for a in legal} and not t.bot_notes_here() and any(
                not a.strip() for a in view["answers"]):
            return _with_text(_first(legal, "add_note"), text(view, "suggest_answer", rng))
        return None
    for a in _of(legal, "answer_question"):
        if not view["answers"][a["index"]].strip():  # only ever fill an empty answer
            return _with_text(a, text(view, "answer", rng))
    return _first(legal, "draw_location", "move")


def _resolution(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    view = t.view
    types = {a["type"] for a in legal}
    clues = len(view["clues_used"])
    if t.humans:  # title, deduction and 《解明》 are the humans': a suggestion note at most
        if "add_note" in types and not t.bot_notes_here():
            if not view["title"].strip():
                return _with_text(_first(legal, "add_note"),
                                  text(view, "suggest_title", rng, title=text(view, "title", rng)))
            if not view["deduction"].strip():
                return _with_text(_first(legal, "add_note"),
                                  text(view, "suggest_deduction", rng, clues=max(clues, len(t.clues))))
        return None
    if not view["title"].strip() and "set_title" in types:
        return _with_text(_first(legal, "set_title"), text(view, "title", rng))
    uses = [a for a in _of(legal, "use_clue") if a["used"]]
    if uses and (t.level != "easy" or clues < 2):
        return dict(uses[0])
    if not view["deduction"].strip() and "set_deduction" in types:
        return _with_text(_first(legal, "set_deduction"),
                          text(view, "deduction", rng, clues=clues))
    if "declare_resolve" in types and view["leader"] == t.me:
        return {"type": "declare_resolve"}
    return None


def _idle(t: Table, legal: list[dict], rng: Rng) -> dict | None:
    """Nothing useful to do. With humans (or a pending step/roll) wait (None); at an all-bot table
    put the newest card back where it is, so that some bot always acts and the table never stalls."""
    view = t.view
    if t.humans or view.get("roll") is not None or view.get("tasks"):
        return None
    cards = {c["id"]: c for c in view.get("cards", [])}
    for a in _of(legal, "move_card"):
        card = cards.get(a["card"])
        if card:
            return {"type": "move_card", "card": card["id"], "x": card["x"], "y": card["y"]}
    safe = [a for a in legal if a["type"] not in ("add_note", "edit_card", "answer_question", "set_title",
                                                  "set_deduction", "object", "invent", "set_tone",
                                                  "give_condition")]
    return dict(rng.choice(safe)) if safe else None


def play(view: dict, legal: list[dict], rng: Rng, level: str) -> dict | None:
    """One decision of a ``level`` bot (None: wait for someone else)."""
    if not legal:
        return None
    t = Table(view, level)
    phase = view["phase"]
    if phase.startswith("setup"):
        return _setup(t, legal, rng)
    if view.get("roll") is not None:
        return _roll_step(t, legal, rng)
    if view.get("tasks"):
        return _task_step(t, legal, rng)
    if phase == "introduction":
        choice = _introduction(t, legal, rng)
    elif phase == "investigation":
        choice = _investigate(t, legal, rng)
    elif phase == "resolution":
        choice = _resolution(t, legal, rng)
    else:
        choice = None
    return choice if choice is not None else _idle(t, legal, rng)


def easy_bot(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    return play(view, legal, rng, "easy")


def normal_bot(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    return play(view, legal, rng, "normal")


def strong_bot(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    return play(view, legal, rng, "strong")


def random_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    """Any legal action, uniformly (texts are the rules' placeholder)."""
    return dict(rng.choice(legal))


BOTS: dict[str, Any] = {"easy": easy_bot, "normal": normal_bot, "strong": strong_bot, "random": random_bot,
                        "sensible": normal_bot}
