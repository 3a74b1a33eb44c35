"""school_mystery set-up on screen: the subject choice fits 1280×720 (a click shows a subject, only
"Choose this subject" sends it) and the seat tabs name the players before their students exist."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from client.kit.headless import HeadlessContext
from client.kit.textfit import recording
from tests.sm_table_helpers import button, click_button, screen

SMALL = pygame.Rect(0, 0, 1280, 720)


def _subject_table(lang: str, seat: int, rect: pygame.Rect = SMALL) -> tuple[HeadlessContext, object]:
    state, hist = S.play(4, 3, lang, lambda s: True, options={})
    assert state["phase"] == "setup_subject"
    screen()
    ctx = HeadlessContext(lang, unit=rect.h / 54)
    return ctx, S.make_table(ctx, state, hist, seat, rect)


def _drawn(table: object) -> list[str]:
    surface = pygame.Surface(table.rect.size)
    table.update(0)
    with recording() as rec:
        table.draw(surface, table.rect)
    assert not rec.cut(), [r.text for r in rec.cut()]
    return [r.text for r in rec.records]


def test_a_subject_click_shows_it_and_only_choose_this_sends_it():
    ctx, table = _subject_table("zh", 0)
    content = table.tx.content
    ids = list(content.subjects)
    last = content.subjects[ids[-1]]
    assert table.tx.tr(last.situation) not in _drawn(table)  # one subject's situation at a time
    click_button(table, f"subject:{ids[-1]}")
    assert ctx.sent == []
    assert table.tx.tr(last.situation) in _drawn(table)
    assert button(table, f"subject:{ids[-1]}").selected
    click_button(table, "choose_subject")
    assert ctx.sent == [(0, {"type": "choose_subject", "subject": ids[-1]})]


def test_any_seat_may_enter_the_tables_choice_of_subject():
    """The subject is the table's choice: any seat enters it (a bot in seat 0 leaves it to the humans)."""
    ctx, table = _subject_table("en", 2)
    ids = list(table.tx.content.subjects)
    click_button(table, f"subject:{ids[3]}")
    assert table.tx.tr(table.tx.content.subjects[ids[3]].situation) in _drawn(table)
    assert ctx.sent == []
    click_button(table, "choose_subject")
    assert ctx.sent == [(2, {"type": "choose_subject", "subject": ids[3]})]


def test_seat_tabs_name_the_players_before_students_exist():
    for lang in ("ja", "en"):
        _ctx, table = _subject_table(lang, 0, pygame.Rect(0, 0, 1920, 1080))
        drawn = _drawn(table)
        assert all(table.name(i) in drawn for i in range(4)) and "…" not in drawn, drawn
    _ctx, table = _subject_table("ja", 1)  # 720p: the open tab has its whole name (the others their badge)
    assert table.name(1) in _drawn(table)
