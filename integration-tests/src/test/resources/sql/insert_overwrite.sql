CREATE TABLE t (id INT, v STRING, dt STRING, hr INT) PARTITIONED BY (dt, hr);
INSERT INTO t VALUES
  (1, 'a', 'd1', 1), (2, 'b', 'd1', 2), (3, 'c', 'd2', 1), (4, 'd', 'd2', 2), (5, 'e', 'd3', 1);
SELECT * FROM t ORDER BY id;

-- Static partition spec: replaces exactly that partition.
INSERT OVERWRITE t PARTITION (dt = 'd1', hr = 1) VALUES (10, 'x');
SELECT * FROM t ORDER BY id;

-- A partial static spec (static mode): replaces every partition under dt = 'd2'.
INSERT OVERWRITE t PARTITION (dt = 'd2', hr) VALUES (20, 'y', 3);
SELECT * FROM t ORDER BY id;

-- Static mode without a spec: replaces the whole table.
INSERT OVERWRITE t VALUES (30, 'z', 'd9', 9);
SELECT * FROM t ORDER BY id;

-- Overwriting with no rows empties the partition (static mode).
INSERT INTO t VALUES (31, 'w', 'd8', 8);
INSERT OVERWRITE t PARTITION (dt = 'd9', hr = 9) SELECT id, v FROM t WHERE id < 0;
SELECT * FROM t ORDER BY id;

-- Dynamic mode: replaces only the partitions the query writes.
SET spark.sql.sources.partitionOverwriteMode=dynamic;
INSERT INTO t VALUES (40, 'p', 'e1', 1), (41, 'q', 'e1', 2), (42, 'r', 'e2', 1);
INSERT OVERWRITE t VALUES (50, 'new', 'e1', 1), (51, 'new', 'e3', 1);
SELECT * FROM t ORDER BY id;
INSERT OVERWRITE t PARTITION (dt = 'e1', hr) VALUES (60, 'dyn', 2);
SELECT * FROM t ORDER BY id;
-- Dynamic mode with no rows replaces nothing.
INSERT OVERWRITE t SELECT * FROM t WHERE id < 0;
SELECT count(*) FROM t;
-- A full static spec in dynamic mode still replaces that partition.
INSERT OVERWRITE t PARTITION (dt = 'e2', hr = 1) VALUES (70, 's');
SELECT * FROM t ORDER BY id;
SET spark.sql.sources.partitionOverwriteMode=static;

-- INSERT OVERWRITE on an unpartitioned table replaces everything.
CREATE TABLE u (id INT, v STRING);
INSERT INTO u VALUES (1, 'a'), (2, 'b');
INSERT OVERWRITE u VALUES (3, 'c');
SELECT * FROM u ORDER BY id;
INSERT OVERWRITE u SELECT id + 1, v FROM u;
SELECT * FROM u ORDER BY id;
SET spark.sql.sources.partitionOverwriteMode=dynamic;
INSERT OVERWRITE u VALUES (5, 'e');
SELECT * FROM u ORDER BY id;
SET spark.sql.sources.partitionOverwriteMode=static;

-- INSERT OVERWRITE on a primary-key table.
CREATE TABLE pk (id INT, v STRING, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'dt,id', 'bucket' = '2');
INSERT INTO pk VALUES (1, 'a', 'x'), (2, 'b', 'x'), (3, 'c', 'y');
INSERT OVERWRITE pk PARTITION (dt = 'x') VALUES (1, 'A');
SELECT * FROM pk ORDER BY dt, id;
INSERT OVERWRITE pk VALUES (9, 'z', 'z');
SELECT * FROM pk ORDER BY dt, id;

-- TRUNCATE TABLE empties the table; it stays writable.
TRUNCATE TABLE u;
SELECT count(*) FROM u;
INSERT INTO u VALUES (6, 'f');
SELECT * FROM u;
TRUNCATE TABLE t;
SELECT count(*) FROM t;
TRUNCATE TABLE t PARTITION (dt = 'e1');
SELECT count(*) FROM t WHERE dt = 'e1';
