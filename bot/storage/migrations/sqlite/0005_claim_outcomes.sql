-- What each claimed interaction did: the change it made (its campaign and history entry) or
-- that it was refused. A process that loses its connection while committing looks its claim
-- up to tell the member whether the change was made; a process that refuses an interaction
-- another process might apply (an expired button) claims it first. Additive: a process of the
-- previous version keeps working on this schema (its claims read as applied, with no entry).
ALTER TABLE interactions ADD COLUMN campaign_id INTEGER;
ALTER TABLE interactions ADD COLUMN seq INTEGER;
ALTER TABLE interactions ADD COLUMN outcome TEXT NOT NULL DEFAULT 'applied';
