-- A fixed bucket count can change, as Paimon rescales buckets: ALTER TABLE sets the count of new
-- partitions; a partition written before keeps its files' count, and writes go on adding to it in
-- that layout, until an INSERT OVERWRITE rewrites it with the new count.
CREATE TABLE rb (dt STRING, id BIGINT, v STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '2');
INSERT INTO rb SELECT 'a', id, concat('v', id) FROM range(0, 100, 1, 4);
INSERT INTO rb SELECT 'b', id, concat('v', id) FROM range(0, 100, 1, 4);
SELECT partition, count(*), sum(file_count), sum(record_count) FROM `rb$buckets` GROUP BY partition ORDER BY partition;

ALTER TABLE rb SET TBLPROPERTIES ('bucket' = '3');
SHOW TBLPROPERTIES rb ('bucket');
-- Upserts into a stay in its 2 buckets, each bucket's rows still written by one task (one new
-- file per bucket); c is a new partition and gets 3 buckets.
INSERT INTO rb SELECT 'a', id, 'upserted' FROM range(90, 110, 1, 4);
INSERT INTO rb SELECT 'c', id, 'c' FROM range(0, 40, 1, 4);
SELECT dt, count(*), count(DISTINCT id) FROM rb GROUP BY dt ORDER BY dt;
SELECT partition, count(*), sum(file_count), sum(record_count) FROM `rb$buckets` GROUP BY partition ORDER BY partition;
SELECT * FROM rb WHERE dt = 'a' AND id IN (5, 95, 105) ORDER BY id;
SELECT dt, id, v FROM rb WHERE id = 7 ORDER BY dt;

-- Row-level changes in partitions of either count.
UPDATE rb SET v = 'updated' WHERE dt = 'b' AND id < 5;
DELETE FROM rb WHERE dt = 'a' AND id >= 100;
MERGE INTO rb USING (SELECT 'c' AS dt, id, 'merged' AS v FROM range(30, 50)) s
ON rb.dt = s.dt AND rb.id = s.id
WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM rb GROUP BY 1, 2 ORDER BY 1, 2;

-- An INSERT OVERWRITE of partition a with its own rows rescales it to 3 buckets.
INSERT OVERWRITE rb PARTITION (dt = 'a') SELECT id, v FROM rb WHERE dt = 'a';
SELECT partition, count(*), sum(record_count) FROM `rb$buckets` GROUP BY partition ORDER BY partition;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM rb GROUP BY 1, 2 ORDER BY 1, 2;
INSERT INTO rb SELECT 'a', id, 'after' FROM range(95, 105);
SELECT dt, count(*), count(DISTINCT id) FROM rb GROUP BY dt ORDER BY dt;

-- Compaction rewrites each bucket within its partition's count: one file per bucket.
CALL sys.compact(table => 'rb');
SELECT partition, count(*), sum(file_count), sum(record_count) FROM `rb$buckets` GROUP BY partition ORDER BY partition;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM rb GROUP BY 1, 2 ORDER BY 1, 2;

-- A bucketed append table rescales the same way.
CREATE TABLE ra (id BIGINT, v STRING) TBLPROPERTIES ('bucket' = '3', 'bucket-key' = 'id');
INSERT INTO ra SELECT id, 'x' FROM range(0, 30);
ALTER TABLE ra SET TBLPROPERTIES ('bucket' = '5');
INSERT INTO ra SELECT id, 'y' FROM range(30, 60);
SELECT count(*) AS buckets, sum(record_count) FROM `ra$buckets`;
INSERT OVERWRITE ra SELECT * FROM ra;
SELECT count(*) AS buckets, sum(record_count) FROM `ra$buckets`;
SELECT v, count(*), min(id), max(id) FROM ra GROUP BY v ORDER BY v;

-- An empty table may still change its layout, as in Paimon. Once a table has snapshots only a
-- fixed count changes: dynamic (-1) and postponed (-2) buckets have none.
CREATE TABLE rd (id BIGINT, v STRING) TBLPROPERTIES ('primary-key' = 'id');
ALTER TABLE rd SET TBLPROPERTIES ('bucket' = '4');
INSERT INTO rd SELECT id, 'x' FROM range(0, 40);
SELECT count(*) AS buckets, sum(record_count) FROM `rd$buckets`;
ALTER TABLE rd SET TBLPROPERTIES ('bucket' = '-1');
ALTER TABLE rb SET TBLPROPERTIES ('bucket' = '-1');
ALTER TABLE rb SET TBLPROPERTIES ('bucket' = '0');
SHOW TBLPROPERTIES rb ('bucket');

-- CALL sys.rescale rewrites partitions with another count in Spark tasks, as one COMPACT snapshot:
-- a fixed-bucket table's with the table's count (as the INSERT OVERWRITE above does).
CREATE TABLE rs (dt STRING, id BIGINT, v STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '2');
INSERT INTO rs SELECT IF(id < 50, 'a', 'b'), id, concat('v', id) FROM range(0, 100, 1, 4);
INSERT INTO rs SELECT 'a', id, 'upserted' FROM range(40, 50);
DELETE FROM rs WHERE id = 3;
ALTER TABLE rs SET TBLPROPERTIES ('bucket' = '4');
CALL sys.rescale(table => 'rs', partitions => 'dt=a');
SELECT partition, count(*), sum(record_count) FROM `rs$buckets` GROUP BY partition ORDER BY partition;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*), count(DISTINCT id) FROM rs GROUP BY 1, 2 ORDER BY 1, 2;
SELECT commit_kind FROM `rs$snapshots` ORDER BY snapshot_id DESC LIMIT 1;
INSERT INTO rs SELECT 'a', id, 'after' FROM range(45, 55);
SELECT dt, count(*), count(DISTINCT id) FROM rs GROUP BY dt ORDER BY dt;
CALL sys.rescale(table => 'rs', bucket_num => 3);
CALL sys.rescale(table => 'rs', where => "dt = 'b'");
SELECT partition, count(*), sum(record_count) FROM `rs$buckets` GROUP BY partition ORDER BY partition;
SELECT count(*), count(DISTINCT dt, id) FROM rs;

-- A postponed-bucket table's partitions each get the bucket_num asked for.
CREATE TABLE rp (dt STRING, id BIGINT, v STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '-2');
INSERT INTO rp SELECT IF(id < 50, 'a', 'b'), id, 'x' FROM range(0, 100);
CALL sys.rescale(table => 'rp', bucket_num => 3, partitions => 'dt=a');
SELECT partition, count(*), sum(record_count) FROM `rp$buckets` GROUP BY partition ORDER BY partition;
INSERT INTO rp SELECT 'a', id, 'y' FROM range(45, 55);
SELECT dt, v, count(*), count(DISTINCT id) FROM rp GROUP BY dt, v ORDER BY dt, v;
SELECT partition, count(*) FROM `rp$buckets` GROUP BY partition ORDER BY partition;

-- What sys.rescale refuses, leaving the tables as they were.
CALL sys.rescale(table => 'rp');
CALL sys.rescale(table => 'rp', bucket_num => 0);
CALL sys.rescale(table => 'rp', bucket_num => 2, partitions => 'dt=a', where => "dt = 'a'");
CALL sys.rescale(table => 'rp', bucket_num => 2, partitions => 'nope=a');
CREATE TABLE rn (id BIGINT, v STRING) TBLPROPERTIES ('primary-key' = 'id');
INSERT INTO rn VALUES (1, 'a');
CALL sys.rescale(table => 'rn', bucket_num => 2);
CREATE TABLE re (id BIGINT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '-2');
CALL sys.rescale(table => 're', bucket_num => 2);
SELECT partition, count(*) FROM `rp$buckets` GROUP BY partition ORDER BY partition;

-- Deletion vectors of the files replaced are dropped with them; an append table rescales too.
CREATE TABLE rv (id BIGINT, v STRING)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2', 'deletion-vectors.enabled' = 'true');
INSERT INTO rv SELECT id, 'x' FROM range(0, 40);
CALL sys.compact(table => 'rv');
INSERT INTO rv SELECT id, 'y' FROM range(0, 40, 4);
CALL sys.compact(table => 'rv', compact_strategy => 'minor');
SELECT count(*) > 0 FROM `rv$table_indexes` WHERE index_type = 'DELETION_VECTORS';
ALTER TABLE rv SET TBLPROPERTIES ('bucket' = '3');
CALL sys.rescale(table => 'rv');
SELECT count(*) FROM `rv$table_indexes` WHERE index_type = 'DELETION_VECTORS';
SELECT count(*) AS buckets, sum(record_count) FROM `rv$buckets`;
SELECT v, count(*), count(DISTINCT id) FROM rv GROUP BY v ORDER BY v;
CREATE TABLE rx (id BIGINT, v STRING) TBLPROPERTIES ('bucket' = '2', 'bucket-key' = 'id');
INSERT INTO rx SELECT id, 'x' FROM range(0, 30);
ALTER TABLE rx SET TBLPROPERTIES ('bucket' = '5');
CALL sys.rescale(table => 'rx');
SELECT count(*) AS buckets, sum(record_count) FROM `rx$buckets`;
SELECT count(*), count(DISTINCT id) FROM rx;
-- No row changes, so no changelog: streaming readers of a changelog table see nothing new.
CREATE TABLE rc (id BIGINT, v STRING)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'changelog-producer' = 'lookup');
INSERT INTO rc SELECT id, 'x' FROM range(0, 20);
ALTER TABLE rc SET TBLPROPERTIES ('bucket' = '2');
CALL sys.rescale(table => 'rc');
SELECT snapshot_id, commit_kind, changelog_record_count FROM `rc$snapshots` ORDER BY snapshot_id;
SELECT count(*) AS buckets, sum(record_count) FROM `rc$buckets`;
SELECT count(*) FROM rc;
