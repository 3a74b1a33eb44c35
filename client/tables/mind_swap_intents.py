"""mind_swap intents: which drop or click makes which candidate action, or why not.

The flow players know: drag an action card onto the play slot or the map (or click it); a
card with two actions asks which; then its targets on the map — drag your pair to another
place (click a student or Negi standing with you first to take them along), drag Negi (or
click the place), click three students for a relocation, click the student for an event.
Magic: the magic button (or a click on a student), then drag one mind card onto another
pair or click two. Only an action found in the legal actions of the *shown* snapshot is
sent (``table.presenter.legal``, empty while the screen catches up); anything else is
refused with a reason in the player's language (a banner) and a red outline on the place.
Right-click or Esc cancels. The kit's :class:`~client.kit.interact.Interaction` calls
``accept`` / ``drop`` / ``click`` with the node of the frame's node map.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from client.kit.nodes import Node
from client.kit.widgets import Button
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from shared.games.mind_swap.why import why_not

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable

TARGET_MODES = ("move_self", "move_negi", "relocate", "event")
ALONG_NEGI = -1  # ``along`` value when Negi comes along on a move


@dataclass(frozen=True)
class Pin:
    """A piece left where it was dropped while its action is on the way (kind, ref, its centre)."""

    kind: str  # "pair" | "negi"
    ref: int
    centre: tuple[float, float]


class MsIntents:
    """Drops and clicks → the player's choices so far → one candidate action."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table
        self.mode: str | None = None  # a target mode, "magic" or "great"
        self.card: M.HandCard | None = None  # the card on the play slot
        self.picks: list[int] = []  # bodies picked (relocation, magic)
        self.along: int | None = None  # body taken along on a move; ALONG_NEGI = Negi
        self.choices: list[str] = []  # a two-action card's actions while the player chooses
        self.pin: Pin | None = None

    # --- what the legal actions allow ------------------------------------------------------------
    @property
    def legal(self) -> list[dict[str, Any]]:
        t = self.t
        return [] if t.seat is None or t.ctx.display_mode else t.presenter.legal

    def tr(self, key: str, **params: Any) -> str:
        return self.t.ctx.t(key, **params)

    def legal_of(self, type_: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a.get("type") == type_]

    def magic_legal(self) -> bool:
        return bool(self.legal_of("magic"))

    def great_legal(self) -> bool:
        return bool(self.legal_of("great_swap"))

    def my_pair(self) -> M.Pair | None:
        """The pair holding this seat's mind, as shown (None once the character is restored)."""
        ch = next((pl.character for pl in self.t.latest.players if pl.seat == self.t.seat), None)
        return self.t.model.pair_of_mind(ch) if ch is not None else None

    def my_place(self) -> str | None:
        """Where this seat's character is: its pair's place, or once restored (its pair has left the map)
        its player piece's, which stands for it (docs/rules/mind_swap.md: "the player piece stays on the
        map ... it moves with Move Yourself")."""
        mine = self.my_pair()
        if mine is not None:
            return mine.loc
        return next((pl.piece for pl in self.t.model.players if pl.seat == self.t.seat), None)

    def me_held(self, kind: str, ref: Any) -> bool:
        """Whether (kind, ref) is the piece that stands for this seat's character now: its pair, or
        once restored its player piece."""
        mine = self.my_pair()
        if mine is not None:
            return kind == "pair" and ref == mine.body
        return kind == "piece" and ref == self.t.seat

    def card_type_of(self, cid: Any) -> str | None:
        return next((c.type for c in self.t.latest.hand if c.id == cid), None)

    def card_playable(self, card: M.HandCard) -> bool:
        """Legal plays name one card per type (its lowest id); any card of that type may be played."""
        return card.type in self.playable_types()

    def playable_types(self) -> frozenset[str | None]:
        """The card types the legal plays name."""
        types: dict[Any, str] = {c.id: c.type for c in self.t.latest.hand}
        return frozenset(types.get(a.get("card")) for a in self.legal if a.get("type") == "play")

    def takes(self) -> set[Any]:
        """Who may come along on a move (bodies, "negi")."""
        return {a.get("take") for a in self.legal if a.get("action") == "move_self"} - {None}

    def places_for(self, action: str) -> set[str]:
        return {str(a["to"]) for a in self.legal if a.get("action") == action and a.get("to") is not None}

    def find_legal(self, cand: dict[str, Any]) -> dict[str, Any] | None:
        """The legal action ``cand`` stands for: equal on every key both have (None = absent);
        cards compare by type; a relocation beyond the listed sample is accepted as documented."""
        for a in self.legal:
            if a.get("type") == cand.get("type") and self._same(a, cand):
                return a
        if cand.get("action") == "relocate" and isinstance(cand.get("students"), list):
            own = self.my_pair()
            studs = cand["students"]
            sample = next((a for a in self.legal if a.get("action") == "relocate"
                           and self.card_type_of(a.get("card")) == self.card_type_of(cand.get("card"))), None)
            if (sample is not None and len(set(studs)) == len(studs) == len(sample.get("students") or [])
                    and all(b in self.t.model.pairs and (own is None or b != own.body) for b in studs)):
                return dict(sample, students=sorted(studs))
        return None

    def _same(self, a: dict[str, Any], cand: dict[str, Any]) -> bool:
        for k in set(a) | set(cand):
            va, vc = a.get(k), cand.get(k)
            if k == "card":
                if self.card_type_of(va) != self.card_type_of(vc):
                    return False
            elif k == "students" and isinstance(va, list) and isinstance(vc, list):
                if sorted(va) != sorted(vc):
                    return False
            elif k in ("a", "b") and {a.get("a"), a.get("b")} == {cand.get("a"), cand.get("b")}:
                continue
            elif va != vc:
                return False
        return True

    def why_illegal(self, cand: dict[str, Any]) -> str:
        """Why ``cand`` cannot be done, as the rules say it at the position shown (asked of the rules:
        :func:`shared.games.mind_swap.why.why_not`), in the player's language."""
        seat = self.t.seat
        if seat is None or not self.t.shown():
            return self.tr("ms.err.not_allowed")
        err = why_not(self.t.shown(), seat, cand, self.t.card_actions)
        if err is None:  # the rules would take it (a relocation beyond the listed sample): nothing to say
            return self.tr("ms.err.not_allowed")
        return self.t.refusal_sentence(err.code, err.message, err.params)

    # --- what the map shows for the current step --------------------------------------------------
    def candidates(self) -> set[int]:
        """Bodies the current step may pick (a light outline), from the legal actions."""
        if self.mode == "move_self":
            mine = self.my_pair()
            return {b for b in self.takes() if isinstance(b, int)} | ({mine.body} if mine else set())
        if self.mode == "relocate":
            return {b for a in self.legal if a.get("action") == "relocate" for b in a.get("students") or []}
        if self.mode == "event":
            return {a["student"] for a in self.legal if a.get("action") == "event" and a.get("student") is not None}
        held = self.t.held()
        if self.mode in ("magic", "great") or (held is not None and held[0] == "mind"):
            pairs = [(a["a"], a["b"]) for a in self.legal_of("great_swap" if self.mode == "great" else "magic")]
            src = self.t.model.pair_of_mind(held[1]) if held is not None and held[0] == "mind" else None
            if src is not None:  # a mind card in the hand: the students it may be dropped on light up
                return {b for x, y in pairs for b in (x, y) if src.body in (x, y)} - {src.body}
            if len(self.picks) == 1:
                p = self.picks[0]
                return {b for x, y in pairs for b in (x, y) if p in (x, y)} - {p}
            return {b for x, y in pairs for b in (x, y)}
        return set()

    def relocate_count(self) -> int:
        """How many students a relocation names (3, or all the candidates when fewer)."""
        return max((len(a.get("students") or []) for a in self.legal if a.get("action") == "relocate"), default=3)

    def highlighted(self) -> list[int]:
        return self.picks + ([self.along] if self.along is not None and self.along >= 0 else [])

    def drop_places(self, held: str | None) -> set[str]:
        """Places that glow as legal drops for the held piece (or the current mode)."""
        if held in ("pair", "piece") or (held is None and self.mode == "move_self"):
            return self.places_for("move_self")
        if held == "negi" or (held is None and self.mode == "move_negi"):
            return self.places_for("move_negi")
        return set()

    def hand_away(self) -> bool:
        """While a card waits for its targets, or a spell for its students, the rest of the hand (not
        playable then) steps aside: the instruction takes its strip (it never covers a card or a button)."""
        return self.mode is not None and not self.choices

    def in_hand(self) -> list[M.HandCard]:
        """The hand cards drawn now: all of them, or only the one on the play slot while the hand is away."""
        hand = self.t.latest.hand
        if not self.hand_away():
            return list(hand)
        return [c for c in hand if self.card is not None and c.id == self.card.id]

    def minds_draggable(self) -> bool:
        return self.mode in ("magic", "great") or (self.mode is None and (self.magic_legal() or self.great_legal()))

    def prompt(self) -> str:
        """What to do now (empty when nothing is asked)."""
        if self.choices:
            return self.tr("ms.prompt.choose")
        if self.mode == "relocate":
            return self.tr("ms.prompt.relocate", n=self.relocate_count() - len(self.picks))
        if self.mode == "magic":
            return self.tr("ms.prompt.magic_bath" if self.t.latest.bath else "ms.prompt.magic")
        if self.mode == "move_self" and self.my_pair() is None:  # restored: the piece stands for you
            return self.tr("ms.prompt.move_self_piece")
        return self.tr(f"ms.prompt.{self.mode}") if self.mode else ""

    # --- keeping the choices in step with what is shown -------------------------------------------
    def on_snapshot(self) -> None:
        """The newest snapshot is shown: drop choices it no longer allows; a great success asks at once."""
        self.pin = None
        if self.card is not None and all(c.id != self.card.id for c in self.t.latest.hand):
            self.cancel(quiet=True)
        if self.mode == "magic" and not self.magic_legal():
            self.cancel(quiet=True)
        if self.great_legal() and self.mode != "great":
            self.cancel(quiet=True)
            self.mode = "great"
        elif self.mode == "great" and not self.great_legal():
            self.cancel(quiet=True)

    def after_model_change(self) -> None:
        self.picks = [b for b in self.picks if b in self.t.model.pairs]

    def server_refused(self) -> None:
        """The server refused what was sent: the pinned piece springs back, its place flashes red."""
        if self.pin is not None:
            loc = self.t.layout().area_at((round(self.pin.centre[0]), round(self.pin.centre[1])))
            if loc:
                self.t.flash_place(loc)
        self.pin = None
        self.picks = []

    def cancel(self, quiet: bool = False) -> None:
        if (self.mode or self.choices) and not quiet:
            self.t.ctx.play_sound("click")
        self.mode, self.card, self.picks, self.along, self.choices = None, None, [], None, []
        if self.great_legal():  # a great success's choice is skipped with its button, never dropped
            self.mode = "great"

    # --- sending ----------------------------------------------------------------------------------
    def send(self, cand: dict[str, Any], pin: Pin | None = None, where: str | None = None) -> bool:
        """Send ``cand`` if it is legal; else refuse with the reason. Returns True when sent."""
        act = self.find_legal(cand)
        if act is None or self.t.seat is None:
            self.picks = []
            self.t.refuse(self.why_illegal(cand), where)
            return False
        self.t.ctx.send_action(self.t.seat, act)
        self.t.ctx.play_sound("card" if act.get("type") == "play" else "click")
        self.pin = pin
        self.mode, self.card, self.picks, self.along = None, None, [], None
        if self.great_legal() and act.get("type") != "great_skip" and act.get("type") != "great_swap":
            self.mode = "great"
        return True

    def play_card(self, card: M.HandCard) -> None:
        """A card is on the play slot: ask which action when it has two, else go on with its one."""
        self.t.ctx.play_sound("card")
        self.card = card
        acts = [a for a in card.actions if any(x.get("card") == card.id and x.get("action") == a
                                               for x in self.legal)] or list(card.actions)
        if len(acts) > 1:
            self.open_chooser(card, acts)
        else:
            self.start_card(card, acts[0])

    def open_chooser(self, card: M.HandCard, acts: list[str]) -> None:
        """``card`` is on the play slot: the player chooses one of ``acts``."""
        self.card, self.choices = card, list(acts)

    def start_card(self, card: M.HandCard, action: str) -> None:
        """``card`` is played for ``action``: send it, or ask for its targets on the map."""
        self.choices = []
        events = [a for a in self.legal if a.get("action") == "event"]
        if action == "event" and events and all(a.get("student") is None for a in events):
            self.send({"type": "play", "card": card.id, "action": "event", "student": None})
        elif action in TARGET_MODES:
            self.mode, self.card, self.picks, self.along = action, card, [], None
        else:
            self.send({"type": "play", "card": card.id, "action": action})

    def move_self(self, loc: str, pin: Pin | None) -> bool:
        assert self.card is not None
        cand: dict[str, Any] = {"type": "play", "card": self.card.id, "action": "move_self", "to": loc}
        if self.along is not None:
            cand["take"] = "negi" if self.along == ALONG_NEGI else self.along
        return self.send(cand, pin, where=loc)

    def move_negi(self, loc: str, pin: Pin | None) -> bool:
        assert self.card is not None
        return self.send({"type": "play", "card": self.card.id, "action": "move_negi", "to": loc}, pin, where=loc)

    def swap(self, a: int, b: int, where: str | None) -> bool:
        kind = "great_swap" if self.mode == "great" else "magic"
        return self.send({"type": kind, "a": min(a, b), "b": max(a, b)}, where=where)

    # --- drops (the kit's Interaction, with the target node) ---------------------------------------
    def accept(self, payload: Any, node: Node) -> tuple[bool, str]:
        """Can ``payload`` be dropped on ``node`` now (and if not, why)? A drop that changes
        nothing (back where it came from) is accepted and does nothing."""
        kind, ref = payload
        if kind == "card":
            return (node.id[0] in ("slot", "area"), "")
        loc = self.t.place_of(node)
        if kind == "mind":
            src, dst = self.t.model.pair_of_mind(ref), self.t.pair_of(node)
            if src is None or dst is None or src.body == dst.body:
                return True, ""
            cand = {"type": "great_swap" if self.mode == "great" else "magic", "a": src.body, "b": dst.body}
        elif kind in ("pair", "piece"):
            here = self.my_place()
            if loc is None or here is None or loc == here or self.card is None or not self.me_held(kind, ref):
                return True, ""
            cand = {"type": "play", "card": self.card.id, "action": "move_self", "to": loc}
            if self.along is not None:
                cand["take"] = "negi" if self.along == ALONG_NEGI else self.along
        elif kind == "negi":
            if loc is None or loc == self.t.model.negi or self.card is None:
                return True, ""
            cand = {"type": "play", "card": self.card.id, "action": "move_negi", "to": loc}
        else:
            return False, ""
        if self.find_legal(cand) is None:
            return False, self.why_illegal(cand)
        return True, ""

    def drop(self, payload: Any, node: Node) -> None:
        kind, ref = payload
        pin = Pin(kind, int(ref), self.t.let_go_centre())
        loc = self.t.place_of(node)
        if kind == "card":
            card = next((c for c in self.t.latest.hand if c.id == ref), None)
            if card is not None:
                self.play_card(card)
        elif kind in ("pair", "piece"):
            here = self.my_place()
            if loc is not None and here is not None and loc != here and self.card is not None and self.me_held(kind, ref):
                self.move_self(loc, pin)
        elif kind == "negi":
            if loc is not None and loc != self.t.model.negi:
                self.move_negi(loc, pin)
        elif kind == "mind":
            src, dst = self.t.model.pair_of_mind(ref), self.t.pair_of(node)
            if src is not None and dst is not None and src.body != dst.body:
                self.swap(src.body, dst.body, dst.loc)

    def nothing_here(self, payload: Any) -> str:
        """Dropped on nothing: a card or piece just goes back (no message)."""
        return ""

    # --- clicks --------------------------------------------------------------------------------------
    def click(self, node: Node) -> None:
        kind = node.id[0] if isinstance(node.id, tuple) else node.id
        if kind == "button":
            self.press(str(node.id[1]))
        elif kind == "choice":
            if node.id[1] == "cancel":
                self.cancel()
            elif self.card is not None:
                self.start_card(self.card, str(node.id[1]))
        elif kind == "veil":
            self.cancel()
        elif kind == "card":
            self.click_card(int(node.id[1]))
        elif kind == "negi":
            if self.mode == "move_self" and "negi" in self.takes():
                self.along = None if self.along == ALONG_NEGI else ALONG_NEGI
                self.t.ctx.play_sound("click")
            elif self.mode == "move_self":
                self.refuse_take("negi")
        elif kind in ("pair", "mind"):
            pair = self.t.pair_of(node)
            if pair is not None:
                self.click_student(pair)
        elif kind == "area" and self.card is not None:
            loc = str(node.id[1])
            if self.mode == "move_self" and self.my_place() not in (None, loc):
                self.move_self(loc, None)
            elif self.mode == "move_negi":
                self.move_negi(loc, None)

    def click_card(self, cid: int) -> None:
        card = next((c for c in self.t.latest.hand if c.id == cid), None)
        if card is None or self.mode is not None or self.choices:
            return
        if not self.card_playable(card):
            self.t.refuse(self.tr("ms.err.not_your_turn" if not self.legal else "ms.err.card"))
            return
        self.play_card(card)

    def click_student(self, pair: M.Pair) -> None:
        if self.mode == "move_self":
            mine = self.my_pair()
            if (mine is None or pair.body != mine.body) and pair.body in self.takes():
                self.along = None if self.along == pair.body else pair.body
                self.t.ctx.play_sound("click")
            elif mine is None or pair.body != mine.body:
                self.refuse_take(pair.body, pair.loc)
        elif self.mode == "relocate":
            self._toggle_pick(pair.body)
            if len(self.picks) == self.relocate_count() and self.card is not None:
                self.send({"type": "play", "card": self.card.id, "action": "relocate", "students": list(self.picks)},
                          where=pair.loc)
        elif self.mode == "event":
            if self.card is not None:
                self.send({"type": "play", "card": self.card.id, "action": "event", "student": pair.body},
                          where=pair.loc)
        elif self.minds_draggable():
            if self.mode is None:
                self.mode = "great" if self.great_legal() else "magic"
            self._toggle_pick(pair.body)
            if len(self.picks) == 2:
                self.swap(self.picks[0], self.picks[1], pair.loc)

    def refuse_take(self, who: Any, where: str | None = None) -> None:
        """``who`` (a body, or "negi") cannot come along: say the rule (asked of the rules with a move to
        any other place, so only the take-along is judged)."""
        here = self.my_place()
        if self.card is None or here is None:
            return
        to = next(loc for loc in M.LOCATIONS if loc != here)
        self.t.refuse(self.why_illegal({"type": "play", "card": self.card.id, "action": "move_self", "to": to,
                                        "take": who}), where)

    def _toggle_pick(self, body: int) -> None:
        if body in self.picks:
            self.picks.remove(body)
        else:
            self.picks.append(body)
        self.t.ctx.play_sound("click")

    def press(self, key: str) -> None:
        if key == "magic":
            if self.mode == "magic":
                self.cancel()
            else:
                self.mode, self.picks = "magic", []
                self.t.ctx.play_sound("click")
        elif key in ("great_skip", "end_turn"):
            self.send({"type": key})
        elif key == "cancel":
            self.cancel()

    # --- controls of this frame -------------------------------------------------------------------------
    def buttons(self, lay: L.Layout) -> list[Button]:
        """The magic / no-more-swap button and End turn, with the action each sends."""
        if self.t.seat is None or self.t.ctx.display_mode:
            return []
        r = lay.cast_button
        out: list[Button] = []
        if self.mode == "great":
            out.append(Button(self.tr("ms.great_skip"), pygame.Rect(r), key="great_skip",
                              action={"type": "great_skip"}))
        elif self.mode in TARGET_MODES:  # a card waits for its targets: a visible way back (Esc too)
            out.append(Button(self.tr("ms.cancel"), pygame.Rect(r), key="cancel"))
        elif self.magic_legal():
            on = self.mode == "magic"
            out.append(Button(self.tr("ms.cast_cancel" if on else "ms.cast"), pygame.Rect(r), key="magic",
                              primary=not on, selected=on))
        if self.mode is None and self.legal_of("end_turn"):
            out.append(Button(self.tr("ms.end_turn"), r.move(0, r.h + round(lay.unit * 0.6)), key="end_turn",
                              action={"type": "end_turn"}))
        return out

    def chooser(self, lay: L.Layout) -> list[Button]:
        """The choices of a two-action card as kit buttons (an icon, the action's name, its colour),
        side by side in the middle of the map (stacked when the map is narrow), for the current
        layout; each sends its ``play`` action once the card's targets are chosen."""
        acts = self.choices
        u = lay.unit
        gap = round(u)
        w = min(round(u * 12), (lay.map.w - gap * 3) // max(1, len(acts)))
        h = round(u * 3)
        side = w * len(acts) + gap * (len(acts) - 1) <= lay.map.w - gap * 2
        if not side:
            w = min(round(u * 14), lay.map.w - gap * 2)
        total = (w * len(acts) + gap * (len(acts) - 1)) if side else w
        tall = h if side else h * len(acts) + gap * (len(acts) - 1)
        x0 = lay.map.centerx - total // 2
        y0 = lay.map.centery - tall // 2
        card = self.card
        out = [Button(self.tr(f"ms.act.{a}"),
                       pygame.Rect(x0 + (i * (w + gap) if side else 0), y0 + (0 if side else i * (h + gap)), w, h),
                       key=a, action=None if card is None else {"type": "play", "card": card.id, "action": a},
                       icon=D.action_icon(a), accent=D.ACTION_COLOUR.get(a, D.ACCENT), selected=True)
                for i, a in enumerate(acts)]
        cancel = pygame.Rect(0, 0, round(u * 7), round(u * 2.2))
        cancel.midtop = (lay.map.centerx, y0 + tall + gap)
        out.append(Button(self.tr("ms.cancel"), cancel, key="cancel"))
        return out
