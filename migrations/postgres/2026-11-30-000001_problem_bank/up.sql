-- The problem bank and every attempt at it. Times are milliseconds since the Unix epoch.
CREATE TABLE problem_sets (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT,
    source TEXT,
    created_at BIGINT NOT NULL
);

CREATE TABLE problems (
    id SERIAL PRIMARY KEY,
    set_id INTEGER NOT NULL REFERENCES problem_sets(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file TEXT NOT NULL,
    sgf TEXT NOT NULL,
    size INTEGER NOT NULL,
    to_play TEXT NOT NULL,
    kind TEXT NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    vp_x0 INTEGER NOT NULL,
    vp_y0 INTEGER NOT NULL,
    vp_x1 INTEGER NOT NULL,
    vp_y1 INTEGER NOT NULL,
    name TEXT,
    comment TEXT,
    source TEXT,
    rating DOUBLE PRECISION NOT NULL,
    rating_rd DOUBLE PRECISION NOT NULL,
    rating_vol DOUBLE PRECISION NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (set_id, position)
);
CREATE INDEX problems_kind_rating ON problems (kind, rating);

CREATE TABLE tags (
    id SERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE problem_tags (
    problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (problem_id, tag_id)
);

CREATE TABLE attempts (
    id SERIAL PRIMARY KEY,
    problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
    learner_id INTEGER,
    started_at BIGINT NOT NULL,
    ended_at BIGINT,
    result TEXT NOT NULL,
    rated BOOLEAN NOT NULL
);
CREATE INDEX attempts_problem ON attempts (problem_id);

CREATE TABLE attempt_moves (
    id SERIAL PRIMARY KEY,
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
