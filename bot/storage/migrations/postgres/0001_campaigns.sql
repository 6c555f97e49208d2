-- Campaigns (one row per channel) and their history. States, dice and times are kept as the
-- same canonical text the SQLite backend stores, so a migrated campaign reads back identically.
CREATE TABLE campaigns (
    channel_id   BIGINT  PRIMARY KEY,
    campaign_id  BIGINT  NOT NULL UNIQUE,
    guild_id     BIGINT,
    game         TEXT    NOT NULL,
    state        TEXT    NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    created_by   BIGINT  NOT NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE TABLE history (
    campaign_id  BIGINT  NOT NULL,
    seq          INTEGER NOT NULL,
    channel_id   BIGINT  NOT NULL,
    created_at   TEXT    NOT NULL,
    actor_id     BIGINT  NOT NULL,
    actor_name   TEXT    NOT NULL DEFAULT '',
    command      TEXT    NOT NULL,
    summary      TEXT    NOT NULL,
    dice         TEXT    NOT NULL DEFAULT '[]',
    state_before TEXT,
    undone_by    BIGINT,
    undone_at    TEXT,
    PRIMARY KEY (campaign_id, seq)
);
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE counters (
    name  TEXT   PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('campaign_id', 0);
