package io.strata.core.errors;

/**
 * The errors of metadata that cannot be decoded: JSON of schemas, snapshots and tags, Avro of
 * manifests. Readers wrap them in a {@code CorruptFileException} that names the file and the
 * repair; {@code what} names the document, e.g. {@code Snapshot}.
 */
public final class MetadataErrors {

  private MetadataErrors() {}

  // ---- JSON ----

  public static IllegalArgumentException emptyJson() {
    return new IllegalArgumentException("Empty JSON document.");
  }

  public static IllegalArgumentException malformedJson(String reason, Throwable cause) {
    return new IllegalArgumentException("Malformed JSON: " + reason, cause);
  }

  public static IllegalArgumentException missingKey(String what, String key) {
    return new IllegalArgumentException(what + " lacks the required key '" + key + "'.");
  }

  public static IllegalArgumentException notAnInteger(String what, String key, Object value) {
    return new IllegalArgumentException(
        what + " key '" + key + "' must be an integer, got " + value + ".");
  }

  public static IllegalArgumentException notAnObject(String what) {
    return new IllegalArgumentException(what + " must be an object.");
  }

  public static IllegalArgumentException unknownCommitKind(
      String what, String kind, Throwable cause) {
    return new IllegalArgumentException(what + " has an unknown commitKind '" + kind + "'.", cause);
  }

  public static IllegalArgumentException invalidTagCreateTime(String key, Object node) {
    return new IllegalArgumentException(
        key + " must be [y, M, d, h, m(, s(, nanos))], got " + node + ".");
  }

  public static IllegalArgumentException invalidTagTimeRetained(String key, Object node) {
    return new IllegalArgumentException(key + " must be a number, got " + node + ".");
  }

  // ---- Avro ----

  public static IllegalArgumentException missingAvroField(String record, String field) {
    return new IllegalArgumentException(
        "Avro record " + record + " lacks the required field " + field + ".");
  }

  public static IllegalArgumentException notAnAvroRecord(Object schema) {
    return new IllegalArgumentException("Expected an Avro record, got " + schema);
  }

  public static IllegalArgumentException unknownFileKind(int value) {
    return new IllegalArgumentException(
        "Unknown manifest entry _KIND " + value + ", expected 0 or 1.");
  }

  public static IllegalArgumentException unknownRowKind(String text) {
    return new IllegalArgumentException(
        "Unknown row kind " + text + ", expected +I, -U, +U or -D.");
  }

  public static IllegalArgumentException unknownRowKind(int value) {
    return new IllegalArgumentException(
        "Unknown _VALUE_KIND " + value + ", expected 0 (+I), 1 (-U), 2 (+U) or 3 (-D).");
  }
}
