"""Drags and clicks on the mind_swap table, turned into candidate actions.

Flow: drag an action card onto the play slot (a card with two actions asks which);
then choose its targets on the map — drag your pair to another place (click a
student or Negi standing with you first to take them along), drag Negi, click
three students for a relocation, click the student for an event. Magic: when it
is allowed a "cast" button shows; drag one mind card onto another pair (or click
two). Only actions found in ``self.legal`` are sent; anything else springs back
with a message. Right-click or Esc cancels; right-click on a card zooms it.
"""
from __future__ import annotations

from typing import Any

import pygame

from client.kit import theme
from client.kit.theme import type_px
from client.kit.widgets import Panel, fitter_for
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_layout as L
from client.tables import mind_swap_model as M
from client.tables.mind_swap_state import TableState

DRAG_THRESHOLD = 6  # px before a press becomes a drag
TARGET_MODES = ("move_self", "move_negi", "relocate", "event")


class InputMixin(TableState):
    """Input state and handling for :class:`MindSwapTable` (expects its attributes)."""

    # --- state ------------------------------------------------------------------------
    def init_input(self) -> None:
        self.mode: str | None = None
        self.mode_card: M.HandCard | None = None
        self.picks: list[int] = []  # body numbers picked
        self.along: int | None = None  # body taken along (move self); -1 = Negi
        self.drag: dict[str, Any] | None = None
        self.awaiting: tuple[str, int, tuple[float, float]] | None = None
        self.choices: list[str] = []  # a two-action card's actions while the player chooses
        self.zoom: tuple[str, Any] | None = None  # ("mind"|"body", no) or ("card", HandCard)
        self.hover: tuple[str, Any] | None = None
        self.hover_t = 0.0
        self.mouse = (0, 0)

    def on_snapshot(self) -> None:
        self.awaiting = None
        if self.mode_card is not None and all(c.id != self.mode_card.id for c in self.latest.hand):
            self.cancel_mode(quiet=True)
        if self.mode == "magic" and not self.magic_legal():
            self.cancel_mode(quiet=True)
        if self.great_legal() and self.mode != "great":
            self.cancel_mode(quiet=True)
            self.mode = "great"
        elif self.mode == "great" and not self.great_legal():
            self.cancel_mode(quiet=True)

    def after_model_change(self) -> None:
        self.picks = [b for b in self.picks if b in self.model.pairs]

    def error_springback(self, message: str) -> None:
        if self.awaiting is not None:
            _kind, _ref, pos = self.awaiting
            loc = self.layout().area_at((round(pos[0]), round(pos[1])))
            if loc:
                self.flash[loc] = 0.8
        self.awaiting = None
        self.picks = []

    def update_input(self, dt: float) -> None:
        if self.drag is None and self.hover is not None:
            self.hover_t += dt
        else:
            self.hover_t = 0.0

    # --- legal actions --------------------------------------------------------------------
    def my_turn(self) -> bool:
        return self.seat is not None and not self.ctx.display_mode and bool(self.legal)

    def my_character(self) -> int | None:
        for pl in self.latest.players:
            if pl.seat == self.seat:
                return pl.character
        return None

    def my_pair(self) -> M.Pair | None:
        ch = self.my_character()
        return self.model.pair_of_mind(ch) if ch is not None else None

    def legal_of(self, type_: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a.get("type") == type_]

    def end_turn_legal(self) -> bool:
        return bool(self.legal_of("end_turn"))

    def magic_legal(self) -> bool:
        return bool(self.legal_of("magic"))

    def great_legal(self) -> bool:
        return bool(self.legal_of("great_swap"))

    def card_type_of(self, cid: Any) -> str | None:
        for c in self.latest.hand:
            if c.id == cid:
                return c.type
        return None

    def card_playable(self, card: M.HandCard) -> bool:
        """Legal plays name one card per type (its lowest id); any card of that type may be played."""
        return any(a.get("type") == "play" and self.card_type_of(a.get("card")) == card.type for a in self.legal)

    def takes(self) -> set[Any]:
        """Who may come along on a move (bodies, "negi")."""
        return {a.get("take") for a in self.legal if a.get("action") == "move_self"} - {None}

    def find_legal(self, cand: dict[str, Any]) -> dict[str, Any] | None:
        """The legal action ``cand`` stands for: equal on every key both have (None = absent);
        cards compare by type; a relocation beyond the listed sample is accepted as documented."""
        for a in self.legal:
            if a.get("type") != cand.get("type"):
                continue
            ok = True
            for k in set(a) | set(cand):
                va, vc = a.get(k), cand.get(k)
                if k == "card":
                    if self.card_type_of(va) != self.card_type_of(vc):
                        ok = False
                        break
                elif k in ("students",) and isinstance(va, list) and isinstance(vc, list):
                    if sorted(va) != sorted(vc):
                        ok = False
                        break
                elif k in ("a", "b") and {a.get("a"), a.get("b")} == {cand.get("a"), cand.get("b")}:
                    continue
                elif va != vc:
                    ok = False
                    break
            if ok:
                return a
        if cand.get("action") == "relocate" and isinstance(cand.get("students"), list):
            own = self.my_pair()
            studs = cand["students"]
            sample = next((a for a in self.legal if a.get("action") == "relocate"
                           and self.card_type_of(a.get("card")) == self.card_type_of(cand.get("card"))), None)
            if (sample is not None and len(set(studs)) == len(studs) == len(sample.get("students") or [])
                    and all(b in self.model.pairs and (own is None or b != own.body) for b in studs)):
                return dict(sample, students=sorted(studs))
        return None

    def send(self, cand: dict[str, Any], pin: tuple[str, int, tuple[float, float]] | None = None,
             where: str | None = None) -> bool:
        """Send ``cand`` if legal; else spring back with a message. Returns True when sent."""
        act = self.find_legal(cand)
        if act is None:
            self.ctx.play_sound("error")
            self.ctx.toast(self.ctx.t(self.why_illegal(cand)), "error")
            if where:
                self.flash[where] = 0.8
            self.picks = []
            return False
        assert self.seat is not None
        self.ctx.send_action(self.seat, act)
        self.ctx.play_sound("card" if act.get("type") == "play" else "click")
        self.awaiting = pin
        self.mode, self.mode_card, self.picks, self.along = None, None, [], None
        return True

    def why_illegal(self, cand: dict[str, Any]) -> str:
        t = cand.get("type")
        if t == "magic" or t == "great_swap":
            return "ms.err.magic_place"
        act = cand.get("action")
        if act == "move_self":
            return "ms.err.move_self"
        if act == "event":
            return "ms.err.event_place"
        return "ms.err.not_allowed"

    # --- modes ----------------------------------------------------------------------------
    def start_card(self, card: M.HandCard, action: str) -> None:
        """A card is on the play slot with ``action`` chosen: send it or ask for targets."""
        self.choices = []
        events = [a for a in self.legal if a.get("action") == "event"]
        if action == "event" and events and all(a.get("student") is None for a in events):
            self.send({"type": "play", "card": card.id, "action": "event", "student": None})
            return
        if action in TARGET_MODES:
            self.mode, self.mode_card, self.picks, self.along = action, card, [], None
            self.ctx.play_sound("card")
            return
        self.send({"type": "play", "card": card.id, "action": action})

    def cancel_mode(self, quiet: bool = False) -> None:
        if (self.mode or self.choices) and not quiet:
            self.ctx.play_sound("click")
        self.mode, self.mode_card, self.picks, self.along, self.choices = None, None, [], None, []

    def prompt(self) -> str | None:
        if self.choices:
            return self.ctx.t("ms.prompt.choose")
        if self.mode == "move_self":
            return self.ctx.t("ms.prompt.move_self")
        if self.mode == "move_negi":
            return self.ctx.t("ms.prompt.move_negi")
        if self.mode == "relocate":
            return self.ctx.t("ms.prompt.relocate", n=3 - len(self.picks))
        if self.mode == "event":
            return self.ctx.t("ms.prompt.event")
        if self.mode == "magic":
            return self.ctx.t("ms.prompt.magic_bath" if self.latest.bath else "ms.prompt.magic")
        if self.mode == "great":
            return self.ctx.t("ms.prompt.great")
        return None

    def candidates(self) -> set[int]:
        """Pairs the current step may pick (a light outline), from the legal actions."""
        if self.mode == "move_self":
            mine = self.my_pair()
            out = {b for b in self.takes() if isinstance(b, int)}
            return out | ({mine.body} if mine else set())
        if self.mode == "relocate":
            return {b for a in self.legal if a.get("action") == "relocate" for b in a.get("students") or []}
        if self.mode == "event":
            return {a["student"] for a in self.legal if a.get("action") == "event" and a.get("student") is not None}
        if self.mode in ("magic", "great"):
            kind = "magic" if self.mode == "magic" else "great_swap"
            pairs = [(a["a"], a["b"]) for a in self.legal if a.get("type") == kind]
            if len(self.picks) == 1:
                p = self.picks[0]
                return {b for x, y in pairs for b in (x, y) if p in (x, y)} - {p}
            return {b for x, y in pairs for b in (x, y)}
        return set()

    def highlighted_students(self) -> list[int]:
        out = list(self.picks)
        if self.along is not None and self.along >= 0:
            out.append(self.along)
        return out

    def dragged_refs(self) -> set[tuple[str, int]]:
        refs: set[tuple[str, int]] = set()
        if self.drag and self.drag["moved"]:
            refs.add((self.drag["kind"], self.drag["ref"]))
        return refs

    def pinned(self) -> list[tuple[str, int, tuple[float, float]]]:
        out = []
        if self.drag and self.drag["moved"] and self.drag["kind"] in ("pair", "mind"):
            out.append((self.drag["kind"], self.drag["ref"], self.drag_topleft()))
        if self.awaiting and self.awaiting[0] in ("pair", "mind"):
            out.append(self.awaiting)
        return out

    def pinned_negi(self) -> tuple[float, float] | None:
        if self.drag and self.drag["moved"] and self.drag["kind"] == "negi":
            return self.drag_topleft()
        if self.awaiting and self.awaiting[0] == "negi":
            return self.awaiting[2]
        return None

    def drag_topleft(self) -> tuple[float, float]:
        assert self.drag is not None
        return self.drag["pos"][0] - self.drag["grab"][0], self.drag["pos"][1] - self.drag["grab"][1]

    def drop_targets(self) -> set[str]:
        """Areas that glow as legal drops right now."""
        if self.drag and self.drag["moved"] and self.drag["kind"] == "pair":
            return {a.get("to") for a in self.legal if a.get("action") == "move_self"} - {None}
        if (self.drag and self.drag["moved"] and self.drag["kind"] == "negi") or self.mode == "move_negi":
            return {a.get("to") for a in self.legal if a.get("action") == "move_negi"} - {None}
        if self.mode == "move_self":
            return {a.get("to") for a in self.legal if a.get("action") == "move_self"} - {None}
        return set()

    # --- hand -------------------------------------------------------------------------------
    def ease_hand(self, k: float) -> None:
        lay = self.layout()
        playing = self.mode_card.id if self.mode_card is not None else None
        held = [c for c in self.latest.hand if c.id != playing]
        rects = L.hand_rects(lay, len(held), self._hover_hand_index(lay, held))
        slots = {c.id: r for c, r in zip(held, rects)}
        live = set()
        for card in self.latest.hand:
            r = slots.get(card.id, lay.play_slot)
            live.add(card.id)
            if self.mode_card is not None and card.id == self.mode_card.id:
                tx, ty = lay.play_slot.topleft
            elif self.awaiting and self.awaiting[0] == "card" and self.awaiting[1] == card.id:
                tx, ty = self.awaiting[2]
            elif self.drag and self.drag["moved"] and self.drag["kind"] == "card" and self.drag["ref"] == card.id:
                tx, ty = self.drag_topleft()
                self.hand_pos[card.id] = [tx, ty]
                continue
            else:
                tx, ty = r.topleft
            pos = self.hand_pos.setdefault(card.id, [tx, lay.rect.bottom])
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
        for cid in list(self.hand_pos):
            if cid not in live:
                del self.hand_pos[cid]

    def _hover_hand_index(self, lay: L.Layout, hand: list[M.HandCard]) -> int | None:
        if self.drag is not None:
            return None
        rects = L.hand_rects(lay, len(hand))
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(self.mouse):
                return i
        return None

    def hand_card_at(self, pos: tuple[int, int]) -> M.HandCard | None:
        lay = self.layout()
        w, h = lay.hand_card
        for card in reversed(self.latest.hand):
            p = self.hand_pos.get(card.id)
            if p and pygame.Rect(round(p[0]), round(p[1]), w, h).collidepoint(pos):
                return card
        return None

    # --- hit-testing on the map -----------------------------------------------------------------
    def pair_at(self, pos: tuple[int, int], ignore_mind: int | None = None) -> tuple[M.Pair, bool] | None:
        """The pair under ``pos`` and whether the mind card was hit (``ignore_mind``: the card
        being dragged, which is under the pointer itself)."""
        lay = self.layout()
        loc = lay.area_at(pos)
        if loc is None:
            return None
        for pair in reversed(self.model.at(loc)):
            bp = self.body_pos.get(pair.body)
            mp = self.mind_pos.get(pair.mind)
            if pair.mind == ignore_mind:
                mp = None
            if mp and pygame.Rect(round(mp[0]), round(mp[1]), lay.card_w, lay.card_h).collidepoint(pos):
                return pair, True
            if bp and pygame.Rect(round(bp[0]), round(bp[1]), lay.card_w, lay.card_h).collidepoint(pos):
                return pair, False
        return None

    def negi_hit(self, pos: tuple[int, int]) -> bool:
        if self.negi_pos is None:
            return False
        r = self.negi_radius(self.layout())
        return (pos[0] - self.negi_pos[0]) ** 2 + (pos[1] - self.negi_pos[1]) ** 2 <= (r + 4) ** 2

    # --- events -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._on_motion(event.pos)
            return self.drag is not None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                self.skip_animations()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.zoom:
                    self.zoom = None
                    return True
                if self.mode or self.choices:
                    self.cancel_mode()
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            loc = self.layout().area_at(self.mouse)
            if loc and self.layout().overflow.get(loc) or (loc and self.scroll.get(loc)):
                lay = self.layout()
                limit = lay.overflow.get(loc, 0) + self.scroll.get(loc, 0)
                self.scroll[loc] = max(0, min(limit, self.scroll.get(loc, 0) - event.y * round(lay.unit * 2)))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self.presenter.busy and event.button == 1:
                self.skip_animations()
                return True
            if event.button == 3:
                return self._on_right(event.pos)
            if event.button == 1:
                return self._on_press(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self._on_release(event.pos)
        return False

    def _on_right(self, pos: tuple[int, int]) -> bool:
        if self.zoom:
            self.zoom = None
            return True
        if self.mode or self.choices:
            self.cancel_mode()
            return True
        hit = self.pair_at(pos)
        if hit:
            pair, on_mind = hit
            self.zoom = ("mind", pair.mind) if on_mind else ("body", pair.body)
            return True
        card = self.hand_card_at(pos) if self.seat is not None else None
        if card:
            self.zoom = ("card", card)
            return True
        return False

    def _on_motion(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag["pos"] = pos
            sx, sy = self.drag["start"]
            if abs(pos[0] - sx) + abs(pos[1] - sy) > DRAG_THRESHOLD:
                self.drag["moved"] = True
            return
        hit = self.pair_at(pos)
        new = None
        if hit:
            new = ("mind", hit[0].mind) if hit[1] else ("body", hit[0].body)
        elif self.seat is not None:
            card = self.hand_card_at(pos)
            new = ("card", card.id) if card else None
        if new != self.hover:
            self.hover, self.hover_t = new, 0.0

    def _begin_drag(self, kind: str, ref: int, pos: tuple[int, int], topleft: tuple[float, float]) -> None:
        self.zoom = None
        self.drag = {"kind": kind, "ref": ref, "start": pos, "pos": pos, "moved": False,
                     "grab": (pos[0] - topleft[0], pos[1] - topleft[1])}

    def _on_press(self, pos: tuple[int, int]) -> bool:
        self.zoom = None
        if self.ctx.display_mode or self.seat is None:
            return False
        lay = self.layout()
        if self.choices:
            for r, action in self.chooser(lay):
                if r.collidepoint(pos) and self.mode_card is not None:
                    self.start_card(self.mode_card, action)
                    return True
            self.cancel_mode()
            return True
        if self.magic_legal() and lay.cast_button.collidepoint(pos) and self.mode is None:
            self.mode, self.picks = "magic", []
            self.ctx.play_sound("click")
            return True
        if self.mode == "magic" and lay.cast_button.collidepoint(pos):
            self.cancel_mode()
            return True
        card = self.hand_card_at(pos)
        if card is not None and self.mode is None:
            if not self.card_playable(card):
                self.ctx.play_sound("error")
                self.ctx.toast(self.ctx.t("ms.err.not_your_turn" if not self.legal else "ms.err.card"), "error")
                return True
            p = self.hand_pos[card.id]
            self._begin_drag("card", card.id, pos, (p[0], p[1]))
            return True
        if self.mode == "move_negi" and self.negi_hit(pos) and self.negi_pos is not None:
            self._begin_drag("negi", 0, pos, (self.negi_pos[0], self.negi_pos[1]))
            return True
        hit = self.pair_at(pos)
        if self.mode == "move_self":
            mine = self.my_pair()
            if hit and mine and hit[0].body == mine.body:
                bp = self.body_pos[mine.body]
                self._begin_drag("pair", mine.body, pos, (bp[0], bp[1]))
                return True
            if self.negi_hit(pos) and "negi" in self.takes():
                self.along = None if self.along == -1 else -1
                self.ctx.play_sound("click")
                return True
            if hit and mine and hit[0].body in self.takes():
                self.along = None if self.along == hit[0].body else hit[0].body
                self.ctx.play_sound("click")
                return True
            loc = lay.area_at(pos)
            if loc and mine and not hit:
                self.send_move_self(loc, None)
                return True
            return True
        if self.mode == "move_negi":
            loc = lay.area_at(pos)
            if loc:
                self.send({"type": "play", "card": self.mode_card.id, "action": "move_negi", "to": loc},
                          where=loc)
            return True
        if self.mode == "relocate" and hit:
            b = hit[0].body
            if b in self.picks:
                self.picks.remove(b)
            else:
                self.picks.append(b)
            self.ctx.play_sound("click")
            if len(self.picks) == 3:
                self.send({"type": "play", "card": self.mode_card.id, "action": "relocate",
                           "students": list(self.picks)}, where=hit[0].loc)
            return True
        if self.mode == "event" and hit:
            self.send({"type": "play", "card": self.mode_card.id, "action": "event", "student": hit[0].body},
                      where=hit[0].loc)
            return True
        if self.mode == "great" and lay.cast_button.collidepoint(pos):
            self.send({"type": "great_skip"})
            return True
        if self.mode is None and self.end_turn_legal() and lay.cast_button.move(0, lay.cast_button.h + round(
                lay.unit * 0.6)).collidepoint(pos):
            self.send({"type": "end_turn"})
            return True
        if hit and (self.mode in ("magic", "great") or (self.mode is None and self.magic_legal())):
            pair, on_mind = hit
            if on_mind:
                mp = self.mind_pos[pair.mind]
                self._begin_drag("mind", pair.mind, pos, (mp[0], mp[1]))
            else:
                self._pick_for_magic(pair)
            return True
        return False

    def _pick_for_magic(self, pair: M.Pair) -> None:
        if self.mode is None:
            self.mode = "magic"
        if pair.body in self.picks:
            self.picks.remove(pair.body)
        else:
            self.picks.append(pair.body)
        self.ctx.play_sound("click")
        if len(self.picks) == 2:
            a, b = self.picks
            self.send({"type": "great_swap" if self.mode == "great" else "magic", "a": min(a, b), "b": max(a, b)},
                      where=pair.loc)

    def send_move_self(self, loc: str, pin: tuple[str, int, tuple[float, float]] | None) -> bool:
        assert self.mode_card is not None
        cand: dict[str, Any] = {"type": "play", "card": self.mode_card.id, "action": "move_self", "to": loc}
        if self.along == -1:
            cand["take"] = "negi"
        elif self.along is not None:
            cand["take"] = self.along
        return self.send(cand, pin=pin, where=loc)

    def _on_release(self, pos: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        if drag is None:
            return False
        lay = self.layout()
        kind, ref = drag["kind"], drag["ref"]
        if not drag["moved"]:
            if kind == "mind":  # a click on a mind card = pick that pair
                pair = self.model.pair_of_mind(ref)
                if pair:
                    self._pick_for_magic(pair)
            elif kind == "pair" and self.mode == "move_self":
                pass
            return True
        topleft = (pos[0] - drag["grab"][0], pos[1] - drag["grab"][1])
        if kind == "card":
            card = next((c for c in self.latest.hand if c.id == ref), None)
            if card is None:
                return True
            if lay.play_slot.inflate(lay.unit * 2, lay.unit * 2).collidepoint(pos) or lay.map.collidepoint(pos):
                self.ctx.play_sound("card")
                self.mode_card = card
                acts = [a for a in card.actions if any(x.get("card") == card.id and x.get("action") == a
                                                       for x in self.legal)] or list(card.actions)
                if len(acts) > 1:
                    self.open_chooser(card, acts)
                else:
                    self.start_card(card, acts[0])
            else:
                self.ctx.play_sound("click")  # springs back to the hand
            return True
        loc = lay.area_at(pos)
        if kind == "pair":
            mine = self.my_pair()
            if loc and mine and loc != mine.loc:
                self.send_move_self(loc, ("pair", ref, topleft))
            elif loc and mine and loc == mine.loc:
                self.ctx.play_sound("click")
            return True
        if kind == "negi":
            if loc and self.mode_card is not None:
                self.send({"type": "play", "card": self.mode_card.id, "action": "move_negi", "to": loc},
                          pin=("negi", 0, topleft), where=loc)
            return True
        if kind == "mind":
            src = self.model.pair_of_mind(ref)
            hit = self.pair_at(pos, ignore_mind=ref)
            if src is None or hit is None or hit[0].body == src.body:
                self.ctx.play_sound("click")
                return True
            a, b = sorted((src.body, hit[0].body))
            self.send({"type": "great_swap" if self.mode == "great" else "magic", "a": a, "b": b},
                      pin=None, where=hit[0].loc)
            return True
        return True

    def open_chooser(self, card: M.HandCard, acts: list[str]) -> None:
        """A two-action card on the play slot: the player chooses one of ``acts``."""
        self.choices = list(acts)
        self.mode_card = card

    def chooser(self, lay: L.Layout) -> list[tuple[pygame.Rect, str]]:
        """The choices, side by side in the middle of the map (stacked when the map is narrow), for
        the current layout."""
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
        return [(pygame.Rect(x0 + (i * (w + gap) if side else 0), y0 + (0 if side else i * (h + gap)), w, h), a)
                for i, a in enumerate(acts)]

    def button_rects(self, lay: L.Layout) -> list[tuple[str, pygame.Rect, dict[str, Any] | None]]:
        """The buttons shown now: (text key, rect, the action it sends — None when it only changes mode)."""
        r = lay.cast_button
        out: list[tuple[str, pygame.Rect, dict[str, Any] | None]] = []
        if self.mode == "great":
            out.append(("ms.great_skip", r, {"type": "great_skip"}))
        elif self.magic_legal() and self.seat is not None:
            out.append(("ms.cast_cancel" if self.mode == "magic" else "ms.cast", r, None))
        if self.mode is None and self.end_turn_legal():
            out.append(("ms.end_turn", r.move(0, r.h + round(lay.unit * 0.6)), {"type": "end_turn"}))
        return out

    # --- drawing of the controls ---------------------------------------------------------------------
    def draw_hand(self, surface: pygame.Surface, lay: L.Layout) -> None:
        u = lay.unit
        slot = lay.play_slot
        active = bool(self.drag and self.drag["moved"] and self.drag["kind"] == "card")
        col = D.ACCENT if active else (150, 175, 165)
        _dashed_rect(surface, slot, col, 3 if active else 2, round(u * 0.5))
        if self.mode_card is None:
            lbl = self._wrapped(self.ctx.t("ms.play_here"), max(14, round(u * 0.75)), slot.w - 10)
            y = slot.centery - len(lbl) * u * 0.55
            for line in lbl:
                img = self.ctx.text(line, max(14, round(u * 0.75)), col)
                surface.blit(img, img.get_rect(midtop=(slot.centerx, y)))
                y += img.get_height()
        # magic / end turn / no-more-swap buttons
        r = lay.cast_button
        if self.mode == "great":
            self._button(surface, r, self.ctx.t("ms.great_skip"), (200, 200, 190), False)
        elif self.magic_legal() and self.seat is not None:
            on = self.mode == "magic"
            self._button(surface, r, self.ctx.t("ms.cast_cancel" if on else "ms.cast"),
                         D.ACCENT if on else (190, 110, 200), not on, star=True)
        if self.mode is None and self.end_turn_legal():
            self._button(surface, r.move(0, r.h + round(u * 0.6)), self.ctx.t("ms.end_turn"), (200, 200, 190), False)
        _w, _h = lay.hand_card
        dragging = self.drag["ref"] if self.drag and self.drag["kind"] == "card" and self.drag["moved"] else None
        for card in self.latest.hand:
            if card.id == dragging:
                continue
            self._blit_hand_card(surface, lay, card)
        if dragging is not None:
            card = next((c for c in self.latest.hand if c.id == dragging), None)
            if card:
                self._blit_hand_card(surface, lay, card, lifted=True)
        if not self.latest.hand:
            img = self.ctx.text(self.ctx.t("ms.no_cards"), max(14, u * 0.8), (170, 190, 182))
            surface.blit(img, (lay.hand.x + u, lay.hand.centery))

    def _button(self, surface: pygame.Surface, r: pygame.Rect, label: str, col: Any, pulse: bool,
                star: bool = False) -> None:
        grow = round(2 * (1 + pygame.math.Vector2(1, 0).rotate(self.clock * 200).x)) if pulse else 0
        pygame.draw.rect(surface, (0, 0, 0, 80), r.move(2, 3), border_radius=r.h // 2)
        pygame.draw.rect(surface, col, r.inflate(grow, grow), border_radius=r.h // 2)
        pygame.draw.rect(surface, D.INK, r, 2, border_radius=r.h // 2)
        left = r.x + round(r.h * 0.4)
        if star:
            D.draw_shape(surface, "star", (r.x + r.h * 0.55, r.centery), r.h * 0.3, (255, 240, 200))
            left = r.x + r.h
        img = self.painter.fit_text(label, self.layout().unit * 0.9, D.INK, r.right - left - round(r.h * 0.3), True)
        surface.blit(img, img.get_rect(center=((left + r.right - round(r.h * 0.3)) // 2, r.centery)))

    def _blit_hand_card(self, surface: pygame.Surface, lay: L.Layout, card: M.HandCard, lifted: bool = False) -> None:
        w, h = lay.hand_card
        p = self.hand_pos.get(card.id)
        if p is None:
            return
        playable = self.card_playable(card)
        img = self.painter.action_card(self.content, card.type, card.actions, w, h, lifted,
                                       dim=not playable and self.mode_card is None)
        pad = (img.get_width() - w) // 2
        surface.blit(img, (round(p[0]) - pad, round(p[1]) - pad))
        if playable and self.mode_card is None and not lifted:
            pygame.draw.rect(surface, D.ACCENT, pygame.Rect(round(p[0]) - 2, round(p[1]) - 2, w + 4, h + 4), 2,
                             border_radius=max(5, w // 11))

    def draw_overlays(self, surface: pygame.Surface, lay: L.Layout) -> None:
        u = lay.unit
        # a dragged pair / mind / Negi on top of everything
        if self.drag and self.drag["moved"]:
            kind, ref = self.drag["kind"], self.drag["ref"]
            x, y = self.drag_topleft()
            if kind == "pair" and ref in self.model.pairs:
                pair = self.model.pairs[ref]
                b = self.painter.student_card(self.content, pair.body, lay.card_w, lay.card_h, False)
                m = self.painter.student_card(self.content, pair.mind, lay.card_w, lay.card_h, True)
                pad = (b.get_width() - lay.card_w) // 2
                surface.blit(b, (round(x) - pad, round(y) - pad))
                surface.blit(m, (round(x) + lay.off[0] - pad, round(y) + lay.off[1] - pad))
                if self.along is not None and self.along >= 0:
                    self._draw_along(surface, lay, x, y)
                elif self.along == -1:  # Negi comes along
                    nb = self.painter.negi_badge(self.negi_radius(lay))
                    surface.blit(nb, nb.get_rect(center=(round(x + lay.foot[0]), round(y))))
            elif kind == "mind":
                m = self.painter.student_card(self.content, ref, lay.card_w, lay.card_h, True, glow=True)
                pad = (m.get_width() - lay.card_w) // 2
                surface.blit(m, (round(x) - pad, round(y) - pad))
            elif kind == "negi":
                nb = self.painter.negi_badge(self.negi_radius(lay))
                surface.blit(nb, nb.get_rect(center=(round(x), round(y))))
        # what to do now
        text = self.prompt()
        if text and not self.presenter.busy:  # in the strip above the hand, clear of the area names
            img = self.painter.fit_text(text, u * 0.95, D.INK, lay.hand.w - round(u * 4), True)
            box = img.get_rect(midtop=(lay.hand.centerx, lay.hand.y + round(u * 0.15))).inflate(round(u * 1.6),
                                                                                                round(u * 0.4))
            pygame.draw.rect(surface, D.ACCENT, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, D.INK, box, 2, border_radius=box.h // 2)
            surface.blit(img, img.get_rect(center=box.center))
        if self.choices:
            self.draw_chooser(surface, lay)
        # zoom: right-click, or hover a moment
        z = self.zoom
        if z is None and self.hover is not None and self.hover_t > 0.7 and not self.presenter.busy:
            z = self.hover
            if z[0] == "card":
                z = next((("card", c) for c in self.latest.hand if c.id == z[1]), None)
        if z is not None:
            self.draw_zoom(surface, lay, z)

    def draw_chooser(self, surface: pygame.Surface, lay: L.Layout) -> None:
        """The two-action chooser over a dimmed map: an icon and the action's name on each choice."""
        u = lay.unit
        Panel.draw(surface, lay.map, (*theme.TABLE_DARK, 150), round(u * 0.8))
        fit = fitter_for(self.ctx)
        for r, action in self.chooser(lay):
            col = D.ACTION_COLOUR.get(action, D.ACCENT)
            Panel.draw(surface, r.move(2, 3), (0, 0, 0, 90), r.h // 3)
            Panel.draw(surface, r, theme.PAPER, r.h // 3, border=col, border_w=3)
            D.draw_action_icon(surface, action, (r.x + r.h * 0.5, r.centery), r.h * 0.26, col)
            text = self.ctx.t(f"ms.act.{action}")
            room = r.w - round(r.h * 1.0) - round(u * 0.5)
            img = fit.label(text, type_px("body", u), theme.INK, room, True)
            fit.blit_label(surface, img, text, limit=r, midleft=(r.x + round(r.h * 0.95), r.centery))

    def _draw_along(self, surface: pygame.Surface, lay: L.Layout, x: float, y: float) -> None:
        pair = self.model.pairs.get(self.along)
        if not pair:
            return
        b = self.painter.student_card(self.content, pair.body, lay.card_w, lay.card_h, False)
        m = self.painter.student_card(self.content, pair.mind, lay.card_w, lay.card_h, True)
        pad = (b.get_width() - lay.card_w) // 2
        dx = lay.foot[0] * 0.55
        surface.blit(b, (round(x + dx) - pad, round(y + lay.unit) - pad))
        surface.blit(m, (round(x + dx) + lay.off[0] - pad, round(y + lay.unit) + lay.off[1] - pad))

    def draw_zoom(self, surface: pygame.Surface, lay: L.Layout, z: tuple[str, Any]) -> None:
        from client.tables.mind_swap_zoom import draw_zoom

        draw_zoom(self, surface, lay, z)


def _dashed_rect(surface: pygame.Surface, r: pygame.Rect, col: Any, width: int, dash: int) -> None:
    for x0, y0, x1, y1 in ((r.left, r.top, r.right, r.top), (r.right, r.top, r.right, r.bottom),
                           (r.right, r.bottom, r.left, r.bottom), (r.left, r.bottom, r.left, r.top)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        n = max(1, length // (dash * 2))
        for i in range(n):
            a = i / n
            b = min(1.0, a + 0.5 / n)
            pygame.draw.line(surface, col, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
