"""Game records of finished fate_votes and mind_swap games kept on this computer (``shared/records.py``).

:func:`from_journal` builds a record from a local server's journal — only for a game that is over, so
nothing hidden is shown before the end. Records are kept in ``<data folder>/records/<table>.json`` (Continue
lists them with the finished games); :func:`lines` words a record in the player's language. No pygame.
"""
from __future__ import annotations

import json
import os
import time
from functools import cache
from pathlib import Path
from typing import Any

from houkago import paths
from shared.records import RECORDED, build

KEEP = 30  # records kept (the oldest go)


def root() -> Path:
    return paths.data_dir() / "records"


def from_journal(folder: Path, table: str) -> dict[str, Any] | None:
    """The record of ``table`` in the local journal in ``folder``; None unless its game is over."""
    from server.journal import Journal
    from server.runtime import JOURNAL_FILE
    from shared.engine import REGISTRY

    path = folder / JOURNAL_FILE
    if not path.is_file():
        return None
    try:
        journal = Journal(path, read_only=True)
    except Exception:  # noqa: BLE001 - an unreadable journal: no record
        return None
    try:
        rec = journal.table(table)
        spec = REGISTRY.get(rec.game) if rec is not None else None
        if rec is None or spec is None or rec.game not in RECORDED or rec.seed is None:
            return None
        record = build(spec, rec.seats, rec.seed, rec.options, journal.actions(table), list(rec.names))
    except Exception:  # noqa: BLE001 - a journal that does not replay: no record
        return None
    finally:
        journal.close()
    if record is not None:
        record["table"] = table
        record["when"] = time.time()
    return record


def save(record: dict[str, Any]) -> Path | None:
    """Keep a record (by its table id: the same game kept twice is one file); the oldest beyond KEEP go."""
    folder = root()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{record['table']}.json"
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, target)
        for old in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)[:-KEEP]:
            old.unlink()
    except OSError:
        return None
    return target


def listed() -> list[dict[str, Any]]:
    """The kept records, newest first."""
    out = []
    try:
        files = list(root().glob("*.json"))
    except OSError:
        return []
    for f in files:
        try:
            out.append(json.loads(f.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return sorted(out, key=lambda r: r.get("when", 0), reverse=True)


def keep_finished(folder: Path, table: str | None) -> None:
    """Before a finished local game's folder goes: keep its record (fate_votes, mind_swap)."""
    if table:
        record = from_journal(folder, table)
        if record is not None:
            save(record)


# --------------------------------------------------------------------------- wording

@cache
def _strings(lang: str) -> dict[str, str]:
    from client.i18n import load_lang

    return load_lang(lang)




def _w(key: str, lang: str, **params: Any) -> str:
    """A record sentence (assets/i18n/<lang>/club.toml, [record_lines])."""
    return _strings(lang)[f"record_lines.{key}"].format(**params)


def lines(record: dict[str, Any], content: Any, lang: str) -> list[tuple[str, str]]:
    """The record as (style, text) lines: style "head" for a round's heading, else "line"."""
    names = record.get("names") or []
    sep = _w("sep", lang)

    def who(seat: Any) -> str:
        """A seat's name; numbered (from 1) when it is empty or shared (bots: "normal bot 3")."""
        if not isinstance(seat, int) or not 0 <= seat < len(names) or not names[seat]:
            return f"#{seat + 1}" if isinstance(seat, int) else f"#{seat}"
        return names[seat] if names.count(names[seat]) == 1 else f"{names[seat]} {seat + 1}"

    out: list[tuple[str, str]] = []
    if record["game"] == "fate_votes":
        chars = {c.id: c.name[lang] for c in content.characters}

        def value_text(value: Any) -> str:
            if isinstance(value, bool) or value is None:
                return str(value)
            if isinstance(value, int):
                return who(value)
            if isinstance(value, str):
                return _w("role_" + value, lang) if value in ("vote", "strike") else chars.get(value, value)
            if isinstance(value, list):
                return sep.join(value_text(v) for v in value)
            return str(value)

        current = None
        for item in record["items"]:
            k = item["k"]
            if item.get("round") is not None and item["round"] != current:
                current = item["round"]
                out.append(("head", _w("round", lang, n=current)))
            if k == "dealt":
                out.append(("line", _w("dealt", lang, who=who(item["seat"]), cards=value_text(item["cards"]))))
            elif k == "roles":
                roles = item["roles"]
                out.append(("line", _w("roles", lang,
                                       vote=sep.join(who(s) for s, r in enumerate(roles) if r == "vote") or "—",
                                       strike=sep.join(who(s) for s, r in enumerate(roles) if r == "strike") or "—")))
            elif k == "choice":
                phase = content.phases.get(item["phase"], {}).get(lang, item["phase"])
                out.append(("line", _w("choice", lang, who=who(item["seat"]), phase=phase, value=value_text(item["value"]))))
            elif k in ("strikes", "votes"):
                phase = content.phases.get("strike_target" if k == "strikes" else "vote_target", {}).get(lang, k)
                out.append(("line", _w("tally", lang, phase=phase,
                                       votes=sep.join(f"{who(s)} {v}" for s, v in enumerate(item["votes"])))))
            elif k == "reveal":
                cards = item["cards"]
                text = sep.join(f"{who(s)} {value_text(c)}" for s, c in enumerate(cards)) if isinstance(cards, list) \
                    else value_text(cards)
                out.append(("line", _w("reveal", lang, cards=text)))
            elif k == "over":
                out.append(("head", _w("over", lang, who=sep.join(who(s) for s in item["winners"]) or _w("nobody", lang))))
        return out
    students = content.students
    cards = {c.id: c.name[lang] for c in content.cards}

    def student(no: Any) -> str:
        s = students.get(no) if isinstance(no, int) else None
        return s.name[lang] if s else f"#{no}"

    for item in record["items"]:
        k = item["k"]
        if k == "dealt":
            out.append(("line", _w("dealt_char", lang, who=who(item["seat"]), char=student(item["char"]),
                                   cards=sep.join(cards.get(c, c) for c in item["cards"]))))
        elif k == "minds":  # one pair a line: a name is never broken across lines
            out.append(("head", _w("minds_head", lang)))
            out += [("line", _w("in", lang, body=student(int(b)), mind=student(m))) for b, m in item["minds"].items()]
        elif k == "play":
            out.append(("line", _w("play", lang, who=who(item["seat"]), card=cards.get(item["card"], item["card"]))))
        elif k == "draw":
            out.append(("line", _w("draw", lang, who=who(item["seat"]), card=cards.get(item["card"], item["card"]))))
        elif k == "magic":
            outcome = _strings(lang).get(f"record_lines.outcome_{item['outcome']}", item["outcome"])
            out.append(("head" if item["outcome"] == "great" else "line",
                        _w("magic", lang, who=who(item["seat"]), a=student(item["a"]), b=student(item["b"]),
                           dice="+".join(str(f) for f in item["faces"]), outcome=outcome)))
        elif k == "restored":
            out.append(("line", _w("restored", lang, student=student(item["student"]), who=who(item["seat"]))))
        elif k == "over":
            winners = item.get("winners") or []
            out.append(("head", _w("over", lang, who=sep.join(who(s) for s in winners) or _w("nobody", lang))))
    return out
