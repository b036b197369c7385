-- INSERT INTO appends: each statement adds rows, nothing is replaced.
CREATE TABLE t (id INT, name STRING, dt STRING) PARTITIONED BY (dt);
INSERT INTO t VALUES (1, 'a', '2024-01-01'), (2, 'b', '2024-01-02');
INSERT INTO t VALUES (3, 'c', '2024-01-01');
INSERT INTO TABLE t SELECT id + 10, upper(name), dt FROM t;
SELECT * FROM t ORDER BY id;
SELECT dt, count(*) FROM t GROUP BY dt ORDER BY dt;

-- A column list in a different order, and columns left out get NULL.
INSERT INTO t (dt, name, id) VALUES ('2024-01-03', 'd', 4);
INSERT INTO t (id, dt) VALUES (5, '2024-01-03');
SELECT * FROM t WHERE dt = '2024-01-03' ORDER BY id;

-- INSERT INTO with a static partition value.
INSERT INTO t PARTITION (dt = '2024-01-04') VALUES (6, 'f');
INSERT INTO t PARTITION (dt = '2024-01-04') SELECT 7, 'g';
SELECT * FROM t WHERE dt = '2024-01-04' ORDER BY id;

-- By name.
INSERT INTO t BY NAME SELECT 'h' AS name, '2024-01-05' AS dt, 8 AS id;
SELECT * FROM t WHERE id = 8;

-- Wrong number of columns is an analysis error and writes nothing.
INSERT INTO t VALUES (9, 'i');
SELECT count(*) FROM t;

-- An empty insert keeps the table readable.
INSERT INTO t SELECT * FROM t WHERE id < 0;
SELECT count(*) FROM t;

-- Many rows through a shuffle (several tasks write files).
CREATE TABLE big (id BIGINT, bucket_of INT);
INSERT INTO big SELECT id, CAST(id % 7 AS INT) FROM range(0, 10000, 1, 4);
SELECT count(*), sum(id), count(DISTINCT bucket_of) FROM big;
INSERT INTO big SELECT id + 10000, 0 FROM range(0, 5000);
SELECT count(*), min(id), max(id) FROM big;

-- Append tables keep duplicate rows.
CREATE TABLE dups (k INT, v STRING);
INSERT INTO dups VALUES (1, 'x'), (1, 'x');
INSERT INTO dups VALUES (1, 'x');
SELECT k, v, count(*) FROM dups GROUP BY k, v;

-- Reading the table into itself while it is written.
INSERT INTO dups SELECT * FROM dups;
SELECT count(*) FROM dups;
