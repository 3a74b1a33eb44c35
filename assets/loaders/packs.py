"""User content packs for school_mystery: subjects, playbooks and secrets a group writes as TOML.

A pack is one ``.toml`` file in the user content folder (``<data folder>/content/``, see
:func:`content_dir`; ``HOUKAGO_CONTENT_DIR`` overrides it). Its format is documented in
``docs/content_packs.md`` with an example pack::

    [pack]        id, name {ja, zh, en}, description? {ja, zh, en}
    [[subjects]]  the subject schema of assets/content/school_mystery/subjects/*.toml
    [[playbooks]] the playbook schema of playbooks.toml (special moves and a secret pool)
    [[secrets]]   a secret (playbooks.toml's schema) plus playbook = "<id>": added to that playbook's pool

:func:`check_pack` checks a pack against the built-in content with the loaders' own checks and raises a
:class:`PackError` naming the file's line and field, in the player's language. A pack is named by its
**fingerprint** (a hash of its bytes): a table records the fingerprints it plays with (its ``packs``
option), so every laptop at that table plays the very same pack.
"""
from __future__ import annotations

import functools
import hashlib
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from assets.loaders import school_mystery as sm
from assets.loaders import toml_lines
from assets.loaders.common import ContentError, read_toml, text3
from assets.loaders.pack_folder import RECEIVED, content_dir, pack_files, user_packs_enabled
from shared.games.school_mystery.content import (
    Content,
    Move,
    PackInfo,
    Playbook,
    Secret,
    Subject,
)

PACK_MAX_BYTES = 160 * 1024  # a pack travels in one frame of the protocol (256 KiB, msgpack)
PACK_KEYS = {"pack", "subjects", "playbooks", "secrets"}


def fingerprint(data: bytes) -> str:
    """A pack's name at a table: the first 16 hex digits of the SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()[:16]


# --------------------------------------------------------------------------- errors in three languages

LANG_NAMES = {"ja": {"ja": "日本語", "zh": "中国語", "en": "英語"},
              "zh": {"ja": "日语", "zh": "中文", "en": "英语"},
              "en": {"ja": "Japanese", "zh": "Chinese", "en": "English"}}


@functools.cache
def _messages() -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """(English problem pattern, ja template, zh template), in order, from
    ``assets/content/school_mystery/pack_messages.toml``; the English problem is the loaders' own text."""
    rows = read_toml("school_mystery/pack_messages.toml")["message"]
    return tuple((re.compile(row["problem"]), row["ja"], row["zh"]) for row in rows)


_WHERE = {"ja": "{file} {line}行目", "zh": "{file} 第{line}行", "en": "{file}, line {line}"}
_FIELD = {"ja": "項目 {field}", "zh": "项目 {field}", "en": "field {field}"}
_FIELD_RE = re.compile(r"^(?:effect )?'?([A-Za-z_][\w\.\[\]]*)'? (?:must|is|needs)\b")


@dataclass(eq=False)
class PackError(ValueError):
    """A pack that cannot be used: where (file, 1-based line, entry and field) and what (the loaders'
    English problem); :meth:`message` says it in ja, zh or en."""

    file: str
    line: int | None
    entry: str
    field: str
    problem: str

    def __str__(self) -> str:
        return self.message("en")

    def message(self, lang: str) -> str:
        where = _WHERE[lang].format(file=self.file, line=self.line if self.line is not None else "?")
        place = " ".join(p for p in (self.entry, _FIELD[lang].format(field=self.field) if self.field else "") if p)
        return f"{where}: {place}: {self.explain(lang)}" if place else f"{where}: {self.explain(lang)}"

    def explain(self, lang: str) -> str:
        """The problem in ``lang`` (the English text when no translation matches)."""
        if lang == "en":
            return self.problem
        for pattern, ja, zh in _messages():
            m = pattern.fullmatch(self.problem)
            if m:
                params = m.groupdict()
                if "lang" in params:
                    params["lang_name"] = LANG_NAMES[lang][params["lang"]]
                return (ja if lang == "ja" else zh).format(**params)
        return self.problem


def _field_of(problem: str) -> str:
    if problem.startswith(("unknown keys", "unknown effect keys")):
        m = re.search(r"'([^']+)'", problem)
        return m.group(1) if m else ""
    if problem.startswith(("unknown condition", "rival_condition", "only gain_condition")):
        return "condition"
    if problem.startswith("no playbook"):
        return "playbook"
    if problem.startswith("unknown stat"):
        return "stats"
    if problem.startswith("id ") or problem.endswith("lowercase id (a-z, 0-9, _)") and "id" in problem[:3]:
        return "id"
    if problem.startswith("effect 'do'"):
        return "do"
    m = _FIELD_RE.match(problem)
    return m.group(1) if m else ""


def _pack_error(file: Path, text: str, exc: ContentError) -> PackError:
    tree = toml_lines.index(text)
    entry = exc.entry if exc.entry not in ("(file)", "(directory)") else ""
    fld = _field_of(exc.problem)
    line = toml_lines.locate(tree, entry, fld) if entry or fld else None
    if line is None and fld:
        line = toml_lines.locate(tree, "", fld)
    return PackError(file.name, line, entry, fld, exc.problem)


# --------------------------------------------------------------------------- reading a pack

@dataclass(frozen=True)
class Pack:
    """A checked pack: what it adds, each item tagged with the pack's fingerprint."""

    info: PackInfo
    path: Path
    subjects: tuple[Subject, ...] = ()
    playbooks: tuple[Playbook, ...] = ()
    moves: tuple[Move, ...] = ()
    secrets: tuple[tuple[str, Secret], ...] = ()  # (playbook id, secret) added to an existing playbook
    description: dict[str, str] = field(default_factory=dict)


def check_pack(path: str | Path, base: Content, data: bytes | None = None) -> Pack:
    """Read and check the pack at ``path`` (or its bytes ``data``) against ``base``; raises PackError."""
    p = Path(path)
    raw = p.read_bytes() if data is None else data
    text = raw.decode("utf-8", errors="replace")
    try:
        return _check(p, raw, text, base)
    except ContentError as exc:
        raise _pack_error(p, text, exc) from None


def _check(p: Path, raw: bytes, text: str, base: Content) -> Pack:
    if len(raw) > PACK_MAX_BYTES:
        raise ContentError(p, "", f"file is larger than {PACK_MAX_BYTES} bytes")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise PackError(p.name, int(m.group(1)) if m else None, "", "",
                        f"not valid TOML: {exc}") from None
    unknown = set(data) - PACK_KEYS
    if unknown:
        raise ContentError(p, "", f"unknown keys {sorted(unknown)}")
    head = data.get("pack")
    if not isinstance(head, dict) or "id" not in head or "name" not in head:
        raise ContentError(p, "pack", "needs a [pack] table with id and name")
    if set(head) - {"id", "name", "description"}:
        raise ContentError(p, "pack", f"unknown keys {sorted(set(head) - {'id', 'name', 'description'})}")
    pid = sm._id(p, "pack", head["id"])
    name = text3(p, "pack", head["name"], "name")
    description = text3(p, "pack", head["description"], "description") if "description" in head else {}
    fp = fingerprint(raw)
    stat_ids = {s.id for s in base.stats}
    conditions = set(base.conditions)
    taken_moves = set(base.moves)
    taken_secrets = {s.id for b in base.playbooks.values() for s in b.secrets}

    def fresh(where: str, value: str, taken: set[str]) -> None:
        if value in taken:
            raise ContentError(p, where, f"id {value!r} is already used by the built-in content or another pack")

    subjects: list[Subject] = []
    for i, item in enumerate(_tables(p, data, "subjects")):
        sub = sm.subject_from_data(p, item, f"subjects[{i}] ", fp)
        fresh(f"subjects[{i}]", sub.id, set(base.subjects) | {s.id for s in subjects})
        subjects.append(sub)
    playbooks: list[Playbook] = []
    moves: dict[str, Move] = {}
    secret_ids: set[str] = set()
    for i, item in enumerate(_tables(p, data, "playbooks")):
        before = set(moves)
        book = sm.playbook_from_data(p, f"playbooks[{i}]", item, stat_ids, moves, secret_ids, conditions, fp)
        fresh(f"playbooks[{i}]", book.id, set(base.playbooks) | {b.id for b in playbooks})
        for j, mid in enumerate(book.moves):
            if mid not in before:
                fresh(f"playbooks[{i}] moves[{j}]", mid, taken_moves)
        for j, sec in enumerate(book.secrets):
            fresh(f"playbooks[{i}] secrets[{j}]", sec.id, taken_secrets)
        playbooks.append(book)
    secrets = []
    books = set(base.playbooks) | {b.id for b in playbooks}
    for i, item in enumerate(_tables(p, data, "secrets")):
        where = f"secrets[{i}]"
        target = item.get("playbook")
        if target not in books:
            raise ContentError(p, where, f"no playbook {target!r} to add this secret to")
        sec = sm._secret(p, where, item, secret_ids, conditions, fp, frozenset({"playbook"}))
        fresh(f"{where}", sec.id, taken_secrets)
        secrets.append((str(target), sec))
    if not subjects and not playbooks and not secrets:
        raise ContentError(p, "", "a pack adds at least one subject, playbook or secret")
    info = PackInfo(pid, name, fp, raw, tuple(s.id for s in subjects), tuple(b.id for b in playbooks),
                    tuple(s.id for _, s in secrets))
    return Pack(info, p, tuple(subjects), tuple(playbooks), tuple(moves.values()), tuple(secrets), description)


def _tables(p: Path, data: dict, key: str) -> list[dict]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise ContentError(p, key, f"{key} must be a list")
    return items


# --------------------------------------------------------------------------- the installed packs

@dataclass(frozen=True)
class Installed:
    """What the content folder holds: the packs that load, and the files that do not (with why)."""

    packs: tuple[Pack, ...]
    errors: tuple[PackError, ...]


def installed(base: Content, directory: Path | None = None) -> Installed:
    """Every pack in the user content folder checked against ``base`` and, for ids, against the packs
    before it (a later pack that reuses an id is reported, not loaded; the same file twice loads once)."""
    folder = directory if directory is not None else content_dir()
    packs: list[Pack] = []
    errors: list[PackError] = []
    merged = base
    for path in pack_files(folder):
        try:
            raw = path.read_bytes()
        except OSError as exc:
            errors.append(PackError(path.name, None, "", "", f"cannot be read: {exc}"))
            continue
        if fingerprint(raw) in merged.packs:
            continue
        try:
            pack = check_pack(path, merged, raw)
        except PackError as exc:
            errors.append(exc)
            continue
        packs.append(pack)
        merged = merge(merged, [pack])
    return Installed(tuple(packs), tuple(errors))


def merge(base: Content, packs: list[Pack] | tuple[Pack, ...]) -> Content:
    """``base`` with the packs' subjects, playbooks, moves and secrets added (each tagged with its pack);
    the rules take only the packs a table names (``rules_data(content, packs)``)."""
    subjects = dict(base.subjects)
    playbooks = dict(base.playbooks)
    moves = dict(base.moves)
    infos = dict(base.packs)
    for pack in packs:
        subjects.update({s.id: s for s in pack.subjects})
        moves.update({m.id: m for m in pack.moves})
        playbooks.update({b.id: b for b in pack.playbooks})
        for book_id, sec in pack.secrets:
            book = playbooks[book_id]
            regular = tuple(s for s in book.secrets if not s.last)
            lasts = tuple(s for s in book.secrets if s.last)
            regular, lasts = (regular + (sec,), lasts) if not sec.last else (regular, lasts + (sec,))
            playbooks[book_id] = replace(book, secrets=regular + lasts)
        infos[pack.info.fingerprint] = pack.info
    return replace(base, subjects=subjects, playbooks=playbooks, moves=moves, packs=infos)


def receive(data: bytes, expected: str, base: Content, directory: Path | None = None) -> Path:
    """Keep a pack a server sent (``data``, announced as fingerprint ``expected``): checked, then saved as
    ``received/<fingerprint>.toml`` in the content folder. Raises PackError (and saves nothing) when
    the bytes are not that pack or do not check."""
    if fingerprint(data) != expected:
        raise PackError(f"{expected}.toml", None, "", "", "the pack's bytes do not match its fingerprint")
    folder = (directory if directory is not None else content_dir()) / RECEIVED
    check_pack(folder / f"{expected}.toml", base, data)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{expected}.toml"
    tmp = target.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(target)
    return target


def load_with_user_packs() -> Content:
    """The game's content as its spec gives it: the built-in content plus this process's user packs."""
    return with_user_packs(sm.load())


def with_user_packs(base: Content) -> Content:
    """``base`` plus the installed packs when this process reads the user content folder."""
    if not user_packs_enabled():
        return base
    return merge(base, installed(base).packs)


def describe(info: PackInfo, lang: str) -> dict[str, Any]:
    """A pack as the launcher lists it."""
    return {"id": info.id, "name": info.name.get(lang) or info.name["en"], "fingerprint": info.fingerprint,
            "subjects": len(info.subjects), "playbooks": len(info.playbooks), "secrets": len(info.secrets)}
