-- Every ALTER TABLE form of schema evolution, each followed by a read of rows written before.
CREATE TABLE t (id INT, name STRING, price FLOAT, qty SMALLINT, amount DECIMAL(10,2),
  code VARCHAR(5), info STRUCT<a: INT, b: STRING>) COMMENT 'before';

INSERT INTO t VALUES (1, 'one', 1.5, 10, 100.25, 'c1', named_struct('a', 11, 'b', 'x')),
  (2, 'two', 2.5, 20, 200.50, 'c2', named_struct('a', 22, 'b', 'y'));

-- ADD COLUMN, with a comment, FIRST and AFTER.
ALTER TABLE t ADD COLUMN note STRING COMMENT 'free text';

ALTER TABLE t ADD COLUMN rank INT FIRST;

ALTER TABLE t ADD COLUMNS (flag BOOLEAN AFTER id, tags ARRAY<STRING>);

-- A nested field of a struct column.
ALTER TABLE t ADD COLUMN info.c DOUBLE COMMENT 'nested';

ALTER TABLE t ADD COLUMN info.z INT FIRST;

-- A whole struct column: its fields get ids too.
ALTER TABLE t ADD COLUMN extra STRUCT<p: INT, q: STRING>;

DESCRIBE TABLE t;

SELECT * FROM t ORDER BY id;

-- RENAME COLUMN, top-level and nested.
ALTER TABLE t RENAME COLUMN name TO label;

ALTER TABLE t RENAME COLUMN info.b TO bee;

SELECT id, label, info FROM t ORDER BY id;

-- Safe type widenings.
ALTER TABLE t ALTER COLUMN id TYPE BIGINT;

ALTER TABLE t ALTER COLUMN price TYPE DOUBLE;

ALTER TABLE t ALTER COLUMN qty TYPE INT;

ALTER TABLE t ALTER COLUMN amount TYPE DECIMAL(12,2);

-- Spark sees VARCHAR(5) as STRING already, so this is no change for it (the table keeps
-- VARCHAR(5), see $schemas below); VARCHAR(n) to STRING is allowed by the table format.
ALTER TABLE t ALTER COLUMN code TYPE STRING;

ALTER TABLE t ALTER COLUMN info.a TYPE BIGINT;

DESCRIBE TABLE t;

SELECT id, price, qty, amount, code, info FROM t ORDER BY id;

INSERT INTO t (rank, id, flag, label, price, qty, amount, code, info, note, tags, extra)
  VALUES (0, 3000000000, true, 'three', 3.25, 70000, 1234567890.12, 'long code',
  named_struct('z', 0, 'a', 5000000000, 'bee', 'z', 'c', 0.5), 'new', array('t'),
  named_struct('p', 1, 'q', 'r'));

SELECT id, label, price, qty, amount, code, info, note, tags, extra FROM t ORDER BY id;

-- Filters on widened and renamed columns across files of both schemas.
SELECT id FROM t WHERE id > 1 ORDER BY id;

SELECT id FROM t WHERE qty >= 20 ORDER BY id;

SELECT id FROM t WHERE label = 'one';

SELECT id FROM t WHERE info.a = 22;

-- Column comments, DROP NOT NULL, table comment.
ALTER TABLE t ALTER COLUMN label COMMENT 'the label';

ALTER TABLE t ALTER COLUMN info.bee COMMENT 'nested comment';

COMMENT ON TABLE t IS 'after';

ALTER TABLE t ALTER COLUMN note FIRST;

ALTER TABLE t ALTER COLUMN note AFTER label;

DESCRIBE TABLE EXTENDED t;

-- DROP COLUMN(S), top-level and nested.
ALTER TABLE t DROP COLUMN flag;

ALTER TABLE t DROP COLUMNS (tags, extra);

ALTER TABLE t DROP COLUMN info.z;

ALTER TABLE t DROP COLUMN IF EXISTS missing;

SELECT * FROM t ORDER BY id;

SELECT schema_id, fields FROM `t$schemas` ORDER BY schema_id;

-- DROP NOT NULL.
CREATE TABLE nn (id INT NOT NULL, v INT NOT NULL);

INSERT INTO nn VALUES (1, 1);

ALTER TABLE nn ALTER COLUMN v DROP NOT NULL;

INSERT INTO nn VALUES (2, NULL);

SELECT * FROM nn ORDER BY id;

DESCRIBE TABLE nn;

-- A primary-key table merges records written under different schema versions by key.
CREATE TABLE kv (k BIGINT, v INT, w STRING) TBLPROPERTIES ('primary-key' = 'k', 'bucket' = '2');

INSERT INTO kv VALUES (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'three');

ALTER TABLE kv ALTER COLUMN v TYPE BIGINT;

ALTER TABLE kv RENAME COLUMN w TO label;

ALTER TABLE kv ADD COLUMN x STRING AFTER k;

INSERT INTO kv VALUES (2, 'updated', 5000000000, 'TWO'), (4, 'new', 40, 'four');

SELECT * FROM kv ORDER BY k;

SELECT k, v FROM kv WHERE v > 25 ORDER BY k;

CALL sys.compact(table => 'kv');

SELECT * FROM kv ORDER BY k;

-- REPLACE COLUMNS drops every column and adds new ones: old rows read NULL for all of them.
CREATE TABLE r (a INT, b STRING);

INSERT INTO r VALUES (1, 'x');

ALTER TABLE r REPLACE COLUMNS (a INT, c STRING);

INSERT INTO r VALUES (2, 'y');

SELECT * FROM r ORDER BY a;

SELECT schema_id, fields FROM `r$schemas` ORDER BY schema_id;
