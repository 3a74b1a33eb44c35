"""school_mystery with scripted humans beside bots, on a simulated clock (``bench/bots.py --humans K``).

The humans sit in K seats (rotated one seat per game), the bots in the others. A scripted human
plays the normal bot's judgement as if it ran the table alone (it answers, moves the group on,
writes the deduction and declares the 《解明》), and takes 2–8 s (simulated) for each decision:
it plans when the table changes, keeps its plan while the table's change leaves it as it was, and
passes a step the humans may claim (``pass_claim``) when it does not want it or has rolled in the
scene already (it may roll again once the others had theirs). The bots run as the
server runs them: a beat (``BEAT_S``) after each change, with ``bot_seats`` and ``claim_open`` in
their view, and while the humans' window on a step is open (``shared.claims``: until every human
passed or ``CLAIM_WINDOW_S`` ran out) they are asked again when it closes.

Figures: rolls and declarations per seat kind (and their share against the seat share), and the
human decisions a bot took (which must be none): a roll declared, a special move used or a
supporting character called while the humans' window was open, a bot's roll thrown while the humans
could still help it; a decision only the humans make
while they sit (``HUMAN_ONLY``); a reroll of a human's roll; an objection to a human's 《解明》.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from shared.bots import with_bot_seats
from shared.claims import CLAIM_WINDOW_S, open_step, with_claim
from shared.engine import REGISTRY
from shared.rng import Rng

BEAT_S = 0.5  # a bot acts this long after a change (the server's default bot_delay)
THINK_S = (2.0, 8.0)  # a scripted human's time per decision
MAX_ACTIONS = 20_000
CLAIMABLE = ("declare_roll", "use_move", "call_character")  # the step the humans may claim
ROLLS = ("declare_roll", "use_move")
DECLARATIONS = ("declare_roll", "use_move", "call_character", "help", "rival_reroll", "declare_resolve", "object",
                "unlock_secret")
# decisions only the humans make while they sit (bots leave them, claim window or not)
HUMAN_ONLY = ("choose_subject", "choose_leader", "begin_resolution", "declare_resolve", "answer_question",
              "set_title", "set_deduction", "move", "draw_location", "invent", "set_tone", "edit_card")


def _signature(action: dict[str, Any]) -> tuple:
    """An action without its free text (a plan is the same decision whatever words it would use)."""
    return tuple(sorted((k, repr(v)) for k, v in action.items() if k not in ("text", "name")))


class Figures:
    """Counts over games: decisions per seat kind, and human decisions bots took."""

    def __init__(self) -> None:
        self.count: Counter = Counter()

    def merge(self, other: Figures) -> None:
        self.count.update(other.count)

    def summary(self, humans: int, players: int) -> dict[str, Any]:
        c = self.count
        share = humans / players
        out: dict[str, Any] = {"seat_share": round(share, 4)}
        for what in ("rolls", "declarations"):
            h, b = c[f"human:{what}"], c[f"bot:{what}"]
            out[what] = {"humans": h, "bots": b, "human_share": round(h / max(1, h + b), 4)}
        out["bots_took_human_decisions"] = {k.split(":", 1)[1]: v for k, v in sorted(c.items())
                                            if k.startswith("violation:")}
        out["human_passes"] = c["human:pass_claim"]
        out["windows_ran_out"] = c["window_ran_out"]
        out["games"] = c["games"]
        out["solved"] = c["solved"]
        out["mean_sim_minutes"] = round(c["sim_seconds"] / 60 / max(1, c["games"]), 1)
        out["human_think_s"] = list(THINK_S)
        out["claim_window_s"] = CLAIM_WINDOW_S
        return out


def play_mixed(seed: int, players: int, humans: list[int], level: str, figures: Figures) -> dict[str, Any]:
    """One game with scripted humans in ``humans`` and ``level`` bots elsewhere; its result."""
    spec = REGISTRY["school_mystery"]
    bot = spec.bots()[level]
    human_policy = spec.bots()["normal"]
    bot_seats = [s for s in range(players) if s not in humans]
    state = spec.setup(players, seed, {"lang": "en"})
    rngs = [Rng.from_seed(seed * 7919 + s) for s in range(players)]
    think = Rng.from_seed(seed ^ 0x7417)
    c = figures.count
    now = 0.0
    window: list[Any] = [None, 0.0]  # the open step's key and its deadline
    plans: dict[int, tuple[float, dict[str, Any]]] = {}
    bot_due: dict[int, float] = {}

    def is_open() -> bool:
        return window[0] is not None and now < window[1]

    def human_decision(seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        view = spec.view(state, seat)
        action = human_policy(view, legal, rngs[seat])  # no bot_seats: as if it ran the table
        if state["phase"] in ("setup_subject", "setup_leader"):
            if seat != humans[0]:
                return None  # the first human enters the table's choices
            if state["phase"] == "setup_leader":
                return {"type": "choose_leader", "seat": seat}  # and leads
            return dict(rngs[seat].choice([a for a in legal if a["type"] == "choose_subject"]))
        step = open_step(spec, state, humans)
        passed = spec.rules.claim_passes(state)[0]
        rolled_here = seat in state["scene"].get("rollers", [])
        if step is not None and seat not in passed and (action is None or rolled_here or action["type"] not in (
                *CLAIMABLE, "help", "move", "draw_location", "begin_resolution", "link_cards")):
            return {"type": "pass_claim"}  # rolled here already, or nothing to do in this step: the others go
        return action

    def refresh() -> None:
        key = open_step(spec, state, humans)
        if key != window[0]:
            if window[0] is not None and now >= window[1]:
                c["window_ran_out"] += 1
            window[0], window[1] = key, now + CLAIM_WINDOW_S
        bot_due.clear()
        for s in bot_seats:
            if spec.legal_actions(state, s):
                bot_due[s] = now + BEAT_S
        for s in humans:
            legal = spec.legal_actions(state, s)
            action = human_decision(s, legal) if legal else None
            if action is None:
                plans.pop(s, None)
            elif s not in plans or _signature(plans[s][1]) != _signature(action):
                plans[s] = (now + THINK_S[0] + think.below(1001) / 1000 * (THINK_S[1] - THINK_S[0]), action)

    refresh()
    for _ in range(MAX_ACTIONS):
        if spec.is_over(state):
            break
        times = [(t, 0, s) for s, (t, _) in plans.items()] + [(t, 1, s) for s, t in bot_due.items()]
        if not times:
            raise SystemExit(f"school_mystery --humans: nobody acts (seed {seed}, phase {state['phase']})")
        t, is_bot, seat = min(times)
        now = max(now, t)
        if is_bot:
            del bot_due[seat]
            held = is_open()
            view = with_claim(with_bot_seats(spec.view(state, seat), bot_seats), held)
            action = bot(view, spec.legal_actions(state, seat), rngs[seat])
            if action is None:
                if held:
                    bot_due[seat] = window[1]
                continue
            kind = action["type"]
            if kind in CLAIMABLE and held:
                c[f"violation:{kind}_in_window"] += 1
            if kind == "roll_dice" and held and state["roll"] is not None and state["roll"]["move"] != "resolve":
                c["violation:thrown_before_the_humans_could_help"] += 1
            if kind in HUMAN_ONLY:
                c[f"violation:{kind}"] += 1
            roll = state["roll"]
            if roll is not None and roll["roller"] in humans and kind == "rival_reroll":
                c["violation:reroll_of_a_human"] += 1
            if roll is not None and roll["roller"] in humans and kind == "object":
                c["violation:objection_to_a_human"] += 1
            who = "bot"
        else:
            _, action = plans.pop(seat)
            who = "human"
        state, _events = spec.apply(state, seat, action)
        kind = action["type"]
        if kind in ROLLS:
            c[f"{who}:rolls"] += 1
        if kind in DECLARATIONS:
            c[f"{who}:declarations"] += 1
        if kind == "pass_claim":
            c["human:pass_claim"] += 1
        refresh()
    else:
        raise SystemExit(f"school_mystery --humans: game {seed} did not end in {MAX_ACTIONS} actions")
    result = spec.result(state)
    c["games"] += 1
    c["solved"] += result.get("why") == "solved"
    c["sim_seconds"] += int(now)
    return result


def run_humans(players: int, humans: int, games: int, level: str, seed: int) -> dict[str, Any]:
    """``games`` mixed games (humans in ``humans`` seats, rotated one seat per game); the figures."""
    if not 1 <= humans < players:
        raise SystemExit("--humans needs at least one human and one bot seat")
    figures = Figures()
    for g in range(games):
        seats = sorted((g + k) % players for k in range(humans))
        play_mixed(seed + g, players, seats, level, figures)
    out = {"game": "school_mystery", "players": players, "humans": humans, "bot_level": level, "seed": seed}
    out.update(figures.summary(humans, players))
    return out
