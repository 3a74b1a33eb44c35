"""A stand-alone :class:`TableContext` for driving a table without the app.

Used by the mind_swap table's tests, benchmark scene and screenshot script: it
renders text with the Noto fonts shipped by pygame-gui (cached), reads the UI
strings from ``assets/i18n/<lang>/*.toml``, records sent actions, sounds and
toasts, and loads game content through the game's spec.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pygame

ROOT = Path(__file__).resolve().parents[2]
I18N_DIR = ROOT / "assets" / "i18n"


def _font_dir() -> Path:
    import pygame_gui

    return Path(pygame_gui.__file__).resolve().parent / "data"


def load_strings(lang: str) -> dict[str, str]:
    """Every flat key of ``assets/i18n/<lang>/*.toml``."""
    out: dict[str, str] = {}
    folder = I18N_DIR / lang
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as fh:
                for key, value in tomllib.load(fh).items():
                    if isinstance(value, str):
                        out[key] = value
    return out


class HeadlessContext:
    """What a table needs from the app, without the app."""

    def __init__(self, lang: str = "en", height: int = 1080, fast: bool = False,
                 display_mode: bool = False) -> None:
        pygame.font.init()
        self.lang = lang
        self.unit = height / 54 * (1.5 if display_mode else 1.0)
        self.fast = fast
        self.display_mode = display_mode
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.sounds: list[str] = []
        self.toasts: list[tuple[str, str]] = []
        self._strings = load_strings(lang)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, tuple, bool], pygame.Surface] = {}
        self._content: dict[str, Any] = {}

    # --- strings -----------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        s = self._strings.get(key, key)
        try:
            return s.format(**params) if params else s
        except (KeyError, IndexError, ValueError):
            return s

    # --- text ----------------------------------------------------------------------
    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        px = max(8, round(size))
        key = (px, bold)
        if key not in self._fonts:
            face = "SC" if self.lang == "zh" else "JP"
            name = f"NotoSans{face}-{'Bold' if bold else 'Regular'}.otf"
            self._fonts[key] = pygame.font.Font(str(_font_dir() / name), px)
        return self._fonts[key]

    def text(self, s: str, size: float, color: Any, bold: bool = False) -> pygame.Surface:
        key = (s, max(8, round(size)), tuple(pygame.Color(color)), bold)
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size, bold).render(s, True, color)
            if len(self._text) > 4000:
                self._text.clear()
            self._text[key] = surf
        return surf

    def wrap(self, s: str, size: float, width: int) -> list[str]:
        font = self.font(size)
        lines: list[str] = []
        for para in s.split("\n"):
            line = ""
            tokens = _tokens(para)
            for tok in tokens:
                trial = line + tok
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line.rstrip())
                    line = tok.lstrip()
            lines.append(line)
        return lines

    # --- the rest ------------------------------------------------------------------
    def content(self, game_id: str) -> Any:
        if game_id not in self._content:
            from shared.engine import REGISTRY

            spec = REGISTRY.get(game_id)
            self._content[game_id] = spec.content() if spec else None
        return self._content[game_id]

    def send_action(self, seat: int, action: dict[str, Any]) -> None:
        self.sent.append((seat, action))

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def toast(self, message: str, kind: str = "info") -> None:
        self.toasts.append((message, kind))


_NO_LINE_START = set("、。，．・：；？！」』）〉》】ー…")


def _tokens(s: str) -> list[str]:
    """Latin words (with their trailing space) and single CJK characters; no line-start punctuation."""
    out: list[str] = []
    word = ""
    for ch in s:
        if ord(ch) < 0x2E80:
            word += ch
            if ch == " ":
                out.append(word)
                word = ""
        else:
            if word:
                out.append(word)
                word = ""
            if ch in _NO_LINE_START and out:
                out[-1] += ch
            else:
                out.append(ch)
    if word:
        out.append(word)
    return out


class LocalGame:
    """The real rules run in-process, feeding tables as the server would (snapshot + events).

    ``tables`` maps a viewer (seat or None) to a table view; ``act`` applies an action,
    pushes each viewer its redacted events and a fresh snapshot.
    """

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> None:
        from shared.engine import REGISTRY

        self.spec = REGISTRY[game_id]
        self.seed, self.options = seed, dict(options or {})
        self.state = self.spec.setup(players, seed, options or {})
        self.tables: dict[int | None, Any] = {}
        self.sid = 0

    def attach(self, viewer: int | None, table: Any, opening: bool = True) -> None:
        """Give ``table`` its first snapshot (a table at the start shows the setup's events
        itself, from the view's "opening"); ``opening=False`` skips them (a table joining late)."""
        self.tables[viewer] = table
        view = self.spec.view(self.state, viewer)
        if not opening:
            view = dict(view, opening=[])
        table.set_snapshot(view, self.legal(viewer), self.sid)

    def legal(self, viewer: int | None) -> list[dict[str, Any]]:
        return [] if viewer is None else self.spec.legal_actions(self.state, viewer)

    def act(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        self.state, events = self.spec.apply(self.state, seat, action)
        self.sid += 1
        for viewer, table in self.tables.items():
            table.push_events(self.spec.events_for(events, viewer))
            table.set_snapshot(self.spec.view(self.state, viewer), self.legal(viewer), self.sid)
        return events

    def bot_step(self, rng: Any, bot: str = "sensible") -> list[dict[str, Any]] | None:
        """Let the seat to move act as a bot; None when the game is over."""
        if self.spec.is_over(self.state):
            return None
        seat = self.state["turn"]
        legal = self.spec.legal_actions(self.state, seat)
        action = self.spec.bots()[bot](self.spec.view(self.state, seat), legal, rng)
        return self.act(seat, action)
