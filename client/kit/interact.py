"""Pointer input driven by the node map: drag and drop, clicks, right-click zoom, hover peek, modal.

:class:`Interaction` takes the frame's :class:`~client.kit.nodes.NodeMap` (``sync``) and
turns pointer events into calls of the view's *intents*: ``accept(payload, target)`` →
(ok, why not), ``drop(payload, target)``, ``click(node)``, ``refuse(message)``. Drag
mechanics (threshold, grab offset, springs, glow on legal targets, a fading red outline on
a refused one) are :class:`client.widgets.drag.DragController`'s; zoom is
a :class:`client.kit.zoom.ZoomState` such as :class:`client.widgets.cards.CardZoom` (modal: while it is open nothing under it reacts).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import pygame

from client.kit.hover import HoverGate
from client.kit.nodes import Node, NodeMap, never_hit
from client.kit.zoom import ZoomState
from client.widgets.cards import HoverHold
from client.widgets.drag import DragController, DragSource, DropTarget

Accept = Callable[[Any, Node], tuple[bool, str]]
Drop = Callable[[Any, Node], None]
Click = Callable[[Node], None]
Refuse = Callable[[str], None]

Z = TypeVar("Z", bound=ZoomState)
PEEK_SECONDS = 0.9
ZOOM_Z = 1000


class Interaction(Generic[Z]):
    """One view's pointer handling over its node map (``zoom``: the view's zoom, e.g. a CardZoom)."""

    def __init__(self, zoom: Z, accept: Accept, drop: Drop, click: Click, refuse: Refuse,
                 nothing_here: Callable[[Any], str] | None = None, fast: bool = False) -> None:
        self.zoom = zoom
        self.accept, self.drop, self.click, self.refuse = accept, drop, click, refuse
        self.drag = DragController(fast=fast)
        self.drag.on_click = self._click_payload
        self.drag.on_reject = refuse
        if nothing_here is not None:
            self.drag.fallback_message = nothing_here
        self.hold = HoverHold(PEEK_SECONDS)
        self.gate = HoverGate()  # no hover peek right after a click, a drop or the curtain
        self.nodes = NodeMap()
        self.pointer = (0, 0)
        self._pressed: Any = None
        self._down = False
        self._signature: tuple[Any, ...] | None = None

    # --- the frame's nodes ------------------------------------------------------------------------
    def sync(self, nodes: NodeMap) -> None:
        """Take this frame's node map: drag sources and drop targets come from it."""
        if self.zoom.open and self.zoom.sticky:
            nodes.add(Node("zoom", pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6), z=ZOOM_Z, kind="overlay",
                           modal=True, solid=False, zoom=self.zoom.card))
        elif self.zoom.open:  # a hover peek: shown, not modal, never hit (the next click goes through)
            nodes.add(Node("peek", pygame.Rect(0, 0, 0, 0), z=ZOOM_Z, kind="overlay", solid=False, hit=never_hit,
                           zoom=self.zoom.card))
        self.nodes = nodes
        signature = tuple((repr(n.id), n.anchor, n.enabled, n.draggable, n.accepts, n.z, tuple(n.rect))
                          for n in nodes if n.draggable or n.accepts)
        if signature == self._signature:
            return  # same sources and targets as last frame
        self._signature = signature
        sources = sorted(nodes.drag_sources(), key=lambda n: n.z)
        self.drag.set_sources([DragSource(id=n.id, home=n.anchor, hit=n.contains, payload=n.payload)
                               for n in sources])
        targets: list[DropTarget] = []
        for n in reversed(nodes.ordered()):  # bottom first: the controller looks from the end
            if n.accepts and nodes.reachable(n):
                targets.append(DropTarget(n.id, n.rect, self._acceptor(n), self._dropper(n),
                                          radius=max(6, n.rect.h // 12)))
        self.drag.set_targets(targets)

    def _acceptor(self, node: Node) -> Callable[[Any], tuple[bool, str]]:
        return lambda payload: self.accept(payload, node)

    def _dropper(self, node: Node) -> Callable[[Any], None]:
        return lambda payload: self.drop(payload, node)

    def _click_payload(self, payload: Any) -> None:
        node = next((n for n in self.nodes if n.payload == payload and n.draggable), None)
        if node is not None:
            self.click(node)

    # --- events -------------------------------------------------------------------------------------
    def disarm(self) -> None:
        """No hover peek until the pointer moves onto another node (the curtain was just lifted)."""
        self.gate.disarm()
        self.hold.update(None, 0.0)
        if self.zoom.open and not self.zoom.sticky:
            self.zoom.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.gate.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._down = False
        if self.zoom.open and self.zoom.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            face = self.nodes.zoom_at(event.pos)
            if face is not None:
                self.zoom.show(face)
                return True
            return False
        if self.drag.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            node = self.nodes.at(event.pos)
            if node is not None and (node.enabled or node.why_not) and not node.draggable and node.kind != "area":
                self._pressed = node.id
                return True
            self._pressed = None
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            pressed, self._pressed = self._pressed, None
            node = self.nodes.at(event.pos)
            if node is not None and node.id == pressed and node.enabled:
                self.click(node)
            elif node is not None and node.id == pressed and node.why_not:
                self.refuse(node.why_not)  # a disabled control says which rule holds it back
            return True
        return False

    def update(self, dt: float) -> None:
        self.drag.update(dt)
        self.zoom.update(dt)
        hovered = None if (self.drag.dragging or self._down) else self.nodes.hover(self.pointer)
        if hovered is not None and self.gate.allow(hovered.id) is None:
            hovered = None  # just clicked, dropped or revealed: the pointer must move to a new node first
        elif hovered is None:
            self.gate.allow(None)
        held = self.hold.update(hovered.id if hovered is not None else None, dt)
        if held is not None and hovered is not None and not self.zoom.open:
            self.zoom.show(hovered.zoom, sticky=False)  # a peek: clicks pass through
        if self.zoom.open and not self.zoom.sticky and hovered is None:
            self.zoom.close()

    @property
    def hovered(self) -> Node | None:
        return None if self.drag.dragging else self.nodes.hover(self.pointer)
