"""The sandbox: a stand-in Discord on 127.0.0.1 (REST + gateway) and what runs the real bot
against it — the in-process harness, bot processes as a host starts them, throw-away
PostgreSQL schemas, and the local table (``python -m bot local``). Used by the tests, the
benchmarks and anyone trying the bot without Discord."""
