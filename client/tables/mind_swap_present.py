"""The mind_swap presenter table: what each event plays before the map shows its change.

A dice roll lands in the fixed tray, an outcome is announced, a marker jumps out of the
cup, clothes fly at a sneeze; then the event's change reaches the map
(:meth:`MindSwapTable.apply_event`), and a short pause lets the cards travel. The kit's
:class:`~client.kit.presenter.Presenter` plays these steps on ``widgets.anim`` and
fast-forwards a backlog.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client.kit import theme
from client.tables import mind_swap_draw as D
from client.tables import mind_swap_fx as FX
from client.widgets.anim import Call, Wait
from client.widgets.dice import DiceRoll

if TYPE_CHECKING:
    from client.tables.mind_swap import MindSwapTable


class MsPresent:
    """Event → steps for one :class:`MindSwapTable` (every event type goes through :meth:`steps`)."""

    def __init__(self, table: MindSwapTable) -> None:
        self.t = table

    def steps(self, ev: dict[str, Any]) -> list[Any]:
        """The effects one event plays (dice roll, announcement, marker, sneeze), then its change to the map."""
        t = self.t
        etype = str(ev.get("type", ""))
        fast = t.ctx.fast
        out: list[FX.Effect] = []
        if "faces" in ev and ev.get("faces"):
            lay = t.layout()
            size = t.dice_size(lay)
            tray = FX.tray_rect(lay.map, lay.unit, size)
            start, rest = FX.tray_path(tray, lay.unit, size)
            dropped = frozenset(int(i) for i in ev.get("dropped") or ())
            minor = str(ev.get("purpose")) in MINOR_ROLLS
            roll = DiceRoll(sides=FX.dice_sides(ev), faces=[int(f) for f in ev["faces"]], start=start, rest=rest,
                            size=size, dropped=dropped, fast=fast, label=None, duration=0.7 if minor else 0.85,
                            badge_hold=0.3 if minor else 0.6)
            out.append(FX.DiceStep(roll, t.texts.dice_caption(ev)))
        outcome = ev.get("outcome")
        if isinstance(outcome, str) and outcome:
            out.append(FX.BannerStep(0.0 if fast else 0.9, t.ctx.t(f"ms.outcome.{outcome}"),
                                     OUTCOME_COLOUR.get(outcome, D.ACCENT), sound="flip"))
            if outcome == "sneeze" and etype == "magic":
                out.append(FX.SneezeStep(0.0 if fast else 1.0, t.sprites.place_point(ev)))
        if etype == "marker" and isinstance(ev.get("student"), int):
            out.append(FX.MarkerStep(0.0 if fast else 0.8, int(ev["student"]), sound="token"))
        if not out:
            out.append(FX.Effect(0.0, EVENT_SOUND.get(etype) if t.texts.describe(ev) else None))
        focus = tuple(int(ev[k]) for k in ("a", "b", "student") if isinstance(ev.get(k), int))
        for step in out:
            step.focus = focus
            step.on_start = self._started
        steps: list[Any] = [*out, Call(lambda: t.apply_event(ev))]
        if etype == "turn" and t.seat is not None and ev.get("seat") == t.seat and not t.ctx.display_mode:
            # "Your turn" after the turn is shown: once the batch has landed and the sidebar and step line (the
            # shown snapshot) say it is this seat's turn (MindSwapTable._on_land queues it)
            steps.append(Call(self._your_turn_due))
        if not fast and etype in EVENT_PAUSE:
            # the change is shown when the step ends; a pause after it lets the cards travel
            steps.append(Wait(EVENT_PAUSE[etype]))
        return steps

    def _your_turn_due(self) -> None:
        self.t._your_turn_due = True

    def your_turn_banner(self) -> FX.BannerStep:
        """The "Your turn" announcement (played after the batch that gave this seat the turn has landed)."""
        banner = FX.BannerStep(0.0 if self.t.ctx.fast else 0.8, self.t.ctx.t("ms.your_turn"), D.ACCENT, sound="token")
        banner.on_start = self._started
        return banner

    def _started(self, step: FX.Effect) -> None:
        t = self.t
        if step.sound:
            t.ctx.play_sound(step.sound)
        if isinstance(step, FX.SneezeStep) and step.focus:
            step.at = t.sprites.place_point({"a": step.focus[0]})


OUTCOME_COLOUR = theme.MS_OUTCOMES
MINOR_ROLLS = frozenset({"start", "start_location", "location", "chachamaru"})
EVENT_PAUSE = {"minds": 0.6, "restored": 0.5, "move": 0.22, "negi": 0.2}
EVENT_SOUND = {"move": "card", "negi": "token", "play": "card", "draw": "card", "restored": "flip",
               "minds": "flip", "reshuffle": "card", "game_over": "gong", "turn": "click"}
