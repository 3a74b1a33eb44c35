"""Short display names: every mind_swap student has one in ja/zh/en, part of the full name, unique."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from assets import CONTENT_DIR
from assets.loaders import mind_swap
from assets.loaders.common import ContentError


def test_every_student_has_a_distinct_short_name_inside_the_full_one():
    students = mind_swap.load().students
    for lang in ("ja", "zh", "en"):
        shorts = [st.short[lang] for st in students.values()]
        assert len(set(shorts)) == len(shorts), lang
        for st in students.values():
            assert st.short[lang] and st.short[lang] in st.name[lang]
    assert students[22].short["ja"] != students[23].short["ja"]  # the Narutaki twins stay apart


def test_a_short_name_that_is_not_part_of_the_name_is_refused(tmp_path: Path):
    base = tmp_path / "mind_swap"
    shutil.copytree(Path(CONTENT_DIR) / "mind_swap", base)
    f = base / "short_names.toml"
    f.write_text(f.read_text(encoding="utf-8").replace('ja = "あやか"', 'ja = "いいんちょ"'), encoding="utf-8")
    with pytest.raises(ContentError, match="not part of"):
        mind_swap.load(base)
