-- Schema evolution seed experiment: drop then re-add a column, rename a column, and read the rows
-- written under every schema version.
CREATE TABLE schema_demo (order_id BIGINT, status STRING, amount DECIMAL(10,2));

INSERT INTO schema_demo VALUES (1, 'NEW', 10.50), (2, 'PAID', 20.00);

ALTER TABLE schema_demo DROP COLUMN amount;

SELECT * FROM schema_demo ORDER BY order_id;

ALTER TABLE schema_demo ADD COLUMN amount DECIMAL(10,2);

-- Old rows read NULL for the re-added column: it has a new field id.
SELECT * FROM schema_demo ORDER BY order_id;

INSERT INTO schema_demo VALUES (3, 'NEW', 30.25);

ALTER TABLE schema_demo RENAME COLUMN status TO order_status;

-- The renamed column keeps the values written under its old name.
SELECT order_id, order_status, amount FROM schema_demo ORDER BY order_id;

SELECT * FROM schema_demo WHERE order_status = 'NEW' ORDER BY order_id;

SELECT * FROM schema_demo WHERE amount IS NULL ORDER BY order_id;

SELECT * FROM schema_demo WHERE amount > 30 ORDER BY order_id;

DESCRIBE TABLE schema_demo;

-- Four schema versions: create, drop, add, rename.
SELECT count(*) FROM `schema_demo$schemas`;

SELECT schema_id, fields FROM `schema_demo$schemas` ORDER BY schema_id;

-- Time travel reads an old snapshot with the schema it was written with.
SELECT * FROM schema_demo VERSION AS OF 1 ORDER BY order_id;
