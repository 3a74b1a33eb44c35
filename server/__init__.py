"""The authoritative server: tables and seats (sans I/O), journal, asyncio adapter, discovery."""
