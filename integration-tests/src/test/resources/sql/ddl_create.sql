-- Databases: create, list, use, drop.
CREATE DATABASE ddl_create_db1;
CREATE DATABASE IF NOT EXISTS ddl_create_db1;
CREATE DATABASE ddl_create_db1;
SHOW DATABASES LIKE 'ddl_create*';
CREATE TABLE ddl_create_db1.t (id INT);
DROP DATABASE ddl_create_db1;
DROP DATABASE ddl_create_db1 CASCADE;
SHOW DATABASES LIKE 'ddl_create*';
DROP DATABASE IF EXISTS ddl_create_db1;
DROP DATABASE ddl_create_db1;

-- Columns with comments, a table comment, identity partitions and options.
CREATE TABLE events (
  id BIGINT NOT NULL COMMENT 'event id',
  name STRING COMMENT 'who',
  amount DECIMAL(10, 2),
  dt STRING COMMENT 'day')
PARTITIONED BY (dt)
COMMENT 'all events'
TBLPROPERTIES ('file.compression' = 'snappy', 'my.custom.key' = 'kept');
CREATE TABLE events (id BIGINT);
CREATE TABLE IF NOT EXISTS events (id BIGINT);
SHOW TABLES;
DESCRIBE events;
DESCRIBE TABLE EXTENDED events;
SHOW CREATE TABLE events;
SHOW TBLPROPERTIES events;
SHOW TBLPROPERTIES events ('my.custom.key');

-- USING paimon / strata are accepted; other providers are not.
CREATE TABLE with_provider (id INT) USING paimon;
CREATE TABLE with_strata (id INT) USING strata;
CREATE TABLE with_parquet (id INT) USING parquet;

-- Primary keys come from the 'primary-key' property and make their columns NOT NULL.
CREATE TABLE users (id BIGINT, region STRING, name STRING)
PARTITIONED BY (region)
TBLPROPERTIES ('primary-key' = 'region,id', 'bucket' = '2');
DESCRIBE users;
SHOW TBLPROPERTIES users;
SHOW CREATE TABLE users;

-- Several partition columns, in declared order.
CREATE TABLE logs (msg STRING, y INT, m INT) PARTITIONED BY (y, m);
DESCRIBE logs;
DESCRIBE TABLE EXTENDED logs;
INSERT INTO logs VALUES ('a', 2024, 1), ('b', 2024, 2);
SELECT * FROM logs ORDER BY msg;

SHOW TABLES;
SHOW TABLES LIKE 'u*';
