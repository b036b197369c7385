-- Every Spark atomic type and nested types survive a write and a read.
CREATE TABLE atomic (
  b BOOLEAN, ti TINYINT, si SMALLINT, i INT, bi BIGINT, f FLOAT, d DOUBLE,
  dec_small DECIMAL(9, 2), dec_long DECIMAL(18, 4), dec_big DECIMAL(38, 10),
  s STRING, vc VARCHAR(10), c CHAR(5), bin BINARY,
  dt DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ);
DESCRIBE atomic;
INSERT INTO atomic VALUES (
  true, 127Y, 32767S, 2147483647, 9223372036854775807L, 3.4028234E38F, 1.7976931348623157E308D,
  1234567.89, 12345678901234.5678, 1234567890123456789012345678.0123456789,
  'héllo wörld ✓', 'varchar', 'ab', X'00FF10',
  DATE '2024-02-29', TIMESTAMP '2024-03-10 12:34:56.123456', TIMESTAMP_NTZ '2024-03-10 12:34:56.654321');
INSERT INTO atomic VALUES (
  false, -128Y, -32768S, -2147483648, -9223372036854775808L, -1.5F, -0.0D,
  -0.01, -99999999999999.9999, -9999999999999999999999999999.9999999999,
  '', '', '', X'',
  DATE '0001-01-01', TIMESTAMP '1969-12-31 23:59:59.999999', TIMESTAMP_NTZ '9999-12-31 23:59:59.999999');
INSERT INTO atomic VALUES (
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO atomic (d, f) VALUES (double('NaN'), float('Infinity')), (double('-Infinity'), float('NaN'));
SELECT b, ti, si, i, bi, f, d, dec_small, dec_long, dec_big, s, vc, c, hex(bin), dt, ts, ntz
FROM atomic ORDER BY i NULLS LAST, d;
SELECT length(c), length(vc), typeof(ts), typeof(ntz) FROM atomic WHERE i IS NOT NULL ORDER BY i;

-- The timestamp column is an instant: the session time zone changes how it prints, not NTZ.
SET spark.sql.session.timeZone=America/Los_Angeles;
SELECT ts, ntz FROM atomic WHERE i = 2147483647;
SET spark.sql.session.timeZone=UTC;

-- Nested types.
CREATE TABLE nested (
  id INT,
  arr ARRAY<INT>,
  arr_str ARRAY<STRING>,
  m MAP<STRING, BIGINT>,
  st STRUCT<a: INT, b: STRING, c: STRUCT<d: DOUBLE, e: ARRAY<DATE>>>,
  arr_st ARRAY<STRUCT<x: INT, y: STRING>>,
  map_arr MAP<INT, ARRAY<STRING>>,
  arr_arr ARRAY<ARRAY<BIGINT>>,
  m_dec MAP<STRING, DECIMAL(20, 3)>,
  arr_ts ARRAY<TIMESTAMP>,
  arr_bin ARRAY<BINARY>);
DESCRIBE nested;
INSERT INTO nested VALUES (
  1,
  array(1, 2, NULL, 4),
  array('a', NULL, ''),
  map('k1', 1L, 'k2', NULL),
  named_struct('a', 1, 'b', 'x', 'c', named_struct('d', 2.5D, 'e', array(DATE '2024-01-01', NULL))),
  array(named_struct('x', 1, 'y', 'one'), NULL, named_struct('x', NULL, 'y', NULL)),
  map(1, array('a', 'b'), 2, NULL),
  array(array(1L, 2L), array(), NULL),
  map('pi', 3.142BD, 'big', 12345678901234567.891BD),
  array(TIMESTAMP '2024-01-01 00:00:00.000001'),
  array(X'CAFE', NULL));
INSERT INTO nested VALUES (2, array(), array(), map(), named_struct('a', NULL, 'b', NULL, 'c', NULL),
  array(), map(), array(), map(), array(), array());
INSERT INTO nested VALUES (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT id, arr, arr_str, m, st, arr_st, map_arr, arr_arr, m_dec, arr_ts FROM nested ORDER BY id;
SELECT id, st.a, st.c.d, try_element_at(st.c.e, 1), try_element_at(arr, 2), m['k1'], try_element_at(map_arr[1], 2),
  size(arr_arr) FROM nested ORDER BY id;
SELECT id, transform(arr_bin, x -> hex(x)) FROM nested ORDER BY id;

-- Filters on nested fields.
SELECT id FROM nested WHERE st.a = 1;
SELECT id FROM nested WHERE array_contains(arr, 4);

-- Types in partition columns round-trip through partition values.
CREATE TABLE typed_parts (v STRING, pb BOOLEAN, pi INT, pbi BIGINT, pd DATE, pdec DECIMAL(10, 2),
  pts TIMESTAMP_NTZ, ps STRING)
PARTITIONED BY (pb, pi, pbi, pd, pdec, pts, ps);
INSERT INTO typed_parts VALUES
  ('one', true, -1, 10000000000, DATE '2024-01-02', 12.5, TIMESTAMP_NTZ '2024-01-02 03:04:05', 'a/b=c%d:e f');
SELECT * FROM typed_parts;
SELECT v FROM typed_parts WHERE ps = 'a/b=c%d:e f' AND pd = DATE '2024-01-02' AND pdec = 12.5;

-- CTAS keeps the types.
CREATE TABLE copy AS SELECT * FROM atomic;
DESCRIBE copy;
SELECT count(*) FROM (SELECT * FROM atomic EXCEPT ALL SELECT * FROM copy);
