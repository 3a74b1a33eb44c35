"""fate_votes intents: which drop or click stages which choice, and what the confirm button sends.

The local choices (cards staged for discard, vote/strike, the chosen player) live here.
Every check reads the legal actions of the *shown* snapshot (``table.shown_now().legal``, the
table's one shown truth: empty while the screen is catching up), so controls only act on what the player sees; nothing
is sent before a confirm, and only an action that is one of the legal ones.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.kit.nodes import Node
from client.kit.widgets import Button

if TYPE_CHECKING:
    from client.tables.fate_votes import FateVotesTable


class FvIntents:
    """Drops and clicks → staged choices → one candidate action."""

    def __init__(self, table: FateVotesTable) -> None:
        self.t = table
        self.staged: list[str] = []
        self.sel_choice: str | None = None
        self.sel_target: int | None = None
        self.awaiting = False  # a candidate was sent; the server's answer has not landed yet

    @property
    def legal(self) -> list[dict[str, Any]]:
        return [] if self.t.seat is None or self.t.display else self.t.shown_now().legal

    def tr(self, key: str, **params: Any) -> str:
        return self.t.ctx.t(key, **params)

    # --- what the legal actions allow ---------------------------------------------------------
    def types(self) -> set[str]:
        return {a.get("type", "") for a in self.legal}

    def discard_need(self) -> int:
        a = next((a for a in self.legal if a.get("type") == "discard"), None)
        return len(a["cards"]) if a else 0

    def choices(self) -> list[str]:
        return sorted({a["choice"] for a in self.legal if a.get("type") == "choose"},
                      key=lambda c: 0 if c == "vote" else 1)

    def final_mode(self) -> bool:
        return any(a.get("type") == "choose" and "seat" in a for a in self.legal)

    def target_legal(self, seat: int, choice: str | None, legal: list[dict[str, Any]] | None = None) -> bool:
        for a in self.legal if legal is None else legal:
            if a.get("type") == "target" and a.get("seat") == seat:
                return True
            if a.get("type") == "choose" and a.get("seat") == seat and (choice is None or a.get("choice") == choice):
                return choice is not None
        return False

    def targets_possible(self) -> bool:
        return "target" in self.types() or self.final_mode()

    def candidate(self) -> dict[str, Any] | None:
        """The action the confirm button would send now (one of the legal actions), or None."""
        for a in self.legal:
            kind = a.get("type")
            if kind == "discard" and sorted(a["cards"]) == sorted(self.staged):
                return a
            if kind == "target" and a.get("seat") == self.sel_target:
                return a
            if kind == "choose" and a.get("choice") == self.sel_choice:
                if "seat" in a and a["seat"] != self.sel_target:
                    continue
                return a
        return None

    def reset(self, phase_changed: bool, legal: list[dict[str, Any]]) -> None:
        """A snapshot landed (``legal``: its legal actions for this seat): drop choices that no longer make
        sense. Checked against the landed snapshot itself — while it lands the presenter is not caught up
        yet and :attr:`legal` is empty, which cleared every staged card whenever another seat acted."""
        if phase_changed:
            self.staged, self.sel_choice, self.sel_target = [], None, None
        self.awaiting = False
        if self.t.seat is None or self.t.display:
            legal = []
        hand = self.t.hand()
        if not any(a.get("type") == "discard" for a in legal):
            self.staged = []
        self.staged = [c for c in self.staged if c in hand]
        if self.sel_target is not None and not self.target_legal(self.sel_target, self.sel_choice, legal):
            self.sel_target = None

    # --- drops (called by the kit's Interaction with the target node) ---------------------------
    def accept(self, payload: Any, node: Node) -> tuple[bool, str]:
        kind = payload[0] if payload else ""
        if node.id == "discard":
            return self._accept_card(kind)
        if node.id == "hand":
            return (kind == "staged"), ""
        if isinstance(node.id, tuple) and node.id[0] == "plate":
            if kind != "token":
                return False, ""
            if self.awaiting:
                return False, self.tr("fv_msg_wait")
            return self.target_check(int(node.id[1]))
        return False, ""

    def _accept_card(self, kind: str) -> tuple[bool, str]:
        if kind != "card":
            return False, ""
        need = self.discard_need()
        if self.awaiting:
            return False, self.tr("fv_msg_wait")
        if not need:
            return False, self.tr("fv_msg_not_discard_time")
        if len(self.staged) >= need:
            return False, self.tr("fv_msg_discard_count", n=need)
        return True, ""

    def drop(self, payload: Any, node: Node) -> None:
        if node.id == "discard":
            self.t.move_card(payload[1], stage=True)
            self.t.ctx.play_sound("card")
        elif node.id == "hand":
            self.t.move_card(payload[1], stage=False)
        elif isinstance(node.id, tuple) and node.id[0] == "plate":
            self.sel_target = int(node.id[1])
            self.t.ctx.play_sound("token")

    def nothing_here(self, payload: Any) -> str:
        if payload and payload[0] == "token":
            return self.tr("fv_msg_drop_token")
        if payload and payload[0] == "staged":
            return ""
        return self.tr("fv_msg_drop_card")

    def target_check(self, seat: int) -> tuple[bool, str]:
        if not self.targets_possible():
            return False, self.tr("fv_msg_not_target_time")
        if self.final_mode() and self.sel_choice is None:
            return False, self.tr("fv_msg_choose_first")
        if self.target_legal(seat, self.sel_choice):
            return True, ""
        if seat == self.t.seat and (self.t.shown.get("phase") == "vote_target" or self.sel_choice == "vote"):
            return False, self.tr("fv_msg_not_self")
        return False, self.tr("fv_msg_no_votes")

    # --- clicks --------------------------------------------------------------------------------------
    def click(self, node: Node) -> None:
        kind = node.payload[0] if isinstance(node.payload, tuple) and node.payload else ""
        if kind == "button":
            self.press(str(node.payload[1]))
        elif kind == "plate":
            self.click_player(int(node.payload[1]))
        elif kind == "staged":
            self.t.move_card(node.payload[1], stage=False)
        elif kind == "token" and self.sel_target is not None:
            self.sel_target = None

    def click_player(self, seat: int) -> None:
        if self.awaiting or not self.targets_possible():
            return
        ok, msg = self.target_check(seat)
        if ok:
            self.sel_target = seat
            self.t.ctx.play_sound("token")
        else:
            self.t.refuse(msg)

    def press(self, button_id: str) -> None:
        self.t.ctx.play_sound("click")
        if button_id == "results":
            self.t.results_toggle = not self.t.results_toggle
        elif button_id in ("vote", "strike"):
            self.sel_choice = None if self.sel_choice == button_id else button_id
            if self.sel_target is not None and not self.target_legal(self.sel_target, self.sel_choice):
                self.sel_target = None
        elif button_id == "clear":
            for c in list(self.staged):
                self.t.move_card(c, stage=False)
            self.sel_target = None
        elif button_id == "ready":
            self.send({"type": "ready"})
        elif button_id == "confirm":
            action = self.candidate()
            if action is not None:
                self.send(action)

    def send(self, action: dict[str, Any]) -> None:
        """Send ``action`` only if it is one of the legal actions (the server still decides)."""
        if action not in self.legal or self.t.seat is None or self.awaiting:
            return
        self.awaiting = True
        self.t.last_action = dict(action)  # what a refusal refused (client.kit.refusals)
        self.t.ctx.send_action(self.t.seat, dict(action))

    # --- the buttons for what this seat can do now -----------------------------------------------------
    def buttons(self) -> list[Button]:
        t, L = self.t, self.t.L
        u = L.u
        tr = self.tr
        if t.shown.get("over"):
            if not t.scene.show_results or t.display:  # the display shows the results, no controls
                return []
            r = pygame.Rect(0, 0, int(u * 9), int(u * 2.2))
            r.topright = (L.main.right - int(u * 1.8), L.main.y + int(u * 1.6))  # on the sheet, beside the title
            label = tr("fv_btn_table") if t.results_toggle else tr("fv_btn_results")
            return [Button(label, r, key="results")]
        if t.display or L.controls is None:
            return []
        c = L.controls
        bh = int(u * 2.3)
        x1 = c.x + int(u * 5.0)  # right of the token and its label
        bw = (c.right - int(u * 0.4) - x1 - int(u * 0.5)) // 2  # two buttons that stay inside the panel
        x2 = x1 + bw + int(u * 0.5)
        y = c.y + int(u * 0.4)
        types = self.types()
        busy = self.awaiting
        out: list[Button] = []
        if "ready" in types:
            out.append(Button(tr("fv_btn_ready"), pygame.Rect(x1, c.centery - bh // 2, bw * 2 + int(u * 0.5), bh),
                              key="ready", enabled=not busy, primary=True, action={"type": "ready"}))
        choices = self.choices()
        if choices:
            out.append(Button(tr("fv_btn_vote"), pygame.Rect(x1, y, bw, bh), key="vote",
                              enabled="vote" in choices and not busy, selected=self.sel_choice == "vote"))
            out.append(Button(tr("fv_btn_strike"), pygame.Rect(x2, y, bw, bh), key="strike",
                              enabled="strike" in choices and not busy, selected=self.sel_choice == "strike",
                              why_not="" if "strike" in choices else tr("step.fv.no_strike")))
        label = self.confirm_label(types, choices)
        if label:
            cand = self.candidate()
            yc = c.bottom - bh - int(u * 0.4)
            out.append(Button(label, pygame.Rect(x1, yc, bw * 2 + int(u * 0.5) - bh - int(u * 0.4), bh), key="confirm",
                              enabled=cand is not None and not busy, primary=True, action=cand,
                              why_not="" if busy else self.instruction()))
            if self.staged or self.sel_target is not None:
                out.append(Button("×", pygame.Rect(x2 + bw - bh, yc, bh, bh), key="clear", enabled=not busy))
        return out

    def confirm_label(self, types: set[str], choices: list[str]) -> str:
        t, tr = self.t, self.tr
        dots = "…" if t.ctx.lang in ("ja", "zh") else "..."  # a placeholder for "nobody chosen yet"
        need = self.discard_need()
        if need:
            return tr("fv_btn_discard", n=need)
        name = t.player_name(self.sel_target) if self.sel_target is not None else dots
        if "target" in types:
            key = "fv_btn_confirm_strike" if t.shown.get("phase") == "strike_target" else "fv_btn_confirm_vote"
            return tr(key, name=name)
        if self.final_mode():
            return tr("fv_btn_confirm_strike" if self.sel_choice == "strike" else "fv_btn_confirm_vote", name=name)
        if choices:
            return tr("fv_btn_confirm_choice", choice=tr("fv_btn_" + self.sel_choice) if self.sel_choice else dots)
        return ""

    def instruction(self) -> str:
        """What this seat should do now (empty on the display)."""
        t, v, tr = self.t, self.t.shown, self.tr
        if t.display or t.seat is None:
            return ""
        types = self.types()
        if self.awaiting:
            return tr("fv_msg_wait")
        if not types:
            if v.get("over") or not t.pres.caught_up:
                return ""
            if t.seat in (v.get("submitted") or []):
                return tr("fv_instr_done")
            return tr("fv_instr_watch")
        if "ready" in types:
            return tr("fv_instr_discussion")
        if "discard" in types:
            return tr("fv_instr_discard", n=self.discard_need())
        if "target" in types:
            return tr("fv_instr_strike_target" if v.get("phase") == "strike_target" else "fv_instr_vote_target")
        if self.final_mode():
            return tr("fv_instr_final")
        if self.choices() == ["vote"]:
            return tr("fv_instr_choose_vote_only")
        return tr("fv_instr_choose")


