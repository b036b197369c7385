-- Unknown options are kept for Paimon compatibility.
CREATE TABLE unknown_opt (id INT) TBLPROPERTIES ('some.future.option' = 'x');
SHOW TBLPROPERTIES unknown_opt;

-- A known option with a bad value fails, naming key, value and what is allowed; no table is left.
CREATE TABLE bad_bucket (id INT) TBLPROPERTIES ('bucket' = 'x');
CREATE TABLE bad_bucket_zero (id INT) TBLPROPERTIES ('bucket' = '0', 'bucket-key' = 'id');
CREATE TABLE bad_retain (id INT) TBLPROPERTIES ('snapshot.time-retained' = 'soon');
CREATE TABLE bad_bool (id INT) TBLPROPERTIES ('write-only' = 'maybe');
CREATE TABLE bad_enum (id INT) TBLPROPERTIES ('file.format' = 'csv');
CREATE TABLE bad_size (id INT) TBLPROPERTIES ('target-file-size' = 'big');
CREATE TABLE bad_bucket_key (id INT) TBLPROPERTIES ('bucket' = '4', 'bucket-key' = 'nope');
CREATE TABLE no_bucket_key (id INT) TBLPROPERTIES ('bucket' = '4');
CREATE TABLE pk_dynamic_bucket_key (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket-key' = 'id');
CREATE TABLE pk_missing (id INT) TBLPROPERTIES ('primary-key' = 'nope', 'bucket' = '2');
CREATE TABLE pk_lacks_partition (id INT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2');
CREATE TABLE bucket_key_outside_pk (id INT, v STRING)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2', 'bucket-key' = 'v');
CREATE TABLE postponed (id INT) TBLPROPERTIES ('bucket' = '-2');
SHOW TABLES;

-- Partition transforms other than plain columns are rejected clearly.
CREATE TABLE bucket_transform (id INT, v STRING) PARTITIONED BY (bucket(4, id));
CREATE TABLE days_transform (id INT, ts TIMESTAMP) PARTITIONED BY (days(ts));
CREATE TABLE nested_partition (id INT, s STRUCT<a: INT>) PARTITIONED BY (s.a);
CREATE TABLE array_partition (id INT, a ARRAY<INT>) PARTITIONED BY (a);
CREATE TABLE missing_partition (id INT) PARTITIONED BY (nope);
CREATE TABLE dup_column (id INT, ID INT);
CREATE TABLE with_location (id INT) LOCATION '/tmp/somewhere';
SHOW TABLES;

-- Objects that do not exist.
SELECT * FROM no_such_table;
INSERT INTO no_such_table VALUES (1);
DROP TABLE no_such_table;
DROP TABLE IF EXISTS no_such_table;
DESCRIBE no_such_table;
CREATE TABLE no_such_db.t (id INT);
SHOW TABLES IN no_such_db;
USE no_such_db;

-- NULL into a NOT NULL (primary key) column fails and writes no snapshot.
CREATE TABLE pk (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2');
INSERT INTO pk VALUES (1, 'a');
INSERT INTO pk VALUES (NULL, 'b');
INSERT INTO pk SELECT * FROM VALUES (2, 'c'), (CAST(NULL AS INT), 'd') AS v(id, v);
SELECT * FROM pk ORDER BY id;
SELECT count(*) FROM pk;

-- Values that do not fit the column fail clearly (ANSI mode is on by default) and write nothing.
CREATE TABLE narrow (i INT, d DECIMAL(5, 2), s VARCHAR(3), c CHAR(2));
INSERT INTO narrow (i) VALUES (1e10);
INSERT INTO narrow (i) VALUES (10000000000);
INSERT INTO narrow (d) VALUES (12345.67);
INSERT INTO narrow (d) VALUES (999.999);
INSERT INTO narrow (s) VALUES ('abcd');
INSERT INTO narrow (c) VALUES ('abc');
INSERT INTO narrow VALUES ('x', 1, 'a', 'b');
SELECT count(*) FROM narrow;
-- What fits is stored; extra decimal digits round as in any Spark table, CHAR pads on read.
INSERT INTO narrow VALUES (1, 2.5, 'abc', 'ab'), (2, 1.234, 'a', 'a');
SELECT i, d, s, c, length(c) FROM narrow ORDER BY i;
SELECT i FROM narrow WHERE c = 'a';
