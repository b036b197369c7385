-- A primary-key table keeps one row per key: the latest write wins (deduplicate).
CREATE TABLE t (id INT, v STRING, n BIGINT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2');
DESCRIBE t;
INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 1), (3, 'c', 1);
INSERT INTO t VALUES (1, 'a2', 2);
SELECT * FROM t ORDER BY id;
INSERT INTO t VALUES (1, 'a3', 3), (4, 'd', 1);
INSERT INTO t VALUES (2, NULL, NULL);
SELECT * FROM t ORDER BY id;
SELECT count(*) FROM t;
SELECT v FROM t WHERE id = 1;
SELECT id FROM t WHERE v = 'a2';

-- Several rows for one key in one statement: the last one in the input wins (one input
-- partition here, so the input order is fixed).
INSERT INTO t SELECT 5, concat('v', id), id FROM range(0, 10, 1, 1);
SELECT * FROM t WHERE id = 5;

-- Many keys, several writes.
CREATE TABLE many (k BIGINT, v BIGINT) TBLPROPERTIES ('primary-key' = 'k', 'bucket' = '4');
INSERT INTO many SELECT id, 0 FROM range(0, 1000);
INSERT INTO many SELECT id, 1 FROM range(0, 1000, 2);
INSERT INTO many SELECT id, 2 FROM range(0, 1000, 5);
SELECT count(*), sum(v) FROM many;
SELECT v, count(*) FROM many GROUP BY v ORDER BY v;

-- A composite key with a partition column.
CREATE TABLE orders (dt STRING, order_id INT, amount DECIMAL(10, 2))
PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,order_id', 'bucket' = '2');
INSERT INTO orders VALUES ('2026-09-24', 1, 10), ('2026-09-24', 2, 20), ('2026-09-24', 3, 30),
  ('2026-09-25', 4, 40), ('2026-09-25', 5, 50);
INSERT INTO orders VALUES ('2026-09-24', 2, 21), ('2026-09-25', 2, 22);
SELECT * FROM orders ORDER BY dt, order_id;
SELECT dt, sum(amount) FROM orders GROUP BY dt ORDER BY dt;

-- Merge engines other than deduplicate are readable but not yet writable: the write fails
-- before any task runs and leaves the table empty.
CREATE TABLE first (id INT, v STRING)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' = 'first-row');
INSERT INTO first VALUES (1, 'first');
SELECT count(*) FROM first;

-- Overwriting a key table replaces all its rows.
INSERT OVERWRITE t VALUES (1, 'only', 1), (7, 'seven', 7);
SELECT * FROM t ORDER BY id;
-- A changelog produced by compaction ('lookup', 'full-compaction') is written by Strata's
-- compactions as by Paimon's.
CREATE TABLE cl (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id','bucket'='1','changelog-producer'='lookup');
INSERT INTO cl VALUES (1, 'a');
CALL sys.compact(table => 'cl');
SELECT count(*) FROM cl;
ALTER TABLE cl SET TBLPROPERTIES ('changelog-producer'='none');
INSERT INTO cl VALUES (1, 'a');
SELECT * FROM cl;
