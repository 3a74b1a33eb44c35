"""LAN discovery placeholder (replaced below)."""
