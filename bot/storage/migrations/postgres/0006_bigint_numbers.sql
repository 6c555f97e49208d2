-- 64-bit numbers everywhere: a history entry's number and a campaign's version were 32-bit
-- INTEGER here while SQLite and export files carry 64-bit numbers (an imported history that
-- reached 2^31 - 1 broke every later change of its channel). Rewrites both tables: stop every
-- process of the bot before running it on a large database (docs/running.md, "Upgrading").
ALTER TABLE history ALTER COLUMN seq TYPE BIGINT;
ALTER TABLE campaigns ALTER COLUMN version TYPE BIGINT;
