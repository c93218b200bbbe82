-- Teachers' problem sets (ARCHITECTURE.md "Teachers' sets"): a set has an owner (NULL for the
-- bank's own sets), a visibility (private | class | public) and the attribution of what it was
-- copied from. A problem keeps its versions: editing a problem that learners tried stores a new
-- row and retires the old one (replaced_by), so that old attempts keep the version they were
-- judged on. A retired row is out of its set's order (position = -id).
ALTER TABLE problem_sets ADD COLUMN owner_id INTEGER;
ALTER TABLE problem_sets ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';
ALTER TABLE problem_sets ADD COLUMN copied_from TEXT;
ALTER TABLE problem_sets ADD COLUMN retired BOOLEAN NOT NULL DEFAULT 0;
CREATE INDEX problem_sets_owner ON problem_sets (owner_id);

ALTER TABLE problems ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE problems ADD COLUMN replaced_by INTEGER;
ALTER TABLE problems ADD COLUMN retired BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE problems ADD COLUMN copied_from TEXT;

-- A set given to a class as homework, from a start to a due date (ms since the epoch).
CREATE TABLE assignments (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    set_id INTEGER NOT NULL REFERENCES problem_sets(id) ON DELETE CASCADE,
    class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
    starts_at BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX assignments_class ON assignments (class_id, due_at);
CREATE INDEX assignments_set ON assignments (set_id);
