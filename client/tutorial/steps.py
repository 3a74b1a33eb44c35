"""What a tutorial step waits for and what it lets the player touch (no pygame, no I/O).

- :func:`action_matches`: does a sent (or legal) action fit the step's ``expect`` pattern
  (every field equal; ``"*"`` = any value)?
- :func:`goal`: the legal action the step shows the way to (the first legal match, or the
  one a named ``pick`` rule chooses from the seat's view).
- :func:`filled` / :func:`card_text`: a confirm step's goal with its sample text in the placeholder fields;
  the text its card shows (the step's text, then the sample).
- :func:`bind` / :func:`id_matches`: node-id patterns (``"plate:$seat"``, ``"card:*"``) →
  the node ids of the table's node map they stand for.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

Action = dict[str, Any]
Pick = Callable[[dict[str, Any], list[Action], int], Action | None]


def action_matches(pattern: dict[str, Any], action: dict[str, Any]) -> bool:
    """True when every field of ``pattern`` is in ``action`` with the same value (``"*"``: any value)."""
    for key, want in pattern.items():
        if key not in action:
            return False
        if want != "*" and action[key] != want:
            return False
    return True


def _my_place(view: dict[str, Any], me: int) -> Any:
    """mind_swap: where this seat's piece stands."""
    pieces = view.get("pieces") or []
    if 0 <= me < len(pieces):
        piece = pieces[me]
        return piece.get("loc") if isinstance(piece, dict) else piece
    return None


def _to_my_place(view: dict[str, Any], matches: list[Action], me: int) -> Action | None:
    """The match that moves something to this seat's place (mind_swap: bring Negi to you)."""
    here = _my_place(view, me)
    return next((a for a in matches if a.get("to") == here), None)


def _not_me(view: dict[str, Any], matches: list[Action], me: int) -> Action | None:
    """The first match that does not aim at this seat itself."""
    return next((a for a in matches if a.get("seat") != me), matches[0] if matches else None)


PICKS: dict[str, Pick] = {"to_my_place": _to_my_place, "not_me": _not_me}


def goal(expect: dict[str, Any], legal: list[Action], view: dict[str, Any], me: int, pick: str = "") -> Action | None:
    """The legal action the step leads to, or None when none fits yet (the step waits)."""
    matches = [a for a in legal if action_matches(expect, a)]
    if not matches:
        return None
    if pick:
        return PICKS[pick](view, matches, me)
    return matches[0]


def _field(goal_action: Action | None, path: str) -> Any:
    value: Any = goal_action or {}
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def _mind_in(view: dict[str, Any] | None, body: Any) -> Any:
    """mind_swap: the mind in the pair whose body is ``body``."""
    for pair in (view or {}).get("pairs") or []:
        if isinstance(pair, dict) and pair.get("body") == body:
            return pair.get("mind")
    return None


def bind(pattern: str, me: int, goal_action: Action | None, view: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """A node-id pattern with ``$me``, ``$<field>`` of the goal and ``$mind_in.<field>`` (mind_swap: the mind
    in that body) filled in; ``"*"`` stays a wildcard."""
    out: list[Any] = []
    for part in pattern.split(":"):
        if part == "$me":
            out.append(me)
        elif part.startswith("$mind_in."):
            out.append(_mind_in(view, _field(goal_action, part[len("$mind_in."):])))
        elif part.startswith("$"):
            out.append(_field(goal_action, part[1:]))
        elif part.lstrip("-").isdigit():
            out.append(int(part))
        else:
            out.append(part)
    return tuple(out)


def id_matches(bound: tuple[Any, ...], node_id: Any) -> bool:
    """Does a node id (a string or a tuple) fit a bound pattern? A key with colons in it counts as its parts
    (the button ``("button", "goto:2")`` is ``button:goto:2``)."""
    parts = tuple(bit for part in (node_id if isinstance(node_id, tuple) else (node_id,))
                  for bit in (part.split(":") if isinstance(part, str) else (part,)))
    if len(parts) != len(bound):
        return False
    return all(want == "*" or want == got or (isinstance(got, str) and str(want) == got)
               for want, got in zip(bound, parts))


def valid_pick(name: str) -> bool:
    return not name or name in PICKS


def active_group(bound: list[tuple[Any, ...]], nodes: list[Any]) -> list[Any]:
    """The enabled nodes of one ring group, or [] when the group is not usable now: every pattern must
    find a node, and a group of several (a drag: a piece and where it goes) needs a draggable piece."""
    found: list[Any] = []
    for b in bound:
        hits = [n for n in nodes if n.enabled and id_matches(b, n.id)]
        if not hits:
            return []
        found.extend(h for h in hits if h not in found)
    if len(bound) > 1 and not any(n.draggable for n in found):
        return []
    return found


PLACEHOLDER = "…"  # how the rules list a free-text field in a legal action (shared.games.*.rules)


def filled(goal_action: Action, say: str | None) -> Action:
    """The goal action as a confirm step sends it: every placeholder text field holds ``say``."""
    if not say:
        return dict(goal_action)
    return {k: (say if v == PLACEHOLDER else v) for k, v in goal_action.items()}


def card_text(step: Any, lang: str, t: Callable[..., str]) -> str:
    """What a step's card says in ``lang``: its text, and a confirm step's sample text after it."""
    text = step.text.get(lang) or step.text["en"]
    if step.say:
        text = f"{text}\n{t('tutorial.sample', text=step.say.get(lang) or step.say['en'])}"
    return text
