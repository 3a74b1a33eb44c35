"""fate_votes (運命の票): keep one character card of seven; votes decide whose condition is met."""
from __future__ import annotations

from shared.games.fate_votes.winning import CARDS, CONDITIONS, decide_winners, explain
from shared.spec import OptionSpec, game_spec

__all__ = ["CARDS", "CONDITIONS", "SPEC", "decide_winners", "explain", "rules"]

SPEC = game_spec(
    __name__, {"ja": "運命の票", "zh": "命运之票", "en": "Fate Votes"}, (4, 12),
    (
        OptionSpec("discussion_seconds", 180, min=0, max=1800,
                   labels={"ja": "話し合いの時間（秒、0で無制限）", "zh": "讨论时间（秒，0为不限时）",
                           "en": "Discussion time (seconds, 0 = no limit)"},
                   choice_labels={0: {"ja": "無制限", "zh": "不限时", "en": "No limit"}}),
    ),
)
