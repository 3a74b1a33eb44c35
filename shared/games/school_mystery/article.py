"""The exported article: ``article_markdown(result, content, lang)`` renders ``rules.result()`` to Markdown.

Pure (no file I/O): the caller writes the string wherever it likes.
"""
from __future__ import annotations

from typing import Any

from shared.games.school_mystery import describe
from shared.games.school_mystery.content import Content


def _t(content: Content, key: str, lang: str, **params: Any) -> str:
    return describe.t(content, key, lang, **params)


def _pick(text: dict[str, str] | None, lang: str) -> str:
    return describe.pick(text, lang)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _cards(result: dict, kind: str) -> list[dict]:
    return [c for c in result.get("cards") or [] if c.get("kind") == kind]


def _intro(result: dict, subject: Any, lang: str, content: Content) -> list[str]:
    """The introduction: the subject's situation and the table's answers to its questions."""
    if subject is None:
        return []
    lines = [f"## {_t(content, 'article_intro', lang)}", "", _pick(subject.situation, lang), ""]
    for q, a in zip(subject.questions, result.get("answers") or []):
        if a.strip():
            lines.append(f"- **{_pick(q, lang)}** {_one_line(a)}")
    return lines + [""]


def _section(content: Content, heading: str, lang: str, items: list[str]) -> list[str]:
    """A ``##`` heading (the text ``heading``) over its ``items``, then a blank line; nothing when there are none."""
    return [f"## {_t(content, heading, lang)}", "", *items, ""] if items else []


def _places(result: dict, content: Content, lang: str) -> list[str]:
    """Every location card with the phenomena that happened there, in the order they were found."""
    locations = _cards(result, "location")
    phenomena = _cards(result, "phenomenon")

    def phenomenon(ph: dict) -> str:
        return f"{_t(content, 'kind_phenomenon', lang)}: {describe.card_title(result, ph, content, lang)}"

    items = []
    for card in locations:
        items.append(f"- **{describe.card_title(result, card, content, lang)}**")
        items += [f"  - {phenomenon(ph)}" for ph in phenomena if ph.get("location") == card.get("location")]
    placed = {c.get("location") for c in locations}
    if locations:  # a phenomenon drawn where no location card was made (an invented place's first visit)
        items += [f"- {phenomenon(ph)}" for ph in phenomena if ph.get("location") not in placed]
    return _section(content, "article_places", lang, items)


def _people(result: dict, content: Content, lang: str) -> list[str]:
    return _section(content, "article_people", lang,
                    [f"- {describe.card_title(result, c, content, lang)}" for c in _cards(result, "character")])


def _clues(result: dict, content: Content, lang: str) -> list[str]:
    """Every clue found (a dash when none); the ones the deduction used are marked."""
    used = {c["id"] for c in result.get("clues") or []}
    mark = _t(content, "article_clue_used", lang)
    items = [f"{i}. {describe.card_title(result, card, content, lang)}" + (f" **{mark}**" if card["id"] in used else "")
             for i, card in enumerate(_cards(result, "clue"), 1)]
    return _section(content, "article_clues_found", lang, items or ["-"])


def article_markdown(result: dict, content: Content, lang: str = "ja") -> str:
    """The article as Markdown, made from the table: title, subject, team, period; the introduction's
    answers; the places with their phenomena, the people, the clues found (those used marked); the
    deduction — or, when 《解明》 failed, the clues used listed and the closing line said once —;
    objections and the 《解明》 roll."""
    subject = content.subjects.get(result.get("subject") or "")
    subject_title = _pick(subject.title, lang) if subject else ""
    title = _one_line(result.get("title") or "") or subject_title or _t(content, "article_heading", lang)
    lines = [f"# {title}", ""]
    lines.append(f"*{_t(content, 'article_heading', lang)}*")
    lines.append("")
    if subject_title:
        lines.append(f"- **{_t(content, 'article_subject', lang)}**: {subject_title}")
    team = []
    for st in result.get("students") or []:
        if st is None:
            continue
        book = content.playbooks.get(st["playbook"])
        open_, close = (" (", ")") if lang == "en" else ("（", "）")
        who = f"{_one_line(st['name'])}{open_}{_pick(book.name, lang)}{close}" if book else _one_line(st["name"])
        if st.get("left"):
            who += " " + _t(content, "article_left", lang)
        team.append(who)
    if team:
        sep = ", " if lang == "en" else "、"
        lines.append(f"- **{_t(content, 'article_team', lang)}**: " + sep.join(team))
    cal = result.get("calendar")
    if cal:
        lines.append(f"- **{_t(content, 'article_period', lang)}**: "
                     f"{_t(content, 'day', lang, n=cal['day'])} / {_t(content, 'scene', lang, n=result.get('scenes', 0))}")
    lines.append("")
    lines += _intro(result, subject, lang, content)
    lines += _places(result, content, lang)
    lines += _people(result, content, lang)
    lines += _clues(result, content, lang)
    resolve = result.get("resolve")
    truth = bool(resolve and resolve.get("truth"))
    lines.append(f"## {_t(content, 'article_deduction', lang)}")
    lines.append("")
    deduction = (result.get("deduction") or "").strip()
    if truth and deduction:
        for para in deduction.splitlines():
            lines.append(para)
        lines.append("")
        lines.append(f"**{_t(content, 'article_truth', lang)}**")
    elif resolve:
        # the seed's failed article: the clues are listed, and it ends with the one closing line
        for card in result.get("clues") or []:
            lines.append(f"- {describe.card_title(result, card, content, lang)}")
        if result.get("clues"):
            lines.append("")
        lines.append(_t(content, "article_unknown", lang))
    else:
        lines.append(_t(content, "article_unfinished", lang))
    lines.append("")
    objections = result.get("objections") or []
    if objections:
        lines.append(f"## {_t(content, 'article_objections', lang)}")
        lines.append("")
        for o in objections:
            band = _t(content, f"band_{o['band']}", lang)
            lines.append(f"- {_one_line(o['text'])} ({band})")
        lines.append("")
    if resolve:
        lines.append(f"## {_t(content, 'article_roll', lang)}")
        lines.append("")
        dice = " + ".join(str(d) for d in resolve["dice"])
        band = _t(content, f"band_{resolve['band']}", lang)
        lines.append(f"{dice} − {resolve['difficulty']} + {resolve['clues']} = **{resolve['total']}** → {band}")
        move = content.moves.get("resolve")
        if move and resolve["band"] in move.outcomes:
            lines.append("")
            lines.append(_pick(move.outcomes[resolve["band"]].text, lang))
        lines.append("")
    # The subject's truth_hint is not part of the article: the seed leaves the answer to the players.
    return "\n".join(lines).rstrip() + "\n"
