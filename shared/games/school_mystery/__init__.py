"""school_mystery (放課後ミステリー): the GM-less investigation game of seed 002."""
from __future__ import annotations

from shared.games.school_mystery import rules
from shared.spec import GameSpec, OptionSpec

SPEC = GameSpec(
    id="school_mystery",
    names={"ja": "放課後ミステリー", "zh": "放学后谜团", "en": "After-School Mystery"},
    min_seats=2,
    max_seats=6,
    rules=rules,
    options=(
        # the subject id (content file name) or "table_choice": the first seat chooses at the table.
        # The valid ids come from the content; setup() rejects unknown ids (setup/bad_option).
        OptionSpec("subject", rules.TABLE_CHOICE, None,
                   {"ja": "調査対象", "zh": "调查对象", "en": "Investigation subject"},
                   choice_labels={rules.TABLE_CHOICE: {"ja": "卓で選ぶ", "zh": "开局时选择",
                                                       "en": "Chosen at the table"}}),
        OptionSpec("max_scenes", 24, None,
                   {"ja": "場面の上限", "zh": "场景上限", "en": "Scene limit"}, min=4, max=60),
    ),
    content_source="assets.loaders.school_mystery:load",
    bots_module="shared.games.school_mystery.bots",
)
