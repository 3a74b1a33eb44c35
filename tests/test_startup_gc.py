"""houkago holds the cyclic garbage collector until the client's first frame is shown, and only then."""
from __future__ import annotations

import gc

from houkago import startup


def test_hold_and_release_leave_the_collector_as_they_found_it() -> None:
    was = gc.isenabled()
    try:
        gc.enable()
        startup.hold_gc()
        assert not gc.isenabled()
        startup.release_gc()
        assert gc.isenabled()
        startup.release_gc()  # nothing held: nothing changes
        assert gc.isenabled()
        gc.disable()  # off already (someone else's choice): hold and release keep it off
        startup.hold_gc()
        startup.release_gc()
        assert not gc.isenabled()
    finally:
        startup.release_gc()
        (gc.enable if was else gc.disable)()


def test_the_app_lets_the_collector_go_after_its_first_frame(tmp_path) -> None:
    from client_helpers import make_app

    was = gc.isenabled()
    gc.enable()
    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        startup.hold_gc()
        app.replace("launcher")
        assert not gc.isenabled()
        app.frame(0.016)
        assert gc.isenabled()
    finally:
        startup.release_gc()
        app.shutdown()
        (gc.enable if was else gc.disable)()
