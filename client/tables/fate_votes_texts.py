"""fate_votes display texts: card faces, condition names, result reasons and log lines.

Joins the game content (``ctx.content("fate_votes")``: names, colours, conditions,
stories, reason templates in ja/zh/en) with the UI strings (``ctx.t``). No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from client.kit.presenter import Shown
from client.kit.stephelp import StepHelp, join_names
from client.widgets.cards import CardFace

CARD_IDS = ("oyashiro", "rena", "satoko", "mion", "shion", "keiichi", "rika")


def hex_colour(s: str) -> tuple[int, int, int]:
    s = s.lstrip("#")
    return int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16)


class FvTexts:
    """Texts for one language; ``player_name(seat)`` comes from the table (names may change)."""

    def __init__(self, ctx: Any, player_name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.player_name = player_name
        self._faces: dict[tuple[str, str], CardFace] = {}

    @property
    def content(self) -> Any:
        return self.ctx.content("fate_votes")

    def _pick(self, text3: Any) -> str:
        if isinstance(text3, str):
            return text3
        lang = self.ctx.lang
        return text3.get(lang) or text3.get("en") or next(iter(text3.values()), "")

    # --- characters -------------------------------------------------------------
    def character(self, card_id: str) -> Any:
        try:
            return self.content.character(card_id)
        except (StopIteration, AttributeError):
            return None

    def card_name(self, card_id: str) -> str:
        ch = self.character(card_id)
        return self._pick(ch.name) if ch else card_id

    def card_face(self, card_id: str) -> CardFace:
        key = (card_id, self.ctx.lang)
        face = self._faces.get(key)
        if face is None:
            ch = self.character(card_id)
            if ch is None:
                face = CardFace(key=f"fv:{card_id}", title=card_id)
            else:
                face = CardFace(key=f"fv:{card_id}", title=self._pick(ch.name),
                                subtitle=self._pick(ch.condition_title), body=self._pick(ch.condition_text),
                                colour=hex_colour(ch.colour), symbol=ch.shape, corner=str(ch.priority))
            self._faces[key] = face
        return face

    def card_colour(self, card_id: str) -> tuple[int, int, int]:
        return self.card_face(card_id).colour

    # --- conditions, reasons, stories ----------------------------------------------
    def condition_name(self, cond: str | None) -> str:
        conds = getattr(self.content, "conditions", {}) or {}
        if cond in conds:
            return self._pick(conds[cond])
        return cond or ""

    def condition_label(self, cond: str | None) -> str:
        """A condition named as its card says it: the card's own number and name, then the condition's
        ("⑥ Keiichi · Magician of Words"), never its place in the checking order."""
        from shared.games.fate_votes.winning import CONDITION_CARD

        card = CONDITION_CARD.get(cond or "")
        ch = self.character(card) if card else None
        if ch is None:
            return self.condition_name(cond)
        return f"{chr(0x245F + ch.priority)} {self._pick(ch.name)} · {self.condition_name(cond)}"

    def phase_name(self, phase: str) -> str:
        phases = getattr(self.content, "phases", {}) or {}
        return self._pick(phases[phase]) if phase in phases else phase

    def reason(self, code: str, params: dict[str, Any], by: str | None = None) -> str:
        reasons = getattr(self.content, "reasons", {}) or {}
        template = self._pick(reasons[code]) if code in reasons else code
        values = {k: v for k, v in params.items() if isinstance(v, (int, str))}
        if "by" not in values and by:
            values["by"] = by
        if "by" in values:
            values["by"] = self.condition_name(str(values["by"]))
        values.setdefault("votes", "")
        values.setdefault("top", "")
        values.setdefault("others", "")
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template

    def story(self, story_id: str) -> tuple[str, str]:
        stories = getattr(self.content, "stories", {}) or {}
        st = stories.get(story_id)
        if st is None:
            return "", ""
        return self._pick(st.title), self._pick(st.text)

    # --- log lines ---------------------------------------------------------------------
    def names(self, seats: list[int]) -> str:
        sep = "、" if self.ctx.lang in ("ja", "zh") else ", "
        return sep.join(self.player_name(s) for s in seats)

    def cards(self, cards: list[str]) -> str:
        """Card names, repeats folded into "name ×n" (in first-seen order)."""
        sep = "、" if self.ctx.lang in ("ja", "zh") else ", "
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return sep.join(self.card_name(c) + (f" ×{k}" if k > 1 else "") for c, k in counts.items())

    def log_lines(self, ev: dict[str, Any], viewer: int | None) -> list[tuple[str, int | None]]:
        """Player-readable lines for one public log entry / event ((text, seat or None))."""
        t = self.ctx.t
        kind = ev.get("type")
        if kind == "phase":
            if ev.get("phase") == "discussion":
                return [(t("fv_log_round", n=ev.get("round", "?")), None)]
            if ev.get("phase") == "over":
                return []
            return [(t("fv_log_phase", phase=self.phase_name(str(ev.get("phase")))), None)]
        if kind == "roles":
            roles = ev.get("roles") or []
            if ev.get("auto"):
                return [(t("fv_log_round1_votes"), None)]
            voters = [s for s, r in enumerate(roles) if r == "vote"]
            strikers = [s for s, r in enumerate(roles) if r == "strike"]
            out: list[tuple[str, int | None]] = []
            if voters:
                out.append((t("fv_log_voters", names=self.names(voters)), None))
            if strikers:
                out.append((t("fv_log_strikers", names=self.names(strikers)), None))
            return out
        if kind == "strike_discards":
            return [(t("fv_log_strike_discard", name=self.player_name(d["seat"]), cards=self.cards(d["cards"])),
                     d["seat"]) for d in ev.get("discards", [])]
        if kind == "strikes":
            return [(t("fv_log_strike", name=self.player_name(x["seat"]), target=self.player_name(x["target"])),
                     x["seat"]) for x in ev.get("targets", [])]
        if kind == "votes":
            return [(t("fv_log_vote", name=self.player_name(x["seat"]), target=self.player_name(x["target"])),
                     x["seat"]) for x in ev.get("targets", [])]
        if kind == "voter_discards":
            if ev.get("face_down") or not ev.get("cards"):
                return [(t("fv_log_voter_discards_hidden", count=ev.get("count", 0)), None)]
            return [(t("fv_log_voter_discards", cards=self.cards(ev["cards"])), None)]
        if kind == "round_end":
            if ev.get("clamped"):
                return [(t("fv_log_clamped", names=self.names(ev["clamped"])), None)]
            return []
        if kind == "final_step":
            key = "fv_log_final_vote" if ev.get("choice") == "vote" else "fv_log_final_strike"
            return [(t(key, name=self.player_name(ev["seat"]), target=self.player_name(ev["target"]),
                       votes=ev["votes"][ev["target"]]), ev["seat"])]
        if kind == "final_reveal":
            return [(t("fv_log_final_reveal"), None)]
        if kind == "game_over":
            winners = ev.get("winners") or []
            if not winners:
                return [(t("fv_log_no_winner"), None)]
            return [(t("fv_log_winners", names=self.names(winners),
                       condition=self.condition_name(ev.get("condition"))), None)]
        return []


# --- step help (the line under the table: client.kit.stephelp) -------------------------------------
SIMULTANEOUS = ("choose", "strike_discard", "strike_target", "vote_target", "vote_discard", "final")


def step_help(shown: Shown, seat: int | None, ctx: Any) -> StepHelp:
    """Who acts now, what ``seat`` may do, and why not otherwise — from the table's one shown truth (its view,
    the legal actions controls may take now, whose turn)."""
    t, lang = ctx.t, ctx.lang
    view, legal = shown.view, shown.legal
    phase = view.get("phase")
    if view.get("over") or phase == "over":
        return StepHelp(t("step.over"), t("step.over_may"), terms=("priority", "condition"))
    if not shown.settled:  # a batch is playing out: nobody is waited for, nothing to do until it lands
        return StepHelp(_phase_name(ctx, str(phase)), t("step.look"), terms=_terms(phase))
    types = {a.get("type") for a in legal}
    done = set(view.get("submitted") or [])
    waiting = list(shown.turn)
    names = join_names(lang, [ctx.seat_name(s) for s in waiting if s != seat])
    others = t("step.waiting_for", names=names) if names else ""
    if phase == "discussion":
        if "ready" in types:
            return StepHelp(t("step.fv.discussion"), t("step.fv.discussion_may"), terms=("discussion",), mine=True)
        return StepHelp(t("step.fv.discussion"), t("step.fv.discussion_done"), others, terms=("discussion",))
    if seat is None:  # the display: outside the discussion the table does not talk (the seed's rule)
        return StepHelp(others or t("step.watching"), t("step.fv.talk_closed"), terms=_terms(phase))
    if types:
        return StepHelp(t("step.your_turn"), *_may(view, legal, seat, t), terms=_terms(phase), mine=True)
    if seat in done:
        return StepHelp(others or t("step.fv.chosen"), t("step.fv.chosen") if others else "", terms=_terms(phase))
    if phase in ("strike_discard", "strike_target"):
        return StepHelp(others, t("step.fv.others_act"), terms=("strike",))
    if phase in ("vote_target", "vote_discard"):
        return StepHelp(others, t("step.fv.strikers_wait"), terms=("vote",))
    return StepHelp(others or t("step.watching"), t("step.look"), terms=_terms(phase))


def _may(view: dict[str, Any], legal: list[dict[str, Any]], seat: int, t: Callable[..., str]) -> tuple[str, str]:
    """(what the seat may do, why a natural action is not possible) in its phase."""
    phase, rnd = view.get("phase"), view.get("round")
    if phase == "choose":
        choices = {a.get("choice") for a in legal}
        return t("step.fv.choose_may"), "" if "strike" in choices else t("step.fv.no_strike")
    if phase in ("strike_discard", "vote_discard"):
        n = max((len(a.get("cards") or []) for a in legal), default=0)
        key = "step.fv.discard_strike" if phase == "strike_discard" else "step.fv.discard_vote"
        return t(key, n=n), t("step.fv.discard_why")
    if phase == "vote_target":
        return t("step.fv.vote_may"), t("step.fv.round1") if rnd == 1 else t("step.fv.vote_why")
    if phase == "strike_target":
        targets = {a.get("seat") for a in legal}
        none = len(targets) < int(view.get("players") or 0)
        return t("step.fv.strike_may"), t("step.fv.strike_why") if none else ""
    if phase == "final":
        return t("step.fv.final_may"), t("step.fv.vote_why")
    return t("step.look"), ""


def _phase_name(ctx: Any, phase: str) -> str:
    """The phase as the table's heading names it."""
    phases = getattr(ctx.content("fate_votes"), "phases", {}) or {}
    names = phases.get(phase)
    if isinstance(names, dict):
        return str(names.get(ctx.lang) or names.get("en") or phase)
    return str(names or phase)


def _terms(phase: Any) -> tuple[str, ...]:
    return {"choose": ("vote", "strike"), "strike_discard": ("strike", "discard"), "strike_target": ("strike", "token"),
            "vote_target": ("vote", "token"), "vote_discard": ("vote", "discard"),
            "final": ("final_round", "vote", "strike")}.get(str(phase), ("vote",))
