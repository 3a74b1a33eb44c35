"""school_mystery table: the article page, exported as Markdown (the rules' article_markdown) and PNG."""
from __future__ import annotations

import pygame

from bench import sm_scenes as S
from tests.fakes import FakeCtx
from tests.sm_table_helpers import RECT, button_keys, click_button, screen


def test_the_finished_article_exports_markdown_and_a_png(tmp_path):
    screen()
    state, hist = S.scene_over("ja")
    assert state["phase"] == "over"
    ctx = FakeCtx("ja")
    table = S.make_table(ctx, state, hist, 0, RECT)
    table.export_dir = tmp_path / "articles"  # where the player's exports go (the app sets it)
    click_button(table, "export:md")
    click_button(table, "export:png")
    files = sorted((tmp_path / "articles").iterdir())
    md = next(f for f in files if f.suffix == ".md").read_text(encoding="utf-8")
    assert md.startswith("# " + S.TEXTS["ja"]["title"])
    used = [c for c in state["cards"] if c["id"] in state["clues_used"]]
    assert used and all(table.tx.card_base_text(table.view, c) in md for c in used)
    png = next(f for f in files if f.suffix == ".png")
    img = pygame.image.load(str(png))
    assert img.get_size() == (1240, 1754)
    # the page is newsprint with ink on it, not an empty surface
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1240, 37) for y in range(0, 1754, 41)}
    assert len(colours) > 5
    assert any(kind == "info" and str(png) in msg for msg, kind in ctx.toasts)


def test_the_article_is_shown_on_the_table_display_without_export_buttons():
    screen()
    state, hist = S.scene_over("en")
    ctx = FakeCtx("en", unit=30, display_mode=True)
    table = S.make_table(ctx, state, hist, None, RECT)
    assert not any(k.startswith("export:") for k in button_keys(table))
    surf = pygame.display.get_surface()
    table.draw(surf, surf.get_rect())


def test_a_friend_objects_to_a_declared_resolve_with_their_own_words():
    from tests.sm_table_helpers import apply_sent, click, entry, pump

    screen()
    state, hist = S.scene_resolution("en")
    sp = S.spec()
    state, _ = sp.apply(state, 0, {"type": "declare_resolve"})
    ctx = FakeCtx("en")
    table = S.make_table(ctx, state, hist, 1, RECT)
    assert "roll" not in button_keys(table)  # only the declarer rolls
    click(table, entry(table, "objection").rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="A glove proves nothing."))
    pump(table)
    click_button(table, "submit:objection")
    assert ctx.sent == [(1, {"type": "object", "text": "A glove proves nothing."})]
    state, events = apply_sent(table, ctx, state)
    assert any(e["type"] == "objection" for e in events)
    roller = S.make_table(FakeCtx("en"), state, hist, 0, RECT)
    if state["roll"] is not None:
        assert "roll" in button_keys(roller)
