"""school_mystery texts: every action has a label and every event of a session a log line in 3 languages."""
from __future__ import annotations

import pytest
from school_mystery_helpers import SPEC

from shared.games.school_mystery import describe
from shared.rng import Rng

QUIET = {"card_moved", "card_edited", "cards_linked", "cards_unlinked", "effect", "step_skipped", "clue_used"}


@pytest.mark.parametrize("lang", ["ja", "zh", "en"])
def test_labels_and_log_lines_for_a_whole_session(lang: str) -> None:
    content = SPEC.content()
    bots = SPEC.bots()
    for seed in range(3):
        state = SPEC.setup(3, seed, {})
        rng = Rng.from_seed(seed)
        while not SPEC.is_over(state):
            movers = [s for s in range(3) if SPEC.legal_actions(state, s)]
            seat = movers[rng.below(len(movers))]
            view = SPEC.view(state, seat)
            legal = SPEC.legal_actions(state, seat)
            for a in legal:
                label = describe.action_label(a, view, content, lang)
                assert label and "action_" not in label, a
            state, events = SPEC.apply(state, seat, bots["random"](view, legal, rng))
            for viewer in (None, seat):
                v = SPEC.view(state, viewer)
                for ev in SPEC.events_for(events, viewer):
                    line = describe.event_text(ev, v, content, lang)
                    if ev["type"] in QUIET:
                        continue
                    assert line and "log_" not in line and "{" not in line, ev


def test_dropped_die_is_marked_in_the_log() -> None:
    content = SPEC.content()
    ev = {"type": "dice_rolled", "reason": "roll", "seat": 0, "move": "discover", "stat": "talk", "stat_value": 2,
          "help": 1, "mode": "advantage", "dice": [1, 5, 6], "kept": [5, 6], "dropped": 0, "total": 14,
          "band": "great"}
    line = describe.event_text(ev, {"students": [None]}, content, "en")
    assert "[1] 5 6 +2 +1" in line and "14" in line and "Great success" in line
