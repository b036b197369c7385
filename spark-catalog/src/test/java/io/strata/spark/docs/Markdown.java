package io.strata.spark.docs;

import io.strata.core.types.DataType;
import io.strata.spark.SparkTypes;

/** Small Markdown pieces shared by the generated reference pages. */
public final class Markdown {

  /** The note under each generated page's title. */
  public static final String GENERATED =
      "<!-- Generated from the code's definitions by scripts/docs; do not edit by hand. -->\n\n";

  private Markdown() {}

  /** One table row; pipes inside cells are escaped. */
  public static String row(String... cells) {
    StringBuilder sb = new StringBuilder("|");
    for (String cell : cells) {
      sb.append(' ').append(cell == null ? "" : cell.replace("|", "\\|")).append(" |");
    }
    return sb.append('\n').toString();
  }

  /** A column type as Spark shows it, e.g. {@code BIGINT NOT NULL}. */
  public static String type(DataType type) {
    return SparkTypes.toSparkType(type).sql() + (type.nullable() ? "" : " NOT NULL");
  }
}
