-- Strata quick start. Run it with:  scripts/spark-sql -f examples/quickstart.sql
-- Tables are written under ./warehouse (or $STRATA_WAREHOUSE). Safe to rerun.

CREATE DATABASE IF NOT EXISTS demo;
USE demo;

-- An append table (no primary key), partitioned by day.
DROP TABLE IF EXISTS events;
CREATE TABLE IF NOT EXISTS events (
  id BIGINT,
  kind STRING,
  amount DECIMAL(10,2),
  dt STRING)
PARTITIONED BY (dt);

SHOW TABLES;
DESCRIBE TABLE events;

-- Each INSERT commits one snapshot.
INSERT INTO events VALUES
  (1, 'click', 0.00, '2024-01-01'),
  (2, 'purchase', 19.99, '2024-01-01'),
  (3, 'click', 0.00, '2024-01-02'),
  (4, 'purchase', 5.50, '2024-01-02');
INSERT INTO events VALUES (5, 'refund', -5.50, '2024-01-02');

SELECT * FROM events ORDER BY id;

-- A filter on the partition column reads only that partition.
SELECT id, kind, amount FROM events WHERE dt = '2024-01-02' ORDER BY id;

-- Filters on data columns, and an aggregate.
SELECT kind, count(*) AS n, sum(amount) AS total
FROM events
WHERE amount <> 0
GROUP BY kind
ORDER BY kind;

-- Replace one partition; 2024-01-01 is left as it was.
INSERT OVERWRITE events PARTITION (dt = '2024-01-02') VALUES (6, 'purchase', 42.00);
SELECT * FROM events ORDER BY id;
SELECT dt, count(*) AS n FROM events GROUP BY dt ORDER BY dt;

-- Every commit is a snapshot: two APPENDs, then the OVERWRITE.
SELECT snapshot_id, commit_kind, total_record_count, delta_record_count
FROM `events$snapshots` ORDER BY snapshot_id;

-- Time travel: the table as of its first snapshot, and a tag that keeps that version.
SELECT * FROM events VERSION AS OF 1 ORDER BY id;
CALL sys.create_tag(table => 'demo.events', tag => 'first_load', snapshot => 1);
SELECT tag_name, snapshot_id FROM `events$tags`;
