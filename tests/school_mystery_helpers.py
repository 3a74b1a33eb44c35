"""Helpers for the school_mystery rule examples: quick tables and forced dice."""
from __future__ import annotations

from typing import Any

from shared.engine import REGISTRY
from shared.rng import Rng

SPEC = REGISTRY["school_mystery"]
RULES = SPEC.rules
PLAYBOOKS = ("ace_reporter", "photographer", "occult_fan", "council_member", "athlete", "transfer_student")


def act(state: dict, who: int, **action: Any) -> tuple[dict, list[dict]]:
    return SPEC.apply(state, who, action)


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def new_table(players: int = 3, subject: str = "music_room_piano", leader: int = 0, seed: int = 1,
              rivals: list[int] | None = None, **options: Any) -> dict:
    """Setup done: subject, leader and students (playbooks in order, array 0, rival = left)."""
    state = SPEC.setup(players, seed, {"subject": subject, **options})
    state, _ = act(state, 0, type="choose_leader", seat=leader)
    for s in range(players):
        rival = rivals[s] if rivals else (s + 1) % players
        state, _ = act(state, s, type="create_student", name=f"S{s}", playbook=PLAYBOOKS[s], stats=0,
                       rival=rival)
    return state


def give_item(state: dict, seat: int, name: str = "A torch") -> dict:
    """The table gives ``seat``'s student an item (a note with the holder: 「アイテムを所持して」)."""
    state, _ = act(state, (seat + 1) % state["players"], type="add_note", text=name, holder=seat)
    return state


def answer_all(state: dict) -> dict:
    for i in range(len(state["answers"])):
        state, _ = act(state, 0, type="answer_question", index=i, text=f"answer {i}")
    return state


def do_steps(state: dict) -> dict:
    """Resolve pending steps the simple way (answer, draw, first option / accept, first condition)."""
    while state["tasks"]:
        t = state["tasks"][0]
        seat = t["seat"]
        kind = t["kind"]
        if kind == "atmosphere":
            state, _ = act(state, seat, type="answer_atmosphere", text="quiet")
        elif kind == "draw":
            state, _ = act(state, seat, type="draw_card")
        elif kind == "pick":
            if t["suit"] in ("diamonds", "clubs"):
                state, _ = act(state, seat, type="choose_option", option=0)
            elif t["suit"] == "hearts" and t["mode"] == "move" and t["card"] == state["location"]:
                state, _ = act(state, seat, type="redraw")
            else:
                state, _ = act(state, seat, type="accept_card")
        elif kind == "condition":
            state, _ = act(state, seat, type="take_condition", condition="tired")
        elif kind == "clear":
            state, _ = act(state, seat, type="clear_condition", target=seat, index=0)
        elif kind == "secret":
            secret = RULES._locked_secrets(state, seat, True)[0]
            state, _ = act(state, seat, type="unlock_secret", secret=secret)
    return state


def investigating(players: int = 3, **kw: Any) -> dict:
    """A table in its first scene at location 2 (a public location of the test subjects), steps done."""
    state = answer_all(new_table(players, **kw))
    state, _ = act(state, 0, type="move", location=2)
    return do_steps(state)


def force_dice(state: dict, faces: list[int]) -> dict:
    """A copy of ``state`` whose rng throws ``faces`` next (searching rng states)."""
    for candidate in range(1, 2_000_000):
        rng = Rng(candidate * 0x9E3779B9)
        if [rng.randint(1, 6) for _ in faces] == faces:
            out = dict(state)
            out["rng"] = candidate * 0x9E3779B9
            return out
    raise AssertionError("no rng state found")
