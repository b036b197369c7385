-- Primary-key tables with deletion vectors: every write compacts level 0 up with lookup, marking the older rows of higher levels deleted instead of merging them on read.
CREATE TABLE dv (id BIGINT NOT NULL, v STRING, n INT) TBLPROPERTIES ('primary-key'='id','bucket'='1','deletion-vectors.enabled'='true');
INSERT INTO dv VALUES (1, 'a', 1), (2, 'a', 2), (3, 'a', 3), (4, 'a', 4);
SELECT snapshot_id, commit_kind FROM `dv$snapshots` ORDER BY snapshot_id;
SELECT level, record_count FROM `dv$files` ORDER BY level, record_count;
INSERT INTO dv VALUES (2, 'b', 20), (5, 'b', 50);
SELECT level, record_count FROM `dv$files` ORDER BY level, record_count;
SELECT * FROM dv ORDER BY id;
UPDATE dv SET v = 'u' WHERE id IN (1, 5);
DELETE FROM dv WHERE id = 3;
MERGE INTO dv t USING (SELECT 4L AS id, 'm' AS v UNION ALL SELECT 6L, 'm') s ON t.id = s.id WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT (id, v, n) VALUES (s.id, s.v, 60);
SELECT * FROM dv ORDER BY id;
SELECT level, record_count FROM `dv$files` ORDER BY level, record_count;
SELECT snapshot_id, commit_kind FROM `dv$snapshots` ORDER BY snapshot_id;
-- The data change of a write is not visible before its compaction: level 0 is not read.
SELECT * FROM dv VERSION AS OF 3 ORDER BY id;
SELECT * FROM dv VERSION AS OF 4 ORDER BY id;
SELECT * FROM dv VERSION AS OF 6 ORDER BY id;
-- A full compaction rewrites the files with deletion vectors and drops the vectors.
CALL sys.compact(table => 'dv');
SELECT level, record_count FROM `dv$files` ORDER BY level, record_count;
SELECT * FROM dv ORDER BY id;
-- Partial updates merge the old row found by lookup.
CREATE TABLE dvp (id BIGINT NOT NULL, a STRING, b STRING) TBLPROPERTIES ('primary-key'='id','bucket'='1','deletion-vectors.enabled'='true','merge-engine'='partial-update');
INSERT INTO dvp VALUES (1, 'a1', NULL), (2, 'a2', NULL);
INSERT INTO dvp VALUES (1, NULL, 'b1');
SELECT * FROM dvp ORDER BY id;
-- First-row tables never delete an old row, so they refuse deletion vectors (as Paimon does).
CREATE TABLE dvf (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ('primary-key'='id','bucket'='1','deletion-vectors.enabled'='true','merge-engine'='first-row');
-- Postponed buckets keep deletion vectors in each partition's buckets, as fixed buckets do.
CREATE TABLE dvpost (id BIGINT NOT NULL, v STRING) TBLPROPERTIES ('primary-key'='id','bucket'='-2','deletion-vectors.enabled'='true');
INSERT INTO dvpost VALUES (1, 'a'), (2, 'b');
INSERT INTO dvpost VALUES (2, 'B'), (3, 'c');
SELECT * FROM dvpost ORDER BY id;
-- An overwrite's files are compacted up after its commit, so its rows are visible at once.
INSERT OVERWRITE dv VALUES (7, 'o', 70), (8, 'o', 80);
SELECT * FROM dv ORDER BY id;
SELECT level, record_count FROM `dv$files` ORDER BY level, record_count;
