"""school_mystery (放課後ミステリー): the GM-less investigation game of seed 002."""
from __future__ import annotations

from shared.spec import OptionSpec, choice_option, game_spec

TABLE_CHOICE = "table_choice"  # the subject option's "chosen at the table" (rules.TABLE_CHOICE)

SPEC = game_spec(
    __name__, {"ja": "放課後ミステリー", "zh": "放学后谜团", "en": "After-School Mystery"}, (2, 6),
    (
        # the subject id (content file name) or "table_choice": the first seat chooses at the table.
        # The valid ids come from the content; setup() rejects unknown ids (setup/bad_option).
        OptionSpec("subject", TABLE_CHOICE, None,
                   {"ja": "調査対象", "zh": "调查对象", "en": "Investigation subject"},
                   choice_labels={TABLE_CHOICE: {"ja": "卓で選ぶ", "zh": "开局时选择",
                                                       "en": "Chosen at the table"}}),
        OptionSpec("max_scenes", 24, None,
                   {"ja": "場面の上限", "zh": "场景上限", "en": "Scene limit"}, min=4, max=60),
        # the table's language: bots write their texts (names, answers, notes) in it
        choice_option("lang", "ja",
                      {"ja": "卓の言語（ボットが書く言葉）", "zh": "本桌语言（机器人书写的语言）",
                       "en": "Table language (what bots write in)"},
                      {"ja": {"ja": "日本語", "zh": "日语", "en": "Japanese"},
                       "zh": {"ja": "中国語", "zh": "中文", "en": "Chinese"},
                       "en": {"ja": "英語", "zh": "英语", "en": "English"}}),
        # the user content packs the table plays with (comma-separated fingerprints, "" none): every laptop
        # at the table must hold them (docs/content_packs.md); the server sends them to a client that lacks one
        OptionSpec("packs", "", None,
                   {"ja": "追加パック", "zh": "扩展内容包", "en": "Content packs"},
                   choice_labels={"": {"ja": "なし", "zh": "无", "en": "None"}}),
        # the club meets again: {"id", "students": [...]} carried from a finished subject (campaign.py); set
        # by Continue's campaigns, not in the lobby ("" = a new club)
        OptionSpec("campaign", "", None, {"ja": "キャンペーン", "zh": "战役", "en": "Campaign"},
                   choice_labels={"": {"ja": "新しい部", "zh": "新的社团", "en": "A new club"}}),
    ),
    # the built-in content plus this process's user content packs (assets/loaders/packs.py)
    content="assets.loaders.packs:load_with_user_packs",
)
