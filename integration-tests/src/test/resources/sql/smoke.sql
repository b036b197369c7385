-- The smallest round trip through the default catalog: create, insert, read back.
CREATE TABLE t (id BIGINT, name STRING);
INSERT INTO t VALUES (1, 'a'), (2, 'b');
SELECT * FROM t ORDER BY id;
SELECT count(*) FROM t;
