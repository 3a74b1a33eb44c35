"""Words for finding tables on the LAN: a table as players know it, a failed connection in plain words."""
from __future__ import annotations

from typing import Any

from client import games, services
from client.i18n import Strings

LANG_NAMES = {"ja": "日本語", "zh": "中文", "en": "English"}  # each language by its own name
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "0.0.0.0", ""}


def why_text(strings: Strings, msg: dict[str, Any]) -> str:
    """A ``_net`` status's reason in the player's language (never a raw errno)."""
    reason = str(msg.get("reason") or "other")
    key = f"lan.why.{reason}"
    return strings.t(key) if strings.has(key) else strings.t("lan.why.other")


def host_of(info: dict[str, Any], server_name: str = "") -> str:
    """Who opened a listed table: its ``host_name``, else the first seated name, else the server's name."""
    name = str(info.get("host_name") or "").strip()
    if not name:
        name = next((str(n) for n in info.get("names") or [] if n), "")
    return name or server_name


def table_label(strings: Strings, info: dict[str, Any], server_name: str = "") -> str:
    """One listed table: host name · game · seats free · language (no table id)."""
    lang = str(info.get("lang") or "")
    label = strings.t("lan.table_row", host=host_of(info, server_name) or strings.t("lan.someone"),
                      game=games.title(str(info.get("game")), strings), free=int(info.get("free", 0)),
                      seats=int(info.get("seats", 0)))
    return f"{label} · {LANG_NAMES[lang]}" if lang in LANG_NAMES else label


def join_address(host: str, port: int) -> str:
    """The address other machines type to reach a server this machine reaches at ``host``."""
    if host in LOCAL_HOSTS:
        lan = services.lan_addresses(1)
        host = lan[0] if lan else host
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
