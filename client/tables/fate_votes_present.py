"""The fate_votes presenter table: each server event → animation steps on the shown state.

:class:`FvShown` is what the screen shows (it lags the server while steps run: votes and
tokens per seat, roles, the centre's revealed discards, the final cards, tokens in flight);
:func:`steps_table` maps event types to the steps that advance it. Log lines come from
:meth:`client.tables.fate_votes_texts.FvTexts.log_lines` and land after their steps.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from client.widgets.anim import Call, Parallel, Staggered, Tween, Wait, ease_out
from client.widgets.cards import CardSprite

if TYPE_CHECKING:
    from client.tables.fate_votes import FateVotesTable

Steps = Callable[[dict[str, Any]], list[Any]]


@dataclass
class Flyer:
    """A token flying from one plate to another (vote +1 / strike −1)."""

    src: int
    dst: int
    sign: int
    tween: Tween


@dataclass
class CentreCard:
    sprite: CardSprite
    owner: int | None
    count: int = 1  # voters' discards: identical cards are stacked as one with a count


@dataclass
class FvShown:
    """The state on screen (advanced by the presenter's steps; re-synced when a snapshot lands)."""

    votes: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    roles: list[str | None] = field(default_factory=list)
    role_flash: list[float] = field(default_factory=list)
    highlight: int | None = None
    flyers: list[Flyer] = field(default_factory=list)
    centre: list[CentreCard] = field(default_factory=list)
    centre_round: int = 0
    centre_hidden: bool = False
    final_cards: dict[int, CardSprite] = field(default_factory=dict)
    show_results: bool = False  # the game is over and its last animations have played

    def sync(self, view: dict[str, Any]) -> None:
        """Counts and roles as the landed snapshot has them."""
        n = int(view.get("players", 0) or 0)
        self.votes = list(view.get("votes") or [0] * n)
        self.tokens = list(view.get("tokens") or [0] * n)
        roles = list(view.get("roles") or [None] * n)
        if len(self.roles) != n or view.get("phase") in ("discussion", "final") or any(roles):
            self.roles = roles
        if len(self.role_flash) != n:
            self.role_flash = [0.0] * n
        self.highlight = None


def steps_table(t: FateVotesTable) -> dict[str, Steps]:
    """Event type → steps, for table ``t`` (its shown state, sprites, sounds)."""
    s = t.scene

    def flip(sp: CardSprite) -> Callable[[], None]:
        def run() -> None:
            sp.flip(True, fast=t.pres.queue.fast)
            t.ctx.play_sound("flip")
        return run

    def roles(ev: dict[str, Any]) -> list[Any]:
        new = list(ev.get("roles") or [])

        def show() -> None:
            s.roles = new
            s.role_flash = [1.0 if r else 0.0 for r in new]
            t.ctx.play_sound("flip")
        return [Call(show), Wait(0.7)]

    def discards(ev: dict[str, Any]) -> list[Any]:
        rnd = int(ev.get("round", 0))

        def reveal() -> list[Any]:
            added = t.set_centre_round(rnd, [ev], flip=True)
            return [flip(sp) for sp in added if sp.card is not None]
        return [Staggered(reveal, 0.12, 0.3), Wait(0.35), Wait(0.5)]

    def tokens(ev: dict[str, Any]) -> list[Any]:
        sign = -1 if ev.get("type") == "strikes" else 1
        flyers = [Flyer(x["seat"], x["target"], sign, Tween(0.0, 1.0, 0.5, ease_out, delay=0.06 * i))
                  for i, x in enumerate(ev.get("targets", []))]

        def land() -> None:
            s.votes = list(ev["votes"])
            s.tokens = list(ev["tokens"])
            t.ctx.play_sound("token")
        return [Call(lambda: s.flyers.extend(flyers)), Parallel([f.tween for f in flyers]), Call(land), Wait(0.3)]

    def round_end(ev: dict[str, Any]) -> list[Any]:
        def clamp() -> None:
            s.votes = list(ev.get("votes") or s.votes)
        return [Call(clamp)]

    def final_step(ev: dict[str, Any]) -> list[Any]:
        seat, target = int(ev["seat"]), int(ev["target"])
        flyer = Flyer(seat, target, 1 if ev.get("choice") == "vote" else -1, Tween(0.0, 1.0, 0.55, ease_out))

        def start() -> None:
            s.highlight = seat
            if len(s.roles) > seat:
                s.roles[seat] = ev.get("choice")
                s.role_flash[seat] = 1.0
            s.flyers.append(flyer)

        def land() -> None:
            s.votes = list(ev["votes"])
            t.ctx.play_sound("token")

        def clear() -> None:
            s.highlight = None
        return [Call(start), Wait(0.35), flyer.tween, Call(land), Wait(0.45), Call(clear)]

    def final_reveal(ev: dict[str, Any]) -> list[Any]:
        cards = list(ev.get("cards") or [])

        def place() -> list[Any]:
            s.highlight = None
            s.final_cards = {seat: CardSprite(t.texts.card_face(c), (0, 0), t.L.pu * 5.0, face_up=False)
                             for seat, c in enumerate(cards)}
            t.place_final_cards()
            return [flip(sp) for sp in s.final_cards.values()]
        return [Staggered(place, 0.12, 0.3), Wait(0.3)]

    def game_over(ev: dict[str, Any]) -> list[Any]:
        def finish() -> None:
            t.ctx.play_sound("gong")
            s.show_results = True
        return [Wait(0.8), Call(finish)]

    def ready(ev: dict[str, Any]) -> list[Any]:
        return [Call(lambda: t.ctx.play_sound("click"))] if ev.get("seat") == t.seat else []

    return {"roles": roles, "strike_discards": discards, "voter_discards": discards, "strikes": tokens,
            "votes": tokens, "round_end": round_end, "final_step": final_step, "final_reveal": final_reveal,
            "game_over": game_over, "ready": ready}
