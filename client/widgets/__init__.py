"""Reusable drawn widgets: cards, drag-and-drop, tokens, dice, curtains."""
