"""``houkago content``: check a user content pack, list the installed ones (docs/content_packs.md)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _lang(args: argparse.Namespace) -> str:
    if getattr(args, "lang", None):
        return str(args.lang)
    from client import settings

    try:
        return settings.load().lang or settings.system_lang() or "en"
    except Exception:  # noqa: BLE001 - unreadable settings: the system's language
        return settings.system_lang() or "en"


WORDS = {
    "ok": {"ja": "OK：{name}（{fp}）調査対象 {s}・プレイブック {p}・秘密 {x}",
           "zh": "通过：{name}（{fp}）调查对象 {s} · 职业手册 {p} · 秘密 {x}",
           "en": "OK: {name} ({fp}): {s} subjects, {p} playbooks, {x} secrets"},
    "none": {"ja": "インストール済みのパックはありません（フォルダ：{dir}）", "zh": "没有已安装的内容包（文件夹：{dir}）",
             "en": "No packs installed (folder: {dir})"},
    "folder": {"ja": "フォルダ：{dir}", "zh": "文件夹：{dir}", "en": "Folder: {dir}"},
    "usage": {"ja": "使い方：houkago content check ファイル.toml", "zh": "用法：houkago content check 文件.toml",
              "en": "usage: houkago content check FILE.toml"},
    "missing": {"ja": "{path} がありません", "zh": "找不到 {path}", "en": "{path} does not exist"},
}


def main(args: argparse.Namespace) -> int:
    from assets.loaders import packs, school_mystery

    lang = _lang(args)
    base = school_mystery.load(school_mystery.GAME_DIR)  # the built-in content alone
    if args.action == "check":
        if not args.path:
            print(WORDS["usage"][lang], file=sys.stderr)
            return 2
        path = Path(args.path)
        if not path.is_file():
            print(WORDS["missing"][lang].format(path=path), file=sys.stderr)
            return 2
        try:
            pack = packs.check_pack(path, base)
        except packs.PackError as exc:
            print(exc.message(lang), file=sys.stderr)
            return 1
        info = pack.info
        print(WORDS["ok"][lang].format(name=info.name[lang], fp=info.fingerprint, s=len(info.subjects),
                                       p=len(info.playbooks), x=len(info.secrets)))
        return 0
    folder = packs.content_dir()
    found = packs.installed(base, folder)
    print(WORDS["folder"][lang].format(dir=folder))
    if not found.packs and not found.errors:
        print(WORDS["none"][lang].format(dir=folder))
    for pack in found.packs:
        info = pack.info
        print(WORDS["ok"][lang].format(name=info.name[lang], fp=info.fingerprint, s=len(info.subjects),
                                       p=len(info.playbooks), x=len(info.secrets)))
    for err in found.errors:
        print(err.message(lang), file=sys.stderr)
    return 1 if found.errors else 0
