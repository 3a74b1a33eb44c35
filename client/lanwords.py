"""Words for finding tables on the LAN: a table as players know it, a failed connection in plain words."""
from __future__ import annotations

from typing import Any

from client import games, services
from client.i18n import Strings

LANG_NAMES = {"ja": "日本語", "zh": "中文", "en": "English"}  # each language by its own name
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "0.0.0.0", ""}


def why_text(strings: Strings, msg: Any) -> str:
    """A ``_net`` status's reason (a ``client.wire.NetStatus``) in the player's language (never a raw errno)."""
    reason = str(getattr(msg, "reason", "") or "other")
    key = f"lan.why.{reason}"
    return strings.t(key) if strings.has(key) else strings.t("lan.why.other")


def host_of(info: dict[str, Any], server_name: str = "") -> str:
    """Who opened a listed table: its ``host_name``, else the first seated name, else the server's name;
    with the address it was opened from (``host_address``; names are not unique, anyone may take any)."""
    name = str(info.get("host_name") or "").strip()
    if not name:
        name = next((str(n) for n in info.get("names") or [] if n), "")
    name = name or server_name
    address = str(info.get("host_address") or "")
    if address and address not in LOCAL_HOSTS and name:
        return f"{name} ({address})"
    return name


def fair_order(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tables taking turns by the address that opened them (each address's first table, then each one's
    second, ...; the server's order within one address): one guest's many tables cannot push the others
    down the list."""
    by_address: dict[str, list[dict[str, Any]]] = {}
    for info in tables:
        by_address.setdefault(str(info.get("host_address") or ""), []).append(info)
    out: list[dict[str, Any]] = []
    queues = list(by_address.values())
    depth = 0
    while len(out) < len(tables):
        out += [q[depth] for q in queues if depth < len(q)]
        depth += 1
    return out


OLD_VERSION = "needs_old_version"  # the listing's phase of a table started with other rules or content


def playable(info: dict[str, Any]) -> bool:
    """Whether a listed table can be played on: not damaged (read-only) and not needing an older version."""
    return info.get("phase") != OLD_VERSION and not info.get("damaged")


def statuses(info: dict[str, Any]) -> list[str]:
    """What a player must know of a table before sitting at it (``lan.status.*`` keys): it needs the
    older version it started with, its record is damaged (watch only), it is a practice table."""
    out = []
    if info.get("phase") == OLD_VERSION:
        out.append("old_version")
    if info.get("damaged"):
        out.append("damaged")
    if info.get("practice"):
        out.append("practice")
    return out


def status_words(strings: Strings, info: dict[str, Any], note: bool = False) -> list[str]:
    """The table's statuses in the player's language (``note``: the sentence that explains each)."""
    return [strings.t(f"lan.status.{s}_note" if note else f"lan.status.{s}") for s in statuses(info)]


def table_label(strings: Strings, info: dict[str, Any], server_name: str = "") -> str:
    """One listed table: host name · game · seats free · language (no table id), then its statuses
    (practice, damaged, needs an older version). A table needing an older version: game and that only."""
    game = games.title(str(info.get("game")), strings)
    if info.get("phase") == OLD_VERSION:
        return " · ".join([game, *status_words(strings, info)])
    lang = str(info.get("lang") or "")
    label = strings.t("lan.table_row", host=host_of(info, server_name) or strings.t("lan.someone"),
                      game=game, free=int(info.get("free", 0)), seats=int(info.get("seats", 0)))
    parts = [label] + ([LANG_NAMES[lang]] if lang in LANG_NAMES else []) + status_words(strings, info)
    return " · ".join(parts)


def join_address(host: str, port: int) -> str:
    """The address other machines type to reach a server this machine reaches at ``host``."""
    if host in LOCAL_HOSTS:
        lan = services.lan_addresses(1)
        host = lan[0] if lan else host
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
