-- DELETE / UPDATE / MERGE on append tables with 'deletion-vectors.enabled': rows are marked in deletion vectors, data files stay.
CREATE TABLE dv (id INT, v STRING, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('deletion-vectors.enabled' = 'true');
INSERT INTO dv VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd1'), (4, 'd', 'd2'), (5, 'e', 'd2');
SELECT partition, bucket, record_count FROM `dv$files` ORDER BY partition, record_count;
SELECT id, __paimon_row_index, __paimon_bucket FROM dv ORDER BY id;
DELETE FROM dv WHERE id = 2;
SELECT * FROM dv ORDER BY id;
-- The files are unchanged; the partition's new index file holds the vector.
SELECT partition, bucket, record_count FROM `dv$files` ORDER BY partition, record_count;
SELECT partition, bucket, index_type, row_count, aggregate(dv_ranges, 0L, (n, r) -> n + r._CARDINALITY) AS deleted FROM `dv$table_indexes` ORDER BY partition;
UPDATE dv SET v = 'C' WHERE id = 3;
MERGE INTO dv t USING (SELECT 1 AS id UNION ALL SELECT 6) s ON t.id = s.id WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, v, dt) VALUES (s.id, 'f', 'd2');
SELECT * FROM dv ORDER BY id;
SELECT partition, record_count FROM `dv$files` ORDER BY partition, record_count;
SELECT partition, index_type, row_count, aggregate(dv_ranges, 0L, (n, r) -> n + r._CARDINALITY) AS deleted FROM `dv$table_indexes` ORDER BY partition;
SELECT snapshot_id, commit_kind, total_record_count FROM `dv$snapshots` ORDER BY snapshot_id;
-- Time travel before the deletes sees every row.
SELECT * FROM dv VERSION AS OF 1 ORDER BY id;
SELECT count(*) FROM `dv$table_indexes` VERSION AS OF 1;
-- Full compaction rewrites the files without their deleted rows and drops the vectors.
CALL sys.compact(table => 'dv', compact_strategy => 'full');
SELECT partition, record_count FROM `dv$files` ORDER BY partition, record_count;
SELECT count(*) FROM `dv$table_indexes`;
SELECT * FROM dv ORDER BY id;
-- Fixed buckets: one index file per bucket with deletions.
CREATE TABLE dvb (id INT, v STRING) TBLPROPERTIES ('deletion-vectors.enabled' = 'true', 'bucket' = '2', 'bucket-key' = 'id');
INSERT INTO dvb SELECT CAST(id AS INT), CONCAT('v', id) FROM range(0, 20);
DELETE FROM dvb WHERE id % 3 = 0;
UPDATE dvb SET v = 'x' WHERE id = 4;
SELECT count(*), sum(id) FROM dvb;
SELECT * FROM dvb WHERE id < 6 ORDER BY id;
SELECT bucket, index_type FROM `dvb$table_indexes` ORDER BY bucket;
