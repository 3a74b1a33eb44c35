"""fate_votes (運命の票): keep one character card of seven; votes decide whose condition is met."""
from __future__ import annotations

from shared.games.fate_votes.winning import CARDS, CONDITIONS, decide_winners, explain
from shared.spec import GameSpec, OptionSpec

__all__ = ["CARDS", "CONDITIONS", "SPEC", "decide_winners", "explain", "rules"]

SPEC = GameSpec(
    id="fate_votes",
    names={"ja": "運命の票", "zh": "命运之票", "en": "Fate Votes"},
    min_seats=4,
    max_seats=12,
    rules="shared.games.fate_votes.rules",  # imported when first used (the launcher lists games without it)
    options=(
        OptionSpec("discussion_seconds", 180, min=0, max=1800,
                   labels={"ja": "話し合いの時間（秒、0で無制限）", "zh": "讨论时间（秒，0为不限时）",
                           "en": "Discussion time (seconds, 0 = no limit)"},
                   choice_labels={0: {"ja": "無制限", "zh": "不限时", "en": "No limit"}}),
    ),
    content_source="assets.loaders.fate_votes:load",
    bots_module="shared.games.fate_votes.bots",
)
