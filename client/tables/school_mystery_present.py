"""school_mystery's presenter table: server events → animation steps, and what a view says about whose turn
and duty it is (the kit :class:`client.kit.presenter.Presenter` keeps the shown snapshot in step with them).

A roll's dice tumble on the table and the snapshot with its result lands only when they have landed (the
result, the buttons and the step line never run ahead of the dice); a drawn card flies from its deck; the
log lines of an event land after its steps. ``turn_duty(view)`` is the presenter's reader: the seats the
shown table waits for and who draws from each deck now (the holder of a pending draw step, else the scene's
duty), so the deck labels, the prompt and the step line name the same player.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from client.tables.school_mystery_texts import duty_now
from client.widgets.anim import Call

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable

SOUNDS = {"card_drawn": "card", "card_moved": "card", "info_card": "flip", "secret_unlocked": "token",
          "band_raised": "token", "condition_gained": "token", "student_left": "warn",
          "condition_blocked": "warn", "resolved": "gong"}


def turn_duty(view: Mapping[str, Any]) -> tuple[tuple[int, ...], Mapping[str, Any]]:
    """(turn, duty) of a school_mystery view: the roller while a roll is open, else the holder of the pending
    step, the first seat during the subject and leader choice, the players still creating a student; nobody
    in free play (anyone may write notes) or once the game is over."""
    phase = view.get("phase")
    if phase == "over" or not view:
        return (), {}
    duty = duty_now(view)
    roll = view.get("roll")
    if roll is not None and isinstance(roll.get("roller"), int):
        return (int(roll["roller"]),), duty
    tasks = view.get("tasks") or []
    if tasks and isinstance(tasks[0].get("seat"), int):
        return (int(tasks[0]["seat"]),), duty
    if phase in ("setup_subject", "setup_leader"):
        return (0,), duty
    if phase == "setup_students":
        return tuple(i for i, st in enumerate(view.get("students") or []) if st is None), duty
    return (), duty


class DiceStep:
    """A roll on the table: starts the dice when the queue reaches it, done once they have landed."""

    def __init__(self, t: SchoolMysteryTable, ev: dict[str, Any]) -> None:
        self.t, self.ev = t, ev
        self.started = False

    def _start(self) -> None:
        if not self.started:
            self.started = True
            self.t.start_dice(self.ev)

    @property
    def done(self) -> bool:
        return self.started and (self.t.dice is None or self.t.dice.landed)

    def update(self, dt: float) -> None:
        if not self.started:
            self._start()
            return  # the dice move with the table's own update
        # (nothing else: the table updates its dice every frame)

    def skip(self) -> None:
        self._start()
        if self.t.dice is not None:
            self.t.dice.skip()


def _sound(t: SchoolMysteryTable, name: str) -> Callable[[], None]:
    return lambda: t.ctx.play_sound(name)


def steps_for(t: SchoolMysteryTable) -> Callable[[dict[str, Any]], list[Any]]:
    """The presenter table: each event's steps (its sound, the dice, a card flying from its deck)."""
    def steps(ev: dict[str, Any]) -> list[Any]:
        kind = str(ev.get("type"))
        out: list[Any] = []
        if kind == "roll_declared":
            out.append(Call(t.clear_dice))
        if kind == "dice_rolled":
            out.append(Call(lambda: t.ctx.play_sound("dice")))
            out.append(DiceStep(t, ev))
        elif kind in SOUNDS:
            out.append(Call(_sound(t, SOUNDS[kind])))
        if kind == "card_drawn":
            out.append(Call(lambda: t.fly(str(ev.get("suit", "hearts")))))
        return out
    return steps


def log_for(t: SchoolMysteryTable) -> Callable[[dict[str, Any]], list[tuple[str, int | None]]]:
    """Each event's log line (in the words of the newest view: names do not change), with its seat."""
    def log(ev: dict[str, Any]) -> list[tuple[str, int | None]]:
        line = t.tx.event_line(t.newest, ev)
        seat = ev.get("seat") if isinstance(ev.get("seat"), int) else None
        return [(line, seat)] if line else []
    return log
