-- CALL sys.compact with order_strategy: the selected partitions of an append table are sorted by order_by and rewritten in one COMPACT snapshot.
CREATE TABLE s (a INT, b INT, v STRING, dt STRING) PARTITIONED BY (dt);
INSERT INTO s VALUES (5, 1, 'p', 'x'), (1, 9, 'q', 'x'), (3, 3, 'r', 'y');
INSERT INTO s VALUES (4, 2, 's', 'x'), (2, 8, 't', 'x'), (9, 0, 'u', 'y');
INSERT INTO s VALUES (3, 5, 'w', 'x'), (6, 6, 'z', 'y');
SELECT partition, record_count, min_value_stats, max_value_stats FROM `s$files` ORDER BY partition, min_value_stats;
CALL sys.compact(table => 's', partitions => 'dt=x', order_strategy => 'order', order_by => 'a');
SELECT partition, record_count, min_value_stats, max_value_stats FROM `s$files` ORDER BY partition, min_value_stats;
CALL sys.compact(table => 's', order_strategy => 'ZORDER', order_by => 'b, a');
SELECT partition, record_count, min_value_stats, max_value_stats FROM `s$files` ORDER BY partition, min_value_stats;
SELECT snapshot_id, commit_kind, total_record_count, delta_record_count FROM `s$snapshots` ORDER BY snapshot_id;
SELECT * FROM s ORDER BY dt, a, b;
-- Bad arguments fail before anything is written.
CALL sys.compact(table => 's', order_strategy => 'sorted', order_by => 'a');
CALL sys.compact(table => 's', order_strategy => 'hilbert', order_by => 'a');
CALL sys.compact(table => 's', order_strategy => 'zorder', order_by => 'a,nope');
CALL sys.compact(table => 's', order_strategy => 'order', order_by => 'dt');
CALL sys.compact(table => 's', order_strategy => 'order');
CALL sys.compact(table => 's', order_by => 'a');
CALL sys.compact(table => 's', compact_strategy => 'full', order_strategy => 'order', order_by => 'a');
CREATE TABLE k (a INT, b INT) TBLPROPERTIES ('primary-key' = 'a', 'bucket' = '1');
CALL sys.compact(table => 'k', order_strategy => 'zorder', order_by => 'b');
CREATE TABLE f (a INT, b INT) TBLPROPERTIES ('bucket' = '2', 'bucket-key' = 'a');
CALL sys.compact(table => 'f', order_strategy => 'order', order_by => 'b');
SELECT max(snapshot_id) FROM `s$snapshots`;
-- An empty table has nothing to sort.
CREATE TABLE e (a INT, b INT);
CALL sys.compact(table => 'e', order_strategy => 'zorder', order_by => 'a,b');
SELECT count(*) FROM `e$snapshots`;
-- Z-order keys of dates, timestamps, decimals, doubles and strings (nulls first) keep every row.
CREATE TABLE z (d DATE, ts TIMESTAMP, n DECIMAL(10, 2), x DOUBLE, s STRING);
INSERT INTO z VALUES (DATE '2024-03-01', TIMESTAMP '2024-03-01 10:00:00', 1.50, -2.5, 'pear'), (NULL, TIMESTAMP '1969-12-31 23:59:59', -3.25, 0.0, NULL);
INSERT INTO z VALUES (DATE '1969-07-20', NULL, NULL, NULL, 'apple'), (DATE '2024-03-02', TIMESTAMP '2030-01-01 00:00:00', 99.99, 1e10, 'apple pie');
CALL sys.compact(table => 'z', order_strategy => 'zorder', order_by => 'd,ts,n,x,s');
SELECT record_count FROM `z$files`;
SELECT * FROM z ORDER BY s NULLS FIRST, d;
SELECT snapshot_id, commit_kind, total_record_count FROM `z$snapshots` ORDER BY snapshot_id;
