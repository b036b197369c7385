package io.strata.core.types;

import java.util.List;

/**
 * The columns in which a rewrite of a row-tracking table keeps each row's id and sequence number,
 * with Paimon 1.3.1's ids and names ({@code SpecialFields.ROW_ID}, {@code
 * SpecialFields.SEQUENCE_NUMBER}). Such a file lists them among its {@code writeCols}, after the
 * columns of its schema.
 */
public final class RowTrackingFields {

  public static final DataField ROW_ID = new DataField(2147483642, "_ROW_ID", DataTypes.BIGINT());

  public static final DataField SEQUENCE_NUMBER =
      new DataField(2147483646, "_SEQUENCE_NUMBER", DataTypes.BIGINT());

  public static final List<DataField> FIELDS = List.of(ROW_ID, SEQUENCE_NUMBER);

  private RowTrackingFields() {}

  /** The field named {@code name}, or null when it is none of them. */
  public static DataField named(String name) {
    for (DataField f : FIELDS) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
