package io.strata.it;

/**
 * One cell of the compatibility matrix: what is crossed ({@code dimension} / {@code name}), which
 * way ({@code direction}), the check, and whether it is a known gap.
 */
record MatrixCell(String dimension, String name, String direction, Check check, KnownGap gap) {

  static final String STRATA_WRITES = "Strata writes, Paimon reads";
  static final String PAIMON_WRITES = "Paimon writes, Strata reads";
  static final String BOTH_WRITE = "both write, both read";
  static final String BYTES = "byte level, Strata vs Paimon";

  /** The check of a cell; it fails by throwing. */
  @FunctionalInterface
  interface Check {
    void run() throws Throwable;
  }

  /**
   * A cell that cannot pass today: it must fail with an error containing {@code errorContains}, and
   * {@code reason} goes into docs/compatibility.md. When the gap closes the cell fails until the
   * gap is removed, so the page never claims a gap that is gone.
   */
  record KnownGap(String reason, String errorContains) {}

  MatrixCell withGap(String reason, String errorContains) {
    return new MatrixCell(dimension, name, direction, check, new KnownGap(reason, errorContains));
  }

  String displayName() {
    return dimension + " / " + name + " / " + direction;
  }
}
