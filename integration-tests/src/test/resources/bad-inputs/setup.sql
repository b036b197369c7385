-- Tables the bad inputs run against; every statement here must succeed.
CREATE TABLE a (id BIGINT, v STRING, dt STRING) PARTITIONED BY (dt);
INSERT INTO a VALUES (1, 'x', '2026-01-01'), (2, 'y', '2026-01-02');
INSERT INTO a VALUES (3, 'z', '2026-01-02');
ALTER TABLE a CREATE TAG v1 AS OF VERSION 1;
CREATE TABLE p (id BIGINT, v STRING, n INT) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '2');
INSERT INTO p VALUES (1, 'a', 1), (2, 'b', 2);
INSERT INTO p VALUES (1, 'c', 3);
CREATE TABLE small (id INT, b TINYINT, d DECIMAL(5, 2));
INSERT INTO small VALUES (1, 1, 1.00);
CREATE TABLE fr (id BIGINT, v STRING)
TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1', 'merge-engine' = 'first-row');
INSERT INTO fr VALUES (1, 'a');
CREATE TABLE gone (id INT);
INSERT INTO gone VALUES (1);
DROP TABLE gone;
