"""Reaching a school_mystery legal action by hand: real pygame events on a table, aimed through its node map
(ids and labels only, so it holds while the table moves onto the kit). For tools/reach_all.py (its planner).

``produce(table, ctx, action)`` plays what a player would for ``action`` (press the button that sends it; open
the panel that holds it and press there; type into its entry and press its submit button; drag a card over the
table; drag a clue's string knob onto another clue; click a string to cut it) and returns the last action the
table sent (or None). Only ``ctx.sent`` counts: the caller checks the action came out of the table.
"""
from __future__ import annotations

from typing import Any

import pygame

from client.kit.nodes import Node, NodeMap

# the action-bar toggle that opens the panel holding an action
OPENERS: dict[str, str] = {"add_note": "act_note", "give_condition": "act_condition",
                           "clear_condition": "act_condition", "move": "act_goto", "declare_roll": "act_moves",
                           "use_move": "act_moves"}


def _deliver(table: Any, *events: pygame.event.Event) -> None:
    for ev in events:
        pygame.event.post(ev)
    for ev in pygame.event.get():
        table.handle_event(ev)
    for _ in range(3):
        table.skip_animations()
        table.update(1 / 60)


def nodes(table: Any) -> NodeMap:
    table.update(0)
    nm = table.nodes()
    return nm if isinstance(nm, NodeMap) else NodeMap(list(nm))


def spot(nm: NodeMap, node: Node) -> tuple[int, int] | None:
    """A point where ``node`` is the one hit."""
    r = node.rect
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (int(r.x + r.w * fx), int(r.y + r.h * fy))
            top = nm.at(p)
            if top is not None and top.id == node.id and top.rect == r:  # (a node map rebuilt: the same node)
                return p
    return None


def click_at(table: Any, p: tuple[int, int]) -> None:
    _deliver(table, pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))


def click(table: Any, node: Node) -> bool:
    p = spot(nodes(table), node)
    if p is None:
        return False
    click_at(table, p)
    return True


def drag(table: Any, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    _deliver(table, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        _deliver(table, pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(2, 2), buttons=(1, 0, 0)))
    _deliver(table, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def type_into(table: Any, key_prefix: str, text: str = "a") -> bool:
    """Click into the entry whose key starts with ``key_prefix`` and type ``text``."""
    e = next((n for n in nodes(table) if isinstance(n.id, tuple) and n.id[0] == "entry"
              and str(n.id[1]).startswith(key_prefix)), None)
    if e is None:
        return False
    click_at(table, (int(e.rect.centerx), int(e.rect.centery)))
    _deliver(table, pygame.event.Event(pygame.TEXTINPUT, text=text))
    return True


def button(table: Any, pred: Any) -> Node | None:
    return next((n for n in nodes(table) if n.kind == "button" and n.enabled and pred(n)), None)


def _key(n: Node) -> str:
    return str(n.id[1]) if isinstance(n.id, tuple) and len(n.id) > 1 else ""


def _same(a: dict[str, Any] | None, b: dict[str, Any]) -> bool:
    if a is None:
        return False
    return all(a.get(k) == v for k, v in b.items() if k not in ("text", "x", "y"))


BOARD = ("edit_card", "move_card", "link_cards", "unlink_cards")  # made on the board, not on the resolution sheet


def _sheet_for(table: Any, kind: str) -> None:
    """The resolution sheet folded away for a board action (its "Show the board" button), brought back (the
    action bar's "Resolution sheet") for the rest."""
    keys = ("sheet_fold", "act_board") if kind in BOARD else ("act_sheet",)
    b = button(table, lambda n: _key(n) in keys)
    if b is not None:
        click(table, b)


def _propose_mode_for(table: Any, kind: str) -> None:
    """At a condition step of one's own: the "propose to the table" switch set for the verb wanted."""
    if kind not in ("propose_condition", "take_condition"):
        return
    switch = button(table, lambda n: _key(n) == "propose_mode")
    if switch is not None and bool(switch.selected) != (kind == "propose_condition"):
        click(table, switch)


def produce(table: Any, ctx: Any, action: dict[str, Any]) -> dict[str, Any] | None:
    """Do by hand what ``action`` needs; the last action the table sent, else None."""
    before = len(ctx.sent)

    def sent() -> bool:
        return len(ctx.sent) > before

    kind = action["type"]
    _sheet_for(table, kind)
    _propose_mode_for(table, kind)
    b = button(table, lambda n: _same(n.action, action))  # a button that sends it as it stands
    deck = next((n for n in nodes(table) if n.kind == "deck" and _same(n.action, action)), None)
    if b is not None:
        click(table, b)
    elif deck is not None:  # a deck's top card dragged onto the table
        nm = nodes(table)
        canvas = nm.find("canvas")
        start = spot(nm, deck)
        if canvas is not None and start is not None:
            drag(table, start, canvas.rect.center)
    elif kind in ("declare_roll", "use_move"):  # Moves, the move, its stat
        _move(table, action, sent)
    elif kind == "move_card":  # the card dragged a little way over the table (tried each way until one lands)
        _move_card(table, action["card"], sent)
    elif kind == "edit_card":
        card = nodes(table).find(("card", action["card"]))
        if card is not None and click(table, card) and type_into(table, f"edit:{action['card']}"):
            b = button(table, lambda n: _key(n) == f"submit:edit:{action['card']}")
            if b is not None:
                click(table, b)
    elif kind == "link_cards":
        _link(table, action["a"], action["b"], sent) or _link(table, action["b"], action["a"], sent)
    elif kind == "unlink_cards":
        _unlink(table, action["a"], action["b"], sent)
    elif kind in ("propose_condition", "take_condition") and "condition" in action:  # the task panel's names
        _press_condition(table, action["condition"])
    elif kind in OPENERS:
        opener = button(table, lambda n: _key(n) == OPENERS[kind])
        if opener is not None and (opener.selected or click(table, opener)):
            _in_panel(table, ctx, action, sent)
    if not sent():
        _by_keys(table, action, sent)
    got = ctx.sent[before:]
    return got[-1][1] if got else None


def _press_condition(table: Any, cid: str) -> None:
    try:  # the condition's name as the table words it
        label = table.tx.condition_name({"id": cid})
    except Exception:
        return
    b = button(table, lambda n: n.label == label)
    if b is not None:
        click(table, b)


def _move(table: Any, action: dict[str, Any], sent: Any) -> None:
    """Moves, the move, its stat (a roll) or its use button (a trigger)."""
    chain = ["act_moves", f"move:{action['move']}"] + ([f"stat:{action['stat']}"] if "stat" in action else ["use_move"])
    for k in chain:
        b = button(table, lambda n, k=k: _key(n) == k)
        if b is None or sent():
            break
        if not (k == "act_moves" and b.selected):
            click(table, b)
    b = None if sent() else button(table, lambda n: _same(n.action, action))
    if b is not None:
        click(table, b)


def _move_card(table: Any, cid: int, sent: Any) -> None:
    """Drag card ``cid`` half its size right, left, down, up, until the table sends the move."""
    card = nodes(table).find(("card", cid))
    if card is None:
        return
    w, h = card.rect.size
    for dx, dy in ((w // 2, 0), (-w // 2, 0), (0, h // 2), (0, -h // 2), (w // 4, h // 4)):
        nm = nodes(table)
        card = nm.find(("card", cid))
        start = spot(nm, card) if card is not None else None
        if start is None:
            return
        drag(table, start, (start[0] + dx, start[1] + dy))
        if sent():
            return


CONFIRM = {"roll_dice": "roll", "cancel_roll": "cancel", "declare_roll": "declare_resolve"}  # a confirm's key
TEXTS = {"set_tone": "tone", "set_title": "title", "set_deduction": "deduction"}  # the entry a text goes into


def _by_keys(table: Any, action: dict[str, Any], sent: Any) -> None:
    """The panels' own words for an action: type its text into its entry and save; else press the buttons whose
    keys end in the values it names (``subject:<id>``, ``goto:<rank>``, ``option:<i>``…), then the one keyed by
    its type (``choose_subject``, ``use_move``…) or its confirm (``roll``, ``cancel``)."""
    kind = action["type"]
    if kind in TEXTS and type_into(table, TEXTS[kind]):
        b = button(table, lambda n: _key(n) == f"submit:{TEXTS[kind]}")
        if b is not None:
            click(table, b)
        return
    values = [str(x) for k, v in action.items() if k not in ("type", "text", "name")
              for x in (v if isinstance(v, list) else [v])]
    for val in values:
        b = button(table, lambda n, val=val: ":" in _key(n) and _key(n).rsplit(":", 1)[1] == val and not n.selected)
        if b is not None:
            click(table, b)
        if sent():
            return
    for k in (kind, CONFIRM.get(kind)):
        b = button(table, lambda n, k=k: _key(n) == k) if k else None
        if b is not None:
            click(table, b)
            return


def _in_panel(table: Any, ctx: Any, action: dict[str, Any], sent: Any) -> None:
    """In an open panel: pick the target by its name, then press what sends the action."""
    kind = action["type"]
    if kind == "add_note":
        if type_into(table, "note"):
            b = button(table, lambda n: _key(n) == "submit:note")
            if b is not None:
                click(table, b)
        return
    if "target" in action:
        try:  # the target as the table names it (their student's name)
            name = table.name(action["target"])
        except Exception:
            name = ctx.names[action["target"]] if action["target"] < len(ctx.names) else None
        b = button(table, lambda n: n.label == name)
        if b is not None and not b.selected:
            click(table, b)
    if kind == "clear_condition":
        marks = [n for n in nodes(table) if n.kind == "button" and n.enabled and str(n.label).startswith("× ")]
        marks.sort(key=lambda n: (n.rect.y, n.rect.x))
        if action["index"] < len(marks):
            click(table, marks[action["index"]])
        return
    if kind == "give_condition":
        try:  # the condition's name as the table words it
            label = table.tx.condition_name({"id": action["condition"]})
        except Exception:
            label = None
        b = button(table, lambda n: n.label == label)
        if b is not None:
            click(table, b)
        return
    b = button(table, lambda n: _same(n.action, action))
    if b is not None:
        click(table, b)


def _link(table: Any, a: int, b: int, sent: Any) -> bool:
    """Drag from the string knob of clue ``a`` (tried over the right part of its card) onto clue ``b``."""
    nm = nodes(table)
    na, nb = nm.find(("card", a)), nm.find(("card", b))
    if na is None or nb is None:
        return False
    end = spot(nm, nb)
    if end is None:
        return False
    r = na.rect
    for fy in (0.6, 0.7, 0.8, 0.5, 0.9):
        for fx in (0.97, 0.9, 0.85):
            drag(table, (int(r.x + r.w * fx), int(r.y + r.h * fy)), end)
            if sent():
                return True
    return False


def _unlink(table: Any, a: int, b: int, sent: Any) -> bool:
    """Click on the string between clues ``a`` and ``b`` (along the straight line, then to the right where a
    string between stacked cards bulges)."""
    nm = nodes(table)
    na, nb = nm.find(("card", a)), nm.find(("card", b))
    if na is None or nb is None:
        return False
    ra, rb = na.rect, nb.rect
    if abs(ra.centerx - rb.centerx) < ra.w:  # stacked in a column: the string bulges out to the right
        y = (ra.centery + rb.centery) // 2
        mids = [(max(ra.right, rb.right) + dx, y) for dx in range(2, ra.w // 2, 6)]
    else:
        mids = [((ra.centerx + rb.centerx) // 2, (ra.centery + rb.centery) // 2)]
    for p in mids:
        click_at(table, p)
        if sent():
            return True
    return False
