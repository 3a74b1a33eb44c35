"""UI-independent texts for school_mystery: names of things, action labels, play-log lines.

Pure functions over a view (or the state), the content and a language; any client
(table view, log, table display) can use them.
"""
from __future__ import annotations

from typing import Any

from shared.games.school_mystery.content import Content, Secret
from shared.games.school_mystery.rules import SUIT_KIND

SUIT_SIGN = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}


def t(content: Content, key: str, lang: str, **params: Any) -> str:
    """A text from texts.toml with ``{name}`` placeholders filled (falls back to English, then the key)."""
    entry = content.ui.get(key, {})
    text = entry.get(lang) or entry.get("en") or key
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def pick(text: dict[str, str] | None, lang: str) -> str:
    if not text:
        return ""
    return text.get(lang) or text.get("en") or next(iter(text.values()), "")


def seat_name(view: dict, seat: int | None, content: Content, lang: str) -> str:
    """The student's name of ``seat``, or "Seat n" before the student exists."""
    if seat is None:
        return ""
    students = view.get("students") or []
    if 0 <= seat < len(students) and students[seat] is not None:
        return students[seat]["name"]
    return t(content, "seat", lang, n=seat + 1)


def location_name(view: dict, loc: int | None, content: Content, lang: str) -> str:
    """A location's name: the subject's table (1–10) or an invented place (11+)."""
    if loc is None:
        return ""
    if loc > 10:
        for c in view.get("custom_locations", []):
            if c["id"] == loc:
                return c["name"]
        return str(loc)
    subject = content.subjects.get(view.get("subject") or "")
    return pick(subject.locations[loc - 1].name, lang) if subject else str(loc)


def move_name(content: Content, move: str | None, lang: str) -> str:
    m = content.moves.get(move or "")
    return pick(m.name, lang) if m else (move or "")


def stat_name(content: Content, stat: str | None, lang: str) -> str:
    for s in content.stats:
        if s.id == stat:
            return pick(s.name, lang)
    return stat or ""


def condition_name(content: Content, cond: dict, lang: str) -> str:
    """A held condition ``{"id", "text"}``: the sample's name or the players' own text."""
    if cond.get("id") and cond["id"] in content.conditions:
        return pick(content.conditions[cond["id"]].name, lang)
    return cond.get("text") or ""


def tone_prompts(content: Content, lang: str) -> list[str]:
    """The tone talk's prompts (``tone_prompt_1``, ``_2``, … of texts.toml, in order)."""
    out: list[str] = []
    while f"tone_prompt_{len(out) + 1}" in content.ui:
        out.append(pick(content.ui[f"tone_prompt_{len(out) + 1}"], lang))
    return out


def _secret(content: Content, secret: str) -> Secret | None:
    for book in content.playbooks.values():
        for s in book.secrets:
            if s.id == secret:
                return s
    return None


def secret_text(content: Content, secret: str, lang: str) -> str:
    """What the secret confesses (its owner's eyes only)."""
    s = _secret(content, secret)
    return pick(s.text, lang) if s else secret


def secret_instruction(content: Content, secret: str, lang: str) -> str:
    """What the owner does in the scene when the secret comes out (its owner's eyes only)."""
    s = _secret(content, secret)
    return pick(s.instruction, lang) if s and s.instruction else ""


def card_title(view: dict, card: dict, content: Content, lang: str) -> str:
    """What an information card shows: the table entry, then the players' words."""
    subject = content.subjects.get(view.get("subject") or "")
    kind, rank, option = card["kind"], card.get("rank"), card.get("option")
    base = ""
    if subject is not None and rank and not card.get("invented"):
        if kind == "location":
            base = pick(subject.locations[rank - 1].name, lang)
        elif kind == "character":
            base = pick(subject.characters[rank - 1].name, lang)
        elif kind == "phenomenon" and option is not None:
            base = pick(subject.phenomena[rank - 1].options[option], lang)
        elif kind == "clue" and option is not None:
            base = pick(subject.clues[rank - 1].options[option], lang)
    own = " ".join((card.get("text") or "").split())
    if base and own:
        return f"{base} — {own}"
    return base or own


def action_label(action: dict, view: dict, content: Content, lang: str) -> str:
    """A button label for a legal action."""
    kind = action.get("type", "")
    label = t(content, f"action_{kind}", lang)
    if kind in ("declare_roll", "use_move"):
        label = move_name(content, action.get("move"), lang)
        if action.get("stat"):
            label += f"（{stat_name(content, action['stat'], lang)}）" if lang != "en" else \
                f" ({stat_name(content, action['stat'], lang)})"
    elif kind == "rival_reroll":
        label += f" ({stat_name(content, action.get('stat'), lang)})"
    elif kind in ("move",):
        label = location_name(view, action.get("location"), content, lang)
    elif kind == "choose_subject":
        subject = content.subjects.get(action.get("subject", ""))
        label = pick(subject.title, lang) if subject else action.get("subject", "")
    elif kind == "choose_leader":
        label = seat_name(view, action.get("seat"), content, lang)
    elif kind == "choose_option":
        label += f" {action.get('option', 0) + 1}"
    elif kind in ("take_condition", "give_condition"):
        name = condition_name(content, {"id": action.get("condition"), "text": action.get("text", "")}, lang)
        label += f"：{name}" if lang != "en" else f": {name}"
    elif kind == "unlock_secret":
        label += f"：{secret_text(content, action.get('secret', ''), lang)}" if lang != "en" else \
            f": {secret_text(content, action.get('secret', ''), lang)}"
    return label


def event_text(event: dict, view: dict, content: Content, lang: str) -> str | None:
    """One play-log line for an event (None for events not worth a line, e.g. card moves)."""
    kind = event.get("type")
    name = seat_name(view, event.get("seat"), content, lang)
    suit = SUIT_SIGN.get(event.get("suit", ""), "")
    if kind == "phase":
        return t(content, f"phase_{event['phase']}", lang)
    if kind == "subject_chosen":
        subject = content.subjects.get(event["subject"])
        return t(content, "log_subject_chosen", lang, title=pick(subject.title, lang) if subject else "")
    if kind == "leader_chosen":
        return t(content, "log_leader_chosen", lang, name=seat_name(view, event["seat"], content, lang))
    if kind == "student_created":
        book = content.playbooks.get(event["playbook"])
        return t(content, "log_student_created", lang, name=event["name"],
                 playbook=pick(book.name, lang) if book else "")
    if kind == "tone_set":
        return t(content, "log_tone_set", lang, text=event["text"])
    if kind == "question_answered":
        return t(content, "log_question_answered", lang, n=event["index"] + 1, text=event["text"])
    if kind == "scene_started":
        cal = event["calendar"]
        return t(content, "log_scene_started", lang, scene=event["scene"],
                 location=location_name(view, event["location"], content, lang), day=cal["day"],
                 weekday=t(content, f"weekday_{cal['weekday']}", lang))
    if kind == "day_passed":
        return t(content, "log_day_passed", lang, day=event["day"],
                 weekday=t(content, f"weekday_{event['weekday']}", lang))
    if kind in ("card_drawn", "card_discarded"):
        return t(content, f"log_{kind}", lang, name=name, suit=suit, card=event["card"])
    if kind in ("deck_reshuffled", "deck_empty"):
        return t(content, f"log_{kind}", lang, suit=suit)
    if kind in ("location_public", "location_invented"):
        return t(content, f"log_{kind}", lang, name=name,
                 location=event.get("name") or location_name(view, event["location"], content, lang))
    if kind == "info_card":
        card = event["card"]
        return t(content, "log_info_card", lang, kind=t(content, f"kind_{card['kind']}", lang),
                 text=card_title(view, card, content, lang))
    if kind in ("character_called", "scene_closed", "clue_limit", "roll_cancelled", "student_left",
                "condition_blocked", "deduction_set"):
        return t(content, f"log_{kind}", lang, name=name)
    if kind == "roll_declared":
        return t(content, "log_roll_declared", lang, name=name, move=move_name(content, event["move"], lang),
                 stat=stat_name(content, event.get("stat"), lang) or "—")
    if kind == "roll_modifiers":
        no = t(content, "no", lang)
        sep = ", " if lang == "en" else "・"
        adv = sep.join(t(content, f"source_{x}", lang) for x in event["advantage"]) or no
        dis = sep.join(t(content, f"source_{x}", lang) for x in event["disadvantage"]) or no
        return t(content, "log_roll_modifiers", lang, name=name, advantage=adv, disadvantage=dis)
    if kind == "help":
        return t(content, "log_help", lang, helper=seat_name(view, event["helper"], content, lang),
                 roller=seat_name(view, event["roller"], content, lang))
    if kind == "dice_rolled":
        dice = " ".join(f"[{d}]" if i == event.get("dropped") else str(d) for i, d in enumerate(event["dice"]))
        if event.get("stat_value"):
            dice += f" {event['stat_value']:+d}"
        if event.get("help"):
            dice += f" +{event['help']}"
        if event.get("reason") == "resolve":
            dice += f" −{event['difficulty']} +{event['clues']}"
        return t(content, "log_dice_rolled", lang, name=name, move=move_name(content, event["move"], lang),
                 dice=dice, total=event["total"], band=t(content, f"band_{event['band']}", lang))
    if kind == "band_raised":
        return t(content, "log_band_raised", lang, name=name, band=t(content, f"band_{event['to']}", lang))
    if kind == "secret_unlocked":
        return t(content, "log_secret_unlocked", lang, name=name, n=event["count"])
    if kind == "your_secret":
        return t(content, "log_your_secret", lang, text=secret_text(content, event["secret"], lang),
                 instruction=secret_instruction(content, event["secret"], lang))
    if kind == "secrets_dealt":
        return t(content, "log_secrets_dealt", lang, n=len(event["secrets"]))
    if kind == "rival_changed":
        return t(content, "log_rival_changed", lang, name=name,
                 rival=seat_name(view, event["rival"], content, lang))
    if kind == "roll_resolved":
        return t(content, "log_roll_resolved", lang, name=name, move=move_name(content, event["move"], lang),
                 band=t(content, f"band_{event['band']}", lang))
    if kind == "move_used":
        return t(content, "log_move_used", lang, name=name, move=move_name(content, event["move"], lang))
    if kind in ("condition_gained", "condition_cleared"):
        return t(content, f"log_{kind}", lang, name=name,
                 condition=condition_name(content, event["condition"], lang))
    if kind == "condition_proposed":
        return t(content, "log_condition_proposed", lang, name=name, to=seat_name(view, event["for"], content, lang),
                 condition=condition_name(content, event["condition"], lang))
    if kind == "claim_passed":
        return t(content, "log_claim_all" if event.get("all") else "log_claim_passed", lang, name=name)
    if kind == "step_passed":
        kind_name = t(content, f"kind_{SUIT_KIND.get(event['suit'], 'location')}", lang)
        return t(content, "log_step_passed", lang, name=name, suit=suit, kind=kind_name if lang != "en" else
                 kind_name.lower(), to=seat_name(view, event["to"], content, lang))
    if kind == "title_set":
        return t(content, "log_title_set", lang, text=event["text"])
    if kind == "objection":
        return t(content, "log_objection", lang, name=name, text=event["text"],
                 outcome=t(content, f"objection_{event['outcome']}", lang))
    if kind == "resolved":
        return t(content, "log_resolved", lang, total=event["total"], band=t(content, f"band_{event['band']}", lang))
    return None
