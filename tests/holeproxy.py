"""A TCP proxy on 127.0.0.1 that can black-hole its connections without closing them (a dead Wi-Fi link).

``hole()``: from now on every byte either way is read and thrown away and nothing is closed, so neither
end hears of it but through its own heartbeat; connections made while holed are accepted and go nowhere.
``heal()``: new connections are forwarded again (the holed ones stay dead, as TCP connections that both
ends gave up on).
"""
from __future__ import annotations

import selectors
import socket
import threading


class HoleProxy:
    """Forwards 127.0.0.1:<port> to ``(host, upstream)`` until :meth:`hole`."""

    def __init__(self, upstream: int, host: str = "127.0.0.1") -> None:
        self.upstream = (host, upstream)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.setblocking(False)
        self.port: int = self.listener.getsockname()[1]
        self.holed = False
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.listener, selectors.EVENT_READ, None)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._socks: list[socket.socket] = []
        self._thread = threading.Thread(target=self._run, name="holeproxy", daemon=True)
        self._thread.start()

    def hole(self) -> None:
        with self._lock:
            self.holed = True
            for key in list(self._sel.get_map().values()):
                if key.data is not None:
                    key.data[1] = True  # this pair is dead for good

    def heal(self) -> None:
        with self._lock:
            self.holed = False

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for s in self._socks + [self.listener]:
            try:
                s.close()
            except OSError:
                pass

    def _run(self) -> None:
        while not self._stop.is_set():
            for key, _ in self._sel.select(0.05):
                with self._lock:
                    if key.data is None:
                        self._accept()
                        continue
                    peer, dead = key.data
                    sock = key.fileobj
                    try:
                        data = sock.recv(65536)  # type: ignore[union-attr]
                    except OSError:
                        data = b""
                    if not data:
                        self._sel.unregister(sock)
                        if not dead and peer is not None:
                            try:
                                peer.shutdown(socket.SHUT_WR)
                            except OSError:
                                pass
                        continue
                    if not dead and peer is not None:
                        try:
                            peer.sendall(data)
                        except OSError:
                            pass

    def _accept(self) -> None:
        try:
            client, _ = self.listener.accept()
        except OSError:
            return
        self._socks.append(client)
        if self.holed:  # a connection made over the dead link: it goes nowhere
            self._sel.register(client, selectors.EVENT_READ, [None, True])
            return
        up = socket.create_connection(self.upstream)
        self._socks.append(up)
        self._sel.register(client, selectors.EVENT_READ, [up, False])
        self._sel.register(up, selectors.EVENT_READ, [client, False])
