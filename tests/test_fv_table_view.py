"""fate_votes table: spectator view, draw purity, reveal animation, results, clock, lag behind the server.

Checked through what the view shows (node map, log lines, the shown state, recorded text)
and sends — not through private attributes.
"""
from __future__ import annotations

import pygame

from bench import fv_scenes as S
from client.kit.textfit import recording
from shared.engine import REGISTRY, events_for
from shared.rng import Rng
from tests.fakes import FakeCtx
from tests.fv_helpers import (
    button,
    click,
    nodes,
    plate,
    post,
    screen,
    table_at,
    top_card,
)


def _observable(t) -> tuple:
    """Everything a player can see or use (ids, rects, labels of nodes; log; shown numbers; banner)."""
    nm = t.nodes()
    return (tuple((repr(n.id), tuple(n.rect), n.enabled, n.label, repr(n.action)) for n in nm),
            tuple(t.log_lines()), t.pres.shown.sid, t.pres.busy, tuple(t.scene.votes), tuple(t.scene.tokens),
            tuple(t.scene.roles), t.scene.highlight, t.scene.show_results, t.banner.message, t.clock_left,
            tuple((f.src, f.dst, f.tween.elapsed) for f in t.scene.flyers))


def test_spectator_table_has_no_hand_and_no_controls():
    surf = screen()
    ctx, _state, t = table_at(lambda s: s["phase"] == "vote_discard", seat=None)
    assert "hand" not in t.view and "legal" not in t.view
    assert nodes(t, "card", "card") == [] and nodes(t, "button") == [] and t.nodes().drag_sources() == []
    t.draw(surf, surf.get_rect())
    click(t, plate(t, 1).center)  # a click on the table sends nothing
    assert ctx.sent == []


def test_display_mode_with_a_seat_still_hides_controls():
    screen()
    ctx = FakeCtx(lang="ja", unit=30, fast=True, display_mode=True)
    state, _ = S.play_to(6, 3, lambda s: s["phase"] == "vote_discard")
    t = S.make_table(ctx, state, None, "ja")
    t.update(0.016)
    assert t.display and nodes(t, "button") == [] and t.L.controls is None


def test_draw_changes_nothing_mid_reveal_and_at_results():
    surf = screen()
    ctx = FakeCtx(lang="en", unit=20)
    for t in (S.final_reveal_scene(ctx, n=12, seat=0, progress=1.3),
              S.final_reveal_scene(ctx, n=12, seat=None, progress=2.0),
              S.round_scene(ctx), S.results_scene(ctx)):
        t.update(1 / 60)
        before = _observable(t)
        t.draw(surf, surf.get_rect())
        t.draw(surf, surf.get_rect())
        assert _observable(t) == before


def test_round_five_is_resolved_one_seat_at_a_time():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.0)
    final = t.view["final"]["votes"]
    assert t.busy() and not t.over_shown
    seen = []
    for _ in range(60 * 20):
        t.update(1 / 60)
        h = t.scene.highlight
        if h is not None and (not seen or seen[-1] != h):
            seen.append(h)
        if not t.pres.busy:
            break
    assert seen == list(range(6))
    assert t.scene.votes == final and t.over_shown
    finals = [n for n in t.nodes().of_kind("card") if n.id[0] == "final"]
    assert len(finals) == 6 and all(n.zoom is not None for n in finals)  # face up, zoomable


def test_space_skips_the_reveal():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.2)
    assert t.busy()
    post(t, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)
    t.update(1 / 60)
    assert not t.pres.busy and t.scene.votes == t.view["final"]["votes"]


def test_log_lines_appear_only_when_their_animation_lands():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.0)
    before = t.log_lines()
    t.update(1 / 60)
    assert t.log_lines() == before  # the reveal has not landed yet
    t.skip_animations()
    t.update(1 / 60)
    after = t.log_lines()
    assert after[:len(before)] == before and len(after) > len(before)
    assert after[-1] == t.texts.log_lines({"type": "game_over", **t.view["final"]["result"]}, 0)[-1]


def test_fast_bots_keep_the_screen_within_a_second_of_the_server():
    """An all-bot game fed as fast as bots act: the shown state never trails by more than ~1 s,
    and no control is live while the screen is behind."""
    screen()
    sp = REGISTRY["fate_votes"]
    state = sp.setup(6, 4, {"discussion_seconds": 60})
    bot = sp.bots()["sensible"]
    rng = Rng.from_seed(4)
    ctx = FakeCtx(lang="en", unit=20, fast=False)
    t = S.make_table(ctx, state, 0, "en")
    worst, sid = 0.0, 1
    while not sp.is_over(state):
        seat = next(s for s in range(6) if sp.legal_actions(state, s))
        state, events = sp.apply(state, seat, bot(sp.view(state, seat), sp.legal_actions(state, seat), rng))
        sid += 1
        t.set_snapshot(sp.view(state, 0), sp.legal_actions(state, 0), sid)
        t.push_events(events_for(events, 0))
        for _ in range(3):  # a bot acts every 50 ms
            t.update(1 / 60)
            worst = max(worst, t.pres.lag)
            if not t.pres.caught_up:
                assert not any(b.enabled and b.action for b in nodes(t, "button")), "a control acts on a stale state"
    assert worst <= 1.0 + 3 / 60, worst
    for _ in range(60 * 20):  # the last batch (the round-5 reveal) plays in full
        t.update(1 / 60)
        if not t.pres.busy:
            break
    assert t.pres.shown.sid == sid and t.scene.votes == state["votes"]


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
        with recording() as rec:
            t.draw_results(surf, surf.get_rect())
        assert rec.records and not rec.cut(), rec.cut()


def test_clock_counts_down_and_tolerates_none():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    t.set_clock({"remaining": 12.0})
    t.update(3.0)
    assert 8.9 < t.clock_left < 9.1 and "warn" in ctx.sounds
    t.set_clock(None)
    t.update(1.0)
    assert t.clock_left is None


def test_ui_strings_exist_in_all_three_languages():
    from tests.fakes import load_strings
    keys = [{k for k in load_strings(lang) if k.startswith("fv_")} for lang in ("ja", "zh", "en")]
    assert keys[0] == keys[1] == keys[2] and len(keys[0]) > 50


def test_server_clock_wire_format_and_pause():
    _ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    t.set_clock({"deadline_in": 30.0, "paused": False, "total": 180.0})
    t.update(2.0)
    assert 27.9 < t.clock_left < 28.1 and t.clock_total == 180.0
    t.set_clock({"deadline_in": 20.0, "paused": True, "total": 180.0})
    t.update(5.0)
    assert t.clock_left == 20.0


def test_hover_peek_does_not_eat_the_next_click():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    _c, pos = top_card(t)
    post(t, pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(70):
        t.update(1 / 60)
    assert t.input.zoom.open and not t.input.zoom.sticky  # a peek
    click(t, button(t, "ready").rect.center)
    assert ctx.sent == [(0, {"type": "ready"})]


def test_own_submission_is_shown_only_to_its_seat():
    screen()
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
    seen = set()
    for phase in ("discussion", "choose", "vote_target", "strike_target", "final", "vote_discard"):
        _ctx, state, t = table_at(lambda s, p=phase: s["phase"] in (p, "over"), seat=0)
        if state["phase"] != phase:
            continue
        if phase in ("choose", "final"):
            click(t, button(t, "vote").rect.center)
        if phase in ("vote_target", "strike_target", "final"):
            other = next(s for s in range(1, state["players"]) if t.intents.target_legal(s, t.intents.sel_choice))
            click(t, plate(t, other).center)
        buttons = nodes(t, "button")
        assert t.L.controls is not None and buttons, phase
        for b in buttons:
            assert t.L.controls.contains(b.rect), (phase, b.id, b.rect, t.L.controls)
            assert not b.rect.colliderect(t.L.log), (phase, b.id)
        assert t.nodes().overlaps(("button",)) == []
        seen.add(phase)
    assert {"discussion", "choose", "vote_target"} <= seen, seen


def test_display_status_line_keeps_clear_of_the_round_title_and_markers():
    """On the TV (unit ×1.5) "Waiting for n player(s)" ran over the round markers; it now moves right."""
    screen()
    ctx = FakeCtx(lang="en", unit=30, fast=True, display_mode=True)
    state, _ = S.play_to(4, 3, lambda s: s["phase"] == "vote_discard")
    t = S.make_table(ctx, state, None, "en")
    surf = pygame.Surface((1500, 1080))  # a narrower table: the centre comes close to the title
    t.set_rect(surf.get_rect())
    t.update(1 / 60)
    with recording() as rec:
        t.draw(surf, surf.get_rect())
    u = t.L.u
    by_text = {r.text: r.rect for r in rec.records}
    waiting = by_text[ctx.t("fv_waiting", n=t.painter.waiting_count())]
    title, phase = by_text[ctx.t("fv_round", n=state["round"])], by_text[t.texts.phase_name(state["phase"])]
    markers_end = title.left + u * 0.3 + max(title.w, phase.w) + u + 4 * u * 1.3 + u * 0.42
    assert waiting.left >= markers_end, (waiting, title, markers_end)
    assert not rec.cut()
