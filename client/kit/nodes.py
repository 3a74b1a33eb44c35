"""The node map: everything interactive or inspectable on screen, rebuilt each frame.

A view lists its nodes (in ``update``, never in ``draw``): an id, a rect, a z order, a
payload, whether it can be dragged, which payload kinds it accepts as a drop, the card
face shown when it is zoomed, whether it is modal, and the candidate action it stands for.
Hit-testing, hover/peek, right-click zoom, drag sources and targets, modal blocking and
"is this candidate legal" all come from the same map, so tests and the layout walk read
what the player sees.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

Hit = Callable[[tuple[float, float]], bool]


def never_hit(_pos: tuple[float, float]) -> bool:
    """The hit test of a node that is shown but never touched (a heading, an effect playing)."""
    return False


@dataclass
class Node:
    """One thing on screen."""

    id: Any
    rect: pygame.Rect
    z: int = 0
    kind: str = ""  # "button" | "card" | "plate" | "token" | "area" | "text" | …
    payload: Any = None
    draggable: bool = False
    accepts: frozenset[str] = frozenset()  # payload kinds this node takes as a drop
    zoom: Any = None  # what a right-click / hover-hold shows large (e.g. a CardFace)
    modal: bool = False  # blocks everything under it
    action: dict[str, Any] | None = None  # the candidate action it sends, if any
    enabled: bool = True
    label: str = ""  # visible text (buttons, names), for tests and the walk
    hit: Hit | None = None  # precise hit test (rotated cards, round tokens); default: the rect
    solid: bool = True  # takes part in the overlap check of the layout walk
    home: tuple[float, float] | None = None  # where a draggable rests (default: the rect's centre)
    why_not: str = ""  # a disabled control: the rule that holds it back, said when it is clicked
    selected: bool = False  # a choice shown as the chosen one (a toggled button, a picked option)

    def contains(self, pos: tuple[float, float]) -> bool:
        if self.hit is not None:
            return self.hit(pos)
        return self.rect.collidepoint(int(pos[0]), int(pos[1]))

    @property
    def anchor(self) -> tuple[float, float]:
        return self.home if self.home is not None else (float(self.rect.centerx), float(self.rect.centery))

    @property
    def payload_kind(self) -> str:
        p = self.payload
        if isinstance(p, tuple) and p and isinstance(p[0], str):
            return p[0]
        return self.kind


@dataclass
class NodeMap:
    """The nodes of one frame, in insertion order (later = drawn later at the same z)."""

    nodes: list[Node] = field(default_factory=list)

    def add(self, node: Node) -> Node:
        self.nodes.append(node)
        return node

    def extend(self, nodes: Iterable[Node]) -> None:
        self.nodes.extend(nodes)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def find(self, node_id: Any) -> Node | None:
        """The first node with id ``node_id``, or None."""
        return next((n for n in self.nodes if n.id == node_id), None)

    def of_kind(self, kind: str) -> list[Node]:
        return [n for n in self.nodes if n.kind == kind]

    def ordered(self) -> list[Node]:
        """Top first: highest z, then the latest added."""
        return [n for _, n in sorted(enumerate(self.nodes), key=lambda p: (-p[1].z, -p[0]))]

    def modal_z(self) -> int | None:
        zs = [n.z for n in self.nodes if n.modal]
        return max(zs) if zs else None

    def reachable(self, node: Node) -> bool:
        """False when a modal node above it blocks it."""
        mz = self.modal_z()
        return mz is None or node.z >= mz

    def at(self, pos: tuple[float, float], where: Callable[[Node], bool] | None = None) -> Node | None:
        """The topmost reachable node under ``pos`` (optionally one that satisfies ``where``)."""
        mz = self.modal_z()
        for n in self.ordered():
            if mz is not None and n.z < mz:
                break
            if n.contains(pos) and (where is None or where(n)):
                return n
        return None

    def hover(self, pos: tuple[float, float]) -> Node | None:
        """The node a hover-peek would show (the topmost one with a zoom face)."""
        top = self.at(pos)
        return top if top is not None and top.zoom is not None else None

    def zoom_at(self, pos: tuple[float, float]) -> Any:
        n = self.hover(pos)
        return None if n is None else n.zoom

    def drag_source_at(self, pos: tuple[float, float]) -> Node | None:
        top = self.at(pos)
        return top if top is not None and top.draggable and top.enabled else None

    def drag_sources(self) -> list[Node]:
        return [n for n in self.nodes if n.draggable and n.enabled and self.reachable(n)]

    def drop_targets(self, payload_kind: str) -> list[Node]:
        return [n for n in self.ordered() if payload_kind in n.accepts and self.reachable(n)]

    def drop_target_at(self, pos: tuple[float, float], payload_kind: str) -> Node | None:
        return self.at(pos, lambda n: payload_kind in n.accepts)

    def buttons(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "button"]

    def legal(self, node: Node, legal_actions: list[dict[str, Any]]) -> bool:
        """Is the node's candidate action one of the legal actions (and the node reachable)?"""
        return node.action is not None and node.enabled and self.reachable(node) and node.action in legal_actions

    def overlaps(self, kinds: Iterable[str] = ("button",), across_z: bool = False) -> list[tuple[Node, Node]]:
        """Pairs of solid nodes of ``kinds`` (at the same z unless ``across_z``) whose rects intersect."""
        wanted = set(kinds)
        solid = [n for n in self.nodes if n.solid and n.kind in wanted]
        out = []
        for i, a in enumerate(solid):
            for b in solid[i + 1:]:
                if (across_z or a.z == b.z) and a.rect.colliderect(b.rect):
                    out.append((a, b))
        return out

    def outside(self, bounds: pygame.Rect) -> list[Node]:
        """Solid nodes not entirely inside ``bounds`` (the window)."""
        return [n for n in self.nodes if n.solid and not bounds.contains(n.rect)]
