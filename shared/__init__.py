"""Houkago Table rules package: pure Python, no I/O.

Everything here is shared by the server and every client: the game contract
(`shared.engine`), seeded randomness (`shared.rng`), the wire format
(`shared.protocol`) and the games themselves (`shared.games.<id>`).
"""
