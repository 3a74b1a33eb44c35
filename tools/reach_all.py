"""Every legal action reachable by hand: replay bot games headless and, at every position where a seat
has legal actions, look for each of them through the real table view.

    python tools/reach_all.py GAME --games N --players P [--seed S] [--stride K] [--sample M] [--budget B]

At each position a fresh view of the game (``client.games.view_class``) for the seat to act gets the
snapshot on a :class:`client.kit.headless.HeadlessContext`; a bounded search then plays real pygame
events through ``view.handle_event``: a click on each node that can be hit, a drag of each draggable
node onto each node that accepts it, and Enter. Each gesture sequence starts again from a fresh view
(the view's local choices are the search state: its node map's ids, enabled/selected flags and labels,
and the nodes clicked); a sequence ends when the view sends an action (``ctx.sent``). First one search
for every action (best first), then, for each action still not reached, a focused one (deep first
among the gestures on what it names: its card, then its students, its place). An action counts as
reached when one sent has its type and its targets (every value but free text a player types);
``budget_ran_out`` counts positions where a search stopped on its budget with an action undecided.

Prints one JSON line last: ``{"game", "players", "games", "positions", "actions", "reachable", "views",
"budget_ran_out", "by_type": {type: [reached, legal]}, "unreachable": [first examples]}``.
"""
from __future__ import annotations

import argparse
import heapq
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.kit.headless import HeadlessContext
from client.kit.nodes import Node, NodeMap, never_hit
from shared.bots import next_bot_move
from shared.engine import REGISTRY
from shared.rng import Rng

SIZE = (1920, 1080)
FREE_TEXT = frozenset({"text", "tone", "title", "deduction", "note", "answer", "name", "reason", "message"})
FREE_PLACE = frozenset({"x", "y"})  # where a thing is laid on a free canvas: not a target
MAX_DEPTH = 8  # gestures in one sequence
EXAMPLES = 12


def action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    """An action by its type and targets: every value but the free text a player types."""
    def norm(v: Any) -> Any:
        if isinstance(v, list):
            return tuple(sorted((norm(x) for x in v), key=repr))
        if isinstance(v, dict):
            return tuple(sorted((k, norm(x)) for k, x in v.items()))
        return v
    return (action.get("type"),) + tuple(sorted((k, norm(v)) for k, v in action.items()
                                              if k != "type" and k not in FREE_PLACE
                                              and not (k in FREE_TEXT and isinstance(v, str))))


# --- positions ------------------------------------------------------------------------------------------
def positions(game: str, players: int, seed: int, limit: int = 4000) -> Iterator[tuple[dict, int]]:
    """(state, seat) at every step of a bot game where ``seat`` has legal actions."""
    spec = REGISTRY[game]
    state = spec.setup(players, seed, {})
    bot = spec.bots()["normal"]
    rngs = [Rng.from_seed(seed * 31 + s) for s in range(players)]
    order = Rng.from_seed(seed)
    for _ in range(limit):
        for s in range(players):
            if spec.legal_actions(state, s):
                yield state, s
        if spec.is_over(state):
            return
        start = order.below(players)
        move = next_bot_move(spec, state, lambda s: bot, rngs.__getitem__,
                             [(start + k) % players for k in range(players)], list(range(players)))
        if move is None:
            return
        state, _ = spec.apply(state, *move)


# --- the view and real events ---------------------------------------------------------------------------
class Fresh:
    """Makes a fresh, settled view of one position for one seat."""

    def __init__(self, game: str, players: int, state: dict, seat: int, lang: str = "en") -> None:
        from client import games

        spec = REGISTRY[game]
        self.cls = games.view_class(game)
        self.view_data = spec.view(state, seat)
        self.legal = spec.legal_actions(state, seat)
        self.seat, self.lang, self.players = seat, lang, players
        self.ctx: HeadlessContext | None = None
        self.made = 0  # views made

    def make(self, path: tuple[tuple[Any, ...], ...] = ()) -> tuple[Any, HeadlessContext]:
        """A fresh view of the position (on one context, its records emptied) with ``path`` played on it."""
        ctx = self.ctx
        if ctx is None:
            ctx = self.ctx = HeadlessContext(self.lang)
            ctx.names = [f"P{i + 1}" for i in range(self.players)]
        ctx.sent.clear()
        ctx.toasts.clear()
        ctx.sounds.clear()
        view = self.cls(ctx, self.seat)
        view.set_names(list(ctx.names))
        view.set_rect(pygame.Rect((0, 0), SIZE))
        view.set_snapshot(dict(self.view_data, opening=[]) if "opening" in self.view_data else self.view_data,
                          list(self.legal), 1)
        settle(view)
        self.made += 1
        for g in path:
            play(view, g)
        return view, ctx


def settle(view: Any, frames: int = 60) -> None:
    """Run every animation to its end."""
    for _ in range(frames):
        view.skip_animations()
        view.update(1 / 60)
        if not view.busy():
            break
    view.update(1 / 60)


def _post(view: Any, etype: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(etype, **attrs))
    for ev in pygame.event.get(etype):
        view.handle_event(ev)


def node_map(view: Any) -> NodeMap:
    view.update(0)
    nodes = view.nodes()
    return nodes if isinstance(nodes, NodeMap) else NodeMap(list(nodes))


def spot(nm: NodeMap, node: Node, where: Any = None) -> tuple[int, int] | None:
    """A point where ``node`` is the one hit (``where``: among the nodes that qualify)."""
    r = node.rect
    cands = [node.anchor, r.center]
    for fx in (0.2, 0.5, 0.8):
        for fy in (0.2, 0.5, 0.8):
            cands.append((r.left + r.w * fx, r.top + r.h * fy))
    for p in cands:
        p = (int(p[0]), int(p[1]))
        if nm.at(p, where) is node:
            return p
    return None


def gestures(nm: NodeMap) -> list[tuple[Any, ...]]:
    """What a player can do on this node map: click a node, drag a node onto a target, type into a text entry,
    press Enter."""
    out: list[tuple[Any, ...]] = []
    for n in nm:
        if n.hit is never_hit or not nm.reachable(n) or n.kind == "info":
            continue
        p = spot(nm, n)
        if p is not None:
            out.append(("click", n.id, p))
    for src in nm.drag_sources():
        start = spot(nm, src)
        if start is None:
            continue
        kind = src.payload_kind
        for dst in nm.drop_targets(kind):
            if dst is src:
                continue
            end = spot(nm, dst, lambda m, k=kind: k in m.accepts)
            if end is not None:
                out.append(("drag", src.id, dst.id, start, end))
    for n in nm:  # a text entry (shown, its clicks taken by the view): click into it and type
        if n.kind == "entry" and nm.reachable(n):
            out.append(("type", n.id, (int(n.rect.centerx), int(n.rect.centery))))
    out.append(("key", pygame.K_RETURN))
    return out


def play(view: Any, g: tuple[Any, ...]) -> None:
    """One gesture as real pygame events."""
    if g[0] == "click":
        p = g[2]
        _post(view, pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        _post(view, pygame.MOUSEBUTTONDOWN, pos=p, button=1)
        _post(view, pygame.MOUSEBUTTONUP, pos=p, button=1)
    elif g[0] == "drag":
        start, end = g[3], g[4]
        _post(view, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        _post(view, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        steps = 2  # past the drag threshold, then onto the target
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            _post(view, pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
            view.update(1 / 60)
        _post(view, pygame.MOUSEBUTTONUP, pos=end, button=1)
    elif g[0] == "type":
        p = g[2]
        _post(view, pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        _post(view, pygame.MOUSEBUTTONDOWN, pos=p, button=1)
        _post(view, pygame.MOUSEBUTTONUP, pos=p, button=1)
        view.update(1 / 60)
        _post(view, pygame.TEXTINPUT, text="a")
    else:
        _post(view, pygame.KEYDOWN, key=g[1], mod=0, unicode="\r", scancode=0)
        _post(view, pygame.KEYUP, key=g[1], mod=0, unicode="\r", scancode=0)
    settle(view, 10)
    _post(view, pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))  # the pointer leaves
    view.update(1 / 60)


def signature(nm: NodeMap) -> tuple[Any, ...]:
    """The view's local choices as shown: its nodes' ids, flags and labels (not where cards lie)."""
    return tuple(sorted((repr(n.id), n.enabled, n.selected, n.draggable, tuple(sorted(n.accepts)), n.label,
                         repr(n.action)) for n in nm if n.kind != "info" or n.id in (("target", 0),)))


def reach(fresh: Fresh, budget: int = 400, focus: int = 120) -> tuple[set[tuple[Any, ...]], bool]:
    """The keys of every action reached at ``fresh``'s position, and whether some action could not be decided
    (a search ran out of its budget): first a search for all of them (``budget`` views), then, for each action
    still not reached, a search of its own among the gestures that touch what it names (its card, its
    students, its place, its seat) and the buttons (``focus`` views each, within twice ``budget`` more; one
    action of each kind in turn, so every kind gets its share)."""
    start = fresh.made
    sent, short = search(fresh, {action_key(a): a for a in fresh.legal}, start + budget)
    if not short:
        return sent, False
    left = _round_robin([a for a in fresh.legal if action_key(a) not in sent])
    limit = fresh.made + 2 * budget
    undecided = False
    for a in left:
        key = action_key(a)
        if key in sent:
            continue
        if fresh.made >= limit:
            undecided = True
            break
        order = [x for k, v in a.items() if k != "type" and not (k in FREE_TEXT and isinstance(v, str))
                 for x in (v if isinstance(v, list) else [v]) if isinstance(x, (int, str)) and not isinstance(x, bool)]
        got, ran_out = search(fresh, {key: a}, min(limit, fresh.made + focus), _focus(order))
        sent |= got
        undecided = undecided or (ran_out and key not in got)
    return sent, undecided


FOCUS_WIDTH = 16  # gestures tried from each state in a focused search


def _focus(order: list[Any]) -> Any:
    """The gestures a search for one action tries from a state, at most FOCUS_WIDTH: clicks and drags of a thing
    the action names (two drops per thing dragged), then buttons and Enter, then drops onto such a thing (one
    per thing dragged). A focused search goes deep first and never clicks the same node twice on one path."""
    names = set(order)

    def first(g: tuple[Any, ...]) -> int:
        """Where the gesture's own node comes among the values the action names (its card before its students)."""
        return min((order.index(p) for p in _parts(g[1]) if p in names), default=len(order))

    def keep(gs: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        out: list[tuple[float, int, tuple[Any, ...]]] = []
        per_source: dict[Any, int] = {}
        for i, g in enumerate(gs):
            own = g[0] != "key" and _touches(g[:2], names)  # the node clicked or dragged
            if not own and (g[0] == "key" or _sends_first(g) == 0):
                out.append((2, i, g))  # after what the action names (a confirm comes last)
                continue
            if not own and not (g[0] == "drag" and _touches(g, names)):
                continue
            if g[0] == "drag":
                n = per_source.get((g[1], own), 0)
                if n >= (2 if own else 1):
                    continue
                per_source[(g[1], own)] = n + 1
            out.append((1 + first(g) / (len(order) + 1) if own else 3, i, g))
        return [g for _, _, g in sorted(out)][:FOCUS_WIDTH]
    return keep


def _round_robin(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions reordered one of each kind (type and action) in turn."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for a in actions:
        groups.setdefault((a.get("type"), a.get("action")), []).append(a)
    out: list[dict[str, Any]] = []
    rows = list(groups.values())
    for i in range(max((len(r) for r in rows), default=0)):
        out.extend(r[i] for r in rows if i < len(r))
    return out


def search(fresh: Fresh, wanted: dict[tuple[Any, ...], dict[str, Any]], limit: int,
           keep: Any = None) -> tuple[set[tuple[Any, ...]], bool]:
    """The keys of every action some gesture sequence (of at most MAX_DEPTH) sends until ``fresh.made`` reaches
    ``limit`` (views made) or every ``wanted`` action is sent, and whether it stopped with paths left to try
    (``keep``: the gestures to try, in order, out of a state's; default all, buttons first).

    Best first over the view's local choices (its node map's signature and the set of nodes clicked an odd
    number of times): shorter paths first, and paths whose gestures touch what the actions not reached yet
    name (a card id, a seat, a place) before others. A gesture that changes nothing shown leaves the same view
    for the next one; any other needs the path played on a fresh view again."""
    sent: set[tuple[Any, ...]] = set()
    view, ctx = fresh.make()
    seen: set[tuple[tuple[Any, ...], frozenset[tuple[Any, ...]]]] = {(signature(node_map(view)), frozenset())}
    heap: list[tuple[float, int, tuple[tuple[Any, ...], ...]]] = [(0.0, 0, ())]
    tie = 0
    while heap and fresh.made < limit and not set(wanted) <= sent:
        _, _, path = heapq.heappop(heap)
        if len(path) >= MAX_DEPTH:
            continue
        view, ctx = fresh.make(path)
        nm = node_map(view)
        base = signature(nm)
        names = _named(wanted, sent)
        tried = sorted(gestures(nm), key=_sends_first) if keep is None else \
            [g for g in keep(gestures(nm)) if g[0] != "click" or g[:2] not in {x[:2] for x in path}]
        for g in tried:
            if fresh.made >= limit or set(wanted) <= sent:
                break
            play(view, g)
            if ctx.sent:
                sent.update(action_key(a) for _, a in ctx.sent)
            else:
                sig = signature(node_map(view))
                if sig == base:
                    continue  # nothing changed: the same view serves the next gesture
                key = (sig, _odd(path + (g,)))
                if key not in seen:
                    seen.add(key)
                    tie += 1
                    new = path + (g,)
                    score = -len(new) if keep is not None else len(new) - 0.9 * sum(_touches(x, names) for x in new)
                    heapq.heappush(heap, (score, tie, new))  # a focused search goes deep first
            view, ctx = fresh.make(path)
    return sent, bool(heap) and not set(wanted) <= sent


def _named(wanted: dict[tuple[Any, ...], dict[str, Any]], sent: set[tuple[Any, ...]]) -> set[Any]:
    """The values (ids, seats, places) the actions not reached yet name."""
    out: set[Any] = set()
    for key, a in wanted.items():
        if key in sent:
            continue
        for k, v in a.items():
            if k == "type" or (k in FREE_TEXT and isinstance(v, str)):
                continue
            for x in v if isinstance(v, list) else [v]:
                if isinstance(x, (int, str)) and not isinstance(x, bool):
                    out.add(x)
    return out


def _touches(g: tuple[Any, ...], names: set[Any]) -> bool:
    """The gesture's nodes are named by a value of an action not reached yet."""
    ids = g[1:3] if g[0] == "drag" else g[1:2]
    return any(p in names for node_id in ids for p in _parts(node_id))


def _parts(node_id: Any) -> list[Any]:
    """What a node id names: its values after the kind, a "move:discover" string also by its last part."""
    parts = list(node_id[1:]) if isinstance(node_id, tuple) else []
    out: list[Any] = []
    for p in parts:
        if isinstance(p, bool) or not isinstance(p, (int, str)):
            continue
        out.append(p)
        if isinstance(p, str) and ":" in p:
            out.append(p.rsplit(":", 1)[1])
    return out


def _odd(path: tuple[tuple[Any, ...], ...]) -> frozenset[tuple[Any, ...]]:
    """The nodes clicked an odd number of times: with the node map's signature, the search state (a view
    may keep a choice its node map does not show, e.g. the students picked so far; a pick clicked twice is
    undone)."""
    odd: set[tuple[Any, ...]] = set()
    for g in path:
        if g[0] == "click":  # a pick is a click; drags that end the same are the same state
            odd ^= {g[:2]}
    return frozenset(odd)


def _sends_first(g: tuple[Any, ...]) -> int:
    """Buttons and Enter first (they may send), then drags, then other clicks."""
    if g[0] == "key" or (g[0] == "click" and isinstance(g[1], tuple) and g[1][:1] in (("button",), ("choice",))):
        return 0
    return 1 if g[0] == "drag" else 2


def run(game: str, games_n: int, players: int, seed: int = 1, stride: int = 1, budget: int = 400,
        lang: str = "en", sample: int = 0) -> dict[str, Any]:
    """Look at every ``stride``-th position of ``games_n`` bot games (``sample``: at most that many per game,
    spread over it) and count the legal actions reached."""
    if not pygame.get_init():
        pygame.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != SIZE:
        pygame.display.set_mode(SIZE)
    n_pos = n_act = n_reach = views = exhausted = 0
    by_type: dict[str, list[int]] = {}  # action type -> [reached, legal]
    examples: list[dict[str, Any]] = []
    for g in range(games_n):
        found = list(positions(game, players, seed + g))[::max(1, stride)]
        if sample and len(found) > sample:  # spread evenly over the game
            found = [found[round(k * (len(found) - 1) / (sample - 1))] for k in range(sample)] if sample > 1 \
                else found[len(found) // 2:len(found) // 2 + 1]
        for state, seat in found:
            fresh = Fresh(game, players, state, seat, lang)
            got, short = reach(fresh, budget)
            exhausted += short
            views += fresh.made
            n_pos += 1
            for a in fresh.legal:
                n_act += 1
                kind = str(a.get("type")) + (f":{a['action']}" if isinstance(a.get("action"), str) else "")
                tally = by_type.setdefault(kind, [0, 0])
                tally[1] += 1
                if action_key(a) in got:
                    n_reach += 1
                    tally[0] += 1
                elif len(examples) < EXAMPLES:
                    examples.append({"seed": seed + g, "seat": seat, "phase": fresh.view_data.get("phase"),
                                     "action": a})
    return {"game": game, "players": players, "games": games_n, "positions": n_pos, "actions": n_act,
            "reachable": n_reach, "views": views,
            "budget_ran_out": exhausted, "by_type": {k: by_type[k] for k in sorted(by_type)},
            "unreachable": examples}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(REGISTRY))
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stride", type=int, default=1, help="look at every K-th position only")
    ap.add_argument("--budget", type=int, default=400, help="fresh views per position at most")
    ap.add_argument("--sample", type=int, default=0, help="at most this many positions per game, spread over it")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args(argv)
    out = run(args.game, args.games, args.players, args.seed, args.stride, args.budget, args.lang, args.sample)
    print(json.dumps(out, ensure_ascii=False, default=str))
    return 0 if out["reachable"] == out["actions"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
