-- NULL and empty partition values go to the default partition directory but read back as they were.
CREATE TABLE t (id INT, p STRING) PARTITIONED BY (p);
INSERT INTO t VALUES (1, 'a'), (2, NULL), (3, ''), (4, NULL);
SELECT * FROM t ORDER BY id;
SELECT id, p IS NULL, p = '' FROM t ORDER BY id;
SELECT id FROM t WHERE p IS NULL ORDER BY id;
SELECT id FROM t WHERE p IS NOT NULL ORDER BY id;
SELECT id FROM t WHERE p = '' ORDER BY id;
SELECT id FROM t WHERE p <=> NULL ORDER BY id;
SELECT p, count(*) FROM t GROUP BY p ORDER BY p;

-- Typed partition columns with NULL.
CREATE TABLE typed (id INT, d DATE, n INT, b BOOLEAN) PARTITIONED BY (d, n, b);
INSERT INTO typed VALUES (1, NULL, NULL, NULL), (2, DATE '2024-01-01', 5, true), (3, NULL, 5, false);
SELECT * FROM typed ORDER BY id;
SELECT id FROM typed WHERE d IS NULL ORDER BY id;
SELECT id FROM typed WHERE n = 5 AND d IS NULL;
SELECT id FROM typed WHERE b IS NULL;

-- Overwriting the NULL partition leaves the empty-string partition alone.
INSERT OVERWRITE t PARTITION (p = NULL) VALUES (5);
SELECT * FROM t ORDER BY id;
SET spark.sql.sources.partitionOverwriteMode=dynamic;
INSERT OVERWRITE t VALUES (6, '');
SELECT * FROM t ORDER BY id;
SET spark.sql.sources.partitionOverwriteMode=static;

-- A static INSERT with a NULL partition value.
INSERT INTO t PARTITION (p = NULL) VALUES (7);
SELECT id FROM t WHERE p IS NULL ORDER BY id;
