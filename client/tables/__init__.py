"""Per-game table views (:class:`client.tables.base.TableView`); each game's descriptor in
``client.games`` names its view class, and ``unavailable`` stands in, on screen, for one that
cannot be loaded."""
