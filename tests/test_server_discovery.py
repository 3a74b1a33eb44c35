"""LAN discovery on loopback only: announce a server and find it by browsing."""
from __future__ import annotations

import secrets

import pytest
from waiting import WAIT_SECONDS, wait_until

from server.discovery import Announcer, browse

pytestmark = pytest.mark.timeout(180)
LOOPBACK = ["127.0.0.1"]


def multicast_available() -> str | None:
    try:
        from zeroconf import IPVersion, Zeroconf
        zc = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
        zc.close()
    except Exception as exc:  # noqa: BLE001 - any failure means: no multicast here
        return f"multicast on loopback unavailable: {exc}"
    return None


def test_announce_and_browse_on_loopback() -> None:
    reason = multicast_available()
    if reason:
        pytest.skip(reason)
    # a unique name and port: other test runs on this machine may be announcing on loopback right now
    name = f"houkago-test-{secrets.token_hex(4)}"
    port = 20000 + secrets.randbelow(40000)  # only announced, never bound
    ann = Announcer(port, name=name, interfaces=LOOPBACK)
    ann.start()
    try:
        assert ann.registered.wait(WAIT_SECONDS), "the announcement did not register"
        found = wait_until(lambda: [s for s in browse(4.0, interfaces=LOOPBACK) if s["name"].startswith(name)],
                           f"a browse on loopback to find the announced {name!r}", interval=0)
        server = found[0]
        assert server["port"] == port
        assert "127.0.0.1" in server["addresses"]
        assert server["version"] == "1"
        assert isinstance(server["games"], list) and server["host"]
    finally:
        ann.stop()


def test_announcer_failure_is_not_fatal() -> None:
    ann = Announcer(1, name="x", interfaces=LOOPBACK, addresses=["not-an-address"])
    ann.start()
    ann.stop()  # the failure inside was logged; nothing is raised here
    assert not ann.registered.is_set()
