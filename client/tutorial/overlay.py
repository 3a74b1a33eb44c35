"""The guided first game's overlay: the step card, a ring on what to touch, the rest dimmed and refused.

It sits on top of the table scene (``opaque = False``) and gets every input first:
- a *read* step: only its Next (or Finish) button reacts;
- a *confirm* step: its card's button sends the goal action (with the step's sample text), once legal;
- a *do* step: a left press is passed to the table only when it starts on a node the step lets
  the player touch (``touch``; the card zoom too) or on the table scene's own controls (the rules
  book's "?", the step line and bar under the table); anything else is refused gently (the card
  pulses and says "this step first"); releases, motion, the wheel, right-click zoom and keys
  (Esc = the menu, Space = skip) always pass.
The step's goal is the legal action it leads to (:func:`client.tutorial.steps.goal`); while the
seat has none yet (bots are moving) the card says so and nothing is ringed. The step is done
when an action that fits its ``expect`` pattern was sent by this seat and the server's snapshot
with that action's ``ref`` has come back (it landed); a refused one leaves the step as it was.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from assets.loaders.tutorial import Step, Tutorial
from client.kit import theme
from client.kit.nodes import Node
from client.kit.widgets import Button
from client.scenes.base import Scene
from client.tutorial import card as step_card
from client.tutorial import progress
from client.tutorial.steps import (
    action_matches,
    active_group,
    bind,
    card_text,
    filled,
    goal,
    id_matches,
)
from shared import messages as m

if TYPE_CHECKING:
    from client.app import App

PULSE_SECONDS = 1.2
DIM_ALPHA = 120


class TutorialScene(Scene):
    name = "tutorial"
    listens = ("snapshot", "error")
    opaque = False

    def __init__(self, app: App, table_scene: Any, tutorial: Tutorial, seat: int = 0) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.tutorial = tutorial
        self.seat = seat
        self.index = 0
        self.pending: str | None = None  # ref of the sent action that should complete the step
        self.seen_sent = 0
        self.pulse = PULSE_SECONDS
        self.refused = 0  # presses refused (tests)
        self.finished = False
        self.card: step_card.CardLayout | None = None
        self._key: tuple[Any, ...] = ()
        self._dim: tuple[Any, pygame.Surface] | None = None  # (size + holes, the dimming layer)
        progress.mark(app, tutorial.game, "offered")

    # --- the step ------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    def view(self) -> Any:
        return self.table_scene.current_view() if self.table_scene is not None else None

    def goal(self) -> dict[str, Any] | None:
        """The legal action the current do-step leads to (None: a read step, or not possible yet)."""
        step, view = self.step, self.view()
        if step.expect is None or view is None:
            return None
        return goal(step.expect, list(view.legal or []), dict(view.view or {}), self.seat, step.pick)

    def ring_nodes(self) -> list[Node]:
        """What the card points at now: the first ring group that is on screen and usable
        (:func:`client.tutorial.steps.active_group`)."""
        step, view = self.step, self.view()
        target = self.goal()
        if target is None or view is None or self.pending is not None:
            return []
        nodes = list(view.nodes())
        shown = dict(view.view or {})
        for group in step.ring:
            found = active_group([bind(p, self.seat, target, shown) for p in group], nodes)
            if found:
                return found
        return []

    def touchable(self, node: Node | None) -> bool:
        """May a press that starts on ``node`` reach the table in this step?"""
        if node is None:
            return False
        if node.kind == "overlay":  # an open card zoom: a press closes it
            return True
        if self.goal() is None or self.pending is not None:
            return False
        shown = dict(view.view or {}) if (view := self.view()) is not None else {}
        bound = [bind(p, self.seat, self.goal(), shown) for p in self.step.touch]
        return any(id_matches(b, node.id) for b in bound)

    def _scene_control(self, pos: tuple[int, int]) -> bool:
        """A press on the table scene's own controls (its buttons, anything below the table's area): never a
        move in the game, so the guide lets it through."""
        table = self.table_scene
        if table is None:
            return False
        if any(b.rect.collidepoint(pos) for b in getattr(table, "buttons", [])):
            return True
        return not table.table_rect().collidepoint(pos)

    def advance(self) -> None:
        self.pending = None
        self.pulse = PULSE_SECONDS
        if self.index + 1 >= len(self.tutorial.steps):
            self.finish()
            return
        self.index += 1
        self.layout()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        progress.mark(self.app, self.tutorial.game, "done")
        self.app.toast(self.app.strings.t("tutorial.done"), "info")
        self.app.pop(self)

    # --- scene -----------------------------------------------------------------------------------
    def texts(self) -> tuple[str, str, str]:
        t, lang = self.app.strings.t, self.app.strings.lang
        step = self.step
        title = f"{t('tutorial.title')} · {t('tutorial.step', n=self.index + 1, total=len(self.tutorial.steps))}"
        text = card_text(step, lang, t)
        note = ""
        if step.expect is not None and self.goal() is None and self.pending is None:
            note = t("tutorial.waiting")
        elif self.pulse > 0 and self.refused and step.expect is not None:
            note = t("tutorial.refused")
        return title, text, note

    def layout(self) -> None:
        app, u = self.app, self.app.unit
        bounds = self.table_scene.table_rect() if self.table_scene is not None else app.screen.get_rect()
        title, text, note = self.texts()
        reads = self.step.reads
        card = step_card.measure(app.text, u, bounds, text, note, title, reads or self.step.confirm)
        avoid = [n.rect for n in self.ring_nodes()]
        self.card = step_card.place(card, bounds, avoid, u)
        self.buttons = []
        if reads and self.card.button is not None:
            last = self.index == len(self.tutorial.steps) - 1
            self.buttons = [Button(app.strings.t("tutorial.finish" if last else "tutorial.next"), self.card.button,
                                   self.advance, primary=True, key="tutorial_next")]
        elif self.step.confirm and self.card.button is not None:
            self.buttons = [Button(app.strings.t("tutorial.confirm"), self.card.button, self.confirm, primary=True,
                                   key="tutorial_confirm", enabled=self.goal() is not None and self.pending is None)]
        self._key = self._layout_key()

    def _layout_key(self) -> tuple[Any, ...]:
        return (self.index, self.texts(), self.goal() is not None, self.pending,
                tuple(tuple(n.rect) for n in self.ring_nodes()), self.app.unit, self.app.screen.get_size())

    def confirm(self) -> None:
        """A confirm step's button: send the goal action, the step's sample text in its text fields."""
        target = self.goal()
        if target is None or self.pending is not None or self.app.match is None:
            return
        say = self.step.say.get(self.app.strings.lang) or self.step.say["en"] if self.step.say else None
        self.app.match.send_action(self.seat, filled(target, say))
        self._collect_sent()
        self.layout()

    def refuse(self) -> None:
        self.refused += 1
        self.pulse = PULSE_SECONDS
        self.app.sounds.play("click")
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        table = self.table_scene
        if event.type == pygame.KEYDOWN:
            return bool(table.handle_event(event)) if table is not None else False
        if self.step.reads:
            if not super().handle_event(event) and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.pulse = PULSE_SECONDS
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.card is not None and self.card.rect.collidepoint(event.pos):
                super().handle_event(event)  # a confirm step's button
                return True
            if self._scene_control(event.pos):  # the "?" (rules book), the step line, the control bar
                return bool(table.handle_event(event)) if table is not None else True
            view = self.view()
            node = view.nodes().at(event.pos) if view is not None else None
            if not self.touchable(node):
                self.refuse()
                return True
        if self.step.confirm and event.type == pygame.MOUSEBUTTONUP and super().handle_event(event):
            return True
        return bool(table.handle_event(event)) if table is not None else True

    def _collect_sent(self) -> None:
        """The newest action this seat sent that fits the step: its answer completes the step."""
        sent = getattr(self.app.match, "sent", [])
        for ref, seat, action in sent[self.seen_sent:]:
            if seat == self.seat and self.step.expect is not None and action_matches(self.step.expect, action):
                self.pending = ref
        self.seen_sent = len(sent)

    def on_message(self, msg: Any) -> None:
        """A typed ``snapshot`` or ``error``: the answer to the step's action completes it (or keeps it)."""
        self._collect_sent()  # the answer may come in the frame the action was sent
        if self.pending is None:
            return
        if isinstance(msg, m.Snapshot) and msg.seat == self.seat and msg.ref == self.pending:
            self.advance()
        elif isinstance(msg, m.Error) and msg.ref == self.pending:
            self.pending = None  # refused by the server: the step stays

    def update(self, dt: float) -> None:
        if self.finished:
            return
        self.pulse = max(0.0, self.pulse - dt)
        self._collect_sent()
        if self._layout_key() != self._key:
            self.layout()

    def frame_due(self) -> float | None:
        return 0.0 if self.pulse > 0 else None

    def draw(self, surface: pygame.Surface) -> None:
        if self.card is None or self.view() is None:
            return
        u = self.app.unit
        ring = self.ring_nodes()
        if ring:
            self._dim_around(surface, [n.rect for n in ring])
        title, text, note = self.texts()
        button = self.buttons[0] if self.buttons else None
        step_card.draw(surface, self.app.text, u, self.card, title, text, note, button,
                       self.pulse / PULSE_SECONDS)

    def _dim_around(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """Dim the table except the ringed nodes; a ring (thicker while the card pulses) around each."""
        u = self.app.unit
        pad = int(u * 0.35)
        holes = [r.inflate(2 * pad, 2 * pad) for r in rects]
        key = (surface.get_size(), tuple(tuple(r) for r in holes))
        if self._dim is None or self._dim[0] != key:
            dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            dim.fill((*theme.SHADOW, DIM_ALPHA))
            for r in holes:
                dim.fill(theme.TRANSPARENT, r)
            self._dim = (key, dim)
        surface.blit(self._dim[1], (0, 0))
        width = max(2, int(u * (0.18 + 0.2 * self.pulse / PULSE_SECONDS)))
        for r in holes:
            pygame.draw.rect(surface, theme.ACCENT, r, width=width, border_radius=theme.radius("button", u))
