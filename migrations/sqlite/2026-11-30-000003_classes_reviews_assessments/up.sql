-- Classes (a teacher's children), reviews of failed problems, per-concept ratings, assessments.
CREATE TABLE classes (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    teacher_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- The code a child types (or a link carries) to find the class.
    code TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX classes_teacher ON classes (teacher_id);

CREATE TABLE class_members (
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    learner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (class_id, learner_id)
);
CREATE INDEX class_members_learner ON class_members (learner_id);

-- A failed problem comes back after 1, then 3, then 7 days, seen another way (`view`:
-- symmetry 0-7, plus 8 when the colours are swapped).
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    learner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    problem_id INTEGER NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
    stage INTEGER NOT NULL,
    due_at BIGINT NOT NULL,
    view INTEGER NOT NULL,
    done_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_due ON reviews (learner_id, done_at, due_at);

CREATE TABLE concept_ratings (
    learner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    concept TEXT NOT NULL,
    rating DOUBLE NOT NULL,
    rating_rd DOUBLE NOT NULL,
    rating_vol DOUBLE NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    PRIMARY KEY (learner_id, concept)
);

-- 棋力测评: an adaptive placement test; its problems are attempts carrying its id.
CREATE TABLE assessments (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    learner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at BIGINT NOT NULL,
    ended_at BIGINT,
    items INTEGER NOT NULL,
    estimate DOUBLE NOT NULL,
    sd DOUBLE NOT NULL,
    rank TEXT,
    rank_low TEXT,
    rank_high TEXT
);
CREATE INDEX assessments_learner ON assessments (learner_id, started_at);

ALTER TABLE attempts ADD COLUMN view INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN review_id INTEGER;
ALTER TABLE attempts ADD COLUMN assessment_id INTEGER;
ALTER TABLE attempts ADD COLUMN solution_viewed BOOLEAN NOT NULL DEFAULT FALSE;
-- The growth log reads a learner's attempts by time.
CREATE INDEX attempts_learner_time ON attempts (learner_id, started_at);
-- The success chance "next problem" aims at (the learner, a parent or a teacher chooses).
ALTER TABLE users ADD COLUMN target_success DOUBLE NOT NULL DEFAULT 0.75;
