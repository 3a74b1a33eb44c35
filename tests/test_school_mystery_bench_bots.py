"""school_mystery bots through bench/bots.py: humans keep their game at mixed tables, strong uses the whole game.

``--humans`` (bench/sm_humans.py) seats scripted humans (2–8 s a decision, simulated clock) beside bots
run as the server runs them: the humans make at least their seat share of rolls and declarations and no
bot takes a human decision. The strong bots' run shows every special move of the seated playbooks.
"""
from __future__ import annotations

import pytest

from bench import bots as bench_bots
from bench.sm_humans import run_humans
from shared.engine import REGISTRY


def test_two_humans_beside_two_bots_make_their_share_and_every_human_decision() -> None:
    out = run_humans(players=4, humans=2, games=4, level="normal", seed=3)
    assert out["games"] == 4
    assert out["bots_took_human_decisions"] == {}
    for what in ("rolls", "declarations"):
        assert out[what]["humans"] > 0 and out[what]["human_share"] >= out["seat_share"], out
    assert out["human_passes"] > 0  # the humans passed steps, and the bots then had theirs
    assert out["rolls"]["bots"] > 0


def test_strong_bots_at_a_mixed_table_also_leave_the_humans_their_decisions() -> None:
    out = run_humans(players=4, humans=2, games=3, level="strong", seed=8)
    assert out["bots_took_human_decisions"] == {}
    assert out["rolls"]["human_share"] >= out["seat_share"]


@pytest.mark.slow
def test_strong_bots_use_every_special_move_of_the_seated_playbooks_over_200_games() -> None:
    out = bench_bots.run("school_mystery", 4, 200, ["strong"], seed=1)
    usage = out["usage"]
    content = REGISTRY["school_mystery"].content()
    seated = [pb for pb in content.playbooks if usage.get(f"playbook:{pb}")]
    assert seated
    # every special move a student starts with (an advance move is learned in a campaign only)
    unused = [m for pb in seated for m in content.playbooks[pb].moves
              if not content.moves[m].advance and not usage.get(f"move:{m}")]
    assert unused == []
    assert usage.get("move:hold_on") and usage.get("objection")  # 《踏みとどまる》 and 《異議あり》 too
