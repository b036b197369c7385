-- Filters on partition and data columns return the right rows whether or not they prune.
CREATE TABLE t (id INT, name STRING, score DOUBLE, dt STRING, region STRING)
PARTITIONED BY (dt, region);
INSERT INTO t VALUES
  (1, 'alice', 10.0, '2024-01-01', 'eu'),
  (2, 'bob', 20.0, '2024-01-01', 'us'),
  (3, 'anna', NULL, '2024-01-02', 'eu'),
  (4, NULL, 40.0, '2024-01-02', 'us'),
  (5, 'carl', 50.0, '2024-01-03', NULL);
INSERT INTO t VALUES (6, 'abe', 60.0, '2024-01-03', 'eu'), (7, 'Al', 70.0, '2024-01-04', 'us');

-- Partition columns.
SELECT id FROM t WHERE dt = '2024-01-01' ORDER BY id;
SELECT id FROM t WHERE dt < '2024-01-02' ORDER BY id;
SELECT id FROM t WHERE dt > '2024-01-02' ORDER BY id;
SELECT id FROM t WHERE dt >= '2024-01-02' AND dt <= '2024-01-03' ORDER BY id;
SELECT id FROM t WHERE dt IN ('2024-01-01', '2024-01-04') ORDER BY id;
SELECT id FROM t WHERE region IS NULL ORDER BY id;
SELECT id FROM t WHERE region IS NOT NULL AND dt = '2024-01-03' ORDER BY id;
SELECT id FROM t WHERE dt LIKE '2024-01-0%' AND region = 'eu' ORDER BY id;
SELECT id FROM t WHERE dt = '2024-01-01' OR region = 'eu' ORDER BY id;
SELECT id FROM t WHERE NOT (dt = '2024-01-01') ORDER BY id;
SELECT id FROM t WHERE region <> 'eu' ORDER BY id;
SELECT id FROM t WHERE dt NOT IN ('2024-01-01', '2024-01-02') ORDER BY id;
SELECT id FROM t WHERE dt = '2099-01-01';

-- Data columns.
SELECT id FROM t WHERE id = 3;
SELECT id FROM t WHERE id < 3 ORDER BY id;
SELECT id FROM t WHERE id > 5 ORDER BY id;
SELECT id FROM t WHERE id <= 2 OR id >= 6 ORDER BY id;
SELECT id FROM t WHERE id IN (2, 4, 99) ORDER BY id;
SELECT id FROM t WHERE name IS NULL ORDER BY id;
SELECT id FROM t WHERE score IS NULL ORDER BY id;
SELECT id FROM t WHERE name LIKE 'a%' ORDER BY id;
SELECT id FROM t WHERE name LIKE 'A%' ORDER BY id;
SELECT id FROM t WHERE name LIKE '%e' ORDER BY id;
SELECT id FROM t WHERE name LIKE '_nna' ORDER BY id;
SELECT id FROM t WHERE name = 'bob' OR score > 45 ORDER BY id;
SELECT id FROM t WHERE NOT (name = 'bob') ORDER BY id;
SELECT id FROM t WHERE NOT (score > 30) ORDER BY id;
SELECT id FROM t WHERE NOT (name LIKE 'a%') ORDER BY id;
SELECT id FROM t WHERE name NOT IN ('alice', 'bob') ORDER BY id;
SELECT id FROM t WHERE name IN ('alice', NULL) ORDER BY id;
SELECT id FROM t WHERE score BETWEEN 20 AND 50 ORDER BY id;
SELECT id FROM t WHERE score <=> NULL ORDER BY id;
SELECT id FROM t WHERE id = 1.5;
SELECT id FROM t WHERE id > 2.5 AND id < 4.5 ORDER BY id;
SELECT id FROM t WHERE upper(name) = 'BOB';
SELECT id FROM t WHERE id = 99;

-- Mixed partition and data columns.
SELECT id FROM t WHERE dt = '2024-01-02' AND name IS NULL;
SELECT id FROM t WHERE (dt = '2024-01-01' AND id = 2) OR (region = 'eu' AND score > 55) ORDER BY id;
SELECT id FROM t WHERE NOT (dt = '2024-01-01' OR name LIKE 'a%') ORDER BY id;

-- Filters on other types (min/max stats on every type).
CREATE TABLE typed (i BIGINT, d DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ, dec DECIMAL(10, 2), b BOOLEAN,
  f FLOAT, bin BINARY);
INSERT INTO typed VALUES
  (1, DATE '2024-01-01', TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP_NTZ '2024-01-01 00:00:00', 1.50, true, 1.5, X'01'),
  (2, DATE '2024-06-01', TIMESTAMP '2024-06-01 12:00:00', TIMESTAMP_NTZ '2024-06-01 12:00:00', 2.25, false, 2.5, X'02');
INSERT INTO typed VALUES
  (3, DATE '2025-01-01', TIMESTAMP '2025-01-01 00:00:00.5', TIMESTAMP_NTZ '2025-01-01 00:00:00.5', 100.00, NULL, NULL, NULL);
SELECT i FROM typed WHERE d > DATE '2024-03-01' ORDER BY i;
SELECT i FROM typed WHERE ts >= TIMESTAMP '2024-06-01 12:00:00' ORDER BY i;
SELECT i FROM typed WHERE ts > TIMESTAMP '2025-01-01 00:00:00' ORDER BY i;
SELECT i FROM typed WHERE ntz < TIMESTAMP_NTZ '2024-06-01 12:00:00' ORDER BY i;
SELECT i FROM typed WHERE dec = 2.25;
SELECT i FROM typed WHERE dec > 2 ORDER BY i;
SELECT i FROM typed WHERE dec < 1.505 ORDER BY i;
SELECT i FROM typed WHERE b = false;
SELECT i FROM typed WHERE NOT b;
SELECT i FROM typed WHERE f = 2.5;
SELECT i FROM typed WHERE bin = X'02';
SELECT i FROM typed WHERE i > 1L AND d < DATE '2025-01-01';

-- Primary-key table: filters must not resurrect an overwritten version of a key.
CREATE TABLE pk (id INT, v STRING, n INT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1');
INSERT INTO pk VALUES (1, 'old', 1), (2, 'keep', 2);
INSERT INTO pk VALUES (1, 'new', 10);
SELECT * FROM pk WHERE n = 1;
SELECT * FROM pk WHERE v = 'old';
SELECT * FROM pk WHERE n > 5;
SELECT * FROM pk WHERE v LIKE 'n%';
SELECT * FROM pk WHERE NOT (v = 'new');
