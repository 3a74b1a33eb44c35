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
        assert not sounds.started and not sounds.sounds  # nothing opened or made before it is needed
        for name in SOUND_NAMES:
            sounds.play(name)
        if sounds.available:
            assert set(sounds.sounds) == set(SOUND_NAMES)  # each made on its first play
            assert pygame.mixer.get_init() == (22050, -16, 1)
        sounds.set_volume(0.0, True)
        sounds.play("gong")
    finally:
        pygame.mixer.quit()


def test_no_audio_device_is_silent():
    def broken() -> None:
        raise pygame.error("no audio device")

    pygame.mixer.quit()
    sounds = Sounds(init=broken)
    sounds.play("card")  # no exception
    assert sounds.started and not sounds.available


def test_mixer_noise_on_stderr_is_silenced(capfd):
    """What a sound library prints on file descriptor 2 while the mixer opens does not reach the terminal."""
    import os

    from client.sound import quiet_stderr

    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "after" in err


def test_settings_say_when_there_is_no_sound(tmp_path, monkeypatch):
    from client_helpers import make_app

    def broken() -> None:
        raise pygame.error("no audio device")

    app = make_app(tmp_path, "--lang", "en", "--size", "1280x720")
    try:
        shown: list[str] = []
        real_blit = app.text.blit
        monkeypatch.setattr(app.text, "blit",
                            lambda surface, s, *a, **k: (shown.append(s), real_blit(surface, s, *a, **k))[1])
        app.push("settings")
        app.frame(0.016)
        note = app.strings.t("settings.no_sound")
        assert app.sounds.available == (note not in shown)  # the dummy driver has sound: no note
        pygame.mixer.quit()
        app.sounds = Sounds(init=broken)
        app.sounds.start()
        shown.clear()
        app.frame(0.016)
        assert note in shown
    finally:
        app.shutdown()
