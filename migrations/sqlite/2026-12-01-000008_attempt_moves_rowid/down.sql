CREATE TABLE attempt_moves_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
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
INSERT INTO attempt_moves_old (id, attempt_id, seq, mv, by_learner, judged, comment, ms_since_prev, created_at)
    SELECT id, attempt_id, seq, mv, by_learner, judged, comment, ms_since_prev, created_at FROM attempt_moves;
DROP TABLE attempt_moves;
ALTER TABLE attempt_moves_old RENAME TO attempt_moves;
