"""The server's default TCP port, in a module of its own: the command line and the launcher read it without
loading the protocol's encoders (``shared.protocol`` re-exports it)."""
from __future__ import annotations

DEFAULT_PORT = 7420
