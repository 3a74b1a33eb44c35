"""Network helpers of the client session (:mod:`client.session`): the reconnect backoff and why a
connection failed, as a word the client can say."""
from __future__ import annotations

import errno
import socket

BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)


def reason_of(exc: BaseException) -> str:
    """Why a connection failed, as a word the client can say in the player's language (``net.why.*``)."""
    if isinstance(exc, ConnectionRefusedError):
        return "refused"
    if isinstance(exc, (TimeoutError, socket.timeout)):
        return "timeout"
    if isinstance(exc, (socket.gaierror, UnicodeError, ValueError, OverflowError)):
        return "unknown_host"
    if isinstance(exc, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, ConnectionError)):
        return "closed"
    if isinstance(exc, OSError) and exc.errno is not None and exc.errno in _UNREACHABLE:
        return "unreachable"
    return "other"


_UNREACHABLE = {getattr(errno, n) for n in ("ENETUNREACH", "EHOSTUNREACH", "ENETDOWN", "EHOSTDOWN") if hasattr(errno, n)}
