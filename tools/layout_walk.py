"""The layout walk: render every registered scene in every size and language and report what is wrong.

Sizes 1280×720, 1920×1080, 3840×2160 in ja/zh/en, and text at 150 % at 1280×720. A scene is
wrong when text it drew was cut (the kit's fitter records every block and whether it fit),
when two controls overlap, when two drawn nodes that carry text or take a drop overlap
(:func:`overlapping`), when something is scrolled out of (or cut by) a zone that holds no more
than it has room for (:func:`scrolled_out`), when a text runs under or over a card, control, plate, token or pill
it does not belong to (:func:`hidden_text`), or when a control or a text lies outside the window. Scenes come
from :data:`SCENES` (``register(name, builder)``; a builder takes a
:class:`client.kit.headless.HeadlessContext` and returns a view with ``update``, ``draw``
and ``nodes()``). The app's own scenes are walked through the real app (:class:`AppScene`):
launcher, settings, set-up and join by name, the lobby (set-up, host, guest), curtain, Esc menu,
reconnecting, connecting, the TV display and a LAN table scene opened by :mod:`bench.app_scenes`;
fate_votes, mind_swap and school_mystery register their table phases from :mod:`bench.fv_scenes`,
:mod:`bench.ms_scenes` and :mod:`bench.sm_scenes`; :data:`SHOWN_BY` says which walk scenes show
each scene of the app. Text is recorded from the moment a scene is built (a layer drawn once and
cached is checked too).

Usage: ``python tools/layout_walk.py [--scene NAME] [--save DIR]``; prints one JSON line last
(``{"checked": n, "problems": [...]}``) and exits 1 when there is a problem.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, ClassVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame

from client.kit.headless import HeadlessContext
from client.kit.nodes import Node, NodeMap
from client.kit.textfit import TextDraw, recording

Builder = Callable[[Any], Any]


@dataclass(frozen=True)
class Config:
    width: int
    height: int
    lang: str
    text_scale: float = 1.0

    @property
    def name(self) -> str:
        pct = "" if self.text_scale == 1.0 else f"@{round(self.text_scale * 100)}%"
        return f"{self.width}x{self.height}-{self.lang}{pct}"


CONFIGS: tuple[Config, ...] = tuple(
    [Config(w, h, lang) for (w, h) in ((1280, 720), (1920, 1080), (3840, 2160)) for lang in ("ja", "zh", "en")]
    + [Config(1280, 720, lang, 1.5) for lang in ("ja", "zh", "en")])


@dataclass(frozen=True)
class Problem:
    scene: str
    config: str
    kind: str  # "cut" | "overlap" | "covers" | "outside" | "hidden" | "scrolled"
    detail: str


SCENES: dict[str, Builder] = {}

GAMES = ("fate_votes", "mind_swap", "school_mystery")
# Which walk scenes show each scene of the app's registry (``client.scenes.registry``): a scene
# added to the app must be walked and named here (``tests/test_layout_walk.py`` checks both ways).
SHOWN_BY: dict[str, tuple[str, ...]] = {
    "launcher": ("launcher", "launcher_continue"),
    "continue": ("continue_list",),
    "play_names": ("play_names_4", "play_names_12"),
    "settings": ("settings",),
    "play_setup": tuple(f"setup_{g}" for g in GAMES),
    "join": ("join",),
    "lobby": tuple(f"lobby_setup_{g}" for g in GAMES) + tuple(f"lobby_host_{g}" for g in GAMES) + ("lobby_guest",),
    "play_connect": ("connecting", "connect_failed"),
    "tutorial_connect": ("connecting", "connect_failed"),  # the same status scene
    "display_connect": ("display_waiting", "display_no_server"),
    "table": tuple(f"table_{mode}_{g}" for mode in ("lan", "chat", "play", "display") for g in GAMES),
    "curtain": ("curtain", "curtain_public"),
    "results": tuple(f"results_{g}" for g in GAMES),
    "reconnecting": ("reconnecting",),
    "menu": ("menu", "menu_leave"),
    "seats": ("seats_vote", "seats_replaced", "seats_twelve"),
    "rules_book": tuple(f"rules_{g}" for g in GAMES),
    "tutorial": ("tutorial_fate_votes_welcome", "tutorial_mind_swap_welcome", "tutorial_school_mystery_welcome"),
    "tutorial_offer": tuple(f"tutorial_offer_{g}" for g in GAMES),
    "advance": ("club_advance",),
    "record": ("club_record_fate_votes",),
}


# Text must not run under or over a node of these kinds it does not belong to (a text belongs to the
# nodes whose rect holds it). A popup (tooltip, hover card) or a modal layer floats over the table on
# purpose: its own text may cover what lies under it, and what lies under a modal is not checked.
TEXT_CLEAR_OF = ("card", "button", "plate", "token", "text", "popup")
FLOATING = ("popup", "overlay", "veil", "fx")  # (an effect playing, e.g. a dice tray over the map, is one too)
STACKED = ("card", "pair", "mind")  # things laid over each other on purpose (a fan, a cascade, a crowded place)
CONTROLS = ("text", "button", "info", "entry")  # never inside a drop area they are not dropped on
SLACK = 2  # px of a text box that may touch a neighbour (line spacing, anti-aliased edges)


def hidden_text(texts: Iterable[TextDraw], nodes: NodeMap) -> list[tuple[TextDraw, Node]]:
    """(text, node) pairs where a drawn text runs under or over a card, control, plate, token or pill
    it does not belong to (a card's rule text under the next card of a cascade, a pill over a card)."""
    mz = nodes.modal_z()
    live = [n for n in nodes if n.kind in TEXT_CLEAR_OF and n.rect.w > 0 and n.rect.h > 0
            and (mz is None or n.z >= mz)]
    floating = [n for n in nodes if (n.kind in FLOATING or n.modal) and (mz is None or n.z >= mz)]
    out: list[tuple[TextDraw, Node]] = []
    for t in texts:
        core = t.rect.inflate(-2 * SLACK, -2 * SLACK)
        if t.kind in ("under", "popup") or not t.text.strip() or core.w <= 0 or core.h <= 0:
            continue
        owners = [n for n in live if n.rect.inflate(2 * SLACK, 2 * SLACK).contains(t.rect)]
        on_top = [n for n in floating if n.rect.inflate(2 * SLACK, 2 * SLACK).contains(t.rect)]
        card = max((o for o in owners if o.kind == "card"), key=lambda o: _above_key(nodes, o), default=None)
        for n in live:
            if n in owners or not n.rect.colliderect(core):
                continue
            if any(_above_key(nodes, f) > _above_key(nodes, n) for f in on_top):
                continue  # the text is on a popup floating over that node
            if card is not None and n.kind == "card" and _cascaded(t, card, n, nodes):
                continue
            out.append((t, n))
    return out


ZONE_KINDS = ("area", "place", "zone")  # a region things lie in (a drop area, a place on a map)
ITEM_KINDS = ("card", "pair", "mind", "token")  # things that lie in a zone


def _worded(nodes: NodeMap) -> list[Node]:
    """The drawn nodes that carry text or take a drop, above any modal layer; a modal, a popup, an
    overlay and a zoom float over the table by design and are left out."""
    mz = nodes.modal_z()
    return [n for n in nodes if (n.label.strip() or n.accepts) and n.rect.w > 0 and n.rect.h > 0
            and not n.modal and n.kind not in FLOATING and n.id not in ("zoom", "peek")
            and (mz is None or n.z >= mz)]


def _lies_on(outer: Node, inner: Node) -> bool:
    """``inner`` lies on ``outer`` by design: a name on its plate, a button on its panel, a card or a student
    in the drop area or place that holds it, a piece that can be picked up from it. A control or a text
    inside a drop area it is not dropped on (a prompt over the discard slot, a button in the hand's drop
    area) is an overlap."""
    if not outer.rect.inflate(2 * SLACK, 2 * SLACK).contains(inner.rect):
        return False
    return (not outer.accepts or inner.payload_kind in outer.accepts or inner.draggable
            or inner.kind not in CONTROLS)


def overlapping(nodes: NodeMap) -> list[tuple[Node, Node]]:
    """Pairs of drawn nodes that both carry text or take a drop and overlap (by more than ``SLACK`` px
    each way), neither lying on the other by design (:func:`_lies_on`) nor on a dialog, popup, veil or effect
    drawn over the other (what lies under a floating layer is covered on purpose). Cards, pairs and minds
    laid over each other (a fan, a cascade, a crowded place's stack) are :func:`hidden_text`'s to judge; one
    rect named twice (a plate and its seat) is one thing."""
    live = _worded(nodes)
    mz = nodes.modal_z()
    floating = [n for n in nodes if (n.kind in FLOATING or n.modal) and (mz is None or n.z >= mz)]

    def lifted(top: Node, low: Node) -> bool:  # ``top`` lies on a dialog, popup or veil drawn over ``low``
        return any(f.rect.inflate(2 * SLACK, 2 * SLACK).contains(top.rect)
                   and _above_key(nodes, top) > _above_key(nodes, f) > _above_key(nodes, low) for f in floating)

    out: list[tuple[Node, Node]] = []
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            if a.kind in STACKED and b.kind in STACKED or a.rect == b.rect:
                continue
            clip = a.rect.clip(b.rect)
            if clip.w <= SLACK or clip.h <= SLACK or _lies_on(a, b) or _lies_on(b, a) or lifted(a, b) or lifted(b, a):
                continue
            out.append((a, b))
    return out


@dataclass(frozen=True)
class Zone:
    """A region that holds items and scrolls when crowded (a place on mind_swap's map): the ids of the
    nodes it holds and how many it has room for without scrolling. A view lists them in ``zones()``."""

    id: Any
    rect: pygame.Rect
    items: tuple[Any, ...]
    capacity: int


def scrolled_out(nodes: NodeMap, zones: Iterable[Zone] = ()) -> list[tuple[Any, Any, Node | None, str]]:
    """(zone id, item id, its node, why) for each item scrolled out of a zone that holds no more than its capacity
    (its node lies partly or wholly outside the zone, or it has none), and for each item cut by the
    edge of the zone-like node it lies in (kind in ``ZONE_KINDS``) when no ``Zone`` says it is crowded."""
    out: list[tuple[Any, Any, Node | None, str]] = []
    crowded = set()
    for z in zones:
        if len(z.items) > z.capacity:
            crowded.add(z.id)
            continue
        for item in z.items:
            n = nodes.find(item)
            if n is None or not z.rect.contains(n.rect):
                out.append((z.id, item, n, f"{len(z.items)} held, room for {z.capacity}"))
    mz = nodes.modal_z()
    areas = [n for n in nodes if n.kind in ZONE_KINDS and n.id not in crowded and n.rect.w > 0 and n.rect.h > 0]
    for n in nodes:
        if n.kind not in ITEM_KINDS or (mz is not None and n.z < mz) or n.rect.w <= 0 or n.rect.h <= 0:
            continue
        for a in areas:
            cut = a.rect.collidepoint(n.rect.center) and not a.rect.inflate(2 * SLACK, 2 * SLACK).contains(n.rect)
            if cut and not any(o.rect.contains(n.rect) for o in areas if o is not a):
                out.append((a.id, n.id, n, "cut by the zone's edge"))
    return out


def _above_key(nodes: NodeMap, n: Node) -> tuple[int, int]:
    """Drawing order: higher z, then added later, is on top."""
    return n.z, nodes.nodes.index(n)


def _cascaded(t: TextDraw, card: Node, other: Node, nodes: NodeMap) -> bool:
    """Cards overlapping in a cascade (or a fan) on purpose: the text of the card on top may run
    over the one beneath; a covered card's rule text may be covered below its first line when the
    card opens whole (right-click or hover-hold: it has a zoom face) — never its head (kind, title)."""
    if _above_key(nodes, card) > _above_key(nodes, other):
        return True
    return card.zoom is not None and t.kind == "rule" and t.rect.top + SLACK < other.rect.top


def register(name: str, builder: Builder) -> None:
    """Add a scene to the walk (each table registers its phases)."""
    SCENES[name] = builder


class AppScene:
    """A scene of the real app (launcher, settings, set-up, join, lobby, curtain, menu…) as the walk
    sees a view.

    One :class:`client.app.App` per window size, language and text size; the scene is opened by
    name (``replace(name, **params)``) or by an ``opener(app)`` that sets up what it shows (see
    :mod:`bench.app_scenes`); the top scene's buttons are the nodes; ``draw`` is the app's own
    draw (which changes nothing).
    """

    _apps: ClassVar[dict[tuple[int, int, str, float], Any]] = {}

    def __init__(self, ctx: Any, name: str = "", opener: Callable[[Any], Any] | None = None, **params: Any) -> None:
        self.app = self._app(ctx.window, ctx.lang, ctx.text_scale)
        self.app.match = None
        if opener is not None:
            opener(self.app)
        else:
            self.app.replace(name, **params)
        for _ in range(2):
            self.app.frame(1 / 60)

    @classmethod
    def _app(cls, size: tuple[int, int], lang: str, scale: float) -> Any:
        key = (size[0], size[1], lang, scale)
        app = cls._apps.get(key)
        if app is None:
            import tempfile

            from client.app import App
            from houkago.cli import build_parser

            cls._apps.clear()  # one window at a time
            args = build_parser().parse_args(["--size", f"{size[0]}x{size[1]}", "--lang", lang])
            app = App(args, settings_path=Path(tempfile.mkdtemp(prefix="houkago-walk-")) / "settings.json")
            app.settings.ui_scale = scale
            cls._apps[key] = app
        return app

    def update(self, dt: float) -> None:
        self.app.frame(dt)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.app.draw(surface)

    def front_texts(self, surface: pygame.Surface) -> list[TextDraw]:
        """The texts the top scene draws (an overlay's: the scene under it lies behind its panel)."""
        scratch = pygame.Surface(surface.get_size())
        with recording() as rec:
            self.app.scenes[-1].draw(scratch)
        return rec.on(scratch)

    def nodes(self) -> NodeMap:
        """The top scene's buttons, and the shown table view's nodes under them."""
        nm = NodeMap()
        top = self.app.scenes[-1]
        view = top.current_view() if hasattr(top, "current_view") else None
        if view is not None and hasattr(view, "nodes"):
            nm.extend(view.nodes())
        for b in top.buttons:
            nm.add(b.node())
        return nm


def _club_campaign() -> Any:
    """A campaign of four students (long names among them) before its second subject (client/scenes/advance.py)."""
    from client.campaigns import Campaign
    from shared.engine import REGISTRY

    db = REGISTRY["school_mystery"].setup(4, 1, {})["db"]
    books = list(db["playbooks"])[-4:]
    names = ["春野ひより", "Alexandra Whitfield", "欧阳思远", "Sota"]
    students = [{"name": n, "playbook": b, "stats": dict(db["playbooks"][b]["arrays"][0]), "rival": (i + 1) % 4,
                 "conditions": [], "told": [], "moves": [], "bonds": []} for i, (n, b) in enumerate(zip(names, books))]
    return Campaign(id="walk", players=4, bots=2, students=students, advances=[None] * 4)


# a fate_votes record (client/scenes/record.py): hands, roles, choices, a tally, the end
CLUB_RECORD = {"game": "fate_votes", "names": ["春野ひより", "Alexandra Whitfield", "欧阳思远", "Sota"], "moves": 12,
               "items": [{"k": "dealt", "seat": s, "cards": ["oyashiro", "rena", "satoko", "mion", "shion", "keiichi",
                                                               "rika"]} for s in range(4)]
               + [{"k": "roles", "round": 1, "roles": ["vote", "strike", "vote", "vote"]}]
               + [{"k": "choice", "seat": s, "round": 1, "phase": "vote_target", "value": (s + 1) % 4} for s in range(4)]
               + [{"k": "votes", "round": 1, "votes": [1, 0, 2, 1], "tokens": [5, 5, 5, 5]}, {"k": "over", "winners": [2]}]}


def _app_scene(name: str, **params: Any) -> Builder:
    return lambda ctx: AppScene(ctx, name, **params)


def _opened(opener: Callable[[Any], Any]) -> Builder:
    return lambda ctx: AppScene(ctx, opener=opener)


def _load_scenes() -> None:
    from bench import (
        app_scenes,
        fv_scenes,
        local_scenes,
        ms_scenes,
        results_scenes,
        sm_scenes,
        step_scenes,
    )
    from client.tutorial import walk as tutorial_walk

    register("launcher", _app_scene("launcher"))
    register("settings", _app_scene("settings"))
    for game in GAMES:
        register(f"setup_{game}", _app_scene("play_setup", game=game))
    register("join", _app_scene("join"))
    register("club_advance", lambda ctx: AppScene(ctx, "advance", campaign=_club_campaign()))
    register("club_record_fate_votes", _app_scene("record", record=CLUB_RECORD))
    _register_rules_books()
    fv_scenes.register_walk(register)
    ms_scenes.register_walk(register)
    sm_scenes.register_walk(register)
    app_scenes.register_walk(register, _opened, dict(SCENES))
    step_scenes.register_walk(register, dict(SCENES))
    results_scenes.register_walk(register, dict(SCENES))
    tutorial_walk.register_walk(register)
    local_scenes.register_walk(register, _opened)
    for game in ("fate_votes", "mind_swap", "school_mystery"):
        register(f"tutorial_offer_{game}", _app_scene("tutorial_offer", game=game, then=lambda: None))


def _register_rules_books() -> None:
    """Each game's rules book at its first page (``tests/test_rules_book_walk.py`` opens every page)."""
    from assets.loaders.rules_book import GAMES
    from client.rulesbook.view import RulesBookView

    for game in GAMES:
        register(f"rules_{game}", lambda ctx, g=game: RulesBookView(ctx, g))


def check(name: str, builder: Builder, cfg: Config, save: Path | None = None) -> list[Problem]:
    """Render one scene in one configuration; the problems found."""
    surface = pygame.Surface((cfg.width, cfg.height))
    bounds = surface.get_rect()
    ctx = HeadlessContext(cfg.lang, unit=cfg.height / 54 * cfg.text_scale, fast=True)
    ctx.window, ctx.text_scale = (cfg.width, cfg.height), cfg.text_scale  # type: ignore[attr-defined]
    with recording() as rec:  # from the start: text drawn once into a cached layer is seen too
        view = builder(ctx)
        shown = pygame.display.get_surface()
        if not isinstance(view, AppScene) and shown is not None and shown.get_size() != (cfg.width, cfg.height):
            pygame.display.set_mode((cfg.width, cfg.height))
        if hasattr(view, "set_rect"):
            view.set_rect(bounds)
        if hasattr(view, "bounds"):  # a view the app gives less than the window (its step line and bar below)
            bounds = view.bounds()
        view.update(1 / 60)
        with recording() as last:
            view.draw(surface, bounds)
    nodes: NodeMap = view.nodes() if hasattr(view, "nodes") else NodeMap()
    # the texts on screen in the last frame (those of cached layers too, where the layer was blitted)
    front = view.front_texts(surface) if isinstance(view, AppScene) else rec.on(surface, last)
    out: list[Problem] = []
    for r in rec.records:
        if r.cut:
            out.append(Problem(name, cfg.name, "cut", f"{r.kind} {r.text[:60]!r} in {tuple(r.rect)}"))
        elif r.kind in ("rule", "label", "name") and r.text.strip() and not bounds.contains(r.rect):
            out.append(Problem(name, cfg.name, "outside", f"text {r.text[:60]!r} at {tuple(r.rect)}"))
    for a, b in nodes.overlaps(("button", "plate", "card", "token", "text"), across_z=True):
        if a.kind == "card" and b.kind == "card":
            continue  # a fanned hand overlaps on purpose
        out.append(Problem(name, cfg.name, "overlap", f"{a.id} {tuple(a.rect)} / {b.id} {tuple(b.rect)}"))
    for r in rec.clipped():
        if r.on != id(surface) and not r.cut:  # on the screen itself: the "outside" check below says it
            out.append(Problem(name, cfg.name, "cut", f"{r.kind} {r.text[:60]!r} past its layer's edge {tuple(r.rect)}"))
    for a, b in overlapping(nodes):
        out.append(Problem(name, cfg.name, "covers", f"{a.id} {tuple(a.rect)} / {b.id} {tuple(b.rect)}"))
    zones = view.zones() if hasattr(view, "zones") else ()
    for zid, item, n, why in scrolled_out(nodes, zones):
        where = tuple(n.rect) if n is not None else "not drawn"
        out.append(Problem(name, cfg.name, "scrolled", f"{item} {where} out of {zid}: {why}"))
    for t, n in hidden_text(front, nodes):
        out.append(Problem(name, cfg.name, "hidden", f"{t.kind} {t.text[:40]!r} {tuple(t.rect)} / {n.id} {tuple(n.rect)}"))
    for n in nodes.outside(bounds):
        out.append(Problem(name, cfg.name, "outside", f"{n.id} at {tuple(n.rect)}"))
    out = list(dict.fromkeys(out))  # a block drawn in several frames is one problem
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(save / f"{name}_{cfg.name.replace('%', 'pct')}.png"))
    return out


def walk(names: Iterable[str] | None = None, configs: Iterable[Config] = CONFIGS,
         save: Path | None = None) -> tuple[int, list[Problem]]:
    """Check every scene (or ``names``) in every configuration: (renders, problems)."""
    if not pygame.get_init():
        pygame.init()
    if not SCENES:
        _load_scenes()
    chosen = list(names) if names else list(SCENES)
    problems: list[Problem] = []
    count = 0
    try:
        for cfg in configs:
            for name in chosen:
                problems.extend(check(name, SCENES[name], cfg, save))
                count += 1
    finally:
        AppScene._apps.clear()
    return count, problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scene", action="append", default=None, help="only this scene (repeatable)")
    ap.add_argument("--save", default=None, help="save every render as PNG into this folder")
    ap.add_argument("--config", action="append", default=None,
                    help="only this configuration, e.g. 1280x720-ja or 1280x720-en@150%% (repeatable)")
    args = ap.parse_args(argv)
    configs = [c for c in CONFIGS if not args.config or c.name in args.config]
    count, problems = walk(args.scene, configs, save=Path(args.save) if args.save else None)
    for p in problems:
        print(f"{p.scene} {p.config}: {p.kind}: {p.detail}", file=sys.stderr)
    print(json.dumps({"checked": count, "problems": [asdict(p) for p in problems]}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
