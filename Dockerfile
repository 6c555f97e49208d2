# Wargame table bot — a Discord bot for remote tabletop groups.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The dependencies first, from pyproject.toml alone: this layer is rebuilt only when they
# change, so a code change rebuilds in seconds.
COPY pyproject.toml ./
RUN python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt \
    && useradd --create-home --uid 10001 table \
    && mkdir -p /data \
    && chown table:table /data

# Then the bot itself (the data/ tables ship in the package), without touching the dependencies.
COPY README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
RUN pip install --no-cache-dir --no-deps .

USER 10001

# Campaigns live on a volume; the heartbeat for the health check sits next to the database.
ENV DATABASE_PATH=/data/campaigns.sqlite3
VOLUME ["/data"]

# Healthy while the gateway connection is up (the bot touches /data/heartbeat every 15 s).
# bot.health is standard library only: no discord.py loaded every 30 s.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-m", "bot.health"]

STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
