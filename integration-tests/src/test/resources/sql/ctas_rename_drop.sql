CREATE TABLE src (id INT, name STRING, dt STRING) PARTITIONED BY (dt);
INSERT INTO src VALUES (1, 'a', 'x'), (2, 'b', 'y'), (3, 'c', 'x');

-- CREATE TABLE AS SELECT, with and without partitioning and properties.
CREATE TABLE c1 AS SELECT * FROM src;
SELECT * FROM c1 ORDER BY id;
DESCRIBE c1;
CREATE TABLE c2 PARTITIONED BY (dt) TBLPROPERTIES ('file.compression' = 'snappy', 'x.y' = 'z')
AS SELECT id * 10 AS id, name, dt FROM src WHERE id > 1;
SELECT * FROM c2 ORDER BY id;
SHOW CREATE TABLE c2;
CREATE TABLE c3 COMMENT 'from a query' AS SELECT 1 AS one, 'two' AS two, CAST(NULL AS DATE) AS three;
SELECT * FROM c3;
SHOW CREATE TABLE c3;
CREATE TABLE c1 AS SELECT 1 AS x;
CREATE TABLE IF NOT EXISTS c1 AS SELECT 1 AS x;
SELECT * FROM c1 ORDER BY id;

-- CTAS into a primary-key table.
CREATE TABLE c_pk TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2')
AS SELECT CAST(id % 2 AS INT) AS id, CAST(id AS STRING) AS v FROM range(0, 4, 1, 1);
SELECT * FROM c_pk ORDER BY id;
SHOW CREATE TABLE c_pk;

-- A CTAS with a bad option fails before writing and leaves no table.
CREATE TABLE c_bad TBLPROPERTIES ('bucket' = 'x') AS SELECT * FROM src;
-- A CTAS whose query fails at run time leaves no table.
CREATE TABLE c_fail AS SELECT IF(id = 2, raise_error('the query failed at id 2'), id) AS id FROM src;
SHOW TABLES;

-- REPLACE TABLE / CREATE OR REPLACE TABLE AS SELECT.
CREATE OR REPLACE TABLE c3 AS SELECT 42 AS answer;
SELECT * FROM c3;

-- RENAME TO.
ALTER TABLE c1 RENAME TO c1_renamed;
SHOW TABLES;
SELECT * FROM c1_renamed ORDER BY id;
SELECT * FROM c1;
INSERT INTO c1_renamed VALUES (4, 'd', 'z');
SELECT count(*) FROM c1_renamed;
ALTER TABLE c1_renamed RENAME TO c2;
ALTER TABLE no_such RENAME TO whatever;
CREATE DATABASE ctas_rename_drop_other;
ALTER TABLE c1_renamed RENAME TO ctas_rename_drop_other.moved;
SHOW TABLES IN ctas_rename_drop_other;
SELECT count(*) FROM ctas_rename_drop_other.moved;
DROP DATABASE ctas_rename_drop_other CASCADE;

-- DROP TABLE, DROP TABLE PURGE; a dropped name can be created again, empty.
DROP TABLE c2;
DROP TABLE c_pk PURGE;
DROP TABLE c2;
DROP TABLE IF EXISTS c2;
SHOW TABLES;
CREATE TABLE c2 (id INT);
SELECT count(*) FROM c2;
DROP TABLE src;
SHOW TABLES;
