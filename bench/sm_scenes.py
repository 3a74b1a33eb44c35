"""school_mystery scenes driven by the real rules (frame bench, screenshots, tests).

``play(n, seed, lang, stop)`` plays the sensible bots through ``shared.engine`` (with texts
in the chosen language) until ``stop(state)``; the named scenes below reach the moments
the screenshots and the frame bench need; ``make_table(ctx, state, history, seat)`` builds a
:class:`SchoolMysteryTable` that shows that state (the log filled from the history).
"""
from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any

import pygame

from shared.engine import REGISTRY, events_for
from shared.rng import Rng

SUBJECT = "music_room_piano"
TEXTS: dict[str, dict[str, Any]] = {
    "ja": {"names": ["あかり", "湊", "ひなた", "蒼", "つむぎ", "律"],
           "answers": ["先週の金曜、部室の窓から音楽室の灯りが見えた。", "あかりが最初に気づき、湊が記事にしようと言った。",
                       "旧校舎はもうすぐ取り壊される。", "ピアノは卒業生の寄贈品だという。"],
           "atmosphere": ["夕日で窓が赤く染まり、遠くで吹奏楽部の音がする。", "ほこりの匂い。誰かが急いで出ていった気配がある。",
                          "蛍光灯が一本だけ、ちかちかと瞬いている。", "雨上がりで、床に上履きの跡が残っている。"],
           "tone": "こわいけれど温かい話。大けがはなし。最後は誰かの思いが報われるとうれしい。",
           "title": "夜の音楽室に残された旋律", "deduction": "夜のピアノを弾いていたのは、取り壊される旧校舎の思い出を残したい卒業生だった。"
                                                   "拭かれた鍵盤と手書きの楽譜は、その人が毎晩同じ曲を練習していた証拠だ。",
           "note": "鍵を借りられるのは誰？", "objection": "その手袋だけでは卒業生とは言い切れない。"},
    "en": {"names": ["Akari", "Minato", "Hinata", "Sora", "Tsumugi", "Ritsu"],
           "answers": ["Last Friday we saw a light in the music room from the club window.",
                       "Akari noticed first; Minato wanted a story.", "The old building will be torn down soon.",
                       "The piano was a gift from a graduate."],
           "atmosphere": ["Sunset turns the windows red; the brass band practises far away.",
                          "Dust, and the feeling that someone just left in a hurry.",
                          "One fluorescent tube keeps flickering.", "After the rain, shoe prints on the floor."],
           "tone": "Spooky but warm. No serious injuries. We'd like someone's wish to come true in the end.",
           "title": "The Melody Left in the Night Music Room",
           "deduction": "The night pianist was a graduate who wanted to keep a memory of the old building before it "
                        "is torn down. The wiped keys and the handwritten score show they practised the same piece "
                        "every night.",
           "note": "Who can borrow the key?", "objection": "A glove alone does not prove it was a graduate."},
    "zh": {"names": ["小光", "阿湊", "向阳", "苍", "小纺", "阿律"],
           "answers": ["上周五，我们从活动室的窗户看到音乐教室亮着灯。", "小光最先发现，阿湊说要写成报道。",
                       "旧校舍马上就要拆除了。", "那架钢琴据说是毕业生捐赠的。"],
           "atmosphere": ["夕阳把窗户染红，远处传来管乐队的声音。", "灰尘的气味，像是有人刚匆匆离开。",
                          "只有一根日光灯在闪烁。", "雨后的地板上留着室内鞋的脚印。"],
           "tone": "有点吓人但温暖。不要重伤。希望最后有人的心愿得到回报。",
           "title": "夜晚音乐教室里留下的旋律",
           "deduction": "夜里弹钢琴的，是想在旧校舍拆除前留下回忆的毕业生。被擦过的琴键和手写乐谱，证明那人每晚都在练同一首曲子。",
           "note": "谁能借到钥匙？", "objection": "只凭一只手套，还不能断定是毕业生。"},
}

History = list[tuple[int, dict, list[dict]]]


def spec() -> Any:
    return REGISTRY["school_mystery"]


def _localise(action: dict, state: dict, seat: int, lang: str) -> dict:
    tx = TEXTS.get(lang, TEXTS["en"])
    a = dict(action)
    kind = a.get("type")
    if kind == "create_student":
        a["name"] = tx["names"][seat % len(tx["names"])]
    elif kind == "answer_question":
        a["text"] = tx["answers"][a["index"] % len(tx["answers"])]
    elif kind == "answer_atmosphere":
        a["text"] = tx["atmosphere"][len(state["visited"]) % len(tx["atmosphere"])]
    elif kind == "set_title":
        a["text"] = tx["title"]
    elif kind == "set_deduction":
        a["text"] = tx["deduction"]
    elif kind == "object":
        a["text"] = tx["objection"]
    elif kind == "set_tone":
        a["text"] = tx["tone"]
    return a


def _is_wait(action: dict, state: dict) -> bool:
    if action.get("type") == "move_card":
        for c in state["cards"]:
            if c["id"] == action.get("card"):
                return (c["x"], c["y"]) == (action.get("x"), action.get("y"))
    return action.get("type") in ("add_note", "set_tone", "edit_card", "unlink_cards")


def _order(state: dict) -> list[int]:
    n = state["players"]
    first: list[int] = []
    if state["roll"] is not None:
        first.append(state["roll"]["roller"])
    elif state["tasks"]:
        first.append(state["tasks"][0]["seat"])
    elif state["phase"] in ("investigation", "resolution") and isinstance(state["leader"], int):
        first.append(state["leader"])
    return first + [s for s in range(n) if s not in first]


def step(state: dict, lang: str, rng: Rng, skip_wait: bool = True) -> tuple[int, dict, list[dict], dict] | None:
    """One useful bot action: (seat, action, events, new state) or None when only waiting is left."""
    sp = spec()
    bot = sp.bots()["sensible"]
    for seat in _order(state):
        legal = sp.legal_actions(state, seat)
        if not legal:
            continue
        action = _localise(bot(sp.view(state, seat), legal, rng), state, seat, lang)
        if skip_wait and _is_wait(action, state):
            continue
        new, events = sp.apply(state, seat, action)
        return seat, action, events, new
    return None


def play(n: int, seed: int, lang: str, stop: Callable[[dict], bool], max_steps: int = 1500,
         options: dict | None = None, state: dict | None = None, history: History | None = None
         ) -> tuple[dict, History]:
    """Play until ``stop(state)`` (checked before each action) or the end; returns (state, history)."""
    sp = spec()
    if state is None:
        state = sp.setup(n, seed, options if options is not None else {"subject": SUBJECT})
    history = list(history or [])
    rng = Rng.from_seed(seed * 31 + 5)
    for _ in range(max_steps):
        if stop(state) or sp.is_over(state):
            break
        got = step(state, lang, rng)
        if got is None:
            break
        seat, action, events, state = got
        history.append((seat, action, events))
    return state, history


def act(state: dict, history: History, seat: int, action: dict) -> dict:
    new, events = spec().apply(state, seat, action)
    history.append((seat, action, events))
    return new


# --------------------------------------------------------------------------- named moments

def scene_setup(lang: str, n: int = 4, seed: int = 3) -> tuple[dict, History]:
    """Students being created: two made, the viewer (seat 2) still to choose; tone written."""
    state, hist = play(n, seed, lang, lambda s: s["phase"] == "setup_students", options={})
    state = act(state, hist, 1, {"type": "set_tone", "text": TEXTS[lang]["tone"]})
    for seat in (0, 1):
        state, hist = _create(state, hist, seat, lang)
    return state, hist


def _create(state: dict, hist: History, seat: int, lang: str) -> tuple[dict, History]:
    sp = spec()
    legal = [a for a in sp.legal_actions(state, seat) if a["type"] == "create_student"]
    books = list(dict.fromkeys(a["playbook"] for a in legal))
    book = books[seat % len(books)]
    action = {"type": "create_student", "name": TEXTS[lang]["names"][seat], "playbook": book, "stats": 0,
              "rival": (seat + 1) % state["players"]}
    return act(state, hist, seat, action), hist


def scene_table(lang: str, n: int = 4, seed: int = 11, corner_note: bool = True) -> tuple[dict, History]:
    """Mid investigation: several scenes, information cards on the table, a link, calm (and a note
    a player moved to the lower right corner)."""
    def enough(s: dict) -> bool:
        return (sum(1 for c in s["cards"] if c["kind"] == "clue") >= 3 and s["roll"] is None and not s["tasks"]
                and len(s["cards"]) >= 9)
    state, hist = play(n, seed, lang, enough)
    clues = [c["id"] for c in state["cards"] if c["kind"] == "clue"]
    if len(clues) >= 2 and sorted(clues[:2]) not in state["links"]:
        state = act(state, hist, 0, {"type": "link_cards", "a": min(clues[:2]), "b": max(clues[:2])})
    if corner_note and state["phase"] in ("introduction", "investigation", "resolution"):
        state = act(state, hist, 1, {"type": "add_note", "text": TEXTS[lang]["note"]})
        note = state["cards"][-1]["id"]
        state = act(state, hist, 1, {"type": "move_card", "card": note, "x": 9800, "y": 9800})
    return state, hist


def scene_roll(lang: str, n: int = 4, seed: int = 11, rolled: bool = True) -> tuple[dict, History, int]:
    """A 《発見》 roll with advantage: 3d6 thrown (or just declared); returns (state, history, roller)."""
    state, hist = scene_table(lang, n, seed)
    sp = spec()
    # the next scene: move somewhere, then roll
    state, hist = play(n, seed + 1, lang, lambda s: s["roll"] is not None and s["roll"]["stage"] == "declared"
                       and s["roll"]["move"] != "resolve", state=state, history=hist)
    roller = state["roll"]["roller"]
    item = {"ja": "懐中電灯", "zh": "手电筒"}.get(lang, "A torch")  # the table gives the roller an item
    state = act(state, hist, (roller + 1) % n, {"type": "add_note", "text": item, "holder": roller})
    state = act(state, hist, roller, {"type": "set_roll_modifiers", "advantage": ["item"], "disadvantage": []})
    helper = next((s for s in range(n) if s != roller and any(a["type"] == "help" for a in sp.legal_actions(state, s))),
                  None)
    if helper is not None:
        state = act(state, hist, helper, {"type": "help"})
    if rolled:
        state = act(state, hist, roller, {"type": "roll_dice"})
    return state, hist, roller


def scene_resolution(lang: str, n: int = 4, seed: int = 11) -> tuple[dict, History]:
    state, hist = scene_table(lang, n, seed)
    state, hist = play(n, seed + 2, lang, lambda s: s["phase"] == "resolution", state=state, history=hist)
    if state["phase"] != "resolution":
        return state, hist
    state = act(state, hist, 0, {"type": "set_title", "text": TEXTS[lang]["title"]})
    clues = [c["id"] for c in state["cards"] if c["kind"] == "clue"]
    for cid in clues[:3]:
        state = act(state, hist, 1, {"type": "use_clue", "card": cid, "used": True})
    state = act(state, hist, 2, {"type": "set_deduction", "text": TEXTS[lang]["deduction"]})
    return state, hist


def scene_over(lang: str, n: int = 4, seed: int = 11) -> tuple[dict, History]:
    state, hist = scene_resolution(lang, n, seed)
    if state["phase"] == "resolution":
        state = act(state, hist, 0, {"type": "declare_resolve"})
        state = act(state, hist, 0, {"type": "roll_dice"})
    return state, hist


# --------------------------------------------------------------------------- tables

def make_table(ctx: Any, state: dict, history: History, seat: int | None,
               rect: pygame.Rect | None = None) -> Any:
    """A table view showing ``state`` for ``seat`` with the log replayed from ``history``."""
    from client.tables.school_mystery import SchoolMysteryTable

    sp = spec()
    table = SchoolMysteryTable(ctx, seat)
    table.set_rect(rect or pygame.Rect(0, 0, 1920, 1080))
    fast = ctx.fast
    ctx.fast = True
    for _, _, events in history:
        table.set_snapshot(table.view or sp.view(state, seat), [], 0)
        table.push_events(events_for(events, seat))
    ctx.fast = fast
    legal = sp.legal_actions(state, seat) if seat is not None else []
    table.set_snapshot(sp.view(state, seat), legal, len(history))
    table.update(0.0)
    return table


def busiest(ctx: Any) -> Any:
    """The frame bench's scene: a rolled 3d6 with cards, links and a full log."""
    state, hist, roller = scene_roll("ja")
    surf = pygame.display.get_surface()
    return make_table(ctx, state, hist, roller, surf.get_rect() if surf is not None else None)


# --------------------------------------------------------------------------- the layout walk

def scene_pick(lang: str, n: int = 4, seed: int = 11) -> tuple[dict, History, int]:
    """A drawn card whose three options wait for its drawer; returns (state, history, drawer)."""
    def picking(s: dict) -> bool:
        return any(t.get("kind") == "pick" for t in s["tasks"])
    state, hist = play(n, seed, lang, picking)
    task = next((t for t in state["tasks"] if t.get("kind") == "pick"), None)
    return state, hist, int(task["seat"]) if task else 0


@functools.lru_cache(maxsize=16)
def _walk_state(name: str, lang: str) -> tuple[dict, History, int | None]:
    """The rules state of a walk scene (played once per language; views are built fresh)."""
    if name == "subject":
        state, hist = play(4, 3, lang, lambda s: True, options={})
        return state, hist, 0
    if name == "leader":
        state, hist = play(4, 3, lang, lambda s: s["phase"] == "setup_leader", options={})
        return state, hist, 0
    if name == "setup":
        state, hist = scene_setup(lang)
        return state, hist, 2
    if name == "table":
        state, hist = scene_table(lang)
        return state, hist, 0
    if name == "pick":
        return scene_pick(lang)
    if name == "crowded":  # many notes in their column: the cards overlap in a cascade
        state, hist = scene_table(lang, corner_note=False)
        for i in range(7):
            state = act(state, hist, i % 4, {"type": "add_note", "text": f"{TEXTS[lang]['note']} ({i + 1})"})
        return state, hist, 0
    if name == "roll":
        return scene_roll(lang)
    if name == "resolution":
        state, hist = scene_resolution(lang)
        return state, hist, 0
    state, hist = scene_over(lang)
    return state, hist, 0


def _walk_scene(name: str, display: bool = False) -> Callable[[Any], Any]:
    def build(ctx: Any) -> Any:
        state, hist, seat = _walk_state(name, ctx.lang)
        if display:
            ctx.display_mode = True
        surf = pygame.display.get_surface()
        rect = pygame.Rect((0, 0), getattr(ctx, "window", surf.get_size() if surf is not None else (1920, 1080)))
        return make_table(ctx, copy.deepcopy(state), list(hist), None if display else seat, rect)
    return build


WALK_SCENES = ("subject", "leader", "setup", "table", "crowded", "pick", "roll", "resolution", "article")
IN_APP = ("subject", "leader", "setup", "pick", "roll", "resolution")  # dialogs: also in the app's shorter table


class InApp:
    """A table view in the rect the app's table scene leaves it: the window less the step line and the
    pass-and-play bar under it (dialogs must fit that, not the whole window)."""

    def __init__(self, table: Any, ctx: Any) -> None:
        from client.kit.stephelp import StepLine

        self.table = table
        self.reserve = StepLine.height(ctx, ctx.unit) + int(ctx.unit * 3.0)

    def set_rect(self, rect: pygame.Rect) -> None:
        self.table.set_rect(pygame.Rect(rect.x, rect.y, rect.w, rect.h - self.reserve))

    def bounds(self) -> pygame.Rect:
        """Where everything the view draws must stay (the layout walk checks against it)."""
        return pygame.Rect(self.table.rect)

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.table.draw(surface, self.table.rect)

    def nodes(self) -> Any:
        return self.table.nodes()


def _in_app(name: str) -> Callable[[Any], Any]:
    build = _walk_scene(name)
    return lambda ctx: InApp(build(ctx), ctx)


def register_walk(register: Callable[[str, Callable[[Any], Any]], None]) -> None:
    """The school_mystery scenes of the layout walk: the subject choice, the leader, set-up, the table with cards (and crowded
    with notes: a cascade), a drawn card's options, the roll dialog, the resolution, the article, and the shared display;
    the dialogs again in the rect the app's table scene leaves the view (``*_in_app``)."""
    for name in WALK_SCENES:
        register(f"school_mystery_{name}", _walk_scene(name))
    for name in IN_APP:
        register(f"school_mystery_{name}_in_app", _in_app(name))
    register("school_mystery_display", _walk_scene("table", display=True))
