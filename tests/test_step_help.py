"""The step-help line: every game, every phase, every seat (and the display) gets a line in ja, zh and en
that says who acts and — for the seat to act — what it may do; natural actions that are not possible
say why (fate_votes' strike, mind_swap's magic); the glossary terms it names exist."""
from __future__ import annotations

from typing import Any

import pytest
from typedmsg import typed

from assets.loaders.glossary import load_glossary
from client import games
from client.kit.headless import HeadlessContext
from client.kit.presenter import shown_of
from client.kit.stephelp import StepHelp, help_for
from shared.bots import next_bot_move
from shared.engine import REGISTRY
from shared.rng import Rng


def say(fn: Any, view: dict, legal: list, seat: int | None, ctx: Any) -> StepHelp:
    """The game's step help of a view shown as it is (the table scene's way: help_for on a Shown)."""
    help = help_for(fn, shown_of(view, legal, 0), seat, ctx)
    assert help is not None
    return help


GAMES = {"fate_votes": 4, "mind_swap": 3, "school_mystery": 3}


def playthrough(game: str, players: int, seed: int = 5, limit: int = 4000) -> list[tuple[dict, list, int | None]]:
    """(view, legal, viewer) for every viewer at every step of a bot game (the display as viewer None)."""
    spec = REGISTRY[game]
    state = spec.setup(players, seed, {})
    bot = spec.bots()["normal"]
    rngs = [Rng.from_seed(seed * 31 + s) for s in range(players)]
    order = Rng.from_seed(seed)
    out: list[tuple[dict, list, int | None]] = []
    for _ in range(limit):
        legal = {s: spec.legal_actions(state, s) for s in range(players)}
        for viewer in [*range(players), None]:
            out.append((spec.view(state, viewer), legal.get(viewer, []) if viewer is not None else [], viewer))
        if spec.is_over(state):
            break
        start = order.below(players)
        move = next_bot_move(spec, state, lambda s: bot, rngs.__getitem__,
                             [(start + k) % players for k in range(players)], list(range(players)))
        if move is not None:
            state, _ = spec.apply(state, *move)
    assert spec.is_over(state)
    return out


def sample(points: list[tuple[dict, list, int | None]]) -> list[tuple[dict, list, int | None]]:
    """One point per distinct (phase, legal types, viewer is acting) with its neighbours (fast, still every kind)."""
    seen: set[Any] = set()
    keep = []
    for view, legal, viewer in points:
        key = (view.get("phase"), tuple(sorted({a.get("type") for a in legal})), viewer is None,
               bool((view.get("scene") or {}).get("closed")), view.get("round"))
        if key not in seen:
            seen.add(key)
            keep.append((view, legal, viewer))
    return keep


@pytest.mark.parametrize("game", list(GAMES))
def test_every_step_has_a_line_in_every_language(game: str) -> None:
    fn = games.step_help(game)
    assert fn is not None
    points = sample(playthrough(game, GAMES[game]))
    glossary = load_glossary(game)
    for lang in ("ja", "zh", "en"):
        ctx = HeadlessContext(lang)
        for view, legal, viewer in points:
            help = say(fn, view, legal, viewer, ctx)
            assert isinstance(help, StepHelp)
            text = help.text(lang)
            assert help.who and text, (game, view.get("phase"), viewer)
            assert "{" not in text and "step." not in text, text
            if legal and viewer is not None and view.get("phase") != "over":
                assert help.may, (game, lang, view.get("phase"), sorted({a["type"] for a in legal}))
            unknown = [term for term in help.terms if term not in glossary]
            assert not unknown, (game, unknown)


def test_fate_votes_says_why_there_is_no_strike() -> None:
    ctx = HeadlessContext("en")
    fn = games.step_help("fate_votes")
    assert fn is not None
    view = {"phase": "choose", "round": 2, "actors": [0, 1, 2, 3], "submitted": [], "players": 4}
    only_vote = say(fn, view, [{"type": "choose", "choice": "vote"}], 0, ctx)
    both = say(fn, view, [{"type": "choose", "choice": "vote"}, {"type": "choose", "choice": "strike"}], 0, ctx)
    assert only_vote.mine and only_vote.why_not == ctx.t("step.fv.no_strike")
    assert both.why_not == ""
    waiting = say(fn, dict(view, submitted=[0, 1]), [], 0, ctx)
    assert not waiting.mine and ctx.seat_name(2) in waiting.text("en") and ctx.seat_name(3) in waiting.text("en")


def test_mind_swap_says_why_magic_is_not_possible() -> None:
    ctx = HeadlessContext("en")
    fn = games.step_help("mind_swap")
    assert fn is not None
    base = {"phase": "play", "turn": 0, "pending": None, "magic_left": 1, "played": True,
            "negi": "garden", "pieces": [{"loc": "garden", "room": None}, {"loc": "library", "room": None}]}
    end = [{"type": "end_turn"}]
    assert say(fn, base, end, 0, ctx).why_not == ctx.t("step.ms.no_pair")
    assert say(fn, dict(base, negi="library"), end, 0, ctx).why_not == ctx.t("step.ms.no_negi")
    assert say(fn, dict(base, magic_left=0), end, 0, ctx).why_not == ctx.t("step.ms.no_magic_left")
    assert say(fn, base, end + [{"type": "magic", "a": 3, "b": 5}], 0, ctx).why_not == ""
    other = say(fn, base, [], 1, ctx)
    assert not other.mine and ctx.seat_name(0) in other.who


def _definition_drawn(app, definition: str):
    """Where the next frame draws ``definition`` (a popup over the table): the rect of its text on screen."""
    from client.kit.textfit import recording

    with recording() as rec:
        app.frame(0.016)
    drawn = [r for r in rec.on(app.screen) if r.text == definition]
    assert drawn and all(r.kind == "popup" and not r.cut for r in drawn), drawn
    return drawn[-1].rect


def test_the_table_scene_shows_the_line_and_a_term_on_hover(tmp_path) -> None:
    """The real table scene: the line under the table (the view gets the rect above it), a pointer over a
    term chip opens its definition."""
    import pygame
    from client_helpers import fate_votes_match, make_app

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        spec, state, match = fate_votes_match(app)
        scene = app.push("table", match=match)
        app.frame(0.016)
        app.frame(0.016)
        help = scene.step_help
        assert help is not None and help.mine and help.who == app.strings.t("step.fv.discussion")
        assert scene.step_rect().top == scene.table_rect().bottom == 720 - scene.bar_height() - scene.step_height()
        assert scene.step_rect().bottom == 720 - scene.bar_height()  # right above the control bar
        chip = scene.step_line.chips[0]
        assert chip.term == "discussion"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=chip.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.frame(0.016)
        assert scene.step_line.hovered() == chip
        box = _definition_drawn(app, chip.definition)  # the card as the frame drew it, over the table
        assert box.bottom <= scene.step_rect().top
        for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click: the rules book at the term's page
            pygame.event.post(pygame.event.Event(etype, pos=chip.rect.center, button=1))
        app.frame(0.016)
        book = app.find("rules_book")
        assert book is not None and chip.page == "round"
        assert app.scenes[-1] is book and book.page_id == "round"
    finally:
        app.shutdown()


def test_school_mystery_names_the_step_and_why_moves_are_not_possible() -> None:
    ctx = HeadlessContext("en")
    fn = games.step_help("school_mystery")
    assert fn is not None
    students = [{"name": "Akari", "playbook": "ace_reporter"}, {"name": "Sora", "playbook": "ace_reporter"}]
    view = {"phase": "investigation", "students": students, "tasks": [{"kind": "draw", "suit": "spades", "seat": 1}],
            "scene": {"number": 2, "closed": False}}
    mine = say(fn, view, [{"type": "draw_card"}], 1, ctx)
    assert mine.mine and mine.may == ctx.t("step.sm.task_draw", suit="♠") and "duty" in mine.terms
    theirs = say(fn, view, [], 0, ctx)
    assert not theirs.mine and "Sora" in theirs.who  # the student's name, not "Player 2"
    closed = dict(view, tasks=[], scene={"number": 2, "closed": True})
    notes = [{"type": "add_note"}, {"type": "move"}]
    assert say(fn, closed, notes, 0, ctx).why_not == ctx.t("step.sm.scene_closed_why")
    leader = say(fn, closed, notes + [{"type": "begin_resolution"}], 0, ctx)
    assert leader.mine and ctx.t("step.sm.leader_may_end") in leader.may
    moves = say(fn, dict(closed, scene={"number": 3, "closed": False}), notes + [{"type": "declare_roll"}], 0, ctx)
    assert moves.may == ctx.t("step.sm.scene_may") and moves.why_not == ""


def _fate_votes_choosing(app: Any) -> Any:
    """A pass-and-play fate_votes table scene (one human, seat 0) in round 2's choice, drawn for three frames
    (its layers made, its terms found)."""
    from client.match import Match

    spec = REGISTRY["fate_votes"]
    state = spec.setup(4, 3, {})
    for seat in range(4):
        state, _ = spec.apply(state, seat, {"type": "ready"})
    for seat in range(4):  # round 1: everyone votes; then the discards and round 2's choice
        state, _ = spec.apply(state, seat, spec.legal_actions(state, seat)[0])
    for seat in range(4):
        state, _ = spec.apply(state, seat, spec.legal_actions(state, seat)[0])
    for seat in range(4):
        state, _ = spec.apply(state, seat, {"type": "ready"})
    assert state["phase"] == "choose"
    match = Match(app, "fate_votes", "t1", mode="play", humans=[0])
    app.match = match
    match.on_message(typed({"t": "snapshot", "table": "t1", "seat": 0, "view": spec.view(state, 0),
                      "legal": spec.legal_actions(state, 0), "sid": 1}))
    scene = app.push("table", match=match)
    for _ in range(3):
        app.frame(0.016)
    return scene


def test_a_term_on_the_tables_own_panels_shows_its_definition_after_a_rest(tmp_path) -> None:
    """The "Vote" button of fate_votes is the glossary's "vote": the pointer resting on it opens the card."""
    import pygame
    from client_helpers import make_app

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        scene = _fate_votes_choosing(app)
        spot = next((s for s in scene.step_line.spots if s.term == "vote"), None)
        assert spot is not None and spot.label.casefold() == "vote"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.frame(0.016)
        assert scene.step_line.held_spot() is None  # not at once
        for _ in range(40):
            app.frame(0.02)
        assert scene.step_line.held_spot() == spot
        box = _definition_drawn(app, spot.definition)
        assert app.screen.get_rect().contains(box) and not box.colliderect(spot.rect)
    finally:
        app.shutdown()


def _watch_draws(view: Any, note: Any) -> None:
    """Call ``note(surface)`` each time ``view`` draws (then let it draw)."""
    plain_draw = view.draw

    def draw(surface: Any, rect: Any) -> None:
        note(surface)
        plain_draw(surface, rect)
    view.draw = draw


def test_a_table_frame_records_nothing_and_its_draw_changes_nothing(tmp_path) -> None:
    """The terms on the table come from the view's node map, outside the frame: a frame draws with every cache
    (nothing records while the view draws), drawing again leaves the found terms as they were, and looking
    again finds the same."""
    from client_helpers import make_app

    from client.kit.textfit import is_recording

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        scene = _fate_votes_choosing(app)
        seen: list[bool] = []
        _watch_draws(scene.current_view(), lambda surface: seen.append(is_recording()))
        app.frame(0.016)
        assert seen and not any(seen)  # the frame's own draw records nothing (every cache is used)
        spots = [(s.term, tuple(s.rect)) for s in scene.step_line.spots]
        assert "vote" in {term for term, _ in spots}  # on the Vote button
        scene.step_line.spots = []
        scene.draw(app.screen)
        assert scene.step_line.spots == []  # drawing found nothing, changed nothing
        scene._terms_key = None  # look again
        scene.update(0.0)
        assert sorted((s.term, tuple(s.rect)) for s in scene.step_line.spots) == sorted(spots)
    finally:
        app.shutdown()


def test_the_tables_terms_come_from_its_node_map_never_an_off_screen_draw(tmp_path) -> None:
    """Glossary terms on the table are found among the node map's labels (#32): the "Vote" spot is the Vote
    button's node; the view is never drawn anywhere but the window to find them, however the pointer moves
    and rests; a label that changes (the language) is looked at again."""
    import pygame
    from client_helpers import make_app

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        scene = _fate_votes_choosing(app)
        view = scene.current_view()
        looks: list[int] = []
        _watch_draws(view, lambda surface: looks.append(1) if surface is not pygame.display.get_surface() else None)
        for i in range(30):  # the pointer moves, then rests
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + 7 * i, 300), rel=(7, 0),
                                                 buttons=(0, 0, 0)))
            app.frame(0.05)
        for _ in range(20):
            app.frame(0.05)
        assert looks == []
        vote = view.nodes().find(("button", "vote"))
        assert vote is not None
        spot = next(s for s in scene.step_line.spots if s.term == "vote")
        assert spot.rect == vote.rect and spot.label.casefold() == vote.label.casefold()
        assert all(not s.rect.colliderect(scene.step_rect()) for s in scene.step_line.spots)
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja", "zh"])
def test_the_line_of_the_seat_to_act_wraps_as_drawn_never_under_its_chips(lang: str) -> None:
    """The seat to act reads its line in bold: it is measured bold too, so at 1280x720 with 150 % text it wraps
    inside its box instead of running on under the term chips (seen: "…everyone vote" cut by the chips)."""
    import pygame

    from client.kit.textfit import recording

    pygame.display.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = HeadlessContext(lang, unit=720 / 54 * 1.5)
    u = ctx.unit
    help = StepHelp(ctx.t("step.your_turn"), ctx.t("step.fv.vote_may"), ctx.t("step.fv.round1"),
                    ("vote", "token"), mine=True)
    from client.kit.stephelp import StepLine

    line = StepLine()
    rect = pygame.Rect(0, 720 - int(u * 3) - StepLine.height(ctx, u), 1280, StepLine.height(ctx, u))
    line.layout(ctx, help, rect, u, load_glossary("fate_votes"))
    assert line.chips
    with recording() as rec:
        line.draw(screen, ctx, help, u)
    box = line.text_rect(u)
    texts = [r for r in rec.on(screen) if r.kind == "rule"]
    assert texts and all(not r.cut for r in texts), texts
    for r in texts:
        assert r.rect.right <= box.right and not any(r.rect.colliderect(c.rect) for c in line.chips), (r, box)
