"""The investigation calendar: school day = one scene a day; holiday/vacation = two scenes a day.

``day_type`` of the subject: "weekday" follows the week (sat/sun are holidays);
"holiday" makes the first day a holiday and then follows the week; "vacation"
makes every day a holiday (a long vacation).
"""
from __future__ import annotations

from typing import Any

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def is_holiday(day_type: str, day: int, weekday: str) -> bool:
    if day_type == "vacation":
        return True
    if day_type == "holiday" and day == 1:
        return True
    return weekday in ("sat", "sun")


def start(day_type: str, start_weekday: str) -> dict[str, Any]:
    """Day 1 of a subject."""
    return {"day": 1, "weekday": start_weekday, "holiday": is_holiday(day_type, 1, start_weekday),
            "scenes_today": 0, "day_type": day_type}


def scenes_per_day(cal: dict[str, Any]) -> int:
    return 2 if cal["holiday"] else 1


def end_scene(cal: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The calendar after one more finished scene, and whether a new day began."""
    cal = dict(cal)
    cal["scenes_today"] += 1
    if cal["scenes_today"] < scenes_per_day(cal):
        return cal, False
    day = cal["day"] + 1
    weekday = WEEKDAYS[(WEEKDAYS.index(cal["weekday"]) + 1) % 7]
    return {"day": day, "weekday": weekday, "holiday": is_holiday(cal["day_type"], day, weekday),
            "scenes_today": 0, "day_type": cal["day_type"]}, True
