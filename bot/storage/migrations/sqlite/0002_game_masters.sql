-- Extra game masters per campaign.
CREATE TABLE game_masters (
    channel_id INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    added_by   INTEGER NOT NULL,
    added_at   TEXT    NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;
