"""The pygame-ce + pygame-gui client: app loop, scenes, widgets and per-game table views."""
