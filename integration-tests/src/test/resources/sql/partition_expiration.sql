-- Partition expiration (issue 7, seed 000), partition management and CALL sys.expire_partitions.

-- Seed 000: rows written into partitions already older than the threshold are committed, then
-- dropped by the same INSERT's maintenance (an OVERWRITE snapshot right after the APPEND).
CREATE TABLE expire_test (id BIGINT, v STRING, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('bucket'='2','bucket-key'='id','partition.expiration-time'='1 min',
  'partition.expiration-check-interval'='0 s','partition.timestamp-formatter'='yyyyMMddHH');
INSERT INTO expire_test VALUES (1, 'a', '2020010100'), (2, 'b', '2020010200'), (3, 'c', '2099120100');
SHOW PARTITIONS expire_test;
SELECT * FROM expire_test ORDER BY id;
SELECT snapshot_id, commit_kind, total_record_count, delta_record_count FROM `expire_test$snapshots` ORDER BY snapshot_id;
SELECT partition, record_count, file_count FROM `expire_test$partitions`;
-- A later INSERT into an old partition is dropped again; the young one stays.
INSERT INTO expire_test VALUES (4, 'd', '2020010100'), (5, 'e', '2099120100');
SELECT * FROM expire_test ORDER BY id;
SELECT snapshot_id, commit_kind FROM `expire_test$snapshots` ORDER BY snapshot_id;

-- With the default interval (1 h) the first commit in this driver checks, the next ones wait.
CREATE TABLE interval_test (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.expiration-time'='1 d','partition.timestamp-formatter'='yyyyMMdd');
INSERT INTO interval_test VALUES (1, '20200101'), (2, '20991231');
INSERT INTO interval_test VALUES (3, '20200102');
SHOW PARTITIONS interval_test;

-- Values that do not parse with the formatter are kept (one WARN each), never an error.
CREATE TABLE unparsable (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.expiration-time'='1 d','partition.expiration-check-interval'='0 s',
  'partition.timestamp-formatter'='yyyyMMdd');
INSERT INTO unparsable VALUES (1, '20200101'), (2, '20200102'), (3, 'not-a-date'), (4, '2020-01-03'), (5, '20991231');
SHOW PARTITIONS unparsable;

-- Partition management.
CREATE TABLE parts (id BIGINT, pt STRING, hm STRING) PARTITIONED BY (pt, hm);
INSERT INTO parts VALUES (1, '2020-01-01', '10'), (2, '2020-01-01', '11'), (3, '2020-01-02', '10'),
  (4, 'a,b', 'x=y/z'), (5, 'a', 'b'), (6, 'with space', '10');
SHOW PARTITIONS parts;
SHOW PARTITIONS parts PARTITION (pt = '2020-01-01');
SHOW PARTITIONS parts PARTITION (hm = '10');
ALTER TABLE parts ADD PARTITION (pt = '2030-01-01', hm = '00');
SHOW PARTITIONS parts;
ALTER TABLE parts ADD PARTITION (pt = 'a', hm = 'b');
ALTER TABLE parts DROP PARTITION (pt = 'a,b', hm = 'x=y/z');
SELECT * FROM parts ORDER BY id;
ALTER TABLE parts DROP PARTITION (pt = 'nope', hm = 'nope');
ALTER TABLE parts DROP IF EXISTS PARTITION (pt = 'nope', hm = 'nope');
ALTER TABLE parts DROP PARTITION (pt = '2020-01-01', hm = '10'), PARTITION (pt = 'with space', hm = '10');
SELECT * FROM parts ORDER BY id;
ALTER TABLE parts DROP PARTITION (pt = '2020-01-01');
TRUNCATE TABLE parts PARTITION (pt = '2020-01-02', hm = '10');
SELECT * FROM parts ORDER BY id;
TRUNCATE TABLE parts PARTITION (pt = '2020-01-02', hm = '10');
INSERT INTO parts VALUES (7, '2020-01-01', '12'), (8, '2020-01-03', '10');
-- A partial spec truncates every partition it matches.
TRUNCATE TABLE parts PARTITION (pt = '2020-01-01');
SELECT * FROM parts ORDER BY id;
SELECT snapshot_id, commit_kind, total_record_count FROM `parts$snapshots` ORDER BY snapshot_id;
TRUNCATE TABLE parts;
SELECT count(*) FROM parts;
SHOW PARTITIONS parts;
SELECT snapshot_id, commit_kind, total_record_count FROM `parts$snapshots` ORDER BY snapshot_id;
CREATE TABLE flat (id BIGINT);
SHOW PARTITIONS flat;

-- CALL sys.expire_partitions: one check now, whatever the interval and table settings
-- ('write-only' keeps INSERT from expiring anything here).
CREATE TABLE daily (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.expiration-time'='1 d','partition.timestamp-formatter'='yyyyMMdd',
  'write-only'='true');
INSERT INTO daily VALUES (1, '20200101'), (2, '20200102'), (3, '20200103'), (4, 'not-a-date'), (5, '20991231');
SHOW PARTITIONS daily;
-- With only the table it uses the table's partition.* options; max_expires keeps the oldest first.
CALL sys.expire_partitions(table => 'daily', max_expires => 2);
CALL sys.expire_partitions(table => 'daily');
CALL sys.expire_partitions(table => 'daily');
SHOW PARTITIONS daily;
SELECT snapshot_id, commit_kind FROM `daily$snapshots` ORDER BY snapshot_id;

CREATE TABLE hourly (id BIGINT, pt STRING, hm STRING) PARTITIONED BY (pt, hm);
INSERT INTO hourly VALUES (1, '2020-01-01', '10'), (2, '2020-01-01', '11'), (3, '2099-01-01', '10');
CALL sys.expire_partitions(table => 'hourly', expiration_time => '1 d', timestamp_pattern => '$pt $hm:00:00');
SHOW PARTITIONS hourly;
CALL sys.expire_partitions(table => 'hourly', expiration_time => '3650000 d', timestamp_pattern => '$pt $hm:00:00', options => 'partition.timestamp-formatter=yyyy-MM-dd HH:mm:ss');
CALL sys.expire_partitions(table => 'hourly', expiration_time => '1 d', expire_strategy => 'update-time');
CALL sys.expire_partitions(table => 'hourly', expiration_time => '0 s', expire_strategy => 'update-time');
SELECT count(*) FROM hourly;

-- Errors: bad formatter, unknown pattern field, bad duration, and the rest.
CALL sys.expire_partitions(table => 'daily', expiration_time => '1 d', timestamp_formatter => 'yyyy');
CALL sys.expire_partitions(table => 'daily', expiration_time => '1 d', timestamp_formatter => 'yyyyMMddQQQQQQ');
CALL sys.expire_partitions(table => 'hourly', expiration_time => '1 d', timestamp_pattern => '$pt $hour:00:00');
CALL sys.expire_partitions(table => 'daily', expiration_time => '3 dayz');
CALL sys.expire_partitions(table => 'daily', expire_strategy => 'oldest');
CALL sys.expire_partitions(table => 'daily', max_expires => 0);
CALL sys.expire_partitions(table => 'hourly');
CALL sys.expire_partitions(table => 'flat', expiration_time => '1 d');
CALL sys.expire_partitions(table => 'missing', expiration_time => '1 d');
CREATE TABLE bad_formatter (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.timestamp-formatter'='yyyy');
CREATE TABLE bad_pattern (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.timestamp-pattern'='$day');
CREATE TABLE bad_duration (id BIGINT, dt STRING) PARTITIONED BY (dt)
TBLPROPERTIES ('partition.expiration-time'='1 fortnight');
ALTER TABLE hourly SET TBLPROPERTIES ('partition.timestamp-pattern'='$pt $hour:00:00');
ALTER TABLE hourly SET TBLPROPERTIES ('partition.timestamp-pattern'='$pt $hm:00:00');
SHOW TBLPROPERTIES hourly ('partition.timestamp-pattern');
