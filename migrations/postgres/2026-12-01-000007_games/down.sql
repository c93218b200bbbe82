DROP TABLE games;
