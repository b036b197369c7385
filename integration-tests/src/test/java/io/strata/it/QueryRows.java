package io.strata.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** A query's answer as comparable strings, one per row. */
final class QueryRows {

  private QueryRows() {}

  /** The rows of {@code query}, each as {@link Row#toString()}, in the order Spark returns. */
  static List<String> of(SparkSession spark, String query) {
    List<String> out = new ArrayList<>();
    for (Row r : spark.sql(query).collectAsList()) {
      out.add(r.toString());
    }
    return out;
  }

  /** A sorted copy, to compare answers whose row order is not defined. */
  static List<String> sorted(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    copy.sort(null);
    return copy;
  }
}
