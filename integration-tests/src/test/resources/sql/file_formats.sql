-- 'file.format' orc and avro: writes, reads, row-level DML and compaction, $files, mixed formats.
CREATE TABLE fo (id BIGINT, v STRING, d DECIMAL(10,2), ts TIMESTAMP_NTZ, arr ARRAY<INT>, m MAP<INT, STRING>, s STRUCT<a: INT, b: STRING>, dt STRING) PARTITIONED BY (dt) TBLPROPERTIES ('file.format'='orc');
INSERT INTO fo VALUES (1, 'one', 1.50, TIMESTAMP_NTZ '2026-01-01 12:34:56.789012', array(1, NULL), map(1, 'a', 2, NULL), named_struct('a', 1, 'b', 'x'), 'p'), (2, NULL, NULL, NULL, NULL, NULL, NULL, 'p'), (3, '', -0.01, TIMESTAMP_NTZ '1900-01-01 00:00:00', array(), map(), named_struct('a', NULL, 'b', NULL), 'q');
INSERT INTO fo VALUES (4, 'four', 4.00, TIMESTAMP_NTZ '2000-02-29 00:00:00.000001', array(4), map(4, 'd'), named_struct('a', 4, 'b', 'y'), 'q');
SELECT * FROM fo ORDER BY id;
SELECT id, s.b, m[1] FROM fo WHERE d > 1 ORDER BY id;
SELECT partition, file_format, record_count FROM `fo$files` ORDER BY partition, record_count;
DELETE FROM fo WHERE id = 1;
UPDATE fo SET v = 'updated' WHERE id = 3;
SELECT id, v, dt FROM fo ORDER BY id;
SELECT DISTINCT file_format FROM `fo$files`;
CREATE TABLE fa (id BIGINT, v STRING, ts TIMESTAMP, b BINARY) TBLPROPERTIES ('primary-key'='id', 'bucket'='1', 'file.format'='avro');
INSERT INTO fa VALUES (1, 'a', TIMESTAMP '2026-01-01 00:00:00.123456', X'01FF'), (2, 'b', NULL, NULL);
INSERT INTO fa VALUES (1, 'a2', NULL, X''), (3, 'c', TIMESTAMP '1969-12-31 23:59:59.5', X'00');
DELETE FROM fa WHERE id = 2;
SELECT id, v, ts, hex(b) FROM fa ORDER BY id;
CALL sys.compact(table => 'fa');
SELECT file_format, level, record_count FROM `fa$files`;
SELECT id, v, ts, hex(b) FROM fa ORDER BY id;
SELECT id, v, ts, hex(b) FROM fa VERSION AS OF 1 ORDER BY id;
-- A table whose format changed reads files of every format; compaction rewrites them in the new one.
CREATE TABLE mx (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id', 'bucket'='1');
INSERT INTO mx VALUES (1, 'parquet'), (2, 'parquet');
ALTER TABLE mx SET TBLPROPERTIES ('file.format'='orc');
INSERT INTO mx VALUES (2, 'orc'), (3, 'orc');
ALTER TABLE mx SET TBLPROPERTIES ('file.format'='avro');
INSERT INTO mx VALUES (3, 'avro'), (4, 'avro');
SELECT file_format, record_count FROM `mx$files` ORDER BY file_format;
SELECT * FROM mx ORDER BY id;
CALL sys.compact(table => 'mx');
SELECT file_format, record_count FROM `mx$files`;
SELECT * FROM mx ORDER BY id;
CREATE TABLE bad (id BIGINT) TBLPROPERTIES ('file.format'='csv');
-- file.format.per.level: level-0 files in avro, compaction outputs on the top level in parquet.
CREATE TABLE pl (id BIGINT, v STRING) TBLPROPERTIES ('primary-key'='id', 'bucket'='1', 'file.format'='orc', 'file.format.per.level'='0:avro,3:parquet', 'num-levels'='4');
INSERT INTO pl VALUES (1, 'a'), (2, 'b');
SELECT level, file_format, record_count FROM `pl$files`;
CALL sys.compact(table => 'pl');
INSERT INTO pl VALUES (2, 'b2'), (3, 'c');
SELECT level, file_format, record_count FROM `pl$files` ORDER BY level;
SELECT * FROM pl ORDER BY id;
ALTER TABLE pl SET TBLPROPERTIES ('file.format.per.level'='0:csv');
CREATE TABLE bad_levels (id BIGINT) TBLPROPERTIES ('primary-key'='id', 'file.format.per.level'='0avro');
-- orc.* options reach the ORC writer; the rows read back alike.
CREATE TABLE ot (id BIGINT, s STRING) TBLPROPERTIES ('file.format'='orc', 'orc.bloom.filter.columns'='s', 'orc.stripe.size'='1048576', 'orc.compress.size'='8192', 'orc.write.batch-size'='16');
INSERT INTO ot SELECT id, CONCAT('s', id) FROM range(100);
SELECT count(*), min(s), max(s) FROM ot WHERE id >= 0;
