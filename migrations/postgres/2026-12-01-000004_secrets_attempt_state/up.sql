-- Every check of a secret (a password per user name, a child's pictures) counts its failures
-- here, one row per key; see ARCHITECTURE.md "Secrets". Keys need not name an existing user, so
-- that a wrong user name and a wrong password look alike.
CREATE TABLE secret_checks (
    key TEXT PRIMARY KEY NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    lockouts INTEGER NOT NULL DEFAULT 0,
    locked_until BIGINT
);
ALTER TABLE users DROP COLUMN failed_signins;

-- An attempt is a state machine: a move is stored only while it is open and only as the next
-- in sequence (one conditional UPDATE of move_count decides).
ALTER TABLE attempts ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0;
UPDATE attempts SET move_count =
    (SELECT COUNT(*) FROM attempt_moves WHERE attempt_moves.attempt_id = attempts.id);
