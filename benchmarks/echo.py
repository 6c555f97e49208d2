"""The latency benchmark's fair floor: a minimal discord.py client that answers each
interaction with the replies the bot sent for the same command, and nothing else.

It connects through the same loopback stand-in Discord (a stand-in of its own, the same
code) with discord.py's own gateway and interaction parsing, and sends each recorded request
through discord.py's own HTTP adapter, byte for byte the body the bot sent: no command tree,
no option checks, no database, no rendering. What the bot takes beyond this client's time is
the bot's own work.

The benchmark tells it what to send before each interaction: one JSON line on its stdin, the
list of ``[kind, body]`` requests the stand-in recorded for the bot's answer
(:attr:`bot.sandbox.messages.Reply.requests`); it answers ``ok`` on stdout once it holds them,
then the benchmark sends the interaction. Run by :class:`Echo` in ``benchmarks.latency``; the
stand-in's URLs and token come from the environment (``DISCORD_*``, as for the bot).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from typing import Any

import discord
from discord.enums import InteractionResponseType
from discord.http import MultipartParameters
from discord.interactions import InteractionCallbackResponse
from discord.webhook.async_ import async_context

from bot.discord_internals import point_at


class EchoClient(discord.Client):
    """Answers every interaction with the requests it was last given."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.script: list[tuple[str, dict[str, Any]]] = []
        self._reader: asyncio.Task[None] | None = None  # held: a task nobody holds is collected

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        script, self.script = self.script, []
        adapter = async_context.get()
        http = self.http
        for kind, body in script:
            if kind == "callback":
                data = await adapter.create_interaction_response(
                    interaction.id,
                    interaction.token,
                    session=interaction._session,
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                    params=MultipartParameters(payload=body, multipart=None, files=None),
                )
                response_type = InteractionResponseType(body["type"])
                interaction.response._response_type = response_type
                InteractionCallbackResponse(
                    data=data, parent=interaction, state=interaction._state, type=response_type
                )
            elif kind == "followup":
                await adapter.execute_webhook(
                    interaction.application_id,
                    interaction.token,
                    session=interaction._session,
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                    payload=body,
                    wait=True,
                )
            elif kind == "edit":
                await adapter.edit_original_interaction_response(
                    interaction.application_id,
                    interaction.token,
                    session=interaction._session,
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                    payload=body,
                )
            elif kind == "delete":
                await adapter.delete_original_interaction_response(
                    interaction.application_id,
                    interaction.token,
                    session=interaction._session,
                    proxy=http.proxy,
                    proxy_auth=http.proxy_auth,
                )

    async def setup_hook(self) -> None:
        self._reader = asyncio.create_task(self._read_scripts())

    async def _read_scripts(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=64 * 1024 * 1024)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := await reader.readline():
            self.script = [(kind, body) for kind, body in json.loads(line)]
            sys.stdout.write("ok\n")
            sys.stdout.flush()
        await self.close()


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    point_at(os.environ["DISCORD_API_BASE_URL"], os.environ["DISCORD_GATEWAY_URL"])
    client = EchoClient()
    asyncio.run(client.start(os.environ["DISCORD_TOKEN"]))


if __name__ == "__main__":
    main()
