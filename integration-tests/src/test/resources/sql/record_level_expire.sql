-- record-level.expire-time: compactions drop the records whose time field is older than the expire time; reads before a compaction still return them.
CREATE TABLE r (id BIGINT, v STRING, ts TIMESTAMP) TBLPROPERTIES ('primary-key'='id','bucket'='1','write-only'='true','record-level.expire-time'='1 d','record-level.time-field'='ts');
INSERT INTO r SELECT id, 'old', current_timestamp() - INTERVAL 10 DAYS FROM range(1, 4);
INSERT INTO r VALUES (4, 'untimed', NULL);
INSERT INTO r SELECT 1, 'new', current_timestamp();
SELECT id, v FROM r ORDER BY id;
CALL sys.compact(table => 'r', compact_strategy => 'full');
SELECT id, v FROM r ORDER BY id;
SELECT level, record_count FROM `r$files`;
-- An epoch-millisecond BIGINT time, the expiration set by ALTER TABLE after the rows were written.
CREATE TABLE m (id BIGINT, v STRING, at BIGINT) TBLPROPERTIES ('primary-key'='id','bucket'='1');
INSERT INTO m SELECT id, concat('v', id), unix_millis(current_timestamp()) - IF(id % 2 = 0, 864000000, 0) FROM range(1, 7);
ALTER TABLE m SET TBLPROPERTIES ('record-level.expire-time'='1 d', 'record-level.time-field'='at');
SELECT count(*) FROM m;
CALL sys.compact(table => 'm', compact_strategy => 'full');
SELECT id, v FROM m ORDER BY id;
-- Settings that cannot expire anything are refused and leave the table as it was.
ALTER TABLE m SET TBLPROPERTIES ('record-level.time-field'='v');
ALTER TABLE m SET TBLPROPERTIES ('record-level.time-field'='nope');
SHOW TBLPROPERTIES m ('record-level.time-field');
CREATE TABLE bad (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id', 'record-level.expire-time'='1 d');
CREATE TABLE bad (id BIGINT, ts TIMESTAMP) TBLPROPERTIES ('record-level.expire-time'='1 d', 'record-level.time-field'='ts');
CREATE TABLE bad (id BIGINT, ts TIMESTAMP) TBLPROPERTIES ('primary-key'='id', 'record-level.expire-time'='one day', 'record-level.time-field'='ts');
