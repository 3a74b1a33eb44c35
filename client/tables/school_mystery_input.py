"""school_mystery's node map and intents on the kit's :class:`client.kit.interact.Interaction`.

The node map says what is on the table and what each thing does: the panels' buttons (``("button", key)``),
the open dialog's paper (``("dialog", i)``: a click on it stops there), the text entries (``("entry", key)``:
a click focuses one), the decks (``("deck", suit)``: the duty deck is dragged onto ``"canvas"``; another deck
says whose it is), the information cards (``("card", id)``: dragged to a new spot, clicked to edit or, in the
resolution, to use a clue; their zoom face opens on right-click or a resting pointer), the red string's knobs
(``("link", id)``: dragged onto another clue; every clue takes ``"link"``, and every card takes a card or a deck
let go over it as the table under it would) and knots (``("knot", a, b)``: a click
cuts it), the student tabs (``("tab", i)``) and the secrets (``("secrets", tab)``). ``accept``/``drop``/
``click`` turn drops and clicks into the table's candidate actions; only legal ones are sent.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from client.kit.dialog import Custom, EntrySlot, Sheet
from client.kit.interact import ZOOM_Z
from client.kit.nodes import Node, NodeMap, never_hit
from client.tables import school_mystery_board as board
from client.tables.school_mystery_texts import SUITS, deck_refusal
from client.widgets.cards import CardZoom

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable


class SmZoom(CardZoom):
    """The card zoom with each information card's full text beside its face (the node map gives the face;
    the table keeps the texts by face key)."""

    def __init__(self, ctx: Any, renderer: Any) -> None:
        super().__init__(ctx, renderer)
        self.texts: dict[str, str] = {}

    def show(self, card: Any, extra: str = "", sticky: bool = True) -> None:
        super().show(card, extra or self.texts.get(getattr(card, "key", ""), ""), sticky)


def build_nodes(t: SchoolMysteryTable) -> tuple[NodeMap, dict[int, Any]]:
    """This frame's node map and, for each button node (by identity), its panel button (what depends only on
    the shown view and the panels — faces, texts, tabs — is made once per rebuild: :func:`_per_rebuild`)."""
    nm = NodeMap()
    buttons: dict[int, Any] = {}
    for i, w in enumerate(w for w in t.widgets if isinstance(w, (Sheet, Custom)) and w.modal):
        # an open dialog's paper: a click on it never reaches the table under it
        nm.add(Node(("dialog", i), pygame.Rect(w.rect), z=19, kind="veil"))
    for b in t.buttons:
        n = nm.add(b.node(z=20))
        buttons[id(n)] = b
    for slot in t.slots:
        e = slot.entry
        nm.add(Node(("entry", e.key), pygame.Rect(slot.rect), z=21, kind="entry", solid=False,
                    label=e.text, payload=("entry", e.key, e.composition, e.key == t.focus, e.placeholder)))
    nm.extend(board.deck_nodes(t))
    if t.controls and t.shown and t._play_phase():
        for i, suit in enumerate(SUITS):  # a deck this seat cannot draw from now: a click or a drag says whose
            if board.deck_action(t, suit) is None:
                nm.add(Node(("deck", suit), pygame.Rect(t.L.deck_card(i)), z=6, kind="deck", solid=False,
                            payload=("deck", suit), draggable=True,
                            label=_per_rebuild(t, ("suit", suit), lambda suit=suit: t.tx.ui(f"suit_{suit}"))))
    t.zoom.texts = {}
    live = bool(t.shown) and t.controls and t._play_phase() and not board.modal_open(t)
    accepts = {"deck"} if t.controls and t._play_phase() else set()  # a duty deck is drawn there; another says whose
    if live:
        accepts.add("card")
    if accepts:
        canvas = nm.find("canvas") or nm.add(Node("canvas", pygame.Rect(t.L.canvas), z=0, kind="area", solid=False))
        canvas.accepts = frozenset(accepts)
    if t.shown and not board.modal_open(t):
        _card_nodes(t, nm, live, accepts)
    tab = t.sel.get("tab")
    for i, r in enumerate(_per_rebuild(t, "tabs", lambda: board.tab_rects(t))):
        nm.add(Node(("tab", i), pygame.Rect(r), z=1, kind="info", solid=False, payload=("tab", i, i == tab),
                    label=_per_rebuild(t, ("tab", i), lambda i=i: board.tab_name(t, i))))
    if t.shown and not t.display and isinstance(tab, int):
        nm.add(Node(("secrets", tab), pygame.Rect(board.secrets_rect(t)), z=1, kind="info", solid=False,
                    payload=("secrets", tab, t.secrets_open),
                    hit=None if t.seat is not None else never_hit))
    if t.banner.visible:
        nm.add(Node("banner", t.banner_rect(), z=30, kind="info", solid=False, hit=never_hit, label=t.banner.message))
    roll = t.dice
    if roll is not None:
        for i, (dr, face) in enumerate(zip(roll.die_rects(), roll.shown_faces(), strict=True)):
            nm.add(Node(("die", i), dr, z=7, kind="info", payload=("die", face, i in roll.dropped, roll.landed),
                        solid=False, hit=never_hit))
    return nm, buttons


def _card_nodes(t: SchoolMysteryTable, nm: NodeMap, live: bool, accepts: set[str]) -> None:
    """The information cards (with their zoom faces and full texts), the red string's knobs and knots."""
    for c in t.shown.get("cards") or []:
        n = nm.add(board.card_node(t, c))
        t.zoom.texts[n.zoom.key] = board.zoom_text_of(t, c)
        n.draggable = live
        if live:  # a card or a deck let go over a card lands as on the table; a clue takes the red string
            n.accepts = frozenset(accepts | ({"link"} if c["kind"] == "clue" else set()))
    if live:
        for c in t.shown.get("cards") or []:
            if c["kind"] == "clue":
                k = board.link_knob(t, board.card_rect(t, c))
                nm.add(Node(("link", c["id"]), pygame.Rect(k), z=8, kind="knob", payload=("link", c["id"]),
                            draggable=True, solid=False))
        kr = int(t.L.u * 0.8)
        for ka, kb, mid in board.link_marks(t):
            nm.add(Node(("knot", ka, kb), pygame.Rect(mid[0] - kr, mid[1] - kr, 2 * kr, 2 * kr), z=7,
                        kind="knot", solid=False))


def _per_rebuild(t: SchoolMysteryTable, key: Any, make: Any) -> Any:
    """``make()``, kept until the table rebuilds its panels (``t.version``) or its layout changes."""
    memo = t.nodes_memo
    stamp = (t.version, tuple(t.L.rect), t.L.u)
    if memo[0] != stamp:
        memo = t.nodes_memo = (stamp, {})
    if key not in memo[1]:
        memo[1][key] = make()
    return memo[1][key]


def label_zoom(t: SchoolMysteryTable, nm: NodeMap) -> None:
    """The zoom and peek nodes Interaction.sync added carry the card's full text as their label."""
    for key in ("zoom", "peek"):
        n = nm.find(key)
        if n is not None:
            n.label = t.zoom.extra
            n.z = ZOOM_Z


# --- intents ------------------------------------------------------------------------------------------
def accept(t: SchoolMysteryTable, payload: Any, node: Node) -> tuple[bool, str]:
    """Whether ``payload`` may be dropped on ``node`` now (and why not)."""
    kind = payload[0] if isinstance(payload, tuple) and payload else None
    if node.id == "canvas" and kind == "deck" and board.deck_action(t, payload[1]) is None:
        return False, deck_refusal(t.shown, payload[1], t.seat, t.ctx)  # whose deck it is, or when cards come
    on_card = isinstance(node.id, tuple) and node.id[0] == "card"
    if node.id == "canvas" or (on_card and kind in ("card", "deck")):
        return kind in ("card", "deck"), ""  # (over a card: as on the table, beside it)
    if kind == "link" and on_card:
        if node.id[1] == payload[1]:
            return False, ""
        pair = sorted((payload[1], node.id[1]))
        linked = pair in [sorted(p) for p in t.shown.get("links") or []]
        return not linked, t.ctx.t("sm.err_linked")
    return False, ""


def drop(t: SchoolMysteryTable, payload: Any, node: Node) -> None:
    """A legal drop: a duty deck's top card drawn, a card moved (clear of the others), two clues linked."""
    kind = payload[0]
    if kind in ("card", "deck") and isinstance(node.id, tuple) and node.id[0] == "card":
        node = Node("canvas", pygame.Rect(t.L.canvas))  # let go over a card: as on the table
    if node.id == "canvas" and kind == "deck":
        action = board.deck_action(t, payload[1])
        if action is not None:
            t.send(action)
            t.ctx.play_sound("card")
    elif node.id == "canvas" and kind == "card":
        cid = payload[1]
        cx = t.drag.pointer[0] + t.drag.grab_offset[0]
        cy = t.drag.pointer[1] + t.drag.grab_offset[1]
        cw, ch = t.L.card_size
        want = pygame.Rect(round(cx - cw / 2), round(cy - ch / 2), cw, ch)
        others = [board.card_rect(t, c) for c in t.shown.get("cards") or [] if c["id"] != cid]
        spot = board.free_spot(want, others, t.L.canvas, int(t.L.u * 0.4))  # never over another card
        x, y = t.L.to_canvas(*(spot or want.topleft))
        t.pending_pos[cid] = (x, y)
        t.send({"type": "move_card", "card": cid, "x": x, "y": y})
    elif kind == "link":
        a, b = sorted((payload[1], node.id[1]))
        t.send({"type": "link_cards", "a": a, "b": b})
    t.dirty = True


def click(t: SchoolMysteryTable, node: Node, buttons: dict[int, Any]) -> None:
    """A click on a node: its button, an entry to type in, a card to edit (or a clue to use), a tab, the
    secrets, a knot to cut, a deck to drag."""
    nid = node.id
    kind = nid[0] if isinstance(nid, tuple) else nid
    b = buttons.get(id(node))
    if b is not None:
        if b.on_click is not None:
            t.focus_entry(None)
            b.on_click()
    elif kind == "entry":
        t.focus_entry(nid[1])
    elif kind == "card":
        _card_clicked(t, nid[1])
    elif kind == "deck" and board.deck_action(t, nid[1]) is None:
        t.refuse(deck_refusal(t.shown, nid[1], t.seat, t.ctx), "info")
    elif kind == "deck":
        t.refuse(t.ctx.t("sm.hint_drag_deck"), "info")
    elif kind == "tab":
        t.sel["tab"] = nid[1]
        t.secrets_open = False
    elif kind == "secrets":
        _secrets_clicked(t)
    elif kind == "knot" and t._play_phase():
        t.send({"type": "unlink_cards", "a": nid[1], "b": nid[2]})
    t.dirty = True


def _card_clicked(t: SchoolMysteryTable, cid: int) -> None:
    card = t.card(cid)
    if card is None or not (t.controls and t._play_phase()):
        return
    if (t.shown.get("phase") == "resolution" and card["kind"] == "clue" and t.can("use_clue", card=cid)
            and not t.sel.get("board")):  # the sheet folded away: the click edits (its editor uses it too)
        used = cid in (t.shown.get("clues_used") or [])
        t.send({"type": "use_clue", "card": cid, "used": not used})
        return
    t.sel["edit"] = cid
    e = t.entry(f"edit:{cid}", limit=500, multiline=True)
    e.set_text(t.tx.card_body(t.shown, card) if card.get("text") else card.get("text", ""))
    t.focus_entry(None)


def _secrets_clicked(t: SchoolMysteryTable) -> None:
    if t.seat is None or t.display:
        return
    tab = t.sel.get("tab")
    if tab == t.seat:
        t.toggle_secrets()
        return
    target = t.ctx.show_seat(tab) if isinstance(tab, int) else None
    if target is not None:  # another player at this screen opens their own sheet
        target.secrets_open = target.secrets_curtained = True
        target.sel["tab"] = tab
        target.dirty = True


def entry_at(t: SchoolMysteryTable, pos: tuple[int, int]) -> EntrySlot | None:
    for slot in reversed(t.slots):
        if slot.rect.collidepoint(pos):
            return slot
    return None
