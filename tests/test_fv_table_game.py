"""fate_votes table through whole games: every event animates, every text is filled in, in all languages."""
from __future__ import annotations

from bench import fv_scenes as S
from shared.engine import REGISTRY, events_for
from shared.rng import Rng
from tests.fakes import FakeCtx
from tests.fv_helpers import heading, screen, shown, votes


def _play_whole_game(n: int, seed: int):
    sp = REGISTRY["fate_votes"]
    state = sp.setup(n, seed, {"discussion_seconds": 60})
    bot = sp.bots()["sensible"]
    rng = Rng.from_seed(seed)
    steps = []
    while not sp.is_over(state):
        for seat in range(n):
            legal = sp.legal_actions(state, seat)
            if legal:
                state, events = sp.apply(state, seat, bot(sp.view(state, seat), legal, rng))
                steps.append((state, events))
                break
    return sp, steps


def test_tables_follow_a_whole_game_for_a_seat_and_the_display():
    surf = screen()
    sp, steps = _play_whole_game(7, 21)
    for lang, seat in (("ja", 0), ("zh", None), ("en", 3)):
        ctx = FakeCtx(lang=lang, unit=20, fast=False, display_mode=seat is None)
        first_state = sp.setup(7, 21, {"discussion_seconds": 60})
        t = S.make_table(ctx, first_state, seat, lang)
        for i, (state, events) in enumerate(steps):
            S.feed(t, state, events, seat, sid=i + 2)
            t.update(0.2)
            if i % 15 == 0:
                t.draw(surf, surf.get_rect())
        for _ in range(400):
            if not t.busy():
                break
            t.update(0.1)
        t.update(0.1)
        final = steps[-1][0]
        assert heading(t)[3]
        assert votes(t) == final["votes"]
        t.update(0)
        finals = [n for n in t.nodes().of_kind("card") if n.id[0] == "final"]
        if seat is None:  # the display goes straight to the results sheet
            assert shown(t, ("results", 0)) is not None and finals == []
        else:
            assert len(finals) == 7 and all(n.zoom is not None for n in finals)  # all face up
        assert any(line for line, _ in t.log_lines())
        for line, _ in t.log_lines():
            assert "{" not in line and "fv_" not in line, line
        if seat is None:
            assert [n for n in t.nodes() if n.draggable] == [] and ctx.sent == []
        t.draw(surf, surf.get_rect())
        t.draw_results(surf, surf.get_rect().inflate(-200, -200))


def test_every_log_entry_has_text_in_every_language():
    _sp, steps = _play_whole_game(5, 8)
    final_state = steps[-1][0]
    for lang in ("ja", "zh", "en"):
        ctx = FakeCtx(lang=lang, unit=20, fast=True)
        t = S.make_table(ctx, final_state, None, lang)
        kinds = set()
        for state, events in steps:
            for ev in events_for(events, None):
                lines = t.texts.log_lines(ev, None)
                kinds.add(ev["type"])
                for text, _ in lines:
                    assert text and "{" not in text and not text.startswith("fv_"), (ev["type"], text)
        assert {"roles", "votes", "voter_discards", "final_step", "final_reveal", "game_over"} <= kinds
