-- ALTER TABLE SET / UNSET TBLPROPERTIES change table options in a new schema version.
CREATE TABLE t (id INT, v STRING) TBLPROPERTIES ('a.key' = '1');
SHOW TBLPROPERTIES t;
ALTER TABLE t SET TBLPROPERTIES ('a.key' = '2', 'file.compression' = 'gzip', 'b.key' = 'x');
SHOW TBLPROPERTIES t;
ALTER TABLE t UNSET TBLPROPERTIES ('b.key');
SHOW TBLPROPERTIES t;
ALTER TABLE t UNSET TBLPROPERTIES ('no.such.key');
ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('no.such.key');
SHOW TBLPROPERTIES t;

-- The table comment is a reserved property.
ALTER TABLE t SET TBLPROPERTIES ('comment' = 'now with a comment');
DESCRIBE TABLE EXTENDED t;
COMMENT ON TABLE t IS 'changed comment';
SHOW CREATE TABLE t;

-- Data written before and after an ALTER stays readable.
INSERT INTO t VALUES (1, 'a');
ALTER TABLE t SET TBLPROPERTIES ('file.compression' = 'zstd');
INSERT INTO t VALUES (2, 'b');
SELECT * FROM t ORDER BY id;

-- Invalid values are rejected and the options stay as they were.
ALTER TABLE t SET TBLPROPERTIES ('file.compression' = 'brotli9');
ALTER TABLE t SET TBLPROPERTIES ('snapshot.num-retained.min' = '0');
ALTER TABLE t SET TBLPROPERTIES ('snapshot.time-retained' = 'soon');
SHOW TBLPROPERTIES t;

-- Layout options are fixed once a table has snapshots, except a fixed bucket count, which can
-- change (see rescale_bucket.sql).
ALTER TABLE t SET TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id');
ALTER TABLE t SET TBLPROPERTIES ('primary-key' = 'id');
CREATE TABLE b (id INT, v STRING) TBLPROPERTIES ('bucket' = '2', 'bucket-key' = 'id');
INSERT INTO b VALUES (1, 'a');
ALTER TABLE b UNSET TBLPROPERTIES ('bucket');
ALTER TABLE b SET TBLPROPERTIES ('bucket' = '3');
SHOW TBLPROPERTIES b;
-- Until its first snapshot a table may change its bucket layout and merge engine, as in Paimon.
CREATE TABLE e (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2');
ALTER TABLE e SET TBLPROPERTIES ('merge-engine' = 'first-row', 'bucket' = '-2');
SHOW TBLPROPERTIES e ('bucket');
INSERT INTO e VALUES (1, 'a');
INSERT INTO e VALUES (1, 'b');
SELECT * FROM e;
ALTER TABLE e SET TBLPROPERTIES ('merge-engine' = 'deduplicate');

-- Column changes are not supported yet.
ALTER TABLE t ADD COLUMN extra INT;
