"""mind_swap (心と体の入れ替わり): put every student's mind back into their own body."""
from __future__ import annotations

from shared.spec import OptionSpec, choice_option, game_spec

SPEC = game_spec(
    __name__, {"ja": "心と体の入れ替わり", "zh": "心与体的交换", "en": "Mind Swap"}, (2, 6),
    (
        # "random16" (default), "all30", or a list of attendance numbers (checked by setup)
        OptionSpec("students", "random16", None,
                   {"ja": "登場する生徒（ランダム16人／全30人／番号の一覧）",
                    "zh": "登场学生（随机16人／全部30人／学号列表）",
                    "en": "Students in play (random 16 / all 30 / a list of numbers)"},
                   choice_labels={"random16": {"ja": "ランダム16人", "zh": "随机16人", "en": "Random 16"},
                                  "all30": {"ja": "全30人", "zh": "全部30人", "en": "All 30"}}),
        choice_option("shuffle", "cycle",
                      {"ja": "シャッフル（一巡：全員バラバラ／時短：元に戻った生徒は除く）",
                       "zh": "洗牌方式（单循环：全员错位／快速：已复原者退出）",
                       "en": "Shuffle (single cycle: nobody restored / quick: restored students leave)"},
                      {"cycle": {"ja": "一巡", "zh": "单循环", "en": "Single cycle"},
                       "quick": {"ja": "時短", "zh": "快速", "en": "Quick"}}),
        choice_option("entry", "three_per_turn",
                      {"ja": "登場（毎手番3人ずつ／最初から全員）", "zh": "登场（每回合3人／开局全部）",
                       "en": "Entry (three per turn / everyone at the start)"},
                      {"three_per_turn": {"ja": "毎手番3人ずつ", "zh": "每回合3人", "en": "Three per turn"},
                       "all_at_start": {"ja": "最初から全員", "zh": "开局全部", "en": "All at the start"}}),
    ),
)
