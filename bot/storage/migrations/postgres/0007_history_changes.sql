-- A history entry keeps the change back to the state before it (an RFC 6902 JSON Patch,
-- bot/storage/changes.py) instead of the whole state before it; an entry that changed nothing
-- (an aside such as /roll) keeps none and is marked, and undo passes it by. Existing entries
-- are converted by the Python step (bot/storage/migrations/steps.py), one campaign at a time.
-- Old processes read state_before, which this step removes: stop every process of the bot
-- before it runs (docs/running.md, "Upgrading").
ALTER TABLE history ADD COLUMN undo_patch TEXT;
ALTER TABLE history ADD COLUMN aside INTEGER NOT NULL DEFAULT 0;
-- [python]
ALTER TABLE history DROP COLUMN state_before;
-- The newest entry undo may take back, read backwards without passing asides or undone
-- entries one by one.
CREATE INDEX history_undoable ON history (campaign_id, seq) WHERE undone_at IS NULL AND aside = 0;
