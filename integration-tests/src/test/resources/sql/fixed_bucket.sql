-- An append table with fixed buckets hashes 'bucket-key' into 'bucket' buckets.
CREATE TABLE t (id INT, v STRING, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'id');
SHOW TBLPROPERTIES t;
INSERT INTO t SELECT CAST(id AS INT), concat('v', id), IF(id % 2 = 0, 'even', 'odd') FROM range(0, 100);
SELECT count(*), sum(id) FROM t;
SELECT dt, count(*) FROM t GROUP BY dt ORDER BY dt;
INSERT INTO t VALUES (1, 'again', 'odd');
SELECT * FROM t WHERE id = 1 ORDER BY v;
SELECT * FROM t WHERE id IN (0, 99) ORDER BY id;

-- No row is lost or repeated across buckets. (Which bucket each key lands in is checked against
-- Paimon by BucketFunctionTest in table-core and by DataFrameWriteSuite's bucket layout test.)
SELECT count(DISTINCT id), count(*) FROM t;

-- Overwrite a partition of a bucketed table.
INSERT OVERWRITE t PARTITION (dt = 'odd') SELECT CAST(id AS INT), 'new' FROM range(1, 10, 2);
SELECT dt, count(*), min(v), max(v) FROM t GROUP BY dt ORDER BY dt;

-- A multi-column bucket key; an unpartitioned table.
CREATE TABLE multi (a INT, b STRING, c DOUBLE) TBLPROPERTIES ('bucket' = '3', 'bucket-key' = 'a,b');
INSERT INTO multi VALUES (1, 'x', 1.0), (1, 'y', 2.0), (2, 'x', 3.0), (NULL, NULL, 4.0);
INSERT INTO multi VALUES (1, 'x', 5.0);
SELECT * FROM multi ORDER BY c;
SELECT c FROM multi WHERE a = 1 AND b = 'x' ORDER BY c;

-- A single bucket.
CREATE TABLE one (id INT) TBLPROPERTIES ('bucket' = '1', 'bucket-key' = 'id');
INSERT INTO one SELECT CAST(id AS INT) FROM range(0, 50, 1, 3);
SELECT count(*), sum(id) FROM one;

-- sink.parallelism: two write tasks for five key buckets; the last duplicate of a key wins.
CREATE TABLE sunk (id INT NOT NULL, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '5', 'sink.parallelism' = '2');
INSERT INTO sunk SELECT CAST(id % 20 AS INT), CAST(id AS STRING) FROM range(0, 100, 1, 1);
SELECT count(*), min(id), max(id) FROM sunk;
SELECT id, v FROM sunk WHERE id IN (0, 7, 19) ORDER BY id;
