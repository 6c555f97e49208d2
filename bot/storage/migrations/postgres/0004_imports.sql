-- Who imported a campaign from a file, and when; history entries that came with the file.
ALTER TABLE campaigns ADD COLUMN imported_by BIGINT;
ALTER TABLE campaigns ADD COLUMN imported_at TEXT;
ALTER TABLE history ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
