-- Bloom-filter and bitmap file indexes: filters answer the same with them, and bad index options
-- are refused at CREATE and ALTER TABLE naming the option, the column and what it accepts.
CREATE TABLE events (id BIGINT, kind STRING, code INT, note STRING)
TBLPROPERTIES ('file-index.bloom-filter.columns' = 'id',
  'file-index.bloom-filter.id.items' = '100',
  'file-index.bitmap.columns' = 'kind,code');
INSERT INTO events VALUES (1, 'click', 200, 'a'), (2, 'view', 404, NULL), (3, NULL, 200, 'c');
INSERT INTO events VALUES (4, 'click', 500, 'd'), (5, 'buy', NULL, 'e');
INSERT INTO events VALUES (6, 'view', 200, 'f');

SELECT id FROM events WHERE id = 4;
SELECT id FROM events WHERE id IN (2, 6) ORDER BY id;
SELECT id FROM events WHERE kind = 'buy';
SELECT id FROM events WHERE kind IN ('view', 'nothing') ORDER BY id;
SELECT id FROM events WHERE kind IS NULL;
SELECT id FROM events WHERE code IS NULL;
SELECT id FROM events WHERE code = 200 AND kind = 'view';
SELECT id FROM events WHERE code = 999;
SELECT count(*) FROM events WHERE kind IS NOT NULL;

-- The same filters with the indexes ignored.
ALTER TABLE events SET TBLPROPERTIES ('file-index.read.enabled' = 'false');
SELECT id FROM events WHERE kind = 'buy';
SELECT id FROM events WHERE code = 200 AND kind = 'view';

-- Files written before an index option get its index from CALL sys.rewrite_file_index (a second
-- call finds nothing left to index); where => selects partitions only.
CREATE TABLE late (id BIGINT, tag STRING, p INT) PARTITIONED BY (p);
INSERT INTO late VALUES (1, 'x', 1), (2, 'y', 2);
INSERT INTO late VALUES (3, 'z', 1);
ALTER TABLE late SET TBLPROPERTIES ('file-index.bitmap.columns' = 'tag');
CALL sys.rewrite_file_index(table => 'late', where => 'p = 1');
CALL sys.rewrite_file_index(table => 'late');
CALL sys.rewrite_file_index(table => 'late');
SELECT id FROM late WHERE tag = 'z';
SELECT id FROM late WHERE tag IN ('x', 'y') ORDER BY id;
CALL sys.rewrite_file_index(table => 'late', where => 'id > 1');

-- A primary-key table with deletion vectors: files hold each key once, so a non-key filter and
-- the indexes skip files; an update hides the old version.
CREATE TABLE users (id BIGINT NOT NULL, city STRING, age INT)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'deletion-vectors.enabled' = 'true',
  'file-index.bitmap.columns' = 'city');
INSERT INTO users VALUES (1, 'Oslo', 30), (2, 'Lima', 41);
INSERT INTO users VALUES (3, 'Oslo', 25), (1, 'Rome', 31);
SELECT id, age FROM users WHERE city = 'Oslo' ORDER BY id;
SELECT id FROM users WHERE city = 'Rome';
SELECT id FROM users WHERE age > 40;

-- Bad index options.
CREATE TABLE bad (id BIGINT, price DECIMAL(10, 2))
TBLPROPERTIES ('file-index.bloom-filter.columns' = 'id,missing');
CREATE TABLE bad (id BIGINT, price DECIMAL(10, 2))
TBLPROPERTIES ('file-index.bitmap.columns' = 'price');
CREATE TABLE bad (id BIGINT, price DECIMAL(10, 2))
TBLPROPERTIES ('file-index.bitmap.columns' = 'id', 'file-index.bitmap.id.version' = '3');
CREATE TABLE bad (id BIGINT, price DECIMAL(10, 2))
TBLPROPERTIES ('file-index.bloom-filter.columns' = 'id', 'file-index.bloom-filter.id.fpp' = '2');
ALTER TABLE events DROP COLUMN kind;
ALTER TABLE events SET TBLPROPERTIES ('file-index.bitmap.columns' = 'note,nope');
SHOW TABLES LIKE 'bad';
ALTER TABLE events UNSET TBLPROPERTIES ('file-index.bitmap.columns');
ALTER TABLE events DROP COLUMN kind;
SELECT * FROM events WHERE code = 200 ORDER BY id;
