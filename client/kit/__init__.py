"""The table toolkit: what every game's table view stands on (see ``client/kit/README.md``).

Modules: :mod:`theme` (palette, seat identity, radii, type scale), :mod:`cache` (one LRU
surface cache), :mod:`textfit` (line breaking and the fitting policy), :mod:`nodes` (the
per-frame node map), :mod:`presenter` (events → animation steps, shown state),
:mod:`widgets` (Button, Panel, Banner, LogPanel, Prompt, TextEntry, Flow),
:mod:`headless` (a context on the real text engine for tests, tools and benches).
"""
