"""assets.loaders.common.table_rows: a [[list]] of tables, each named by its place, or a ContentError naming it."""
from __future__ import annotations

import pytest

from assets.loaders.common import ContentError, table_rows


def test_the_rows_come_with_their_entry_names() -> None:
    data = {"card": [{"id": "a"}, {"id": "b"}]}
    assert table_rows("f.toml", data, "card") == [("card[0]", {"id": "a"}), ("card[1]", {"id": "b"})]
    assert table_rows("f.toml", {"card": []}, "card") == []


@pytest.mark.parametrize("data, need_one, entry, problem", [
    ({}, False, "card", "needs a [[card]] list"),
    ({"card": {"id": "a"}}, False, "card", "needs a [[card]] list"),
    ({"card": []}, True, "card", "list of at least one"),
    ({"card": [{"id": "a"}, "b"]}, False, "card[1]", "must be a table"),
])
def test_a_bad_list_is_named(data: dict, need_one: bool, entry: str, problem: str) -> None:
    with pytest.raises(ContentError) as err:
        table_rows("f.toml", data, "card", need_one)
    assert err.value.entry == entry and problem in err.value.problem and err.value.file == "f.toml"
