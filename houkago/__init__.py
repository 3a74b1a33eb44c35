"""Houkago Table (放課後テーブル): the command-line entry point."""
__version__ = "0.1.0"
