"""Texts of the school_mystery table: content look-ups (moves, playbooks, subjects, cards) in the
UI language, and one log line per event. The state holds ids; the texts live in the content.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.kit import theme
from client.kit.stephelp import StepHelp, join_names, sentence
from shared.games.school_mystery import describe

SUITS = ("hearts", "diamonds", "spades", "clubs")
SUIT_KIND = {"hearts": "location", "diamonds": "phenomenon", "spades": "character", "clubs": "clue"}
KIND_SUIT = {v: k for k, v in SUIT_KIND.items()}
SUIT_SYMBOL = {"hearts": "heart", "diamonds": "diamond", "spades": "spade", "clubs": "club"}
SUIT_CHAR = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
# suit colours (always with the symbol): library red, classroom amber, sports ground blue, garden green
SUIT_COLOUR = theme.SM_SUITS
NOTE_COLOUR = theme.SM_NOTE
# log lines taken from the rules package's describe.py: an answered question shows its answer; the
# table has no lines of its own for the shared headline, deduction and tone (never "your_secret":
# the log is on a shared screen)
DESCRIBED = ("question_answered", "title_set", "deduction_set", "tone_set", "claim_passed", "condition_proposed")
BAND_COLOUR = theme.SM_BANDS


class SmTexts:
    """Look-ups into the school_mystery content for one table (language from ``ctx.lang``)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.content = ctx.content("school_mystery")

    # --- basics -----------------------------------------------------------------------
    def tr(self, text: dict[str, str] | None) -> str:
        if not text:
            return ""
        return text.get(self.ctx.lang) or text.get("en") or next(iter(text.values()), "")

    def ui(self, key: str, **params: Any) -> str:
        text = self.tr(self.content.ui.get(key)) if self.content is not None else ""
        if not text:
            return self.ctx.t("sm." + key, **params)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def t(self, key: str, **params: Any) -> str:
        return self.ctx.t("sm." + key, **params)

    def paren(self, s: str) -> str:
        """An aside in brackets: full-width for Japanese and Chinese, " (…)" for English."""
        return f" ({s})" if self.ctx.lang == "en" else f"（{s}）"

    # --- names ------------------------------------------------------------------------
    def seat_name(self, view: dict, seat: int | None) -> str:
        if seat is None:
            return ""
        students = view.get("students") or []
        if 0 <= seat < len(students) and students[seat]:
            return students[seat]["name"]
        return self.ctx.seat_name(seat)

    def join(self, items: list[str]) -> str:
        """A list in the table's language: "A、B" in Japanese and Chinese, "A, B" in English."""
        return join_names(self.ctx.lang, items)

    def stat_name(self, sid: str | None) -> str:
        for s in self.content.stats:
            if s.id == sid:
                return self.tr(s.name)
        return sid or ""

    def stat_ids(self) -> list[str]:
        return [s.id for s in self.content.stats]

    def move(self, mid: str) -> Any:
        return self.content.moves.get(mid)

    def move_name(self, mid: str | None) -> str:
        m = self.content.moves.get(mid) if mid else None
        return self.tr(m.name) if m else (mid or "")

    def playbook(self, pid: str | None) -> Any:
        return self.content.playbooks.get(pid) if pid else None

    def playbook_name(self, pid: str | None) -> str:
        p = self.playbook(pid)
        return self.tr(p.name) if p else (pid or "")

    def secret_text(self, pid: str | None, sid: str) -> str:
        p = self.playbook(pid)
        for s in (p.secrets if p else ()):
            if s.id == sid:
                return self.tr(s.text)
        return sid

    def condition_name(self, cond: dict | None) -> str:
        if not cond:
            return ""
        if cond.get("id"):
            c = self.content.conditions.get(cond["id"])
            return self.tr(c.name) if c else cond["id"]
        return cond.get("text", "")

    def subject(self, sid: str | None) -> Any:
        return self.content.subjects.get(sid) if sid else None

    def subject_title(self, sid: str | None) -> str:
        s = self.subject(sid)
        return self.tr(s.title) if s else ""

    def location(self, view: dict, rank: int | None) -> Any:
        s = self.subject(view.get("subject"))
        if s is None or not isinstance(rank, int) or not 1 <= rank <= len(s.locations):
            return None
        return s.locations[rank - 1]

    def location_name(self, view: dict, rank: int | None) -> str:
        if isinstance(rank, int) and rank > 10:  # a place the players invented
            for c in view.get("custom_locations") or []:
                if c.get("id") == rank:
                    return c.get("name", "")
            return ""
        loc = self.location(view, rank)
        return self.tr(loc.name) if loc else ""

    def band(self, band: str | None) -> str:
        return self.ui(f"band_{band}") if band else ""

    def weekday(self, wd: str) -> str:
        return self.ui(f"weekday_{wd}")

    # --- drawn cards -----------------------------------------------------------------
    def drawn(self, view: dict, suit: str, rank: int) -> dict[str, Any]:
        """Texts of a drawn card: name, description, hint/question, options (3) where the suit has them."""
        s = self.subject(view.get("subject"))
        out: dict[str, Any] = {"name": "", "description": "", "extra": "", "options": []}
        if s is None or not isinstance(rank, int) or not 1 <= rank <= 10:
            return out
        if suit == "hearts":
            loc = s.locations[rank - 1]
            out.update(name=self.tr(loc.name), description=self.tr(loc.description), extra=self.tr(loc.atmosphere))
        elif suit == "spades":
            ch = s.characters[rank - 1]
            out.update(name=self.tr(ch.name), description=self.tr(ch.description), extra=self.tr(ch.hint))
        elif suit == "diamonds":
            out["options"] = [self.tr(o) for o in s.phenomena[rank - 1].options]
        elif suit == "clubs":
            out["options"] = [self.tr(o) for o in s.clues[rank - 1].options]
        return out

    # --- information cards --------------------------------------------------------------
    def card_title(self, view: dict, card: dict) -> str:
        kind = card.get("kind")
        rank = card.get("rank")
        if kind == "location" and rank:
            return self.location_name(view, rank)
        if kind == "character" and rank:
            return self.drawn(view, "spades", rank)["name"]
        return self.ui(f"kind_{kind}")

    def card_body(self, view: dict, card: dict) -> str:
        """The text shown on an information card: the players' text, else the drawn option/description."""
        return card.get("text") or self.card_base_text(view, card)

    def card_base_text(self, view: dict, card: dict) -> str:
        """The drawn text under the players' words (shown small when they wrote their own)."""
        kind, rank, option = card.get("kind"), card.get("rank"), card.get("option")
        if kind in ("phenomenon", "clue") and rank and isinstance(option, int):
            opts = self.drawn(view, "diamonds" if kind == "phenomenon" else "clubs", rank)["options"]
            return opts[option] if 0 <= option < len(opts) else ""
        if kind == "character" and rank:
            return self.drawn(view, "spades", rank)["description"]
        if kind == "location" and rank:
            loc = self.location(view, rank)
            return self.tr(loc.description) if loc else ""
        return ""

    # --- the log -------------------------------------------------------------------------
    def event_line(self, view: dict, ev: dict) -> str | None:
        """One log line for an event (None: not logged).

        The table's own lines name who acted and keep card texts short; the rules package's
        ``describe.event_text`` (same three languages) is used where it says more (an answered
        question's answer) and for events the table has no line of its own (headline, deduction).
        """
        k = ev.get("type")
        if k in DESCRIBED and self.content is not None:
            return describe.event_text(ev, view, self.content, self.ctx.lang) or self._own_line(view, ev)
        return self._own_line(view, ev)

    def _own_line(self, view: dict, ev: dict) -> str | None:
        k = ev.get("type")
        name = self.seat_name(view, ev.get("seat")) if isinstance(ev.get("seat"), int) else ""
        t = self.t
        if k == "subject_chosen":
            return t("log_subject", title=self.subject_title(ev.get("subject")))
        if k == "leader_chosen":
            return t("log_leader", name=self.seat_name(view, ev.get("seat")))
        if k == "student_created":
            return t("log_student", name=ev.get("name", ""), playbook=self.playbook_name(ev.get("playbook")))
        if k == "phase":
            return self.ui(f"phase_{ev.get('phase')}")
        if k == "scene_started":
            cal = ev.get("calendar") or {}
            return t("log_scene", n=ev.get("scene"), place=self.location_name(view, ev.get("location")),
                     day=self.ui("day", n=cal.get("day", 1)))
        if k == "day_passed":
            return t("log_day", day=self.ui("day", n=ev.get("day")), weekday=self.weekday(ev.get("weekday", "mon")))
        if k == "card_drawn":
            suit = ev.get("suit", "")
            return t("log_drawn", name=name, suit=self.ui(f"suit_{suit}"), rank=ev.get("card"))
        if k == "card_discarded":
            return t("log_discarded", name=name, suit=self.ui(f"suit_{ev.get('suit')}"), rank=ev.get("card"))
        if k == "deck_reshuffled":
            return t("log_reshuffled", suit=self.ui(f"suit_{ev.get('suit')}"))
        if k == "deck_empty":
            return self.ui("deck_empty")
        if k == "info_card":
            card = ev.get("card") or {}
            title = self.card_title(view, card)
            body = self.card_body(view, card)
            kind = self.ui(f"kind_{card.get('kind')}")
            text = title if title != kind else body
            return t("log_card", name=self.seat_name(view, card.get("by")), kind=kind, text=" ".join(text.split()))  # whole: the log wraps
        if k == "location_invented":
            return t("log_invented", name=name, place=ev.get("name", ""))
        if k == "location_public":
            return t("log_public", place=self.location_name(view, ev.get("location")))
        if k == "scene_closed":
            return self.ui("scene_closed")
        if k == "clue_limit":
            return self.ui("clue_limit")
        if k == "condition_gained":
            return t("log_condition", name=name, condition=self.condition_name(ev.get("condition")))
        if k == "condition_blocked":
            return self.ui("fourth_condition")
        if k == "condition_cleared":
            return t("log_condition_cleared", name=name, condition=self.condition_name(ev.get("condition")))
        if k == "secret_unlocked":
            return t("log_secret", name=name, n=ev.get("count"))
        if k == "student_left":
            return self.ui("student_left", name=name)
        if k == "character_called":
            return t("log_call", name=name, duty=self.seat_name(view, ev.get("duty")))
        if k == "roll_declared" and ev.get("move") == "resolve":
            return t("log_declared_resolve", name=name, n=ev.get("clues", 0))
        if k == "roll_declared":
            return t("log_declared", name=name, move=self.move_name(ev.get("move")),
                     stat=self.stat_name(ev.get("stat")) if ev.get("stat") else "—")
        if k == "move_used":
            return t("log_move_used", name=name, move=self.move_name(ev.get("move")))
        if k == "roll_modifiers":
            srcs = [self.t(f"src_adv_{x}") for x in ev.get("advantage") or []]
            srcs += [self.t(f"src_dis_{x}") for x in ev.get("disadvantage") or []]
            return t("log_modifiers", name=name, sources=self.join(srcs) if srcs else "—")
        if k == "help":
            return self.ui("help_declared", name=self.seat_name(view, ev.get("helper")))
        if k == "roll_cancelled":
            return t("log_cancelled", name=name)
        if k == "dice_rolled":
            return self.dice_line(view, ev)
        if k == "band_raised":
            return t("log_raised", name=name, band=self.band(ev.get("to")))
        if k == "roll_resolved":
            return t("log_resolved", name=name, move=self.move_name(ev.get("move")), band=self.band(ev.get("band")))
        if k == "objection":
            return t("log_objection", name=name, outcome=t(f"objection_{ev.get('outcome')}"))
        if k == "resolved":
            return t("log_truth") if ev.get("truth") else t("log_unknown")
        if k == "question_answered":
            return t("log_answer", name=name, n=int(ev.get("index", 0)) + 1)
        if k == "cards_linked":
            return t("log_linked", name=name)
        return None

    def dice_line(self, view: dict, ev: dict) -> str:
        dice = ev.get("dice") or []
        dropped = ev.get("dropped")
        faces = " ".join(f"[{d}]" if i != dropped else f"({d})" for i, d in enumerate(dice))
        name = self.seat_name(view, ev.get("seat"))
        parts = [faces]
        if ev.get("reason") == "resolve":
            parts.append(f"−{ev.get('difficulty', 0)} +{ev.get('clues', 0)}")
        else:
            if ev.get("stat"):
                parts.append(f"{self.stat_name(ev.get('stat'))} {int(ev.get('stat_value', 0)):+d}")
            if ev.get("help"):
                parts.append(f"+{ev['help']}")
        return self.t("log_dice", name=name, move=self.move_name(ev.get("move")), detail=" ".join(parts),
                      total=ev.get("total"), band=self.band(ev.get("band")))


# --- step help (the line under the table: client.kit.stephelp) -------------------------------------
def step_help(view: dict[str, Any], legal: list[dict[str, Any]], seat: int | None, ctx: Any) -> StepHelp:
    """Who acts now, what ``seat`` may do, and why a 《move》 is not possible — from the shown view and legal."""
    t, tx = ctx.t, SmTexts(ctx)
    types = {a.get("type") for a in legal}

    def name(s: Any) -> str:
        return tx.seat_name(view, s) if isinstance(s, int) else ""

    phase = view.get("phase")
    if phase == "over":
        return StepHelp(t("step.over"), t("step.over_may"), terms=("article",))
    if phase in ("setup_subject", "setup_leader"):
        key = "subject" if phase == "setup_subject" else "leader"
        mine = f"choose_{key}" in types
        return StepHelp(t(f"step.sm.setup_{key}", name=name(seat if mine and seat is not None else 0)),
                        t(f"step.sm.{key}_may") if mine else "",
                        terms=("leader",) if key == "leader" else (), mine=mine)
    if phase == "setup_students":
        missing = [i for i, s in enumerate(view.get("students") or []) if s is None and i != seat]
        wait = t("step.sm.students_wait", names=join_names(ctx.lang, [name(i) for i in missing])) if missing else ""
        if "create_student" in types:
            return StepHelp(t("step.your_turn"), t("step.sm.students_may"), wait, terms=("playbook", "rival"),
                            mine=True)
        return StepHelp(wait or t("step.watching"), terms=("playbook",))
    roll = view.get("roll")
    if roll is not None:
        return _roll_help(roll, types, name, t)
    tasks = view.get("tasks") or []
    if tasks:
        task = tasks[0]
        who, kind = task.get("seat"), str(task.get("kind"))
        mine = bool(types) and who == seat
        key = f"step.sm.task_{kind}"
        may = t(key, suit=SUIT_CHAR.get(str(task.get("suit")), ""))
        may = may if may != key else t("step.sm.task_may")  # a kind without its own line: the dialog says
        term = {"draw": "duty", "pick": "duty", "condition": "condition", "clear": "condition",
                "secret": "secret"}.get(kind)
        if kind == "condition" and not mine and "propose_condition" in types:  # the table chooses it
            return StepHelp(t("step.sm.task", name=name(who)), t("step.sm.condition_propose_may", name=name(who)),
                            terms=("condition",), mine=False)
        return StepHelp(t("step.your_turn") if mine else t("step.sm.task", name=name(who)), may if mine else "",
                        terms=(term,) if term else (), mine=mine)
    if phase == "introduction":
        return StepHelp(t("step.sm.intro"), t("step.sm.intro_may"), terms=("scene", "duty"), mine=bool(types))
    if phase == "resolution":
        return StepHelp(t("step.sm.resolution"), t("step.sm.resolution_may"), terms=("clue", "leader"),
                        mine=bool(types))
    scene = view.get("scene") or {}
    who = t("step.sm.scene", n=scene.get("number", 0))
    extra = t("step.sm.leader_may_end") if "begin_resolution" in types else ""
    if "draw_location" in types:
        return StepHelp(who, t("step.sm.duty_draw"), extra, terms=("duty", "scene"), mine=True)
    if "declare_roll" in types or "use_move" in types:
        return StepHelp(who, t("step.sm.scene_may"), extra, terms=("moves", "condition", "scene"), mine=True)
    if scene.get("closed"):
        why = t("step.sm.scene_closed_why")
    elif seat is not None and types:
        why = t("step.sm.not_here_why")
    else:
        why = ""
    may = sentence(ctx.lang, t("step.sm.notes_may"), extra) if types else t("step.look")
    return StepHelp(who, may, why, terms=("moves", "clue", "scene"), mine="begin_resolution" in types)


def _roll_help(roll: dict[str, Any], types: set[Any], name: Any, t: Any) -> StepHelp:
    """A roll is on the table: the roller's next step, a friend's help, a rival's reroll."""
    who = roll.get("roller")
    if roll.get("stage") == "declared":
        if "roll_dice" in types:
            return StepHelp(t("step.your_turn"), t("step.sm.roll_may"), terms=("roll", "advantage"), mine=True)
        may = t("step.sm.help_may") if "help" in types else t("step.sm.objection_may") if "object" in types else ""
        return StepHelp(t("step.sm.roll_declared", name=name(who)), may, terms=("roll", "friend_help"),
                        mine=bool(may))
    if "accept_roll" in types:
        may = t("step.sm.accept_may") if "unlock_secret" in types else t("step.sm.accept_only")
        return StepHelp(t("step.your_turn"), may, terms=("roll", "secret"), mine=True)
    if "rival_reroll" in types:
        return StepHelp(t("step.sm.roll_rolled", name=name(who)), t("step.sm.rival_may"), terms=("rival", "roll"),
                        mine=True)
    return StepHelp(t("step.sm.roll_rolled", name=name(who)), terms=("roll",))


def duty_now(view: Mapping[str, Any]) -> dict[str, int]:
    """Who draws from each deck now: the seat of a pending draw step of that suit (a step can be passed to
    another player); in a calm investigation the ♥ deck's next card is the coming scene's location, drawn
    by that scene's ♥ duty; else the scene's duty holder."""
    duty = {s: seat for s, seat in ((view.get("scene") or {}).get("duty") or {}).items()
            if isinstance(seat, int) and not isinstance(seat, bool)}
    if view.get("roll") is not None:
        return duty
    tasks = view.get("tasks") or []
    for task in tasks:
        if task.get("kind") == "draw" and task.get("suit") in SUITS and isinstance(task.get("seat"), int):
            duty[str(task["suit"])] = int(task["seat"])
            break  # only the first step is pending now
    coming = (view.get("coming_duty") or {}).get("hearts")
    if not tasks and view.get("phase") == "investigation" and isinstance(coming, int):
        duty["hearts"] = coming
    return duty


def deck_refusal(view: dict[str, Any], suit: str, seat: int | None, ctx: Any) -> str:
    """Why ``seat`` cannot draw from ``suit``'s deck now: whose duty it is, or when cards are drawn."""
    tx = SmTexts(ctx)
    symbol = SUIT_CHAR.get(suit, "")
    task = next((t for t in view.get("tasks") or [] if t.get("kind") == "draw" and t.get("suit") == suit), None)
    if task is not None and task.get("seat") != seat:
        return ctx.t("step.sm.deck_not_yours", suit=symbol, name=tx.seat_name(view, task.get("seat")))
    holder = duty_now(view).get(suit)  # the ♥ deck in a calm scene: the coming scene's ♥ duty draws
    if task is None and suit == "hearts" and view.get("phase") == "investigation" and not view.get("tasks") \
            and view.get("roll") is None and isinstance(holder, int) and holder != seat:
        return ctx.t("step.sm.deck_not_yours", suit=symbol, name=tx.seat_name(view, holder))
    return ctx.t("step.sm.deck_not_now", suit=symbol)
