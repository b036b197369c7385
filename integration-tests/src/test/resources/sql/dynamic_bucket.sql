-- A primary-key table without 'bucket' is in dynamic bucket mode (bucket -1): a hash index puts
-- each key in a bucket of at most 'dynamic-bucket.target-row-num' keys.
CREATE TABLE d (dt STRING, id BIGINT, v STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'dynamic-bucket.target-row-num' = '100');
INSERT INTO d SELECT IF(id < 250, 'a', 'b'), id, 'x' FROM range(0, 300, 1, 4);
SELECT partition, bucket, record_count FROM `d$buckets` ORDER BY partition, bucket;
-- Upserts of old and new keys: old keys stay in their bucket, new ones fill bucket 2.
INSERT INTO d SELECT 'a', id, 'y' FROM range(200, 280, 1, 3);
UPDATE d SET v = 'u' WHERE id % 50 = 0;
DELETE FROM d WHERE dt = 'a' AND id BETWEEN 10 AND 19;
MERGE INTO d USING (SELECT 'b' AS dt, id FROM range(295, 305)) s
ON d.dt = s.dt AND d.id = s.id
WHEN MATCHED THEN UPDATE SET v = 'm'
WHEN NOT MATCHED THEN INSERT (dt, id, v) VALUES (s.dt, s.id, 'n');
SELECT dt, count(*), count(DISTINCT id) FROM d GROUP BY dt ORDER BY dt;
SELECT v, count(*) FROM d GROUP BY v ORDER BY v;
SELECT partition, bucket FROM `d$buckets` ORDER BY partition, bucket;

-- Overwriting a partition replaces its key index too.
INSERT OVERWRITE d PARTITION (dt = 'b') SELECT id, 'o' FROM range(0, 3);
SELECT dt, count(*) FROM d GROUP BY dt ORDER BY dt;
INSERT INTO d SELECT 'b', id, 'p' FROM range(0, 5);
SELECT * FROM d WHERE dt = 'b' ORDER BY id;

-- Dynamic buckets follow the primary key: a bucket key is refused.
CREATE TABLE bad (id BIGINT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket-key' = 'id');
