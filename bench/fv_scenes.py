"""fate_votes scenes driven by the real rules (for the frame bench, screenshots and tests).

``play_to(n, seed, stop)`` plays sensible bots through ``shared.engine`` until ``stop(state)``;
``make_table(ctx, state, seat)`` builds a :class:`FateVotesTable` showing that state.
"""
from __future__ import annotations

from typing import Any, Callable

from shared.engine import REGISTRY, events_for
from shared.rng import Rng

NAMES = ["Aki", "Ben", "Chika", "Daichi", "Emi", "Fumi", "Gen", "Hana", "Isamu", "Jun", "Kei", "Luna"]
NAMES_JA = ["あき", "ベン", "ちか", "だいち", "えみ", "ふみ", "げん", "はな", "いさむ", "じゅん", "けい", "るな"]
NAMES_ZH = ["小秋", "阿本", "千佳", "大地", "惠美", "文文", "阿元", "小花", "阿勇", "小纯", "阿庆", "露娜"]


def names_for(lang: str, n: int) -> list[str]:
    src = {"ja": NAMES_JA, "zh": NAMES_ZH}.get(lang, NAMES)
    return src[:n]


def spec() -> Any:
    return REGISTRY["fate_votes"]


def play_to(n: int, seed: int, stop: Callable[[dict], bool], max_steps: int = 2000
            ) -> tuple[dict, list[tuple[int, dict, list[dict]]]]:
    """Play with sensible bots until ``stop(state)`` is true before an action; returns (state, history)."""
    sp = spec()
    state = sp.setup(n, seed, {"discussion_seconds": 180})
    bots = sp.bots()
    bot = bots.get("sensible") or next(iter(bots.values()))
    rng = Rng.from_seed(seed + 7)
    history: list[tuple[int, dict, list[dict]]] = []
    for _ in range(max_steps):
        if stop(state) or sp.is_over(state):
            return state, history
        for seat in range(n):
            legal = sp.legal_actions(state, seat)
            if legal:
                action = bot(sp.view(state, seat), legal, rng)
                state, events = sp.apply(state, seat, action)
                history.append((seat, action, events))
                break
    return state, history


def step_seat(state: dict, seat: int, seed: int = 1) -> tuple[dict, list[dict]]:
    """One bot action for ``seat``."""
    sp = spec()
    bot = sp.bots().get("sensible")
    legal = sp.legal_actions(state, seat)
    action = bot(sp.view(state, seat), legal, Rng.from_seed(seed))
    return sp.apply(state, seat, action)


def last_actor_pending(state: dict) -> int | None:
    """The one seat still to act in a secret step, if exactly one is left."""
    sp = spec()
    left = [s for s in range(state["players"]) if sp.legal_actions(state, s)]
    return left[0] if len(left) == 1 else None


def make_table(ctx: Any, state: dict, seat: int | None, lang_names: str = "en", sid: int = 1) -> Any:
    from client.tables.fate_votes import FateVotesTable
    sp = spec()
    table = FateVotesTable(ctx, seat)
    table.set_names(names_for(lang_names, state["players"]))
    table.set_snapshot(sp.view(state, seat), sp.legal_actions(state, seat) if seat is not None else [], sid)
    table.set_clock(sp.timer(state))
    return table


def feed(table: Any, state: dict, events: list[dict], seat: int | None, sid: int = 2) -> None:
    """Give the table the snapshot after a step, then the events that led to it (the app's order)."""
    sp = spec()
    table.set_snapshot(sp.view(state, seat), sp.legal_actions(state, seat) if seat is not None else [], sid)
    table.push_events(events_for(events, seat))


def final_reveal_scene(ctx: Any, n: int = 12, seed: int = 5, seat: int | None = 0, progress: float = 2.2) -> Any:
    """Round 5 resolving one seat at a time, ``progress`` seconds in."""
    sp = spec()
    state, _ = play_to(n, seed, lambda s: s["phase"] == "final" and last_actor_pending(s) is not None)
    table = make_table(ctx, state, seat, getattr(ctx, "lang", "en"))
    last = last_actor_pending(state)
    assert last is not None
    new, events = step_seat(state, last)
    feed(table, new, events, seat)
    t = 0.0
    while t < progress:
        table.update(1 / 60)
        t += 1 / 60
    _ = sp
    return table


def round_scene(ctx: Any, n: int = 8, seed: int = 3, seat: int = 0) -> Any:
    """Round 3: seat 0 has to discard (votes on the plates, discards revealed)."""
    state, _ = play_to(n, seed, lambda s: s["round"] >= 3 and s["phase"] in ("vote_discard", "strike_discard")
                       and s["acts"][seat] and s["pending"][seat] is None)
    return make_table(ctx, state, seat, getattr(ctx, "lang", "en"))


def results_scene(ctx: Any, n: int = 8, seed: int = 11, seat: int | None = 0) -> Any:
    state, _ = play_to(n, seed, lambda s: False)
    table = make_table(ctx, state, seat, getattr(ctx, "lang", "en"))
    table.skip_animations()
    table.update(1 / 60)
    return table
