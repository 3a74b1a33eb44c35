"""Every UI string exists in Japanese, Chinese and English, with the same placeholders."""
from __future__ import annotations

import re
import tomllib

from client.i18n import I18N_DIR, LANGS, Strings, flatten, load_lang


def placeholders(s: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", s))


def test_all_languages_have_the_same_keys_and_placeholders():
    tables = {lang: load_lang(lang) for lang in LANGS}
    keys = {lang: set(t) for lang, t in tables.items()}
    assert keys["ja"] == keys["en"], keys["ja"] ^ keys["en"]
    assert keys["zh"] == keys["en"], keys["zh"] ^ keys["en"]
    for key in keys["en"]:
        ph = {lang: placeholders(tables[lang][key]) for lang in LANGS}
        assert ph["ja"] == ph["en"] == ph["zh"], (key, ph)


def test_each_per_language_file_has_a_twin_with_the_same_keys():
    names = {lang: sorted(p.name for p in (I18N_DIR / lang).glob("*.toml")) for lang in LANGS}
    assert names["ja"] == names["zh"] == names["en"]
    for name in names["en"]:
        sets = {}
        for lang in LANGS:
            with open(I18N_DIR / lang / name, "rb") as fh:
                sets[lang] = set(flatten(tomllib.load(fh)))
        assert sets["ja"] == sets["zh"] == sets["en"], name


def test_t_formats_and_falls_back(tmp_path):
    (tmp_path / "en.toml").write_text('[a]\nhello = "Hello {name}"\nonly_en = "E"\n', encoding="utf-8")
    (tmp_path / "ja.toml").write_text('[a]\nhello = "こんにちは{name}さん"\n', encoding="utf-8")
    (tmp_path / "ja").mkdir()
    (tmp_path / "ja" / "game.toml").write_text('[g]\nx = "追加"\n', encoding="utf-8")
    s = Strings("ja", root=tmp_path)
    assert s.t("a.hello", name="ミオ") == "こんにちはミオさん"
    assert s.t("a.only_en") == "E"
    assert s.t("g.x") == "追加"
    assert s.t("missing.key") == "missing.key"
    assert s.t("a.hello") == "こんにちは{name}さん"


def test_error_codes_are_translated_never_the_raw_message():
    s = Strings("zh")
    assert s.error("action/not_your_turn", "It is not your turn") == "还没轮到你。"
    assert s.error("weird/code", "Server says no") == s.t("error.error/other")  # no raw text, no code
    assert s.error("action/new_rule", "Server says no") == s.t("error.action/other")
    s.set_lang("ja")
    assert "4" in s.error("setup/bad_seats", "", {"min": 4, "max": 12})


def test_curtain_text_names_the_player():
    for lang in LANGS:
        text = Strings(lang).t("curtain.title", name="Mio")
        assert "Mio" in text


def test_english_strings_use_ascii_ellipsis():
    """The Noto Sans JP face (used for English) draws U+2026 as centred dots: English says "..."."""
    files = [I18N_DIR / "en.toml"] + sorted((I18N_DIR / "en").glob("*.toml"))
    bad = []
    for path in files:
        if path.name.startswith("school_mystery"):
            continue  # owned by the school_mystery table (checked there)
        with open(path, "rb") as fh:
            for key, value in flatten(tomllib.load(fh)).items():
                if "\u2026" in str(value):
                    bad.append(f"{path.name}:{key}")
    assert not bad, bad


def test_strings_come_from_the_cache_only_while_their_files_are_unchanged(tmp_path):
    """A language's merged strings are cached (keyed by each file's size and time): the cached copy equals a
    fresh parse, and a changed file is parsed again, not read from the stale cache."""
    import os

    from client.i18n import cache_file, load_lang

    root = tmp_path / "i18n"
    (root / "en").mkdir(parents=True)
    (root / "en.toml").write_text('[app]\ntitle = "One"\n', encoding="utf-8")
    (root / "en" / "table.toml").write_text('[table]\nseat = "Seat {n}"\n', encoding="utf-8")
    first = load_lang("en", root)
    assert first == {"app.title": "One", "table.seat": "Seat {n}"}
    assert cache_file("en", root).is_file()  # beside the files (a folder the user may write to)
    assert load_lang("en", root) == first  # from the cache
    main = root / "en.toml"
    stat = main.stat()
    main.write_text('[app]\ntitle = "Two"\n', encoding="utf-8")  # the same size: only the time tells
    os.utime(main, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert load_lang("en", root)["app.title"] == "Two"
    cache_file("en", root).write_bytes(b"not marshal")  # a damaged cache is parsed around
    assert load_lang("en", root)["app.title"] == "Two"


def test_strings_are_kept_in_the_user_cache_when_their_folder_cannot_be_written(tmp_path, monkeypatch):
    """No writable folder beside the files (an install the user may not write to): the merged strings go to
    the user's cache folder, and the next start reads them from there."""
    import marshal

    from client import i18n

    root = tmp_path / "i18n"
    root.mkdir()
    (root / "en.toml").write_text('[app]\ntitle = "One"\n', encoding="utf-8")
    (tmp_path / "a_file").write_text("", encoding="utf-8")
    monkeypatch.setattr(i18n, "cache_file", lambda lang, root=root: tmp_path / "a_file" / f"{lang}.marshal")
    user = tmp_path / "user" / "strings-en.marshal"
    monkeypatch.setattr(i18n, "user_cache_file", lambda lang: user)
    assert i18n.load_lang("en", root) == {"app.title": "One"}
    stamp, strings = marshal.loads(user.read_bytes())
    user.write_bytes(marshal.dumps((stamp, {"app.title": "from the user cache"})))
    assert i18n.load_lang("en", root) == {"app.title": "from the user cache"}
