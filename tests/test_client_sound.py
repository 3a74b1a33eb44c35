"""Procedural sounds: every name exists, short, and no audio device is not an error."""
from __future__ import annotations

import pygame

from client.sound import SOUND_NAMES, Sounds, synth


def test_every_sound_is_short_and_in_range():
    for name in SOUND_NAMES:
        samples = synth(name, 22050)
        assert 0 < len(samples) <= int(22050 * 0.3) + 1, name
        assert max(abs(s) for s in samples) <= 1.0, name
        assert max(abs(s) for s in samples) > 0.05, name


def test_sounds_play_with_the_dummy_driver():
    pygame.mixer.quit()
    sounds = Sounds(volume=0.5)
    try:
        if sounds.available:
            assert set(sounds.sounds) == set(SOUND_NAMES)
        for name in SOUND_NAMES:
            sounds.play(name)
        sounds.set_volume(0.0, True)
        sounds.play("gong")
    finally:
        pygame.mixer.quit()


def test_no_audio_device_is_silent():
    def broken() -> None:
        raise pygame.error("no audio device")

    pygame.mixer.quit()
    sounds = Sounds(init=broken)
    assert not sounds.available
    sounds.play("card")  # no exception
