ALTER TABLE attempts DROP COLUMN move_count;
ALTER TABLE users ADD COLUMN failed_signins INTEGER NOT NULL DEFAULT 0;
DROP TABLE secret_checks;
