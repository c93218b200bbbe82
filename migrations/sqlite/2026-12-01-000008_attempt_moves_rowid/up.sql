-- A stored move's id is SQLite's rowid without AUTOINCREMENT: AUTOINCREMENT rewrote the
-- sqlite_sequence page in every commit of the writer, one page more in the write-ahead log per
-- batch of answers (ARCHITECTURE.md "An answer"). Nothing refers to a move's id; moves are found
-- by (attempt_id, seq).
CREATE TABLE attempt_moves_new (
    id INTEGER PRIMARY KEY NOT NULL,
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    mv TEXT NOT NULL,
    by_learner BOOLEAN NOT NULL,
    judged TEXT,
    comment TEXT,
    ms_since_prev BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (attempt_id, seq)
);
INSERT INTO attempt_moves_new (id, attempt_id, seq, mv, by_learner, judged, comment, ms_since_prev, created_at)
    SELECT id, attempt_id, seq, mv, by_learner, judged, comment, ms_since_prev, created_at FROM attempt_moves;
DROP TABLE attempt_moves;
ALTER TABLE attempt_moves_new RENAME TO attempt_moves;
DELETE FROM sqlite_sequence WHERE name = 'attempt_moves';
