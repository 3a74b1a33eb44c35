"""The guided first game in the real app (local server, bots, SDL dummy): driven to its end by real mouse
events at the ringed nodes, presses elsewhere refused with the step kept, offered once on first launch,
replayable from the launcher, remembered in the settings."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import button, click
from tutorial_helpers import drive_to_end, launcher_app, open_tutorial

from tools.tutorial_drive import press_at


def _close(app) -> None:
    app.leave_table()


def test_fate_votes_guided_game_runs_to_its_end_with_real_clicks_and_drags_in_ja(tmp_path):
    app = open_tutorial(tmp_path, "fate_votes", "ja")
    try:
        tut = app.find("tutorial")
        assert tut.step.text["ja"] in tut.texts()[1]
        done = drive_to_end(app)
        steps = [s for s, _ in done]
        assert steps[0] == "welcome" and steps[-1] == "done"
        for needed in ("ready_1", "vote_1", "discard_1", "ready_2", "choose_strike", "strike_discard",
                       "strike_target"):
            assert needed in steps, (needed, done)
        assert any(d.startswith("drag ('token'") for s, d in done if s == "vote_1")
        assert any(d.startswith("drag ('card'") for s, d in done if s == "discard_1")
        sent = [a for _, seat, a in app.match.sent if seat == 0]
        assert {"type": "choose", "choice": "strike"} in sent
        assert sum(1 for a in sent if a["type"] == "discard") == 2
        assert sum(1 for a in sent if a["type"] == "target") == 2
        assert app.find("tutorial") is None and app.top.name == "table"  # the game goes on without the guide
        assert app.settings.tutorials["fate_votes"] == "done"
    finally:
        _close(app)


def test_mind_swap_guided_game_plays_a_card_moves_negi_and_casts_magic_with_real_drags_in_ja(tmp_path):
    app = open_tutorial(tmp_path, "mind_swap", "ja")
    try:
        done = drive_to_end(app)
        steps = [s for s, _ in done]
        assert steps == ["welcome", "your_turn", "move_negi", "move_negi", "magic", "done"], done
        sent = [a for _, seat, a in app.match.sent if seat == 0]
        negi = next(a for a in sent if a.get("action") == "move_negi")
        magic = next(a for a in sent if a["type"] == "magic")
        view = app.match.views[0].view
        assert negi["to"] == view["pieces"][0]["loc"]  # Negi was brought to the player
        assert magic["a"] != magic["b"]
        assert app.settings.tutorials["mind_swap"] == "done"
    finally:
        _close(app)


def test_a_press_off_the_ringed_nodes_is_refused_and_the_step_stays(tmp_path):
    app = open_tutorial(tmp_path, "fate_votes", "en")
    try:
        tut = app.find("tutorial")
        press_at(app, tut.buttons[0].rect.center)  # the welcome's Next
        from client_helpers import run_until

        run_until(app, lambda: bool(tut.ring_nodes()), what="the Ready button ringed")
        assert [n.id for n in tut.ring_nodes()] == [("button", "ready")]
        view = tut.view()
        card = next(n for n in view.nodes() if n.kind == "card" and n.draggable)
        before = len(app.match.sent)
        press_at(app, card.rect.center)  # a hand card: not this step's
        press_at(app, view.nodes().find("discard").rect.center)  # the discard area: not ringed either
        assert tut.refused == 2 and tut.step.id == "ready_1" and len(app.match.sent) == before
        assert tut.texts()[2] == app.strings.t("tutorial.refused")  # the card says so, with the step's text
        table = app.find("table")
        help_button = next(b for b in table.buttons if b.key == "rules_help")
        press_at(app, help_button.rect.center)  # the table's own "?" is never refused: the rules book opens
        assert app.top.name == "rules_book" and tut.refused == 2
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.frame(0.016)
        assert app.top is tut
        press_at(app, tut.ring_nodes()[0].rect.center)
        assert app.match.sent[-1][2] == {"type": "ready"}
        run_until(app, lambda: tut.step.id != "ready_1", what="the step done when Ready landed")
    finally:
        _close(app)


def test_first_launch_offers_the_guided_game_once_and_the_launcher_replays_it(tmp_path):
    app = launcher_app(tmp_path, "zh")
    try:
        launcher = app.top
        launcher.game = "fate_votes"
        click(app, button(launcher, "play").rect.center)
        assert app.top.name == "tutorial_offer" and app.top.game == "fate_votes"
        click(app, button(app.top, "offer_no").rect.center, frames=2)
        assert app.top.name == "play_setup"
        assert app.settings.tutorials == {"fate_votes": "offered"}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.frame(0.016)
        click(app, button(app.top, "play").rect.center)
        assert app.top.name == "play_setup", "offered once only"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.frame(0.016)
        click(app, button(app.top, "tutorial").rect.center, frames=2)
        assert app.top.name in ("tutorial_connect", "table", "tutorial")
        assert app.find("tutorial_connect") is not None or app.find("tutorial") is not None
    finally:
        _close(app)


def test_accepting_the_offer_opens_the_guided_game(tmp_path):
    app = launcher_app(tmp_path, "en")
    try:
        app.top.game = "fate_votes"
        click(app, button(app.top, "host").rect.center)
        assert app.top.name == "tutorial_offer"
        click(app, button(app.top, "offer_yes").rect.center, frames=1)
        assert app.find("tutorial_connect") is not None or app.find("tutorial") is not None
        assert app.settings.tutorials["fate_votes"] == "offered"
    finally:
        _close(app)


@pytest.mark.slow  # 6.3 s CPU quiet, 22 s in a loaded whole suite: started first by the xdist order
def test_school_mystery_guided_game_plays_a_scene_with_a_move_a_discover_roll_and_a_clue_in_en(tmp_path):
    app = open_tutorial(tmp_path, "school_mystery", "en")
    try:
        from client_helpers import run_until

        tut = app.find("tutorial")
        press_at(app, tut.buttons[0].rect.center)  # the welcome's Next
        run_until(app, lambda: tut.step.id == "leader" and tut.buttons[0].enabled, what="the leader card's button")
        assert "Sample" not in tut.texts()[1] and tut.buttons[0].label == app.strings.t("tutorial.confirm")
        before = len(app.match.sent)
        press_at(app, app.find("table").table_rect().center)  # the table, not the card: refused, nothing sent
        assert tut.refused == 1 and tut.step.id == "leader" and len(app.match.sent) == before
        done = drive_to_end(app, limit=600)
        steps = ["welcome"] + [s for s, _ in done]
        for needed in ("leader", "student", "answer_4", "move", "atmosphere", "phenomenon_draw", "discover", "roll",
                       "accept_roll", "clue_draw", "clue_pick"):
            assert needed in steps, (needed, done)
        assert steps[-1] == "done"
        assert any(d.startswith("drag ('deck', 'clubs')") for s, d in done if s == "clue_draw"), done
        assert any(d.startswith("click ('button', 'stat:") for s, d in done if s == "discover"), done
        sent = [a for _, seat, a in app.match.sent if seat == 0]
        assert next(a for a in sent if a["type"] == "create_student")["name"] == "Hiyori Haruno"
        view = app.match.views[0].view
        assert any(c["kind"] == "clue" for c in view["cards"])  # the clue is on the table
        assert app.find("tutorial") is None and app.settings.tutorials["school_mystery"] == "done"
    finally:
        _close(app)


def test_every_game_has_its_guided_game_on_the_launcher(tmp_path):
    from client.tutorial.offer import available

    app = launcher_app(tmp_path, "ja")
    try:
        assert all(available(g) for g in ("fate_votes", "mind_swap", "school_mystery"))
        click(app, next(rect for game, rect in app.top.cards if game == "school_mystery").center)
        assert app.top.game == "school_mystery" and button(app.top, "tutorial").enabled
        click(app, button(app.top, "play").rect.center)
        assert app.top.name == "tutorial_offer" and app.top.game == "school_mystery"
    finally:
        _close(app)
