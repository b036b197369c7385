package io.strata.spark.procedures;

import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * One declared procedure parameter: name (Paimon's), Spark type, whether required, the SQL default
 * of an optional one (null = NULL), and a description.
 */
public record Param(
    String name, DataType type, boolean required, String defaultSql, String description) {

  public static Param required(String name, DataType type, String description) {
    return new Param(name, type, true, null, description);
  }

  public static Param optional(String name, DataType type, String description) {
    return new Param(name, type, false, "NULL", description);
  }

  public static Param table() {
    return required("table", DataTypes.StringType, "The table, as 'db.table' or 'table'.");
  }

  ProcedureParameter toSpark() {
    ProcedureParameter.Builder b = ProcedureParameter.in(name, type).comment(description);
    if (!required) {
      b.defaultValue(defaultSql);
    }
    return b.build();
  }
}
