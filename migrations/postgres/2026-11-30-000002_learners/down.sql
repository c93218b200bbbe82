DROP INDEX problems_rating;
DROP INDEX attempts_learner;
ALTER TABLE attempts DROP COLUMN hints;
DROP TABLE ratings_history;
DROP TABLE sessions;
DROP TABLE users;
