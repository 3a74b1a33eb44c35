"""Every message of the protocol as a typed :class:`msgspec.Struct` (see ``docs/protocol.md``).

A message on the wire is a msgpack map whose ``t`` names its type; here each type is one Struct
tagged by that ``t``. :data:`ClientMessage` is the union of what a client may send, :data:`ServerMessage`
of what a server may send. Both edges decode into these types once (:func:`client_message`,
:func:`server_message`) and refuse anything the doc does not allow with a typed :class:`ProtocolError`
(``msg/unknown_type``, ``msg/missing_field``, ``msg/bad_field``, ``msg/unknown_field``); nothing behind
the edge looks at a raw map again. ``ref`` is the sender's own tag, echoed in the answer (any value).

Game data stays a map: a snapshot's ``view``, an ``action``, a ``result`` and a table's ``options``
are the rules' business (``shared/spec.py``), checked by the rules, not here.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Union

import msgspec

from shared.errors import echo
from shared.protocol import HEADER, MAX_FRAME, MAX_TEXT, ProtocolError, decode_body

Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Int64 = Annotated[int, msgspec.Meta(ge=-(2 ** 63), le=2 ** 63 - 1)]


class _Message(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """A protocol message: its Struct's tag is its ``t``."""

    ref: Any = None


# --- client → server ------------------------------------------------------------------------------
class Hello(_Message, tag="hello"):
    v: int
    name: Text = ""
    client: Text = ""
    delta: bool = False


class ListTables(_Message, tag="list"):
    all: bool = False


class Create(_Message, tag="create"):
    game: Text
    seats: int
    options: dict[str, Any] = {}
    name: Text | None = None
    bot_delay: float | None = None
    takeover: bool = True
    practice: bool = False
    spectator_chat: bool = False
    lang: Text = ""
    turn_seconds: float = 0


class Join(_Message, tag="join"):
    table: Text
    seat: int | None = None
    name: Text | None = None


class Resume(_Message, tag="resume"):
    table: Text
    seat: int
    token: Text


class Watch(_Message, tag="watch"):
    table: Text


class Leave(_Message, tag="leave"):
    table: Text
    seat: int | None = None
    token: Text | None = None


class Ready(_Message, tag="ready"):
    table: Text
    seat: int
    token: Text
    ready: bool


class Bot(_Message, tag="bot"):
    table: Text
    host: Text
    seat: int
    level: Text | None = None


class Start(_Message, tag="start"):
    table: Text
    host: Text
    seed: Int64 | None = None


class Act(_Message, tag="act"):
    table: Text
    seat: int
    token: Text
    sid: int
    action: dict[str, Any]


class Chat(_Message, tag="chat"):
    table: Text
    text: Text
    seat: int | None = None
    token: Text | None = None


class Clock(_Message, tag="clock"):
    table: Text
    host: Text
    op: Text
    seconds: float | None = None


class Replace(_Message, tag="replace"):
    table: Text
    target: int
    seat: int | None = None
    token: Text | None = None
    host: Text | None = None
    yes: bool = True


class Ping(_Message, tag="ping"):
    n: int | None = None


class AskReplay(_Message, tag="replay"):
    table: Text


class AskPack(_Message, tag="pack"):
    table: Text
    fp: Text


ClientMessage = Union[Hello, ListTables, Create, Join, Resume, Watch, Leave, Ready, Bot, Start, Act, Chat,  # noqa: UP007
                      Clock, Replace, Ping, AskReplay, AskPack]
CLIENT_TYPES: tuple[type[_Message], ...] = ClientMessage.__args__  # type: ignore[attr-defined]  # a Union's members


# --- parts of server messages -----------------------------------------------------------------------
class _Part(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A map inside a server message."""


class GameInfo(_Part):
    id: str
    names: dict[str, str]
    min: int
    max: int
    listed: bool


class TableEntry(_Part):
    """One table in the ``tables`` list."""

    id: str
    game: str
    seats: int
    free: int
    phase: str
    names: list[str]
    practice: bool
    damaged: bool
    host_name: str
    lang: str
    host_address: str
    humans: int


class LobbySeat(_Part):
    seat: int
    name: str
    taken: bool
    connected: bool
    bot: str | None
    stand_in: bool
    ready: bool
    colour: int
    away: float | None
    turn: float | None


class VoteTally(_Part):
    seat: int
    voters: list[int] = msgspec.field(name="for")
    needed: int


class LobbyTable(_Part):
    id: str
    game: str
    seats: list[LobbySeat]
    phase: str
    options: dict[str, Any]
    sid: int
    bot_delay: float
    takeover: bool
    watchers: int
    practice: bool
    spectator_chat: bool
    damaged: bool
    turn_seconds: float
    votes: list[VoteTally]


class ClockInfo(_Part):
    deadline_in: float
    paused: bool
    total: float


# --- server → client ------------------------------------------------------------------------------
class Welcome(_Message, tag="welcome"):
    v: int
    server: str
    games: list[GameInfo]


class Tables(_Message, tag="tables"):
    tables: list[TableEntry]


class Created(_Message, tag="created"):
    table: str
    host: str
    lobby: LobbyTable


class Joined(_Message, tag="joined"):
    table: str
    seat: int
    token: str


class Watching(_Message, tag="watching"):
    table: str


class Left(_Message, tag="left"):
    table: str
    seat: int | None


class Lobby(_Message, tag="lobby"):
    table: LobbyTable


class Snapshot(_Message, tag="snapshot"):
    """A viewer's snapshot. On a delta connection ``legal`` may be absent (unchanged), compact
    (``shared.legal``), and ``delta``/``gone`` patch the last view: the client's protocol object
    rebuilds the full snapshot, so behind it ``legal`` is the full list for a seat (None for a spectator)
    and ``delta`` is false."""

    table: str
    seat: int | None
    sid: int
    view: dict[str, Any]
    over: bool
    events: list[Any]
    legal: list[Any] | None = None
    clock: ClockInfo | None = None
    delta: bool = False
    gone: list[str] = []
    past: list[Any] | None = None


class Error(_Message, tag="error"):
    code: str
    msg: str
    params: dict[str, Any]


class ChatLine(_Message, tag="chat"):
    table: str
    name: str
    text: str
    seat: int | None
    ts: float


class ClockUpdate(_Message, tag="clock"):
    table: str
    clock: ClockInfo


class Pong(_Message, tag="pong"):
    n: int | None = None


class Replaced(_Message, tag="replaced"):
    table: str
    seat: int
    by: str
    votes: list[int]
    needed: int


class Result(_Message, tag="result"):
    table: str
    result: dict[str, Any]


class Replay(_Message, tag="replay"):
    table: str
    game: str
    players: int
    names: list[str]
    part: int
    last: bool
    steps: list[Any]
    result: Any = None


class Pack(_Message, tag="pack"):
    table: str
    fp: str
    data: bytes


ServerMessage = Union[Welcome, Tables, Created, Joined, Watching, Left, Lobby, Snapshot, Error, ChatLine,  # noqa: UP007
                      ClockUpdate, Pong, Replaced, Result, Replay, Pack]
SERVER_TYPES: tuple[type[_Message], ...] = ServerMessage.__args__  # type: ignore[attr-defined]  # a Union's members


def kind(msg_type: type[_Message]) -> str:
    """The ``t`` of a message type."""
    return msg_type.__struct_config__.tag  # type: ignore[return-value]  # every message type has a str tag


# --- the edges --------------------------------------------------------------------------------------
_WHERE = re.compile(r" - at (?:`key` in )?`\$\.([^`.\[]+)")  # the top-level field msgspec names


def _refusal(exc: msgspec.ValidationError, obj: dict[str, Any]) -> ProtocolError:
    """The typed error for a message msgspec refused (the top-level field is named in ``params.field``):
    a missing or unknown field of the message itself is ``msg/missing_field`` / ``msg/unknown_field``,
    anything wrong deeper inside a field (or a field of the wrong type) ``msg/bad_field``."""
    text = str(exc)
    t = echo(obj.get("t"))
    where = _WHERE.search(text)
    if where is not None:
        return ProtocolError("msg/bad_field", f"{t}: {text}"[:300], field=where.group(1))
    name = text[text.find("`") + 1:text.rfind("`")] if text.count("`") >= 2 else ""  # (a name may hold a `)
    if text.startswith("Object missing required field"):
        return ProtocolError("msg/missing_field", f"{t}: missing field {name!r}"[:300], field=name)
    if text.startswith("Object contains unknown field"):
        return ProtocolError("msg/unknown_field", f"{t}: unknown field {name!r}"[:300], field=echo(name))
    return ProtocolError("msg/bad_field", f"{t}: {text}"[:300])


def _edge(obj: Any, types: dict[str, type[_Message]]) -> Any:
    """``obj`` as the message type its ``t`` names among ``types``, or the typed refusal."""
    if type(obj) is not dict:
        raise ProtocolError("msg/not_a_message", "a message is a map with a string 't'")
    t = obj.get("t")
    cls = types.get(t) if type(t) is str else None
    if cls is None:
        if not isinstance(t, str):
            raise ProtocolError("msg/not_a_message", "a message is a map with a string 't'")
        raise ProtocolError("msg/unknown_type", f"unknown message type {echo(t)!r}")
    try:  # (converting to the one class its t names: a Union would be built anew on every call, ~50x slower)
        return msgspec.convert(obj, cls, strict=True)
    except msgspec.ValidationError as exc:
        raise _refusal(exc, obj) from None


CLIENT_BY_T: dict[str, type[_Message]] = {kind(c): c for c in CLIENT_TYPES}
SERVER_BY_T: dict[str, type[_Message]] = {kind(c): c for c in SERVER_TYPES}


def client_message(obj: Any) -> ClientMessage:
    """A decoded map as the client message it is (the server's edge); :class:`ProtocolError` if the doc
    does not allow it."""
    return _edge(obj, CLIENT_BY_T)  # (one of CLIENT_TYPES)


def server_message(obj: Any) -> ServerMessage:
    """A decoded map as the server message it is (the client's edge); :class:`ProtocolError` if the doc
    does not allow it."""
    return _edge(obj, SERVER_BY_T)  # (one of SERVER_TYPES)


def check_frame(frame: bytes, max_frame: int = MAX_FRAME) -> ServerMessage:
    """A whole frame a server sends (length header and body, however it was built: encoded or spliced
    from packed parts) as the server message it is: :class:`ProtocolError` if its header does not match
    its body, the body is not one msgpack map, or the doc does not allow the message. The server's strict
    mode (tests) runs every frame through it before it leaves."""
    if len(frame) < HEADER.size or HEADER.unpack_from(frame)[0] != len(frame) - HEADER.size:
        raise ProtocolError("frame/bad_length", "the frame's length header does not match its body")
    return server_message(decode_body(bytes(frame[HEADER.size:]), max_frame))


def to_map(msg: _Message) -> dict[str, Any]:
    """A message as the map that goes on the wire (``t`` first; fields at their defaults left out)."""
    return msgspec.to_builtins(msg)
