package io.strata.core.types;

/** The root of every Paimon data type, as spelled in schema JSON. */
public enum DataTypeRoot {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INT,
  BIGINT,
  FLOAT,
  DOUBLE,
  DECIMAL,
  CHAR,
  VARCHAR,
  BINARY,
  VARBINARY,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMP_LTZ,
  ARRAY,
  MAP,
  ROW
}
