"""The guided first game of each game: script (assets/content/<game>/tutorial.toml), overlay, offer."""
