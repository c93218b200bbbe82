DROP TABLE attempt_moves;
DROP TABLE attempts;
DROP TABLE problem_tags;
DROP TABLE tags;
DROP TABLE problems;
DROP TABLE problem_sets;
