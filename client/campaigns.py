"""School_mystery campaigns on this computer: the club meets again (rules: shared/games/school_mystery/campaign.py).

A campaign is one JSON file in ``<data folder>/campaigns/<id>.json``: how the table is played
(players, bots, names, base options), the finished subjects (each with its result: the article), the
students as they carry on, and the advances chosen for the coming subject. Continue lists the campaigns;
:func:`export` writes the growing article collection (one Markdown file per subject and an index).
No pygame here.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from houkago import paths

if TYPE_CHECKING:
    from types import ModuleType

GAME = "school_mystery"


def _rules() -> ModuleType:
    """The campaign rules (``shared.games.school_mystery.campaign``), imported when a campaign is worked
    on: listing the campaigns (the launcher counts them before its first frame) needs none of them."""
    from shared.games.school_mystery import campaign

    return campaign


def root() -> Path:
    return paths.data_dir() / "campaigns"


@dataclass
class Campaign:
    """One club's campaign: ``students`` is the carry list; ``advances[seat]`` the advance chosen for the
    coming subject (None: not chosen yet); ``playing`` while its next subject is at the table."""

    id: str
    players: int
    bots: int = 0
    bot_level: str = "normal"
    names: list[str] = field(default_factory=list)  # the players (human seats' names), as pass-and-play had them
    options: dict[str, Any] = field(default_factory=dict)  # the table's options but subject and campaign
    subjects: list[dict[str, Any]] = field(default_factory=list)  # {subject, result, when}
    students: list[dict[str, Any]] = field(default_factory=list)
    advances: list[dict[str, Any] | None] = field(default_factory=list)
    playing: bool = False
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)

    @property
    def path(self) -> Path:
        return root() / f"{self.id}.json"

    def bot_seat(self, seat: int) -> bool:
        """Pass-and-play puts its bots in the last seats."""
        return seat >= self.players - self.bots

    def save(self) -> bool:
        self.updated = time.time()
        try:
            root().mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(self), ensure_ascii=False, indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            return False
        return True

    # --- the advances between subjects --------------------------------------------------
    def choose_bots(self, db: dict[str, Any]) -> None:
        """Each bot seat takes its own advance (never a human's)."""
        if self.playing:
            return
        for seat in range(self.players):
            if (self.bot_seat(seat) and self.advances[seat] is None
                    and _rules().advance_options(db, self.students, seat)):
                self.advances[seat] = _rules().bot_advance(db, self.students, seat, len(self.subjects))

    def choose(self, db: dict[str, Any], seat: int, advance: dict[str, Any]) -> None:
        """A human seat's choice (ValueError if it is not one of its advances, or a bot's seat)."""
        if self.bot_seat(seat):
            raise ValueError("a bot chooses its own advance")
        if self.playing:
            raise ValueError("the advances were taken before this subject")
        if advance not in _rules().advance_options(db, self.students, seat):
            raise ValueError("not an advance this student may take")
        self.advances[seat] = advance

    def ready(self, db: dict[str, Any]) -> bool:
        """Every student has chosen (or has nothing left to take); a subject already at the table (its game
        left unfinished or abandoned) starts again with the advances already taken."""
        return self.playing or all(a is not None or not _rules().advance_options(db, self.students, s)
                   for s, a in enumerate(self.advances))

    def next_options(self, db: dict[str, Any], subject: str) -> dict[str, Any]:
        """Take the chosen advances and give the options of the next subject's table."""
        carry = self.students
        for seat, adv in enumerate(self.advances):
            if adv is not None and not self.playing:  # taken once: a subject started again takes none
                carry = _rules().apply_advance(db, carry, seat, adv)
        self.students = carry
        self.advances = [None] * self.players
        self.playing = True
        return {**self.options, "subject": subject, "campaign": {"id": self.id, "students": carry}}

    def played(self) -> list[str]:
        return [s["subject"] for s in self.subjects]


def load(path: Path) -> Campaign | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        known = {k: v for k, v in data.items() if k in Campaign.__dataclass_fields__}
        return Campaign(**known)
    except (OSError, ValueError, TypeError):
        return None


def listed() -> list[Campaign]:
    """The campaigns on this computer, the latest played first."""
    try:
        files = sorted(root().glob("*.json"))
    except OSError:
        return []
    found = [c for c in (load(f) for f in files) if c is not None]
    return sorted(found, key=lambda c: c.updated, reverse=True)


def find(cid: str) -> Campaign | None:
    return next((c for c in listed() if c.id == cid), None)


def finish_subject(replay: dict[str, Any], result: dict[str, Any]) -> Campaign:
    """The campaign a finished pass-and-play subject belongs to (its ``campaign`` option's id), or a new
    one, with that subject added and its students carried on (advances not chosen yet); saved."""
    options = dict(replay.get("options") or {})
    cid = options.get("campaign", {}).get("id") if isinstance(options.get("campaign"), dict) else None
    found = find(cid) if cid else None
    if found is None:
        import secrets  # (it loads OpenSSL: not for the launcher, which only counts the campaigns)

        base = {k: v for k, v in options.items() if k not in ("subject", "campaign")}
        found = Campaign(id=time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3),
                         players=int(replay.get("players") or len(result.get("students") or [])),
                         bots=int(replay.get("bots") or 0), bot_level=str(replay.get("bot_level") or "normal"),
                         names=list(replay.get("names") or []), options=base)
    if not any(s.get("result") == result for s in found.subjects):  # the same end shown twice adds it once
        found.subjects.append({"subject": result.get("subject"), "result": result, "when": time.time()})
        found.students = _rules().carry_from_result(result)
        found.advances = [None] * found.players
    found.playing = False
    found.save()
    return found


def forget(c: Campaign) -> None:
    try:
        c.path.unlink()
    except OSError:
        pass


# --------------------------------------------------------------------------- the article collection

def export(c: Campaign, content: Any, lang: str, folder: Path) -> Path:
    """One Markdown article per subject (``01_<subject>.md`` …) and ``index.md`` listing them with the
    students as they are now, in ``folder/campaigns/<id>/``; returns the index."""
    from shared.games.school_mystery.article import article_markdown

    out = folder / "campaigns" / c.id
    out.mkdir(parents=True, exist_ok=True)
    from client.i18n import load_lang

    strings = load_lang(lang)
    words = {k: strings[f"campaign_index.{k}"] for k in ("title", "solved", "unsolved", "students")}
    sep = strings["record_lines.sep"]
    lines = [f"# {words['title']}", ""]
    for i, entry in enumerate(c.subjects, start=1):
        name = f"{i:02d}_{entry['subject']}.md"
        (out / name).write_text(article_markdown(entry["result"], content, lang), encoding="utf-8")
        sub = content.subjects.get(entry["subject"])
        title = entry["result"].get("title") or (sub.title[lang] if sub else entry["subject"])
        solved = words["solved"] if entry["result"].get("truth") else words["unsolved"]
        when = time.strftime("%Y-%m-%d", time.localtime(entry.get("when") or 0))
        lines.append(f"{i}. [{title}]({name}) — {sub.title[lang] if sub else entry['subject']} · {solved} · {when}")
    lines += ["", f"## {words['students']}", ""]
    for st in c.students:
        book = content.playbooks.get(st["playbook"])
        stats = " ".join(f"{s.name[lang]} {st['stats'][s.id]:+d}" for s in content.stats)
        learned = sep.join(content.moves[m].name[lang] for m in st["moves"] if m in content.moves)
        line = f"- **{st['name']}** ({book.name[lang] if book else st['playbook']}) — {stats}"
        if learned:
            line += f" — {learned}"
        lines.append(line)
    index = out / "index.md"
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index
