"""The mind_swap table's words: student and place names, and one log line per event.

:class:`MsTexts` joins the game content (``ctx.content("mind_swap")``: names, card actions) with
the UI strings (``ctx.t``); who a seat is comes from the table through ``player_name`` (names may
change during a game). No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.kit.stephelp import StepHelp, join_names, sentence
from client.tables import mind_swap_model as M

SILENT_EVENTS = frozenset({"piece", "cup", "drew", "end_turn"})


class MsTexts:
    """Names and event descriptions in the context's language; ``player_name(seat)`` names a seat."""

    def __init__(self, ctx: Any, player_name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.player_name = player_name
        self.content = ctx.content("mind_swap")
        self.card_actions = M.card_actions_map(self.content)

    def name(self, no: Any, short: bool = False) -> str:
        """A student's name (``short``: the short display name), "nobody" for None."""
        if no is None:
            return self.ctx.t("ms.nobody")
        if not isinstance(no, int) or isinstance(no, bool):
            return str(no)
        return M.short_name(self.content, no, self.ctx.lang) if short else M.student_name(self.content, no,
                                                                                           self.ctx.lang)

    def loc_name(self, loc: Any) -> str:
        """A place's name ("library", "other"…) in the current language."""
        return self.ctx.t(f"ms.loc.{loc}")

    def seat_name(self, seat: Any) -> str:
        return self.player_name(seat) if isinstance(seat, int) and not isinstance(seat, bool) else str(seat)

    def describe(self, ev: dict[str, Any]) -> str:
        """One log line for an event in the current language ("" = not worth a line)."""
        etype = str(ev.get("type", ""))
        if etype in SILENT_EVENTS:
            return ""
        t = self.ctx.t
        if etype == "dice":
            caption = self.dice_caption(ev) or t("ms.dice.roll")
            return t("ms.ev.dice", caption=caption, faces=" + ".join(str(f) for f in ev.get("faces") or []),
                     total=sum(int(f) for f in ev.get("faces") or []))
        if etype == "minds":
            moves = ev.get("moves") or []
            parts = [t("ms.ev.mind_move", mind=self.name(mv.get("mind"), True), to=self.name(mv.get("to"), True))
                     for mv in moves if isinstance(mv, dict)]
            return t("ms.ev.minds", moves=t("ms.list_sep").join(parts))
        if etype == "game_over":
            winners = ev.get("winners") or []
            return t("ms.ev.game_over", winners=t("ms.list_sep").join(self.seat_name(w) for w in winners))
        params: dict[str, Any] = {}
        for k, v in ev.items():
            if k in ("seat",):
                params[k] = self.seat_name(v) if v is not None else t("ms.nobody")
            elif k in ("to", "from", "loc", "at"):
                params[k] = self.loc_name(v) if v is not None else ""
            elif k == "outcome":
                params[k] = t(f"ms.outcome.{v}")
            elif k == "action":
                params[k] = t(f"ms.act.{v}")
            elif k == "card_type":  # named like the hand shows it: its action(s)
                acts = self.card_actions.get(str(v)) or (str(v),)
                params[k] = t("ms.or_sep").join(t(f"ms.act.{x}") for x in acts)
            elif k == "why":
                params[k] = t(f"ms.why.{v}")
            elif k == "kind":
                params[k] = t(f"ms.ability.{v}")
            elif k == "take":
                params[k] = ("" if v is None else t("ms.ev.take", who=t("ms.negi") if v == "negi"
                                                    else self.name(v, True)))
            elif k in ("student", "a", "b", "mind"):
                params[k] = self.name(v, True)
            elif isinstance(v, list):
                params[k] = t("ms.list_sep").join(self.name(x, True) for x in v)
            else:
                params[k] = v
        key = f"ms.ev.{etype}"
        if isinstance(ev.get("ok"), bool):
            key += ".ok" if ev["ok"] else ".fail"
        if etype == "play":
            key = f"ms.ev.play.{ev.get('action')}"
        if etype == "move":
            key = f"ms.ev.move.{ev.get('why')}" if self.ctx.t(f"ms.ev.move.{ev.get('why')}") != \
                f"ms.ev.move.{ev.get('why')}" else "ms.ev.move"
        text = t(key, **params)
        return "" if text == key else text

    def log_for(self, ev: dict[str, Any]) -> list[tuple[str, int | None]]:
        """The log line of one event, with the seat it is about (its colour bar in the log)."""
        line = self.describe(ev)
        seat = ev.get("seat")
        return [(line, seat if isinstance(seat, int) and not isinstance(seat, bool) else None)] if line else []

    def dice_caption(self, ev: dict[str, Any]) -> str:
        """What a dice roll is for ("" when the roll's purpose has no caption)."""
        why = str(ev.get("purpose") or ev.get("why") or "")
        key = f"ms.dice.{why}"
        params = {k: self.name(v, True) for k, v in ev.items() if k in ("student", "a", "b")}
        if "seat" in ev and ev["seat"] is not None:
            params["seat"] = self.seat_name(ev["seat"])
        text = self.ctx.t(key, **params)
        return "" if text == key else text


# --- step help (the line under the table: client.kit.stephelp) -------------------------------------
def step_help(view: dict[str, Any], legal: list[dict[str, Any]], seat: int | None, ctx: Any) -> StepHelp:
    """Who acts now, what ``seat`` may do, and why magic is not possible — from the shown view and legal."""
    t = ctx.t
    if view.get("phase") == "over" or view.get("result"):
        return StepHelp(t("step.over"), t("step.over_may"), terms=("restored", "pair"))
    turn = view.get("turn")
    mine = bool(legal) and seat is not None
    pending = view.get("pending") or {}
    if pending.get("kind") == "great":
        who = t("step.ms.great", name=ctx.seat_name(int(pending.get("seat", turn or 0))))
        return StepHelp(who, t("step.ms.great_may") if mine else t("step.ms.watch"), terms=("great", "magic"),
                        mine=mine)
    who = t("step.your_turn") if mine or turn == seat else t("step.turn_of", name=ctx.seat_name(int(turn or 0)))
    if not mine or seat is None:
        return StepHelp(who, t("step.ms.watch"), terms=("pair", "together"))
    types = {a.get("type") for a in legal}
    may = []
    if "play" in types:
        may.append(t("step.ms.play_may"))
    elif "end_turn" in types:
        may.append(t("step.ms.end_may"))
    if "magic" in types:
        may.append(t("step.ms.magic_may"))
        return StepHelp(who, sentence(ctx.lang, *may), terms=("magic", "together", "room"), mine=True)
    why, terms = _why_no_magic(view, seat, t)
    return StepHelp(who, may[0] if may else "", why, terms=terms, mine=True)


def _why_no_magic(view: dict[str, Any], seat: int, t: Any) -> tuple[str, tuple[str, ...]]:
    """Why this seat cannot try magic now (its turn, no magic among the legal actions)."""
    if int(view.get("magic_left") or 0) <= 0:
        return t("step.ms.no_magic_left"), ("magic",)
    pieces = view.get("pieces") or []
    here = pieces[seat].get("loc") if 0 <= seat < len(pieces) and isinstance(pieces[seat], dict) else None
    if view.get("negi") != here:
        return t("step.ms.no_negi"), ("negi", "magic")
    return t("step.ms.no_pair"), ("together", "room", "magic")


def restored_story(m: Any, pl: Any, name: Any, seat_name: Any, t: Any, lang: str) -> str:
    """One player's end of game in words: whom they restored (their own character marked), and who
    brought their character home — ``name(no)`` names a student, ``seat_name(seat)`` a player."""
    names = [name(no) + ("★" if no == pl.character else "") for no in pl.pile]
    first = t("summary.ms.restored", names=join_names(lang, names)) if names else t("summary.ms.restored_none")
    if pl.character is None:
        return first
    character = name(pl.character)
    by = next((other.seat for other in m.players if pl.character in other.pile), None)
    if by == pl.seat:
        second = t("summary.ms.own_self", character=character)
    elif by is not None:
        second = t("summary.ms.own_other", character=character, name=seat_name(by))
    else:
        second = t("summary.ms.own_none", character=character)
    return sentence(lang, first, second)
