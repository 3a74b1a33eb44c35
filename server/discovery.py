"""LAN discovery with zeroconf (mDNS/DNS-SD): announce a server, browse for servers.

Service type ``_houkago._tcp.local.``; TXT properties ``host`` (host name),
``games`` (comma-separated listed game ids) and ``version`` (protocol version).
Announcing runs in a background thread (``register_service`` blocks for ~2 s);
every failure is logged and never fatal: players can always type an address.
"""
from __future__ import annotations

import logging
import queue
import socket
import threading
import time
from typing import Any

from shared.engine import listed_games
from shared.protocol import PROTOCOL_VERSION

log = logging.getLogger("houkago.discovery")

SERVICE_TYPE = "_houkago._tcp.local."


def lan_addresses() -> list[str]:
    """Every non-loopback IPv4 address of this host (best effort; sends no traffic; any platform).

    The network adapters come from ``ifaddr`` (Linux, macOS, Windows, the BSDs); the host name's
    addresses are added in case an adapter is not listed.
    """
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if ip.is_IPv4:
                    found.append(str(ip.ip))
    except Exception:  # a hint only: never fatal
        log.debug("ifaddr could not list the adapters", exc_info=True)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out: list[str] = []
    for a in found:
        if not a.startswith("127.") and not a.startswith("169.254.") and a not in out:
            out.append(a)
    return out


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf
    return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)


class Announcer:
    """Announces one server on the LAN from a background thread."""

    def __init__(self, port: int, name: str | None = None, interfaces: list[str] | None = None,
                 addresses: list[str] | None = None) -> None:
        self.port = port
        self.name = (name or socket.gethostname())[:40]
        self.interfaces = interfaces
        self.addresses = addresses
        self._zc: Any = None
        self._info: Any = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._stopped = False
        self.registered = threading.Event()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._register, name="houkago-announce", daemon=True)
        self._thread.start()

    def _register(self) -> None:
        try:
            from zeroconf import ServiceInfo
            addrs = self.addresses or self.interfaces or lan_addresses() or ["127.0.0.1"]
            info = ServiceInfo(
                SERVICE_TYPE, f"{self.name} {self.port}.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(a) for a in addrs], port=self.port,
                properties={"host": socket.gethostname(), "games": ",".join(s.id for s in listed_games()),
                            "version": str(PROTOCOL_VERSION)},
                server=f"{socket.gethostname().split('.')[0]}-houkago.local.")
            with self._lock:
                if self._stopped:
                    return
                self._zc = _zeroconf(self.interfaces)
            self._zc.register_service(info, allow_name_change=True)
            with self._lock:
                self._info = info
            self.registered.set()
            log.info("announced on the LAN as %r (%s)", info.name, ", ".join(addrs))
        except Exception as exc:  # noqa: BLE001 - discovery is a convenience, never fatal
            log.warning("LAN announcement failed (%s); players can type the address", exc)

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            zc, info = self._zc, self._info
        if self._thread is not None:
            self._thread.join(5.0)
            with self._lock:
                zc, info = self._zc, self._info
        try:
            if zc is not None:
                if info is not None:
                    zc.unregister_service(info)
                zc.close()
        except Exception as exc:  # noqa: BLE001 - stopping the announcement must not stop the server
            log.warning("LAN announcement did not stop cleanly: %s", exc)


def browse(timeout: float = 3.0, interfaces: list[str] | None = None) -> list[dict[str, Any]]:
    """Servers announcing themselves, found within ``timeout`` seconds.

    Each is ``{"name", "host", "addresses", "port", "games", "version"}``.
    Returns ``[]`` (and logs) if multicast is unavailable.
    """
    found: dict[str, dict[str, Any]] = {}
    try:
        from zeroconf import ServiceBrowser, ServiceStateChange
        zc = _zeroconf(interfaces)
    except Exception as exc:  # noqa: BLE001 - no multicast/zeroconf: browsing finds nothing
        log.warning("cannot browse the LAN: %s", exc)
        return []
    names: queue.Queue[str] = queue.Queue()

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.put(name)

    deadline = time.monotonic() + timeout
    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[on_change])
        try:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    name = names.get(timeout=left)
                except queue.Empty:
                    break
                info = zc.get_service_info(SERVICE_TYPE, name, timeout=int(max(200, min(left, 2.0) * 1000)))
                if info is None or not info.port:
                    continue
                props = {(k.decode() if isinstance(k, bytes) else str(k)):
                         (v.decode("utf-8", "replace") if isinstance(v, bytes) else v)
                         for k, v in (info.properties or {}).items()}
                found[name] = {
                    "name": name[: -len(SERVICE_TYPE) - 1] if name.endswith("." + SERVICE_TYPE) else name,
                    "host": props.get("host") or "",
                    "addresses": info.parsed_addresses(),
                    "port": info.port,
                    "games": [g for g in (props.get("games") or "").split(",") if g],
                    "version": props.get("version"),
                }
        finally:
            browser.cancel()
    except Exception as exc:  # noqa: BLE001 - browsing is a convenience, never fatal
        log.warning("LAN browsing failed: %s", exc)
    finally:
        try:
            zc.close()
        except Exception:  # noqa: BLE001, S110 - closing after a failed browse: nothing left to do
            pass
    return list(found.values())
