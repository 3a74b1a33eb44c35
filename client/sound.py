"""Short procedural sounds (no numpy): card slide, flip, token drop, dice rattle,
two-note timer warning, end gong, click, error. Master volume and mute.

Made with ``pygame.mixer.Sound(buffer=array('h', …))`` on a mixer opened at 22.05 kHz mono (quietly:
no ALSA messages on a machine without sound): ahead of time, one at a time while the app has time to
spare (:meth:`Sounds.prepare_next`), else the first time it plays.
Without an audio device every call is a silent no-op.
"""
from __future__ import annotations

import math
import os
import sys
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from shared.rng import Rng

SOUND_NAMES = ("card", "flip", "token", "dice", "warn", "gong", "click", "error")


def _env(i: int, n: int, attack: float = 0.01, decay: float = 4.0) -> float:
    t = i / max(1, n)
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-decay * t)


def synth(name: str, rate: int) -> list[float]:
    """Samples in -1..1 for one named sound at ``rate`` Hz (deterministic)."""
    rng = Rng(sum(map(ord, name)))

    def noise() -> float:
        return rng.randint(-1000, 1000) / 1000.0

    out: list[float] = []
    if name == "card":  # soft filtered noise sweep, 140 ms
        n = int(rate * 0.14)
        lp = 0.0
        for i in range(n):
            k = 0.05 + 0.25 * (1 - i / n)
            lp += k * (noise() - lp)
            out.append(0.6 * lp * _env(i, n, 0.2, 3.0))
    elif name == "flip":  # short tick pair, 90 ms
        n = int(rate * 0.09)
        for i in range(n):
            t = i / rate
            tick = math.sin(2 * math.pi * 1400 * t) * _env(i, n // 3, 0.02, 9.0) if i < n // 3 else 0.0
            tick2 = math.sin(2 * math.pi * 1100 * t) * _env(i - n // 2, n // 3, 0.02, 9.0) if i >= n // 2 else 0.0
            out.append(0.35 * (tick + tick2) + 0.1 * noise() * _env(i, n, 0.01, 8))
    elif name == "token":  # wooden knock, 120 ms
        n = int(rate * 0.12)
        for i in range(n):
            t = i / rate
            out.append(0.55 * math.sin(2 * math.pi * 520 * t) * _env(i, n, 0.005, 9.0)
                       + 0.15 * math.sin(2 * math.pi * 1300 * t) * _env(i, n, 0.005, 18.0))
    elif name == "dice":  # rattle: several clicks, 300 ms
        n = int(rate * 0.3)
        out = [0.0] * n
        for c in range(7):
            start = int(n * (c / 8.0) + rng.randint(0, n // 20))
            freq = 1800 + rng.randint(0, 1200)
            length = int(rate * 0.025)
            for j in range(length):
                if start + j < n:
                    out[start + j] += 0.4 * math.sin(2 * math.pi * freq * j / rate) * _env(j, length, 0.02, 6.0)
    elif name == "warn":  # two notes, 280 ms
        n = int(rate * 0.28)
        for i in range(n):
            t = i / rate
            f = 880 if i < n // 2 else 660
            seg = i if i < n // 2 else i - n // 2
            out.append(0.4 * math.sin(2 * math.pi * f * t) * _env(seg, n // 2, 0.05, 3.0))
    elif name == "gong":  # low partials, 300 ms (with a fast fade at the end)
        n = int(rate * 0.3)
        for i in range(n):
            t = i / rate
            v = (math.sin(2 * math.pi * 196 * t) + 0.5 * math.sin(2 * math.pi * 294 * t)
                 + 0.3 * math.sin(2 * math.pi * 523 * t))
            out.append(0.35 * v * _env(i, n, 0.02, 2.5) * min(1.0, (n - i) / (0.05 * rate)))
    elif name == "click":  # 30 ms
        n = int(rate * 0.03)
        for i in range(n):
            out.append(0.4 * math.sin(2 * math.pi * 2000 * i / rate) * _env(i, n, 0.05, 8.0))
    elif name == "error":  # low buzz, 180 ms
        n = int(rate * 0.18)
        for i in range(n):
            t = i / rate
            sq = 1.0 if math.sin(2 * math.pi * 150 * t) > 0 else -1.0
            out.append(0.18 * sq * _env(i, n, 0.03, 2.0))
    return out


MIXER = (22050, -16, 1, 512)  # frequency, signed 16-bit, mono, buffer: all the sounds need


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for a moment (ALSA prints its probing errors there)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer() -> None:
    """Open the mixer at 22.05 kHz mono 16-bit, quietly; raises pygame.error when there is no device."""
    with quiet_stderr():
        pygame.mixer.init(*MIXER)


class Sounds:
    """The app's sounds; ``play(name)``; silent if the mixer cannot start.

    Nothing happens at construction: :meth:`start` opens the mixer (the app calls it after its first
    frame) and each sound is made the first time it plays. ``available`` is False when sound cannot
    start (Settings says so).
    """

    def __init__(self, volume: float = 0.7, muted: bool = False,
                 init: Callable[[], None] | None = None) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.started = False
        self._init = init or open_mixer
        self._spec: tuple[int, int, int] | None = None

    def start(self) -> bool:
        """Open the mixer (once); False when there is no sound on this machine."""
        if self.started:
            return self.available
        self.started = True
        try:
            if not pygame.mixer.get_init():
                self._init()
            self._spec = pygame.mixer.get_init()
        except (pygame.error, OSError, ValueError):
            self._spec = None
        self.available = bool(self._spec) and abs(self._spec[1]) == 16 if self._spec else False
        return self.available

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The named sound, made on first use for the mixer's rate and channels; None without sound."""
        if name in self.sounds:
            return self.sounds[name]
        if not self.start() or self._spec is None or name not in SOUND_NAMES:
            return None
        rate, _fmt, channels = self._spec
        data = array("h")
        for s in synth(name, rate):
            data.extend([int(max(-1.0, min(1.0, s)) * 32000)] * channels)
        try:
            self.sounds[name] = pygame.mixer.Sound(buffer=data.tobytes())
        except (pygame.error, ValueError):
            self.available = False
            return None
        return self.sounds[name]

    def prepare_next(self) -> bool:
        """Make one sound not made yet, so that none is made in a frame (the app calls this with time to
        spare, once the mixer is open); False when every sound is made, or there is no sound."""
        if not self.started or not self.available:
            return False
        name = next((n for n in SOUND_NAMES if n not in self.sounds), None)
        return name is not None and self.sound(name) is not None

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0:
            return
        snd = self.sound(name)
        if snd is None:
            return
        try:
            snd.set_volume(self.volume)
            snd.play()
        except pygame.error:
            pass
