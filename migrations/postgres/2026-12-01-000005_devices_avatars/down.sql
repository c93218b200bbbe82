DROP TABLE devices;
ALTER TABLE users DROP COLUMN avatar;
