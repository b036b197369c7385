-- CALL sys.compact as a Spark job: partitions and where select buckets, minor and full strategies.
CREATE TABLE c (id BIGINT, v STRING, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('primary-key'='dt,id','bucket'='2');
INSERT INTO c VALUES (1, 'a', 'x'), (2, 'a', 'x'), (3, 'a', 'y'), (4, 'a', 'y');
INSERT INTO c VALUES (1, 'b', 'x'), (3, 'b', 'y');
INSERT INTO c VALUES (2, 'c', 'x'), (4, 'c', 'y');
CALL sys.compact(table => 'c', where => 'id > 1');
CALL sys.compact(table => 'c', where => 'nope = 1');
CALL sys.compact(table => 'c', where => 'dt = \'x\'', partitions => 'dt=x');
CALL sys.compact(table => 'c', compact_strategy => 'minor');
SELECT snapshot_id, commit_kind FROM `c$snapshots` ORDER BY snapshot_id;
CALL sys.compact(table => 'c', where => 'dt = \'x\'');
SELECT partition, bucket, level, record_count FROM `c$files` ORDER BY partition, bucket, level;
CALL sys.compact(table => 'c', where => 'dt IN (\'x\', \'y\') AND dt > \'a\'');
SELECT partition, bucket, level, record_count FROM `c$files` ORDER BY partition, bucket, level;
SELECT snapshot_id, commit_kind FROM `c$snapshots` ORDER BY snapshot_id;
SELECT * FROM c ORDER BY dt, id;
-- Write tasks compact the buckets they write: the third write reaches the trigger of 3 runs.
CREATE TABLE w (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id','bucket'='1','num-sorted-run.compaction-trigger'='3');
INSERT INTO w VALUES (1, 'a'), (2, 'a');
INSERT INTO w VALUES (1, 'b');
INSERT INTO w VALUES (2, 'c');
SELECT snapshot_id, commit_kind FROM `w$snapshots` ORDER BY snapshot_id;
SELECT bucket, level, record_count FROM `w$files` ORDER BY level;
SELECT * FROM w ORDER BY id;
