-- Interactions whose change has been committed: the id is claimed in the same transaction as
-- the change, so an interaction delivered to two processes (two sessions of one shard during a
-- rolling restart) changes the campaign once. ``claimed_by`` names the process (host:pid)
-- that applied it. Claims older than an hour are pruned.
CREATE TABLE interactions (
    interaction_id INTEGER PRIMARY KEY,
    channel_id     INTEGER NOT NULL,
    claimed_at     TEXT    NOT NULL,
    claimed_by     TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX interactions_claimed_at ON interactions (claimed_at);
