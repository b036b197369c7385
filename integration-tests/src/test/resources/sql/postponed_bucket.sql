-- A primary-key table with postponed buckets ('bucket' = '-2'): each partition has its own bucket
-- count. Writes go straight into the buckets, readable at once; a partition written for the first
-- time gets 'postpone.default-bucket-num' buckets and keeps them.
CREATE TABLE pb (dt STRING, id BIGINT, v STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '-2', 'postpone.default-bucket-num' = '3');
INSERT INTO pb SELECT 'a', id, concat('v', id) FROM range(0, 100, 1, 4);
SELECT count(*), count(DISTINCT id), min(v), max(v) FROM pb;
-- Rows from 4 input tasks: each bucket is written by one write task, so it has one file.
SELECT partition, count(*), sum(file_count), sum(record_count) FROM `pb$buckets` GROUP BY partition ORDER BY partition;

-- A new default applies to new partitions only; upserts into a keep its 3 buckets.
ALTER TABLE pb SET TBLPROPERTIES ('postpone.default-bucket-num' = '2');
INSERT INTO pb SELECT 'b', id, 'b' FROM range(0, 50);
INSERT INTO pb SELECT 'a', id, 'upserted' FROM range(90, 110);
SELECT dt, count(*), count(DISTINCT id) FROM pb GROUP BY dt ORDER BY dt;
SELECT partition, count(*), sum(record_count) FROM `pb$buckets` GROUP BY partition ORDER BY partition;
SELECT * FROM pb WHERE dt = 'a' AND id IN (5, 95, 105) ORDER BY id;

-- Row-level changes and an overwrite.
UPDATE pb SET v = 'updated' WHERE dt = 'b' AND id < 5;
DELETE FROM pb WHERE dt = 'a' AND id >= 100;
MERGE INTO pb USING (SELECT 'c' AS dt, id, 'merged' AS v FROM range(0, 10)) s
ON pb.dt = s.dt AND pb.id = s.id
WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM pb GROUP BY 1, 2 ORDER BY 1, 2;
INSERT OVERWRITE pb PARTITION (dt = 'b') SELECT id, 'overwritten' FROM range(0, 4);
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM pb GROUP BY 1, 2 ORDER BY 1, 2;
SELECT partition, count(*) FROM `pb$buckets` GROUP BY partition ORDER BY partition;

-- Compaction rewrites each partition within its buckets: one file per bucket.
CALL sys.compact(table => 'pb');
SELECT partition, count(*), sum(file_count), sum(record_count) FROM `pb$buckets` GROUP BY partition ORDER BY partition;
SELECT dt, IF(v RLIKE '^v[0-9]+$', 'as inserted', v) AS v, count(*) FROM pb GROUP BY 1, 2 ORDER BY 1, 2;

-- Postponed buckets are for primary-key tables, and Strata writes no rows into bucket-postpone/.
CREATE TABLE pb_append (id BIGINT) TBLPROPERTIES ('bucket' = '-2');
CREATE TABLE pb_later (id BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '-2', 'postpone.batch-write-fixed-bucket' = 'false');
INSERT INTO pb_later VALUES (1);
SELECT count(*) FROM pb_later;
CREATE TABLE pb_bad (id BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '-2', 'postpone.default-bucket-num' = '0');
