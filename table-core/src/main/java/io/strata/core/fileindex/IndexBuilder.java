package io.strata.core.fileindex;

/** Builds one column's index of one type for one data file, fed the column's values row by row. */
interface IndexBuilder {

  /** The index type as the file-index head names it ({@code bloom-filter}, {@code bitmap}). */
  String type();

  /** The next row's value of the column; null for a null. */
  void add(Object value);

  /** The index's body, once every row is added. */
  byte[] body();
}
