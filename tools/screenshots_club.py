"""Screenshots of the club's campaigns and game records (issue #33): the advance choice, Continue's list
(campaigns and finished games' records) and a fate_votes / mind_swap game record.

Run under Xvfb: ``DISPLAY=:N python3 tools/screenshots_club.py [--out DIR] [--scale 1.5]``. Plays a bot
subject (and a second one for the list) on fixed seeds in a temporary data folder, then takes, at 1280x720
and 1920x1080, in ja, zh and en: ``club_advance_<lang>_<w>.png`` (one human student's advance chosen, the
bot's shown), ``club_campaigns_<lang>_<w>.png`` (Continue's list) and ``club_record_<game>_<lang>_<w>.png``.
Writes docs/screenshots/ by default.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
DATA = Path(tempfile.mkdtemp(prefix="houkago-club-"))
os.environ["XDG_DATA_HOME"] = str(DATA)

import pygame
from test_club_campaign import play_to_end
from test_club_records import OPTIONS, bot_game

from client import campaigns, records
from client.app import App
from houkago.cli import build_parser
from shared import records as shared_records
from shared.engine import REGISTRY

SPEC = REGISTRY["school_mystery"]
NAMES_5 = {"ja": ["あかり", "ゆうと", "みお", "そうた", "ひなた"], "zh": ["小雨", "子轩", "思涵", "浩然", "雨桐"],
           "en": ["Akari", "Yuto", "Mio", "Sota", "Hinata"]}
NAMES = {"ja": ["あかり", "ゆうと", "みお", "そうた"], "zh": ["小雨", "子轩", "思涵", "浩然"],
         "en": ["Akari", "Yuto", "Mio", "Sota"]}


def campaign_for(lang: str, seed: int, subjects: list[str]) -> campaigns.Campaign:
    """A campaign of ``subjects`` played by bots at a table speaking ``lang``."""
    c = None
    for n, subject in enumerate(subjects):
        options = {"subject": subject, "lang": lang}
        if c is not None:
            db = SPEC.setup(4, 1, {})["db"]
            c.choose_bots(db)
            for seat in range(c.players):
                if c.advances[seat] is None:
                    from shared.games.school_mystery import campaign as rules
                    c.advances[seat] = rules.bot_advance(db, c.students, seat, n)
            options = c.next_options(db, subject)
            options["lang"] = lang
        state = play_to_end(4, seed + n, options, check_leaks=False)
        replay = {"game": "school_mystery", "players": 4, "bots": 2, "bot_level": "normal",
                  "options": options, "names": NAMES[lang][:2]}
        c = campaigns.finish_subject(replay, SPEC.result(state))
    assert c is not None
    return c


def shoot(app: App, path: Path) -> None:
    for _ in range(3):
        app.frame(0.016)
    app.draw(app.screen)
    pygame.display.flip()
    pygame.image.save(app.screen, str(path))
    print(path)


def main() -> None:
    args = sys.argv[1:]
    out = Path(args[args.index("--out") + 1]) if "--out" in args else ROOT / "docs" / "screenshots"
    scale = float(args[args.index("--scale") + 1]) if "--scale" in args else 1.0
    out.mkdir(parents=True, exist_ok=True)
    cfg = DATA / "cfg"
    cfg.mkdir(exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps({"ui_scale": scale}), encoding="utf-8")
    for lang in ("ja", "zh", "en"):
        for old in campaigns.listed():
            campaigns.forget(old)
        for old in records.root().glob("*.json"):
            old.unlink()
        older = campaign_for(lang, 40, ["west_stairs_thirteenth_step", "moving_anatomy_model"])
        older.updated -= 86400 * 7
        older.save()
        c = campaign_for(lang, 20, ["music_room_piano"])
        kept = {}
        for game, players in (("fate_votes", 5), ("mind_swap", 4)):
            history = bot_game(game, players, 3)
            rec = shared_records.build(REGISTRY[game], players, 3, OPTIONS[game], history, NAMES_5[lang][:players])
            rec.update(table=f"{game}-{lang}", when=time.time() - 3600 * players)
            records.save(rec)
            kept[game] = rec
        for size in ("1280x720", "1920x1080"):
            app = App(build_parser().parse_args(["--lang", lang, "--size", size]), settings_path=cfg / "settings.json")
            app.replace("launcher")
            app.push("advance", campaign=campaigns.find(c.id))
            app.frame(0.016)
            scene = app.top
            scene.turn(0, 1)
            scene.choose(0)
            suffix = "" if scale == 1.0 else f"_x{scale:g}"
            shoot(app, out / f"club_advance_{lang}_{size.split('x')[0]}{suffix}.png")
            app.pop(scene)
            app.push("continue")
            shoot(app, out / f"club_campaigns_{lang}_{size.split('x')[0]}{suffix}.png")
            for game, rec in kept.items():
                app.push("record", record=rec)
                shoot(app, out / f"club_record_{game}_{lang}_{size.split('x')[0]}{suffix}.png")
                app.pop(app.top)
            app.shutdown()


if __name__ == "__main__":
    main()
