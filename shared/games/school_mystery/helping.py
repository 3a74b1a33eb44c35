"""The help rule (《協力》): who has spent their help this subject. Its own module so the rules and the
humans' claim window (claims.py) ask the same check."""
from __future__ import annotations

from shared.games.school_mystery import campaign


def helped(state: dict, seat: int, roller: int) -> bool:
    """Whether ``seat`` has spent its help for this subject: once per 〔調査対象〕, whoever the friend
    (「それぞれ〔調査対象〕調査中1回だけ」; ``help_used`` keeps [helper, roller] pairs); a campaign bond
    lets it help that bonded friend a second time (campaign.help_left)."""
    mine = [p for p in state["help_used"] if p[0] == seat]
    if not mine:
        return False
    return not (len(mine) == 1 and mine[0][1] == roller and campaign.help_left(state, seat, roller))
