package io.strata.it;

/**
 * What one cell of the compatibility matrix did: {@code pass}, {@code known gap} (failed as
 * recorded, with the reason) or {@code FAIL}; {@code millis} is its run time.
 */
record MatrixResult(
    String dimension, String name, String direction, String result, String reason, long millis) {

  static final String PASS = "pass";
  static final String GAP = "known gap";
  static final String FAIL = "FAIL";

  /** One line of the results file (tab-separated, no tabs or line breaks in values). */
  String tsv() {
    return String.join(
        "\t", clean(dimension), clean(name), clean(direction), result, clean(reason), "" + millis);
  }

  private static String clean(String s) {
    return s.replace('\t', ' ').replace('\n', ' ');
  }
}
