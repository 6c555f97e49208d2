-- Extra game masters per campaign.
CREATE TABLE game_masters (
    channel_id BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    added_by   BIGINT NOT NULL,
    added_at   TEXT   NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
