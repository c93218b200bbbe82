-- Accounts (learner, parent, teacher, admin), sessions, and the history of rated games.
CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    role TEXT NOT NULL,
    username TEXT UNIQUE,
    password_hash TEXT,
    display_name TEXT NOT NULL,
    -- Children: the picture password (argon2id of the three pictures in order) and their parent.
    picture_hash TEXT,
    parent_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    -- Parents: the code a child types (or a link carries) to find the family.
    family_code TEXT UNIQUE,
    failed_signins INTEGER NOT NULL DEFAULT 0,
    rating DOUBLE PRECISION NOT NULL,
    rating_rd DOUBLE PRECISION NOT NULL,
    rating_vol DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX users_parent ON users (parent_id);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE ratings_history (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
    solved BOOLEAN NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    rd_after DOUBLE PRECISION NOT NULL,
    problem_rating_after DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ratings_history_user ON ratings_history (user_id, created_at);

ALTER TABLE attempts ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
CREATE INDEX attempts_learner ON attempts (learner_id, problem_id);
CREATE INDEX problems_rating ON problems (rating);
