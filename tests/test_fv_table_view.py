"""fate_votes table: spectator view, draw purity, reveal animation, results."""
from __future__ import annotations

import copy

import pygame

from bench import fv_scenes as S
from tests.fakes import FakeCtx
from tests.fv_helpers import screen, table_at


def _state_of(t) -> dict:
    """Everything that is table state (caches excluded)."""
    return copy.deepcopy({
        "view": t.view, "legal": t.legal, "staged": t.staged, "sel": (t.sel_choice, t.sel_target),
        "votes": t.disp_votes, "tokens": t.disp_tokens, "roles": t.role_shown, "log": t.log_lines,
        "queue": len(t.queue.steps), "flyers": [(f.src, f.dst, f.tween.elapsed) for f in t.flyers],
        "hand": {c: (sp.pos, sp.home, sp.face_up, sp.lift) for c, sp in t.hand_sprites.items()},
        "centre": [(c.sprite.pos, c.sprite.face_up, c.owner) for c in t.centre_cards],
        "final": {s: (sp.pos, sp.face_up) for s, sp in t.final_cards.items()},
        "buttons": [(b.id, tuple(b.rect), b.enabled, b.selected) for b in t.buttons],
        "message": t.message, "results": (t.show_results, t.results_toggle), "time": t.time,
        "highlight": t.highlight, "clock": t.clock_left,
    })


def test_spectator_table_has_no_hand_and_no_controls():
    surf = screen()
    ctx, state, t = table_at(lambda s: s["phase"] == "vote_discard", seat=None)
    assert "hand" not in t.view and "legal" not in t.view
    assert t.hand() == [] and t.hand_sprites == {} and t.buttons == []
    assert t.drag.sources == [] and t.L.hand is None
    t.draw(surf, surf.get_rect())
    # a click on the table sends nothing
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=t.L.plates[1].center, button=1)
    t.handle_event(ev)
    assert ctx.sent == []


def test_display_mode_with_a_seat_still_hides_controls():
    screen()
    ctx = FakeCtx(lang="ja", unit=30, fast=True, display_mode=True)
    state, _ = S.play_to(6, 3, lambda s: s["phase"] == "vote_discard")
    t = S.make_table(ctx, state, None, "ja")
    t.update(0.016)
    assert t.display and t.buttons == [] and t.L.controls is None


def test_draw_changes_no_state_mid_reveal_and_at_results():
    surf = screen()
    ctx = FakeCtx(lang="en", unit=20)
    for t in (S.final_reveal_scene(ctx, n=12, seat=0, progress=1.3),
              S.final_reveal_scene(ctx, n=12, seat=None, progress=2.0),
              S.round_scene(ctx), S.results_scene(ctx)):
        t.update(1 / 60)
        before = _state_of(t)
        t.draw(surf, surf.get_rect())
        t.draw(surf, surf.get_rect())
        assert _state_of(t) == before


def test_round_five_is_resolved_one_seat_at_a_time():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.0)
    final = t.view["final"]["votes"]
    assert t.queue.busy and t.show_results is False
    seen_highlights = []
    for _ in range(60 * 20):
        t.update(1 / 60)
        if t.highlight is not None and (not seen_highlights or seen_highlights[-1] != t.highlight):
            seen_highlights.append(t.highlight)
        if not t.queue.busy:
            break
    assert seen_highlights == list(range(6))
    assert t.disp_votes == final and t.show_results
    assert len(t.final_cards) == 6 and all(sp.face_up for sp in t.final_cards.values())


def test_space_skips_the_reveal():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.2)
    assert t.busy()
    t.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    t.update(1 / 60)
    assert not t.queue.busy and t.disp_votes == t.view["final"]["votes"]


def test_results_explain_every_seat_and_condition():
    surf = screen()
    for lang in ("ja", "zh", "en"):
        ctx = FakeCtx(lang=lang, unit=20, fast=True)
        t = S.results_scene(ctx)
        assert t.over_shown
        res = t.view["final"]["result"]
        for row in res["seats"]:
            text = t.texts.reason(row["reason_code"], row["params"], by=res["condition"])
            assert text and "{" not in text and "/" not in text
        for c in res["conditions"]:
            text = t.texts.reason(c["reason_code"], c["params"], by=res["condition"])
            assert text and "{" not in text
        t.draw_results(surf, surf.get_rect())


def test_clock_counts_down_and_tolerates_none():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion")
    t.set_clock({"remaining": 12.0})
    t.update(3.0)
    assert 8.9 < t.clock_left < 9.1 and "warn" in ctx.sounds
    t.set_clock(None)
    t.update(1.0)
    assert t.clock_left is None


def test_ui_strings_exist_in_all_three_languages():
    from tests.fakes import load_strings
    keys = [set(load_strings(lang)) for lang in ("ja", "zh", "en")]
    assert keys[0] == keys[1] == keys[2]
    fv = {k for k in keys[0] if k.startswith("fv_")}
    assert len(fv) > 50


def test_server_clock_wire_format_and_pause():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion")
    t.set_clock({"deadline_in": 30.0, "paused": False, "total": 180.0})
    t.update(2.0)
    assert 27.9 < t.clock_left < 28.1 and t.clock_total == 180.0
    t.set_clock({"deadline_in": 20.0, "paused": True, "total": 180.0})
    t.update(5.0)
    assert t.clock_left == 20.0


def test_hover_peek_does_not_eat_the_next_click():
    ctx, state, t = table_at(lambda s: s["phase"] == "discussion")
    from tests.fv_helpers import post
    c = t._hand_order()[-1]
    pos = tuple(int(v) for v in t.hand_sprites[c].pos)
    post(t, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(70):
        t.update(1 / 60)
    assert t.zoom.open and not t.zoom.sticky
    ready = next(b for b in t.buttons if b.id == "ready")
    post(t, pygame.MOUSEBUTTONDOWN, pos=ready.rect.center, button=1)
    assert ctx.sent == [(0, {"type": "ready"})]


def test_own_submission_is_shown_only_to_its_seat():
    screen()
    from shared.engine import REGISTRY
    sp = REGISTRY["fate_votes"]
    state, _ = S.play_to(6, 3, lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    state, _ = sp.apply(state, 0, {"type": "target", "seat": 2})
    ctx = FakeCtx(lang="en", unit=20, fast=True)
    mine = S.make_table(ctx, state, 0, "en")
    assert mine.painter.sent_text() == ctx.t("fv_sent_vote", name=mine.player_name(2))
    other = S.make_table(ctx, state, 1, "en")
    spectator = S.make_table(ctx, state, None, "en")
    assert other.painter.sent_text() == "" and spectator.painter.sent_text() == ""
    assert 0 in spectator.view["submitted"]  # everyone sees that seat 0 has chosen, not what


def test_control_buttons_stay_inside_the_control_panel():
    """The Vote/Strike, confirm, clear and Ready buttons never reach into the log column (seen at 720p)."""
    from tests.fv_helpers import table_at

    seen = set()
    for phase in ("discussion", "choose", "vote_target", "strike_target", "final", "vote_discard"):
        ctx, state, t = table_at(lambda s, p=phase: s["phase"] in (p, "over"), seat=0)
        if state["phase"] != phase:
            continue
        others = [s for s in range(len(t.L.plates)) if s != 0]
        if phase in ("choose", "final"):
            t.sel_choice = "vote"
        if phase in ("vote_target", "strike_target", "final"):
            t.sel_target = others[0]
        t.update(0)
        assert t.L.controls is not None and t.buttons, phase
        for b in t.buttons:
            assert t.L.controls.contains(b.rect), (phase, b.id, b.rect, t.L.controls)
            assert not b.rect.colliderect(t.L.log), (phase, b.id)
        seen.add(phase)
    assert {"discussion", "choose", "vote_target"} <= seen, seen


def test_display_status_line_keeps_clear_of_the_round_title_and_markers():
    """On the TV (unit ×1.5) "Waiting for n player(s)" ran over the round markers; it now moves right."""

    class Recorder(pygame.Surface):
        def __init__(self, size):
            super().__init__(size)
            self.rects = []

        def blit(self, source, dest, *a, **k):
            r = super().blit(source, dest, *a, **k)
            self.rects.append((source.get_size(), r))
            return r

    screen()
    ctx = FakeCtx(lang="en", unit=30, fast=True, display_mode=True)
    state, _ = S.play_to(4, 3, lambda s: s["phase"] == "vote_discard")
    t = S.make_table(ctx, state, None, "en")
    t.update(1 / 60)
    surf = Recorder((1500, 1080))  # a narrower table: the centre comes close to the title
    t.set_rect(surf.get_rect())
    t.update(1 / 60)
    t.draw(surf, surf.get_rect())
    surf.rects.clear()
    t.painter.draw_top(surf)
    u = t.L.u
    (_, title), (_, phase) = surf.rects[0], surf.rects[1]
    waiting = t.painter.text(ctx.t("fv_waiting", n=t.painter.waiting_count()), u * 1.3, (0, 0, 0))
    status = [r for size, r in surf.rects if size == waiting.get_size()]
    assert status, "no status line drawn"
    markers_end = title.left + u * 0.3 + max(title.w, phase.w) + u + 4 * u * 1.3 + u * 0.42
    assert status[0].left >= markers_end, (status[0], title, markers_end)
