"""Bots for school_mystery: ``random`` (any legal action) and ``sensible`` (plays a whole session).

A bot sees only its seat's view and its legal actions. The sensible bot creates a
student with its best array, answers questions and atmospheres with short texts,
moves on to new places, rolls 《発見》 with its best stat, accepts cards, links and
uses its clues, and moves to the resolution after enough clues or scenes.
"""
from __future__ import annotations

from typing import Any

from shared.rng import Rng

ENOUGH_CLUES = 4
ENOUGH_SCENES = 10
BOT_TEXT = {
    "name": "ボット", "answer": "みんなで話し合って決めた。", "atmosphere": "放課後の光が差しこんでいる。",
    "condition": "", "invent": "", "deduction": "手がかりをつなぐと、ひとつの答えが見えてきた。",
    "title": "放課後の謎を追え", "objection": "その手がかりだけでは言い切れない。",
}


def random_bot(view: dict, legal: list[dict], rng: Rng) -> dict:
    """Any legal action, uniformly."""
    return dict(rng.choice(legal))


def _of(legal: list[dict], kind: str) -> list[dict]:
    return [a for a in legal if a["type"] == kind]


def _first(legal: list[dict], *kinds: str) -> dict | None:
    for kind in kinds:
        found = _of(legal, kind)
        if found:
            return dict(found[0])
    return None


def _with_text(action: dict, text: str) -> dict:
    action = dict(action)
    action["text"] = text
    return action


def _best_stat(view: dict, seat: int, stats: list[str]) -> str:
    mine = view["students"][seat]["stats"]
    return max(stats, key=lambda s: (mine.get(s, -9), s))


def _create(view: dict, legal: list[dict], seat: int) -> dict:
    options = _of(legal, "create_student")
    rival = (seat + 1) % view["players"]
    best = [a for a in options if a["rival"] == rival] or options
    choice = dict(best[seat % len(best)])
    choice["name"] = f"{BOT_TEXT['name']}{seat + 1}"
    return choice


def _investigate(view: dict, legal: list[dict], seat: int, rng: Rng) -> dict:
    clues = [c for c in view["cards"] if c["kind"] == "clue"]
    scene = view["scene"]
    if _of(legal, "begin_resolution") and (len(clues) >= ENOUGH_CLUES or scene["number"] >= ENOUGH_SCENES
                                            or scene["number"] >= view["max_scenes"]):
        return {"type": "begin_resolution"}
    link = _first(legal, "link_cards")
    if link:
        return link
    if not scene["closed"] and view["location"] not in view["clue_locations"]:
        rolls = [a for a in _of(legal, "declare_roll") if a["move"] == "discover"]
        if rolls:
            stats = [a["stat"] for a in rolls]
            best = _best_stat(view, seat, stats)
            return {"type": "declare_roll", "move": "discover", "stat": best}
    unvisited = [a for a in _of(legal, "move") if a["location"] not in view["visited"]]
    if unvisited:
        return dict(unvisited[0])
    draw = _first(legal, "draw_location")
    if draw:
        return draw
    moves = _of(legal, "move")
    if moves:
        return dict(rng.choice(moves))
    return None  # type: ignore[return-value]


def sensible_bot(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    """A reasonable player for every phase; falls back to a random legal action."""
    seat = view["you"]
    types = {a["type"] for a in legal}
    phase = view["phase"]
    if phase == "setup_subject":
        subjects = _of(legal, "choose_subject")
        return dict(rng.choice(subjects)) if subjects else random_bot(view, legal, rng)
    if phase == "setup_leader":
        return _first(legal, "choose_leader") or random_bot(view, legal, rng)
    if phase == "setup_students":
        if "create_student" in types:
            return _create(view, legal, seat)
        return random_bot(view, legal, rng)
    roll = view["roll"]
    if roll is not None:
        if roll["move"] == "resolve":
            if "roll_dice" in types:
                return {"type": "roll_dice"}
            return _with_text(dict(legal[0]), BOT_TEXT["objection"]) if "object" in types else dict(legal[0])
        if roll["stage"] == "declared":
            return _first(legal, "roll_dice", "help")  # None: wait for the roller
        if "rival_reroll" in types:
            opts = _of(legal, "rival_reroll")
            best = _best_stat(view, seat, [a["stat"] for a in opts])
            return {"type": "rival_reroll", "stat": best}
        if "unlock_secret" in types and roll["band"] == "failure" and roll["roller"] == seat:
            return _first(legal, "unlock_secret")  # type: ignore[return-value]
        return _first(legal, "accept_roll")  # None: the roll is someone else's
    for kind, text in (("answer_atmosphere", BOT_TEXT["atmosphere"]),):
        if kind in types:
            return _with_text(_first(legal, kind), text)  # type: ignore[arg-type]
    if "draw_card" in types:
        return {"type": "draw_card"}
    if "choose_option" in types:
        return dict(rng.choice(_of(legal, "choose_option")))
    if "accept_card" in types:
        return {"type": "accept_card"}
    if "redraw" in types:
        return {"type": "redraw"}
    if "take_condition" in types:
        named = [a for a in _of(legal, "take_condition") if "condition" in a]
        return dict(rng.choice(named))
    if "unlock_secret" in types:
        return _first(legal, "unlock_secret")  # type: ignore[return-value]
    if "clear_condition" in types and view["tasks"]:
        return _first(legal, "clear_condition")  # type: ignore[return-value]
    if phase == "introduction":
        for a in _of(legal, "answer_question"):
            if not view["answers"][a["index"]].strip():
                return _with_text(a, BOT_TEXT["answer"])
        return _first(legal, "draw_location", "move") or _wait(view, legal, rng)
    if phase == "investigation":
        choice = _investigate(view, legal, seat, rng)
        if choice:
            return choice
        return _wait(view, legal, rng)
    if phase == "resolution":
        if not view["title"].strip() and "set_title" in types:
            return _with_text(_first(legal, "set_title"), BOT_TEXT["title"])  # type: ignore[arg-type]
        for a in _of(legal, "use_clue"):
            if a["used"]:
                return dict(a)
        if not view["deduction"].strip() and "set_deduction" in types:
            return _with_text(_first(legal, "set_deduction"), BOT_TEXT["deduction"])  # type: ignore[arg-type]
        if "declare_resolve" in types:
            return {"type": "declare_resolve"}
    return _wait(view, legal, rng)


def _wait(view: dict, legal: list[dict], rng: Rng) -> dict | None:
    """Nothing useful to do. While another player's step or roll is pending, wait (None).

    Otherwise (a free moment where no bot found anything useful) put the newest card
    back where it is: an idle action that changes nothing but the turn counter, so an
    all-bot table can never stall.
    """
    if view.get("roll") is not None or view.get("tasks"):
        return None
    cards = {c["id"]: c for c in view.get("cards", [])}
    for a in _of(legal, "move_card"):
        card = cards.get(a["card"])
        if card:
            return {"type": "move_card", "card": card["id"], "x": card["x"], "y": card["y"]}
    note = _first(legal, "add_note")
    if note:
        return _with_text(note, "…")
    return dict(rng.choice(legal))


BOTS: dict[str, Any] = {"random": random_bot, "sensible": sensible_bot}
