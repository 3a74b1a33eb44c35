"""One loader module per game: ``assets.loaders.<game_id>.load()``."""
