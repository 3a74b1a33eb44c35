"""The school_mystery table's panels (setup, introduction, drawn cards, rolls, resolution, article)
and the action bar, built as widget lists from the view, the legal actions and local choices.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from client.kit import theme
from client.kit.dialog import (
    SCALES,
    ActionButton,
    Builder,
    Custom,
    EntrySlot,
    Row,
    Widget,
    button_size,
    fits,
    fs,
    text_item,
)
from client.kit.theme import ACCENT, ACCENT_DEEP, INK, MUTED
from client.kit.theme import ERROR as RED
from client.tables import school_mystery_claim as claim
from client.tables.school_mystery_layout import secrets_rect
from client.tables.school_mystery_texts import (
    BAND_COLOUR,
    SUIT_COLOUR,
    SUIT_SYMBOL,
    SUITS,
)
from client.widgets.cards import CardFace, card_size
from client.widgets.tokens import seat_colour

if TYPE_CHECKING:
    from client.tables.school_mystery import SchoolMysteryTable

__all__ = ["ActionButton", "EntrySlot", "build", "prompt"]

ADV_SOURCES = ("item", "move", "card")
DIS_SOURCES = ("condition", "card")




# --------------------------------------------------------------------------- entry point

def build(t: SchoolMysteryTable) -> list[Widget]:
    """The action bar, the hand-over button and the open dialog; a dialog too tall for the room above
    the action bar is rebuilt with smaller text (down to the fitter's floor) before it may grow."""
    bar = action_bar(t)
    fixed: list[Widget] = [*bar, *hand_over(t)]
    bottom = min((b.rect.top for b in bar), default=t.rect.bottom) - int(t.L.u * 0.2)
    room = pygame.Rect(t.rect.left, t.rect.top, t.rect.w, bottom - t.rect.top)
    dialog = _fitted_dialog(t, room)
    if bar and not fits(dialog, room):  # too tall even at the floor: the dialog takes the bar's room too
        dialog = _fitted_dialog(t, pygame.Rect(t.rect.left, t.rect.top, t.rect.w, t.rect.h - int(t.L.u * 0.3)))
        fixed = [w for w in fixed if w not in bar]
    return fixed + dialog


def _fitted_dialog(t: SchoolMysteryTable, room: pygame.Rect) -> list[Widget]:
    """The open dialog at the largest text scale at which it fits ``room``; else with the tone talk's guide
    folded away (its title, the notes and their entry stay: the guide was shown at the subject and the
    leader; the subject choice then shows the looked-at subject beside the list), again from the largest
    scale; else at the floor."""
    dialog: list[Widget] = []
    try:
        for compact in (False, True):
            t.tone_compact = compact
            for scale in SCALES:
                t.sheet_scale = scale
                dialog = dialogs(t)
                if fits(dialog, room):
                    return dialog
    finally:
        t.sheet_scale, t.tone_compact = 1.0, False
    return dialog


def bar_rows(widgets: list[Widget]) -> int:
    """How many rows the action bar's buttons take (at least one)."""
    return max(1, len({w.rect.top for w in widgets if isinstance(w, ActionButton) and w.key.startswith("act_")}))


def dialogs(t: SchoolMysteryTable) -> list[Widget]:
    """The dialog the view, the legal actions and the local choices call for (maybe none)."""
    v = t.shown
    phase = v.get("phase")
    out: list[Widget] = []
    if phase in ("setup_subject", "setup_leader", "setup_students"):
        out += setup_panel(t)
        return out
    if phase == "over":
        out += article_panel(t)
        return out
    roll = v.get("roll")
    if roll is not None:
        out += resolve_roll_panel(t) if roll.get("move") == "resolve" else roll_panel(t)
        return out
    task = t.task()
    if task is not None:
        out += task_panel(t, task)
        return out
    if t.sel.get("edit") is not None and t.card(t.sel["edit"]) is not None:
        out += edit_panel(t)
        return out
    if phase == "introduction":
        out += intro_panel(t)
    elif phase == "resolution" and not t.sel.get("board"):  # folded away: the board is worked (action bar)
        out += resolution_panel(t)
    if t.controls:
        if t.sel.get("declare"):
            out += declare_panel(t)
        elif t.sel.get("give"):
            out += condition_give_panel(t)
        elif t.sel.get("goto"):
            out += goto_panel(t)
        elif t.sel.get("note"):
            out += note_panel(t)
    return out


def _title(t: SchoolMysteryTable, key: str, **kw: Any) -> str:
    return t.ctx.t("sm." + key, **kw)


# --------------------------------------------------------------------------- prompt line

def prompt(t: SchoolMysteryTable) -> tuple[str, bool]:
    v, tx, me = t.shown, t.tx, t.seat
    phase = v.get("phase")
    T = t.ctx.t
    if phase in ("setup_subject", "setup_leader"):  # the table's choices: any player enters them
        kind = "choose_subject" if phase == "setup_subject" else "choose_leader"
        mine = t.can(kind)
        return T("sm.p_subject" if kind == "choose_subject" else "sm.p_leader",
                 name=t.name(me if mine else 0)), mine
    if phase == "setup_students":
        missing = [i for i, s in enumerate(v.get("students") or []) if s is None]
        mine = me in missing
        return T("sm.p_students", names=t.tx.join([t.name(i) for i in missing])), mine
    if phase == "over":
        return T("sm.p_over"), False
    roll = v.get("roll")
    if roll is not None:
        who = roll.get("roller")
        if roll.get("move") == "resolve":
            return T("sm.p_resolve_roll", name=t.name(who)), who == me
        if roll.get("stage") == "declared":
            return T("sm.p_roll_declared", name=t.name(who), move=tx.move_name(roll.get("move"))), who == me
        return T("sm.p_roll_rolled", name=t.name(who)), who == me
    task = t.task()
    if task is not None:
        who = task.get("seat")
        task_kind = task.get("kind")
        if task_kind == "draw":
            return T("sm.p_draw", suit=tx.ui(f"suit_{task.get('suit')}"), name=t.name(who)), who == me
        if task_kind == "atmosphere":
            return T("sm.p_atmosphere", name=t.name(who), place=tx.location_name(v, task.get("location"))), who == me
        if task_kind == "pick":
            return T("sm.p_pick", name=t.name(who), suit=tx.ui(f"suit_{task.get('suit')}")), who == me
        return T(f"sm.p_{task_kind}", name=t.name(who)), who == me
    if phase == "introduction":
        return T("sm.p_intro"), False
    if phase == "resolution":
        return T("sm.p_resolution"), False
    scene = v.get("scene") or {}
    if scene.get("closed"):
        return T("sm.p_scene_closed"), False
    return claim.step_line(t, T("sm.p_scene", n=scene.get("number", 0), place=tx.location_name(v, v.get("location")))), \
        False


# --------------------------------------------------------------------------- action bar

def action_bar(t: SchoolMysteryTable) -> list[Any]:
    if not t.controls:
        return []
    v = t.shown
    phase = v.get("phase")
    if phase not in ("introduction", "investigation", "resolution"):
        return []
    u, ctx = t.L.u, t.ctx
    r = t.L.actions
    out: list[Any] = []
    row = Row(r.left, r.top + int(u * 0.2), r.w, int(u * 2.2), int(u * 0.4))

    def add(key: str, text: str, fn: Callable[[], None], enabled: bool = True, selected: bool = False,
            hint: str = "", primary: bool = False) -> None:
        b = ActionButton(text, pygame.Rect(0, 0, 0, 0), fn, key=key, enabled=enabled, selected=selected,
                         why_not=hint, primary=primary)
        row.items.append((b, None, int(u * 4)))
        out.append(b)

    def toggle(key: str) -> Callable[[], None]:
        def fn() -> None:
            was = bool(t.sel.get(key))
            for k in ("declare", "give", "goto", "note", "edit"):
                t.sel.pop(k, None)
            if not was:
                t.sel[key] = True
        return fn

    busy = v.get("roll") is not None or bool(t.task())
    if phase == "investigation":
        add("act_moves", _title(t, "act_moves"), toggle("declare"),
            enabled=not busy and (t.can("declare_roll") or t.can("use_move")), selected=bool(t.sel.get("declare")),
            hint=_title(t, "hint_no_moves"))
        add("act_call", _title(t, "act_call"), lambda: t.send({"type": "call_character"}),
            enabled=t.can("call_character"), hint=_title(t, "hint_scene_closed"))
    if phase in ("introduction", "investigation"):
        add("act_goto", _title(t, "act_goto"), toggle("goto"), enabled=t.can("move"),
            selected=bool(t.sel.get("goto")), hint=_title(t, "hint_goto"))
    if phase == "investigation":
        add("act_condition", _title(t, "act_condition"), toggle("give"), enabled=t.can("give_condition"),
            selected=bool(t.sel.get("give")))
    add("act_note", _title(t, "act_note"), toggle("note"), enabled=t.can("add_note"), selected=bool(t.sel.get("note")))
    if phase == "investigation":
        claim.add_buttons(t, add)  # the humans' window on this step: Pass, Let the bots go
    if phase == "resolution":  # the sheet folds away to work the board (cards, red string) and comes back
        folded = bool(t.sel.get("board"))
        key = "act_sheet" if folded else "act_board"  # the sheet brought back; the sheet folded away
        add(key, _title(t, key), lambda: fold_sheet(t, not folded), primary=folded)
    if phase == "investigation" and v.get("leader") == t.seat:
        add("act_resolution", _title(t, "act_resolution"), lambda: t.send({"type": "begin_resolution"}),
            enabled=t.can("begin_resolution"))
    for scale in SCALES:  # one row: labels shrink (to the floor) before the row wraps
        row.scale = scale
        for b in out:
            b.scale = scale
        bottom = row.layout(ctx, u)
        if bottom <= r.bottom or scale == SCALES[-1]:
            break
    if bottom > r.bottom:  # still two rows at the floor: the rows end at the bar's bottom (the layout
        shift = bottom - r.bottom  # gives the bar that many rows; see SchoolMysteryTable.rebuild)
        for b in out:
            b.rect.move_ip(0, -shift)
    return out


def fold_sheet(t: SchoolMysteryTable, folded: bool) -> None:
    """The resolution sheet folded away (the board is worked: cards edited, moved, linked) or brought back;
    what was typed in its entries stays (they are kept by key)."""
    if folded:
        t.sel["board"] = True
        for key in ("title", "deduction"):
            if t.focus == key:
                t.focus_entry(None)
    else:  # the sheet in front again: a card's editor left open on the board closes
        t.sel.pop("board", None)
        t.sel.pop("edit", None)
    t.dirty = True


def hand_over(t: SchoolMysteryTable) -> list[Any]:
    """Pass-and-play: on another local player's sheet, a button hands them the screen (the curtain)."""
    tab = t.sel.get("tab")
    if not t.controls or not isinstance(tab, int) or tab == t.seat or tab not in t.ctx.local_seats():
        return []
    r = t.L.sheet
    u = t.L.u
    text = _title(t, "hand_over", name=t.name(tab))
    w, h = button_size(t.ctx, u, text, r.w - int(u), r.w - int(u), int(u * 2.2), r.w - int(u))
    rect = pygame.Rect(r.left + int(u * 0.5), secrets_rect(t).top - int(u * 0.6) - h, w, h)
    return [ActionButton(text, rect, lambda: t.ctx.show_seat(tab), key="hand_over", primary=True)]


# --------------------------------------------------------------------------- setup

def _setup_sheet(t: SchoolMysteryTable, rect: pygame.Rect, title: str) -> Builder:
    """A set-up dialog with the prompt line (who is still choosing) under its title."""
    p = Builder(t, rect, _title(t, title))
    p.text(prompt(t)[0], 0.75, ACCENT_DEEP, True)
    p.gap(0.3)
    return p


def setup_panel(t: SchoolMysteryTable) -> list[Widget]:
    """Set-up dialogs (subject, leader, students): the decks are not in play yet, so the dialog takes
    the canvas column from the top of the window (not the log's and the tray's), with the prompt line
    under its title."""
    v = t.shown
    phase = v.get("phase")
    L = t.L
    rect = pygame.Rect(L.decks.left, L.decks.top, 0, 0)
    rect.w = min(t.rect.right - int(L.u * 0.5) - rect.left, L.decks.w)  # never over the log or the dice tray
    rect.h = t.rect.bottom - int(L.u * 0.5) - rect.top
    if phase == "setup_subject":
        p = _setup_sheet(t, rect, "setup_subject_title")
        subject_choice(t, p)
        return p.done(L.dialog.h)
    if phase == "setup_leader":
        p = _setup_sheet(t, rect, "setup_leader_title")
        sub = t.tx.subject(v.get("subject"))
        if sub is not None:
            p.text(t.tx.tr(sub.title), 1.0, INK, True)
            p.text(t.tx.tr(sub.situation), 0.75, INK)
            p.gap(0.4)
        p.text(_title(t, "leader_explain"), 0.75, MUTED)
        if t.can("choose_leader", seat=0):
            f = p.flow(2.4)
            for s in range(v.get("players", 0)):
                p.button(f, f"{s + 1}. {t.name(s)}", (lambda s=s: t.send({"type": "choose_leader", "seat": s})),
                         k=0.85, min_w=8)
            p.end_flow(f)
        else:
            p.text(_title(t, "setup_waiting_first", name=t.name(0)), 0.8, MUTED)
        tone_block(t, p)
        return p.done(L.dialog.h)
    # students
    st = t.student(t.seat)
    if t.controls and st is None and t.can("create_student"):
        return create_panel(t, rect)
    p = _setup_sheet(t, rect, "setup_students_title")
    for i, s in enumerate(v.get("students") or []):
        if s is None:
            p.text(f"{i + 1}. {t.name(i)} — {_title(t, 'creating')}", 0.85, MUTED)
        else:
            rival = t.name(s.get("rival"))
            p.text(f"{i + 1}. {s['name']} — {t.tx.playbook_name(s['playbook'])}" + t.tx.paren(f"{t.tx.ui('rival')}: {rival}"),
                   0.85, INK, True)
    tone_block(t, p)
    return p.done(L.dialog.h)


def subject_choice(t: SchoolMysteryTable, p: Builder) -> None:
    """Two columns: the subjects (a click shows one; it is sent only with "Choose this subject") with
    the looked-at subject's situation in full under them; the tone talk beside them."""
    u = t.L.u
    content = t.tx.content
    ids = list(content.subjects)
    looked = t.sel.get("subject") if t.sel.get("subject") in content.subjects else ids[0]
    if not t.can("choose_subject", subject=ids[0]):
        p.text(_title(t, "setup_waiting_first", name=t.name(0)), 0.8, MUTED)
    x, width, top = p.x, p.width, p.y
    gap = int(u * 1.2)
    p.width = (width - gap) * 11 // 20
    if p.live:
        f = p.flow(2.0, gap=0.3)
        for sid in ids:
            p.button(f, t.tx.tr(content.subjects[sid].title), (lambda s=sid: t.sel.__setitem__("subject", s)),
                     selected=sid == looked, k=0.8, w=p.width, key=f"subject:{sid}")
        p.end_flow(f)
    else:
        for sid in ids:
            p.text(("◆ " if sid == looked else "・") + t.tx.tr(content.subjects[sid].title), 0.75,
                   INK if sid == looked else MUTED, sid == looked)
    sub = content.subjects[looked]
    day = t.tx.ui("holiday") if sub.day_type != "weekday" else t.tx.ui("schoolday")

    def looked_at() -> None:  # the looked-at subject in full, and the button that chooses it
        p.gap(0.3)
        p.text(t.tx.tr(sub.title), 0.9, INK, True)
        p.text(_title(t, "subject_meta", d=sub.difficulty, day=day, n=len(sub.questions)), 0.68, MUTED)
        p.text(t.tx.tr(sub.situation), 0.7, INK)
        if t.can("choose_subject", subject=looked):
            f = p.flow(2.2)
            p.button(f, _title(t, "subject_choose_this"),
                     lambda: t.send({"type": "choose_subject", "subject": looked}), primary=True,
                     key="choose_subject")
            p.end_flow(f)

    if not t.tone_compact:
        looked_at()
    left_bottom = p.y
    p.x, p.y, p.width = x + p.width + gap, top, width - p.width - gap
    tone_block(t, p, gap=0.0)
    if t.tone_compact:  # a short window: the subject in full beside the list, under the folded tone talk
        looked_at()
    p.x, p.width, p.y = x, width, max(p.y, left_bottom)


def tone_block(t: SchoolMysteryTable, p: Builder, gap: float = 0.4) -> None:
    from shared.games.school_mystery.describe import tone_prompts
    p.gap(gap)
    p.text(_title(t, "tone_title"), 0.85, INK, True)
    p.text(_title(t, "tone_explain"), 0.7, MUTED)
    if not t.tone_compact:  # the content's guidance and prompts for the talk
        p.text(t.tx.ui("tone_guide"), 0.68, INK)
        for prompt in tone_prompts(t.tx.content, t.ctx.lang):
            p.text("・" + prompt, 0.66, MUTED, indent=0.6)
    if p.live and t.can("set_tone"):
        p.entry("tone", lines=3, placeholder=_title(t, "tone_placeholder"), limit=500, submit=_title(t, "save"),
                on_submit=lambda s: t.send({"type": "set_tone", "text": s}), initial=t.shown.get("tone", ""))
    else:
        p.text(t.shown.get("tone") or "—", 0.75, INK)


def _export(t: SchoolMysteryTable, fmt: str) -> None:
    t.export_article(fmt)


def _choose_playbook(t: SchoolMysteryTable, pid: str) -> None:
    t.sel["playbook"] = pid
    t.sel.pop("stats", None)  # the stat lines are the playbook's


def create_panel(t: SchoolMysteryTable, rect: pygame.Rect) -> list[Any]:
    """Create your student: name, playbook (its text beside), stats, rival."""
    u = t.L.u
    content = t.tx.content
    free = sorted({a["playbook"] for a in t.options("create_student")}, key=list(content.playbooks).index)
    pb = t.sel.get("playbook")
    if pb not in free:
        pb = free[0] if free else None
        t.sel["playbook"] = pb
    p = _setup_sheet(t, rect, "create_title")
    left_w = int(p.width * 0.46)
    right_x = p.x + left_w + int(u * 1.0)
    right_w = p.width - left_w - int(u * 1.0)
    top = p.y
    p.width = left_w
    p.text(_title(t, "create_name"), 0.75, MUTED, True)
    name = p.entry("name", placeholder=_title(t, "create_name_hint"), limit=40)
    p.text(_title(t, "create_playbook"), 0.75, MUTED, True)
    f = p.flow(2.0, 0.3)
    for pid in free:
        p.button(f, t.tx.playbook_name(pid), partial(_choose_playbook, t, pid),
                 selected=pid == pb, k=0.75, w=(left_w - int(u * 0.3)) // 2)
    p.end_flow(f)
    book = t.tx.playbook(pb)
    p.text(_title(t, "create_stats"), 0.75, MUTED, True)
    if book is not None:
        for i, arr in enumerate(book.stat_arrays):
            txt = "  ".join(f"{t.tx.stat_name(s)}\u00a0{int(arr.get(s, 0)):+d}" for s in t.tx.stat_ids())
            f = p.flow(1.9, 0.3)
            p.button(f, txt, (lambda i=i: t.sel.__setitem__("stats", i)), selected=t.sel.get("stats") == i,
                     k=0.7, w=left_w)
            p.end_flow(f)
            p.y -= int(u * 0.25)
    p.gap(0.2)
    p.text(_title(t, "create_rival"), 0.75, MUTED, True)
    f = p.flow(2.0, 0.3)
    for s in range(t.shown.get("players", 0)):
        nm = _title(t, "yourself") if s == t.seat else t.name(s)
        p.button(f, nm, (lambda s=s: t.sel.__setitem__("rival", s)), selected=t.sel.get("rival") == s, k=0.75,
                 min_w=4)
    p.end_flow(f)
    ready = (bool(name and name.text.strip()) and pb is not None and isinstance(t.sel.get("stats"), int)
             and isinstance(t.sel.get("rival"), int))

    def create() -> None:
        t.send({"type": "create_student", "name": name.text.strip()[:40], "playbook": pb,
                "stats": t.sel["stats"], "rival": t.sel["rival"]})

    f = p.flow(2.4)
    p.button(f, _title(t, "create_button"), create, enabled=ready, primary=True, k=0.9, key="create")
    p.end_flow(f)
    left_bottom = p.y
    # the playbook's text beside
    p.y, p.x, p.width = top, right_x, right_w
    if book is not None:
        p.text(t.tx.tr(book.name), 1.0, INK, True)
        p.text(t.tx.tr(book.description), 0.75, INK)
        p.gap(0.3)
        p.text(_title(t, "special_moves"), 0.75, MUTED, True)
        for mid in book.moves:
            m = t.tx.move(mid)
            if m is None:
                continue
            stats = "・".join(t.tx.stat_name(s) for s in m.stats if s != "any") if m.kind == "roll" else ""
            head = t.tx.tr(m.name) + (t.tx.paren(stats) if stats else "")
            p.text(head, 0.75, INK, True)
            p.text(t.tx.tr(m.description), 0.68, INK, indent=0.6)
        p.gap(0.3)
        p.text(_title(t, "create_secrets_note"), 0.68, MUTED)
    p.y = max(p.y, left_bottom)
    p.x, p.width = rect.left + p.pad, rect.w - p.pad * 2
    tone_block(t, p)
    return p.done(t.L.dialog.h)


# --------------------------------------------------------------------------- introduction

def intro_panel(t: SchoolMysteryTable) -> list[Any]:
    v = t.shown
    sub = t.tx.subject(v.get("subject"))
    if sub is None:
        return []
    p = Builder(t, t.L.dialog, t.tx.tr(sub.title))
    p.text(t.tx.tr(sub.situation), 0.78, INK)
    p.gap(0.3)
    answers = v.get("answers") or []
    for i, q in enumerate(sub.questions):
        p.text(f"Q{i + 1}. {t.tx.tr(q)}", 0.78, INK, True)
        ans = answers[i] if i < len(answers) else ""
        if p.live and t.can("answer_question", index=i):
            e = p.entry(f"answer:{i}", placeholder=_title(t, "answer_hint"), limit=500, submit=_title(t, "save"),
                        on_submit=(lambda s, i=i: t.send({"type": "answer_question", "index": i, "text": s})
                                   if s.strip() else None),
                        initial=ans, k=0.78)
            if e is not None and not e.focused and not e.dirty and e.text != ans:
                e.set_text(ans)
        else:
            p.text(ans or "…", 0.75, MUTED if not ans else INK, indent=0.8)
    p.gap(0.2)
    if all((a or "").strip() for a in answers):
        p.text(_title(t, "intro_go"), 0.8, ACCENT, True)
        goto_buttons(t, p)
    else:
        p.text(_title(t, "intro_answer_first"), 0.72, MUTED)
    return p.done(t.L.dialog.h)


def goto_buttons(t: SchoolMysteryTable, p: Builder) -> None:
    f = p.flow(2.2)
    for a in t.options("move"):
        rank = a["location"]
        p.button(f, "♥ " + t.tx.location_name(t.shown, rank), (lambda r=rank: t.send({"type": "move", "location": r})),
                 k=0.8, key=f"goto:{rank}")
    p.end_flow(f)
    if t.can("draw_location"):
        p.text(_title(t, "draw_location_hint"), 0.72, ACCENT)
    else:
        duty = (t.shown.get("scene") or {}).get("number", 0) + 1
        _ = duty
        p.text(_title(t, "draw_location_other"), 0.72, MUTED)


def _dialog_rect(t: SchoolMysteryTable, width_units: float) -> pygame.Rect:
    """The dialog area, at most ``width_units`` wide, centred where the dialog area is."""
    r = t.L.dialog.copy()
    r.w = min(r.w, int(t.L.u * width_units))
    r.centerx = t.L.dialog.centerx
    return r


def goto_panel(t: SchoolMysteryTable) -> list[Any]:
    r = _dialog_rect(t, 36)
    p = Builder(t, r, _title(t, "goto_title"))
    p.close_button(lambda: t.sel.pop("goto", None))
    p.text(_title(t, "goto_explain"), 0.72, MUTED)
    goto_buttons(t, p)
    return p.done()


def note_panel(t: SchoolMysteryTable) -> list[Any]:
    r = _dialog_rect(t, 36)
    p = Builder(t, r, _title(t, "note_title"))
    p.close_button(lambda: t.sel.pop("note", None))

    def add(s: str) -> None:
        if s.strip():
            t.send({"type": "add_note", "text": s.strip()[:500]})
            t.entries["note"].set_text("")
            t.sel.pop("note", None)

    p.entry("note", lines=3, placeholder=_title(t, "note_hint"), submit=_title(t, "add"), on_submit=add)
    return p.done()


def edit_panel(t: SchoolMysteryTable) -> list[Any]:
    cid = t.sel["edit"]
    card = t.card(cid)
    if card is None:
        return []
    r = _dialog_rect(t, 38)
    kind = t.tx.ui(f"kind_{card['kind']}")
    title = t.tx.card_title(t.shown, card)
    p = Builder(t, r, title if title != kind else kind)
    def close() -> None:
        t.sel.pop("edit", None)
        t.focus_entry(None)
    p.close_button(close)
    p.text(kind + (f"  {card['rank']}" if card.get("rank") else "") + "  ·  " +
           _title(t, "card_by", name=t.name(card.get("by")), n=card.get("scene", 0)), 0.7, MUTED)
    base = t.tx.card_base_text(t.shown, card)
    if base:
        p.text(base, 0.78, INK)
    if card.get("kind") == "character" and card.get("rank"):
        p.text(t.tx.drawn(t.shown, "spades", card["rank"])["extra"], 0.7, MUTED)
    p.gap(0.3)
    if p.live and t.can("edit_card"):
        p.text(_title(t, "edit_label"), 0.75, MUTED, True)

        def save(s: str) -> None:
            t.send({"type": "edit_card", "card": cid, "text": s[:500]})
            t.sel.pop("edit", None)

        p.entry(f"edit:{cid}", lines=4, placeholder=_title(t, "edit_hint"), submit=_title(t, "save"), on_submit=save,
                initial=card.get("text", ""))
        if card.get("kind") == "clue":
            p.text(_title(t, "link_hint"), 0.68, MUTED)
    else:
        p.text(card.get("text") or "", 0.8, INK)
    if p.live and t.shown.get("phase") == "resolution" and t.can("use_clue", card=cid):  # as on the sheet
        on = cid in (t.shown.get("clues_used") or [])
        f = p.flow(1.9, 0.2)
        p.button(f, ("■ " if on else "□ ") + _title(t, "use_clue"),
                 lambda: t.send({"type": "use_clue", "card": cid, "used": not on}), selected=on, k=0.7,
                 key=f"clue:{cid}")
        p.end_flow(f)
    return p.done()


# --------------------------------------------------------------------------- tasks

def _card_pic(t: SchoolMysteryTable, suit: str, rank: int, title: str, body: str) -> Callable[[pygame.Surface, Any, pygame.Rect], None]:
    face = CardFace(key=f"drawn:{suit}:{rank}:{t.shown.get('subject')}", title=title, subtitle=t.tx.ui(f"suit_{suit}"),
                    body=body, colour=SUIT_COLOUR[suit], symbol=SUIT_SYMBOL[suit], corner=str(rank))

    def fn(surface: pygame.Surface, ctx: Any, r: pygame.Rect) -> None:
        size = card_size(min(r.h * 0.9, r.w * 7 / 5 * 0.9))
        img = t.renderer.surface(face, size, True)
        surface.blit(img, img.get_rect(center=r.center))
    return fn


def _propose_mode(t: SchoolMysteryTable, on: bool) -> None:
    """The condition step's own student switches its condition buttons between taking and proposing."""
    if on:
        t.sel["propose_cond"] = True
    else:
        t.sel.pop("propose_cond", None)
    t.dirty = True


def task_panel(t: SchoolMysteryTable, task: dict) -> list[Any]:
    kind = task.get("kind")
    if kind == "draw":
        return []  # the prompt line and the glowing deck say it
    if kind == "atmosphere":
        return atmosphere_panel(t, task)
    if kind == "pick":
        return pick_panel(t, task)
    mine = task.get("seat") == t.seat and t.controls
    r = _dialog_rect(t, 40)
    p = Builder(t, r, _title(t, f"task_{kind}_title", name=t.name(task.get("seat"))))
    if kind == "condition":
        p.text(_title(t, "condition_explain"), 0.72, MUTED)
        proposal = task.get("proposal")
        if proposal:  # the table chooses a condition nobody named: the latest proposal, its student confirms
            p.text(f"{t.tx.ui('action_propose_condition')}: {t.name(proposal.get('by'))} — "
                   f"{t.tx.condition_name(proposal)}", 0.8, INK, True)
            if mine and t.can("accept_condition"):
                f = p.flow(2.2)
                p.button(f, t.tx.ui("action_accept_condition"), lambda: t.send({"type": "accept_condition"}),
                         primary=True, key="accept_condition")
                p.end_flow(f)
        # its student takes one, or (the table chooses it together) proposes one as every other student does
        propose = not mine or (bool(t.sel.get("propose_cond")) and t.can("propose_condition"))
        verb = "propose_condition" if propose else "take_condition"
        if mine and t.can("propose_condition"):
            f = p.flow(1.9, 0.2)
            p.button(f, _title(t, "condition_propose_mode"), lambda: _propose_mode(t, not propose), selected=propose,
                     k=0.7, key="propose_mode")
            p.end_flow(f)
        if mine or (t.controls and t.can("propose_condition")):
            f = p.flow(2.0, 0.3)
            for a in t.options(verb):
                if "condition" in a:
                    cid = a["condition"]
                    p.button(f, t.tx.condition_name({"id": cid}),
                             (lambda c=cid: t.send({"type": verb, "condition": c})), k=0.75)
            p.end_flow(f)
            p.entry("cond_text", placeholder=_title(t, "condition_custom"), limit=80,
                    submit=t.tx.ui("action_propose_condition") if propose else _title(t, "take"),
                    on_submit=lambda s: t.send({"type": verb, "text": s.strip()}) if s.strip() else None)
    elif kind == "clear":
        if mine:
            f = p.flow(2.0, 0.3)
            for a in t.options("clear_condition"):
                conds = (t.student(t.seat) or {}).get("conditions") or []
                i = a["index"]
                if i < len(conds):
                    p.button(f, t.tx.condition_name(conds[i]),
                             (lambda i=i: t.send({"type": "clear_condition", "target": t.seat, "index": i})), k=0.75)
            p.end_flow(f)
    elif kind == "secret":
        reason = task.get("reason", "move")
        p.text(_title(t, f"secret_reason_{reason}"), 0.75, MUTED)
        if mine:
            secret_buttons(t, p, "unlock_secret")
    return p.done()


def secret_buttons(t: SchoolMysteryTable, p: Builder, kind: str) -> None:
    st = t.student(t.seat) or {}
    for a in t.options(kind):
        sid = a["secret"]
        text = t.tx.secret_text(st.get("playbook"), sid)
        f = p.flow(2.6, 0.3)
        p.button(f, text, (lambda s=sid: t.send({"type": "unlock_secret", "secret": s})), k=0.72, w=p.width,
                 key=f"secret:{sid}")
        p.end_flow(f)
        p.y -= int(t.L.u * 0.2)


def atmosphere_panel(t: SchoolMysteryTable, task: dict) -> list[Any]:
    v = t.shown
    loc = t.tx.location(v, task.get("location"))
    p = Builder(t, t.L.dialog, t.tx.tr(loc.name) if loc else "")
    mine = task.get("seat") == t.seat and t.controls
    if loc is not None:
        pic_h = int(t.L.u * 11)
        top = p.y
        p.custom(pic_h, _card_pic(t, "hearts", int(task.get("location") or 0), t.tx.tr(loc.name), ""),
                 width=int(t.L.u * 8))
        p.y = top
        p.x += int(t.L.u * 9)
        p.width -= int(t.L.u * 9)
        p.text(t.tx.tr(loc.description), 0.8, INK)
        p.gap(0.4)
        p.text(_title(t, "atmosphere_q"), 0.72, MUTED, True)
        p.text(t.tx.tr(loc.atmosphere), 0.9, INK, True)
        p.gap(0.3)
        if mine:
            p.entry("atmosphere", lines=3, placeholder=_title(t, "atmosphere_hint"), submit=_title(t, "place_card"),
                    on_submit=lambda s: t.send({"type": "answer_atmosphere", "text": s.strip()}) if s.strip() else None)
        else:
            p.text(_title(t, "atmosphere_wait", name=t.name(task.get("seat"))), 0.75, MUTED)
        p.y = max(p.y, top + pic_h)
    return p.done()


def pick_panel(t: SchoolMysteryTable, task: dict) -> list[Any]:
    v = t.shown
    suit, rank = str(task.get("suit")), int(task.get("card") or 0)
    mine = task.get("seat") == t.seat and t.controls
    d = t.tx.drawn(v, suit, rank)
    title = d["name"] or t.tx.ui(f"suit_{suit}")
    p = Builder(t, t.L.dialog, _title(t, "drawn_title", suit=t.tx.ui(f"suit_{suit}"), n=rank, name=t.name(task.get("seat"))))
    top = p.y
    pic_h = int(t.L.u * 12)
    p.custom(pic_h, _card_pic(t, suit, rank, title, d["description"]), width=int(t.L.u * 8.6))
    p.y = top
    p.x += int(t.L.u * 9.6)
    p.width -= int(t.L.u * 9.6)
    if suit in ("diamonds", "clubs"):
        p.text(_title(t, "choose_one"), 0.78, MUTED, True)
        for i, opt in enumerate(d["options"]):
            if mine and t.can("choose_option", option=i):
                f = p.flow(3.0, 0.3)
                p.button(f, f"{i + 1}. {opt}", (lambda i=i: t.send({"type": "choose_option", "option": i})), k=0.8,
                         w=p.width, key=f"option:{i}")
                p.end_flow(f)
                p.y -= int(t.L.u * 0.2)
            else:
                p.text(f"{i + 1}. {opt}", 0.8, INK)
                p.gap(0.2)
    else:
        p.text(d["name"], 1.0, INK, True)
        p.text(d["description"], 0.8, INK)
        if d["extra"]:
            p.gap(0.2)
            p.text(d["extra"], 0.72, MUTED)
        if mine and t.can("accept_card"):
            key = "accept_move" if (suit == "hearts" and task.get("mode") == "move") else (
                "accept_reveal" if suit == "hearts" else "accept_character")
            f = p.flow(2.4)
            p.button(f, _title(t, key), lambda: t.send({"type": "accept_card"}), primary=True, k=0.85, key="accept")
            p.end_flow(f)
    p.y = max(p.y, top + pic_h)
    p.x, p.width = t.L.dialog.left + p.pad, t.L.dialog.w - p.pad * 2
    if mine:
        p.text(t.tx.ui("redraw_hint"), 0.68, MUTED)
        f = p.flow(2.2)
        p.button(f, _title(t, "redraw"), lambda: t.send({"type": "redraw"}), enabled=t.can("redraw"), k=0.8,
                 key="redraw")
        if t.can("invent"):
            p.button(f, _title(t, "invent"), lambda: t.sel.__setitem__("invent", not t.sel.get("invent")),
                     selected=bool(t.sel.get("invent")), k=0.8, key="invent")
        p.end_flow(f)
        if t.sel.get("invent") and t.can("invent"):
            p.entry("invent", lines=2, placeholder=_title(t, f"invent_hint_{suit}"), submit=_title(t, "place_card"),
                    on_submit=lambda s: t.send({"type": "invent", "text": s.strip()}) if s.strip() else None)
    return p.done()


# --------------------------------------------------------------------------- moves and conditions

def declare_panel(t: SchoolMysteryTable) -> list[Any]:
    u = t.L.u
    p = Builder(t, t.L.dialog, _title(t, "declare_title"))
    p.close_button(lambda: t.sel.pop("declare", None))
    rolls: dict[str, list[str]] = {}
    for a in t.options("declare_roll"):
        rolls.setdefault(a["move"], []).append(a["stat"])
    triggers = [a["move"] for a in t.options("use_move")]
    mid = t.sel.get("move")
    if mid not in rolls and mid not in triggers:
        mid = None
    left_w = int(p.width * 0.42)
    top = p.y
    p.width = left_w
    p.text(_title(t, "basic_moves"), 0.72, MUTED, True)
    f = p.flow(1.9, 0.3)
    for m in rolls:
        if t.tx.move(m) and t.tx.move(m).playbook is None:
            p.button(f, t.tx.move_name(m), (lambda m=m: t.sel.__setitem__("move", m)), selected=m == mid, k=0.72,
                     w=(left_w - int(u * 0.3)) // 2, key=f"move:{m}")
    p.end_flow(f)
    special = [m for m in list(rolls) + triggers if t.tx.move(m) and t.tx.move(m).playbook is not None]
    if special:
        p.text(_title(t, "special_moves"), 0.72, MUTED, True)
        f = p.flow(1.9, 0.3)
        for m in special:
            p.button(f, t.tx.move_name(m), (lambda m=m: t.sel.__setitem__("move", m)), selected=m == mid, k=0.72,
                     w=left_w, key=f"move:{m}")
        p.end_flow(f)
    left_bottom = p.y
    p.y, p.x, p.width = top, p.x + left_w + int(u), t.L.dialog.right - p.pad - (p.x + left_w + int(u))
    if mid is None:
        p.text(_title(t, "declare_pick"), 0.8, MUTED)
    else:
        m = t.tx.move(mid)
        p.text(t.tx.tr(m.name), 1.0, INK, True)
        p.text(t.tx.tr(m.description), 0.74, INK)
        p.gap(0.2)
        if mid in rolls:
            for band in ("great", "success", "narrow", "failure"):
                o = m.outcomes.get(band)
                if o is not None:
                    p.text(f"{t.tx.band(band)}: {t.tx.tr(o.text)}", 0.66, MUTED)
            p.gap(0.3)
            p.text(_title(t, "choose_stat"), 0.75, MUTED, True)
            stats = (t.student(t.seat) or {}).get("stats") or {}
            f = p.flow(2.2, 0.3)
            for s in rolls[mid]:
                p.button(f, f"{t.tx.stat_name(s)} {int(stats.get(s, 0)):+d}",
                         (lambda s=s: t.send({"type": "declare_roll", "move": mid, "stat": s})), primary=True, k=0.8,
                         key=f"stat:{s}")
            p.end_flow(f)
        else:
            f = p.flow(2.2)
            p.button(f, _title(t, "use_move"), lambda: t.send({"type": "use_move", "move": mid}), primary=True,
                     key="use_move")
            p.end_flow(f)
    p.y = max(p.y, left_bottom)
    return p.done(t.L.dialog.h)


def condition_give_panel(t: SchoolMysteryTable) -> list[Any]:
    u = t.L.u
    r = t.L.dialog.copy()
    p = Builder(t, r, _title(t, "give_title"))
    p.close_button(lambda: t.sel.pop("give", None))
    p.text(_title(t, "give_explain"), 0.7, MUTED)
    targets = sorted({a["target"] for a in t.options("give_condition")})
    target = t.sel.get("target")
    if target not in targets:
        target = t.seat if t.seat in targets else (targets[0] if targets else None)
    f = p.flow(2.0, 0.3)
    for s in targets:
        p.button(f, t.name(s), (lambda s=s: t.sel.__setitem__("target", s)), selected=s == target, k=0.75)
    p.end_flow(f)
    if target is None:
        return p.done()
    st = t.student(target) or {}
    conds = st.get("conditions") or []
    p.text(_title(t, "has_conditions", n=len(conds)), 0.72, MUTED, True)
    f = p.flow(2.0, 0.3)
    for i, c in enumerate(conds):
        p.button(f, "× " + t.tx.condition_name(c),
                 (lambda i=i: t.send({"type": "clear_condition", "target": target, "index": i})), k=0.72)
    p.end_flow(f)
    p.text(_title(t, "give_pick"), 0.72, MUTED, True)
    f = p.flow(1.9, 0.3)
    for cid in t.tx.content.conditions:
        p.button(f, t.tx.condition_name({"id": cid}),
                 (lambda c=cid: t.send({"type": "give_condition", "target": target, "condition": c})), k=0.7)
    p.end_flow(f)
    p.entry("give_text", placeholder=_title(t, "condition_custom"), limit=80, submit=_title(t, "give"),
            on_submit=lambda s: t.send({"type": "give_condition", "target": target, "text": s.strip()})
            if s.strip() else None)
    if len(conds) >= 3:
        p.text(t.tx.ui("fourth_condition"), 0.7, RED)
    _ = u
    return p.done(t.L.dialog.h)


# --------------------------------------------------------------------------- rolls

def roll_mode(adv: bool, dis: bool) -> str:
    if adv and not dis:
        return "advantage"
    if dis and not adv:
        return "disadvantage"
    return "normal"


def roll_panel(t: SchoolMysteryTable) -> list[Any]:
    v = t.shown
    roll = v["roll"]
    roller = roll.get("roller")
    mine = roller == t.seat and t.controls
    st = t.student(roller) or {}
    stat = roll.get("stat")
    value = int((st.get("stats") or {}).get(stat, 0))
    r = _dialog_rect(t, 44)
    p = Builder(t, r, _title(t, "roll_title", name=t.name(roller), move=t.tx.move_name(roll.get("move"))))
    p.text(_title(t, "roll_stat", stat=t.tx.stat_name(stat), v=f"{value:+d}"), 0.85, INK)
    if roll.get("rerolled"):
        p.text(_title(t, "rerolled_by", name=t.name(roller), rival=t.name(roll.get("first_roller"))), 0.75, ACCENT)
    if roll.get("stage") == "declared":
        _roll_declared(t, p, roll, mine)
    else:
        _roll_rolled(t, p, roll, mine, value)
    return p.done(t.L.dialog.h)


def _roll_declared(t: SchoolMysteryTable, p: Builder, roll: dict, mine: bool) -> None:
    """The sources of advantage and disadvantage (shared in the roll), help, the roll button."""
    u = t.L.u
    adv_src = list(roll.get("advantage") or [])
    dis_src = list(roll.get("disadvantage") or [])
    col_w = (p.width - int(u)) // 2
    top = p.y
    # the rules allow the "condition" source only with a hindering condition, and keep it when a
    # sample condition hinders (roll.hindered_by): the toggle follows the legal presets
    condition_ok = any("condition" in a.get("disadvantage", []) for a in t.options("set_roll_modifiers"))
    condition_fixed = bool(roll.get("hindered_by"))
    # the "item" source needs an item the table gave the roller (a note with its seat as holder)
    item_ok = any(c.get("holder") == roll.get("roller") and c.get("text") for c in t.shown.get("cards") or [])

    def toggle(kind: str, src: str) -> None:
        adv, dis = list(adv_src), list(dis_src)
        pool = adv if kind == "adv" else dis
        if src in pool:
            pool.remove(src)
        else:
            pool.append(src)
        t.send({"type": "set_roll_modifiers", "advantage": [s for s in ADV_SOURCES if s in adv],
                "disadvantage": [s for s in DIS_SOURCES if s in dis]})

    def column(kind: str, title: str, colour: tuple, sources: tuple[str, ...], chosen: list[str],
               effect: bool) -> None:
        p.text(title, 0.78, colour, True)
        if effect:
            p.text("■ " + _title(t, "src_effect"), 0.72, INK, indent=0.4)
        for src in sources:
            on = src in chosen
            label_text = ("■ " if on else "□ ") + _title(t, f"src_{kind}_{src}")
            if mine:
                f = p.flow(1.9, 0.3)
                enabled = not (kind == "dis" and src == "condition" and (condition_fixed or not condition_ok)) and not (
                    kind == "adv" and src == "item" and not item_ok and not on)
                p.button(f, label_text, (lambda s=src: toggle(kind, s)), selected=on, k=0.72, w=col_w,
                         key=f"{kind}:{src}", enabled=enabled)
                p.end_flow(f)
                p.y -= int(u * 0.25)
            else:
                p.text(label_text, 0.72, INK if on else MUTED, indent=0.4)

    p.width = col_w
    column("adv", _title(t, "advantage_sources"), theme.SM_ADVANTAGE, ADV_SOURCES, adv_src,
           bool(roll.get("effect_advantage")))
    left_bottom = p.y
    p.y, p.x = top, p.x + col_w + int(u)
    column("dis", _title(t, "disadvantage_sources"), theme.SM_DISADVANTAGE, DIS_SOURCES, dis_src,
           bool(roll.get("effect_disadvantage")))
    st = t.student(roll.get("roller")) or {}
    conds = [t.tx.condition_name(c) for c in st.get("conditions") or []]
    p.text(_title(t, "roller_conditions") + (t.tx.join(conds) if conds else "—"), 0.68, MUTED)
    p.y = max(p.y, left_bottom) + int(u * 0.2)
    p.x, p.width = p.box.rect.left + p.pad, p.box.rect.w - p.pad * 2
    adv = bool(adv_src or roll.get("effect_advantage"))
    dis = bool(dis_src or roll.get("effect_disadvantage"))
    mode = roll_mode(adv, dis)
    p.text("→ " + _title(t, f"mode_note_{mode}"), 0.85, ACCENT if mode != "normal" else INK, True)
    helpers = roll.get("helpers") or []
    if helpers:
        p.text(_title(t, "helpers", names=t.tx.join([t.name(h) for h in helpers]), n=len(helpers)), 0.75, INK)
    f = p.flow(2.4)
    if mine:
        p.button(f, _title(t, "roll_button", dice="3d6" if mode != "normal" else "2d6"),
                 lambda: t.send({"type": "roll_dice"}), primary=True, k=0.95, key="roll", min_w=8)
        p.button(f, _title(t, "cancel"), lambda: t.send({"type": "cancel_roll"}), k=0.8, key="cancel")
    elif t.can("help"):
        p.button(f, _title(t, "help_button", name=t.name(roll.get("roller"))), lambda: t.send({"type": "help"}),
                 primary=True, k=0.85, key="help")
    p.end_flow(f)
    if not mine:
        p.text(_title(t, "help_explain"), 0.66, MUTED)


def _roll_rolled(t: SchoolMysteryTable, p: Builder, roll: dict, mine: bool, value: int) -> None:
    u = t.L.u
    if t.dice is not None and not t.dice.landed:
        p.text(_title(t, "rolling"), 1.2, MUTED, True)
        return
    band = roll.get("band")
    dice = roll.get("dice") or []
    dropped = roll.get("dropped")
    faces = " ".join(f"[{d}]" if i != dropped else f"({d})" for i, d in enumerate(dice))
    helpers = len(roll.get("helpers") or [])
    detail = f"{faces}  {value:+d}" + (f"  +{helpers}" if helpers else "") + f"  = {roll.get('total')}"
    top = p.y

    def band_badge(surface: pygame.Surface, ctx: Any, r: pygame.Rect) -> None:
        col = BAND_COLOUR.get(band or "", ACCENT)
        pygame.draw.rect(surface, col, r, border_radius=r.h // 2)
        pygame.draw.rect(surface, INK, r, 2, border_radius=r.h // 2)
        img = ctx.text(t.tx.band(band), fs(ctx, 1.3), INK, True)
        surface.blit(img, img.get_rect(center=r.center))

    bw = t.ctx.font(fs(t.ctx, 1.3), True).size(t.tx.band(band))[0] + int(u * 2)
    p.custom(int(u * 2.6), band_badge, width=bw)
    p.y = top + int(u * 0.5)
    p.text(detail, 0.9, INK, True, indent=bw / u + 0.8)
    p.y = top + int(u * 2.9)
    srcs = [_title(t, f"src_adv_{x}") for x in roll.get("advantage") or []]
    srcs += [_title(t, f"src_dis_{x}") for x in roll.get("disadvantage") or []]
    if srcs:
        p.text(_title(t, f"mode_note_{roll.get('mode', 'normal')}") + " — " + t.tx.join(srcs), 0.68, MUTED)
    if roll.get("raised"):
        p.text(_title(t, "raised_note"), 0.75, ACCENT, True)
    m = t.tx.move(str(roll.get("move")))
    o = m.outcomes.get(band) if m else None
    if o is not None:
        p.text(t.tx.tr(o.text), 0.8, INK)
    p.gap(0.3)
    offers = False
    if mine and t.can("unlock_secret"):
        offers = True
        nxt = {"failure": "narrow", "narrow": "success", "success": "great"}.get(band or "", band)
        p.text(_title(t, "offer_secret", frm=t.tx.band(band), to=t.tx.band(nxt)), 0.78, theme.SM_OFFER_SECRET, True)
        secret_buttons(t, p, "unlock_secret")
    if t.can("rival_reroll"):
        offers = True
        p.text(_title(t, "offer_rival", name=t.name(roll.get("roller"))), 0.78, theme.SM_OFFER_RIVAL, True)
        stats = (t.student(t.seat) or {}).get("stats") or {}
        f = p.flow(2.1, 0.3)
        for a in t.options("rival_reroll"):
            s = a["stat"]
            p.button(f, f"{t.tx.stat_name(s)} {int(stats.get(s, 0)):+d}",
                     (lambda s=s: t.send({"type": "rival_reroll", "stat": s})), k=0.75, key=f"reroll:{s}")
        p.end_flow(f)
    if mine and t.can("accept_roll"):
        f = p.flow(2.4)
        p.button(f, _title(t, "accept_roll"), lambda: t.send({"type": "accept_roll"}), primary=True, k=0.9,
                 key="accept_roll", min_w=8)
        p.end_flow(f)
    elif not mine and not offers:
        p.text(_title(t, "wait_accept", name=t.name(roll.get("roller"))), 0.72, MUTED)


# --------------------------------------------------------------------------- resolution

def resolution_panel(t: SchoolMysteryTable) -> list[Any]:
    v = t.shown
    u = t.L.u
    r = t.L.dialog.copy()
    if t.sheet_scale >= 1.0:  # the clue column (right of the middle) stays in view, unless crowded
        r.w = min(r.w, int(u * 30))
    else:  # crowded: no more cards are drawn now, so the dialog may cover the decks too
        r.top = t.L.decks.top
    r.left = t.L.canvas.left + int(u * 0.3)
    p = Builder(t, r, t.tx.ui("phase_resolution"))
    if p.live:  # the sheet covers the board: fold it away to work the cards (the action bar brings it back)
        f = p.flow(1.9, 0.2)
        p.button(f, _title(t, "act_board"), lambda: fold_sheet(t, True), k=0.7, key="sheet_fold")
        p.end_flow(f)
    p.text(_title(t, "resolution_explain"), 0.7, MUTED)
    clues = [c for c in v.get("cards") or [] if c["kind"] == "clue"]
    used = set(v.get("clues_used") or [])
    p.text(_title(t, "clues_used_head", n=len(used), total=len(clues)), 0.78, INK, True)
    for c in clues:
        on = c["id"] in used
        text = ("■ " if on else "□ ") + t.tx.card_body(v, c)
        if p.live and t.can("use_clue", card=c["id"]):
            f = p.flow(1.9, 0.2)
            p.button(f, text, (lambda c=c, on=on: t.send({"type": "use_clue", "card": c["id"], "used": not on})),
                     selected=on, k=0.66, w=p.width, key=f"clue:{c['id']}")
            p.end_flow(f)
            p.y -= int(u * 0.3)
        else:
            p.text(text, 0.66, INK if on else MUTED)
    p.gap(0.3)
    p.text(_title(t, "article_title_label"), 0.75, MUTED, True)
    if p.live and t.can("set_title"):
        p.entry("title", placeholder=_title(t, "title_hint"), limit=120, submit=_title(t, "save"),
                on_submit=lambda s: t.send({"type": "set_title", "text": s}), initial=v.get("title", ""), k=0.8)
    else:
        p.text(v.get("title") or "—", 0.85, INK, True)
    p.text(_title(t, "deduction_label"), 0.75, MUTED, True)
    if p.live and t.can("set_deduction"):
        p.entry("deduction", lines=4 if t.sheet_scale >= 1.0 else 3, placeholder=_title(t, "deduction_hint"), submit=_title(t, "save"),
                on_submit=lambda s: t.send({"type": "set_deduction", "text": s}), initial=v.get("deduction", ""),
                k=0.78)
    else:
        p.text(v.get("deduction") or "—", 0.78, INK)
    sub = t.tx.subject(v.get("subject"))
    diff = sub.difficulty if sub else 0
    formula = _title(t, "resolve_formula", d=diff, n=len(used), need=7 + diff - len(used))
    if not p.live:
        p.text(formula, 0.75, INK, True)
    else:
        e = t.entries.get("deduction")
        text = e.text if e is not None else v.get("deduction", "")

        def declare() -> None:
            if e is not None and e.text != v.get("deduction", ""):
                t.send({"type": "set_deduction", "text": e.text})
                e.dirty = False
            t.send({"type": "declare_resolve"})

        # the formula beside the button that rolls it
        label = _title(t, "declare_resolve")
        bw = button_size(t.ctx, u * p.scale, label, None, int(u * 4), int(u * 2.4 * p.scale), p.width // 2)[0]
        top = p.y
        f = p.flow(2.4, x=p.x + p.width - bw, width=bw)
        p.button(f, label, declare, enabled=bool(text.strip()) and t.shown.get("roll") is None, primary=True,
                 key="declare_resolve")
        p.end_flow(f)
        below = p.y
        p.y = top + int(u * 0.4)
        p.text(formula, 0.75, INK, True, width=p.width - bw - int(u * 0.6))
        p.y = max(p.y + int(u * 0.4), below)
    return p.done(t.L.dialog.h)


def resolve_roll_panel(t: SchoolMysteryTable) -> list[Any]:
    v = t.shown
    roll = v["roll"]
    u = t.L.u
    r = t.L.dialog.copy()
    r.w = min(r.w, int(u * 34))
    r.left = t.L.canvas.left + int(u * 0.3)
    p = Builder(t, r, _title(t, "resolve_title", name=t.name(roll.get("roller"))))
    sub = t.tx.subject(v.get("subject"))
    diff = sub.difficulty if sub else 0
    used = len(v.get("clues_used") or [])
    p.text(_title(t, "resolve_formula", d=diff, n=used, need=7 + diff - used), 0.8, INK, True)
    p.text(v.get("deduction") or "", 0.75, INK)
    for o in v.get("objections") or []:
        p.text(_title(t, "objection_line", name=t.name(o.get("seat")), text=o.get("text", ""),
                      outcome=_title(t, f"objection_{o.get('outcome')}")), 0.7, MUTED)
    mine = roll.get("roller") == t.seat and t.controls
    f = p.flow(2.4)
    if mine:
        p.button(f, _title(t, "roll_resolve"), lambda: t.send({"type": "roll_dice"}), primary=True, k=0.95,
                 key="roll")
        p.button(f, _title(t, "cancel"), lambda: t.send({"type": "cancel_roll"}), k=0.8, key="cancel")
        p.end_flow(f)
    elif t.can("object"):
        p.end_flow(f)
        p.text(_title(t, "objection_explain"), 0.7, MUTED)
        p.entry("objection", placeholder=_title(t, "objection_hint"), submit=_title(t, "object"),
                on_submit=lambda s: t.send({"type": "object", "text": s.strip()}) if s.strip() else None)
    return p.done(t.L.dialog.h)


# --------------------------------------------------------------------------- the article

def article_panel(t: SchoolMysteryTable) -> list[Any]:
    from client.tables import school_mystery_article as article

    u = t.L.u
    area = t.L.canvas.union(t.L.prompt).inflate(-int(u * 0.4), -int(u * 0.4))  # the page covers the prompt line
    out: list[Any] = []
    bar_h = int(u * 2.6) if t.controls else 0
    page_rect = pygame.Rect(area.left, area.top, area.w, area.h - bar_h)

    def draw_page(surface: pygame.Surface, ctx: Any) -> None:
        article.draw_page(t, surface, page_rect)

    out.append(Custom(page_rect, draw_page, modal=True))
    if t.controls or not t.display:
        y = page_rect.bottom + int(u * 0.3)
        row = Row(area.left, y, area.w // 2, int(u * 2.2), int(u * 0.4))
        for fmt in ("md", "png"):
            b = ActionButton(_title(t, f"export_{fmt}"), pygame.Rect(0, 0, 0, 0), partial(_export, t, fmt),
                             key=f"export:{fmt}", primary=fmt == "png")
            row.items.append((b, None, int(u * 4)))
            out.append(b)
        row.layout(t.ctx, u)
        x = max(b.rect.right for b, _, _ in row.items) + int(u * 0.4)
        home = str(Path.home())
        shown = str(t.export_dir)
        shown = "~" + shown[len(home):] if shown.startswith(home) else shown
        where = _title(t, "export_where", path=shown)
        if t.exported:
            where = _title(t, "exported", path=Path(t.exported[-1]).name) + "  ·  " + where
        out.append(text_item(t.ctx, where, x, y + int(u * 0.3), area.right - x, fs(t.ctx, 0.68), theme.SM_EXPORT_NOTE))
    _ = seat_colour, SUITS
    return out
