"""The games: one package per game id, each exporting SPEC."""
