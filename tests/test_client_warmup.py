"""Work done ahead, between frames: every sound made and the type scale's fonts loaded before a frame needs them."""
from __future__ import annotations

import pygame
from client_helpers import make_app

from client import text as text_mod
from client.kit import theme
from client.sound import SOUND_NAMES, Sounds
from client.text import TextEngine


def test_sounds_are_made_one_at_a_time_ahead_of_their_first_play():
    pygame.mixer.quit()
    sounds = Sounds(volume=0.5)
    try:
        assert not sounds.prepare_next()  # nothing before the mixer is open
        if not sounds.start():
            return  # no sound on this machine: nothing to make
        made = []
        while sounds.prepare_next():
            made.append(set(sounds.sounds))
        assert [len(m) for m in made] == list(range(1, len(SOUND_NAMES) + 1))  # one per call
        assert set(sounds.sounds) == set(SOUND_NAMES)
        before = dict(sounds.sounds)
        sounds.play("gong")
        assert sounds.sounds == before  # played from what was made ahead
    finally:
        pygame.mixer.quit()


def test_fonts_queued_to_warm_are_loaded_one_per_call_and_then_used():
    engine = TextEngine("zh")
    sizes = [(37.0, False), (37.0, True), (41.0, False)]
    for key in (("sc", 37, False), ("sc", 37, True), ("sc", 41, False)):
        text_mod._FONTS.pop(key, None)
    engine.warm(sizes)
    engine.warm(sizes)  # queued once
    loaded = 0
    while engine.warm_next():
        loaded += 1
    assert loaded == 3
    font = text_mod._FONTS[("sc", 37, True)]
    assert engine.font(37, True) is font  # no second load
    engine.warm(sizes)
    assert not engine.warm_next()  # all loaded: nothing queued


def test_the_app_uses_spare_time_for_the_type_scale_and_the_sounds(tmp_path):
    app = make_app(tmp_path, "--lang", "ja", "--size", "1280x720")
    try:
        app.frame(0.016)  # the first frame opens the mixer
        while app.spare_time():
            pass
        for kind in theme.TYPE:
            for bold in (False, True):
                assert ("jp", TextEngine.px(theme.type_px(kind, app.unit)), bold) in text_mod._FONTS
        if app.sounds.available:
            assert set(app.sounds.sounds) == set(SOUND_NAMES)
    finally:
        app.shutdown()
