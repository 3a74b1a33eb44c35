"""Loader of school_mystery content: stats, moves, playbooks, conditions, UI texts and subjects.

``load(directory=None)`` reads ``assets/content/school_mystery/`` (or ``directory``):
``stats.toml``, ``moves.toml``, ``playbooks.toml``, ``conditions.toml``, ``texts.toml``
and every ``subjects/*.toml``; it checks everything (each error names the file and
the entry) and returns a :class:`shared.games.school_mystery.content.Content`. The game's spec
loads it through ``assets.loaders.packs:load_with_user_packs``, which adds the user content packs
installed for this process (the rules use only the packs a table names).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from assets import CONTENT_DIR
from assets.loaders.common import ContentError, check_int, check_list, read_toml, text3
from shared.games.school_mystery.content import (
    BANDS,
    DAY_TYPES,
    DISCOVER,
    EFFECTS,
    MOVE_KINDS,
    MOVE_LIMITS,
    OBJECTION,
    RESOLVE,
    SECRET_EFFECTS,
    SECRETS_DEALT,
    WEEKDAYS,
    Character,
    Choices,
    Condition,
    Content,
    Effect,
    Location,
    Move,
    Outcome,
    Playbook,
    Secret,
    Stat,
    Subject,
)

GAME_DIR = CONTENT_DIR / "school_mystery"
SUIT_TABLES = 10
MIN_PLAYBOOKS, MAX_PLAYBOOKS = 5, 12  # built in; a user pack adds its own on top
MAX_SPECIAL_MOVES = 4
BUILTIN_SECRETS = 8  # regular secrets of a built-in playbook (and 2 last): a weekly club meets new ones for long
ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def _id(file: Path, entry: str, value: Any, field: str = "id") -> str:
    if not isinstance(value, str) or not value or not set(value) <= ID_CHARS or len(value) > 64:
        raise ContentError(file, entry, f"{field} must be a lowercase id (a-z, 0-9, _)")
    return value


def _table_list(data: dict, file: Path, key: str) -> list[dict]:
    items = data.get(key)
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        raise ContentError(file, key, f"needs a non-empty [[{key}]] list")
    return items


def _unique(file: Path, entry: str, seen: set[str], value: str) -> None:
    if value in seen:
        raise ContentError(file, entry, f"id {value!r} is used twice")
    seen.add(value)


# --------------------------------------------------------------------------- stats, conditions, texts

def load_stats(file: Path) -> tuple[Stat, ...]:
    data = read_toml(file)
    out: list[Any] = []
    seen: set[str] = set()
    for i, item in enumerate(_table_list(data, file, "stats")):
        entry = f"stats[{i}]"
        sid = _id(file, entry, item.get("id"))
        entry = f"stats[{i}] ({sid})"
        _unique(file, entry, seen, sid)
        out.append(Stat(sid, text3(file, entry, item.get("name"), "name"),
                        text3(file, entry, item.get("description"), "description")))
    if not 4 <= len(out) <= 6:
        raise ContentError(file, "stats", "there must be four to six stats")
    return tuple(out)


def load_conditions(file: Path, stat_ids: set[str], move_ids: set[str]) -> dict[str, Condition]:
    """Sample conditions; each says which rolls it hinders: ``hinders = {stats = [...], moves = [...]}``
    (at least one stat or move, all of them known; resolution moves cannot be hindered)."""
    data = read_toml(file)
    out: dict[str, Condition] = {}
    for i, item in enumerate(_table_list(data, file, "conditions")):
        cid = _id(file, f"conditions[{i}]", item.get("id"))
        entry = f"conditions[{i}] ({cid})"
        _unique(file, entry, set(out), cid)
        unknown = set(item) - {"id", "name", "description", "hinders"}
        if unknown:
            raise ContentError(file, entry, f"unknown keys {sorted(unknown)}")
        hinders = item.get("hinders")
        if not isinstance(hinders, dict) or set(hinders) - {"stats", "moves"}:
            raise ContentError(file, entry, "needs hinders = { stats = [...], moves = [...] }")
        stats = tuple(check_list(file, entry, hinders.get("stats", []), "hinders.stats"))
        moves = tuple(check_list(file, entry, hinders.get("moves", []), "hinders.moves"))
        if not stats and not moves:
            raise ContentError(file, entry, "a condition must hinder at least one stat or move")
        for sid in stats:
            if sid not in stat_ids:
                raise ContentError(file, entry, f"hinders an unknown stat {sid!r}")
        for mid in moves:
            if mid not in move_ids or mid in (RESOLVE, OBJECTION):
                raise ContentError(file, entry, f"hinders an unknown or resolution move {mid!r}")
        out[cid] = Condition(cid, text3(file, entry, item.get("name"), "name"),
                             text3(file, entry, item.get("description"), "description"), stats, moves)
    return out


TONE_PROMPTS_MIN = 3


def load_texts(file: Path) -> dict[str, dict[str, str]]:
    """UI texts; the tone talk needs ``tone_guide`` and prompts ``tone_prompt_1`` … (at least three, numbered
    without gaps)."""
    data = read_toml(file)
    texts = data.get("texts")
    if not isinstance(texts, dict):
        raise ContentError(file, "texts", "needs a [texts] table")
    out = {key: text3(file, f"texts.{key}", value, key) for key, value in texts.items()}
    prompts = sorted(k for k in out if k.startswith("tone_prompt_"))
    if "tone_guide" not in out or prompts != [f"tone_prompt_{i}" for i in range(1, len(prompts) + 1)] \
            or len(prompts) < TONE_PROMPTS_MIN:
        raise ContentError(file, "texts.tone_guide / tone_prompt_N",
                           f"the tone talk needs tone_guide and tone_prompt_1..N (N >= {TONE_PROMPTS_MIN}, no gaps)")
    return out


# --------------------------------------------------------------------------- moves

def _effects(file: Path, entry: str, value: Any, allowed: tuple[str, ...] = EFFECTS,
             conditions: set[str] | None = None) -> tuple[Effect, ...]:
    """Effects ``[{do, n?, extra?, condition?}]``; ``condition`` (a sample condition id, checked
    against ``conditions`` when given) only on ``gain_condition`` and, required, ``rival_condition``."""
    out = []
    for j, eff in enumerate(check_list(file, entry, value if value is not None else [], "effects")):
        where = f"{entry} effects[{j}]"
        if not isinstance(eff, dict) or eff.get("do") not in allowed:
            raise ContentError(file, where, f"effect 'do' must be one of {list(allowed)}")
        unknown = set(eff) - {"do", "n", "extra", "condition"}
        if unknown:
            raise ContentError(file, where, f"unknown effect keys {sorted(unknown)}")
        n = check_int(file, where, eff.get("n", 1), "n", 1, 3)
        extra = eff.get("extra", False)
        if not isinstance(extra, bool):
            raise ContentError(file, where, "extra must be true or false")
        cond = eff.get("condition")
        if cond is None and eff["do"] == "rival_condition":
            raise ContentError(file, where, "rival_condition needs a condition id")
        if cond is not None:
            if eff["do"] not in ("gain_condition", "rival_condition"):
                raise ContentError(file, where, "only gain_condition and rival_condition name a condition")
            if not isinstance(cond, str) or (conditions is not None and cond not in conditions):
                raise ContentError(file, where, f"unknown condition {cond!r}")
        out.append(Effect(eff["do"], n, extra, cond))
    return tuple(out)


def _move(file: Path, entry: str, item: dict, stat_ids: set[str], playbook: str | None,
          pack: str | None = None) -> Move:
    mid = _id(file, entry, item.get("id"))
    entry = f"{entry} ({mid})"
    kind = item.get("kind", "roll")
    if kind not in MOVE_KINDS:
        raise ContentError(file, entry, f"kind must be one of {list(MOVE_KINDS)}")
    phase = item.get("phase", "investigation")
    if phase not in ("investigation", "resolution"):
        raise ContentError(file, entry, "phase must be investigation or resolution")
    limit = item.get("limit", "none")
    if limit not in MOVE_LIMITS:
        raise ContentError(file, entry, f"limit must be one of {list(MOVE_LIMITS)}")
    stats = tuple(check_list(file, entry, item.get("stats", []), "stats"))
    for s in stats:
        if s != "any" and s not in stat_ids:
            raise ContentError(file, entry, f"unknown stat {s!r}")
    outcomes: dict[str, Outcome] = {}
    raw = item.get("outcomes", {})
    if not isinstance(raw, dict):
        raise ContentError(file, entry, "outcomes must be a table of bands")
    if kind == "roll":
        if phase == "investigation" and not stats:
            raise ContentError(file, entry, "a roll move needs at least one stat")
        for band in BANDS:
            if band not in raw or not isinstance(raw[band], dict):
                raise ContentError(file, entry, f"outcomes.{band} is missing")
            where = f"{entry} outcomes.{band}"
            outcomes[band] = Outcome(text3(file, where, raw[band].get("text"), "text"),
                                     _effects(file, where, raw[band].get("effects")))
        if set(raw) - set(BANDS):
            raise ContentError(file, entry, f"unknown bands {sorted(set(raw) - set(BANDS))}")
    advance = item.get("advance", False)
    if not isinstance(advance, bool) or (advance and playbook is None):
        raise ContentError(file, entry, "advance must be true or false (special moves only)")
    effects = _effects(file, entry, item.get("effects"))
    if kind == "trigger" and not effects:
        raise ContentError(file, entry, "a trigger move needs effects")
    return Move(mid, text3(file, entry, item.get("name"), "name"),
                text3(file, entry, item.get("description"), "description"),
                kind, phase, stats, outcomes, effects, limit, playbook, pack, advance)


def load_moves(file: Path, stat_ids: set[str]) -> dict[str, Move]:
    data = read_toml(file)
    out: dict[str, Move] = {}
    for i, item in enumerate(_table_list(data, file, "moves")):
        move = _move(file, f"moves[{i}]", item, stat_ids, None)
        _unique(file, f"moves[{i}]", set(out), move.id)
        out[move.id] = move
    for needed in (DISCOVER, RESOLVE, OBJECTION):
        if needed not in out:
            raise ContentError(file, "moves", f"the basic move {needed!r} is missing")
    for needed in (RESOLVE, OBJECTION):
        if out[needed].phase != "resolution":
            raise ContentError(file, f"moves ({needed})", "must be a resolution move")
    if out[DISCOVER].phase != "investigation" or out[DISCOVER].kind != "roll":
        raise ContentError(file, f"moves ({DISCOVER})", "must be an investigation roll")
    if not any(e.do == "draw_clue" for b in ("great", "success") for e in out[DISCOVER].outcomes[b].effects):
        raise ContentError(file, f"moves ({DISCOVER})", "a success must draw a clue")
    return out


# --------------------------------------------------------------------------- playbooks

def _secret(file: Path, where: str, raw: Any, seen: set[str], conditions: set[str] | None,
            pack: str | None = None, extra_keys: frozenset[str] = frozenset()) -> Secret:
    """One secret of a pool: ``{id, text, instruction, effects, last?}``; a secret needs an effect."""
    if not isinstance(raw, dict):
        raise ContentError(file, where, "must be a table")
    sid = _id(file, where, raw.get("id"))
    where = f"{where} ({sid})"
    _unique(file, where, seen, sid)
    unknown = set(raw) - {"id", "text", "instruction", "effects", "last"} - extra_keys
    if unknown:
        raise ContentError(file, where, f"unknown keys {sorted(unknown)}")
    last = raw.get("last", False)
    if not isinstance(last, bool):
        raise ContentError(file, where, "last must be true or false")
    effects = _effects(file, where, raw.get("effects"), SECRET_EFFECTS, conditions)
    if not effects:
        raise ContentError(file, where, "a secret needs at least one effect the engine applies")
    return Secret(sid, text3(file, where, raw.get("text"), "text"), last,
                  text3(file, where, raw.get("instruction"), "instruction"), effects, pack)


def playbook_from_data(file: Path, entry: str, item: dict, stat_ids: set[str], moves: dict[str, Move],
                       secret_ids: set[str], conditions: set[str] | None = None, pack: str | None = None,
                       min_secrets: int = SECRETS_DEALT + 2) -> Playbook:
    """One ``[[playbooks]]`` entry: its special moves are added to ``moves``, its secret ids to ``secret_ids``
    (both checked for duplicates); ``pack`` is the fingerprint of the user pack it comes from (None: built in)."""
    pid = _id(file, entry, item.get("id"))
    entry = f"{entry} ({pid})"
    arrays = []
    for j, arr in enumerate(check_list(file, entry, item.get("stat_arrays"), "stat_arrays")):
        where = f"{entry} stat_arrays[{j}]"
        if not isinstance(arr, dict) or set(arr) != stat_ids:
            raise ContentError(file, where, f"must give every stat exactly once: {sorted(stat_ids)}")
        arrays.append({s: check_int(file, where, arr[s], s, -2, 3) for s in sorted(stat_ids)})
    if not arrays:
        raise ContentError(file, entry, "needs at least one stat array")
    move_ids = []
    for j, raw in enumerate(check_list(file, entry, item.get("moves"), "moves")):
        if not isinstance(raw, dict):
            raise ContentError(file, f"{entry} moves[{j}]", "must be a table")
        move = _move(file, f"{entry} moves[{j}]", raw, stat_ids, pid, pack)
        if move.phase != "investigation":
            raise ContentError(file, f"{entry} moves[{j}]", "special moves are investigation moves")
        if move.id in moves:
            raise ContentError(file, f"{entry} moves[{j}] ({move.id})", f"id {move.id!r} is used twice")
        moves[move.id] = move
        move_ids.append(move.id)
    starting = [m for m in move_ids if not moves[m].advance]
    if not 2 <= len(starting) <= 3 or len(move_ids) > MAX_SPECIAL_MOVES:
        raise ContentError(file, entry, f"needs two or three special moves (and at most {MAX_SPECIAL_MOVES} "
                           "with the advance ones)")
    secrets = [_secret(file, f"{entry} secrets[{j}]", raw, secret_ids, conditions, pack)
               for j, raw in enumerate(check_list(file, entry, item.get("secrets"), "secrets"))]
    regular = [s for s in secrets if not s.last]
    lasts = [s for s in secrets if s.last]
    # a larger pool than one hand, so knowing the playbook does not tell which secrets a student holds
    if len(regular) < min_secrets or len(lasts) < 2:
        raise ContentError(file, entry, f"the secret pool needs at least {min_secrets} secrets and "
                           "2 last secrets (last = true)")
    return Playbook(pid, text3(file, entry, item.get("name"), "name"),
                    text3(file, entry, item.get("description"), "description"),
                    tuple(arrays), tuple(move_ids), tuple(regular + lasts), pack)


def load_playbooks(file: Path, stat_ids: set[str], moves: dict[str, Move],
                   conditions: set[str] | None = None) -> dict[str, Playbook]:
    """Playbooks with their special moves (added to ``moves``) and secret pools; ``conditions``
    (when given) checks the condition ids secrets name (``load`` checks them afterwards)."""
    data = read_toml(file)
    out: dict[str, Playbook] = {}
    secret_ids: set[str] = set()
    for i, item in enumerate(_table_list(data, file, "playbooks")):
        book = playbook_from_data(file, f"playbooks[{i}]", item, stat_ids, moves, secret_ids, conditions,
                                  min_secrets=BUILTIN_SECRETS)
        _unique(file, f"playbooks[{i}] ({book.id})", set(out), book.id)
        out[book.id] = book
    if not MIN_PLAYBOOKS <= len(out) <= MAX_PLAYBOOKS:
        raise ContentError(file, "playbooks", f"there must be {MIN_PLAYBOOKS} to {MAX_PLAYBOOKS} playbooks")
    return out


# --------------------------------------------------------------------------- subjects

SUBJECT_KEYS = {"id", "title", "difficulty", "day_type", "start_weekday", "situation", "questions",
                "start_location", "public_locations", "truth_hint", "locations", "phenomena", "characters",
                "clues"}


def _ranked(file: Path, data: dict, key: str, root: str = "") -> list[dict]:
    items = data.get(key)
    if not isinstance(items, list) or len(items) != SUIT_TABLES or not all(isinstance(i, dict) for i in items):
        raise ContentError(file, f"{root}{key}", f"needs exactly {SUIT_TABLES} [[{key}]] entries")
    ranks = [i.get("rank") for i in items]
    for j, r in enumerate(ranks):
        check_int(file, f"{root}{key}[{j}]", r, "rank", 1, SUIT_TABLES)
    if sorted(ranks) != list(range(1, SUIT_TABLES + 1)):
        raise ContentError(file, f"{root}{key}", "ranks must be 1..10, each once")
    return sorted(items, key=lambda i: i["rank"])


def _three(file: Path, entry: str, value: Any) -> tuple[dict, dict, dict]:
    if not isinstance(value, list) or len(value) != 3:
        raise ContentError(file, entry, "options must list exactly three texts")
    a, b, c = (text3(file, entry, v, f"options[{k}]") for k, v in enumerate(value))
    return a, b, c


def _texts(file: Path, table: str, item: dict, *fields: str) -> list[dict[str, str]]:
    """The ja/zh/en texts ``fields`` of one ranked entry, each checked with ``text3``."""
    entry = f"{table}[rank {item['rank']}]"
    return [text3(file, entry, item.get(f), f) for f in fields]


def load_subject(file: Path) -> Subject:
    """One investigation subject file, checked against the SUBJECT SCHEMA (its id is its file name)."""
    data = read_toml(file)
    sid = _id(file, "id", data.get("id"))
    if sid != file.stem:
        raise ContentError(file, "id", f"id {sid!r} must match the file name {file.stem!r}")
    return subject_from_data(file, data)


def subject_from_data(file: Path, data: dict, root: str = "", pack: str | None = None) -> Subject:
    """One subject's table (a file, or a pack's ``[[subjects]]`` entry named ``root``, e.g. "subjects[0] ")."""
    sid = _id(file, f"{root}id", data.get("id"))
    unknown = set(data) - SUBJECT_KEYS
    if unknown:
        raise ContentError(file, root.strip() or "(file)", f"unknown keys {sorted(unknown)}")
    difficulty = check_int(file, f"{root}difficulty", data.get("difficulty"), "difficulty", 0, 5)
    if data.get("day_type") not in DAY_TYPES:
        raise ContentError(file, f"{root}day_type", f"must be one of {list(DAY_TYPES)}")
    if data.get("start_weekday") not in WEEKDAYS:
        raise ContentError(file, f"{root}start_weekday", f"must be one of {list(WEEKDAYS)}")
    questions = data.get("questions")
    if not isinstance(questions, list) or not 3 <= len(questions) <= 5:
        raise ContentError(file, f"{root}questions", "needs three to five questions")
    qs = tuple(text3(file, f"{root}questions[{i}]", q, "question") for i, q in enumerate(questions))
    start = check_int(file, f"{root}start_location", data.get("start_location"), "start_location", 1, 10)
    public = check_list(file, f"{root}public_locations", data.get("public_locations", [start]), "public_locations")
    for j, r in enumerate(public):
        check_int(file, f"{root}public_locations[{j}]", r, "rank", 1, 10)
    if start not in public:
        raise ContentError(file, f"{root}public_locations", "must include start_location")
    if len(set(public)) != len(public):
        raise ContentError(file, f"{root}public_locations", "lists a rank twice")
    truth = data.get("truth_hint")
    locations = tuple(Location(i["rank"], *_texts(file, f"{root}locations", i, "name", "description", "atmosphere"))
                      for i in _ranked(file, data, "locations", root))
    phenomena = tuple(Choices(i["rank"], _three(file, f"{root}phenomena[rank {i['rank']}]", i.get("options")))
                      for i in _ranked(file, data, "phenomena", root))
    characters = tuple(Character(i["rank"], *_texts(file, f"{root}characters", i, "name", "description", "hint"))
                       for i in _ranked(file, data, "characters", root))
    clues = tuple(Choices(i["rank"], _three(file, f"{root}clues[rank {i['rank']}]", i.get("options")))
                  for i in _ranked(file, data, "clues", root))
    return Subject(sid, text3(file, f"{root}title", data.get("title"), "title"), difficulty, data["day_type"],
                   data["start_weekday"], text3(file, f"{root}situation", data.get("situation"), "situation"), qs,
                   start, tuple(public), locations, phenomena, characters, clues,
                   text3(file, f"{root}truth_hint", truth, "truth_hint") if truth is not None else None, pack)


def load_subjects(directory: Path) -> dict[str, Subject]:
    files = sorted(directory.glob("*.toml")) if directory.is_dir() else []
    if not files:
        raise ContentError(directory, "(directory)", "no investigation subjects (*.toml) found")
    return {s.id: s for s in (load_subject(f) for f in files)}


# --------------------------------------------------------------------------- all

def _check_named_conditions(base: Path, moves: dict[str, Move], playbooks: dict[str, Playbook],
                            conditions: set[str]) -> None:
    """Every condition an effect names (moves' outcomes, secrets) is a sample condition."""
    for m in moves.values():
        for band, o in m.outcomes.items():
            for e in o.effects + m.effects:
                if e.condition is not None and e.condition not in conditions:
                    raise ContentError(base / "moves.toml", f"moves ({m.id}) {band}", f"unknown condition {e.condition!r}")
    for p in playbooks.values():
        for sec in p.secrets:
            for e in sec.effects:
                if e.condition is not None and e.condition not in conditions:
                    raise ContentError(base / "playbooks.toml", f"playbooks ({p.id}) secrets ({sec.id})",
                                       f"unknown condition {e.condition!r}")


def load(directory: str | Path | None = None) -> Content:
    """All school_mystery content from ``directory`` (default ``assets/content/school_mystery``)."""
    base = Path(directory) if directory is not None else GAME_DIR
    stats = load_stats(base / "stats.toml")
    stat_ids = {s.id for s in stats}
    moves = load_moves(base / "moves.toml", stat_ids)
    playbooks = load_playbooks(base / "playbooks.toml", stat_ids, moves)  # adds the special moves
    conditions = load_conditions(base / "conditions.toml", stat_ids, set(moves))
    _check_named_conditions(base, moves, playbooks, set(conditions))
    if len(conditions) < 6:
        raise ContentError(base / "conditions.toml", "conditions", "list at least six sample conditions")
    texts = load_texts(base / "texts.toml")
    subjects = load_subjects(base / "subjects")
    return Content(stats, moves, playbooks, conditions, subjects, texts)
