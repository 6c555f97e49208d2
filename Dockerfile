# Wargame table bot — a Discord bot for remote tabletop groups.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies and the bot from the project's own files (the data/ tables ship in the package).
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 table \
    && mkdir -p /data \
    && chown table:table /data

USER 10001

# Campaigns live on a volume; the heartbeat for the health check sits next to the database.
ENV DATABASE_PATH=/data/campaigns.sqlite3
VOLUME ["/data"]

# Healthy while the gateway connection is up (the bot touches /data/heartbeat every 15 s).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
