-- Each statement must fail with a precise message and change no file of the database.

-- Invalid option values at CREATE TABLE.
CREATE TABLE o1 (id INT) TBLPROPERTIES ('snapshot.num-retained.min' = '-1');
CREATE TABLE o2 (id INT) TBLPROPERTIES ('snapshot.num-retained.min' = '0');
CREATE TABLE o3 (id INT) TBLPROPERTIES ('snapshot.num-retained.max' = '-5');
CREATE TABLE o4 (id INT) TBLPROPERTIES ('snapshot.num-retained.min' = '10', 'snapshot.num-retained.max' = '5');
CREATE TABLE o5 (id INT) TBLPROPERTIES ('snapshot.expire.limit' = '0');
CREATE TABLE o6 (id INT) TBLPROPERTIES ('snapshot.time-retained' = '-1 h');
CREATE TABLE o7 (id INT, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('partition.expiration-time' = '1 fortnight');
CREATE TABLE o8 (id INT, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('partition.expiration-check-interval' = 'abc');
CREATE TABLE o9 (id INT) TBLPROPERTIES ('commit.max-retries' = '-1');
CREATE TABLE o10 (id INT) TBLPROPERTIES ('manifest.target-file-size' = '0 b');
CREATE TABLE o11 (id INT) TBLPROPERTIES ('write-buffer-size' = '-1 mb');
CREATE TABLE o12 (id INT) TBLPROPERTIES ('num-sorted-run.compaction-trigger' = '0');
CREATE TABLE o13 (id INT, v INT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' = 'latest');
CREATE TABLE o14 (id INT) TBLPROPERTIES ('file.compression' = 'brotli2');
CREATE TABLE o15 (id INT) TBLPROPERTIES ('source.split.target-size' = '0 b');
CREATE TABLE o16 (id INT) TBLPROPERTIES ('tag.automatic-creation' = 'hourly');
CREATE TABLE o17 (id INT) TBLPROPERTIES ('tag.creation-period' = 'weekly');
CREATE TABLE o18 (id INT) TBLPROPERTIES ('tag.num-retained-max' = '-1');
CREATE TABLE o19 (id INT, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('partition.expiration-time' = '1 d', 'partition.timestamp-pattern' = '$nope');
CREATE TABLE o20 (id INT, v INT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'sequence.field' = 'nope');
CREATE TABLE o21 (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'sum');
CREATE TABLE o22 (id INT, v INT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' = 'aggregation', 'fields.v.aggregate-function' = 'median');
CREATE TABLE o23 (id INT) TBLPROPERTIES ('bucket' = '2147483648', 'bucket-key' = 'id');
CREATE TABLE o24 (id INT) TBLPROPERTIES ('metadata.stats-mode' = 'truncate(x)');
CREATE TABLE o25 (id INT) TBLPROPERTIES ('snapshot.expire.execution-mode' = 'later');
CREATE TABLE o26 (id INT, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('partition.expiration-strategy' = 'random');
CREATE TABLE o27 (id INT) TBLPROPERTIES ('partition.expiration-max-num' = 'many');
CREATE TABLE o28 (id INT) TBLPROPERTIES ('primary-key' = 'id, id', 'bucket' = '1');
CREATE TABLE a (id INT);
CREATE TABLE t$x (id INT);

-- Invalid option values and forbidden changes at ALTER TABLE.
ALTER TABLE a SET TBLPROPERTIES ('snapshot.time-retained' = 'never');
ALTER TABLE a SET TBLPROPERTIES ('write-only' = 'yes');
ALTER TABLE a SET TBLPROPERTIES ('bucket' = '4');
ALTER TABLE p SET TBLPROPERTIES ('primary-key' = 'v');
ALTER TABLE p SET TBLPROPERTIES ('merge-engine' = 'nope');
ALTER TABLE a SET TBLPROPERTIES ('snapshot.num-retained.max' = '0');
ALTER TABLE a SET TBLPROPERTIES ('partition.expiration-time' = '1 d', 'partition.timestamp-formatter' = 'qqqq-xx');

-- Schema changes that are refused.
ALTER TABLE p DROP COLUMN id;
ALTER TABLE p RENAME COLUMN id TO id2;
ALTER TABLE a ALTER COLUMN id TYPE INT;
ALTER TABLE a ALTER COLUMN v TYPE BIGINT;
ALTER TABLE a ADD COLUMN n INT NOT NULL;
ALTER TABLE a ADD COLUMN id INT;
ALTER TABLE a DROP COLUMN dt;
ALTER TABLE a RENAME COLUMN nope TO x;
ALTER TABLE a ALTER COLUMN nope COMMENT 'x';

-- expire_snapshots: bad retain counts, unknown options, bad arguments.
CALL sys.expire_snapshots(table => 'a', retain_min => 0);
CALL sys.expire_snapshots(table => 'a', retain_min => -3);
CALL sys.expire_snapshots(table => 'a', retain_max => -1);
CALL sys.expire_snapshots(table => 'a', retain_max => 0);
CALL sys.expire_snapshots(table => 'a', retain_min => 5, retain_max => 2);
CALL sys.expire_snapshots(table => 'a', max_deletes => -1);
CALL sys.expire_snapshots(table => 'a', older_than => 'yesterday');
CALL sys.expire_snapshots(table => 'a', options => 'snapshot.num-retained.min=abc');
CALL sys.expire_snapshots(table => 'a', options => 'no.such.option=1');
CALL sys.expire_snapshots(table => 'a', options => 'garbage');
CALL sys.expire_snapshots(table => 'nope');
CALL sys.expire_snapshots(tbl => 'a');
CALL sys.expire_snapshots();
CALL sys.expire_snapshots(table => 1);
CALL sys.expire_snapshots(table => 'a', retain_max => 'two');
CALL sys.expire_snapshots(table => 'a', retain_max => 2.5);
CALL sys.expire_snapshots(table => 'a', table => 'p');
CALL sys.expire_snapshots('a', 1, 2, '2026-01-01 00:00:00', 4, 'x=1', 7, 8);

-- expire_partitions.
CALL sys.expire_partitions(table => 'a', expiration_time => 'soon');
CALL sys.expire_partitions(table => 'a', expiration_time => '1 d', timestamp_formatter => 'qqqq-bad');
CALL sys.expire_partitions(table => 'a', expiration_time => '1 d', expire_strategy => 'random');
CALL sys.expire_partitions(table => 'p', expiration_time => '1 d');
CALL sys.expire_partitions(table => 'a', expiration_time => '1 d', max_expires => 0);
CALL sys.expire_partitions(table => 'a', expiration_time => '1 d', timestamp_pattern => '$nope');
CALL sys.expire_partitions(table => 'a', options => 'partition.expiration-time=xyz');

-- Tags.
CALL sys.create_tag(table => 'a', tag => 'v1', snapshot => 1);
CALL sys.create_tag(table => 'a', tag => 'x', snapshot => 99);
CALL sys.create_tag(table => 'a', tag => 'x', snapshot => -1);
CALL sys.create_tag(table => 'a', tag => '5');
CALL sys.create_tag(table => 'a', tag => '');
CALL sys.create_tag(table => 'a', tag => 'x', time_retained => 'forever');
CALL sys.create_tag(table => 'a', tag => 'x', time_retained => '-1 d');
CALL sys.create_tag_from_timestamp(table => 'a', tag => 'x', timestamp => 99999999999999);
CALL sys.delete_tag(table => 'a', tag => '..');
CALL sys.rename_tag(table => 'a', tag => 'nope', target_tag => 'y');
CALL sys.rename_tag(table => 'a', tag => 'v1', target_tag => 'v1');
CALL sys.rename_tag(table => 'a', tag => 'v1', target_tag => '7');
CALL sys.replace_tag(table => 'a', tag => 'v1', snapshot => 99);
CALL sys.expire_tags(table => 'a', older_than => 'not a time');
ALTER TABLE a CREATE TAG v1;
ALTER TABLE a CREATE TAG `3`;
ALTER TABLE a CREATE TAG x AS OF VERSION 99;
ALTER TABLE a DELETE TAG nope;
ALTER TABLE a RENAME TAG nope TO y;
ALTER TABLE a CREATE TAG x AS OF VERSION 1 RETAIN -1 DAYS;

-- Rollback.
CALL sys.rollback(table => 'a', version => 'nope');
CALL sys.rollback(table => 'a', snapshot => 99);
CALL sys.rollback(table => 'a', snapshot => 0);
CALL sys.rollback(table => 'a');
CALL sys.rollback(table => 'a', snapshot => 1, tag => 'v1');
CALL sys.rollback_to_timestamp(table => 'a', timestamp => 0);
CALL sys.rollback_to_timestamp(table => 'a', timestamp => -5);

-- Compaction, orphans, consumers, unknown procedures.
CALL sys.compact(table => 'a', compact_strategy => 'medium');
CALL sys.compact(table => 'a', order_strategy => 'hilbert', order_by => 'id');
CALL sys.compact(table => 'a', partitions => 'nope=1');
CALL sys.compact(table => 'a', partitions => 'dt');
CALL sys.rewrite_file_index(table => 'a', where => 'id > 1');
CALL sys.rewrite_file_index(table => 'a', where => 'nope = 1');
CALL sys.rewrite_file_index(table => 'no_such_table');
CALL sys.rewrite_file_index(where => 'dt = 1');
CALL sys.remove_orphan_files(table => 'a', older_than => '2999-01-01 00:00:00');
CALL sys.remove_orphan_files(table => 'a', older_than => 'garbage');
CALL sys.remove_orphan_files(table => 'a', dry_run => 'yes');
CALL sys.reset_consumer(table => 'a', consumer_id => 'c', next_snapshot_id => 99);
CALL sys.reset_consumer(table => 'a', consumer_id => '', next_snapshot_id => 1);
CALL sys.reset_consumer(table => 'a', next_snapshot_id => 1);
CALL sys.no_such_procedure(table => 'a');

-- Writes: NULL keys, overflow, wrong shapes and types.
INSERT INTO p VALUES (NULL, 'x', 1);
INSERT INTO small VALUES (1, 300, 1.0);
INSERT INTO small VALUES (1, 1, 12345.678);
INSERT INTO small VALUES (2147483648, 1, 1.0);
INSERT INTO a VALUES (1, 'x');
INSERT INTO a VALUES (1, 'x', '2026', 4);
INSERT INTO a SELECT 'notanumber', 'x', 'd';
INSERT INTO a PARTITION (nope = 'x') VALUES (1, 'x');
INSERT INTO a PARTITION (dt = '2026-01-01') VALUES (1, 'x', 'extra');
INSERT OVERWRITE a PARTITION (v = 'x') SELECT 1, '2026';
DELETE FROM fr WHERE id = 1;
UPDATE a SET nope = 1;
DELETE FROM a WHERE nope = 1;
INSERT INTO gone VALUES (2);

-- Time travel to what does not exist.
SELECT * FROM a VERSION AS OF 99;
SELECT * FROM a VERSION AS OF 0;
SELECT * FROM a VERSION AS OF -1;
SELECT * FROM a VERSION AS OF 'nope';
SELECT * FROM a TIMESTAMP AS OF '1970-01-01 00:00:00';
SELECT * FROM a TIMESTAMP AS OF 'yesterday';
SELECT * FROM a WITH ('scan.snapshot-id' = 'x');
SELECT * FROM a WITH ('scan.snapshot-id' = '99');
SELECT * FROM a WITH ('scan.tag-name' = 'nope');
SELECT * FROM a WITH ('scan.timestamp-millis' = 'soon');
SELECT * FROM gone VERSION AS OF 1;
SELECT * FROM `a$snapshots` VERSION AS OF 1;
SELECT * FROM `a$nope`;

-- System tables are read-only.
INSERT INTO `a$snapshots` SELECT * FROM `a$snapshots`;
ALTER TABLE `a$snapshots` SET TBLPROPERTIES ('x' = 'y');
DELETE FROM `a$files` WHERE true;
DROP TABLE `a$snapshots`;
ALTER TABLE `a$options` ADD COLUMN x INT;
TRUNCATE TABLE `a$files`;

-- The sys database is read-only.
CREATE TABLE sys.x (id INT);
DROP TABLE sys.all_table_options;
ALTER TABLE sys.catalog_options SET TBLPROPERTIES ('x' = 'y');
ALTER TABLE a RENAME TO sys.x;
CREATE DATABASE sys;
INSERT INTO sys.catalog_options VALUES ('k', 'v');
SELECT * FROM sys.nope;

-- Incremental reads: bad ranges and bad table-function arguments.
SELECT * FROM a WITH ('incremental-between' = '5');
SELECT * FROM a WITH ('incremental-between' = '2,1');
SELECT * FROM a WITH ('incremental-between-scan-mode' = 'sideways', 'incremental-between' = '1,2');
SELECT * FROM paimon_incremental_query('a', 1);
SELECT * FROM paimon_incremental_query('a', id, 2);

-- Partitions.
ALTER TABLE a DROP PARTITION (nope = 'x');
ALTER TABLE p DROP PARTITION (id = 1);
TRUNCATE TABLE a PARTITION (nope = 'x');
SHOW PARTITIONS p;
ALTER TABLE a ADD PARTITION (nope = 'x');
