"""Bot levels shared by every game: ids, names in ja/zh/en, the default, and the thinking budget.

Every listed game registers ``easy``, ``normal`` and ``strong`` in its ``BOTS`` (plus the
older ids ``random`` and ``sensible``, kept so journals and scripts that name them still
work). A bot is ``bot(view, legal, rng) -> action | None`` (see :mod:`shared.spec`).

A runner where humans play (the server's tables) adds ``"bot_seats"`` to the view it hands a
bot: the seats played by bots. Bots that must leave decisions to humans read it through
:func:`human_seats`. Without it the runner is an all-bot tool (benchmarks, tests, the
network bot client) and every seat counts as a bot.

Tools that drive bots through the rules themselves (benchmarks, tests, headless clients) ask
:func:`next_bot_move` which seat acts and what it plays.

Search bots think within a budget counted in iterations; a runner may also install a
clock (:func:`install_clock`, e.g. ``time.perf_counter``) so that a search stops early
when its time cap is reached. The rules package itself never reads the time.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Bot = Callable[[dict[str, Any], list[dict[str, Any]], Any], "dict[str, Any] | None"]

LEVELS: tuple[str, ...] = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
LEGACY_LEVELS: dict[str, str] = {"random": "easy", "sensible": "normal"}  # old ids -> nearest level
LEVEL_NAMES: dict[str, dict[str, str]] = {
    "easy": {"ja": "やさしい", "zh": "简单", "en": "Easy"},
    "normal": {"ja": "ふつう", "zh": "普通", "en": "Normal"},
    "strong": {"ja": "つよい", "zh": "强", "en": "Strong"},
    "random": {"ja": "ランダム", "zh": "随机", "en": "Random"},
    "sensible": {"ja": "しっかり", "zh": "稳健", "en": "Sensible"},
}
TIME_CAP_S = 0.035  # a search stops after this long even if its iteration budget is not spent

_clock: list[Callable[[], float] | None] = [None]
_cap: list[float] = [TIME_CAP_S]


def level_name(level: str, lang: str) -> str:
    """The name of a bot level in ``lang`` (the id itself for an unknown level)."""
    names = LEVEL_NAMES.get(level)
    if not names:
        return level
    return names.get(lang) or names["en"]


def install_clock(clock: Callable[[], float] | None, cap_s: float = TIME_CAP_S) -> None:
    """Give search bots a monotonic clock (seconds) and their time cap on it; None removes the clock."""
    _clock[0] = clock
    _cap[0] = cap_s


class Budget:
    """Iterations left, and (when a clock is installed) a deadline the installed cap from now."""

    __slots__ = ("_clock", "_deadline", "left", "spent")

    def __init__(self, iterations: int, cap_s: float | None = None) -> None:
        self.left = iterations
        self.spent = 0
        self._clock = _clock[0]
        self._deadline = self._clock() + (_cap[0] if cap_s is None else cap_s) if self._clock else 0.0

    def take(self, n: int = 1) -> bool:
        """Spend ``n`` iterations; False when the budget or the time is used up."""
        if self.left < n:
            return False
        if self._clock is not None and self.spent and self._clock() > self._deadline:
            self.left = 0
            return False
        self.left -= n
        self.spent += n
        return True


def human_seats(view: dict[str, Any], players: int, me: int | None) -> list[int]:
    """Seats other than ``me`` played by humans (none when the runner did not say: an all-bot tool)."""
    bots = view.get("bot_seats")
    if bots is None:
        return []
    known = set(bots)
    return [s for s in range(players) if s != me and s not in known]


def with_bot_seats(view: dict[str, Any], bot_seats: list[int]) -> dict[str, Any]:
    """The view a runner hands a bot: the seat's own view plus which seats are bots (public)."""
    out = dict(view)
    out["bot_seats"] = sorted(bot_seats)
    return out


def next_bot_move(spec: Any, state: Any, bot_for: Callable[[int], Bot], rng_for: Callable[[int], Any],
                  seats: Iterable[int], bot_seats: list[int] | None = None) -> tuple[int, dict[str, Any]] | None:
    """The first of ``seats`` (in that order) with legal actions whose bot acts now, and its action.

    ``spec`` is a :class:`shared.spec.GameSpec`; ``bot_for(seat)`` and ``rng_for(seat)`` give that
    seat's bot and random source. Each bot sees only its seat's view (plus ``bot_seats`` when given,
    see :func:`with_bot_seats`). None: every seat waits or has nothing to do.
    """
    for seat in seats:
        legal = spec.legal_actions(state, seat)
        if not legal:
            continue
        view = spec.view(state, seat)
        if bot_seats is not None:
            view = with_bot_seats(view, bot_seats)
        action = bot_for(seat)(view, legal, rng_for(seat))
        if action is not None:
            return seat, action
    return None
