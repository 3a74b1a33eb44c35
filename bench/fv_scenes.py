"""fate_votes scenes driven by the real rules (for the frame bench, screenshots and tests).

``play_to(n, seed, stop)`` plays sensible bots through ``shared.engine`` until ``stop(state)``;
``make_table(ctx, state, seat)`` builds a :class:`FateVotesTable` showing that state.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.bots import next_bot_move
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
        move = next_bot_move(sp, state, lambda s: bot, lambda s: rng, range(n))
        if move is not None:
            state, events = sp.apply(state, *move)
            history.append((*move, events))
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


# --- the layout walk (tools/layout_walk.py) --------------------------------------------------------
_STATES: dict[tuple[Any, ...], dict] = {}


def _state_once(key: tuple[Any, ...], n: int, seed: int, stop: Callable[[dict], bool]) -> dict:
    """``play_to`` once per key (the walk builds the same scene in many sizes and languages)."""
    if key not in _STATES:
        _STATES[key] = play_to(n, seed, stop)[0]
    return _STATES[key]


def _phase_scene(phase: str, n: int = 8, seat: int = 0, seed: int = 3, choice: str | None = None,
                 target: bool = False) -> Callable[[Any], Any]:
    """A table in ``phase`` where ``seat`` must act, optionally with a choice / target staged by clicks."""
    def build(ctx: Any) -> Any:
        import pygame
        state = _state_once(("phase", phase, n, seed, seat), n, seed,
                            lambda s: s["phase"] == phase and bool(spec().legal_actions(s, seat)))
        t = make_table(ctx, state, seat, getattr(ctx, "lang", "en"))
        t.update(1 / 60)
        if choice is not None:
            node = t.nodes().find(("button", choice))
            if node is not None and node.enabled:
                _click(t, node.rect.center)
        if target:
            for other in range(n):
                if other != seat and t.intents.target_legal(other, t.intents.sel_choice):
                    _click(t, t.nodes().find(("plate", other)).rect.center)
                    break
        _ = pygame
        return t
    return build


def _click(t: Any, pos: tuple[int, int]) -> None:
    import pygame
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        t.handle_event(pygame.event.Event(etype, pos=(int(pos[0]), int(pos[1])), button=1))
    t.update(1 / 60)


def _round3(ctx: Any) -> Any:
    state = _state_once(("round3", 8, 3, 0), 8, 3, lambda s: s["round"] >= 3 and s["phase"] in (
        "vote_discard", "strike_discard") and s["acts"][0] and s["pending"][0] is None)
    return make_table(ctx, state, 0, getattr(ctx, "lang", "en"))


def _discard_staged(ctx: Any) -> Any:
    """Round 3, one card dragged onto the discard area."""
    import pygame
    t = _round3(ctx)
    t.update(1 / 60)
    card = [n for n in t.nodes().of_kind("card") if n.payload and n.payload[0] == "card"][-1]
    start, end = card.anchor, t.nodes().find("discard").rect.center
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1))
    for i in range(1, 7):
        p = (int(start[0] + (end[0] - start[0]) * i / 6), int(start[1] + (end[1] - start[1]) * i / 6))
        t.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    for _ in range(30):  # the card settles in its slot
        t.update(1 / 60)
    return t


def _zoomed(ctx: Any) -> Any:
    """A hand card zoomed with a right-click (all of its rule text)."""
    import pygame
    t = _round3(ctx)
    t.update(1 / 60)
    card = [n for n in t.nodes().of_kind("card") if n.payload and n.payload[0] == "card"][-1]
    pos = (int(card.anchor[0]), int(card.anchor[1]))
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    t.update(1 / 60)
    return t


def _display(ctx: Any) -> Any:
    from client.kit.headless import HeadlessContext
    big = HeadlessContext(ctx.lang, unit=ctx.unit * 1.5, fast=True, display_mode=True)
    state = _state_once(("display", 8, 3), 8, 3, lambda s: s["round"] == 3 and s["phase"] == "discussion")
    d = make_table(big, state, None, ctx.lang)
    d.set_clock(97)
    return d


def _results_sheet(ctx: Any) -> Any:
    t = make_table(ctx, _state_once(("over", 8, 11), 8, 11, lambda s: False), 0, getattr(ctx, "lang", "en"))
    t.skip_animations()
    t.update(1 / 60)
    node = t.nodes().find(("button", "results"))
    if node is not None:
        _click(t, node.rect.center)
    return t


def _reveal(ctx: Any) -> Any:
    """Round 5 being resolved seat by seat, a few seats in."""
    state = _state_once(("reveal", 12, 5), 12, 5,
                        lambda s: s["phase"] == "final" and last_actor_pending(s) is not None)
    table = make_table(ctx, state, 0, getattr(ctx, "lang", "en"))
    last = last_actor_pending(state)
    assert last is not None
    new, events = step_seat(state, last)
    feed(table, new, events, 0)
    for _ in range(int(3.3 * 60)):
        table.update(1 / 60)
    return table


def register_walk_scene(name: str) -> Callable[[Any], Any]:
    """One walk scene's builder by name (screenshots use the same scenes)."""
    found: dict[str, Callable[[Any], Any]] = {}
    register_walk(found.__setitem__)
    return found[name]


def register_walk(register: Callable[[str, Callable[[Any], Any]], None]) -> None:
    """The fate_votes scenes of the layout walk: every phase a seat acts in, the display, the results."""
    register("fate_votes_discussion", _phase_scene("discussion"))
    register("fate_votes_choose", _phase_scene("choose", choice="vote"))
    register("fate_votes_discard", _discard_staged)
    register("fate_votes_vote_target", _phase_scene("vote_target", target=True))
    register("fate_votes_strike_target", _phase_scene("strike_target", target=True))
    register("fate_votes_final", _phase_scene("final", n=12, choice="strike", target=True))
    register("fate_votes_zoom", _zoomed)
    register("fate_votes_display", _display)
    register("fate_votes_reveal", _reveal)
    register("fate_votes_results", _results_sheet)
