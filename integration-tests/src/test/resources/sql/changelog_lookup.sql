-- changelog-producer lookup: each write compacts level 0 in the same commit (APPEND then COMPACT snapshot) and the COMPACT snapshot carries the changelog of what changed.
CREATE TABLE lk (id BIGINT, status STRING, qty INT) TBLPROPERTIES ('primary-key'='id','bucket'='2','changelog-producer'='lookup');
INSERT INTO lk VALUES (1, 'CREATED', 1), (2, 'CREATED', 2), (3, 'CREATED', 3);
INSERT INTO lk VALUES (1, 'PAID', 1), (4, 'CREATED', 4);
UPDATE lk SET qty = qty + 10 WHERE id = 2;
DELETE FROM lk WHERE id = 3;
MERGE INTO lk t USING (SELECT 4 AS id, 'PAID' AS status, 4 AS qty UNION ALL SELECT 5, 'CREATED', 5) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *;
SELECT * FROM lk ORDER BY id;
SELECT snapshot_id, commit_kind, changelog_record_count FROM `lk$snapshots` ORDER BY snapshot_id;
SELECT count(*) FROM `lk$files` WHERE level = 0;
CREATE TABLE lk_sum (id BIGINT, total BIGINT) TBLPROPERTIES ('primary-key'='id','bucket'='1','changelog-producer'='lookup','merge-engine'='aggregation','fields.total.aggregate-function'='sum');
INSERT INTO lk_sum VALUES (1, 5), (2, 7);
INSERT INTO lk_sum VALUES (1, 3);
INSERT INTO lk_sum VALUES (1, 2), (3, 1);
CALL sys.compact(table => 'lk_sum', compact_strategy => 'full');
SELECT * FROM lk_sum ORDER BY id;
SELECT snapshot_id, commit_kind, changelog_record_count FROM `lk_sum$snapshots` ORDER BY snapshot_id;
-- full-compaction: only compactions into the top level write changelog, of every key they changed.
CREATE TABLE lk_full (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id','bucket'='1','changelog-producer'='full-compaction');
INSERT INTO lk_full VALUES (1, 'a'), (2, 'b');
INSERT INTO lk_full VALUES (1, 'a2');
CALL sys.compact(table => 'lk_full', compact_strategy => 'full');
INSERT INTO lk_full VALUES (2, 'b2'), (3, 'c');
CALL sys.compact(table => 'lk_full', compact_strategy => 'full');
SELECT * FROM lk_full ORDER BY id;
SELECT snapshot_id, commit_kind, changelog_record_count FROM `lk_full$snapshots` ORDER BY snapshot_id;
