"""Scenes on the app's stack: launcher, settings, join, lobby, table, results, curtain, reconnecting."""
