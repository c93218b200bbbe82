-- Each child's animal avatar (one of the app's drawings, by number), so that a child finds
-- themselves without reading.
ALTER TABLE users ADD COLUMN avatar INTEGER NOT NULL DEFAULT 0;

-- Remembered devices: a grown-up typed the family's or class's code once on this device; the
-- device keeps a revocable token in a cookie (only its SHA-256 is stored here). Exactly one of
-- family_id (the parent) and class_id is set.
CREATE TABLE devices (
    id SERIAL PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    family_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    class_id INTEGER REFERENCES classes(id) ON DELETE CASCADE,
    created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked BOOLEAN NOT NULL DEFAULT FALSE,
    CHECK ((family_id IS NULL) <> (class_id IS NULL))
);
CREATE INDEX devices_family ON devices (family_id);
CREATE INDEX devices_class ON devices (class_id);
