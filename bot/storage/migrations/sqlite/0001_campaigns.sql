-- Campaigns (one row per channel) and their history.
CREATE TABLE campaigns (
    channel_id   INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL UNIQUE,
    guild_id     INTEGER,
    game         TEXT    NOT NULL,
    state        TEXT    NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    created_by   INTEGER NOT NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE TABLE history (
    campaign_id  INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    created_at   TEXT    NOT NULL,
    actor_id     INTEGER NOT NULL,
    actor_name   TEXT    NOT NULL DEFAULT '',
    command      TEXT    NOT NULL,
    summary      TEXT    NOT NULL,
    dice         TEXT    NOT NULL DEFAULT '[]',
    state_before TEXT,
    undone_by    INTEGER,
    undone_at    TEXT,
    PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('campaign_id', 0);
