"""User content packs (issue #33): checked with the exact line and field, named by fingerprint at a
table, and sent by the server to a client that lacks one."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from assets.loaders import packs, school_mystery
from client.packs_sync import PackSync, missing
from shared.engine import REGISTRY
from shared.errors import RuleError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "content_packs" / "broadcast_club.toml"
SUBJECT = ROOT / "assets" / "content" / "school_mystery" / "subjects" / "arcade_clock_tower.toml"


@pytest.fixture(scope="module")
def base():
    return school_mystery.load(school_mystery.GAME_DIR)


def subject_pack(tmp_path: Path, new_id: str = "club_clock") -> Path:
    """A pack holding one subject: a built-in subject file moved under [[subjects]] with a new id."""
    text = SUBJECT.read_text(encoding="utf-8").replace('id = "arcade_clock_tower"', f'id = "{new_id}"')
    text = re.sub(r"^\[\[(locations|phenomena|characters|clues)\]\]", r"[[subjects.\1]]", text, flags=re.MULTILINE)
    head = '[pack]\nid = "club_subjects"\nname = { ja = "部の調査対象", zh = "社团的调查对象", en = "Club subjects" }\n\n'
    path = tmp_path / "club_subjects.toml"
    path.write_text(head + "[[subjects]]\n" + text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_the_documented_example_pack_checks(base) -> None:
    pack = packs.check_pack(EXAMPLE, base)
    assert pack.info.playbooks == ("broadcaster",)
    assert pack.info.secrets == ("bc_ace_extra", "bc_occult_extra")
    assert pack.info.fingerprint == packs.fingerprint(EXAMPLE.read_bytes())


BAD = [  # (what to replace, by what, the line to find it on afterwards, the field)
    ('text = { ja = "本当はマイク', 'text = { jx = "本当はマイク', 'jx = "本当はマイク', "text.ja"),
    ('condition = "untrusted" }]\ntext = { ja = "ライバルの失敗談', 'condition = "nobody" }]\ntext = { ja = "ライバルの失敗談',
     'condition = "nobody"', "condition"),
    ('playbook = "occult_fan"', 'playbook = "astronaut"', 'playbook = "astronaut"', "playbook"),
    ('stats = ["talk"]', 'stats = ["charm"]', 'stats = ["charm"]', "stats"),
    ('{ observe = 1, know = 0, talk = 2, nerve = -1, body = 0 }', '{ observe = 1, know = 0, talk = 9, nerve = -1, body = 0 }',
     'talk = 9', "talk"),
    ('id = "bc_occult_extra"', 'id = "occult_s1"', 'id = "occult_s1"', "id"),
    ('[playbooks.moves.outcomes.narrow]\ntext = { ja = "いたずら', '[playbooks.moves.outcomes.narrow]\ntext = { ja = "いたずら',
     None, None),
]


@pytest.mark.parametrize("old,new,needle,field", [b for b in BAD if b[2]])
def test_a_bad_pack_names_the_exact_line_and_field(base, tmp_path: Path, old: str, new: str, needle: str,
                                                   field: str) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(packs.PackError) as err:
        packs.check_pack(bad, base)
    exc = err.value
    assert (exc.line, exc.field) == (line_of(bad, needle), field)
    assert f"line {exc.line}" in exc.message("en")
    assert f"{exc.line}行目" in exc.message("ja") and f"第{exc.line}行" in exc.message("zh")
    assert field in exc.message("ja")


def test_a_bad_subject_names_its_line_and_messages_speak_the_language(base, tmp_path: Path) -> None:
    path = subject_pack(tmp_path)
    text = path.read_text(encoding="utf-8")
    # the atmosphere of location rank 5 loses its Chinese
    i = text.index("rank = 5")
    j = text.index("atmosphere = {", i)
    text = text[:j] + text[j:].replace(', zh="', ', zx="', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(packs.PackError) as err:
        packs.check_pack(path, base)
    exc = err.value
    assert exc.field == "atmosphere.zh"
    assert exc.line == line_of(path, 'zx="')
    assert "中国語" in exc.message("ja") and "中文" in exc.message("zh")


def test_toml_syntax_errors_give_the_line(base, tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    lines[20] = "kind = roll"  # an unquoted string
    bad.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(packs.PackError) as err:
        packs.check_pack(bad, base)
    assert err.value.line == 21
    assert "TOML" in err.value.message("ja")


def test_the_cli_checks_a_pack_in_the_players_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from houkago import cli

    assert cli.main(["content", "check", str(EXAMPLE), "--lang", "zh"]) == 0
    assert "广播社扩展包" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text(encoding="utf-8").replace('stats = ["talk"]', 'stats = ["charm"]'), encoding="utf-8")
    assert cli.main(["content", "check", str(bad), "--lang", "ja"]) == 1
    err = capsys.readouterr().err
    assert f"bad.toml {line_of(bad, 'charm')}行目" in err and "能力値「charm」はありません" in err


def test_a_table_plays_only_the_packs_it_names(base, tmp_path: Path) -> None:
    sub = packs.check_pack(subject_pack(tmp_path), base)
    club = packs.check_pack(EXAMPLE, base)
    content = packs.merge(base, [sub, club])
    rules = REGISTRY["school_mystery"].rules
    plain = rules.setup(3, 1, {}, content)
    assert "broadcaster" not in plain["db"]["playbooks"] and "club_clock" not in plain["db"]["subjects"]
    assert "bc_ace_extra" not in plain["db"]["playbooks"]["ace_reporter"]["secrets"]
    assert plain["db"] == rules.setup(3, 1, {}, base)["db"]  # installed packs change nothing unless named
    with pytest.raises(RuleError) as err:
        rules.setup(3, 1, {"subject": "club_clock"}, content)
    assert err.value.code == "setup/bad_option"
    fps = f"{club.info.fingerprint},{sub.info.fingerprint}"
    state = rules.setup(3, 1, {"subject": "club_clock", "packs": fps}, content)
    assert state["subject"] == "club_clock" and "broadcaster" in state["db"]["playbooks"]
    assert "bc_ace_extra" in state["db"]["playbooks"]["ace_reporter"]["secrets"]
    with pytest.raises(RuleError) as err:
        rules.setup(3, 1, {"packs": "0123456789abcdef"}, content)
    assert err.value.code == "setup/missing_pack"


class Relay:
    """A PackSync session that forwards to a real connection."""

    def __init__(self, client) -> None:
        self.client = client
        self.sent: list[dict] = []

    def pack(self, table: str, fp: str) -> None:
        msg = {"t": "pack", "table": table, "fp": fp}
        self.sent.append(msg)
        self.client.send(msg)


def test_a_client_without_the_pack_receives_it_from_the_server(base, tmp_path: Path, monkeypatch) -> None:
    from srvkit import SyncClient

    from server.runtime import ServerThread
    from shared.messages import server_message

    sub = packs.check_pack(subject_pack(tmp_path), base)
    spec = REGISTRY["school_mystery"]
    monkeypatch.setattr(spec, "_content", packs.merge(base, [sub]))  # the host's laptop holds the pack
    fp = sub.info.fingerprint
    client_folder = tmp_path / "client_content"  # the joining laptop's content folder: empty
    with ServerThread(data_dir=tmp_path / "srv") as srv:
        host = SyncClient(srv.port, "host")
        table, _ = host.create("school_mystery", 3, options={"packs": fp, "subject": "club_clock"})
        guest = SyncClient(srv.port, "guest")
        installed_content = []
        sync = PackSync(Relay(guest), base, lambda: installed_content.append(True))
        monkeypatch.setenv("HOUKAGO_CONTENT_DIR", str(client_folder))
        guest.join(table)
        lobby = guest.expect("lobby")
        assert missing(base, lobby["table"]["options"]) == [fp]
        sync.on_message(server_message(lobby))
        sync.on_message(server_message(lobby))  # asked once per table and pack
        assert [m["t"] for m in sync.session.sent] == ["pack"]
        reply = guest.expect("pack")
        assert len(reply["data"]) <= packs.PACK_MAX_BYTES
        sync.on_message(server_message(reply))
        assert sync.installed == [fp] and installed_content and not sync.errors
        # the stranger's request for a pack the table does not play is refused
        guest.send({"t": "pack", "table": table, "fp": "0123456789abcdef"})
        assert guest.expect("error")["code"] == "pack/unknown"
        host.close()
        guest.close()
    got = packs.installed(base, client_folder)
    assert [p.info.fingerprint for p in got.packs] == [fp] and not got.errors
    assert "club_clock" in packs.merge(base, got.packs).subjects


def test_received_bytes_that_are_not_the_pack_are_refused(base, tmp_path: Path) -> None:
    data = EXAMPLE.read_bytes()
    with pytest.raises(packs.PackError):
        packs.receive(data + b"\n# changed", packs.fingerprint(data), base, tmp_path)
    assert not (tmp_path / packs.RECEIVED).exists()
    assert dataclasses.is_dataclass(packs.receive(data, packs.fingerprint(data), base, tmp_path)) is False
