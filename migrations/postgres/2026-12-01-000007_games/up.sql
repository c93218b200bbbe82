-- Games against the computer or a parent (issue #13). The moves are the record: the rules core
-- replays them to rebuild the position (a reload or another server resumes from here).
-- version grows with every change (move, undo, resign, join, end): an update is conditional on
-- the version read, so of two changes that saw the same state only one is stored.
CREATE TABLE games (
    id SERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    target INTEGER NOT NULL,
    mode TEXT NOT NULL,
    bot_level INTEGER,
    code TEXT UNIQUE,
    black_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    white_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    moves TEXT NOT NULL,
    undos INTEGER NOT NULL DEFAULT 0,
    resigned TEXT,
    state TEXT NOT NULL,
    winner TEXT,
    result TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    started_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    ended_at BIGINT,
    CHECK (kind IN ('capture', 'go')),
    CHECK (mode IN ('computer', 'one_device', 'two_devices')),
    CHECK (state IN ('waiting', 'playing', 'finished', 'ended'))
);
CREATE INDEX games_black ON games (black_id);
CREATE INDEX games_white ON games (white_id);
