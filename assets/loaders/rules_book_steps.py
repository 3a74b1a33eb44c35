"""The steps each game's rules book explains, and whether a book is installed — without the book's loader
(the launcher asks :func:`installed` before its first frame; :mod:`assets.loaders.rules_book` reads books)."""
from __future__ import annotations

from assets import CONTENT_DIR

# Every step a table can be at, per game: its phases, and the sub-steps a table shows
# ("task.<kind>" for a pending school_mystery step, "roll.<stage>" for a roll).
STEPS: dict[str, tuple[str, ...]] = {
    "fate_votes": ("discussion", "choose", "strike_discard", "strike_target", "vote_target", "vote_discard",
                   "final", "over"),
    "mind_swap": ("play", "great", "over"),
    "school_mystery": ("setup_subject", "setup_leader", "setup_students", "introduction", "investigation",
                       "resolution", "over", "task.atmosphere", "task.draw", "task.pick", "task.condition",
                       "task.clear", "task.secret", "roll.declared", "roll.rolled"),
}


def installed(game: str) -> bool:
    """Whether ``game`` has an installed rules book file (cheap: nothing is read; the loader's ``cached``
    checks it)."""
    return game in STEPS and (CONTENT_DIR / game / "rules_book.toml").is_file()
