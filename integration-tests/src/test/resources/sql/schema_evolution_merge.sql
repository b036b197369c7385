-- Schema merging of writes by name: spark.strata.write.merge-schema (or the DataFrame write
-- option mergeSchema) lets a write add the columns the table lacks.
CREATE TABLE m (id BIGINT, v INT);

INSERT INTO m VALUES (1, 10);

-- Without merging, Spark refuses the extra column.
INSERT INTO m BY NAME SELECT 2L AS id, 20 AS v, 'x' AS extra;

SET `spark.strata.write.merge-schema` = true;

-- Columns in any order, a new one at the end.
INSERT INTO m BY NAME SELECT 'x' AS extra, 20 AS v, 2L AS id;

-- A missing column reads NULL; a narrower type widens on write; a nested new struct.
INSERT INTO m BY NAME SELECT 3 AS id, named_struct('a', 1) AS s;

-- A wider type widens the table column.
INSERT INTO m BY NAME SELECT 4L AS id, 5000000000L AS v;

SELECT * FROM m ORDER BY id;

DESCRIBE TABLE m;

-- A new nested field of an existing struct.
INSERT INTO m BY NAME SELECT 5L AS id, named_struct('a', 2, 'b', 'bee') AS s;

SELECT id, s FROM m ORDER BY id;

-- Types that neither widen to the other.
INSERT INTO m BY NAME SELECT 6L AS id, 'text' AS v;

-- Writes by position are never merged: Spark still checks them.
INSERT INTO m VALUES (7, 70, 'y', named_struct('a', 3, 'b', 'c'), 'too many');

SELECT schema_id, fields FROM `m$schemas` ORDER BY schema_id;

SET `spark.strata.write.merge-schema` = false;

INSERT INTO m BY NAME SELECT 8L AS id, 80 AS other;
