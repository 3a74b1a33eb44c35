"""school_mystery table log: describe.py's lines where they say more (answers, headline), the table's own elsewhere."""
from __future__ import annotations

from bench import sm_scenes as S
from client.tables.school_mystery_texts import SmTexts
from shared.games.school_mystery import describe as D
from tests.fakes import FakeCtx
from tests.sm_table_helpers import spec


def test_answered_questions_and_the_headline_come_from_describe_and_others_name_who_acted():
    state, hist = S.scene_over("en")
    ctx = FakeCtx("en")
    tx = SmTexts(ctx)
    view = spec().view(state, 0)
    content = spec().content()
    kinds = set()
    for _seat, _action, events in hist:
        for ev in events:
            line = tx.event_line(view, ev)
            if ev["type"] in ("question_answered", "title_set"):
                kinds.add(ev["type"])
                assert line == D.event_text(ev, view, content, "en")
                assert ev["text"] in line  # the answer / headline itself is in the log
            if ev["type"] == "info_card":
                assert tx.seat_name(view, ev["card"]["by"]) in line  # who placed it
            if ev["type"] == "your_secret":
                assert line is None  # never a secret's text on the shared log
    assert kinds == {"question_answered", "title_set"}
