package io.strata.it;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.paimon.schema.Schema;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A table of the compatibility matrix as both sides create it: Strata from Spark DDL, Paimon from
 * the same columns mapped to its types ({@link SparkToPaimon}).
 *
 * @param columns Spark DDL column list
 * @param partitionKeys partition columns, in order
 * @param options table options; {@code primary-key} among them makes a primary-key table
 */
record MatrixTable(String columns, List<String> partitionKeys, Map<String, String> options) {

  MatrixTable {
    options = Map.copyOf(options);
    partitionKeys = List.copyOf(partitionKeys);
  }

  static MatrixTable of(String columns, List<String> partitionKeys, String... optionPairs) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < optionPairs.length; i += 2) {
      options.put(optionPairs[i], optionPairs[i + 1]);
    }
    return new MatrixTable(columns, partitionKeys, options);
  }

  StructType sparkSchema() {
    return StructType.fromDDL(columns);
  }

  List<String> primaryKeys() {
    String keys = options.get("primary-key");
    return keys == null ? List.of() : List.of(keys.split(","));
  }

  boolean dynamicBucket() {
    return !primaryKeys().isEmpty() && "-1".equals(options.get("bucket"));
  }

  /** Strata's CREATE TABLE statement. */
  String createSql(String name) {
    StringBuilder sql = new StringBuilder("CREATE TABLE ").append(name).append(" (");
    sql.append(columns).append(')');
    if (!partitionKeys.isEmpty()) {
      sql.append(" PARTITIONED BY (").append(String.join(", ", partitionKeys)).append(')');
    }
    if (!options.isEmpty()) {
      sql.append(" TBLPROPERTIES (")
          .append(
              new java.util.TreeMap<>(options)
                  .entrySet().stream()
                      .map(e -> "'" + e.getKey() + "' = '" + e.getValue() + "'")
                      .collect(Collectors.joining(", ")))
          .append(')');
    }
    return sql.toString();
  }

  /** Paimon's schema of the same table. */
  Schema paimonSchema() {
    Schema.Builder builder = Schema.newBuilder();
    for (StructField f : sparkSchema().fields()) {
      builder.column(f.name(), SparkToPaimon.type(f));
    }
    builder.partitionKeys(partitionKeys);
    builder.primaryKey(primaryKeys());
    options.forEach(
        (k, v) -> {
          if (!k.equals("primary-key")) {
            builder.option(k, v);
          }
        });
    return builder.build();
  }
}
