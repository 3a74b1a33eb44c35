"""fate_votes table: spectator view, draw purity, reveal animation, results, clock, lag behind the server.

Checked through what the view shows (node map, log lines, the shown state, recorded text)
and sends — not through private attributes.
"""
from __future__ import annotations

from itertools import pairwise

import pygame

from bench import fv_scenes as S
from client.kit.textfit import recording
from shared.engine import REGISTRY, events_for
from shared.rng import Rng
from tests.fakes import FakeCtx
from tests.fv_helpers import (
    button,
    click,
    clock,
    heading,
    highlighted,
    legal,
    nodes,
    plate,
    post,
    screen,
    shown,
    table_at,
    top_card,
    votes,
)


def _observable(t) -> tuple:
    """Everything a player can see or use: the node map rebuilt from the table as it now is (ids, rects,
    labels, payloads — votes, tokens, roles, the highlight, the heading, the clock, the banner), the log,
    whether it still animates."""
    t.update(0)
    return (tuple((repr(n.id), tuple(n.rect), n.enabled, n.label, repr(n.action), repr(n.payload)) for n in t.nodes()),
            tuple(t.log_lines()), t.busy(), t.frame_due())


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
    assert nodes(t, "button") == [] and t.nodes().drag_sources() == [] and t.L.controls is None
    assert shown(t, ("sent", 0)) is None and shown(t, ("target", 0)) is None


def test_draw_changes_nothing_mid_reveal_and_at_results():
    surf = screen()
    ctx = FakeCtx(lang="en", unit=20)
    for t in (S.final_reveal_scene(ctx, n=12, seat=0, progress=1.3),
              S.final_reveal_scene(ctx, n=12, seat=None, progress=2.0),
              S.round_scene(ctx), S.results_scene(ctx)):
        before = _observable(t)
        t.draw(surf, surf.get_rect())
        t.draw(surf, surf.get_rect())
        assert _observable(t) == before


def test_round_five_is_resolved_one_seat_at_a_time():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.0)
    final = t.view["final"]["votes"]
    assert t.busy() and not heading(t)[3]
    seen = []
    for _ in range(60 * 20):
        t.update(1 / 60)
        h = highlighted(t)
        if h is not None and (not seen or seen[-1] != h):
            seen.append(h)
        if not t.busy():
            break
    assert seen == [0, 5, 4, 3, 2, 1]  # from seat 1 counter-clockwise (rules.final_order)
    assert votes(t) == final and heading(t)[3]
    finals = [n for n in t.nodes().of_kind("card") if n.id[0] == "final"]
    assert len(finals) == 6 and all(n.zoom is not None for n in finals)  # face up, zoomable


def test_space_skips_the_reveal():
    screen()
    ctx = FakeCtx(lang="en", unit=20)
    t = S.final_reveal_scene(ctx, n=6, seat=0, progress=0.2)
    assert t.busy()
    post(t, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)
    t.update(1 / 60)
    assert not t.busy() and votes(t) == t.view["final"]["votes"]


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
    """An all-bot game fed as fast as bots act: the round and phase on screen are always those of a
    snapshot whose successor came less than ~1 s ago (or of the newest), and no control is live while the
    screen shows an older phase than the server's."""
    screen()
    sp = REGISTRY["fate_votes"]
    state = sp.setup(6, 4, {"discussion_seconds": 60})
    bot = sp.bots()["sensible"]
    rng = Rng.from_seed(4)
    ctx = FakeCtx(lang="en", unit=20, fast=False)
    t = S.make_table(ctx, state, 0, "en")

    def key(rnd: int, phase: str) -> tuple[int, str]:
        return rnd, "final" if phase == "over" else phase  # the heading says "final" until the results

    now, sid = 0.0, 1
    pushed = [(now, key(state["round"], state["phase"]))]  # (when, the round and phase it shows)
    while not sp.is_over(state):
        seat = next(s for s in range(6) if sp.legal_actions(state, s))
        state, events = sp.apply(state, seat, bot(sp.view(state, seat), sp.legal_actions(state, seat), rng))
        sid += 1
        t.set_snapshot(sp.view(state, 0), sp.legal_actions(state, 0), sid)
        t.push_events(events_for(events, 0))
        pushed.append((now, key(state["round"], state["phase"])))
        for _ in range(3):  # a bot acts every 50 ms
            t.update(1 / 60)
            now += 1 / 60
            on_screen = key(*heading(t)[1:3])
            recent = {k for (_, k), (came, _) in pairwise(pushed) if came >= now - (1.0 + 3 / 60)}
            assert on_screen in recent | {pushed[-1][1]}, (on_screen, pushed[-1], now)
            if on_screen != pushed[-1][1]:
                assert not any(b.enabled and b.action for b in nodes(t, "button")), "a control acts on a stale state"
    for _ in range(60 * 20):  # the last batch (the round-5 reveal) plays in full
        t.update(1 / 60)
        if not t.busy():
            break
    assert heading(t)[3] and votes(t) == state["votes"]


def test_results_explain_every_seat_and_condition():
    surf = screen()
    for lang in ("ja", "zh", "en"):
        ctx = FakeCtx(lang=lang, unit=20, fast=True)
        t = S.results_scene(ctx)
        assert heading(t)[3]
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
    t.update(1.5)
    assert clock(t) == ("clock", 11, None, False) and shown(t, ("clock", 0)).label == "0:11"
    assert "warn" not in ctx.sounds
    t.update(1.5)
    assert clock(t)[1] == 9 and "warn" in ctx.sounds
    t.set_clock(None)
    t.update(1.0)
    assert clock(t) is None


def test_ui_strings_exist_in_all_three_languages():
    from tests.fakes import load_strings
    keys = [{k for k in load_strings(lang) if k.startswith("fv_")} for lang in ("ja", "zh", "en")]
    assert keys[0] == keys[1] == keys[2] and len(keys[0]) > 50


def test_server_clock_wire_format_and_pause():
    _ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    t.set_clock({"deadline_in": 30.0, "paused": False, "total": 180.0})
    t.update(2.0)
    assert clock(t) == ("clock", 28, 180.0, False)
    t.set_clock({"deadline_in": 20.0, "paused": True, "total": 180.0})
    t.update(5.0)
    assert clock(t) == ("clock", 20, 180.0, True) and shown(t, ("clock", 0)).label == "0:20"


def test_hover_peek_does_not_eat_the_next_click():
    ctx, _state, t = table_at(lambda s: s["phase"] == "discussion")
    _c, pos = top_card(t)
    post(t, pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(70):
        t.update(1 / 60)
    peek = shown(t, "peek")  # a peek: shown, not modal
    assert peek is not None and peek.zoom.key == f"fv:{_c}" and shown(t, "zoom") is None
    click(t, button(t, "ready").rect.center)
    assert ctx.sent == [(0, {"type": "ready"})]


def test_own_submission_is_shown_only_to_its_seat():
    screen()
    sp = REGISTRY["fate_votes"]
    state, _ = S.play_to(6, 3, lambda s: s["phase"] == "vote_target" and s["pending"][0] is None)
    state, _ = sp.apply(state, 0, {"type": "target", "seat": 2})
    ctx = FakeCtx(lang="en", unit=20, fast=True)
    mine = S.make_table(ctx, state, 0, "en")
    assert shown(mine, ("sent", 0)).label == ctx.t("fv_sent_vote", name=mine.player_name(2))
    other = S.make_table(ctx, state, 1, "en")
    spectator = S.make_table(ctx, state, None, "en")
    assert shown(other, ("sent", 0)) is None and shown(spectator, ("sent", 0)) is None
    assert shown(spectator, ("seat", 0)).payload[6]  # everyone sees that seat 0 has chosen, not what
    assert not shown(spectator, ("seat", 1)).payload[6]


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
            other = next(a["seat"] for a in legal(state) if a.get("seat", 0) != 0
                         and (a["type"] == "target" or a.get("choice") == "vote"))
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
    waiting = by_text[shown(t, ("waiting", 0)).label]
    title, phase = by_text[ctx.t("fv_round", n=state["round"])], by_text[shown(t, ("heading", 0)).label]
    markers_end = title.left + u * 0.3 + max(title.w, phase.w) + u + 4 * u * 1.3 + u * 0.42
    assert waiting.left >= markers_end, (waiting, title, markers_end)
    assert not rec.cut()
